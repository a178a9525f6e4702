"""What an API area contributes to the simulator."""

from dataclasses import dataclass, field
from typing import Dict

from fastapi import APIRouter

from ..errors import ErrorStyle
from ..state import FixtureFiller


@dataclass(frozen=True)
class Area:
    """One area of the management API.

    `prefix` is the path prefix whose requests (including unknown routes, faults and failed
    authentication) answer in `error_style`; `router` carries the full paths; `fixture_fillers`
    complete the fixture lists the area owns, keyed by list name.
    """

    name: str
    prefix: str
    error_style: ErrorStyle
    router: APIRouter
    fixture_fillers: Dict[str, FixtureFiller] = field(default_factory=dict)
