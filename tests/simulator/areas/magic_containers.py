"""Magic Containers: applications and their parts, container registries, the platform's regions, nodes and limits, log forwarding."""

from ..errors import MagicContainersStyle
from . import mc_app_parts, mc_apps, mc_platform, mc_registries
from .base import Area

AREA = Area(
    name="magic_containers",
    prefix="/mc",
    error_style=MagicContainersStyle(),
    # Routes are tried in order for every request: the most used first.
    routers=(mc_apps.router, mc_registries.router, mc_app_parts.router, mc_platform.router),
    fixture_fillers={"registries": mc_registries.fill_registries, "apps": mc_apps.fill_apps, "log_forwarding": mc_platform.fill_log_forwarding},
)
