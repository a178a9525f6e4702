"""Magic Containers: applications, their container templates, and container registries."""

from fastapi import APIRouter

from ..errors import MagicContainersStyle
from . import mc_apps, mc_registries
from .base import Area

router = APIRouter()
router.include_router(mc_apps.router)
router.include_router(mc_registries.router)

AREA = Area(
    name="magic_containers",
    prefix="/mc",
    error_style=MagicContainersStyle(),
    router=router,
    fixture_fillers={"registries": mc_registries.fill_registries, "apps": mc_apps.fill_apps},
)
