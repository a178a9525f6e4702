"""Shield zones: the zone itself, API Guardian, bot detection and access lists.

A stored zone holds every property of the vendor's ShieldZoneResponse, plus `apiGuardian` and
`botDetection` (the `data` of their reads), `accessLists` (`{custom, managed}`, see
shield_access_lists.py) and `wafRules` and `rateLimits` (see shield_rules.py). `planType` is the
vendor's ShieldPlanType (0 Basic, 1 Advanced, 2 Business, 3 Enterprise); bot detection is not part
of the Basic plan, and the plan sets the zone's limits (PLAN_LIMITS).

The Shield API has no delete for a zone: a zone, once created for a pull zone, stays.
"""

import copy
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Request
from pydantic import Field
from typing_extensions import Annotated

from ..auth import require_access_key
from ..errors import ApiError, ShieldStyle, invalid, shield_envelope
from ..ids import next_int_id, utc_now
from ..responses import json_response
from ..state import SimulatorState
from ..validation import JSON_OR_TEXT_JSON, ContractModel, documented_body, read_body
from ..vendor_models import vendor_request_model
from . import shield_access_lists, shield_catalogue, shield_reports, shield_rules, shield_zone_parts
from .base import Area, state_of
from .shield_openapi import NotOpenApi, parse_specification
from .shield_store import LIST_LIMIT_NAMES, PLAN_ADVANCED, PLAN_BASIC, ZONE_LIMIT_NAMES, find_zone, limit, shield_page, zone_of_pull_zone

router = APIRouter(prefix="/shield/shield-zone/{shieldZoneId}", tags=["Shield zones"], dependencies=[Depends(require_access_key)])
zones_router = APIRouter(tags=["Shield zones"], dependencies=[Depends(require_access_key)])

# Every property of the vendor's ShieldZoneResponse but the ids, the plan and its limits, at the
# value a new zone reads back with (enums are the vendor's integers).
ZONE_DEFAULTS = {
    "learningMode": False,
    "learningModeUntil": None,
    "wafEnabled": True,
    "wafExecutionMode": 0,
    "wafDisabledRules": [],
    "wafLogOnlyRules": [],
    "wafCustomRuleOrder": [],
    "wafRequestHeaderLoggingEnabled": True,
    "requestBodyLoggingEnabled": False,
    "wafRequestIgnoredHeaders": ["Cookie", "Authorization", "Signature", "Credential", "AccessKey"],
    "wafRealtimeThreatIntelligenceEnabled": False,
    "wafProfileId": None,
    "wafEngineConfig": [],
    "wafRequestBodyLimitAction": 1,
    "wafResponseBodyLimitAction": 2,
    "dDoSShieldSensitivity": 1,
    "dDoSExecutionMode": 1,
    "dDoSChallengeWindow": 3600,
    "whitelabelResponsePages": False,
}
# The settings of the vendor's ShieldZoneRequest, which create and update take and answer with.
ZONE_REQUEST_SETTINGS = (
    "planType", "learningMode", "learningModeUntil", "wafEnabled", "wafExecutionMode", "wafDisabledRules", "wafLogOnlyRules",
    "wafCustomRuleOrder", "wafRequestHeaderLoggingEnabled", "requestBodyLoggingEnabled", "wafRequestIgnoredHeaders",
    "wafRealtimeThreatIntelligenceEnabled", "wafProfileId", "wafEngineConfig", "wafRequestBodyLimitAction",
    "wafResponseBodyLimitAction", "dDoSShieldSensitivity", "dDoSChallengeWindow", "whitelabelResponsePages",
)  # fmt: skip
# Kept with the zone but not part of its read.
ZONE_PARTS = (
    "apiGuardian", "botDetection", "accessLists", "wafRules", "rateLimits", "limits", "botCategorization", "uploadScanning", "customPages",
)  # fmt: skip
# The per-zone limits API Guardian reports; the contract does not give their values.
GUARDIAN_LIMITS = {"maxEndpoints": 500, "maxFieldsPerType": 100, "maxNestingDepth": 10, "maxTotalSchemaNodes": 10000, "maxTotalRegexLength": 10000}
BOT_DETECTION_DEFAULTS = {
    "requestIntegrity": {"sensitivity": 1},
    "ipAddress": {"sensitivity": 1},
    "browserFingerprint": {"sensitivity": 1, "aggression": 1, "complexEnabled": False},
    "executionMode": 0,
}

Sensitivity = Annotated[int, Field(ge=0, le=3, description="0 Off, 1 Low, 2 Medium, 3 High")]


class UpsertOpenApiSpecificationRequest(ContractModel):
    content: Optional[str] = None
    enforceAuthorizationValidation: Optional[bool] = None


class SensitivitySetting(ContractModel):
    sensitivity: Optional[Sensitivity] = None


class BrowserFingerprintSetting(ContractModel):
    sensitivity: Optional[Sensitivity] = None
    aggression: Optional[Annotated[int, Field(ge=0, le=4, description="0 Unknown, 1 Low, 2 Medium, 3 High, 4 Custom")]] = None
    complexEnabled: Optional[bool] = None


class UpdateBotDetectionRequest(ContractModel):
    shieldZoneId: Optional[int] = None
    executionMode: Optional[Annotated[int, Field(ge=0, le=1, description="0 LogOnly, 1 Challenge")]] = None
    requestIntegrity: Optional[SensitivitySetting] = None
    ipAddress: Optional[SensitivitySetting] = None
    browserFingerprint: Optional[BrowserFingerprintSetting] = None


def _guardian_configuration(zone_id: int, given: Dict[str, Any]) -> Dict[str, Any]:
    created = given.get("createdAt") or utc_now()
    return {
        "shieldZoneId": zone_id,
        "isEnabled": False,
        "executionMode": 0,
        "bodyLimitAction": 0,
        "unmatchedPathAction": 1,
        "title": None,
        "version": None,
        **GUARDIAN_LIMITS,
        **given,
        "createdAt": created,
        "updatedAt": given.get("updatedAt"),
    }


def _guardian_endpoint(zone_id: int, endpoint_id: int, given: Dict[str, Any]) -> Dict[str, Any]:
    created = given.get("createdAt") or utc_now()
    no_parameters = {"Path": [], "Query": [], "Header": [], "Cookie": []}
    return {
        "apiGuardianEndpointId": endpoint_id,
        "shieldZoneId": zone_id,
        "requestMethod": "GET",
        "requestPath": "/",
        "validateRequestBodySchema": given.get("requestBodySchemaYaml") is not None,
        "validateResponseBodySchema": False,
        "validateAuthorization": False,
        "isEnabled": True,
        "authSchemes": [],
        "requestBodySchemaYaml": None,
        "responseBodySchemasYaml": {},
        "availableParameters": no_parameters,
        "injectionDetectionParameters": copy.deepcopy(given.get("availableParameters") or no_parameters),
        "detectParameterXss": False,
        "detectParameterSqli": False,
        "rateLimitingEnabled": False,
        "rateLimitingType": "Global",
        "rateLimitingRequestCount": 0,
        "rateLimitingTimeframe": 60,
        **given,
        "createdAt": created,
        "updatedAt": given.get("updatedAt"),
    }


def _all_endpoint_ids(zones: List[Dict[str, Any]]):
    for zone in zones:
        for endpoint in (zone.get("apiGuardian") or {}).get("endpoints") or []:
            if isinstance(endpoint.get("apiGuardianEndpointId"), int):
                yield endpoint["apiGuardianEndpointId"]


def fill_shield_zones(zones: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    next_zone_id = next_int_id(zone["shieldZoneId"] for zone in zones if isinstance(zone.get("shieldZoneId"), int))
    next_endpoint_id = next_int_id(_all_endpoint_ids(zones))
    for zone in zones:
        if "shieldZoneId" not in zone:
            zone["shieldZoneId"] = next_zone_id
            next_zone_id += 1
        zone_id = zone["shieldZoneId"]
        zone.setdefault("pullZoneId", None)
        zone.setdefault("planType", PLAN_ADVANCED)
        for name, value in ZONE_DEFAULTS.items():
            zone.setdefault(name, copy.deepcopy(value))
        # Limits a fixture gives override the plan's.
        zone["limits"] = {name: zone.pop(name) for name in ZONE_LIMIT_NAMES + LIST_LIMIT_NAMES if name in zone}
        guardian = zone.get("apiGuardian") or {}
        endpoints = []
        for endpoint in guardian.get("endpoints") or []:
            endpoint_id = endpoint.get("apiGuardianEndpointId", next_endpoint_id)
            next_endpoint_id = max(next_endpoint_id, endpoint_id + 1)
            endpoints.append(_guardian_endpoint(zone_id, endpoint_id, endpoint))
        zone["apiGuardian"] = {"configuration": _guardian_configuration(zone_id, guardian.get("configuration") or {}), "endpoints": endpoints}
        bot_detection = copy.deepcopy(BOT_DETECTION_DEFAULTS)
        for name, value in (zone.get("botDetection") or {}).items():
            if isinstance(value, dict) and isinstance(bot_detection.get(name), dict):
                bot_detection[name].update(value)
            else:
                bot_detection[name] = value
        zone["botDetection"] = {"shieldZoneId": zone_id, **bot_detection}
        categorization = zone.get("botCategorization") or {}
        # Actions by bot id and by category, keyed as text: JSON object keys are.
        zone["botCategorization"] = {part: {str(key): action for key, action in (categorization.get(part) or {}).items()} for part in ("bots", "categories")}
        zone["uploadScanning"] = {"isEnabled": False, "csamScanningMode": 0, "antivirusScanningMode": 0, **(zone.get("uploadScanning") or {})}
        zone["customPages"] = dict(zone.get("customPages") or {})
    # Ids of lists and rules are unique across zones, so a zone created later counts the others' too.
    others = [zone for zone in state.shield_zones if zone not in zones]
    shield_access_lists.fill_access_lists(zones, others)
    shield_rules.fill_rules(zones, others)
    return zones


def _find_zone(request: Request, zone_id: int) -> Dict[str, Any]:
    return find_zone(request, zone_id)


def _has_specification(zone: Dict[str, Any]) -> bool:
    # Every upload sets the title (an OpenAPI document must have one), so a zone without one has none.
    return zone["apiGuardian"]["configuration"].get("title") is not None


def _check_plan_limits(configuration: Dict[str, Any], specification) -> None:
    """Refuse a document beyond the zone's maxima, before anything of it is stored."""
    max_endpoints, max_depth = configuration.get("maxEndpoints"), configuration.get("maxNestingDepth")
    if isinstance(max_endpoints, int) and len(specification.endpoints) > max_endpoints:
        message = f"The specification has {len(specification.endpoints)} endpoints; the plan allows at most {max_endpoints}."
        raise ApiError(400, message, key="api_guardian.max_endpoints_exceeded")
    if isinstance(max_depth, int) and specification.nesting_depth > max_depth:
        message = f"The specification's schemas nest {specification.nesting_depth} levels deep; the plan allows at most {max_depth}."
        raise ApiError(400, message, key="api_guardian.max_nesting_depth_exceeded")


def _validate_authorization(parsed: Dict[str, Any], previous: Optional[Dict[str, Any]], enforce: Optional[bool], uploading: bool) -> bool:
    """Whether an endpoint enforces its authentication schemes after an upload.

    The vendor's reference: left out, the flag defaults to true on an upload (POST) and keeps each
    existing endpoint's setting on an update (PATCH); an endpoint new to the zone then gets the
    upload's default. An endpoint without security requirements has nothing to enforce.
    """
    if not parsed["authSchemes"]:
        return False
    if enforce is not None:
        return enforce
    if previous is not None and not uploading:
        return bool(previous["validateAuthorization"])
    return True


# An endpoint's own settings, which the document does not give: an endpoint the zone keeps (same
# method and path, same id) keeps them through an upload, as the vendor's reference says of its
# authorization setting; its injection detection keeps the parameters the document still has.
KEPT_ENDPOINT_SETTINGS = (
    "isEnabled", "validateRequestBodySchema", "validateResponseBodySchema", "detectParameterXss", "detectParameterSqli",
    "rateLimitingEnabled", "rateLimitingType", "rateLimitingRequestCount", "rateLimitingTimeframe",
)  # fmt: skip


def _kept_settings(previous: Optional[Dict[str, Any]], parsed: Dict[str, Any]) -> Dict[str, Any]:
    if previous is None:
        return {}
    kept = {name: previous[name] for name in KEPT_ENDPOINT_SETTINGS if name in previous}
    available = parsed.get("availableParameters") or {}
    selected = previous.get("injectionDetectionParameters") or {}
    kept["injectionDetectionParameters"] = {location: [name for name in selected.get(location) or [] if name in (available.get(location) or [])]
                                            for location in ("Path", "Query", "Header", "Cookie")}  # fmt: skip
    return kept


def _upload_specification(state: SimulatorState, zone: Dict[str, Any], body: UpsertOpenApiSpecificationRequest, uploading: bool) -> Dict[str, Any]:
    """Replace the zone's API Guardian endpoints with those of the document; an endpoint already known by method and path keeps its id.

    `uploading` is true for POST, which uploads a zone's first document; PATCH updates one there is already.
    """
    if not body.content:
        raise invalid("content", "The OpenAPI specification content is required.")
    if uploading and _has_specification(zone):
        raise ApiError(409, "The shield zone already has an OpenAPI specification; update it with PATCH.", key="api_guardian.specification_exists")
    if not uploading and not _has_specification(zone):
        raise ApiError(404, "The shield zone has no OpenAPI specification to update; upload one with POST.", key="api_guardian.specification_not_found")
    try:
        specification = parse_specification(body.content)
    except NotOpenApi as exc:
        raise ApiError(400, str(exc), key="api_guardian.invalid_specification") from None
    guardian = zone["apiGuardian"]
    configuration = guardian["configuration"]
    _check_plan_limits(configuration, specification)
    now = utc_now()
    known = {(endpoint["requestMethod"], endpoint["requestPath"]): endpoint for endpoint in guardian["endpoints"]}
    next_endpoint_id = next_int_id(_all_endpoint_ids(state.shield_zones))
    endpoints = []
    for parsed in specification.endpoints:
        previous = known.get((parsed["requestMethod"], parsed["requestPath"]))
        if previous is None:
            endpoint_id, created = next_endpoint_id, now
            next_endpoint_id += 1
        else:
            endpoint_id, created = previous["apiGuardianEndpointId"], previous["createdAt"]
        validate_authorization = _validate_authorization(parsed, previous, body.enforceAuthorizationValidation, uploading)
        given = {**_kept_settings(previous, parsed), **parsed, "validateAuthorization": validate_authorization, "createdAt": created, "updatedAt": now}
        endpoints.append(_guardian_endpoint(zone["shieldZoneId"], endpoint_id, given))
    configuration.update(isEnabled=True, title=specification.title, version=specification.version, updatedAt=now)
    guardian["endpoints"] = endpoints
    return guardian


def _refuse_basic_plan(zone: Dict[str, Any]):
    """Bot detection on a Basic-plan zone: the vendor answers 202 with the refusal inside Shield's envelope."""
    if zone["planType"] == PLAN_BASIC:
        message = "Bot detection is not available on the Basic plan."
        return json_response(shield_envelope(None, status=202, error_key="invalid_plan_type.bot_detection", message=message), 202)
    return None


SPECIFICATION_BODY = documented_body(UpsertOpenApiSpecificationRequest, JSON_OR_TEXT_JSON)


@router.get("/api-guardian")
async def get_api_guardian(request: Request, shieldZoneId: int):
    with state_of(request).lock:
        return json_response(shield_envelope(_find_zone(request, shieldZoneId)["apiGuardian"]))


@router.post("/api-guardian/spec", openapi_extra=SPECIFICATION_BODY)
async def upload_api_guardian_specification(request: Request, shieldZoneId: int):
    return await _upsert_specification(request, shieldZoneId, uploading=True)


@router.patch("/api-guardian/spec", openapi_extra=SPECIFICATION_BODY)
async def update_api_guardian_specification(request: Request, shieldZoneId: int):
    return await _upsert_specification(request, shieldZoneId, uploading=False)


async def _upsert_specification(request: Request, zone_id: int, uploading: bool):
    body = await read_body(request, UpsertOpenApiSpecificationRequest, JSON_OR_TEXT_JSON)
    state = state_of(request)
    with state.lock:
        return json_response(shield_envelope(_upload_specification(state, _find_zone(request, zone_id), body, uploading)))


@router.get("/bot-detection")
async def get_bot_detection(request: Request, shieldZoneId: int):
    with state_of(request).lock:
        zone = _find_zone(request, shieldZoneId)
        return _refuse_basic_plan(zone) or json_response(shield_envelope(zone["botDetection"]))


@router.patch("/bot-detection", openapi_extra=documented_body(UpdateBotDetectionRequest, JSON_OR_TEXT_JSON))
async def update_bot_detection(request: Request, shieldZoneId: int):
    body = (await read_body(request, UpdateBotDetectionRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_none=True)
    with state_of(request).lock:
        zone = _find_zone(request, shieldZoneId)
        refusal = _refuse_basic_plan(zone)
        if refusal is not None:
            return refusal
        configuration = zone["botDetection"]
        body.pop("shieldZoneId", None)
        for name, value in body.items():
            if isinstance(value, dict):
                configuration[name].update(value)
            else:
                configuration[name] = value
        return json_response(shield_envelope(configuration))


# --- The zone itself -----------------------------------------------------------------------------

CreateShieldZoneRequest = vendor_request_model("shield", "CreateShieldZoneRequest")
UpdateShieldZoneRequest = vendor_request_model("shield", "UpdateShieldZoneRequest")


def zone_view(zone: Dict[str, Any]) -> Dict[str, Any]:
    """The zone as the vendor's ShieldZoneResponse reads it."""
    view = {name: copy.deepcopy(value) for name, value in zone.items() if name not in ZONE_PARTS}
    view.update((name, limit(zone, name)) for name in ZONE_LIMIT_NAMES)
    return view


def _zone_request_view(zone: Dict[str, Any]) -> Dict[str, Any]:
    """The zone in the vendor's ShieldZoneRequest shape, which create and update answer with."""
    return {"shieldZoneId": zone["shieldZoneId"], "premiumPlan": zone["planType"] != PLAN_BASIC,
            **{name: copy.deepcopy(zone[name]) for name in ZONE_REQUEST_SETTINGS}}


def _apply_settings(zone: Dict[str, Any], settings: Dict[str, Any]) -> None:
    """Set what a create or update sends; the deprecated premiumPlan and the id inside are not settings."""
    for name, value in settings.items():
        if name in ZONE_REQUEST_SETTINGS and value is not None:
            zone[name] = value


@zones_router.get("/shield/shield-zones")
async def list_shield_zones(request: Request, page: int = 1, perPage: int = 10):
    with state_of(request).lock:
        return json_response(shield_page([zone_view(zone) for zone in state_of(request).shield_zones], page, perPage))


@zones_router.get("/shield/shield-zone/get-by-pullzone/{pullZoneId}")
async def get_shield_zone_by_pull_zone(request: Request, pullZoneId: int):
    with state_of(request).lock:
        zone = zone_of_pull_zone(state_of(request).shield_zones, pullZoneId)
        if zone is None:
            raise ApiError(404, f"The pull zone {pullZoneId} has no shield zone.", key="shield_zone.not_found")
        return json_response({"data": zone_view(zone)})


@zones_router.get("/shield/shield-zones/pullzone-mapping")
async def pull_zone_mapping(request: Request):
    with state_of(request).lock:
        return json_response({"data": [{"shieldZoneId": zone["shieldZoneId"], "pullZoneId": zone["pullZoneId"]} for zone in state_of(request).shield_zones]})


# Declared before /shield/shield-zone/{shieldZoneId}, which would otherwise take "defaults" for a zone id.
@zones_router.get("/shield/shield-zone/defaults")
async def shield_zone_defaults():
    """What a zone created without settings has: the Basic plan, the new zone's settings, the managed lists it is offered."""
    zone = {"shieldZoneId": 0, "planType": PLAN_BASIC, **copy.deepcopy(ZONE_DEFAULTS)}
    suggested = [
        {"listId": list_id, "name": name, "description": None, "requiredPlan": plan, "action": shield_access_lists.ACTION_BLOCK}
        for list_id, name, _category, plan in shield_access_lists.MANAGED_LISTS
    ]
    data = {"shieldZone": _zone_request_view(zone), "botDetectionExecutionMode": 0, "csamScanningMode": 0, "antivirusScanningMode": 0, "accessLists": suggested}
    return json_response(shield_envelope(data))


CreateUnderAttackRequest = vendor_request_model("shield", "CreateUnderAttackShieldZoneRequest")
# Under attack: DDoS protection at its Challenge sensitivity, blocking.
UNDER_ATTACK_SETTINGS = {"dDoSShieldSensitivity": 4, "dDoSExecutionMode": 1}


@zones_router.post("/shield/shield-zone/under-attack", openapi_extra=documented_body(CreateUnderAttackRequest, JSON_OR_TEXT_JSON))
async def create_under_attack_shield_zone(request: Request):
    """A zone for the pull zone that challenges every visitor at once; 403 for a pull zone the account does not have, 409 when it has a zone."""
    body = await read_body(request, CreateUnderAttackRequest, JSON_OR_TEXT_JSON)
    state = state_of(request)
    with state.lock:
        if not any(pull_zone.get("Id") == body.pullZoneId for pull_zone in state.pull_zones):
            return json_response(shield_envelope(None, status=403, error_key="shield_zone.pullzone_not_found", message="No such pull zone."), 403)
        if zone_of_pull_zone(state.shield_zones, body.pullZoneId) is not None:
            message = f"The pull zone {body.pullZoneId} already has a shield zone."
            return json_response(shield_envelope(None, status=409, error_key="shield_zone.already_exists", message=message), 409)
        zone_id = next_int_id(zone["shieldZoneId"] for zone in state.shield_zones)
        zone = {"shieldZoneId": zone_id, "pullZoneId": body.pullZoneId, "planType": body.planType}
        fill_shield_zones([zone], state)
        zone.update(UNDER_ATTACK_SETTINGS)
        state.shield_zones.append(zone)
        answer = {"shieldZone": _zone_request_view(zone), "pullZoneId": body.pullZoneId, "accessLists": None,
                  "botDetectionExecutionMode": zone["botDetection"]["executionMode"], "csamScanningMode": 0, "antivirusScanningMode": 0}  # fmt: skip
        return json_response(shield_envelope(answer))


@zones_router.get("/shield/shield-zone/{shieldZoneId}")
async def get_shield_zone(request: Request, shieldZoneId: int):
    with state_of(request).lock:
        return json_response({"data": zone_view(find_zone(request, shieldZoneId))})


@zones_router.post("/shield/shield-zone", openapi_extra=documented_body(CreateShieldZoneRequest, JSON_OR_TEXT_JSON))
async def create_shield_zone(request: Request):
    body = await read_body(request, CreateShieldZoneRequest, JSON_OR_TEXT_JSON)
    state = state_of(request)
    with state.lock:
        if not any(pull_zone.get("Id") == body.pullZoneId for pull_zone in state.pull_zones):
            raise ApiError(400, f"The pull zone {body.pullZoneId} does not exist.", key="shield_zone.pullzone_not_found")
        if zone_of_pull_zone(state.shield_zones, body.pullZoneId) is not None:
            raise ApiError(409, f"The pull zone {body.pullZoneId} already has a shield zone.", key="shield_zone.already_exists")
        settings = body.shieldZone.model_dump(exclude_unset=True) if body.shieldZone else {}
        zone = {"shieldZoneId": next_int_id(zone["shieldZoneId"] for zone in state.shield_zones), "pullZoneId": body.pullZoneId,
                "planType": settings.get("planType", PLAN_BASIC)}
        if body.botDetectionExecutionMode is not None:
            zone["botDetection"] = {"executionMode": body.botDetectionExecutionMode}
        scanners = {"csamScanningMode": body.csamScanningMode or 0, "antivirusScanningMode": body.antivirusScanningMode or 0}
        zone["uploadScanning"] = {"isEnabled": any(scanners.values()), **scanners}
        fill_shield_zones([zone], state)
        _apply_settings(zone, settings)
        state.shield_zones.append(zone)
        answer = {"shieldZone": _zone_request_view(zone), "pullZoneId": body.pullZoneId, "accessLists": None,
                  "botDetectionExecutionMode": zone["botDetection"]["executionMode"],
                  "csamScanningMode": body.csamScanningMode or 0, "antivirusScanningMode": body.antivirusScanningMode or 0}
        return json_response(shield_envelope(answer))


@zones_router.patch("/shield/shield-zone", openapi_extra=documented_body(UpdateShieldZoneRequest, JSON_OR_TEXT_JSON))
async def update_shield_zone(request: Request):
    body = await read_body(request, UpdateShieldZoneRequest, JSON_OR_TEXT_JSON)
    with state_of(request).lock:
        zone = find_zone(request, body.shieldZoneId)
        if body.shieldZone is not None:
            _apply_settings(zone, body.shieldZone.model_dump(exclude_unset=True))
        return json_response(shield_envelope({"shieldZoneId": zone["shieldZoneId"], "shieldZone": _zone_request_view(zone)}))


AREA = Area(
    name="shield",
    prefix="/shield",
    error_style=ShieldStyle(),
    # Routes are tried in order for every request: the most used first.
    routers=(zones_router, router, shield_access_lists.router, shield_rules.router, shield_zone_parts.router, shield_catalogue.router, shield_reports.router),
    fixture_fillers={"shield_zones": fill_shield_zones},
)
