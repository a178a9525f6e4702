# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The records of a Bunny DNS zone (dns_record), as items of their zone (items.py).

A read of the zone returns its records, and the API has no read of one record, so dns_record reads
the zone once and makes one call per record that differs (PUT adds, POST updates, DELETE deletes,
deletes first), however large the zone is.

A record is named by its type and name, and by its value too for the types a name may hold several
of. Names, and values that are DNS names (a CNAME's target, an MX's exchange), are compared and
sent by the one DNS-name rule (dns_names.py); addresses by the address they denote; text, URLs and
other values exactly.
"""

import copy
import ipaddress
from urllib.parse import urlsplit

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.dns_names import ascii_name, comparable_name
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zone_files import (
    DNSPYTHON_IMPORT_ERROR,
    HAS_DNSPYTHON,
    ZONE_FILE,
    dnspython_missing,
    zone_file_records,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zones import (
    DNS_ZONE,
    DOMAIN_RULE,
    MONITOR_TYPES,
    RECORD_TYPES,
    SMART_ROUTING_TYPES,
    TYPE_NAMES,
    project_record,
)

APEX_NAMES = ("", "@")

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
        records=dict(type="list", elements="dict", options=record_item_spec()),
        zone_file=dict(type="str"),
        state=dict(type="str", choices=["present", "absent"], default="present"),
        purge=dict(type="bool", default=False),
    )


def record_rules():
    return (
        ("zone_id", dict(minimum=1)),
        ("zone", dict(satisfies=DOMAIN_RULE)),
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
    return record_key(type_name, "" if name in APEX_NAMES or name is None else comparable_name(name),
                      _comparable_value(type_name, record.get("Value")))


def describe_key(key):
    type_name, name = key[0], key[1] or "@"
    return "%s %s" % (type_name, name) if len(key) == 2 else "%s %s %s" % (type_name, name, key[2])


class Place:
    """Where the task lists a record, as its problems name it: ``records[0]``, or a line of the zone file."""

    def __init__(self, name, separator="."):
        self.name = name
        self.separator = separator

    def __str__(self):
        return self.name

    def of(self, option):
        return self.name + self.separator + option


class OutsideZone(ValueError):
    """An absolute record name that is not in the zone."""


def item_problems(place, item, state, domain):
    """Every way one listed record breaks its type's rules, as phrases naming its ``place``."""
    type_name = item["type"]
    taken = TYPE_OPTIONS[type_name]
    problems = []
    for option, _api in RECORD_OPTIONS:
        if item.get(option) is not None and option not in taken:
            problems.append("%s is not taken by a %s record (%s)" % (place.of(option), type_name, _takers(option)))
    try:
        name = record_name(item["name"], domain)
    except OutsideZone as error:
        problems.append("%s is %s" % (place.of("name"), error))
        name = None
    except ValueError as error:
        problems.append("%s must be @, empty for the apex, or a DNS name relative to the zone, got %s" % (place.of("name"), error))
        name = None
    if type_name == "NS" and name == "":
        problems.append("%s must not be the apex for an NS record: the zone's own nameservers are set with dns_zone" % place.of("name"))
    if "value" in taken and item.get("value") is not None:
        try:
            canonical_value(type_name, item["value"])
        except ValueError as error:
            problems.append("%s must be %s, got %s" % (place.of("value"), _value_rule(type_name), error))
    elif "value" in taken and (state == "present" or type_name not in SINGLE_VALUED):
        problems.append("%s is required for a %s record" % (place.of("value"), type_name))
    if type_name in LINKED and state == "present" and item.get(LINKED[type_name][0]) is None:
        problems.append("%s is required for a %s record" % (place.of(LINKED[type_name][0]), type_name))
    if type_name == "CAA" and state == "present" and not item.get("tag"):
        problems.append("%s is required for a CAA record (issue, issuewild or iodef, say)" % place.of("tag"))
    problems.extend(_bound_problems(place, item, type_name))
    problems.extend(_routing_problems(place, item))
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


def _bound_problems(place, item, type_name):
    problems = []
    bounds = dict(BOUNDS)
    if type_name in WEIGHT_MAXIMUM:
        bounds["weight"] = (0, WEIGHT_MAXIMUM[type_name])
    for option, (low, high) in bounds.items():
        value = item.get(option)
        if value is not None and not low <= value <= high:
            problems.append("%s must be between %s and %s%s, got %s" % (
                place.of(option), low, high, " for a %s record" % type_name if option == "weight" else "", value))
    return problems


def _routing_problems(place, item):
    routing = item.get("smart_routing")
    if routing == "latency" and not item.get("latency_zone"):
        return ["%s is required with smart_routing=latency" % place.of("latency_zone")]
    if routing == "geolocation" and (item.get("geolocation_latitude") is None or item.get("geolocation_longitude") is None):
        return ["%s and geolocation_longitude are required with smart_routing=geolocation" % place.of("geolocation_latitude")]
    return []


def records_problems(listed, params, domain):
    """Every problem of the listed records (``(place, item)``), before any write: per item, and records listed twice."""
    problems = []
    if params["purge"] and params["state"] == "absent":
        problems.append("purge=true goes with state=present: it deletes the records the list does not name")
    seen = {}
    for place, item in listed:
        found = item_problems(place, item, params["state"], domain)
        problems.extend(found)
        if found:
            continue
        key = key_of_read(wanted_record(item, domain))
        if key in seen:
            problems.append("%s is the same record as %s (%s); list each record once" % (place, seen[key], describe_key(key)))
        seen.setdefault(key, place)
    return problems


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
    """The part of ``wanted`` (write names) the record does not hold yet; type and name make the record, and are no difference."""
    type_name = TYPE_NAMES.get(record.get("Type"))
    changes = {}
    for api, value in wanted.items():
        if api in ("Type", "Name"):
            continue
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


def record_name(name, domain=None):
    """A record's name relative to the zone of ``domain``, as sent and compared: ``""`` for the apex (``@`` or empty).

    A name that ends in a dot is absolute, as in a zone file: the zone's domain is taken off it, and
    OutsideZone says that it is not in the zone. Without ``domain`` (a zone named by its ID and not
    read yet), an absolute name is only checked as a name. ValueError says why a name is no name.
    """
    if name is None or name in APEX_NAMES:
        return ""
    relative = ascii_name(name)
    if not name.endswith(".") or domain is None:
        return relative
    domain = comparable_name(domain)
    if relative == domain:
        return ""
    if relative.endswith("." + domain):
        return relative[:-len(domain) - 1]
    raise OutsideZone("%r, a name outside the zone %s (a name that ends in a dot is absolute)" % (name, domain))


def wanted_record(item, domain):
    """A listed record as the partial record it asks for (the read's shape, write names), in the form it is sent."""
    return dict(wanted_properties(item), Type=RECORD_TYPES[item["type"]], Name=record_name(item["name"], domain))


def new_record(wanted):
    """A record as the API will read it back once added; what only the API knows is None."""
    record = dict(RECORD_DEFAULTS, Type=wanted["Type"], Name=wanted["Name"])
    if TYPE_NAMES[wanted["Type"]] == "Redirect":
        record["Weight"] = REDIRECT_WEIGHT
    record = apply_to_record(record, wanted)
    record.update(AcceleratedPullZoneId=None, AccelerationStatus=None, MonitorStatus=None)
    return record


def describe_record(record):
    """A record in a few words for results: its type, name and value."""
    type_name = TYPE_NAMES.get(record.get("Type"), record.get("Type"))
    return "%s %s %s" % (type_name, record.get("Name") or "@", record.get("Value") or record.get("LinkName") or "")


# --- The records as items of their zone -----------------------------------------------------------

def records_path(zone_id):
    return build_path("/dnszone/{zone_id}/records", zone_id=zone_id)


def record_path(zone_id, record_id):
    return build_path("/dnszone/{zone_id}/records/{id}", zone_id=zone_id, id=record_id)


def _add(change):
    def answered(answer):
        # An add that answers less than the record is read back, to return the record with its ID.
        if not (isinstance(answer, dict) and answer.get("Id") is not None):
            change.after = change.added() or change.after
    return Write("PUT", records_path(change.parent_id), change.wanted, confirm=change.added, answered=answered)


def _update(change):
    return Write("POST", record_path(change.parent_id, change.present["Id"]), dict(change.changes, Type=change.present["Type"]),
                 confirm=change.holding)


def _delete(change):
    return Write("DELETE", record_path(change.parent_id, change.present["Id"]), confirm=change.gone)


ZONE_RECORDS = Items(
    noun="record", parent=DNS_ZONE, parent_option="zone_id", field="Records", key=key_of_read,
    # A record whose value changes is a new key for a type that takes several values: its diff pairs it by type and name.
    pair=lambda record: key_of_read(record)[:2], differences=record_differences, predict=apply_to_record, new_item=new_record, project=project_record,
    add=_add, change=_update, remove=_delete,
    # Deletes first, so that a name can change from an address to a CNAME in one run.
    order=("remove", "change", "add"),
)


def find_zone(module):
    """The zone dns_record writes to, with its records; None in check mode for a zone that does not exist yet."""
    params = module.params
    if params["zone_id"] is not None:
        return DNS_ZONE.find(module, params["zone_id"])
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


def listed_records(module, domain):
    """The records the task lists: the zone file's, then those of ``records``; any problem is refused.

    What needs the zone's ``domain`` (a zone file's names, absolute names) waits for it while the
    zone is known by its ID only (``domain`` None).
    """
    params = module.params
    listed, problems = [], []
    if params["zone_file"] is not None and domain is not None:
        read, problems = zone_file_records(params["zone_file"], comparable_name(domain))
        listed.extend((Place("%s line %d" % (ZONE_FILE, line), ": "), item) for line, item in read)
    listed.extend((Place("records[%d]" % index), item) for index, item in enumerate(params["records"] or []))
    module.refuse(problems + records_problems(listed, params, domain))
    return [item for _place, item in listed]


def plan_records(module):
    """The plan that makes the zone hold the listed records, with the result keys dns_record returns beside them."""
    params = module.params
    if params["zone_file"] is not None and not HAS_DNSPYTHON:
        module.fail(dnspython_missing(), exception=DNSPYTHON_IMPORT_ERROR)
    listed = listed_records(module, params["zone"])
    zone = find_zone(module)
    if zone is None:
        # Check mode, and dns_zone would create the zone in the same run: it starts empty.
        module.ansible.warn("The DNS zone %s does not exist yet; its records are predicted for an empty zone." % params["zone"])
        zone = {"Id": None, "Domain": params["zone"], "Records": []}
    if params["zone_id"] is not None:
        # Before any write still: what waited for the zone's domain.
        listed = listed_records(module, zone["Domain"])
    wanted = [wanted_record(item, zone["Domain"]) for item in listed]
    present = ZONE_RECORDS.read(module.client, zone["Id"], zone)
    plan = ZONE_RECORDS.plan(module, zone["Id"], present, wanted, params["state"], params["purge"])
    plan.then(lambda check_mode: _report(module, plan, zone["Id"], wanted, check_mode))
    return plan


def _report(module, plan, zone_id, wanted, check_mode):
    """The result keys beside the records: what was added, updated and deleted, and the pull zones made."""
    changes = plan.items
    position = {key_of_read(record): index for index, record in enumerate(wanted)}
    # Updates are sent in the order the task lists the records.
    updates = sorted((change for change in changes if change.present is not None and change.changes), key=lambda change: position[change.key])
    records = [change.after for change in changes if not change.removing]
    if not check_mode and any(change.changes.get("Accelerated") for change in updates):
        # An update answers without a body, and the pull zone it made is only in a new read.
        records = ZONE_RECORDS.read(module.client, zone_id)
        by_id = {record["Id"]: record for record in records}
        for change in updates:
            change.after = by_id.get(change.present["Id"], change.after)
        plan.after = [project_record(record) for record in records]
    plan.result.update(
        zone_id=zone_id,
        added=[project_record(change.after) for change in changes if change.adding],
        updated=[project_record(change.after) for change in updates],
        deleted=[project_record(change.present) for change in changes if change.removing],
        accelerated_pull_zones=accelerated_pull_zones(module, records, changes, updates, check_mode) if plan.changed else [],
    )


def accelerated_pull_zones(module, records, changes, updates, check_mode):
    """The pull zones bunny.net made in this run for records that became accelerated, with their names."""
    turned_on = [change for change in changes if change.adding and change.wanted.get("Accelerated")]
    turned_on += [change for change in updates if change.changes.get("Accelerated")]
    if check_mode:
        made = [dict(record=change.after, pull_zone_id=None, pull_zone_name=None) for change in turned_on]
    else:
        turned_on_ids = {change.present["Id"] for change in turned_on if change.present is not None}
        turned_on_keys = {change.key for change in turned_on if change.adding}
        made = []
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
