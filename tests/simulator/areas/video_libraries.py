"""Stream video libraries under `/videolibrary`: list, add, read, update, delete, and the referrer lists.

Stored libraries are in the shape `GET /videolibrary/{id}` returns. The referrer operations take
the pull zones' hostname body and keep the lists the same way.

A library delivers through a pull zone of its own, which the platform creates with it (named
`vz-<library id>`, with `VideoLibraryId` set) and deletes with it. Token authentication is a
setting of that zone: the update model's `EnableTokenAuthentication` and
`EnableTokenIPVerification` set the zone's `ZoneSecurityEnabled` and
`ZoneSecurityIncludeHashRemoteIP`, and `ResetToken` gives it a new `ZoneSecurityKey`; the
library's read model has none of them. A fixture library without a `PullZoneId` gets such a zone
too.
"""

import copy
from datetime import datetime
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request

from ..auth import require_access_key
from ..errors import ApiError, LegacyStyle, field_error
from ..ids import new_guid, new_numeric_id, next_int_id, utc_now
from ..reports import DATE_FROM, DATE_TO, chart, chart_keys, report
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import Area, find_record, state_of
from .pull_zones import add_pull_zone, add_referrer_routes, hostname_index

INT32_MAX = 2**31 - 1
CreateRequest = vendor_request_model("core", "VideoLibraryCreateModel")
UpdateRequest = vendor_request_model("core", "VideoLibraryUpdateModel")
RESOLUTIONS = ("240p", "360p", "480p", "720p", "1080p", "1440p", "2160p")
# Update-model properties that set the library's pull zone rather than the library.
ZONE_SETTINGS = {"EnableTokenAuthentication": "ZoneSecurityEnabled", "EnableTokenIPVerification": "ZoneSecurityIncludeHashRemoteIP"}
# Smart generation needs transcripts: enabling any of these turns transcribing on, as the vendor documents.
GENERATION_SWITCHES = (
    "EnableTranscribingTitleGeneration", "EnableTranscribingDescriptionGeneration", "EnableTranscribingChaptersGeneration",
    "EnableTranscribingMomentsGeneration",
)  # fmt: skip
DECIMAL_PROPERTIES = (
    "DrmBasePriceOverride", "DrmCostPerLicenseOverride", "TranscribingPriceOverride", "PremiumEncodingPriceOverride",
    "MonthlyChargesTranscribing", "MonthlyChargesPremiumEncoding", "MonthlyChargesEnterpriseDrm",
)  # fmt: skip
# The largest image the live thumbnail and watermark uploads take, as the vendor documents it.
LIVE_IMAGE_BYTES = 10 * 1024 * 1024
# The image uploads take the image as the body; the vendor's document does not describe it.
IMAGE_BODY = {"requestBody": {"required": True, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}
# The player's and the transcriber's languages (the vendor's VideoLibraryLanguage): code, name,
# whether the player is translated into it, whether it can be transcribed, and how well.
LANGUAGES = (
    ("en", "English", True, True, 95), ("de", "German", True, True, 90), ("fr", "French", True, True, 90),
    ("es", "Spanish", True, True, 90), ("it", "Italian", True, True, 85), ("pt", "Portuguese", True, True, 85),
    ("nl", "Dutch", True, True, 85), ("pl", "Polish", True, True, 80), ("sl", "Slovenian", True, True, 70),
    ("ja", "Japanese", True, True, 80), ("zh", "Chinese", True, True, 80), ("ar", "Arabic", False, True, 70),
)  # fmt: skip
# Update-model properties the read model has no place for: accepted, not kept.
UNKEPT = ("ResetToken", "AppleFairPlayDrm", "GoogleWidevineDrm")

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
    "MonthlyChargesTranscribing": 0.0,
    "MonthlyChargesPremiumEncoding": 0.0,
    "MonthlyChargesEnterpriseDrm": 0.0,
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
    # Decimals in the vendor's model: JSON numbers with a fraction part, whatever the fixture gave.
    for name in DECIMAL_PROPERTIES:
        if filled[name] is not None:
            filled[name] = float(filled[name])
    return filled


def fill_video_libraries(libraries: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    next_id = next_int_id(library["Id"] for library in libraries if isinstance(library.get("Id"), int))
    for library in libraries:
        if "Id" not in library:
            library["Id"] = next_id
            next_id += 1
        if "PullZoneId" not in library:
            library["PullZoneId"] = _add_library_zone(state, library["Id"])["Id"]
    return [_fill_library(library) for library in libraries]


def _add_library_zone(state: SimulatorState, library_id: int) -> Dict[str, Any]:
    return add_pull_zone(state, f"vz-{library_id}", VideoLibraryId=library_id)


def _find_library(state: SimulatorState, library_id: int) -> Dict[str, Any]:
    return find_record(state.video_libraries, library_id, f"The video library {library_id} was not found.")


def _library_zone(state: SimulatorState, library: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    return next((zone for zone in state.pull_zones if zone["Id"] == library["PullZoneId"]), None)


def _refuse(field: str, message: str) -> None:
    raise ApiError(400, message, errors=[field_error(field, message)], key="videolibrary.validation")


def _check_resolutions(value: Optional[str]) -> None:
    if value is None:
        return
    given = [item.strip() for item in value.split(",") if item.strip()]
    if not given:
        _refuse("EnabledResolutions", "At least one resolution has to be enabled.")
    unknown = [item for item in given if item not in RESOLUTIONS]
    if unknown:
        _refuse("EnabledResolutions", f"Unknown resolution {unknown[0]}; possible values: {', '.join(RESOLUTIONS)}.")


def _apply_settings(state: SimulatorState, library: Dict[str, Any], settings: Dict[str, Any]) -> None:
    """Set what the request gives (nulls leave a property as it is), with the side effects the vendor documents."""
    _check_resolutions(settings.get("EnabledResolutions"))
    zone = _library_zone(state, library)
    for name, value in settings.items():
        if value is None or name in UNKEPT:
            continue
        if name in ZONE_SETTINGS:
            if zone is not None:
                zone[ZONE_SETTINGS[name]] = value
        elif name in LIBRARY_DEFAULTS:
            library[name] = value
    if settings.get("ResetToken") and zone is not None:
        zone["ZoneSecurityKey"] = new_guid()
    if library["AllowEarlyPlay"]:
        # Early play serves the originals, so enabling it exposes them.
        library["ExposeOriginals"] = True
    if any(library[name] for name in GENERATION_SWITCHES):
        library["EnableTranscribing"] = True


# Declared before /{id}, which would otherwise take "languages" for a library id.
@router.get("/languages")
async def list_languages():
    return json_response(
        [
            {"ShortCode": code, "Name": name, "SupportPlayerTranslation": player, "SupportTranscribing": transcribing, "TranscribingAccuracy": accuracy}
            for code, name, player, transcribing, accuracy in LANGUAGES
        ]
    )


@router.get("")
async def list_video_libraries(
    request: Request,
    page: int = Query(default=0, ge=0, le=INT32_MAX),
    per_page: int = Query(default=1000, alias="perPage", ge=5, le=1000),
    search: Optional[str] = None,
):
    """Page 0 (the default) answers every library as a plain array, a page from 1 on the vendor's paged object.

    The search term matches the library names, without regard to case.
    """
    state = state_of(request)
    needle = search.lower() if search else None
    with state.lock:
        libraries = [copy.deepcopy(library) for library in state.video_libraries if needle is None or needle in library["Name"].lower()]
    if page == 0:
        return json_response(libraries)
    start = (page - 1) * per_page
    return json_response(
        {"Items": libraries[start : start + per_page], "CurrentPage": page, "TotalItems": len(libraries), "HasMoreItems": start + per_page < len(libraries)}
    )


@router.post("", openapi_extra=documented_body(CreateRequest))
async def add_video_library(request: Request):
    body = (await read_body(request, CreateRequest)).model_dump(exclude_none=True)
    state = state_of(request)
    with state.lock:
        _check_resolutions(body.get("EnabledResolutions"))
        library_id = next_int_id(library["Id"] for library in state.video_libraries)
        library = _fill_library({"Id": library_id, "Name": body["Name"], "PullZoneId": _add_library_zone(state, library_id)["Id"]})
        _apply_settings(state, library, body)
        state.video_libraries.append(library)
        return json_response(library, 201)


@router.get("/{id}")
async def get_video_library(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        return json_response(_find_library(state, id))


@router.post("/{id}", openapi_extra=documented_body(UpdateRequest))
async def update_video_library(request: Request, id: int):
    """Only the properties sent change; the answer is the whole library."""
    body = (await read_body(request, UpdateRequest)).model_dump(exclude_none=True)
    state = state_of(request)
    with state.lock:
        library = _find_library(state, id)
        changed = copy.deepcopy(library)
        _apply_settings(state, changed, body)
        changed["DateModified"] = utc_now()
        library.update(changed)
        return json_response(library)


@router.delete("/{id}")
async def delete_video_library(request: Request, id: int):
    """Delete the library and the pull zone it delivers through."""
    state = state_of(request)
    with state.lock:
        library = _find_library(state, id)
        state.video_libraries.remove(library)
        zone = _library_zone(state, library)
        if zone is not None:
            hostname_index(state).remove_zone(zone)
    return empty_response(204)


add_referrer_routes(router, _find_library, success_status=200, stamp_field="DateModified")


async def _image(request: Request, required: bool) -> bytes:
    content = await request.body()
    if len(content) > LIVE_IMAGE_BYTES:
        raise ApiError(413, f"The image is larger than {LIVE_IMAGE_BYTES // (1024 * 1024)} MB.")
    if required and not content:
        raise ApiError(400, "The request body is empty; send the image.")
    return content


@router.put("/{id}/watermark", openapi_extra=IMAGE_BODY)
async def add_watermark(request: Request, id: int):
    """The player's watermark: the library reads HasWatermark and a new WatermarkVersion."""
    await _image(request, required=False)
    state = state_of(request)
    with state.lock:
        library = _find_library(state, id)
        library.update(HasWatermark=True, WatermarkVersion=library["WatermarkVersion"] + 1, DateModified=utc_now())
    return empty_response(204)


@router.delete("/{id}/watermark")
async def delete_watermark(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        library = _find_library(state, id)
        library.update(HasWatermark=False, DateModified=utc_now())
    return empty_response(204)


def _live_image_routes(kind: str) -> None:
    """The live stream's thumbnail and watermark: checked as the vendor documents, and held by no read model of these documents."""

    async def upload_live_image(request: Request, id: int):
        await _image(request, required=True)
        state = state_of(request)
        with state.lock:
            _find_library(state, id)
        return empty_response(204)

    async def delete_live_image(request: Request, id: int):
        state = state_of(request)
        with state.lock:
            _find_library(state, id)
        return empty_response(204)

    router.add_api_route(f"/{{id}}/live/{kind}", upload_live_image, methods=["PUT"], name=f"add_live_{kind}", openapi_extra=IMAGE_BODY)
    router.add_api_route(f"/{{id}}/live/{kind}", delete_live_image, methods=["DELETE"], name=f"delete_live_{kind}")


_live_image_routes("thumbnail")
_live_image_routes("watermark")


@router.post("/{id}/resetApiKey")
async def reset_api_key(request: Request, id: int):
    """A new API key; the deprecated ApiAccessKey follows it, as the vendor keeps the two equal."""
    state = state_of(request)
    with state.lock:
        library = _find_library(state, id)
        library["ApiKey"] = library["ApiAccessKey"] = new_guid()
    return empty_response(204)


@router.post("/{id}/resetReadOnlyApiKey")
async def reset_read_only_api_key(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        _find_library(state, id)["ReadOnlyApiKey"] = new_guid()
    return empty_response(204)


# The vendor's statistics of a library cover the last 14 days unless a range is given.
LIBRARY_STATISTICS_DAYS = 14


@router.get("/{id}/transcribing/statistics")
async def transcribing_statistics(request: Request, id: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO):
    keys = chart_keys(date_from, date_to, default_days=LIBRARY_STATISTICS_DAYS)
    state = state_of(request)
    with state.lock:
        _find_library(state, id)
        return json_response(report(state, request.url.path, {"TotalTranscriptionSeconds": 0, "TranscriptionSecondsChart": chart(keys, 0.0)}))


@router.get("/{id}/drm/statistics")
async def drm_statistics(request: Request, id: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO):
    keys = chart_keys(date_from, date_to, default_days=LIBRARY_STATISTICS_DAYS)
    state = state_of(request)
    with state.lock:
        _find_library(state, id)
        return json_response(report(state, request.url.path, {"TotalLicensesIssued": 0, "LicensesIssuedChart": chart(keys, 0.0)}))


AREA = Area(
    name="video_libraries", prefix="/videolibrary", error_style=LegacyStyle(), routers=(router,), fixture_fillers={"video_libraries": fill_video_libraries}
)
