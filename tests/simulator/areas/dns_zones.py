"""Bunny DNS under `/dnszone`: zones, their records with each type's rules, the zone file export and DNSSEC.

Stored zones are in the shape `GET /dnszone/{id}` returns, records inside them. A zone's domain and
a record's name are compared as DNS compares names: without regard to case and without the
trailing dot. Record ids are unique across the account, as the vendor's are.

Each record type takes its own fields; a field another type takes is refused with 400 (the vendor
says so of the weight, which only A, AAAA and SRV records have; the simulator holds every field to
its types). An accelerated record (A, AAAA or CNAME) makes the platform create a pull zone that
serves the record's address, named by the platform and linked back by its `DnsRecordId` and
`DnsZoneId`; the record keeps it while it stays accelerated, and turning acceleration on again
finds the same zone rather than creating another.
"""

import copy
import ipaddress
import secrets
import shlex
from datetime import datetime
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Query, Request
from starlette.responses import Response

from ..auth import require_access_key
from ..errors import ApiError, LegacyStyle, field_error
from ..ids import new_guid, new_id, next_int_id, utc_now
from ..reports import DATE_FROM, DATE_TO, chart, chart_keys, report
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import documented_body, documented_optional_body, read_body, read_optional_body
from ..vendor_models import vendor_request_model
from . import pull_zones
from .base import Area, find_record, state_of

router = APIRouter(prefix="/dnszone", tags=["DNS zones"], dependencies=[Depends(require_access_key)])

INT32_MAX = 2**31 - 1
# The vendor's DnsRecordTypes.
TYPES = {"A": 0, "AAAA": 1, "CNAME": 2, "TXT": 3, "MX": 4, "Redirect": 5, "Flatten": 6, "PullZone": 7, "SRV": 8, "CAA": 9,
         "PTR": 10, "Script": 11, "NS": 12, "SVCB": 13, "HTTPS": 14, "TLSA": 15}  # fmt: skip
TYPE_NAMES = {number: name for name, number in TYPES.items()}
# The fields of the add and update models that only some types take, and those types.
ROUTED_TYPES = ("A", "AAAA", "CNAME")
TYPED_FIELDS = {
    "Weight": ("A", "AAAA", "SRV"),
    "Priority": ("MX", "SRV", "HTTPS", "SVCB"),
    "Port": ("SRV",),
    "Flags": ("CAA",),
    "Tag": ("CAA",),
    "PullZoneId": ("PullZone",),
    "ScriptId": ("Script",),
    "Accelerated": ROUTED_TYPES,
    "MonitorType": ROUTED_TYPES,
    "SmartRoutingType": ROUTED_TYPES,
    "LatencyZone": ROUTED_TYPES,
    "GeolocationLatitude": ROUTED_TYPES,
    "GeolocationLongitude": ROUTED_TYPES,
}
WEIGHT_MAXIMUM = {"A": 100, "AAAA": 100, "SRV": 65535}
# Types whose value is a host name, and types a name holds at most one record of.
HOST_VALUED = ("CNAME", "Flatten", "MX", "NS", "PTR", "SRV")
LINKED_TYPES = ("PullZone", "Script")
REDIRECT_WEIGHT = 100
# The vendor's EdgeScriptType of a script that answers DNS queries.
DNS_SCRIPT_TYPE = 0
# The vendor's PullZoneOriginType of a zone that accelerates a DNS record.
ORIGIN_TYPE_DNS_ACCELERATE = 1
ACCELERATION_COMPLETED = 3
SMART_ROUTING_LATENCY = 1
SMART_ROUTING_GEOLOCATION = 2
# Where the platform keeps a zone's DNSSEC key; not a property of the read model.
DNSSEC_KEY = "_dnssec"

# Every property of the vendor's DnsZoneModel at the value a new zone reads back with.
ZONE_DEFAULTS = {
    "Id": None,
    "Domain": None,
    "Records": [],
    "DateModified": None,
    "DateCreated": None,
    "NameserversDetected": False,
    "CustomNameserversEnabled": False,
    "Nameserver1": "kiki.bunny.net",
    "Nameserver2": "coco.bunny.net",
    "SoaEmail": "hostmaster@bunny.net",
    "NameserversNextCheck": None,
    "LoggingEnabled": False,
    "LoggingIPAnonymizationEnabled": True,
    "LogAnonymizationType": 0,
    "DnsSecEnabled": False,
    "CertificateKeyType": 0,
}
# Every property of the vendor's DnsRecordModel at the value a record added without it reads back with.
RECORD_DEFAULTS = {
    "Id": None,
    "Type": 0,
    "Ttl": 300,
    "Value": "",
    "Name": "",
    "Weight": 0,
    "Priority": 0,
    "Port": 0,
    "Flags": 0,
    "Tag": None,
    "Accelerated": False,
    "AcceleratedPullZoneId": 0,
    "LinkName": None,
    "IPGeoLocationInfo": None,
    "GeolocationInfo": None,
    "MonitorStatus": 0,
    "MonitorType": 0,
    "GeolocationLatitude": 0.0,
    "GeolocationLongitude": 0.0,
    "EnviromentalVariables": [],
    "LatencyZone": None,
    "SmartRoutingType": 0,
    "Disabled": False,
    "Comment": None,
    "AutoSslIssuance": True,
    "AccelerationStatus": 0,
}

ZoneAddRequest = vendor_request_model("core", "DnsZoneAddModel")
ZoneUpdateRequest = vendor_request_model("core", "UpdateDnsZoneModel")
RecordAddRequest = vendor_request_model("core", "AddDnsRecordModel")
RecordUpdateRequest = vendor_request_model("core", "UpdateDnsRecordModel")
ZoneAvailabilityRequest = vendor_request_model("core", "ZoneAvailabilityRequestModel")
WildcardCertificateRequest = vendor_request_model("core", "IssueWildcardCertificateRequestModel")
ScanRequest = vendor_request_model("core", "TriggerDnsZoneRecordScanRequest")
# The vendor's DnsZoneScanJobStatus of a finished scan: the simulator's scans finish at once.
SCAN_COMPLETED = 2


def dns_name(name: Optional[str]) -> str:
    """A name as DNS compares it: lower case, without the trailing dot."""
    name = (name or "").lower()
    return name[:-1] if name.endswith(".") else name


def relative_host(value: Optional[str]) -> Optional[str]:
    """A host value as the service stores it: an absolute name (`lb.example.net.`) without its trailing dot.

    DNS tools send absolute names and add the dot back when they read a value; a value kept with
    the dot would read back as `lb.example.net..` to them. The root itself (`.`) stays.
    """
    if value and len(value) > 1 and value.endswith("."):
        return value[:-1]
    return value


def _invalid(field: str, message: str, key: str = "dnszone.validation_error", status: int = 400) -> ApiError:
    return ApiError(status, message, errors=[field_error(field, message)], key=key)


# --- Zones ----------------------------------------------------------------------------------------


def _valid_domain(domain: str) -> bool:
    labels = dns_name(domain).split(".")
    return len(labels) > 1 and all(
        label and len(label) <= 63 and not label.startswith("-") and all(ch.isalnum() or ch in "-_" for ch in label) for label in labels
    )


def _zone_id_for(state: SimulatorState) -> int:
    return next_int_id(zone["Id"] for zone in state.dns_zones if isinstance(zone.get("Id"), int))


def _record_id_for(state: SimulatorState) -> int:
    return next_int_id(record["Id"] for zone in state.dns_zones for record in zone["Records"] if isinstance(record.get("Id"), int))


def _fill_zone(zone: Dict[str, Any], zone_id: int) -> Dict[str, Any]:
    now = utc_now()
    filled = {name: copy.deepcopy(value) for name, value in ZONE_DEFAULTS.items()}
    filled.update(Id=zone_id, DateCreated=now, DateModified=now, NameserversNextCheck=now)
    filled.update(zone)
    return filled


def fill_dns_zones(zones: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    """Complete fixture zones and their records; a record's type may be given by name (`"Type": "CNAME"`)."""
    next_zone = next_int_id(zone["Id"] for zone in zones if isinstance(zone.get("Id"), int))
    next_record = next_int_id(record["Id"] for zone in zones for record in zone.get("Records") or [] if isinstance(record.get("Id"), int))
    filled_zones = []
    for zone in zones:
        if "Id" not in zone:
            zone["Id"] = next_zone
            next_zone += 1
        zone.setdefault("Domain", f"zone-{zone['Id']}.example")
        records = []
        for record in zone.get("Records") or []:
            record = dict(record)
            if isinstance(record.get("Type"), str):
                record["Type"] = TYPES[record["Type"]]
            if "Id" not in record:
                record["Id"] = next_record
                next_record += 1
            records.append(_fill_record(record))
        zone["Records"] = records
        filled_zones.append(_fill_zone(zone, zone["Id"]))
    return filled_zones


def _fill_record(given: Dict[str, Any]) -> Dict[str, Any]:
    record = {name: copy.deepcopy(value) for name, value in RECORD_DEFAULTS.items()}
    type_name = TYPE_NAMES.get(given.get("Type"))
    if type_name == "Redirect":
        record["Weight"] = REDIRECT_WEIGHT
    for link_field in ("PullZoneId", "ScriptId"):
        if given.get(link_field) is not None:
            record["LinkName"] = str(given[link_field])
    record.update({name: value for name, value in given.items() if name in RECORD_DEFAULTS and value is not None})
    # Doubles in the vendor's model: JSON numbers with a fraction part, whatever the fixture gave.
    for name in ("GeolocationLatitude", "GeolocationLongitude"):
        record[name] = float(record[name])
    if type_name in HOST_VALUED:
        record["Value"] = relative_host(record["Value"])
    return record


def _read_model(zone: Dict[str, Any], view: int = 0) -> Dict[str, Any]:
    """The zone without the platform's own keys; the Lite view leaves the records out."""
    public = {name: zone[name] for name in ZONE_DEFAULTS}
    if view == 1:
        public["Records"] = None
    return public


def _find_zone(state: SimulatorState, zone_id: int) -> Dict[str, Any]:
    return find_record(state.dns_zones, zone_id, f"The DNS zone {zone_id} was not found.")


def _touch(zone: Dict[str, Any]) -> None:
    zone["DateModified"] = utc_now()


@router.get("")
async def list_zones(
    request: Request,
    page: int = Query(default=1, ge=1, le=INT32_MAX),
    per_page: int = Query(default=1000, alias="perPage", ge=5, le=1000),
    search: Optional[str] = None,
    view: int = Query(default=0, ge=0, le=1),
):
    """The search term matches the domains, without regard to case."""
    state = state_of(request)
    needle = search.lower() if search else None
    with state.lock:
        zones = [_read_model(zone, view) for zone in state.dns_zones if needle is None or needle in zone["Domain"].lower()]
    start = (page - 1) * per_page
    return json_response(
        {"Items": zones[start : start + per_page], "CurrentPage": page, "TotalItems": len(zones), "HasMoreItems": start + per_page < len(zones)}
    )


@router.post("", openapi_extra=documented_body(ZoneAddRequest))
async def add_zone(request: Request):
    """A zone for a domain no zone of the account has; records given with it are added as one by one."""
    body = await read_body(request, ZoneAddRequest)
    if not _valid_domain(body.Domain):
        raise _invalid("Domain", f"'{body.Domain}' is not a valid domain.", key="dnszone.invalid_domain")
    state = state_of(request)
    with state.lock:
        if any(dns_name(zone["Domain"]) == dns_name(body.Domain) for zone in state.dns_zones):
            raise _invalid("Domain", f"The domain '{body.Domain}' already has a DNS zone.", key="dnszone.zone_exists")
        zone = _fill_zone({"Domain": body.Domain, "Records": []}, _zone_id_for(state))
        state.dns_zones.append(zone)
        try:
            for given in body.Records or []:
                _add_record(state, zone, given.model_dump(exclude_none=True))
        except ApiError:
            state.dns_zones.remove(zone)
            raise
        return json_response(_read_model(zone), 201)


# Declared before /{id}, which would otherwise take "checkavailability" for a zone id.
@router.post("/checkavailability", openapi_extra=documented_body(ZoneAvailabilityRequest))
async def check_zone_availability(request: Request):
    """Whether a zone could be added for the domain: no zone of the account has it, in any case or with a trailing dot."""
    body = await read_body(request, ZoneAvailabilityRequest)
    if not body.Name or not _valid_domain(body.Name):
        raise _invalid("Name", f"'{body.Name or ''}' is not a valid domain.", key="dnszone.invalid_domain")
    state = state_of(request)
    with state.lock:
        return json_response({"Available": not any(dns_name(zone["Domain"]) == dns_name(body.Name) for zone in state.dns_zones)})


@router.post("/records/scan", openapi_extra=documented_body(ScanRequest))
async def scan_records(request: Request):
    """Look for the records a domain has at its current DNS host, for a zone of the account or a domain before its zone is added.

    The simulator's scans finish at once and find what the fixture's report of the zone's scan
    gives (`reports["/dnszone/<id>/records/scan"].Records`), nothing otherwise; the latest scan of
    a domain is what its zone's scan read answers.
    """
    body = await read_body(request, ScanRequest)
    if (body.ZoneId is None) == (not body.Domain):
        raise _invalid("ZoneId", "Give either ZoneId or Domain, not both.")
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, body.ZoneId) if body.ZoneId is not None else None
        domain = zone["Domain"] if zone else body.Domain
        if not _valid_domain(domain):
            raise _invalid("Domain", f"'{domain}' is not a valid domain.", key="dnszone.invalid_domain")
        now = utc_now()
        job = {"JobId": new_guid(), "ZoneId": zone["Id"] if zone else None, "Domain": dns_name(domain), "AccountId": None,
               "Status": SCAN_COMPLETED, "CreatedAt": now, "CompletedAt": now, "Records": None, "Error": None}  # fmt: skip
        state.dns_scans[dns_name(domain)] = job
        return json_response({"JobId": job["JobId"], "Status": job["Status"]})


@router.get("/{zoneId}/records/scan")
async def latest_scan(request: Request, zoneId: int):
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, zoneId)
        job = state.dns_scans.get(dns_name(zone["Domain"]))
        if job is None:
            raise ApiError(404, f"The DNS zone {zoneId} has not been scanned.")
        found = report(state, request.url.path, {"Records": []})["Records"]
        return json_response({**job, "ZoneId": zone["Id"], "Records": found})


@router.get("/{id}")
async def get_zone(request: Request, id: int, view: int = Query(default=0, ge=0, le=1)):
    state = state_of(request)
    with state.lock:
        return json_response(_read_model(_find_zone(state, id), view))


@router.post("/{id}", openapi_extra=documented_body(ZoneUpdateRequest))
async def update_zone(request: Request, id: int):
    """Only the properties sent change. Custom nameservers need both names; the SOA email an address."""
    body = await read_body(request, ZoneUpdateRequest)
    settings = body.model_dump(exclude_none=True)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        changed = {**zone, **settings}
        if changed["CustomNameserversEnabled"]:
            for field in ("Nameserver1", "Nameserver2"):
                if not changed[field] or not _valid_domain(changed[field]):
                    raise _invalid(field, "Custom nameservers need two valid nameserver host names.")
        if "SoaEmail" in settings and ("@" not in settings["SoaEmail"] or not _valid_domain(settings["SoaEmail"].rsplit("@", 1)[1])):
            raise _invalid("SoaEmail", "The SOA email is not a valid email address.")
        zone.update(settings)
        _touch(zone)
        return json_response(_read_model(zone))


@router.delete("/{id}")
async def delete_zone(request: Request, id: int):
    """The zone and its records go; pull zones its accelerated records made stay, as pull zones of their own."""
    state = state_of(request)
    with state.lock:
        state.dns_zones.remove(_find_zone(state, id))
    return empty_response(204)


def _zone_file_line(record: Dict[str, Any]) -> str:
    name = record["Name"] or "@"
    type_name = TYPE_NAMES.get(record["Type"], str(record["Type"]))
    value = record["Value"] or ""
    if type_name in HOST_VALUED and value and not value.endswith("."):
        value += "."
    if type_name == "TXT":
        value = '"' + value.replace('"', '\\"') + '"'
    elif type_name == "MX":
        value = f"{record['Priority']} {value}"
    elif type_name == "SRV":
        value = f"{record['Priority']} {record['Weight']} {record['Port']} {value}"
    elif type_name == "CAA":
        value = f'{record["Flags"]} {record["Tag"]} "{value}"'
    elif type_name in ("HTTPS", "SVCB"):
        value = f"{record['Priority']} {value}"
    line = f"{name} {record['Ttl']} IN {type_name} {value}"
    # bunny.net's own record types have no zone file form: the export names them in a comment.
    if type_name in ("Redirect", "Flatten", "PullZone", "Script"):
        line = f"; {name} {record['Ttl']} IN {type_name} {value or record['LinkName'] or ''}".rstrip()
    return line


@router.get("/{id}/export")
async def export_zone(request: Request, id: int):
    """The zone in the zone file format, as a download."""
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        lines = [f"$ORIGIN {dns_name(zone['Domain'])}.", "$TTL 300"]
        lines += [_zone_file_line(record) for record in zone["Records"] if not record["Disabled"]]
    return Response("\n".join(lines) + "\n", media_type="application/octet-stream")


@router.get("/{id}/statistics")
async def zone_statistics(request: Request, id: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO):
    keys = chart_keys(date_from, date_to)
    state = state_of(request)
    with state.lock:
        _find_zone(state, id)
        empty = {
            "TotalQueriesServed": 0, "QueriesServedChart": chart(keys, 0.0), "NormalQueriesServedChart": chart(keys, 0.0),
            "SmartQueriesServedChart": chart(keys, 0.0), "QueriesByTypeChart": {},
        }  # fmt: skip
        return json_response(report(state, request.url.path, empty))


@router.post("/{zoneId}/certificate/issue", openapi_extra=documented_optional_body(WildcardCertificateRequest))
async def issue_wildcard_certificate(request: Request, zoneId: int):
    """A wildcard certificate for the zone's domain, or for a domain within it; the zone's DNS makes the validation, so it succeeds.

    The pull zone hostnames it covers that have no certificate are served with it.
    """
    body = await read_optional_body(request, WildcardCertificateRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, zoneId)
        domain = dns_name(body.Domain if body is not None and body.Domain else zone["Domain"])
        apex = dns_name(zone["Domain"])
        if domain != apex and not domain.endswith("." + apex):
            raise _invalid("Domain", f"'{domain}' is not within the zone's domain {apex}.")
        pull_zones.install_wildcard_certificate(state, domain)
    return empty_response(200)


def _ds_record(zone: Dict[str, Any], enabled: bool) -> Dict[str, Any]:
    key = zone.setdefault(DNSSEC_KEY, {"KeyTag": 10000 + secrets.randbelow(55000), "PublicKey": new_id(88), "Digest": secrets.token_hex(32).upper()})
    domain = dns_name(zone["Domain"])
    return {
        "Enabled": enabled,
        "DsRecord": f"{domain}. 3600 IN DS {key['KeyTag']} 13 2 {key['Digest']}" if enabled else None,
        "Digest": key["Digest"] if enabled else None,
        "DigestType": "SHA256 (2)" if enabled else None,
        "Algorithm": 13 if enabled else 0,
        "PublicKey": key["PublicKey"] if enabled else None,
        "KeyTag": key["KeyTag"] if enabled else 0,
        "Flags": 257 if enabled else 0,
        "DsConfigured": False,
    }


@router.post("/{id}/dnssec")
async def enable_dnssec(request: Request, id: int):
    """Turn DNSSEC on and answer the DS record; a zone that has it on keeps its key and answers the same record."""
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        if not zone["DnsSecEnabled"]:
            zone["DnsSecEnabled"] = True
            _touch(zone)
        return json_response(_ds_record(zone, True))


@router.delete("/{id}/dnssec")
async def disable_dnssec(request: Request, id: int):
    """Turn DNSSEC off; the key goes with it, so turning it on again gives a new DS record."""
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, id)
        if zone["DnsSecEnabled"]:
            zone["DnsSecEnabled"] = False
            zone.pop(DNSSEC_KEY, None)
            _touch(zone)
        return json_response(_ds_record(zone, False))


# --- Records --------------------------------------------------------------------------------------


def _check_value(type_name: str, value: Optional[str]) -> None:
    if type_name in LINKED_TYPES:
        return
    if not value:
        raise _invalid("Value", f"A {type_name} record needs a value.", key="dnsrecord.invalid_value")
    if type_name in ("A", "AAAA"):
        kind = ipaddress.IPv4Address if type_name == "A" else ipaddress.IPv6Address
        try:
            kind(value)
        except ValueError:
            raise _invalid("Value", f"'{value}' is not an IPv{4 if type_name == 'A' else 6} address.", key="dnsrecord.invalid_value") from None
    elif type_name in HOST_VALUED:
        if any(ch.isspace() for ch in value) or "/" in value:
            raise _invalid("Value", f"'{value}' is not a host name.", key="dnsrecord.invalid_value")
    elif type_name == "Redirect":
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise _invalid("Value", f"'{value}' is not an http or https URL to redirect to.", key="dnsrecord.invalid_value")


def _check_fields(state: SimulatorState, type_name: str, record: Dict[str, Any], given: Dict[str, Any]) -> None:
    """Each field only for the types that take it, within the type's bounds; links to resources of the account."""
    for field, types in TYPED_FIELDS.items():
        if given.get(field) is not None and type_name not in types:
            takers = ", ".join(types[:-1]) + " and " + types[-1] if len(types) > 1 else types[0]
            raise _invalid(field, f"The {field} field is only available for {takers} records.", key="dnsrecord.field_not_available")
    if given.get("Weight") is not None and not 0 <= given["Weight"] <= WEIGHT_MAXIMUM[type_name]:
        raise _invalid("Weight", f"The weight must be between 0 and {WEIGHT_MAXIMUM[type_name]}.")
    for field, high in (("Priority", 65535), ("Port", 65535), ("Flags", 255), ("Ttl", INT32_MAX)):
        if given.get(field) is not None and not 0 <= given[field] <= high:
            raise _invalid(field, f"The {field} must be between 0 and {high}.")
    pull_zone_ids = {zone["Id"] for zone in state.pull_zones}
    if type_name == "PullZone" and given.get("PullZoneId") is not None and given["PullZoneId"] not in pull_zone_ids:
        raise _invalid("PullZoneId", "The pull zone ID is not valid.", key="dnsrecord.invalid_pullzone")
    dns_script_ids = {script["Id"] for script in state.edge_scripts if script.get("ScriptType") == DNS_SCRIPT_TYPE}
    if type_name == "Script" and given.get("ScriptId") is not None and given["ScriptId"] not in dns_script_ids:
        raise _invalid("ScriptId", "The script ID is not a DNS edge script of the account.", key="dnsrecord.invalid_script")
    if record["SmartRoutingType"] == SMART_ROUTING_LATENCY and not record["LatencyZone"]:
        raise _invalid("LatencyZone", "Latency routing needs a latency zone.")
    if record["SmartRoutingType"] == SMART_ROUTING_GEOLOCATION and not (
        -90 <= record["GeolocationLatitude"] <= 90 and -180 <= record["GeolocationLongitude"] <= 180
    ):
        raise _invalid("GeolocationLatitude", "The geolocation must be a latitude from -90 to 90 and a longitude from -180 to 180.")


def _check_neighbours(zone: Dict[str, Any], record: Dict[str, Any]) -> None:
    """A CNAME is alone at its name; a record is not added twice; the apex's nameservers are the zone's."""
    type_name = TYPE_NAMES[record["Type"]]
    name = dns_name(record["Name"])
    if type_name == "NS" and name == "":
        raise _invalid("Name", "NS records cannot be added at the apex of the zone.", key="dnsrecord.apex_ns")
    for other in zone["Records"]:
        if other["Id"] == record["Id"] or dns_name(other["Name"]) != name:
            continue
        other_type = TYPE_NAMES.get(other["Type"])
        if "CNAME" in (type_name, other_type):
            raise _invalid(
                "Name", f"'{record['Name'] or '@'}' has other records; a CNAME record must be the only record of its name.", key="dnsrecord.cname_conflict"
            )
        if other_type == type_name and (type_name in LINKED_TYPES or _same_value(type_name, other["Value"], record["Value"])):
            raise _invalid("Value", f"The zone already has this {type_name} record.", key="dnsrecord.duplicate")


def _same_value(type_name: str, left: Optional[str], right: Optional[str]) -> bool:
    if type_name in ("A", "AAAA"):
        try:
            return ipaddress.ip_address(left) == ipaddress.ip_address(right)
        except ValueError:
            return left == right
    if type_name in HOST_VALUED:
        return dns_name(left) == dns_name(right)
    return left == right


def _accelerate(state: SimulatorState, zone: Dict[str, Any], record: Dict[str, Any]) -> None:
    """The pull zone an accelerated record is served by: the one made for it before, or a new one."""
    pull_zone = next((candidate for candidate in state.pull_zones if candidate.get("DnsRecordId") == record["Id"]), None)
    if pull_zone is None:
        label = dns_name(record["Name"]) or "apex"
        base = f"{label}-{dns_name(zone['Domain'])}".replace(".", "-").replace("_", "-").replace("*", "wildcard")[:48].strip("-")
        pull_zone = pull_zones.add_pull_zone(
            state,
            f"{base}-{secrets.randbelow(90000) + 10000}",
            OriginType=ORIGIN_TYPE_DNS_ACCELERATE,
            OriginUrl=f"http://{record['Value']}",
            DnsRecordId=record["Id"],
            DnsZoneId=zone["Id"],
            DnsRecordValue=record["Value"],
        )
    record["AcceleratedPullZoneId"] = pull_zone["Id"]
    record["AccelerationStatus"] = ACCELERATION_COMPLETED


def _apply(state: SimulatorState, zone: Dict[str, Any], record: Dict[str, Any], given: Dict[str, Any]) -> Dict[str, Any]:
    """The record with `given` applied and checked, not yet stored."""
    changed = {**record, **{name: value for name, value in given.items() if name in RECORD_DEFAULTS}}
    type_name = TYPE_NAMES.get(changed["Type"])
    if type_name is None:
        raise _invalid("Type", "A record type is required.")
    for link_field in ("PullZoneId", "ScriptId"):
        if given.get(link_field) is not None:
            changed["LinkName"] = str(given[link_field])
    if type_name in LINKED_TYPES and changed["LinkName"] is None:
        field = "PullZoneId" if type_name == "PullZone" else "ScriptId"
        raise _invalid(field, f"A {type_name} record needs {field}.")
    if type_name in HOST_VALUED:
        changed["Value"] = relative_host(changed["Value"])
    _check_value(type_name, changed["Value"])
    _check_fields(state, type_name, changed, given)
    if type_name == "Redirect":
        changed["Weight"] = REDIRECT_WEIGHT
    if changed["SmartRoutingType"] == SMART_ROUTING_GEOLOCATION:
        changed["GeolocationInfo"] = {"Country": None, "City": None, "Latitude": changed["GeolocationLatitude"], "Longitude": changed["GeolocationLongitude"]}
    return changed


def _add_record(state: SimulatorState, zone: Dict[str, Any], given: Dict[str, Any]) -> Dict[str, Any]:
    if given.get("Type") is None:
        raise _invalid("Type", "A record type is required.")
    record = _apply(state, zone, {**copy.deepcopy(RECORD_DEFAULTS), "Id": _record_id_for(state)}, given)
    _check_neighbours(zone, record)
    if record["Accelerated"]:
        _accelerate(state, zone, record)
    zone["Records"].append(record)
    _touch(zone)
    return record


def _find_zone_record(state: SimulatorState, zone_id: int, record_id: int):
    zone = _find_zone(state, zone_id)
    return zone, find_record(zone["Records"], record_id, f"The DNS zone {zone_id} has no record {record_id}.")


@router.put("/{zoneId}/records", openapi_extra=documented_body(RecordAddRequest))
async def add_record(request: Request, zoneId: int):
    body = await read_body(request, RecordAddRequest)
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, zoneId)
        return json_response(_add_record(state, zone, body.model_dump(exclude_none=True)), 201)


@router.get("/{zoneId}/records")
async def list_records(
    request: Request,
    zoneId: int,
    page: int = Query(default=1, ge=1, le=INT32_MAX),
    per_page: int = Query(default=1000, alias="perPage", ge=5, le=1000),
    type: Optional[int] = Query(default=None, ge=0, le=15),
    search: Optional[str] = None,
):
    """A page of the zone's records, of one type when asked; the search term matches names and values without regard to case."""
    state = state_of(request)
    needle = search.lower() if search else None
    with state.lock:
        zone = _find_zone(state, zoneId)
        records = [
            record
            for record in zone["Records"]
            if (type is None or record["Type"] == type)
            and (needle is None or needle in (record["Name"] or "").lower() or needle in (record["Value"] or "").lower())
        ]
    start = (page - 1) * per_page
    return json_response(
        {"Items": records[start : start + per_page], "CurrentPage": page, "TotalItems": len(records), "HasMoreItems": start + per_page < len(records)}
    )


@router.post("/{zoneId}/records/{id}", openapi_extra=documented_body(RecordUpdateRequest))
async def update_record(request: Request, zoneId: int, id: int):
    """Only the properties sent change; the body's Id, when sent, must be the record's."""
    body = await read_body(request, RecordUpdateRequest)
    given = body.model_dump(exclude_none=True)
    if given.get("Id") not in (None, id):
        raise _invalid("Id", "The body's Id is not the record's.")
    given.pop("Id", None)
    state = state_of(request)
    with state.lock:
        zone, record = _find_zone_record(state, zoneId, id)
        changed = _apply(state, zone, record, given)
        _check_neighbours(zone, changed)
        if changed["Accelerated"] and not record["Accelerated"]:
            _accelerate(state, zone, changed)
        elif not changed["Accelerated"] and record["Accelerated"]:
            changed["AcceleratedPullZoneId"] = 0
            changed["AccelerationStatus"] = 0
        record.update(changed)
        _touch(zone)
    return empty_response(204)


@router.delete("/{zoneId}/records/{id}")
async def delete_record(request: Request, zoneId: int, id: int):
    state = state_of(request)
    with state.lock:
        zone, record = _find_zone_record(state, zoneId, id)
        zone["Records"].remove(record)
        _touch(zone)
    return empty_response(204)


# --- Import ---------------------------------------------------------------------------------------

# Record types a zone file can hold that are not the zone's own records (its SOA, its apex NS).
ZONE_FILE_TYPES = ("A", "AAAA", "CNAME", "TXT", "MX", "SRV", "CAA", "PTR", "NS", "SVCB", "HTTPS", "TLSA")


def _zone_file(request_body: bytes, content_type: str) -> str:
    """The zone file a request carries: its whole body, or the first file part of a form upload."""
    if content_type.lower().startswith("multipart/form-data"):
        message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + request_body)
        parts = [part for part in message.iter_parts() if part.get_filename() is not None] or list(message.iter_parts())
        if not parts:
            raise _invalid("file", "The form has no zone file.")
        return (parts[0].get_payload(decode=True) or b"").decode("utf-8", "replace")
    return request_body.decode("utf-8", "replace")


def _absolute(name: str, origin: str) -> str:
    if name == "@":
        return origin
    return dns_name(name) if name.endswith(".") else f"{dns_name(name)}.{origin}" if origin else dns_name(name)


def _parsed_lines(text: str, apex: str) -> List[Tuple[Optional[Dict[str, Any]], str]]:
    """Each record line as (record in the add model's shape, or None when it is not a record the zone takes; the reason)."""
    origin, default_ttl, previous_name = apex, 300, apex
    parsed: List[Tuple[Optional[Dict[str, Any]], str]] = []
    for raw in text.splitlines():
        # Zone files quote strings as shells do and start comments with a semicolon.
        lexer = shlex.shlex(raw, posix=True)
        lexer.commenters = ";"
        lexer.whitespace_split = True
        try:
            fields = list(lexer)
        except ValueError:
            parsed.append((None, "failed"))
            continue
        if not fields:
            continue
        if fields[0].upper() == "$ORIGIN" and len(fields) > 1:
            origin = dns_name(fields[1])
            continue
        if fields[0].upper() == "$TTL" and len(fields) > 1 and fields[1].isdigit():
            default_ttl = int(fields[1])
            continue
        name = previous_name if raw[:1].isspace() else _absolute(fields.pop(0), origin)
        previous_name = name
        ttl = default_ttl
        while fields and (fields[0].isdigit() or fields[0].upper() in ("IN", "CH", "HS")):
            token = fields.pop(0)
            if token.isdigit():
                ttl = int(token)
        if not fields:
            parsed.append((None, "failed"))
            continue
        type_name = fields.pop(0).upper()
        if type_name == "SOA" or (type_name == "NS" and name == apex) or type_name not in ZONE_FILE_TYPES:
            parsed.append((None, "skipped"))
            continue
        if name != apex and not name.endswith("." + apex):
            parsed.append((None, "skipped"))
            continue
        record: Dict[str, Any] = {"Type": TYPES[type_name], "Ttl": ttl, "Name": "" if name == apex else name[: -len(apex) - 1]}
        try:
            if type_name == "MX":
                record.update(Priority=int(fields[0]), Value=_absolute(fields[1], origin))
            elif type_name == "SRV":
                record.update(Priority=int(fields[0]), Weight=int(fields[1]), Port=int(fields[2]), Value=_absolute(fields[3], origin))
            elif type_name == "CAA":
                record.update(Flags=int(fields[0]), Tag=fields[1], Value=fields[2])
            elif type_name in ("HTTPS", "SVCB"):
                record.update(Priority=int(fields[0]), Value=" ".join(fields[1:]))
            elif type_name in ("CNAME", "NS", "PTR"):
                record["Value"] = _absolute(fields[0], origin)
            else:
                record["Value"] = "".join(fields) if type_name == "TXT" else " ".join(fields)
        except (IndexError, ValueError):
            parsed.append((None, "failed"))
            continue
        parsed.append((record, ""))
    return parsed


def _has_record(zone: Dict[str, Any], record: Dict[str, Any]) -> bool:
    type_name = TYPE_NAMES[record["Type"]]
    return any(
        other["Type"] == record["Type"] and dns_name(other["Name"]) == dns_name(record["Name"]) and _same_value(type_name, other["Value"], record["Value"])
        for other in zone["Records"]
    )


@router.post("/{zoneId}/import", openapi_extra={"requestBody": {"required": True, "content": {"text/plain": {"schema": {"type": "string"}}}}})
async def import_records(request: Request, zoneId: int):
    """Add the records of a zone file (the body, or the file of a form upload) to the zone.

    The vendor's document gives the request no body; DNS tools send the zone file. Each record is
    added as by the record add operation: added ones count as successful, ones the zone already
    has or that are not the zone's to hold (its SOA, its apex NS, records outside the domain,
    types bunny DNS does not serve) as skipped, and ones a rule refuses or that cannot be read as
    failed. Comments (such as the export's lines for bunny.net's own types) are no records.
    """
    text = _zone_file(await request.body(), request.headers.get("content-type", ""))
    state = state_of(request)
    with state.lock:
        zone = _find_zone(state, zoneId)
        counts = {"successful": 0, "failed": 0, "skipped": 0}
        for record, outcome in _parsed_lines(text, dns_name(zone["Domain"])):
            if record is None:
                counts[outcome] += 1
                continue
            if _has_record(zone, record):
                counts["skipped"] += 1
                continue
            try:
                _add_record(state, zone, record)
            except ApiError:
                counts["failed"] += 1
            else:
                counts["successful"] += 1
        return json_response({"RecordsSuccessful": counts["successful"], "RecordsFailed": counts["failed"], "RecordsSkipped": counts["skipped"]})


AREA = Area(name="dns_zones", prefix="/dnszone", error_style=LegacyStyle(), routers=(router,), fixture_fillers={"dns_zones": fill_dns_zones})
