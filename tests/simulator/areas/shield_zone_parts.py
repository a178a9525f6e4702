"""A Shield zone's configuration beyond the zone itself: API Guardian's settings and endpoints, bot categorization, upload scanning, custom pages, enumerations.

A zone keeps `botCategorization` (`{bots: {botId: action}, categories: {category: action}}` over
the simulator's catalogue of bots, BOTS), `uploadScanning` (`{isEnabled, csamScanningMode,
antivirusScanningMode}`) and `customPages` (page type to HTML); fixtures may give them. Bot
categorization is part of bot detection, which the Basic plan lacks: on a Basic-plan zone it is
refused with 403 in Shield's envelope. API Guardian's enumerations are the vendor's, by the names
its document gives their values (the access lists' are with the access lists).
"""

from typing import Any, Dict, List

from fastapi import APIRouter, Depends, Path, Request
from starlette.responses import Response

from ..auth import require_access_key
from ..errors import ApiError, shield_envelope
from ..ids import utc_now
from ..responses import json_response
from ..validation import JSON_OR_TEXT_JSON, documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import state_of
from .shield_store import PLAN_BASIC, find_zone

router = APIRouter(prefix="/shield/shield-zone/{shieldZoneId}", tags=["Shield zones"], dependencies=[Depends(require_access_key)])

UpdateGuardianRequest = vendor_request_model("shield", "UpdateApiGuardianConfigurationRequest")
UpdateGuardianEndpointRequest = vendor_request_model("shield", "UpdateApiGuardianEndpointRequest")
UpdateBotRequest = vendor_request_model("shield", "UpdateBotCategorizationConfigurationRequest")
UpdateCategoryRequest = vendor_request_model("shield", "UpdateBotCategoryConfigurationRequest")
UpdateUploadScanningRequest = vendor_request_model("shield", "UpdateUploadScanningConfigurationRequest")

# The simulator's catalogue of categorised bots: id, user agent match, BotCategory (1 SEO, 2 AIScraper,
# 3 AITool, 4 Tool, 5 Ads, 6 Preview, 7 Social), whether its requests can be verified.
BOTS = (
    (1, "Googlebot", 1, True), (2, "bingbot", 1, True), (3, "GPTBot", 2, True), (4, "ClaudeBot", 2, True), (5, "CCBot", 2, False),
    (6, "ChatGPT-User", 3, True), (7, "Perplexity-User", 3, False), (8, "curl", 4, False), (9, "python-requests", 4, False),
    (10, "AdsBot-Google", 5, True), (11, "Slackbot", 6, True), (12, "facebookexternalhit", 7, True), (13, "Twitterbot", 7, True),
)  # fmt: skip
BOT_CATEGORIES = range(8)
# The largest custom page the simulator keeps.
CUSTOM_PAGE_BYTES = 1024 * 1024
PAGE_TYPE = Path(pattern="^[A-Za-z0-9_-]{1,64}$", description="The page's type, such as block or challenge.")

# The vendor's enumerations, by name: each value (as text) with its name.
API_GUARDIAN_ENUMS = {
    "WAFExecutionMode": {"0": "Log", "1": "Block"},
    "WAFPayloadLimitAction": {"0": "Block", "1": "Log", "2": "Ignore"},
    "UnmatchedPathAction": {"0": "Block", "1": "Log", "2": "Ignore"},
    "ApiGuardianRateLimitType": {"Global": "Global", "IP": "IP"},
    "RateLimitTimeframe": {
        "1": "PerSecond",
        "10": "PerTenSeconds",
        "60": "PerOneMinute",
        "300": "PerFiveMinutes",
        "900": "PerFifteenMinutes",
        "3600": "PerOneHour",
    },
    "AuthSchemeType": {"ApiKey": "ApiKey", "Http": "Http", "OAuth2": "OAuth2", "OpenIdConnect": "OpenIdConnect"},
    "AuthLocation": {"Header": "Header", "Query": "Query", "Cookie": "Cookie"},
}


def ok() -> Dict[str, Any]:
    """Shield's GenericRequestResponse of a request that succeeded."""
    return shield_envelope(None)["error"]


# --- Enumerations ---------------------------------------------------------------------------------


@router.get("/api-guardian/enums")
async def api_guardian_enums(shieldZoneId: str):
    return json_response(API_GUARDIAN_ENUMS)


# --- API Guardian ---------------------------------------------------------------------------------


@router.patch("/api-guardian", openapi_extra=documented_body(UpdateGuardianRequest, JSON_OR_TEXT_JSON))
async def update_api_guardian(request: Request, shieldZoneId: int):
    """Turn API Guardian on or off and set how it acts; what the request leaves out stays."""
    wanted = (await read_body(request, UpdateGuardianRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_none=True)
    with state_of(request).lock:
        configuration = find_zone(request, shieldZoneId)["apiGuardian"]["configuration"]
        configuration.update(wanted)
        configuration["updatedAt"] = utc_now()
        return json_response(shield_envelope(configuration))


@router.patch("/api-guardian/endpoint/{endpointId}", openapi_extra=documented_body(UpdateGuardianEndpointRequest, JSON_OR_TEXT_JSON))
async def update_api_guardian_endpoint(request: Request, shieldZoneId: int, endpointId: int):
    wanted = (await read_body(request, UpdateGuardianEndpointRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_none=True)
    with state_of(request).lock:
        endpoints = find_zone(request, shieldZoneId)["apiGuardian"]["endpoints"]
        endpoint = next((endpoint for endpoint in endpoints if endpoint["apiGuardianEndpointId"] == endpointId), None)
        if endpoint is None:
            raise ApiError(404, f"The shield zone {shieldZoneId} has no API Guardian endpoint {endpointId}.", key="api_guardian.endpoint_not_found")
        parameters = wanted.pop("injectionDetectionParameters", None)
        if parameters is not None:
            available = endpoint["availableParameters"] or {}
            unknown = [name for kind, names in parameters.items() for name in names or [] if name not in available.get(kind, [])]
            if unknown:
                raise ApiError(400, f"The endpoint has no parameter {unknown[0]}.", key="api_guardian.unknown_parameter")
            endpoint["injectionDetectionParameters"] = parameters
        endpoint.update(wanted)
        endpoint["updatedAt"] = utc_now()
        return json_response(shield_envelope(endpoint))


# --- Bot categorization ---------------------------------------------------------------------------


def _categorizing_zone(request: Request, zone_id: int) -> Dict[str, Any]:
    zone = find_zone(request, zone_id)
    if zone["planType"] == PLAN_BASIC:
        raise ApiError(403, "Bot categorization is not available on the Basic plan.", key="invalid_plan_type.bot_categorization")
    return zone


def _bot(zone: Dict[str, Any], bot: tuple) -> Dict[str, Any]:
    bot_id, user_agent, category, verifiable = bot
    return {"botId": bot_id, "userAgentMatch": user_agent, "category": category,
            "action": zone["botCategorization"]["bots"].get(str(bot_id), 0), "isVerifiable": verifiable}  # fmt: skip


@router.get("/bot-categorization")
async def list_bot_categorization(request: Request, shieldZoneId: int):
    with state_of(request).lock:
        zone = _categorizing_zone(request, shieldZoneId)
        groups: List[Dict[str, Any]] = [
            {"category": category, "categoryAction": zone["botCategorization"]["categories"].get(str(category), 0),
             "bots": [_bot(zone, bot) for bot in BOTS if bot[2] == category]}
            for category in BOT_CATEGORIES
            if any(bot[2] == category for bot in BOTS)
        ]  # fmt: skip
        return json_response({"categories": groups, "error": ok()})


@router.put("/bot-categorization/bots/{botId}", openapi_extra=documented_body(UpdateBotRequest, JSON_OR_TEXT_JSON))
async def set_bot_action(request: Request, shieldZoneId: int, botId: int):
    """The action for one bot; 0 (None) clears it, so the bot's category decides."""
    wanted = await read_body(request, UpdateBotRequest, JSON_OR_TEXT_JSON)
    with state_of(request).lock:
        zone = _categorizing_zone(request, shieldZoneId)
        bot = next((bot for bot in BOTS if bot[0] == botId), None)
        if bot is None:
            raise ApiError(404, f"There is no categorised bot {botId}.", key="bot_categorization.bot_not_found")
        actions = zone["botCategorization"]["bots"]
        if wanted.action:
            actions[str(botId)] = wanted.action
        else:
            actions.pop(str(botId), None)
        return json_response({"data": _bot(zone, bot), "error": ok()})


@router.put("/bot-categorization/categories/{category}", openapi_extra=documented_body(UpdateCategoryRequest, JSON_OR_TEXT_JSON))
async def set_category_action(request: Request, shieldZoneId: int, category: int):
    wanted = await read_body(request, UpdateCategoryRequest, JSON_OR_TEXT_JSON)
    if category not in BOT_CATEGORIES:
        raise ApiError(400, f"{category} is not a bot category.", key="bot_categorization.invalid_category")
    with state_of(request).lock:
        actions = _categorizing_zone(request, shieldZoneId)["botCategorization"]["categories"]
        if wanted.action:
            actions[str(category)] = wanted.action
        else:
            actions.pop(str(category), None)
        return json_response({"data": {"category": category, "action": wanted.action}, "error": ok()})


# --- Upload scanning ------------------------------------------------------------------------------


def _upload_scanning(zone: Dict[str, Any]) -> Dict[str, Any]:
    return {"shieldZoneId": zone["shieldZoneId"], **zone["uploadScanning"]}


@router.get("/upload-scanning")
async def get_upload_scanning(request: Request, shieldZoneId: int):
    with state_of(request).lock:
        return json_response(shield_envelope(_upload_scanning(find_zone(request, shieldZoneId))))


@router.patch("/upload-scanning", openapi_extra=documented_body(UpdateUploadScanningRequest, JSON_OR_TEXT_JSON))
async def update_upload_scanning(request: Request, shieldZoneId: int):
    """The scanners' modes (0 Disabled, 1 Log, 2 Block) and the switch; the body's zone id, when sent, is the path's."""
    wanted = (await read_body(request, UpdateUploadScanningRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_none=True)
    if wanted.pop("shieldZoneId", shieldZoneId) not in (0, shieldZoneId):
        raise ApiError(400, "The body names another shield zone than the path.", key="upload_scanning.zone_mismatch")
    with state_of(request).lock:
        zone = find_zone(request, shieldZoneId)
        zone["uploadScanning"].update(wanted)
        return json_response(shield_envelope(_upload_scanning(zone)))


# --- Custom pages ---------------------------------------------------------------------------------


@router.get("/custom-page/{pageType}")
async def get_custom_page(request: Request, shieldZoneId: int, pageType: str = PAGE_TYPE):
    """The page's HTML as text, as the vendor's document types it."""
    with state_of(request).lock:
        page = find_zone(request, shieldZoneId)["customPages"].get(pageType)
    if page is None:
        raise ApiError(404, f"The shield zone {shieldZoneId} has no custom {pageType} page.", key="custom_page.not_found")
    return Response(page, media_type="text/plain")


@router.put("/custom-page/{pageType}", openapi_extra={"requestBody": {"required": True, "content": {"text/html": {"schema": {"type": "string"}}}}})
async def set_custom_page(request: Request, shieldZoneId: int, pageType: str = PAGE_TYPE):
    """The body is the page's HTML, kept as sent."""
    content = await request.body()
    if not content.strip():
        raise ApiError(400, "The custom page is empty.", key="custom_page.empty")
    if len(content) > CUSTOM_PAGE_BYTES:
        raise ApiError(400, "The custom page is larger than a megabyte.", key="custom_page.too_large")
    with state_of(request).lock:
        find_zone(request, shieldZoneId)["customPages"][pageType] = content.decode("utf-8", "replace")
    return json_response(ok())


@router.delete("/custom-page/{pageType}")
async def delete_custom_page(request: Request, shieldZoneId: int, pageType: str = PAGE_TYPE):
    with state_of(request).lock:
        pages = find_zone(request, shieldZoneId)["customPages"]
        if pages.pop(pageType, None) is None:
            raise ApiError(404, f"The shield zone {shieldZoneId} has no custom {pageType} page.", key="custom_page.not_found")
    return json_response(ok())
