"""What Shield has seen: metrics, event logs, and the review of triggered WAF rules.

The simulator serves no traffic, so every count is zero, the "past 28 days" overviews have a zero
entry for each of those days, and the event logs are empty; a fixture's `reports` fills any of
them by request path (reports.py). Reviewing a triggered rule changes the zone, as on bunny.net:
logging only adds the rule to the zone's `wafLogOnlyRules`, disabling it to `wafDisabledRules`.
"""

import calendar
import re
from datetime import datetime, timezone
from typing import Any, Callable, Dict, Optional

from fastapi import APIRouter, Depends, Path, Query, Request
from starlette.responses import Response

from ..auth import require_access_key
from ..errors import ApiError
from ..reports import chart_keys, report
from ..responses import json_response
from ..validation import JSON_OR_TEXT_JSON, documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import state_of
from .shield_store import find_zone
from .shield_zone_parts import ok

router = APIRouter(tags=["Shield reports"], dependencies=[Depends(require_access_key)])

SearchRequest = vendor_request_model("shield", "EventLogsSearchRequest")
ExportRequest = vendor_request_model("shield", "EventLogsExportRequest")
ReviewRequest = vendor_request_model("shield", "UpdateReviewTriggeredRuleRequest")
PAST_DAYS = 28
REVIEW_LOG_ONLY, REVIEW_DISABLE = 1, 2
EVENT_LOG_DATE = re.compile(r"(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}\Z")
EXPORT_COLUMNS = "logId,timestamp,ruleId,severity,method,status,country,asn,serverZone\n"
WAF_RULE_ID = Path(pattern="^[A-Za-z0-9_-]{1,64}$", description="The WAF rule's id.")
# The simulator's own numbers: the requests a month each plan includes before overage (0 Basic .. 3 Enterprise).
CLEAN_REQUEST_ALLOWANCE = {0: 1_000_000, 1: 10_000_000, 2: 50_000_000, 3: 250_000_000}


def _past_days(zero: Callable[[], Dict[str, Any]]) -> Dict[str, Any]:
    return {key: zero() for key in chart_keys(None, None, default_days=PAST_DAYS - 1)}


def _counts(*names: str) -> Callable[[], Dict[str, Any]]:
    return lambda: dict.fromkeys(names, 0)


SHIELD_OVERVIEW = _counts(
    "dDoSMitigated", "wafTriggeredRules", "ratelimitBreaches", "botDetectionChallenged", "accessListActions", "uploadScanningBlocks", "apiGuardianBlocks"
)
WAF = _counts("totalTriggeredRules", "blockedRequests", "loggedRequests", "challengedRequests")
DDOS = _counts("loggedRequests", "verifiedRequests", "blockedRequests", "challengedRequests")
RATE_LIMIT = _counts("totalBreaches", "loggedBreaches", "challengedBreaches", "blockedBreaches")
BOT_DETECTION = _counts("loggedRequests", "challengedRequests")
ACCESS_LIST = _counts("totalActions", "blockedRequests", "loggedRequests", "challengedRequests")
UPLOAD_SCANNING = _counts("loggedRequests", "blockedRequests", "filesScanned")
GUARDIAN_ACTIVITY = _counts(
    "blockedRequests", "loggedRequests", "rateLimited", "requestsInspected", "failedRequestValidation", "failedAuthenticationEnforcement"
)
WAF_RULE = _counts("totalTriggers", "blockedRequests", "loggedRequests", "challengedRequests")
GUARDIAN_TOTALS = _counts(
    "totalBlockedRequests", "totalLoggedRequests", "totalRateLimited", "totalRequestsInspected", "totalFailedRequestValidation",
    "totalFailedAuthenticationEnforcement",
)  # fmt: skip


def _answer(request: Request, zone_id: Optional[int], empty: Callable[[Dict[str, Any]], Any]):
    """The report at the request's path: `empty(zone)` (the zone looked up when the path names one) with what the fixtures give."""
    state = state_of(request)
    with state.lock:
        zone = find_zone(request, zone_id) if zone_id is not None else None
        return json_response(report(state, request.url.path, empty(zone)))


# --- Metrics --------------------------------------------------------------------------------------


@router.get("/shield/metrics/overview/{shieldZoneId}")
async def metrics_overview(request: Request, shieldZoneId: int):
    def empty(zone):
        data = {
            "overview": SHIELD_OVERVIEW(), "waf": WAF(), "overviewPastTwentyEightDays": _past_days(SHIELD_OVERVIEW), "dDoS": DDOS(),
            "dDoSOverviewPastTwentyEightDays": _past_days(DDOS), "ratelimit": RATE_LIMIT(), "ratelimitOverviewPastTwentyEightDays": _past_days(RATE_LIMIT),
            "botDetection": BOT_DETECTION(), "botDetectionOverviewPastTwentyEightDays": _past_days(BOT_DETECTION), "accessList": ACCESS_LIST(),
            "accessListOverviewPastTwentyEightDays": _past_days(ACCESS_LIST), "uploadScanningOverviewPastTwentyEightDays": _past_days(UPLOAD_SCANNING),
            "apiGuardian": GUARDIAN_ACTIVITY(), "apiGuardianOverviewPastTwentyEightDays": _past_days(GUARDIAN_ACTIVITY),
            "totalCleanRequestsLimit": CLEAN_REQUEST_ALLOWANCE.get(zone["planType"], 0), "totalBillableRequests": 0, "uploadScanning": UPLOAD_SCANNING(),
        }  # fmt: skip
        return {"data": data, "error": ok()}

    return _answer(request, shieldZoneId, empty)


@router.get("/shield/metrics/overview/{shieldZoneId}/detailed")
async def metrics_overview_detailed(
    request: Request,
    shieldZoneId: int,
    StartDate: Optional[datetime] = None,
    EndDate: Optional[datetime] = None,
    Resolution: int = Query(default=0, ge=0, le=6),
):
    """Each part's metrics (by metric name, then time) and totals: none counted."""
    chart_keys(StartDate, EndDate)

    def empty(zone):
        parts = ("waf", "ddos", "rateLimit", "accessLists", "botDetection", "uploadScanning", "apiGuardian")
        data: Dict[str, Any] = {part: {"metrics": {}, "totals": {}} for part in parts}
        data.update(totalCleanRequestsLimit=CLEAN_REQUEST_ALLOWANCE.get(zone["planType"], 0), totalBillableRequestsThisMonth=0, resolution=Resolution)
        return {"data": data, "error": ok()}

    return _answer(request, shieldZoneId, empty)


@router.get("/shield/metrics/overages/{shieldZoneId}")
async def metrics_overages(request: Request, shieldZoneId: int, year: Optional[int] = Query(default=None, ge=2000, le=9999),
                           month: Optional[int] = Query(default=None, ge=1, le=12)):  # fmt: skip
    """The month's overage (this month unless asked): one segment, on the zone's plan, with nothing over its allowance."""
    today = datetime.now(timezone.utc)
    year, month = year or today.year, month or today.month
    last_day = calendar.monthrange(year, month)[1]

    def empty(zone):
        segment = {
            "periodStart": f"{year:04d}-{month:02d}-01T00:00:00Z", "periodEnd": f"{year:04d}-{month:02d}-{last_day:02d}T23:59:59Z",
            "planType": zone["planType"], "overageAllowance": CLEAN_REQUEST_ALLOWANCE.get(zone["planType"], 0), "overage": 0,
        }  # fmt: skip
        return {
            "shieldZoneId": zone["shieldZoneId"],
            "year": year,
            "month": month,
            "totalOverage": 0,
            "totalCleanRequests": 0,
            "segments": [segment],
            "error": ok(),
        }

    return _answer(request, shieldZoneId, empty)


@router.get("/shield/metrics/rate-limits/{shieldZoneId}")
async def metrics_rate_limits(request: Request, shieldZoneId: int):
    def empty(zone):
        data = [
            {"ratelimitId": rule["id"], "overview": RATE_LIMIT(), "ratelimitOverviewPastTwentyEightDays": _past_days(RATE_LIMIT)} for rule in zone["rateLimits"]
        ]
        return {"data": data, "error": ok()}

    return _answer(request, shieldZoneId, empty)


@router.get("/shield/metrics/rate-limit/{id}")
async def metrics_rate_limit(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        if not any(rule["id"] == id for zone in state.shield_zones for rule in zone["rateLimits"]):
            raise ApiError(404, f"The rate limit {id} was not found.", key="rate_limit.not_found")
    return _answer(
        request, None, lambda zone: {"data": {"overview": RATE_LIMIT(), "ratelimitOverviewPastTwentyEightDays": _past_days(RATE_LIMIT)}, "error": ok()}
    )


@router.get("/shield/metrics/shield-zone/{shieldZoneId}/waf-rule/{ruleId}")
async def metrics_waf_rule(request: Request, shieldZoneId: int, ruleId: str = WAF_RULE_ID):
    return _answer(request, shieldZoneId, lambda zone: {"data": {**WAF_RULE(), "overviewPastTwentyEightDays": _past_days(WAF_RULE)}, "error": ok()})


@router.get("/shield/metrics/shield-zone/{shieldZoneId}/bot-detection")
async def metrics_bot_detection(request: Request, shieldZoneId: int):
    def empty(zone):
        return {"error": ok(), "data": {"overviewPastTwentyEightDays": _past_days(BOT_DETECTION), "totalLoggedRequests": 0, "totalChallengedRequests": 0}}

    return _answer(request, shieldZoneId, empty)


@router.get("/shield/metrics/shield-zone/{shieldZoneId}/upload-scanning")
async def metrics_upload_scanning(request: Request, shieldZoneId: int):
    def empty(zone):
        data = {"overviewPastTwentyEightDays": _past_days(UPLOAD_SCANNING), "totalLoggedRequests": 0, "totalBlockedRequests": 0, "totalFilesScanned": 0}
        return {"error": ok(), "data": data}

    return _answer(request, shieldZoneId, empty)


@router.get("/shield/metrics/shield-zone/{shieldZoneId}/api-guardian")
async def metrics_api_guardian(request: Request, shieldZoneId: int):
    return _answer(
        request, shieldZoneId, lambda zone: {"error": ok(), "data": {**GUARDIAN_TOTALS(), "overviewPastTwentyEightDays": _past_days(GUARDIAN_ACTIVITY)}}
    )


@router.get("/shield/metrics/shield-zone/{shieldZoneId}/api-guardian/endpoint/{endpointId}")
async def metrics_api_guardian_endpoint(request: Request, shieldZoneId: int, endpointId: int):
    def empty(zone):
        if not any(endpoint["apiGuardianEndpointId"] == endpointId for endpoint in zone["apiGuardian"]["endpoints"]):
            raise ApiError(404, f"The shield zone {shieldZoneId} has no API Guardian endpoint {endpointId}.", key="api_guardian.endpoint_not_found")
        return {"error": ok(), "data": {**GUARDIAN_TOTALS(), "overviewPastTwentyEightDays": _past_days(GUARDIAN_ACTIVITY)}}

    return _answer(request, shieldZoneId, empty)


# --- Event logs -----------------------------------------------------------------------------------


@router.get("/shield/event-logs/{shieldZoneId}/{date}/{continuationToken}")
async def event_logs(request: Request, shieldZoneId: int, date: str, continuationToken: str):
    """A day's logs (the date as MM-dd-yyyy), from the report at `/shield/event-logs/<zone>/<date>`; one page holds them all."""
    if not EVENT_LOG_DATE.match(date):
        raise ApiError(400, "The date must be given as MM-dd-yyyy.", key="event_logs.invalid_date")
    state = state_of(request)
    with state.lock:
        find_zone(request, shieldZoneId)
        logs = report(state, f"/shield/event-logs/{shieldZoneId}/{date}", {"logs": []})["logs"]
    return json_response({"logs": logs, "hasMoreData": False, "continuationToken": None, "startToken": None, "errorResponse": ok()})


@router.post("/shield/event-logs/{shieldZoneId}/search", openapi_extra=documented_body(SearchRequest, JSON_OR_TEXT_JSON))
async def search_event_logs(request: Request, shieldZoneId: int):
    wanted = await read_body(request, SearchRequest, JSON_OR_TEXT_JSON)
    # `from` and `to` are Unix times in the vendor's model; either may be left out.
    start, end = getattr(wanted, "from"), wanted.to
    if start is not None and end is not None and start > end:
        raise ApiError(400, "The range ends before it starts.", key="event_logs.invalid_range")
    return _answer(request, shieldZoneId, lambda zone: {"rows": [], "groups": [], "total": 0, "totalPages": 0, "page": wanted.page or 1, "errorResponse": ok()})


@router.post("/shield/event-logs/{shieldZoneId}/export", openapi_extra=documented_body(ExportRequest, JSON_OR_TEXT_JSON))
async def export_event_logs(request: Request, shieldZoneId: int):
    """The filtered logs as CSV: the header line alone, the simulator having logged nothing."""
    await read_body(request, ExportRequest, JSON_OR_TEXT_JSON)
    with state_of(request).lock:
        find_zone(request, shieldZoneId)
    return Response(EXPORT_COLUMNS, media_type="text/csv")


# --- Triggered WAF rules --------------------------------------------------------------------------


@router.get("/shield/waf/rules/review-triggered/{shieldZoneId}")
async def triggered_rules(request: Request, shieldZoneId: int):
    return _answer(request, shieldZoneId, lambda zone: {"errorResponse": ok(), "triggeredRules": [], "totalTriggeredRules": 0})


@router.post("/shield/waf/rules/review-triggered/{shieldZoneId}", openapi_extra=documented_body(ReviewRequest, JSON_OR_TEXT_JSON))
async def review_triggered_rule(request: Request, shieldZoneId: int):
    """0 ignores the rule's triggers, 1 makes the rule log only, 2 disables it."""
    wanted = await read_body(request, ReviewRequest, JSON_OR_TEXT_JSON)
    if not wanted.ruleId:
        raise ApiError(400, "The rule to review is required.", key="waf_rule.validation_error")
    with state_of(request).lock:
        zone = find_zone(request, shieldZoneId)
        for action, setting in ((REVIEW_LOG_ONLY, "wafLogOnlyRules"), (REVIEW_DISABLE, "wafDisabledRules")):
            if wanted.action == action and wanted.ruleId not in zone[setting]:
                zone[setting].append(wanted.ruleId)
    return json_response({"errorResponse": ok(), "success": True})


@router.get("/shield/waf/rules/review-triggered/ai-recommendation/{shieldZoneId}/{ruleId}")
async def triggered_rule_recommendation(request: Request, shieldZoneId: int, ruleId: str):
    def empty(zone):
        advice = "No request triggered this rule; keep it enabled."
        return {"shieldZoneId": zone["shieldZoneId"], "ruleId": ruleId, "success": True, "recommendation": advice, "errorResponse": ok()}

    return _answer(request, shieldZoneId, empty)
