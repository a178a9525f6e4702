"""Stream video libraries under `/videolibrary`: the library record and its referrer lists.

Stored libraries are in the shape `GET /videolibrary/{id}` returns. The referrer operations take
the pull zones' hostname body and keep the lists the same way.
"""

from typing import Any, Dict, List

from fastapi import APIRouter, Depends, Request

from ..auth import require_access_key
from ..errors import LegacyStyle
from ..ids import new_guid, new_numeric_id, next_int_id, utc_now
from ..responses import json_response
from ..state import SimulatorState
from .base import Area, find_record, state_of
from .pull_zones import add_referrer_routes

router = APIRouter(prefix="/videolibrary", tags=["Video libraries"], dependencies=[Depends(require_access_key)])

# The settings of the vendor's VideoLibraryModel that a fixture most likely cares about, at their defaults.
LIBRARY_DEFAULTS = {
    "VideoCount": 0,
    "TrafficUsage": 0,
    "StorageUsage": 0,
    "ReplicationRegions": [],
    "HasWatermark": False,
    "EnabledResolutions": "240p,360p,480p,720p,1080p",
    "WebhookUrl": None,
    "PlayerTokenAuthenticationEnabled": False,
    "BlockNoneReferrer": False,
    "EnableMP4Fallback": False,
    "KeepOriginalFiles": True,
    "AllowDirectPlay": True,
    "EnableDRM": False,
    "UILanguage": "en",
}
LIBRARY_FIELDS = ("Id", "Name", "VideoCount", "TrafficUsage", "StorageUsage", "DateCreated", "DateModified", "ReplicationRegions", "ApiKey", "ReadOnlyApiKey")


def _fill_library(library: Dict[str, Any]) -> Dict[str, Any]:
    library.setdefault("Name", f"library-{library['Id']}")
    library.setdefault("DateCreated", utc_now())
    library.setdefault("DateModified", library["DateCreated"])
    library.setdefault("ApiKey", new_guid())
    library.setdefault("ReadOnlyApiKey", new_guid())
    library.setdefault("PullZoneId", new_numeric_id())
    library.setdefault("StorageZoneId", new_numeric_id())
    library.setdefault("AllowedReferrers", [])
    library.setdefault("BlockedReferrers", [])
    for name, value in LIBRARY_DEFAULTS.items():
        library.setdefault(name, list(value) if isinstance(value, list) else value)
    ordered = {name: library[name] for name in LIBRARY_FIELDS}
    ordered.update(library)
    return ordered


def fill_video_libraries(libraries: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    next_id = next_int_id(library["Id"] for library in libraries if isinstance(library.get("Id"), int))
    for library in libraries:
        if "Id" not in library:
            library["Id"] = next_id
            next_id += 1
    return [_fill_library(library) for library in libraries]


def _find_library(state: SimulatorState, library_id: int) -> Dict[str, Any]:
    return find_record(state.video_libraries, library_id, f"The video library {library_id} was not found.")


@router.get("/{id}")
async def get_video_library(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        return json_response(_find_library(state, id))


add_referrer_routes(router, _find_library, success_status=200, stamp_field="DateModified")


AREA = Area(name="video_libraries", prefix="/videolibrary", error_style=LegacyStyle(), router=router, fixture_fillers={"video_libraries": fill_video_libraries})
