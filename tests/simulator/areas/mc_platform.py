"""Magic Containers' account-wide operations: limits, nodes, regions, and log forwarding.

The regions and nodes are samples of the platform's: the nodes' addresses are in the
documentation range 198.51.100.0/24, so nothing real is ever named. The limits follow the
document's own bounds where it gives them (a volume of at most 100 GB, at most 1000 instances)
and are otherwise the simulator's; a fixture's report at `/mc/limits` overrides them. Log
forwarding keeps one configuration per application, as the vendor's paths (by application id)
have it; a fixture lists them under `log_forwarding`.
"""

from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request

from ..auth import require_access_key
from ..errors import ApiError, invalid
from ..ids import new_guid, utc_now
from ..pagination import cursor_page
from ..reports import report
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import JSON_OR_TEXT_JSON, documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import state_of

router = APIRouter(prefix="/mc", tags=["Platform"], dependencies=[Depends(require_access_key)])

# Id, name, group, anycast support, capacity: every property of the vendor's Region.
REGIONS = (
    ("DE", "Frankfurt", "Europe", True, True), ("UK", "London", "Europe", True, True), ("SE", "Stockholm", "Europe", False, True),
    ("NY", "New York", "North America", True, True), ("LA", "Los Angeles", "North America", True, True),
    ("SG", "Singapore", "Asia", True, True), ("JP", "Tokyo", "Asia", False, True), ("SYD", "Sydney", "Oceania", False, True),
    ("BR", "Sao Paulo", "South America", False, True), ("JH", "Johannesburg", "Africa", False, False),
)  # fmt: skip
NODES = tuple(f"198.51.100.{number}" for number in range(10, 30))
LogForwardingRequest = vendor_request_model("magic_containers", "CreateLogForwardingRequest")
# What the vendor's configurations name as their product.
LOG_PRODUCT = "magic-containers"


def _region(code: str, name: str, group: str, anycast: bool, capacity: bool) -> Dict[str, Any]:
    return {"id": code, "name": name, "group": group, "hasAnycastSupport": anycast, "hasCapacity": capacity}


@router.get("/limits")
async def limits(request: Request):
    state = state_of(request)
    with state.lock:
        empty = {
            "maxNumberOfApplications": 100, "existingNumberOfApplications": len(state.apps), "maxNumberOfRegionsPerApplication": len(REGIONS),
            "maxNumberOfInstancesPerRegion": 1000, "maxNumberOfInstancesPerApplication": 1000, "maxNumberOfVolumesPerApplication": 10,
            "maxVolumeSize": 100,
        }  # fmt: skip
        return json_response(report(state, request.url.path, empty))


@router.get("/nodes")
async def list_nodes(next_cursor: Optional[str] = Query(default=None, alias="nextCursor"), limit: int = Query(default=20, ge=1, le=1000)):
    page = cursor_page([{"address": address} for address in NODES], next_cursor, limit)
    return json_response({**page, "items": [item["address"] for item in page["items"]]})


@router.get("/nodes/plain")
async def list_node_addresses():
    return json_response(list(NODES))


@router.get("/regions")
async def list_regions(next_cursor: Optional[str] = Query(default=None, alias="nextCursor"), limit: int = Query(default=20, ge=1, le=1000)):
    return json_response(cursor_page([_region(*region) for region in REGIONS], next_cursor, limit))


@router.get("/regions/optimal")
async def optimal_region(cdnServerToken: Optional[str] = None):
    """The simulator has no users' locations: the optimal base region is its first, whatever server token is given."""
    return json_response({"region": _region(*REGIONS[0])})


# --- Log forwarding -------------------------------------------------------------------------------


def _configuration(given: Dict[str, Any]) -> Dict[str, Any]:
    """A configuration in the vendor's LogForwardingConfiguration order, with what it leaves out filled in."""
    return {
        "id": given.get("id") or new_guid(), "app": given["app"], "productId": given.get("productId", LOG_PRODUCT),
        "type": given.get("type", "SyslogUdp"), "endpoint": given.get("endpoint", ""), "port": given.get("port", 514),
        "createdAt": given.get("createdAt") or utc_now(), "token": given.get("token") or "", "format": given.get("format", "SyslogRfc5424"),
        "enabled": given.get("enabled", True),
    }  # fmt: skip


def fill_log_forwarding(configurations: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    return [_configuration(given) for given in configurations]


def _find_configuration(state: SimulatorState, app_id: str) -> Dict[str, Any]:
    for configuration in state.log_forwarding:
        if configuration["app"] == app_id:
            return configuration
    raise ApiError(404, f"Application '{app_id}' has no log forwarding configuration.")


async def _read_request(request: Request, state: SimulatorState) -> Dict[str, Any]:
    wanted = (await read_body(request, LogForwardingRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_none=True)
    if not 1 <= wanted["port"] <= 65535:
        raise invalid("port", "The port must be between 1 and 65535.")
    with state.lock:
        if not any(app["id"] == wanted["app"] for app in state.apps):
            raise invalid("app", f"The account has no application '{wanted['app']}'.")
    return wanted


@router.get("/log/forwarding")
async def list_log_forwarding(request: Request):
    state = state_of(request)
    with state.lock:
        return json_response({"items": [dict(configuration) for configuration in state.log_forwarding]})


@router.post("/log/forwarding", status_code=201, openapi_extra=documented_body(LogForwardingRequest, JSON_OR_TEXT_JSON))
async def create_log_forwarding(request: Request):
    state = state_of(request)
    wanted = await _read_request(request, state)
    with state.lock:
        if any(configuration["app"] == wanted["app"] for configuration in state.log_forwarding):
            raise invalid("app", f"Application '{wanted['app']}' already forwards its logs; update that configuration.")
        configuration = _configuration(wanted)
        state.log_forwarding.append(configuration)
        return json_response(configuration, 201)


@router.get("/log/forwarding/{appId}")
async def get_log_forwarding(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        return json_response(dict(_find_configuration(state, appId)))


@router.put("/log/forwarding/{appId}", openapi_extra=documented_body(LogForwardingRequest, JSON_OR_TEXT_JSON))
async def update_log_forwarding(request: Request, appId: str):
    """Replace the configuration; the body names the same application as the path."""
    state = state_of(request)
    wanted = await _read_request(request, state)
    if wanted["app"] != appId:
        raise invalid("app", "The body names another application than the path.")
    with state.lock:
        configuration = _find_configuration(state, appId)
        configuration.update(_configuration({**wanted, "id": configuration["id"], "createdAt": configuration["createdAt"]}))
        return json_response(dict(configuration))


@router.delete("/log/forwarding/{appId}")
async def delete_log_forwarding(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        state.log_forwarding.remove(_find_configuration(state, appId))
    return empty_response(204)
