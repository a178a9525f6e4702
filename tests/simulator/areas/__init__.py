"""The API areas the simulator serves. To add an area, write its module and list its AREA here."""

from . import magic_containers

AREAS = (magic_containers.AREA,)
