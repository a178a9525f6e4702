"""Stream video libraries under `/videolibrary`: the library record and its referrer lists.

Stored libraries are in the shape `GET /videolibrary/{id}` returns. The referrer operations take
the pull zones' hostname body and keep the lists the same way.
"""

import copy
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

# Every property of the vendor's VideoLibraryModel, in its order, at the value a new library reads
# back with. Ids, keys and dates are filled in per library; enums are the vendor's integers.
LIBRARY_DEFAULTS = {
    "Id": None,
    "Name": None,
    "VideoCount": 0,
    "TrafficUsage": 0,
    "StorageUsage": 0,
    "DateCreated": None,
    "DateModified": None,
    "ReplicationRegions": [],
    "ApiKey": None,
    "ReadOnlyApiKey": None,
    "HasWatermark": False,
    "WatermarkPositionLeft": 70,
    "WatermarkPositionTop": 70,
    "WatermarkWidth": 0,
    "PullZoneId": None,
    "StorageZoneId": None,
    "WatermarkHeight": 0,
    "EnabledResolutions": "240p,360p,480p,720p,1080p",
    "ViAiPublisherId": None,
    "VastTagUrl": None,
    "WebhookUrl": None,
    "CaptionsFontSize": 20,
    "CaptionsFontColor": "#fff",
    "CaptionsBackground": "",
    "UILanguage": "en",
    "AllowEarlyPlay": False,
    "PlayerTokenAuthenticationEnabled": False,
    "AllowedReferrers": [],
    "BlockedReferrers": [],
    "BlockNoneReferrer": False,
    "EnableMP4Fallback": False,
    "KeepOriginalFiles": True,
    "AllowDirectPlay": True,
    "EnableDRM": False,
    "DrmVersion": 0,
    "AppleFairPlayDrm": None,
    "GoogleWidevineDrm": None,
    "Bitrate240p": 600,
    "Bitrate360p": 800,
    "Bitrate480p": 1400,
    "Bitrate720p": 2800,
    "Bitrate1080p": 5000,
    "Bitrate1440p": 8000,
    "Bitrate2160p": 25000,
    "ApiAccessKey": None,
    "ShowHeatmap": False,
    "EnableContentTagging": True,
    "PullZoneType": 0,
    "CustomHTML": None,
    "Controls": "play-large,play,progress,current-time,mute,volume,captions,settings,pip,airplay,fullscreen",
    "PlaybackSpeeds": "0.5,0.75,1,1.25,1.5,1.75,2,4",
    "PlayerKeyColor": "#ff7755",
    "FontFamily": "rubik",
    "WatermarkVersion": 0,
    "EnableTranscribing": False,
    "EnableTranscribingTitleGeneration": False,
    "EnableTranscribingDescriptionGeneration": False,
    "EnableTranscribingChaptersGeneration": False,
    "EnableTranscribingMomentsGeneration": False,
    "TranscribingCaptionLanguages": [],
    "EnableCaptionsInPlaylist": False,
    "RememberPlayerPosition": False,
    "EnableMultiAudioTrackSupport": False,
    "UseSeparateAudioStream": False,
    "JitEncodingEnabled": False,
    "EncodingTier": 0,
    "OutputCodecs": "x264",
    "DrmBasePriceOverride": None,
    "DrmCostPerLicenseOverride": None,
    "TranscribingPriceOverride": None,
    "PremiumEncodingPriceOverride": None,
    "MonthlyChargesTranscribing": 0,
    "MonthlyChargesPremiumEncoding": 0,
    "MonthlyChargesEnterpriseDrm": 0,
    "FeatureFlags": None,
    "PlayerVersion": 1,
    "RemoveMetadataFromFallbackVideos": False,
    "ScaleVideoUsingBothDimensions": False,
    "ExposeOriginals": False,
    "ExposeVideoMetadata": False,
    "EnableCompactControls": False,
}


def _fill_library(library: Dict[str, Any]) -> Dict[str, Any]:
    library.setdefault("Name", f"library-{library['Id']}")
    library.setdefault("DateCreated", utc_now())
    library.setdefault("DateModified", library["DateCreated"])
    library.setdefault("ApiKey", new_guid())
    # The vendor keeps the deprecated ApiAccessKey equal to ApiKey.
    library.setdefault("ApiAccessKey", library["ApiKey"])
    library.setdefault("ReadOnlyApiKey", new_guid())
    library.setdefault("PullZoneId", new_numeric_id())
    library.setdefault("StorageZoneId", new_numeric_id())
    filled = {name: library[name] if name in library else copy.deepcopy(value) for name, value in LIBRARY_DEFAULTS.items()}
    filled.update(library)
    return filled


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
