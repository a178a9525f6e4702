"""Pull zones under `/pullzone`: custom hostnames, referrer lists, edge rule switches, external-DNS certificates.

Stored zones are in the shape `GET /pullzone/{id}` returns. Hostnames are compared without
regard to case, as DNS names are; a hostname belongs to at most one zone of the account. An index
of every hostname of the account keeps adding and finding one constant-time, so that a zone with
thousands of hostnames costs the simulator no more per request than a small one.
"""

import copy
import re
import weakref
from datetime import datetime
from typing import Any, Dict, Iterator, List, Optional, Tuple
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Query, Request
from pydantic import Field
from typing_extensions import Annotated

from ..auth import require_access_key
from ..errors import ApiError, LegacyStyle, field_error
from ..ids import new_guid, new_id, next_int_id, utc_now
from ..reports import DATE_FROM, DATE_TO, chart, chart_keys, report
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import ContractModel, documented_body, documented_optional_body, read_body, read_optional_body
from ..vendor_models import vendor_request_model
from .base import Area, find_record, state_of

router = APIRouter(prefix="/pullzone", tags=["Pull zones"], dependencies=[Depends(require_access_key)])

SYSTEM_HOSTNAME_SUFFIX = ".b-cdn.net"
# The vendor's CertificateProvisionType: 1 is a certificate validated over HTTP, 2 over DNS.
CERTIFICATE_PROVISION_HTTP01 = 1
CERTIFICATE_PROVISION_DNS01 = 2
CERTIFICATE_PROVISION_CUSTOM = 3
# The vendor's PullZoneOriginType of a zone that accelerates a DNS record, and of one whose origin is an edge script.
ORIGIN_TYPE_DNS_ACCELERATE = 1
ORIGIN_TYPE_EDGE_SCRIPT = 4
# Certificate material, which a read carries only when asked with includeCertificate=true.
CERTIFICATE_FIELDS = ("Certificate", "CertificateKey")
# Every property of the vendor's PullZoneModel, in its order, at the value a new zone reads back with.
# `Id`, `Name`, `Hostnames`, `ZoneSecurityKey` and `EdgeRules` are filled in per zone. Enums are the
# vendor's integers. The vendor's documents give few defaults (IpFamilyPolicy's DualStack); the
# rest are the values a zone created without settings shows.
ZONE_DEFAULTS = {
    "Id": None,
    "Name": None,
    "OriginUrl": None,
    "Enabled": True,
    "Suspended": False,
    "Hostnames": [],
    "StorageZoneId": 0,
    "EdgeScriptId": 0,
    "EdgeScriptExecutionPhase": 0,
    "MiddlewareScriptId": None,
    "MagicContainersAppId": None,
    "MagicContainersEndpointId": None,
    "AllowedReferrers": [],
    "BlockedReferrers": [],
    "BlockedIps": [],
    "EnableGeoZoneUS": True,
    "EnableGeoZoneEU": True,
    "EnableGeoZoneASIA": True,
    "EnableGeoZoneSA": True,
    "EnableGeoZoneAF": True,
    "IpFamilyPolicy": 1,
    "ZoneSecurityEnabled": False,
    "ZoneSecurityKey": None,
    "ZoneSecurityIncludeHashRemoteIP": False,
    "IgnoreQueryStrings": True,
    "MonthlyBandwidthLimit": 0,
    "MonthlyBandwidthUsed": 0,
    "MonthlyCharges": 0.0,
    "AddHostHeader": False,
    "OriginHostHeader": "",
    "Type": 0,
    "AccessControlOriginHeaderExtensions": ["css", "eot", "ttf", "woff", "woff2"],
    "EnableAccessControlOriginHeader": True,
    "DisableCookies": True,
    "BudgetRedirectedCountries": [],
    "BlockedCountries": [],
    "EnableOriginShield": False,
    "CacheControlMaxAgeOverride": -1,
    "CacheControlPublicMaxAgeOverride": -1,
    "BurstSize": 0,
    "RequestLimit": 0,
    "BlockRootPathAccess": False,
    "BlockPostRequests": False,
    "LimitRatePerSecond": 0.0,
    "LimitRateAfter": 0.0,
    "ConnectionLimitPerIPCount": 0,
    "PriceOverride": 0.0,
    "OptimizerPricing": 0.0,
    "AddCanonicalHeader": False,
    "EnableLogging": True,
    "EnableCacheSlice": False,
    "EnableSmartCache": False,
    "EdgeRules": [],
    "EnableWebPVary": False,
    "EnableAvifVary": False,
    "EnableCountryCodeVary": False,
    "EnableCountryStateCodeVary": False,
    "EnableMobileVary": False,
    "EnableCookieVary": False,
    "CookieVaryParameters": [],
    "EnableHostnameVary": False,
    "CnameDomain": "b-cdn.net",
    "AWSSigningEnabled": False,
    "AWSSigningKey": None,
    "AWSSigningSecret": None,
    "AWSSigningRegionName": None,
    "LoggingIPAnonymizationEnabled": True,
    "EnableTLS1": True,
    "EnableTLS1_1": True,
    "TlsSecurityLevel": 0,
    "VerifyOriginSSL": False,
    "ErrorPageEnableCustomCode": False,
    "ErrorPageCustomCode": None,
    "ErrorPageEnableStatuspageWidget": False,
    "ErrorPageStatuspageCode": None,
    "ErrorPageWhitelabel": False,
    "OriginShieldZoneCode": None,
    "LogForwardingEnabled": False,
    "LogForwardingHostname": None,
    "LogForwardingPort": 0,
    "LogForwardingToken": None,
    "LogForwardingProtocol": 0,
    "LoggingSaveToStorage": False,
    "LoggingStorageZoneId": 0,
    "FollowRedirects": False,
    "VideoLibraryId": 0,
    "DnsRecordId": 0,
    "DnsZoneId": 0,
    "DnsRecordValue": None,
    "OptimizerEnabled": False,
    "OptimizerTunnelEnabled": False,
    "OptimizerDesktopMaxWidth": 1600,
    "OptimizerMobileMaxWidth": 800,
    "OptimizerImageQuality": 85,
    "OptimizerMobileImageQuality": 70,
    "OptimizerEnableWebP": True,
    "OptimizerPrerenderHtml": False,
    "OptimizerEnableManipulationEngine": True,
    "OptimizerMinifyCSS": True,
    "OptimizerMinifyJavaScript": True,
    "OptimizerWatermarkEnabled": False,
    "OptimizerWatermarkUrl": None,
    "OptimizerWatermarkPosition": 0,
    "OptimizerWatermarkOffset": 3.0,
    "OptimizerWatermarkMinImageSize": 300,
    "OptimizerAutomaticOptimizationEnabled": True,
    "PermaCacheStorageZoneId": 0,
    "PermaCacheType": 0,
    "OriginRetries": 0,
    "OriginConnectTimeout": 10,
    "OriginResponseTimeout": 60,
    "UseStaleWhileUpdating": False,
    "UseStaleWhileOffline": False,
    "OriginRetry5XXResponses": False,
    "OriginRetryConnectionTimeout": True,
    "OriginRetryResponseTimeout": True,
    "OriginRetryDelay": 0,
    "QueryStringVaryParameters": [],
    "OriginShieldEnableConcurrencyLimit": False,
    "OriginShieldMaxConcurrentRequests": 200,
    "EnableSafeHop": False,
    "CacheErrorResponses": False,
    "OriginShieldQueueMaxWaitTime": 30,
    "OriginShieldMaxQueuedRequests": 5000,
    "OptimizerClasses": [],
    "OptimizerForceClasses": False,
    "OptimizerStaticHtmlEnabled": False,
    "OptimizerStaticHtmlWordPressPath": None,
    "OptimizerStaticHtmlWordPressBypassCookie": None,
    "UseBackgroundUpdate": False,
    "EnableAutoSSL": False,
    "EnableQueryStringOrdering": True,
    "LogAnonymizationType": 0,
    "LogFormat": 0,
    "LogForwardingFormat": 0,
    "ShieldDDosProtectionType": 1,
    "ShieldDDosProtectionEnabled": False,
    "OriginType": 0,
    "EnableRequestCoalescing": False,
    "RequestCoalescingTimeout": 30,
    "OriginLinkValue": None,
    "DisableLetsEncrypt": False,
    "EnableBunnyImageAi": False,
    "BunnyAiImageBlueprints": [],
    "PreloadingScreenEnabled": False,
    "PreloadingScreenShowOnFirstVisit": False,
    "PreloadingScreenCode": None,
    "PreloadingScreenLogoUrl": None,
    "PreloadingScreenCodeEnabled": False,
    "PreloadingScreenTheme": 0,
    "PreloadingScreenDelay": 700,
    "EUUSDiscount": 0,
    "SouthAmericaDiscount": 0,
    "AfricaDiscount": 0,
    "AsiaOceaniaDiscount": 0,
    "RoutingFilters": ["all"],
    "BlockNoneReferrer": False,
    "StickySessionType": 0,
    "StickySessionCookieName": None,
    "StickySessionClientHeaders": None,
    "LoadBalancerId": None,
    "UserId": None,
    "CacheVersion": 0,
    "OptimizerEnableUpscaling": False,
    "EnableWebSockets": False,
    "MaxWebSocketConnections": 0,
    "EnableExtendedLogging": False,
    "CacheKeyHeaders": None,
}
# The read model's numbers the vendor types as double or decimal: JSON numbers with a fraction part,
# whatever the request or fixture gave (the settings model types LimitRatePerSecond as an integer).
DECIMAL_PROPERTIES = ("LimitRatePerSecond", "LimitRateAfter", "MonthlyCharges", "PriceOverride", "OptimizerPricing", "OptimizerWatermarkOffset")
# The fixtures of older tests and demos give an origin; a zone loaded without one gets this.
FIXTURE_ORIGIN_URL = "https://origin.example.com"
# Every property of the vendor's EdgeRuleV2Model but Guid and OrderIndex, at a new rule's value.
EDGE_RULE_DEFAULTS = {
    "ActionType": 0,
    "ActionParameter1": None,
    "ActionParameter2": None,
    "ActionParameter3": None,
    "Triggers": [],
    "ExtraActions": [],
    "TriggerMatchingType": 0,
    "Description": "",
    "Enabled": True,
    "ReadOnly": False,
}
TRIGGER_DEFAULTS = {"Type": 0, "PatternMatches": [], "PatternMatchingType": 0, "Parameter1": None}
EXTRA_ACTION_DEFAULTS = {"ActionType": 0, "ActionParameter1": None, "ActionParameter2": None, "ActionParameter3": None}
# The tiers the vendor's settings model names for MaxWebSocketConnections; another value is rounded up to the next.
WEBSOCKET_TIERS = (500, 1000, 2500, 5000, 10000, 25000)
# The vendor ignores vary parameters with other characters than these.
VARY_PARAMETER = re.compile(r"^[A-Za-z0-9_-]+$")
VARY_PARAMETER_LISTS = ("QueryStringVaryParameters", "CookieVaryParameters")
# Settings whose name in the settings model differs from the read model's (the vendor binds them without regard to case).
SETTING_NAMES = {"EnableWebpVary": "EnableWebPVary"}
INT32_MAX = 2**31 - 1


class HostnameRequest(ContractModel):
    """The body of every hostname, referrer and certificate operation of pull zones and video libraries."""

    Hostname: Annotated[str, Field(min_length=1)]


class ToggleRequest(ContractModel):
    Id: Optional[int] = None
    Value: bool


class BlockedIpRequest(ContractModel):
    """The vendor's AddBlockedIpRequestModel and RemoveBlockedIpRequestModel, alike."""

    BlockedIp: Annotated[str, Field(min_length=1)]


class ForceSslRequest(ContractModel):
    """The vendor's ForceSSLRequestModel: both fields required."""

    Hostname: Annotated[str, Field(min_length=1)]
    ForceSSL: bool


def system_hostname(zone: Dict[str, Any]) -> str:
    for hostname in zone["Hostnames"]:
        if hostname["IsSystemHostname"]:
            return hostname["Value"]
    return f"{zone['Name']}{SYSTEM_HOSTNAME_SUFFIX}"


def _hostname_record(value: str, hostname_id: int, system: bool = False) -> Dict[str, Any]:
    return {
        "Id": hostname_id,
        "Value": value,
        "ForceSSL": False,
        "IsSystemHostname": system,
        "IsManagedHostname": False,
        "HasCertificate": system,
        "Certificate": None,
        "CertificateKey": None,
        "CertificateKeyType": 0,
        "CertificateProvisionType": 0,
    }


def _all_hostnames(zones: List[Dict[str, Any]]) -> Iterator[Tuple[Dict[str, Any], Dict[str, Any]]]:
    for zone in zones:
        for hostname in zone["Hostnames"]:
            yield zone, hostname


def _next_hostname_id(zones: List[Dict[str, Any]]) -> int:
    return next_int_id(hostname["Id"] for zone in zones for hostname in zone.get("Hostnames") or [] if isinstance(hostname.get("Id"), int))


def _fill_edge_rule(rule: Dict[str, Any], order_index: int) -> Dict[str, Any]:
    filled = {"Guid": rule.get("Guid") or new_guid(), **EDGE_RULE_DEFAULTS, "OrderIndex": order_index}
    filled.update({name: value for name, value in rule.items() if name != "Guid"})
    filled["Triggers"] = [{**TRIGGER_DEFAULTS, **trigger} for trigger in filled["Triggers"] or []]
    filled["ExtraActions"] = [{**EXTRA_ACTION_DEFAULTS, **action} for action in filled["ExtraActions"] or []]
    return filled


def _fill_zone(zone: Dict[str, Any], next_ids: Dict[str, int], origin_url: Optional[str] = None) -> Dict[str, Any]:
    """Complete one zone in the vendor's property order; `next_ids` holds the next free zone and hostname ids and is advanced."""
    if "Id" not in zone:
        zone["Id"] = next_ids["zone"]
        next_ids["zone"] += 1
    zone.setdefault("Name", f"pullzone-{zone['Id']}")
    zone.setdefault("OriginUrl", origin_url)
    zone.setdefault("ZoneSecurityKey", new_guid())
    hostnames = []
    for given in zone.get("Hostnames") or []:
        hostname_id = given.get("Id", next_ids["hostname"])
        next_ids["hostname"] = max(next_ids["hostname"], hostname_id) + 1
        hostnames.append({**_hostname_record(given.get("Value", ""), hostname_id, given.get("IsSystemHostname", False)), **given})
    if not any(hostname["IsSystemHostname"] for hostname in hostnames):
        hostnames.insert(0, _hostname_record(f"{zone['Name']}{SYSTEM_HOSTNAME_SUFFIX}", next_ids["hostname"], system=True))
        next_ids["hostname"] += 1
    zone["Hostnames"] = hostnames
    zone["EdgeRules"] = [_fill_edge_rule(rule, index) for index, rule in enumerate(zone.get("EdgeRules") or [])]
    filled = {name: zone[name] if name in zone else copy.deepcopy(value) for name, value in ZONE_DEFAULTS.items()}
    filled.update(zone)
    for name in DECIMAL_PROPERTIES:
        filled[name] = float(filled[name])
    return filled


def _next_ids(zones: List[Dict[str, Any]]) -> Dict[str, int]:
    return {"zone": next_int_id(zone["Id"] for zone in zones if isinstance(zone.get("Id"), int)), "hostname": _next_hostname_id(zones)}


def fill_pull_zones(zones: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    next_ids = _next_ids(zones)
    return [_fill_zone(zone, next_ids, FIXTURE_ORIGIN_URL) for zone in zones]


def add_pull_zone(state: SimulatorState, name: str, **fields: Any) -> Dict[str, Any]:
    """Create a zone as the platform does on the side (for an edge script's linked zone)."""
    zone = _fill_zone({"Name": name, **fields}, _next_ids(state.pull_zones))
    hostname_index(state).add_zone(zone)
    return zone


def same_hostname(left: str, right: str) -> bool:
    return left.lower() == right.lower()


class HostnameIndex:
    """Every hostname of the account by its lower-case value, with the zone it is on, and the next free id.

    Built from the zone list it indexes and rebuilt whenever the state holds another list or the
    list's length changes (fixtures loaded, a reset, zones created or deleted); the handlers of
    this module keep it current as they add and remove hostnames.
    """

    def __init__(self, zones: List[Dict[str, Any]]):
        self.zones = zones
        self.zone_count = len(zones)
        self.by_value: Dict[str, Tuple[Dict[str, Any], Dict[str, Any]]] = {}
        for zone, hostname in _all_hostnames(zones):
            self.by_value[hostname["Value"].lower()] = (zone, hostname)
        self.next_id = _next_hostname_id(zones)

    def find(self, value: str) -> Optional[Tuple[Dict[str, Any], Dict[str, Any]]]:
        return self.by_value.get(value.lower())

    def add(self, zone: Dict[str, Any], value: str) -> Dict[str, Any]:
        hostname = _hostname_record(value, self.next_id)
        self.next_id += 1
        zone["Hostnames"].append(hostname)
        self.by_value[value.lower()] = (zone, hostname)
        return hostname

    def remove(self, zone: Dict[str, Any], hostname: Dict[str, Any]) -> None:
        zone["Hostnames"].remove(hostname)
        del self.by_value[hostname["Value"].lower()]

    def add_zone(self, zone: Dict[str, Any]) -> None:
        """Append a zone to the indexed list, with its hostnames."""
        self.zones.append(zone)
        self.zone_count += 1
        for hostname in zone["Hostnames"]:
            self.by_value[hostname["Value"].lower()] = (zone, hostname)
            self.next_id = max(self.next_id, hostname["Id"] + 1)

    def remove_zone(self, zone: Dict[str, Any]) -> None:
        self.zones.remove(zone)
        self.zone_count -= 1
        for hostname in zone["Hostnames"]:
            self.by_value.pop(hostname["Value"].lower(), None)


# Each simulator state's index, kept beside the state rather than in it: the state is shared by
# every area and knows nothing of hostnames.
_INDEXES: "weakref.WeakKeyDictionary[SimulatorState, HostnameIndex]" = weakref.WeakKeyDictionary()


def hostname_index(state: SimulatorState) -> HostnameIndex:
    """The state's hostname index; call it with the state's lock held."""
    index = _INDEXES.get(state)
    if index is None or index.zones is not state.pull_zones or index.zone_count != len(state.pull_zones):
        index = _INDEXES[state] = HostnameIndex(state.pull_zones)
    return index


def add_referrer(record: Dict[str, Any], list_name: str, hostname: str) -> None:
    """Add a referrer unless the list already holds it: the list stays free of duplicates."""
    if not any(same_hostname(entry, hostname) for entry in record[list_name]):
        record[list_name].append(hostname)


def remove_referrer(record: Dict[str, Any], list_name: str, hostname: str) -> None:
    """Remove a referrer; one the list does not hold is already gone, which is not an error."""
    record[list_name] = [entry for entry in record[list_name] if not same_hostname(entry, hostname)]


def _find_zone(state: SimulatorState, zone_id: int) -> Dict[str, Any]:
    return find_record(state.pull_zones, zone_id, f"The pull zone {zone_id} was not found.")


def _zone_with_hostname(state: SimulatorState, value: str, field: str = "Hostname") -> Tuple[Dict[str, Any], Dict[str, Any]]:
    found = hostname_index(state).find(value)
    if found is None:
        raise ApiError(404, f"The hostname '{value}' is not on any pull zone of the account.", errors=[field_error(field, "No pull zone has this hostname.")])
    return found


def _hostname_on_zone(state: SimulatorState, zone: Dict[str, Any], value: str) -> Dict[str, Any]:
    found = hostname_index(state).find(value)
    if found is None or found[0] is not zone:
        problem = field_error("Hostname", f"The pull zone has no hostname '{value}'.")
        raise ApiError(400, problem["message"], errors=[problem], key="pullzone.hostname_not_found")
    return found[1]


def _without_certificates(zone: Dict[str, Any]) -> Dict[str, Any]:
    return {**zone, "Hostnames": [{**hostname, **dict.fromkeys(CERTIFICATE_FIELDS)} for hostname in zone["Hostnames"]]}


def _install_certificate(hostname: Dict[str, Any], provision_type: int) -> None:
    hostname["HasCertificate"] = True
    hostname["CertificateProvisionType"] = provision_type
    hostname["Certificate"] = "LS0tLS1CRUdJTi" + new_id(40)
    hostname["CertificateKey"] = "LS0tLS1QUklWQVRF" + new_id(40)


def install_wildcard_certificate(state: SimulatorState, domain: str) -> None:
    """A wildcard certificate for ``domain`` (issued through its Bunny DNS zone) serves the account's
    hostnames it covers that have none: the domain, ``*.<domain>`` and the names one label below it.
    Call with the state's lock held."""
    domain = domain.lower().rstrip(".")
    for _zone, hostname in _all_hostnames(state.pull_zones):
        value = hostname["Value"].lower().rstrip(".")
        head, _dot, rest = value.partition(".")
        covered = value == domain or (rest == domain and head)
        if covered and not hostname["HasCertificate"]:
            _install_certificate(hostname, CERTIFICATE_PROVISION_DNS01)


HOSTNAME_BODY = documented_body(HostnameRequest)


# Declared before /{id}, which would otherwise take "loadFreeCertificate" for a zone id.
@router.get("/loadFreeCertificate")
async def load_free_certificate(request: Request, hostname: Optional[str] = None, useOnlyHttp01: bool = True):
    if not hostname:
        raise ApiError(400, "The hostname is required.", errors=[field_error("hostname", "A hostname to load the certificate for is required.")])
    state = state_of(request)
    with state.lock:
        _zone, record = _zone_with_hostname(state, hostname, field="hostname")
        if any(same_hostname(hostname, unpointed) for unpointed in state.settings.unpointed_hostnames):
            # What the service answers when the hostname does not resolve to the CDN (the vendor's
            # Terraform provider recognises this message).
            problem = field_error("hostname", f"The domain {record['Value']} is not pointing to our servers.")
            raise ApiError(400, problem["message"], errors=[problem], key="pullzone.domain_not_pointing")
        # DNS validation needs a bunny.net DNS zone for the domain, which the simulator does not
        # have, so every free certificate is validated over HTTP as useOnlyHttp01's default says.
        _install_certificate(record, CERTIFICATE_PROVISION_HTTP01)
    return empty_response(200)


@router.post("/{id}/addHostname", openapi_extra=HOSTNAME_BODY)
async def add_hostname(request: Request, id: int):
    body = await read_body(request, HostnameRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        index = hostname_index(state)
        if index.find(body.Hostname) is not None:
            problem = field_error("Hostname", f"The hostname '{body.Hostname}' is already registered.")
            raise ApiError(400, problem["message"], errors=[problem], key="pullzone.hostname_already_registered")
        hostname = index.add(zone, body.Hostname)
        if zone["EnableAutoSSL"]:
            _install_certificate(hostname, CERTIFICATE_PROVISION_HTTP01)
    return empty_response(204)


@router.delete("/{id}/removeHostname", openapi_extra=HOSTNAME_BODY)
async def remove_hostname(request: Request, id: int):
    body = await read_body(request, HostnameRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        hostname = _hostname_on_zone(state, zone, body.Hostname)
        if hostname["IsSystemHostname"]:
            problem = field_error("Hostname", "The system hostname of a pull zone cannot be removed.")
            raise ApiError(400, problem["message"], errors=[problem], key="pullzone.system_hostname")
        hostname_index(state).remove(zone, hostname)
    return empty_response(204)


@router.post("/{id}/setForceSSL", openapi_extra=documented_body(ForceSslRequest))
async def set_force_ssl(request: Request, id: int):
    body = await read_body(request, ForceSslRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        _hostname_on_zone(state, zone, body.Hostname)["ForceSSL"] = body.ForceSSL
    return empty_response(204)


# Pull zones and video libraries keep their referrer lists alike and take the same four operations.
REFERRER_OPERATIONS = (
    ("addAllowedReferrer", "AllowedReferrers", add_referrer),
    ("removeAllowedReferrer", "AllowedReferrers", remove_referrer),
    ("addBlockedReferrer", "BlockedReferrers", add_referrer),
    ("removeBlockedReferrer", "BlockedReferrers", remove_referrer),
)


def add_referrer_routes(router: APIRouter, find_record, success_status: int, stamp_field: Optional[str] = None) -> None:
    """Serves the four referrer operations on ``/{id}/<operation>`` for records ``find_record`` finds."""
    for operation, list_name, change in REFERRER_OPERATIONS:
        router.add_api_route(
            "/{id}/" + operation,
            _referrer_endpoint(find_record, list_name, change, success_status, stamp_field),
            methods=["POST"],
            name=operation,
            openapi_extra=HOSTNAME_BODY,
        )


def _referrer_endpoint(find_record, list_name: str, change, success_status: int, stamp_field: Optional[str]):
    async def change_referrers(request: Request, id: int):
        body = await read_body(request, HostnameRequest)
        state = state_of(request)
        with state.lock:
            record = find_record(state, id)
            change(record, list_name, body.Hostname)
            if stamp_field:
                record[stamp_field] = utc_now()
        return empty_response(success_status)

    return change_referrers


add_referrer_routes(router, _find_zone, success_status=204)


@router.post("/{pullZoneId}/edgerules/{edgeRuleId}/setEdgeRuleEnabled", openapi_extra=documented_body(ToggleRequest))
async def set_edge_rule_enabled(request: Request, pullZoneId: int, edgeRuleId: str):
    body = await read_body(request, ToggleRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, pullZoneId)
        rule = _find_edge_rule(zone, edgeRuleId)
        _refuse_read_only(rule)
        rule["Enabled"] = body.Value
    return empty_response(204)


@router.post("/requestExternalDnsCertificate", openapi_extra=HOSTNAME_BODY)
async def request_external_dns_certificate(request: Request):
    body = await read_body(request, HostnameRequest)
    state = state_of(request)
    with state.lock:
        _zone, hostname = _zone_with_hostname(state, body.Hostname)
    return json_response({"RecordType": "TXT", "RecordName": f"_acme-challenge.{hostname['Value']}", "RecordValue": new_id(43)})


@router.post("/requestExternalHttpCertificate", openapi_extra=HOSTNAME_BODY)
async def request_external_http_certificate(request: Request):
    """The HTTP-01 challenge: the file the hostname's server must serve, and its content.

    The vendor's document does not give the answer's properties; the simulator's follow the DNS
    variant's plainness: where the file goes and what it holds.
    """
    body = await read_body(request, HostnameRequest)
    state = state_of(request)
    with state.lock:
        _zone, hostname = _zone_with_hostname(state, body.Hostname)
    token = new_id(43)
    return json_response({"FilePath": f"/.well-known/acme-challenge/{token}", "FileContent": f"{token}.{new_id(43)}", "Hostname": hostname["Value"]})


@router.post("/completeExternalHttpCertificate", openapi_extra=HOSTNAME_BODY)
async def complete_external_http_certificate(request: Request):
    body = await read_body(request, HostnameRequest)
    state = state_of(request)
    with state.lock:
        _zone, hostname = _zone_with_hostname(state, body.Hostname)
        _install_certificate(hostname, CERTIFICATE_PROVISION_HTTP01)
    return empty_response(200)


@router.post("/completeExternalDnsCertificate", openapi_extra=HOSTNAME_BODY)
async def complete_external_dns_certificate(request: Request):
    body = await read_body(request, HostnameRequest)
    state = state_of(request)
    with state.lock:
        _zone, hostname = _zone_with_hostname(state, body.Hostname)
        _install_certificate(hostname, CERTIFICATE_PROVISION_DNS01)
    return empty_response(200)


def _find_edge_rule(zone: Dict[str, Any], guid: str) -> Dict[str, Any]:
    for rule in zone["EdgeRules"]:
        if str(rule["Guid"]).lower() == guid.lower():
            return rule
    raise ApiError(404, f"The pull zone {zone['Id']} has no edge rule '{guid}'.", key="pullzone.edgerule_not_found")


def _refuse_read_only(rule: Dict[str, Any]) -> None:
    """The vendor's model: a read-only rule cannot be modified or deleted."""
    if rule["ReadOnly"]:
        raise ApiError(400, f"The edge rule '{rule['Guid']}' is read-only.", key="pullzone.edgerule_read_only")


PrivateKeyUpdateRequest = vendor_request_model("core", "PrivateKeyUpdateModel")
AddCertificateRequest = vendor_request_model("core", "AddCertificateRequestModel")
RemoveCertificateRequest = vendor_request_model("core", "RemoveCertificateRequestModel")
ResetSecurityKeyRequest = vendor_request_model("core", "ResetPullZoneSecurityKeyModel")


@router.post("/{id}/updatePrivateKeyType", openapi_extra=documented_body(PrivateKeyUpdateRequest))
async def update_private_key_type(request: Request, id: int):
    """The key type of the hostname's certificates from now on (the vendor's PrivateKeyType, 0 ECDSA, 1 RSA)."""
    body = await read_body(request, PrivateKeyUpdateRequest)
    state = state_of(request)
    with state.lock:
        _find_zone(state, id)
        _zone, hostname = _zone_with_hostname(state, body.Hostname)
        hostname["CertificateKeyType"] = body.KeyType
    return empty_response(200)


@router.post("/{id}/addCertificate", openapi_extra=documented_body(AddCertificateRequest))
async def add_certificate(request: Request, id: int):
    """A certificate of the user's own (base64 PEM, as the vendor's Terraform provider sends it), kept as sent."""
    body = await read_body(request, AddCertificateRequest)
    state = state_of(request)
    with state.lock:
        hostname = _hostname_on_zone(state, _find_zone(state, id), body.Hostname)
        hostname.update(HasCertificate=True, Certificate=body.Certificate, CertificateKey=body.CertificateKey)
        hostname["CertificateProvisionType"] = CERTIFICATE_PROVISION_CUSTOM
    return empty_response(204)


@router.delete("/{id}/removeCertificate", openapi_extra=documented_body(RemoveCertificateRequest))
async def remove_certificate(request: Request, id: int):
    """The hostname's certificate goes, whoever provided it; the system hostname keeps the platform's."""
    body = await read_body(request, RemoveCertificateRequest)
    state = state_of(request)
    with state.lock:
        hostname = _hostname_on_zone(state, _find_zone(state, id), body.Hostname)
        if hostname["IsSystemHostname"]:
            problem = field_error("Hostname", "The certificate of the system hostname cannot be removed.")
            raise ApiError(400, problem["message"], errors=[problem], key="pullzone.system_hostname")
        hostname.update(HasCertificate=False, Certificate=None, CertificateKey=None, CertificateProvisionType=0)
    return empty_response(204)


@router.post("/{id}/resetSecurityKey", openapi_extra=documented_optional_body(ResetSecurityKeyRequest))
async def reset_security_key(request: Request, id: int):
    """The token authentication key becomes the one sent, or a new one."""
    body = await read_optional_body(request, ResetSecurityKeyRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        zone["ZoneSecurityKey"] = body.SecurityKey if body is not None and body.SecurityKey else new_guid()
    return empty_response(204)


@router.get("/{pullZoneId}/optimizer/statistics")
async def optimizer_statistics(
    request: Request, pullZoneId: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO, hourly: bool = False
):
    keys = chart_keys(date_from, date_to, hourly)
    state = state_of(request)
    with state.lock:
        _find_zone(state, pullZoneId)
        empty = {
            "RequestsOptimizedChart": chart(keys, 0), "AverageCompressionChart": chart(keys, 0), "TrafficSavedChart": chart(keys, 0),
            "AverageProcessingTimeChart": chart(keys, 0), "TotalRequestsOptimized": 0.0, "TotalTrafficSaved": 0.0,
            "AverageProcessingTime": 0.0, "AverageCompressionRatio": 0.0,
        }  # fmt: skip
        return json_response(report(state, request.url.path, empty))


@router.get("/{pullZoneId}/originshield/queuestatistics")
async def origin_shield_queue_statistics(
    request: Request, pullZoneId: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO, hourly: bool = False
):
    keys = chart_keys(date_from, date_to, hourly)
    state = state_of(request)
    with state.lock:
        _find_zone(state, pullZoneId)
        empty = {"ConcurrentRequestsChart": chart(keys, 0), "QueuedRequestsChart": chart(keys, 0)}
        return json_response(report(state, request.url.path, empty))


@router.get("/{pullZoneId}/safehop/statistics")
async def safe_hop_statistics(
    request: Request, pullZoneId: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO, hourly: bool = False
):
    keys = chart_keys(date_from, date_to, hourly)
    state = state_of(request)
    with state.lock:
        _find_zone(state, pullZoneId)
        empty = {"RequestsRetriedChart": chart(keys, 0), "RequestsSavedChart": chart(keys, 0), "TotalRequestsRetried": 0.0, "TotalRequestsSaved": 0.0}
        return json_response(report(state, request.url.path, empty))


EdgeRuleRequest = vendor_request_model("core", "EdgeRuleV2Model")
PullZoneAddRequest = vendor_request_model("core", "PullZoneAddModel")
PullZoneSettingsRequest = vendor_request_model("core", "PullZoneSettingsModel")
PullZonePurgeRequest = vendor_request_model("core", "PullZonePurgeModel")
ZoneAvailabilityRequest = vendor_request_model("core", "ZoneAvailabilityRequestModel")


@router.post("/{pullZoneId}/edgerules/addOrUpdate", openapi_extra=documented_body(EdgeRuleRequest))
async def add_or_update_edge_rule(request: Request, pullZoneId: int):
    """A body with the Guid of a rule of the zone replaces that rule; one without a Guid adds a rule with a new one.

    Properties left out take a new rule's values, except OrderIndex, which an updated rule keeps and
    a new rule takes after the last. ReadOnly is the platform's to set and is not taken from the body.
    """
    body = await read_body(request, EdgeRuleRequest)
    given = {name: value for name, value in body.model_dump(exclude_none=True).items() if name != "ReadOnly"}
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, pullZoneId)
        if body.Guid:
            rule = _find_edge_rule(zone, body.Guid)
            _refuse_read_only(rule)
            replacement = _fill_edge_rule({"OrderIndex": rule["OrderIndex"], **given, "Guid": rule["Guid"]}, rule["OrderIndex"])
            zone["EdgeRules"][zone["EdgeRules"].index(rule)] = replacement
        else:
            next_index = max((rule["OrderIndex"] for rule in zone["EdgeRules"]), default=-1) + 1
            replacement = _fill_edge_rule({**given, "Guid": new_guid()}, next_index)
            zone["EdgeRules"].append(replacement)
        return json_response(replacement, 201)


@router.delete("/{pullZoneId}/edgerules/{edgeRuleId}")
async def delete_edge_rule(request: Request, pullZoneId: int, edgeRuleId: str):
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, pullZoneId)
        rule = _find_edge_rule(zone, edgeRuleId)
        _refuse_read_only(rule)
        zone["EdgeRules"].remove(rule)
    return empty_response(204)


@router.post("/{id}/addBlockedIp", openapi_extra=documented_body(BlockedIpRequest))
async def add_blocked_ip(request: Request, id: int):
    body = await read_body(request, BlockedIpRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        if body.BlockedIp not in zone["BlockedIps"]:
            zone["BlockedIps"].append(body.BlockedIp)
    return empty_response(204)


@router.post("/{id}/removeBlockedIp", openapi_extra=documented_body(BlockedIpRequest))
async def remove_blocked_ip(request: Request, id: int):
    """An address the list does not hold is already unblocked, which is not an error."""
    body = await read_body(request, BlockedIpRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        zone["BlockedIps"] = [address for address in zone["BlockedIps"] if address != body.BlockedIp]
    return empty_response(204)


@router.post("/{id}/purgeCache", openapi_extra={"requestBody": {**documented_body(PullZonePurgeRequest)["requestBody"], "required": False}})
async def purge_zone_cache(request: Request, id: int):
    """Purge the zone, or only what carries the body's CacheTag; the body is optional."""
    cache_tag = None
    if (await request.body()).strip():
        cache_tag = (await read_body(request, PullZonePurgeRequest)).CacheTag
    state = state_of(request)
    with state.lock:
        _find_zone(state, id)
        state.purges.append({"PullZoneId": id, "CacheTag": cache_tag, "Url": None, "Async": False, "ExactPath": False})
    return empty_response(204)


@router.get("/count")
async def count_pull_zones(request: Request):
    state = state_of(request)
    with state.lock:
        return json_response({"Count": len(state.pull_zones)})


@router.post("/checkavailability", openapi_extra=documented_body(ZoneAvailabilityRequest))
async def check_pull_zone_availability(request: Request):
    body = await read_body(request, ZoneAvailabilityRequest)
    if not body.Name:
        raise ApiError(400, "A name to check is required.", errors=[field_error("Name", "A name to check is required.")])
    state = state_of(request)
    with state.lock:
        return json_response({"Available": not _name_taken(state, body.Name)})


def _name_taken(state: SimulatorState, name: str) -> bool:
    """Pull zone names are unique across bunny.net without regard to case: the account's zones and the names other accounts hold."""
    taken = [zone["Name"] for zone in state.pull_zones] + state.settings.taken_pull_zone_names
    return any(holder.lower() == name.lower() for holder in taken)


def _read_model(zone: Dict[str, Any], include_certificate: bool = False) -> Dict[str, Any]:
    return zone if include_certificate else _without_certificates(zone)


def _web_socket_tier(value: int) -> int:
    if value <= 0:
        return value
    for tier in WEBSOCKET_TIERS:
        if value <= tier:
            return tier
    problem = field_error("MaxWebSocketConnections", f"At most {WEBSOCKET_TIERS[-1]} WebSocket connections can be set.")
    raise ApiError(400, problem["message"], errors=[problem], key="pullzone.validation_error")


# The port each scheme of a DNS origin uses when its URL names none.
DNS_ORIGIN_DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin_parts(url: str) -> Optional[Tuple[str, str, Optional[int]]]:
    """``(scheme, host, port or None)`` of an origin URL; an IPv6 address in brackets or bare keeps its colons."""
    if "://" not in (url or ""):
        return None
    scheme, rest = url.split("://", 1)
    authority = rest.split("/", 1)[0]
    if authority.startswith("["):
        host, _bracket, tail = authority.partition("]")
        return scheme.lower(), host + "]", int(tail[1:]) if tail[1:].isdigit() else None
    if authority.count(":") == 1:
        host, port = authority.split(":")
        return scheme.lower(), host, int(port) if port.isdigit() else None
    return scheme.lower(), authority, None


def _set_dns_origin(zone: Dict[str, Any], scheme: Optional[str], port: Optional[int]) -> None:
    """A DNS-accelerated zone fetches from its record's address: the scheme and port go into its origin URL.

    The read model has no DnsOriginScheme or DnsOriginPort; the URL carries them (the vendor's
    Terraform provider reads them from it), without the port a scheme uses by default. A port left
    out keeps the one the URL names. For other origin types they are accepted and not kept.
    """
    parts = _origin_parts(zone.get("OriginUrl"))
    if zone["OriginType"] != ORIGIN_TYPE_DNS_ACCELERATE or parts is None or (scheme is None and port is None):
        return
    if port is not None and not 1 <= port <= 65535:
        problem = field_error("DnsOriginPort", "The origin port must be between 1 and 65535.")
        raise ApiError(400, problem["message"], errors=[problem], key="pullzone.validation_error")
    current_scheme, host, current_port = parts
    scheme = (scheme or current_scheme).lower()
    port = port if port is not None else current_port
    zone["OriginUrl"] = f"{scheme}://{host}" + (f":{port}" if port and port != DNS_ORIGIN_DEFAULT_PORTS.get(scheme) else "")


def _apply_settings(zone: Dict[str, Any], settings: Dict[str, Any]) -> None:
    """Set the properties given; null or left out leaves a property as it is, which is why every setting of the vendor's models is nullable.

    The deprecated CacheControlBrowserMaxAgeOverride has no property in the read model; it is
    accepted and not kept. DnsOriginPort and DnsOriginScheme move a DNS origin's URL.
    """
    for name, value in settings.items():
        if value is None or name == "Name":
            continue
        name = SETTING_NAMES.get(name, name)
        if name not in ZONE_DEFAULTS:
            continue
        if name in VARY_PARAMETER_LISTS:
            value = [parameter for parameter in value if VARY_PARAMETER.match(parameter)]
        elif name == "MaxWebSocketConnections":
            value = _web_socket_tier(value)
        elif name in DECIMAL_PROPERTIES:
            value = float(value)
        zone[name] = value
    # Serving stale content while updating needs the background update, which the API turns on with it
    # (users of the vendor's Terraform provider saw UseBackgroundUpdate read back true after setting it false).
    if zone["UseStaleWhileUpdating"]:
        zone["UseBackgroundUpdate"] = True
    _set_dns_origin(zone, settings.get("DnsOriginScheme"), settings.get("DnsOriginPort"))


@router.get("")
async def list_pull_zones(
    request: Request,
    page: int = Query(default=0, ge=0, le=INT32_MAX),
    per_page: int = Query(default=1000, alias="perPage", ge=5, le=1000),
    search: Optional[str] = None,
    include_certificate: bool = Query(default=False, alias="includeCertificate"),
):
    """Page 0 (the default) answers every zone as a plain array, a page from 1 on the vendor's paged object.

    The search term matches the zone names, without regard to case.
    """
    state = state_of(request)
    needle = search.lower() if search else None
    with state.lock:
        zones = [_read_model(zone, include_certificate) for zone in state.pull_zones if needle is None or needle in zone["Name"].lower()]
    if page == 0:
        return json_response(zones)
    start = (page - 1) * per_page
    return json_response(
        {"Items": zones[start : start + per_page], "CurrentPage": page, "TotalItems": len(zones), "HasMoreItems": start + per_page < len(zones)}
    )


@router.post("", openapi_extra=documented_body(PullZoneAddRequest))
async def create_pull_zone(request: Request):
    body = await read_body(request, PullZoneAddRequest)
    settings = body.model_dump(exclude_none=True)
    state = state_of(request)
    with state.lock:
        if _name_taken(state, body.Name):
            problem = field_error("Name", f"The pull zone name '{body.Name}' is already taken.")
            raise ApiError(400, problem["message"], errors=[problem], key="pullzone.name_taken")
        zone = _fill_zone({"Name": body.Name}, _next_ids(state.pull_zones))
        _apply_settings(zone, settings)
        if hostname_index(state).find(system_hostname(zone)) is not None:
            problem = field_error("Name", f"The hostname '{system_hostname(zone)}' is already registered.")
            raise ApiError(400, problem["message"], errors=[problem], key="pullzone.name_taken")
        hostname_index(state).add_zone(zone)
        return json_response(_read_model(zone), 201)


@router.get("/{id}")
async def get_pull_zone(request: Request, id: int, include_certificate: bool = Query(default=False, alias="includeCertificate")):
    state = state_of(request)
    with state.lock:
        return json_response(_read_model(_find_zone(state, id), include_certificate))


@router.post("/{id}", openapi_extra=documented_body(PullZoneSettingsRequest))
async def update_pull_zone(request: Request, id: int):
    """Only the properties sent change; the answer is the whole zone, as the vendor documents it."""
    body = await read_body(request, PullZoneSettingsRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        # A shallow copy: settings replace top-level properties only, and the zone's hostnames, edge
        # rules and lists stay the very objects the hostname index and later writes hold.
        changed = dict(zone)
        _apply_settings(changed, body.model_dump(exclude_none=True))
        zone.update(changed)
        return json_response(_read_model(zone))


@router.delete("/{id}")
async def delete_pull_zone(request: Request, id: int):
    """Delete the zone; edge scripts linked to it no longer list it."""
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        hostname_index(state).remove_zone(zone)
        for script in state.edge_scripts:
            script["LinkedPullZones"] = [linked for linked in script.get("LinkedPullZones") or [] if linked.get("Id") != id]
    return empty_response(204)


purge_router = APIRouter(prefix="/purge", tags=["Pull zones"], dependencies=[Depends(require_access_key)])


@purge_router.post("")
async def purge_url(
    request: Request, url: str, purge_async: bool = Query(default=False, alias="async"), exact_path: bool = Query(default=False, alias="exactPath")
):
    """Purge one URL; the log names the pull zone whose hostname the URL is on, null when none of the account's is."""
    host = urlsplit(url).hostname
    if urlsplit(url).scheme not in ("http", "https") or not host:
        raise ApiError(400, "The URL to purge must be an absolute http or https URL.", errors=[field_error("url", "Not an absolute http or https URL.")])
    state = state_of(request)
    with state.lock:
        found = hostname_index(state).find(host)
        zone_id = found[0]["Id"] if found else None
        state.purges.append({"PullZoneId": zone_id, "CacheTag": None, "Url": url, "Async": purge_async, "ExactPath": exact_path})
    return empty_response(200)


AREA = Area(name="pull_zones", prefix="/pullzone", error_style=LegacyStyle(), routers=(router,), fixture_fillers={"pull_zones": fill_pull_zones})
# `/purge` belongs to the core API and answers errors in its legacy shape.
PURGE_AREA = Area(name="purge", prefix="/purge", error_style=LegacyStyle(), routers=(purge_router,))
