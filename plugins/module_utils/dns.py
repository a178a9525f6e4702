# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Bunny DNS: zones (dns_zone, dns_zone_info) and the records of a zone (dns_record).

A zone is a top-level resource on the engine (resource.py), found by its domain. Its records live
inside the zone: a read of the zone returns them all, and the API has no read of one record, so
dns_record reads the zone once and makes one call per record that differs (PUT adds, POST updates,
DELETE deletes), however large the zone is.

Names are compared as DNS compares them: without regard to case, without the trailing dot, and an
internationalised name in its ASCII form (``bücher`` and ``xn--bcher-kva`` are one name), which is
also the form sent. Values that are DNS names (a CNAME's target, an MX's exchange) are compared and
sent the same way; addresses by the address they denote; text, URLs and other values exactly.
"""

import copy
import ipaddress
import re
from urllib.parse import urlsplit

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.plan import Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.resource import Field, Paths, Record, Resource, Writes

# --- Names --------------------------------------------------------------------------------------

# A label of a DNS name as zones hold them: letters, digits, hyphens and underscores (_dmarc,
# _sip._tcp), at most 63 characters once in ASCII.
LABEL = re.compile(r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\Z")
NAME_MAX_LENGTH = 253
APEX_NAMES = ("", "@")


def ascii_name(name):
    """``name`` as DNS compares it: ASCII (IDNA), lower case, no trailing dot. ValueError says why it is not a name."""
    if not isinstance(name, str):
        raise ValueError("%r, which is not a string" % (name,))
    bare = name[:-1] if name.endswith(".") else name
    if not bare:
        raise ValueError("an empty name")
    labels = []
    for label in bare.split("."):
        try:
            # The standard library's IDNA codec, label by label: ASCII labels pass through as they are.
            encoded = label.encode("idna").decode("ascii").lower()
        except UnicodeError:
            raise ValueError("%r, whose label %r is not a DNS label" % (name, label)) from None
        labels.append(encoded)
    for position, label in enumerate(labels):
        if label == "*" and position == 0:
            continue
        if not LABEL.match(label):
            raise ValueError("%r, whose label %r is not 1 to 63 letters, digits, underscores or inner hyphens" % (name, label))
    joined = ".".join(labels)
    if len(joined) > NAME_MAX_LENGTH:
        raise ValueError("a name of %d characters, longer than %d" % (len(joined), NAME_MAX_LENGTH))
    return joined


def same_domain(left, right):
    """Whether two domains are one, as DNS compares them; a name that is not a DNS name is compared as it is."""
    return _comparable_name(left) == _comparable_name(right)


def _comparable_name(name):
    if not isinstance(name, str):
        return name
    try:
        return ascii_name(name)
    except ValueError:
        return name.lower()


def record_name(name):
    """A record's name relative to its zone, as sent and compared: ``""`` for the apex (``@`` or empty)."""
    if name is None or name in APEX_NAMES:
        return ""
    return ascii_name(name)


# --- Zones --------------------------------------------------------------------------------------

LOG_ANONYMIZATION_TYPES = {"one_digit": 0, "drop": 1}
CERTIFICATE_KEY_TYPES = {"ecdsa": 0, "rsa": 1}
# Read-model properties only the API knows of a new zone (snake_case), predicted as None.
ZONE_SERVER_FIELDS = ("id", "date_created", "date_modified", "nameservers_next_check")


class DnsNameField(Field):
    """A field whose value is a DNS name (the domain, a nameserver): compared as DNS compares names, and sent
    in that form (ASCII, lower case, without the trailing dot)."""

    def same(self, present, wanted):
        return same_domain(present, wanted)

    def to_api(self, value):
        return {self.api: _comparable_name(value)}


ZONE_FIELDS = (
    Field("custom_nameservers_enabled", "CustomNameserversEnabled", type="bool"),
    DnsNameField("nameserver1", "Nameserver1"),
    DnsNameField("nameserver2", "Nameserver2"),
    # The SOA's mailbox is a DNS name in the zone file, so case does not matter to it either.
    Field("soa_email", "SoaEmail", ignore_case=True),
    Field("logging_enabled", "LoggingEnabled", type="bool"),
    Field("log_anonymization", "LoggingIPAnonymizationEnabled", type="bool"),
    Field("log_anonymization_type", "LogAnonymizationType", names=LOG_ANONYMIZATION_TYPES),
    Field("certificate_key_type", "CertificateKeyType", names=CERTIFICATE_KEY_TYPES),
)
EMAIL = r"[^@\s]+@[^@\s]+\.[^@\s]+"


def zone_problems(current, desired):
    """Custom nameservers need both names, given now or held already."""
    current = current or {}
    enabled = desired.get("CustomNameserversEnabled", current.get("CustomNameserversEnabled"))
    if not enabled:
        return []
    missing = [option for option, prop in (("nameserver1", "Nameserver1"), ("nameserver2", "Nameserver2"))
               if not desired.get(prop, current.get(prop) if current.get("CustomNameserversEnabled") else None)]
    return ["custom_nameservers_enabled=true needs %s" % " and ".join(missing)] if missing else []


class DnsZoneResource(Resource):
    """A DNS zone on the engine, with what the zone's API does otherwise.

    ``named`` searches with the domain in the form zones hold it (ASCII, lower case, no trailing
    dot): the list's search matches a part of the stored domain, which ``Example.com.`` is not. The
    add model takes the domain only (``create_names``), so a new zone's settings follow in an
    update. DNSSEC is switched by endpoints of its own, after the zone's own writes, and its DS
    record is returned by the enabling call only: ``plan`` adds that write to the engine's plan.
    """

    def named(self, client, name):
        # The list's search matches part of a domain as stored, so it is given the stored form.
        return super().named(client, _comparable_name(name))

    def project(self, record):
        projected = super().project(record)
        if projected is not None:
            projected["records"] = [project_record(item) for item in record.get("Records") or []]
        return projected

    def dnssec_path(self, zone_id):
        return build_path(self.paths.item + "/dnssec", id=zone_id)

    def plan(self, module, desired):
        plan = super().plan(module, desired)
        dnssec = module.params["dnssec"]
        if module.params["state"] == "absent" or plan.problems:
            return plan
        plan.result["dnssec"] = None
        enabled = bool((plan.record or {}).get("DnsSecEnabled"))
        if dnssec is not None and enabled != dnssec:
            plan.after["dns_sec_enabled"] = dnssec
            plan.add(Write("POST" if dnssec else "DELETE", lambda: self.dnssec_path(plan.record["Id"]),
                           confirm=lambda: self._dnssec_settled(module, plan.record["Id"], dnssec),
                           answered=lambda answer: self._switched(plan, dnssec, answer)))
        elif dnssec and enabled:
            # The API has no read of the DS record: the enabling call returns it, and changes nothing
            # for a zone that has DNSSEC on already (the vendor's Terraform provider reads it the same way).
            plan.add(Write("POST", self.dnssec_path(plan.record["Id"]), reads=True,
                           answered=lambda answer: self._switched(plan, True, answer)))
        return plan

    @staticmethod
    def _switched(plan, enabled, answer):
        plan.after["dns_sec_enabled"] = enabled
        if enabled and isinstance(answer, dict) and answer.get("Enabled"):
            plan.result["dnssec"] = to_snake(answer)

    def _dnssec_settled(self, module, zone_id, wanted):
        if bool(self.read(module.client, zone_id).get("DnsSecEnabled")) != wanted:
            return None
        # The lost answer carried the DS record; the enabling call gives it again.
        return module.client.request("POST", self.dnssec_path(zone_id), reads=True) if wanted else True


# A zone as the API creates it, for check mode's prediction of a new zone (the values only the API
# knows are set to None after projection).
NEW_ZONE = {
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


DNS_ZONE = DnsZoneResource(
    noun="DNS zone",
    result_key="dns_zone",
    key=DnsNameField("domain", "Domain", create_only=True),
    fields=ZONE_FIELDS,
    paths=Paths("/dnszone", "/dnszone/{id}"),
    record=Record(server_fields=ZONE_SERVER_FIELDS, new_record=NEW_ZONE),
    writes=Writes(create_names={"Domain": "Domain"}),
    problems=zone_problems,
)


def domain_problem(value):
    """True for a domain a zone can have; what is wrong with it otherwise."""
    try:
        name = ascii_name(value)
    except ValueError as error:
        return str(error)
    if "." not in name:
        return "%r, a single label" % value
    if name.startswith("*"):
        return "%r, a wildcard" % value
    return True


def zone_rules():
    return (
        ("id", dict(minimum=1)),
        ("domain", dict(satisfies=(domain_problem, "be a domain such as example.com"))),
        ("nameserver1", dict(satisfies=(domain_problem, "be a DNS name such as ns1.example.com"))),
        ("nameserver2", dict(satisfies=(domain_problem, "be a DNS name such as ns2.example.com"))),
        ("soa_email", dict(pattern=EMAIL, pattern_hint="an email address")),
    )


def export_path(zone_id):
    return build_path("/dnszone/{id}/export", id=zone_id)


def describe_zone_error(error):
    """A missing zone in words; other errors keep the API's own sentence."""
    if error.status == 404 and error.method == "GET" and re.match(r"/dnszone/[^/]+\Z", error.path or ""):
        return "The DNS zone %s was not found (HTTP 404)." % error.path.rsplit("/", 1)[-1]
    return None


# --- Records ------------------------------------------------------------------------------------

# The vendor's DnsRecordTypes, by the names the options take.
RECORD_TYPES = {"A": 0, "AAAA": 1, "CNAME": 2, "TXT": 3, "MX": 4, "Redirect": 5, "Flatten": 6, "PullZone": 7, "SRV": 8,
                "CAA": 9, "PTR": 10, "Script": 11, "NS": 12, "SVCB": 13, "HTTPS": 14, "TLSA": 15}
TYPE_NAMES = {number: name for name, number in RECORD_TYPES.items()}
MONITOR_TYPES = {"none": 0, "ping": 1, "http": 2, "monitor": 3}
SMART_ROUTING_TYPES = {"none": 0, "latency": 1, "geolocation": 2}
MONITOR_STATUSES = {0: "unknown", 1: "online", 2: "offline"}
ACCELERATION_STATUSES = {0: "none", 1: "pending", 2: "processing", 3: "completed", 4: "failed"}

# Types a name holds at most one record of: a record of these is the same record when type and name match.
SINGLE_VALUED = frozenset(("CNAME", "Flatten", "Redirect", "PullZone", "Script"))
# How each type's value is compared: as an address, as a DNS name, as a URL or as the text it is.
ADDRESS_KINDS = {"A": ipaddress.IPv4Address, "AAAA": ipaddress.IPv6Address}
NAME_VALUED = frozenset(("CNAME", "Flatten", "MX", "SRV", "NS", "PTR"))
# Types that point at a bunny.net resource by its ID instead of a value.
LINKED = {"PullZone": ("pull_zone_id", "PullZoneId"), "Script": ("script_id", "ScriptId")}

# Each option a record item takes beyond type, name, ttl, disabled and comment, and the API property it sets.
RECORD_OPTIONS = (
    ("value", "Value"),
    ("priority", "Priority"),
    ("weight", "Weight"),
    ("port", "Port"),
    ("flags", "Flags"),
    ("tag", "Tag"),
    ("pull_zone_id", "PullZoneId"),
    ("script_id", "ScriptId"),
    ("accelerated", "Accelerated"),
    ("monitor_type", "MonitorType"),
    ("smart_routing", "SmartRoutingType"),
    ("latency_zone", "LatencyZone"),
    ("geolocation_latitude", "GeolocationLatitude"),
    ("geolocation_longitude", "GeolocationLongitude"),
)
COMMON_OPTIONS = (("ttl", "Ttl"), ("disabled", "Disabled"), ("comment", "Comment"))
API_OF_OPTION = dict(RECORD_OPTIONS + COMMON_OPTIONS)
ROUTING = ("accelerated", "monitor_type", "smart_routing", "latency_zone", "geolocation_latitude", "geolocation_longitude")
# The options each type takes (besides the common ones).
TYPE_OPTIONS = {
    "A": ("value", "weight") + ROUTING,
    "AAAA": ("value", "weight") + ROUTING,
    "CNAME": ("value",) + ROUTING,
    "TXT": ("value",),
    "MX": ("value", "priority"),
    "Redirect": ("value",),
    "Flatten": ("value",),
    "PullZone": ("pull_zone_id",),
    "SRV": ("value", "priority", "weight", "port"),
    "CAA": ("value", "flags", "tag"),
    "PTR": ("value",),
    "Script": ("script_id",),
    "NS": ("value",),
    "SVCB": ("value", "priority"),
    "HTTPS": ("value", "priority"),
    "TLSA": ("value",),
}
NAMED_CHOICES = {"monitor_type": MONITOR_TYPES, "smart_routing": SMART_ROUTING_TYPES}
WEIGHT_MAXIMUM = {"A": 100, "AAAA": 100, "SRV": 65535}
INT32_MAX = 2 ** 31 - 1
UINT16_MAX = 65535
BOUNDS = {
    "ttl": (0, INT32_MAX),
    "priority": (0, UINT16_MAX),
    "port": (0, UINT16_MAX),
    "flags": (0, 255),
    "pull_zone_id": (1, 2 ** 63 - 1),
    "script_id": (1, 2 ** 63 - 1),
    "geolocation_latitude": (-90, 90),
    "geolocation_longitude": (-180, 180),
}

# Every property of the vendor's DnsRecordModel at the value a new record reads back with, where
# the record's options leave it out. Redirect records read back a weight of 100.
RECORD_DEFAULTS = {
    "Id": None,
    "Type": None,
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
REDIRECT_WEIGHT = 100
# What only the API knows of a new record (snake_case), predicted as None.
RECORD_SERVER_FIELDS = ("id", "accelerated_pull_zone_id", "acceleration_status", "monitor_status",
                        "ip_geo_location_info", "geolocation_info")


def record_item_spec():
    """The suboptions of one item of ``records``."""
    return dict(
        type=dict(type="str", required=True, choices=list(RECORD_TYPES)),
        name=dict(type="str", required=True),
        value=dict(type="str"),
        ttl=dict(type="int"),
        priority=dict(type="int"),
        weight=dict(type="int"),
        port=dict(type="int"),
        flags=dict(type="int"),
        tag=dict(type="str"),
        pull_zone_id=dict(type="int"),
        script_id=dict(type="int"),
        accelerated=dict(type="bool"),
        monitor_type=dict(type="str", choices=list(MONITOR_TYPES)),
        smart_routing=dict(type="str", choices=list(SMART_ROUTING_TYPES)),
        latency_zone=dict(type="str"),
        geolocation_latitude=dict(type="float"),
        geolocation_longitude=dict(type="float"),
        disabled=dict(type="bool"),
        comment=dict(type="str"),
    )


def record_argument_spec():
    return dict(
        zone=dict(type="str"),
        zone_id=dict(type="int"),
        records=dict(type="list", elements="dict", required=True, options=record_item_spec()),
        state=dict(type="str", choices=["present", "absent"], default="present"),
        purge=dict(type="bool", default=False),
    )


def record_rules():
    return (
        ("zone_id", dict(minimum=1)),
        ("zone", dict(satisfies=(domain_problem, "be a domain such as example.com"))),
    )


def canonical_value(type_name, value):
    """A record's value in the form it is compared and sent in; ValueError says why it is not one of the type."""
    if type_name in ADDRESS_KINDS:
        try:
            return str(ADDRESS_KINDS[type_name](value.strip()))
        except ValueError:
            raise ValueError("%r, which is not an IPv%s address" % (value, 4 if type_name == "A" else 6)) from None
    if type_name in NAME_VALUED:
        return ascii_name(value)
    if type_name == "Redirect":
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError("%r, which is not an http:// or https:// URL" % value)
        return value
    if not value:
        raise ValueError("an empty value")
    return value


def _comparable_value(type_name, value):
    try:
        return canonical_value(type_name, value or "")
    except ValueError:
        return value


def record_key(type_name, name, value):
    """What makes two records one: type and name for single-valued types, and the value too for the others."""
    if type_name in SINGLE_VALUED:
        return (type_name, name)
    return (type_name, name, value)


def key_of_read(record):
    """The key of a record as the zone's read holds it."""
    type_name = TYPE_NAMES.get(record.get("Type"), record.get("Type"))
    # The API may spell the apex "@" as well as "": both are the zone's own name.
    name = record.get("Name")
    return record_key(type_name, "" if name in APEX_NAMES or name is None else _comparable_name(name),
                      _comparable_value(type_name, record.get("Value")))


def describe_key(key):
    type_name, name = key[0], key[1] or "@"
    return "%s %s" % (type_name, name) if len(key) == 2 else "%s %s %s" % (type_name, name, key[2])


def item_problems(index, item, state):
    """Every way one item of ``records`` breaks its type's rules, as phrases naming ``records[index].option``."""
    where = "records[%d]" % index
    type_name = item["type"]
    taken = TYPE_OPTIONS[type_name]
    problems = []
    for option, _api in RECORD_OPTIONS:
        if item.get(option) is not None and option not in taken:
            problems.append("%s.%s is not taken by a %s record (%s)" % (where, option, type_name, _takers(option)))
    try:
        name = record_name(item["name"])
    except ValueError as error:
        problems.append("%s.name must be @, empty for the apex, or a DNS name relative to the zone, got %s" % (where, error))
        name = None
    if type_name == "NS" and name == "":
        problems.append("%s.name must not be the apex for an NS record: the zone's own nameservers are set with dns_zone" % where)
    if "value" in taken and item.get("value") is not None:
        try:
            canonical_value(type_name, item["value"])
        except ValueError as error:
            problems.append("%s.value must be %s, got %s" % (where, _value_rule(type_name), error))
    elif "value" in taken and (state == "present" or type_name not in SINGLE_VALUED):
        problems.append("%s.value is required for a %s record" % (where, type_name))
    if type_name in LINKED and state == "present" and item.get(LINKED[type_name][0]) is None:
        problems.append("%s.%s is required for a %s record" % (where, LINKED[type_name][0], type_name))
    if type_name == "CAA" and state == "present" and not item.get("tag"):
        problems.append("%s.tag is required for a CAA record (issue, issuewild or iodef, say)" % where)
    problems.extend(_bound_problems(where, item, type_name))
    problems.extend(_routing_problems(where, item))
    return problems


def _takers(option):
    types = [type_name for type_name, options in TYPE_OPTIONS.items() if option in options]
    return "%s is for %s records only" % (option, ", ".join(types[:-1]) + " and " + types[-1] if len(types) > 1 else types[0])


def _value_rule(type_name):
    if type_name in ADDRESS_KINDS:
        return "an IPv%s address" % (4 if type_name == "A" else 6)
    if type_name in NAME_VALUED:
        return "a DNS name"
    if type_name == "Redirect":
        return "an http:// or https:// URL"
    return "a non-empty string"


def _bound_problems(where, item, type_name):
    problems = []
    bounds = dict(BOUNDS)
    if type_name in WEIGHT_MAXIMUM:
        bounds["weight"] = (0, WEIGHT_MAXIMUM[type_name])
    for option, (low, high) in bounds.items():
        value = item.get(option)
        if value is not None and not low <= value <= high:
            problems.append("%s.%s must be between %s and %s%s, got %s" % (
                where, option, low, high, " for a %s record" % type_name if option == "weight" else "", value))
    return problems


def _routing_problems(where, item):
    routing = item.get("smart_routing")
    if routing == "latency" and not item.get("latency_zone"):
        return ["%s.latency_zone is required with smart_routing=latency" % where]
    if routing == "geolocation" and (item.get("geolocation_latitude") is None or item.get("geolocation_longitude") is None):
        return ["%s.geolocation_latitude and geolocation_longitude are required with smart_routing=geolocation" % where]
    return []


def records_problems(params):
    """Every problem of the records list, before any request: per item, and records listed twice."""
    problems = []
    if params["purge"] and params["state"] == "absent":
        problems.append("purge=true goes with state=present: it deletes the records the list does not name")
    seen = {}
    for index, item in enumerate(params["records"]):
        found = item_problems(index, item, params["state"])
        problems.extend(found)
        if found:
            continue
        key = wanted_key(item)
        if key in seen:
            problems.append("records[%d] is the same record as records[%d] (%s); list each record once" % (
                index, seen[key], describe_key(key)))
        seen.setdefault(key, index)
    return problems


def wanted_key(item):
    type_name = item["type"]
    value = item.get("value")
    return record_key(type_name, record_name(item["name"]), canonical_value(type_name, value) if value is not None else None)


def wanted_properties(item):
    """The API properties an item sets (write names), in the form they are sent."""
    type_name = item["type"]
    wanted = {}
    for option, api in RECORD_OPTIONS + COMMON_OPTIONS:
        value = item.get(option)
        if value is None:
            continue
        if option == "value":
            value = canonical_value(type_name, value)
        elif option in NAMED_CHOICES:
            value = NAMED_CHOICES[option][value]
        wanted[api] = value
    return wanted


def held_value(record, api):
    """The value of write property ``api`` as the record read holds it (a link's ID reads back as LinkName)."""
    if api in ("PullZoneId", "ScriptId"):
        link = record.get("LinkName")
        return int(link) if isinstance(link, str) and link.isdigit() else link
    return record.get(api)


def record_differences(record, wanted):
    """The part of ``wanted`` the record does not hold yet."""
    type_name = TYPE_NAMES.get(record.get("Type"))
    changes = {}
    for api, value in wanted.items():
        present = held_value(record, api)
        if api == "Value":
            same = _comparable_value(type_name, present) == value
        elif api in ("GeolocationLatitude", "GeolocationLongitude"):
            same = isinstance(present, (int, float)) and float(present) == float(value)
        elif api == "Tag":
            same = isinstance(present, str) and present.lower() == value.lower()
        else:
            same = present == value
        if not same:
            changes[api] = value
    return changes


def apply_to_record(record, changes):
    """The record read as it will be after ``changes`` (write names) are applied."""
    after = copy.deepcopy(record)
    for api, value in changes.items():
        if api in ("PullZoneId", "ScriptId"):
            after["LinkName"] = str(value)
        else:
            after[api] = value
    return after


def new_record(item):
    """A record as the API will read it back once added; what only the API knows is None."""
    type_name = item["type"]
    record = dict(RECORD_DEFAULTS, Type=RECORD_TYPES[type_name], Name=record_name(item["name"]))
    if type_name == "Redirect":
        record["Weight"] = REDIRECT_WEIGHT
    record = apply_to_record(record, wanted_properties(item))
    record.update(AcceleratedPullZoneId=None, AccelerationStatus=None, MonitorStatus=None)
    return record


def add_body(item):
    return dict(wanted_properties(item), Type=RECORD_TYPES[item["type"]], Name=record_name(item["name"]))


def project_record(record):
    """A record as results show it: snake_case, the type and the enumerations by name."""
    projected = to_snake(record)
    projected["type"] = TYPE_NAMES.get(record.get("Type"), record.get("Type"))
    for option, names in (("monitor_type", MONITOR_TYPES), ("smart_routing_type", SMART_ROUTING_TYPES)):
        number = projected.get(option)
        projected[option] = next((name for name, value in names.items() if value == number), number)
    projected["monitor_status"] = MONITOR_STATUSES.get(record.get("MonitorStatus"), record.get("MonitorStatus"))
    projected["acceleration_status"] = ACCELERATION_STATUSES.get(record.get("AccelerationStatus"), record.get("AccelerationStatus"))
    return projected


class RecordPlan:
    """The writes that make a zone hold the listed records, worked out from one read of the zone.

    ``adds`` are (item, body) pairs, ``updates`` (record, changes) pairs and ``deletes`` records.
    Deletes go first, so that a name can change from an address to a CNAME in one run.
    """

    def __init__(self, zone, params):
        self.zone = zone
        self.adds = []
        self.updates = []
        self.deletes = []
        current = zone.get("Records") or []
        by_key = {}
        for record in current:
            by_key.setdefault(key_of_read(record), record)
        listed = set()
        for item in params["records"]:
            key = wanted_key(item)
            listed.add(key)
            record = by_key.get(key)
            if params["state"] == "absent":
                if record is not None:
                    self.deletes.append(record)
            elif record is None:
                self.adds.append((item, add_body(item)))
            else:
                changes = record_differences(record, wanted_properties(item))
                if changes:
                    self.updates.append((record, changes))
        if params["purge"]:
            matched = {id(by_key[key]) for key in listed if key in by_key}
            self.deletes.extend(record for record in current if id(record) not in matched)

    @property
    def changed(self):
        return bool(self.adds or self.updates or self.deletes)

    def predicted_records(self):
        deleted = {id(record) for record in self.deletes}
        updated = {id(record): changes for record, changes in self.updates}
        after = [apply_to_record(record, updated[id(record)]) if id(record) in updated else record
                 for record in self.zone.get("Records") or [] if id(record) not in deleted]
        return after + [new_record(item) for item, _body in self.adds]


class RecordRun:
    """One run of dns_record: the plan's writes, each with the read that settles a lost answer."""

    def __init__(self, module, zone, plan):
        self.module = module
        self.zone_id = zone["Id"]
        self.plan = plan
        self.added = []
        self.updated = []

    @property
    def records_path(self):
        return build_path("/dnszone/{zone_id}/records", zone_id=self.zone_id)

    def record_path(self, record_id):
        return build_path("/dnszone/{zone_id}/records/{id}", zone_id=self.zone_id, id=record_id)

    def read_records(self):
        return DNS_ZONE.read(self.module.client, self.zone_id).get("Records") or []

    def apply(self):
        """Send every write; the zone's records afterwards (the answers and the plan, without a read)."""
        after = {id(record): record for record in self.plan.zone.get("Records") or []}
        for record in self.plan.deletes:
            self.module.write("DELETE", self.record_path(record["Id"]), confirm=lambda record=record: self._gone(record["Id"]))
            del after[id(record)]
        for record, changes in self.plan.updates:
            self.module.write("POST", self.record_path(record["Id"]), dict(changes, Type=record["Type"]),
                              confirm=lambda record=record, changes=changes: self._holding(record["Id"], changes))
            after[id(record)] = apply_to_record(record, changes)
            self.updated.append(after[id(record)])
        for item, body in self.plan.adds:
            answer = self.module.write("PUT", self.records_path, body, confirm=lambda item=item: self._added(item))
            added = answer if isinstance(answer, dict) and answer.get("Id") is not None else self._added(item)
            self.added.append(added)
        records = list(after.values()) + self.added
        if any(changes.get("Accelerated") for _record, changes in self.plan.updates):
            # An update answers without a body, and the pull zone it made is only in a new read.
            records = self.read_records()
            by_id = {record["Id"]: record for record in records}
            self.updated = [by_id.get(record["Id"], record) for record in self.updated]
        return records

    def _gone(self, record_id):
        return all(record["Id"] != record_id for record in self.read_records())

    def _holding(self, record_id, changes):
        for record in self.read_records():
            if record["Id"] == record_id and not record_differences(record, changes):
                return record
        return None

    def _added(self, item):
        key, wanted = wanted_key(item), wanted_properties(item)
        for record in self.read_records():
            if key_of_read(record) == key and not record_differences(record, wanted):
                return record
        return None


def accelerated_pull_zones(module, records, plan, check_mode):
    """The pull zones bunny.net made in this run for records that became accelerated, with their names."""
    turned_on = [item for item, _body in plan.adds if item.get("accelerated")]
    turned_on_ids = {record["Id"] for record, changes in plan.updates if changes.get("Accelerated")}
    made = []
    if check_mode:
        for item in turned_on:
            made.append(dict(record=new_record(item), pull_zone_id=None, pull_zone_name=None))
        for record, changes in plan.updates:
            if record["Id"] in turned_on_ids:
                made.append(dict(record=apply_to_record(record, changes), pull_zone_id=None, pull_zone_name=None))
    else:
        turned_on_keys = {wanted_key(item) for item in turned_on}
        for record in records:
            if record.get("Accelerated") and (record.get("Id") in turned_on_ids or key_of_read(record) in turned_on_keys):
                zone_id = record.get("AcceleratedPullZoneId") or None
                made.append(dict(record=record, pull_zone_id=zone_id, pull_zone_name=_pull_zone_name(module, zone_id)))
    return [dict(record=describe_record(entry["record"]), pull_zone_id=entry["pull_zone_id"],
                 pull_zone_name=entry["pull_zone_name"]) for entry in made]


def _pull_zone_name(module, zone_id):
    if not zone_id:
        return None
    try:
        return module.client.get(build_path("/pullzone/{id}", id=zone_id)).get("Name")
    except BunnyApiError as error:
        if error.status == 404:
            return None
        raise


def describe_record(record):
    """A record in a few words for results: its type, name and value."""
    type_name = TYPE_NAMES.get(record.get("Type"), record.get("Type"))
    return "%s %s %s" % (type_name, record.get("Name") or "@", record.get("Value") or record.get("LinkName") or "")


def find_zone_for_records(module):
    """The zone dns_record writes to, with its records; None in check mode for a zone that does not exist yet."""
    params = module.params
    if params["zone_id"] is not None:
        return DNS_ZONE.read(module.client, params["zone_id"])
    matches = DNS_ZONE.named(module.client, params["zone"])
    if len(matches) > 1:
        module.fail("%d DNS zones have the domain %r (ids %s); give zone_id." % (
            len(matches), params["zone"], ", ".join(str(match["Id"]) for match in matches)))
    if matches:
        return matches[0]
    if module.check_mode:
        return None
    module.fail("No DNS zone of the account has the domain %r; create it with bunnynet.cloud.dns_zone first." % params["zone"])
    return None


def converge_records(module):
    problems = records_problems(module.params)
    module.refuse(problems)
    zone = find_zone_for_records(module)
    if zone is None:
        # Check mode, and dns_zone would create the zone in the same run: it starts empty.
        module.ansible.warn("The DNS zone %s does not exist yet; its records are predicted for an empty zone." % module.params["zone"])
        zone = {"Id": None, "Records": []}
    plan = RecordPlan(zone, module.params)
    before = [project_record(record) for record in zone.get("Records") or []]
    if module.check_mode or not plan.changed:
        records = plan.predicted_records()
        added = records[len(records) - len(plan.adds):] if plan.adds else []
        updated = [apply_to_record(record, changes) for record, changes in plan.updates]
    else:
        run = RecordRun(module, zone, plan)
        records = run.apply()
        added, updated = run.added, run.updated
    pull_zones = accelerated_pull_zones(module, records, plan, module.check_mode) if plan.changed else []
    module.exit_resource(
        plan.changed, before, [project_record(record) for record in records],
        zone_id=zone["Id"],
        added=[project_record(record) for record in added],
        updated=[project_record(record) for record in updated],
        deleted=[project_record(record) for record in plan.deletes],
        accelerated_pull_zones=pull_zones,
    )
