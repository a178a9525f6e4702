"""The API areas the simulator serves. To add an area, write its module and list its AREA here."""

from . import account, databases, dns_zones, edge_scripts, magic_containers, pull_zones, shield, storage_zones, stream, team, video_libraries

AREAS = (
    magic_containers.AREA,
    edge_scripts.AREA,
    pull_zones.AREA,
    pull_zones.PURGE_AREA,
    video_libraries.AREA,
    shield.AREA,
    dns_zones.AREA,
    storage_zones.AREA,
    storage_zones.FILES_AREA,
    account.AREA,
    stream.AREA,
    databases.AREA,
    team.AREA,
)
