"""Magic Containers: applications, their container templates, and container registries."""

from ..errors import MagicContainersStyle
from . import mc_apps, mc_registries
from .base import Area

AREA = Area(
    name="magic_containers",
    prefix="/mc",
    error_style=MagicContainersStyle(),
    routers=(mc_apps.router, mc_registries.router),
    fixture_fillers={"registries": mc_registries.fill_registries, "apps": mc_apps.fill_apps},
)
