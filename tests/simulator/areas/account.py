"""The account's own operations of the core API: countries and regions, API keys, search, statistics, billing, the audit log, closing.

These answer in the core API's legacy error shape. Statistics, billing, pricing and the audit log
are reports (reports.py): empty and well-formed unless a fixture fills them. The lists of
countries and regions are samples of the platform's, not its whole lists.
"""

from datetime import datetime
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request
from starlette.responses import Response

from ..auth import require_access_key
from ..errors import ApiError, LegacyStyle, field_error
from ..reports import DATE_FROM, DATE_TO, chart, chart_keys, report
from ..responses import json_response
from ..validation import documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import Area, state_of
from .team import exchange_router

router = APIRouter(tags=["Account"], dependencies=[Depends(require_access_key)])

INT32_MAX = 2**31 - 1
CloseAccountRequest = vendor_request_model("core", "CloseAccountRequestModel")
# Every property of the vendor's CountryModel: name, ISO code, in the EU, VAT rate, VAT prefix; the
# flag's URL and the points of presence follow from the code.
COUNTRIES = (
    ("Germany", "DE", True, 19.0, "DE"), ("Slovenia", "SI", True, 22.0, "SI"), ("France", "FR", True, 20.0, "FR"),
    ("Netherlands", "NL", True, 21.0, "NL"), ("United Kingdom", "GB", False, 0.0, None), ("United States", "US", False, 0.0, None),
    ("Brazil", "BR", False, 0.0, None), ("Singapore", "SG", False, 0.0, None), ("Japan", "JP", False, 0.0, None),
    ("Australia", "AU", False, 0.0, None), ("South Africa", "ZA", False, 0.0, None),
)  # fmt: skip
# Every property of the vendor's RegionModel but the id: name, price per gigabyte (the list prices
# of the region's continent), region, continent and country codes, latitude, longitude, and
# whether DNS latency routing may pick it.
REGIONS = (
    ("Frankfurt, DE", 0.01, "DE", "EU", "DE", 50.11, 8.68, True), ("London, UK", 0.01, "UK", "EU", "GB", 51.51, -0.13, True),
    ("Stockholm, SE", 0.01, "SE", "EU", "SE", 59.33, 18.07, True), ("New York City, NY", 0.01, "NY", "NA", "US", 40.71, -74.01, True),
    ("Los Angeles, CA", 0.01, "LA", "NA", "US", 34.05, -118.24, True), ("Singapore, SG", 0.03, "SG", "ASIA", "SG", 1.35, 103.82, True),
    ("Tokyo, JP", 0.03, "JP", "ASIA", "JP", 35.68, 139.69, True), ("Sydney, AU", 0.03, "SYD", "ASIA", "AU", -33.87, 151.21, True),
    ("Sao Paulo, BR", 0.045, "BR", "SA", "BR", -23.55, -46.63, True), ("Johannesburg, ZA", 0.06, "JH", "AF", "ZA", -26.2, 28.05, True),
)  # fmt: skip
# The vendor's PricingEstimationSource values by what they bill, for the unit a price is given in.
SOURCE_UNITS = {range(1101, 1900): "GB of traffic", range(2100, 2500): "GB of storage per month", range(4100, 4300): "minute",
                range(4300, 4400): "month", range(4400, 4401): "license", range(4501, 4504): "minute",
                range(5200, 5201): "million requests", range(5300, 5301): "CPU second"}  # fmt: skip
# What a result of the global search calls each kind of resource.
SEARCHED = (
    ("pull_zones", "PullZone"), ("storage_zones", "StorageZone"), ("dns_zones", "DnsZone"), ("video_libraries", "VideoLibrary"),
    ("edge_scripts", "EdgeScript"),
)  # fmt: skip
# A one-page PDF with nothing on it: what the simulator has for a document.
EMPTY_PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj "
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
)


@router.get("/country")
async def list_countries():
    return json_response(
        [
            {"Name": name, "IsoCode": code, "IsEU": eu, "TaxRate": rate, "TaxPrefix": prefix,
             "FlagUrl": f"https://bunny.net/flags/{code.lower()}.png", "PopList": [code]}
            for name, code, eu, rate, prefix in COUNTRIES
        ]
    )  # fmt: skip


@router.get("/region")
async def list_regions():
    return json_response(
        [
            {"Id": position, "Name": name, "PricePerGigabyte": price, "RegionCode": region, "ContinentCode": continent,
             "CountryCode": country, "Latitude": latitude, "Longitude": longitude, "AllowLatencyRouting": latency}
            for position, (name, price, region, continent, country, latitude, longitude, latency) in enumerate(REGIONS, 1)
        ]
    )  # fmt: skip


@router.get("/apikey")
async def list_api_keys(
    request: Request, page: int = Query(default=1, ge=1, le=INT32_MAX), per_page: int = Query(default=1000, alias="perPage", ge=5, le=1000)
):
    """The keys the simulator accepts, as the account's keys; each has the roles of an account key (the document's User and UserApi)."""
    state = state_of(request)
    with state.lock:
        keys = sorted(state.known_keys)
    items = [{"Id": position, "Key": key, "Roles": ["User", "UserApi"]} for position, key in enumerate(keys, 1)]
    start = (page - 1) * per_page
    return json_response(
        {"Items": items[start : start + per_page], "CurrentPage": page, "TotalItems": len(items), "HasMoreItems": start + per_page < len(items)}
    )


@router.get("/search")
async def global_search(
    request: Request, search: Optional[str] = None, start: int = Query(default=0, alias="from", ge=0), size: int = Query(default=20, ge=1, le=1000)
):
    """Resources of the account whose name (a DNS zone's domain) holds the term, without regard to case."""
    needle = (search or "").lower()
    state = state_of(request)
    with state.lock:
        found = [
            {"Type": kind, "Id": resource["Id"], "Name": resource.get("Name") or resource.get("Domain")}
            for list_name, kind in SEARCHED
            for resource in getattr(state, list_name)
            if needle in (resource.get("Name") or resource.get("Domain") or "").lower() and not resource.get("Deleted")
        ]
    return json_response({"Query": search, "Total": len(found), "From": start, "Size": size, "SearchResults": found[start : start + size]})


@router.get("/statistics")
async def statistics(
    request: Request,
    date_from: Optional[datetime] = DATE_FROM,
    date_to: Optional[datetime] = DATE_TO,
    pull_zone: int = Query(default=-1, alias="pullZone"),
    server_zone_id: int = Query(default=-1, alias="serverZoneId"),
    hourly: bool = False,
):
    """The account's traffic, or one pull zone's or region's: nothing served, unless a fixture fills the report."""
    keys = chart_keys(date_from, date_to, hourly)
    state = state_of(request)
    with state.lock:
        charts = (
            "OriginResponseTimeChart", "BandwidthUsedChart", "BandwidthCachedChart", "CacheHitRateChart", "RequestsServedChart",
            "PullRequestsPulledChart", "OriginShieldBandwidthUsedChart", "OriginShieldInternalBandwidthUsedChart", "OriginTrafficChart",
            "UserBalanceHistoryChart", "Error3xxChart", "Error4xxChart", "Error5xxChart",
        )  # fmt: skip
        empty: Dict[str, Any] = {"TotalBandwidthUsed": 0, "TotalOriginTraffic": 0, "AverageOriginResponseTime": 0, "TotalRequestsServed": 0}
        empty["CacheHitRate"] = 0.0
        empty.update({name: chart(keys, 0.0) for name in charts})
        # Traffic by country code; a country without traffic has no entry.
        empty["GeoTrafficDistribution"] = {}
        return json_response(report(state, request.url.path, empty))


@router.get("/v1/pricing/{source}/{resourceId}")
async def price_estimation(request: Request, source: int, resourceId: int, units: Optional[int] = Query(default=None, ge=0)):
    """The price of a billing source for a resource, and the cost of `units` of it.

    The simulator knows no prices: it answers the list price as 0.0 unless a fixture fills the
    report; the estimate is then the units at that price.
    """
    unit = next((name for codes, name in SOURCE_UNITS.items() if source in codes), None)
    if unit is None:
        raise ApiError(400, f"{source} is not a pricing source.", errors=[field_error("source", "Not one of the vendor's PricingEstimationSource values.")])
    state = state_of(request)
    with state.lock:
        lists = ("pull_zones", "storage_zones", "video_libraries", "edge_scripts")
        if not any(resource["Id"] == resourceId for list_name in lists for resource in getattr(state, list_name)):
            raise ApiError(404, f"The resource {resourceId} was not found.", errors=[field_error("resourceId", "No such resource.")])
        priced = report(state, request.url.path, {"PricingType": 0, "PricePerUnit": 0.0, "UnitDescription": unit, "EstimatedCost": None, "Breakdown": []})
    if units is not None and priced.get("EstimatedCost") is None:
        priced["EstimatedCost"] = float(units * priced["PricePerUnit"])
        line = {"Description": priced["UnitDescription"], "Units": units, "PricePerUnit": priced["PricePerUnit"], "Cost": priced["EstimatedCost"]}
        priced["Breakdown"] = [line]
    return json_response(priced)


BILLING_CHARGES = (
    "Balance", "ThisMonthCharges", "LastRechargeBalance", "AvailableBalance", "CouponBalance", "MonthlyCouponUsage",
)  # fmt: skip
MONTHLY_CHARGES = (
    "EUTraffic", "USTraffic", "ASIATraffic", "AFTraffic", "SATraffic", "Storage", "DNS", "Optimizer", "Transcribe", "PremiumEncoding",
    "ExtraPullZones", "ExtraStorageZones", "ExtraDnsZones", "ExtraVideoLibraries", "Scripting", "ScriptingRequests", "ScriptingCpu", "Drm",
    "MagicContainers",
)  # fmt: skip
MAGIC_CONTAINERS_USAGE = ("Cpu", "Memory", "Ip", "IngressTraffic", "EgressTraffic", "Volumes")
DATABASE_USAGE = ("Writes", "Reads", "Storage", "Replica")
MONTHLY_COUNTS = (
    "MonthlyBandwidthUsed", "MonthlyDnsSmartQueriesServed", "MonthlyDnsNormalQueriesServed", "MonthlyTranscriptionMinutes",
    "MonthlyPremiumEncodingBillableMinutes", "MonthlyDRMLicensesIssued", "MonthlyScriptingRequests", "MonthlyScriptingCpuTime",
)  # fmt: skip


def _usage(unit: str) -> Dict[str, Any]:
    return {"Usage": 0.0, "TotalUnits": 0, "MeasuringUnit": unit}


def _billing() -> Dict[str, Any]:
    """The vendor's BillingModel of an account that has been charged nothing, in its order."""
    billing: Dict[str, Any] = dict.fromkeys(BILLING_CHARGES, 0.0)
    billing.update(BillingRecords=[], BillingHistoryChart={})
    billing.update({f"MonthlyCharges{name}": 0.0 for name in MONTHLY_CHARGES})
    billing.update({f"MonthlyMc{name}": _usage("GB" if name in ("IngressTraffic", "EgressTraffic", "Volumes") else "hour") for name in MAGIC_CONTAINERS_USAGE})
    billing.update({f"MonthlyCharges{name}": 0.0 for name in ("Shield", "Taxes", "WebSockets", "DB", "LoadBalancer")})
    billing.update({f"MonthlyDB{name}": _usage("GB" if name == "Storage" else "operation") for name in DATABASE_USAGE})
    billing.update(dict.fromkeys(MONTHLY_COUNTS, 0))
    billing.update(BillingEnabled=True, MinimumMonthlyCommit=0.0, VATRate=0.0, NextMonthVATRate=0.0)
    billing.update(AutomaticPaymentImageUrl=None, AutomaticPaymentCardType=None, AutomaticPaymentIdentifier=None)
    billing.update(AutomaticPaymentAmount=0.0, AutomaticRechargeTreshold=0.0, AutomaticRechargeEnabled=False, AutomaticPaymentFailureCount=0)
    billing.update(SavedPaymentMethods=[], EUUSDiscount=0, SouthAmericaDiscount=0, AfricaDiscount=0, AsiaOceaniaDiscount=0)
    billing.update(OptimizerMonthlyPrice=0.0, DrmBaseMonthlyPrice=0.0, DrmCostPerLicense=None)
    return billing


@router.get("/billing")
async def billing(request: Request):
    state = state_of(request)
    with state.lock:
        return json_response(report(state, request.url.path, _billing()))


@router.get("/billing/payment-requests")
async def payment_requests(request: Request):
    """The pending payment requests: none, unless a fixture fills the report (a list of the vendor's PaymentRequestModel)."""
    state = state_of(request)
    with state.lock:
        return json_response(report(state, request.url.path, []))


@router.get("/billing/summary")
async def billing_summary(request: Request):
    """Each pull zone's usage this month: nothing used, unless a fixture fills the report."""
    state = state_of(request)
    with state.lock:
        empty = [{"PullZoneId": zone["Id"], "MonthlyUsage": 0.0, "MonthlyBandwidthUsed": 0} for zone in state.pull_zones]
        return json_response(report(state, request.url.path, empty))


@router.get("/billing/affiliate")
async def billing_affiliate(request: Request):
    state = state_of(request)
    with state.lock:
        empty = {
            "AffiliateBalance": 0.0, "AffiliateUrl": "https://bunny.net?ref=simulator", "ClaimBonusPercentage": 0.0, "MinimumPayoutAmount": 0.0,
            "AffiliateClicksChart": {}, "AffiliateSignupsChart": {}, "AffiliateConversionsChart": {},
        }  # fmt: skip
        return json_response(report(state, request.url.path, empty))


def _pdf() -> Response:
    return Response(EMPTY_PDF, media_type="application/pdf")


@router.get("/billing/payment-request-invoice/{id}/pdf")
async def payment_request_invoice(request: Request, id: int):
    """The invoice of a payment request the fixture's report lists with an invoice; 404 for any other, as the vendor documents."""
    state = state_of(request)
    with state.lock:
        listed = report(state, "/billing/payment-requests", [])
    if not any(item.get("Id") == id and item.get("BillingInvoiceId") is not None for item in listed):
        raise ApiError(404, f"The payment request {id} has no invoice.")
    return _pdf()


MONTHLY_USAGE_RECORD = 3


@router.get("/billing/summary/{billingRecordId}/pdf")
async def billing_summary_document(request: Request, billingRecordId: int):
    """The summary of a monthly usage record of the billing report; 404 for any other, as the vendor documents."""
    state = state_of(request)
    with state.lock:
        records = report(state, "/billing", _billing()).get("BillingRecords") or []
    if not any(record.get("Id") == billingRecordId and record.get("Type") == MONTHLY_USAGE_RECORD for record in records):
        raise ApiError(404, f"The billing record {billingRecordId} was not found or is not a monthly usage record.")
    return _pdf()


# The audit log's filters: each a list of the values an entry may have.
AUDIT_FILTERS = {name: Query(default=None, alias=name) for name in ("Product", "ResourceType", "ResourceId", "ActorId")}


@router.get("/user/audit/{date}")
async def audit_log(
    request: Request,
    date: datetime,
    product: Optional[List[str]] = AUDIT_FILTERS["Product"],
    resource_type: Optional[List[str]] = AUDIT_FILTERS["ResourceType"],
    resource_id: Optional[List[str]] = AUDIT_FILTERS["ResourceId"],
    actor_id: Optional[List[str]] = AUDIT_FILTERS["ActorId"],
    order: str = Query(default="Ascending", alias="Order", pattern="^(Ascending|Descending)$"),
    continuation_token: Optional[str] = Query(default=None, alias="ContinuationToken", pattern="^[0-9]+$"),
    # The document spells it Limit; Magic Containers' lists spell theirs limit, and names bind without regard to case.
    limit: int = Query(default=1000, ge=1, le=10000),
):
    """The day's entries of the report at /user/audit/<day> (none unless a fixture fills its `Logs`), filtered and paged.

    The continuation token is where the next page starts, so a client can page through a day.
    """
    state = state_of(request)
    with state.lock:
        day = date.strftime("%Y-%m-%d")
        logs = report(state, f"/user/audit/{day}", {"Logs": []}).get("Logs") or []
    filters = (("Product", product), ("ResourceType", resource_type), ("ResourceId", resource_id), ("ActorId", actor_id))
    logs = [entry for entry in logs if all(wanted is None or entry.get(name) in wanted for name, wanted in filters)]
    logs.sort(key=lambda entry: entry.get("Timestamp") or "", reverse=order == "Descending")
    start = int(continuation_token or 0)
    more = start + limit < len(logs)
    return json_response(
        {"Logs": logs[start : start + limit], "HasMoreData": more, "ContinuationToken": str(start + limit) if more else None, "StartToken": str(start)}
    )


@router.post("/user/closeaccount", openapi_extra=documented_body(CloseAccountRequest))
async def close_account(request: Request):
    """Close the account: with its password (any, the simulator has none to compare), every key stops working until a reset or new fixtures."""
    body = await read_body(request, CloseAccountRequest)
    if not body.Password:
        return json_response({"Success": False, "Message": "The password is required to close the account."}, 400)
    state = state_of(request)
    with state.lock:
        state.account_closed = True
    return json_response({"Success": True, "Message": "The account was closed."})


AREA = Area(
    name="account",
    prefix=("/country", "/region", "/apikey", "/search", "/statistics", "/v1/pricing", "/billing", "/user"),
    error_style=LegacyStyle(),
    # POST /apikey/exchange, which the team endpoints need, is under /apikey (areas/team.py).
    routers=(router, exchange_router),
)
