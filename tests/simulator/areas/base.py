"""What an API area contributes to the simulator."""

from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, Tuple, Union

from fastapi import APIRouter, Request

from ..errors import ApiError, ErrorStyle
from ..state import FixtureFiller, SimulatorState


@dataclass(frozen=True)
class Area:
    """One area of the management API.

    `prefix` is the path prefix (or prefixes) whose requests (including unknown routes, faults
    and failed authentication) answer in `error_style`; `routers` carry the full paths; `fixture_fillers`
    complete the fixture lists the area owns, keyed by list name; `control_routers` add the area's
    own endpoints to the control API (paths under `/_sim/`), served beside it.
    """

    name: str
    prefix: Union[str, Tuple[str, ...]]
    error_style: ErrorStyle
    routers: Tuple[APIRouter, ...]
    fixture_fillers: Dict[str, FixtureFiller] = field(default_factory=dict)
    control_routers: Tuple[APIRouter, ...] = ()


def state_of(request: Request) -> SimulatorState:
    """The simulator state the request is served from."""
    return request.app.state.simulator


def find_record(records: Iterable[Dict[str, Any]], record_id: Any, not_found: str, key: str = "Id") -> Dict[str, Any]:
    """The record whose `key` is `record_id`; a 404 saying `not_found` when there is none."""
    for record in records:
        if record[key] == record_id:
            return record
    raise ApiError(404, not_found)
