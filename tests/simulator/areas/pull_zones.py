"""Pull zones under `/pullzone`: custom hostnames, referrer lists, edge rule switches, external-DNS certificates.

Stored zones are in the shape `GET /pullzone/{id}` returns. Hostnames are compared without
regard to case, as DNS names are; a hostname belongs to at most one zone of the account. An index
of every hostname of the account keeps adding and finding one constant-time, so that a zone with
thousands of hostnames costs the simulator no more per request than a small one.
"""

import copy
import weakref
from typing import Any, Dict, Iterator, List, Optional, Tuple

from fastapi import APIRouter, Depends, Query, Request
from pydantic import Field
from typing_extensions import Annotated

from ..auth import require_access_key
from ..errors import ApiError, LegacyStyle, field_error
from ..ids import new_guid, new_id, next_int_id, utc_now
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import ContractModel, documented_body, read_body
from .base import Area, find_record, state_of

router = APIRouter(prefix="/pullzone", tags=["Pull zones"], dependencies=[Depends(require_access_key)])

SYSTEM_HOSTNAME_SUFFIX = ".b-cdn.net"
# The vendor's CertificateProvisionType: 1 is a certificate validated over HTTP, 2 over DNS.
CERTIFICATE_PROVISION_HTTP01 = 1
CERTIFICATE_PROVISION_DNS01 = 2
# Certificate material, which a read carries only when asked with includeCertificate=true.
CERTIFICATE_FIELDS = ("Certificate", "CertificateKey")
# The scalar settings of the vendor's PullZoneModel that a fixture most likely cares about, at their defaults.
ZONE_DEFAULTS = {
    "OriginUrl": "https://origin.example.com",
    "Enabled": True,
    "Suspended": False,
    "StorageZoneId": 0,
    "EdgeScriptId": 0,
    "EdgeScriptExecutionPhase": 0,
    "MiddlewareScriptId": None,
    "MagicContainersAppId": None,
    "MagicContainersEndpointId": None,
    "BlockedIps": [],
    "Type": 0,
    "OriginHostHeader": "",
    "AddHostHeader": False,
    "EnableGeoZoneUS": True,
    "EnableGeoZoneEU": True,
    "EnableGeoZoneASIA": True,
    "EnableGeoZoneSA": True,
    "EnableGeoZoneAF": True,
    "BlockNoneReferrer": False,
    "IgnoreQueryStrings": True,
    "EnableLogging": True,
    "EnableAutoSSL": False,
    "CacheControlMaxAgeOverride": -1,
    "MonthlyBandwidthLimit": 0,
    "MonthlyBandwidthUsed": 0,
    "MonthlyCharges": 0,
    "VideoLibraryId": 0,
    "CnameDomain": "b-cdn.net",
}
ZONE_FIELDS = ("Id", "Name", "OriginUrl", "Enabled", "Suspended", "Hostnames", "StorageZoneId", "EdgeScriptId", "EdgeScriptExecutionPhase",
               "MiddlewareScriptId", "MagicContainersAppId", "MagicContainersEndpointId", "AllowedReferrers", "BlockedReferrers", "BlockedIps")  # fmt: skip
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


class HostnameRequest(ContractModel):
    """The body of every hostname, referrer and certificate operation of pull zones and video libraries."""

    Hostname: Annotated[str, Field(min_length=1)]


class ToggleRequest(ContractModel):
    Id: Optional[int] = None
    Value: bool


class ForceSslRequest(ContractModel):
    """The vendor's ForceSSLRequestModel: both fields required."""

    Hostname: Annotated[str, Field(min_length=1)]
    ForceSSL: bool


def _in_order(item: Dict[str, Any], fields) -> Dict[str, Any]:
    ordered = {name: item[name] for name in fields if name in item}
    ordered.update(item)
    return ordered


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


def _fill_zone(zone: Dict[str, Any], next_ids: Dict[str, int]) -> Dict[str, Any]:
    """Complete one zone; `next_ids` holds the next free zone and hostname ids and is advanced."""
    if "Id" not in zone:
        zone["Id"] = next_ids["zone"]
        next_ids["zone"] += 1
    zone.setdefault("Name", f"pullzone-{zone['Id']}")
    hostnames = []
    for given in zone.get("Hostnames") or []:
        hostname_id = given.get("Id", next_ids["hostname"])
        next_ids["hostname"] = max(next_ids["hostname"], hostname_id) + 1
        hostnames.append({**_hostname_record(given.get("Value", ""), hostname_id, given.get("IsSystemHostname", False)), **given})
    if not any(hostname["IsSystemHostname"] for hostname in hostnames):
        hostnames.insert(0, _hostname_record(f"{zone['Name']}{SYSTEM_HOSTNAME_SUFFIX}", next_ids["hostname"], system=True))
        next_ids["hostname"] += 1
    zone["Hostnames"] = hostnames
    zone.setdefault("AllowedReferrers", [])
    zone.setdefault("BlockedReferrers", [])
    for name, value in ZONE_DEFAULTS.items():
        zone.setdefault(name, copy.copy(value))
    zone["EdgeRules"] = [
        {**EDGE_RULE_DEFAULTS, "OrderIndex": index, **rule, "Guid": rule.get("Guid") or new_guid()} for index, rule in enumerate(zone.get("EdgeRules") or [])
    ]
    return _in_order(zone, ZONE_FIELDS)


def _next_ids(zones: List[Dict[str, Any]]) -> Dict[str, int]:
    return {"zone": next_int_id(zone["Id"] for zone in zones if isinstance(zone.get("Id"), int)), "hostname": _next_hostname_id(zones)}


def fill_pull_zones(zones: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    next_ids = _next_ids(zones)
    return [_fill_zone(zone, next_ids) for zone in zones]


def add_pull_zone(state: SimulatorState, name: str, **fields: Any) -> Dict[str, Any]:
    """Create a zone as the platform does on the side (for an edge script's linked zone)."""
    zone = _fill_zone({"Name": name, **fields}, _next_ids(state.pull_zones))
    state.pull_zones.append(zone)
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


HOSTNAME_BODY = documented_body(HostnameRequest)


# Declared before /{id}, which would otherwise take "loadFreeCertificate" for a zone id.
@router.get("/loadFreeCertificate")
async def load_free_certificate(request: Request, hostname: Optional[str] = None, useOnlyHttp01: bool = True):
    if not hostname:
        raise ApiError(400, "The hostname is required.", errors=[field_error("hostname", "A hostname to load the certificate for is required.")])
    state = state_of(request)
    with state.lock:
        _zone, record = _zone_with_hostname(state, hostname, field="hostname")
        # DNS validation needs a bunny.net DNS zone for the domain, which the simulator does not
        # have, so every free certificate is validated over HTTP as useOnlyHttp01's default says.
        _install_certificate(record, CERTIFICATE_PROVISION_HTTP01)
    return empty_response(200)


@router.get("/{id}")
async def get_pull_zone(request: Request, id: int, include_certificate: bool = Query(default=False, alias="includeCertificate")):
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        return json_response(zone if include_certificate else _without_certificates(zone))


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
        index.add(zone, body.Hostname)
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
        for rule in zone["EdgeRules"]:
            if str(rule["Guid"]).lower() == edgeRuleId.lower():
                rule["Enabled"] = body.Value
                return empty_response(204)
    raise ApiError(404, f"The pull zone {pullZoneId} has no edge rule '{edgeRuleId}'.")


@router.post("/requestExternalDnsCertificate", openapi_extra=HOSTNAME_BODY)
async def request_external_dns_certificate(request: Request):
    body = await read_body(request, HostnameRequest)
    state = state_of(request)
    with state.lock:
        _zone, hostname = _zone_with_hostname(state, body.Hostname)
    return json_response({"RecordType": "TXT", "RecordName": f"_acme-challenge.{hostname['Value']}", "RecordValue": new_id(43)})


@router.post("/completeExternalDnsCertificate", openapi_extra=HOSTNAME_BODY)
async def complete_external_dns_certificate(request: Request):
    body = await read_body(request, HostnameRequest)
    state = state_of(request)
    with state.lock:
        _zone, hostname = _zone_with_hostname(state, body.Hostname)
        _install_certificate(hostname, CERTIFICATE_PROVISION_DNS01)
    return empty_response(200)


AREA = Area(name="pull_zones", prefix="/pullzone", error_style=LegacyStyle(), router=router, fixture_fillers={"pull_zones": fill_pull_zones})
