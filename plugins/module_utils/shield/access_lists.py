# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Access lists of a Shield zone: what shield_access_list needs.

A custom list is its entries (the API keeps them as text, one a line) and its type; whether it is
enabled and what it does on a match live in a configuration of their own, which managed lists (the
vendor's curated ones) have too. Entries compare as a set of normalised values: an address and its
/32 (or /128) are one entry, IPv6 addresses are compared compressed, countries in capitals, ASNs as
numbers. Entries already in a list keep the text they have; new ones are written normalised.

Both kinds are items of the Shield zone (items.py), read from the zone's overview of its lists:
``CUSTOM_ACCESS_LISTS`` by name (the module manages one), ``MANAGED_ACCESS_LISTS`` by name without
regard to case. A custom list is created with its entries, its entries are replaced whole, and its
configuration (enabled, action) is a write of its own, as a managed list's is. After the writes the
result is read back, since the answers do not carry the configuration.
"""

import ipaddress
import re

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION, Read, Write, apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import gone, name_of
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import shield_data, zone_error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import PLANS, SHIELD_ZONE, plan_title

LISTS_PATH = "/shield/shield-zone/{zone_id}/access-lists"
LIST_PATH = "/shield/shield-zone/{zone_id}/access-lists/{list_id}"
CONFIGURATION_PATH = "/shield/shield-zone/{zone_id}/access-lists/configurations/{configuration_id}"

# The vendor's enums, by the names the options take.
LIST_TYPES = {"ip": 0, "cidr": 1, "asn": 2, "country": 3, "organization": 4, "ja4": 5}
ACTIONS = {"allow": 1, "block": 2, "challenge": 3, "log": 4, "bypass": 5}
# A new custom list gets these when the task leaves them out, so that its prediction is exact.
NEW_LIST_CONFIGURATION = {"enabled": True, "action": "block"}
COUNTRY = re.compile(r"[A-Z]{2}\Z")
ASN = re.compile(r"(?:AS)?([0-9]+)\Z", re.IGNORECASE)
JA4 = re.compile(r"[a-z0-9_]+\Z")
MAX_ASN = 4294967295


# --- Entries -----------------------------------------------------------------------------------------

def normalised_entry(list_type, entry):
    """``entry`` as a list of ``list_type`` keeps it, compared and written in one form; ValueError saying why not."""
    text = entry.strip() if isinstance(entry, str) else str(entry)
    if not text or "\n" in text or "\r" in text:
        raise ValueError("%r is not one entry (entries are one a line, not empty)" % entry)
    if list_type == "ip":
        if "/" in text:
            network = _network(text)
            if network.prefixlen != network.max_prefixlen:
                raise ValueError("%r is a range; a list of type ip takes single addresses (use a list of type cidr)" % entry)
            return str(network.network_address)
        try:
            return str(ipaddress.ip_address(text))
        except ValueError:
            raise ValueError("%r is not an IP address" % entry) from None
    if list_type == "cidr":
        return _network(text).with_prefixlen
    if list_type == "country":
        if not COUNTRY.match(text.upper()):
            raise ValueError("%r is not a two-letter country code (ISO 3166-1 alpha-2)" % entry)
        return text.upper()
    if list_type == "asn":
        match = ASN.match(text)
        if not match or int(match.group(1)) > MAX_ASN:
            raise ValueError("%r is not an autonomous system number (13335 or AS13335)" % entry)
        return str(int(match.group(1)))
    if list_type == "ja4":
        if not JA4.match(text.lower()):
            raise ValueError("%r is not a JA4 fingerprint (letters, digits and underscores)" % entry)
        return text.lower()
    return text


def _network(text):
    try:
        return ipaddress.ip_network(text, strict=True)
    except ValueError as error:
        if "host bits set" in str(error):
            raise ValueError("%r has host bits set; write the network it names, %s" % (
                text, ipaddress.ip_network(text, strict=False).with_prefixlen)) from None
        raise ValueError("%r is not an IP address or range in CIDR notation" % text) from None


def entry_key(list_type, entry):
    """What an entry compares by; organisations without regard to case, an entry the type cannot read as its text."""
    try:
        value = normalised_entry(list_type, entry)
    except ValueError:
        return entry.strip()
    return value.casefold() if list_type == "organization" else value


def entry_problems(list_type, entries, where="entries"):
    problems = []
    for position, entry in enumerate(entries):
        try:
            normalised_entry(list_type, entry)
        except ValueError as error:
            problems.append("%s[%d] %s" % (where, position, error))
    return problems


def content_lines(content):
    return [line.strip() for line in (content or "").splitlines() if line.strip()]


def planned_entries(list_type, current, desired, purge):
    """The lines a list holds after the run: present lines kept (as they are written), new entries normalised."""
    wanted_keys = {entry_key(list_type, entry) for entry in desired}
    kept = [line for line in current if not purge or entry_key(list_type, line) in wanted_keys]
    present_keys = {entry_key(list_type, line) for line in kept}
    added = []
    for entry in desired:
        key = entry_key(list_type, entry)
        if key not in present_keys:
            present_keys.add(key)
            added.append(normalised_entry(list_type, entry))
    return kept + added


# --- Options -----------------------------------------------------------------------------------------

def argument_spec():
    return dict(
        shield_zone_id=dict(type="int", required=True),
        name=dict(type="str"),
        type=dict(type="str", choices=list(LIST_TYPES)),
        description=dict(type="str"),
        entries=dict(type="list", elements="str"),
        purge=dict(type="bool", default=False),
        enabled=dict(type="bool"),
        action=dict(type="str", choices=list(ACTIONS)),
        managed_lists=dict(type="list", elements="dict", options=dict(
            name=dict(type="str", required=True),
            enabled=dict(type="bool"),
            action=dict(type="str", choices=list(ACTIONS)),
        )),
        keep=dict(type="list", elements="str"),
        state=dict(type="str", choices=["present", "absent"], default="present"),
        lock_timeout=dict(LOCK_TIMEOUT_OPTION),
    )


def module_kwargs():
    return dict(
        mutually_exclusive=[("name", "managed_lists", "keep")],
        required_one_of=[("name", "managed_lists", "keep")],
        required_by=dict(type=("name",), entries=("name",), description=("name",)),
    )


RULES = (
    ("shield_zone_id", dict(minimum=1)),
    ("lock_timeout", dict(minimum=1)),
    ("name", dict(min_length=1)),
    ("managed_lists[].name", dict(min_length=1)),
)


def input_problems(params):
    problems = []
    if params["keep"] is not None and params["state"] != "absent":
        problems.append("keep names the custom lists to keep when the others are deleted: it needs state=absent")
    if params["managed_lists"] is not None and params["state"] == "absent":
        problems.append("managed_lists cannot be given with state=absent; the vendor's lists cannot be deleted, set enabled=false")
    if params["type"] is not None and params["entries"] is not None:
        problems.extend(entry_problems(params["type"], params["entries"]))
    return problems


# --- The zone's lists --------------------------------------------------------------------------------

def read_overview(client, zone_id):
    """The zone's lists (custom lists without their entries) and its plan's limits for them."""
    return client.get(build_path(LISTS_PATH, zone_id=zone_id)) or {}


def read_content(client, zone_id, list_id):
    """The entries of a custom list, as the text the API keeps them in."""
    return (shield_data(client.get(build_path(LIST_PATH, zone_id=zone_id, list_id=list_id))) or {}).get("content")


def project_custom(details, content):
    """A custom list as results and diffs show it."""
    if details is None:
        return None
    list_type = name_of(LIST_TYPES, details.get("type"))
    return {
        "id": details.get("listId"),
        "configuration_id": details.get("configurationId"),
        "name": details.get("name"),
        "description": details.get("description"),
        "type": list_type,
        "entries": content_lines(content),
        "enabled": details.get("isEnabled"),
        "action": name_of(ACTIONS, details.get("action")),
    }


def project_managed(details):
    return {
        "id": details.get("listId"),
        "configuration_id": details.get("configurationId"),
        "name": details.get("name"),
        "enabled": details.get("isEnabled"),
        "action": name_of(ACTIONS, details.get("action")),
        "required_plan": name_of(PLANS, details.get("requiredPlan")),
    }


def _configuration_write(module, zone_id, configuration_id, access_list):
    """The write of a list's configuration (enabled, action) as ``access_list`` has it; ``configuration_id()`` names it."""
    body = {"isEnabled": access_list["enabled"], "action": ACTIONS.get(access_list["action"], access_list["action"])}

    def configured():
        overview = read_overview(module.client, zone_id)
        for details in (overview.get("customLists") or []) + (overview.get("managedLists") or []):
            if details.get("configurationId") == configuration_id():
                return True if (details.get("isEnabled"), details.get("action")) == (body["isEnabled"], body["action"]) else None
        return None

    return Write("PATCH", lambda: build_path(CONFIGURATION_PATH, zone_id=zone_id, configuration_id=configuration_id()), body, confirm=configured)


# --- Custom lists ------------------------------------------------------------------------------------

def new_custom_list(wanted):
    """A custom list as the create leaves it, once configured: enabled and blocking unless the task says otherwise."""
    created = {"id": None, "configuration_id": None, "name": wanted["name"], "description": wanted["description"], "type": wanted["type"],
               "entries": wanted["entries"] or [], **NEW_LIST_CONFIGURATION}
    created.update((key, wanted[key]) for key in ("enabled", "action") if wanted[key] is not None)
    return created


def _create_custom_list(change):
    module, zone_id, created = change.module, change.parent_id, change.after
    body = {"name": created["name"], "description": created["description"], "type": LIST_TYPES[created["type"]],
            "content": "\n".join(created["entries"])}
    configuration = {}
    return [
        ("add", Write("POST", build_path(LISTS_PATH, zone_id=zone_id), body, confirm=lambda: _custom_named(module.client, zone_id, created["name"]))),
        # The configuration of a new list (enabled, action) is found once the list exists.
        ("configuration", Read(lambda: _custom_named(module.client, zone_id, created["name"]),
                               answered=lambda found: configuration.update(id=found["configuration_id"]))),
        ("configuration", _configuration_write(module, zone_id, lambda: configuration["id"], created)),
    ]


def _change_custom_list(change):
    """The entries, replaced whole, then the configuration: each when it differs."""
    module, zone_id, changed = change.module, change.parent_id, change.after
    writes = []
    if "entries" in change.changes:
        path = build_path(LIST_PATH, zone_id=zone_id, list_id=change.present["id"])
        content = "\n".join(changed["entries"])
        writes.append(("entries", Write("PATCH", path, {"content": content},
                                        confirm=lambda: True if read_content(module.client, zone_id, change.present["id"]) == content else None)))
    if change.changes.keys() & {"enabled", "action"}:
        writes.append(("configuration", _configuration_write(module, zone_id, lambda: change.present["configuration_id"], changed)))
    return writes


def _delete_custom_list(change):
    path = build_path(LIST_PATH, zone_id=change.parent_id, list_id=change.present["id"])
    return Write("DELETE", path, confirm=lambda: gone(lambda: change.module.client.get(path)))


def _read_custom_lists(client, zone_id, overview=None):
    """The zone's custom lists, from its overview (``overview``, when read already); their entries are not in it (None)."""
    overview = overview if overview is not None else read_overview(client, zone_id)
    return [dict(project_custom(details, None), entries=None) for details in overview.get("customLists") or []]


CUSTOM_ACCESS_LISTS = Items(
    noun="access list", parent=SHIELD_ZONE, parent_option="shield_zone_id", read=_read_custom_lists,
    key=lambda access_list: access_list.get("name"), new_item=new_custom_list,
    add=_create_custom_list, change=_change_custom_list, remove=_delete_custom_list,
    order=("remove", "add", "entries", "configuration"),
)


def _custom_named(client, zone_id, name):
    """The custom list ``name``, without its entries; None while there is none."""
    return next(iter(CUSTOM_ACCESS_LISTS.find(CUSTOM_ACCESS_LISTS.read(client, zone_id), name)), None)


def _with_entries(client, zone_id, access_list):
    """``access_list`` with its entries, read."""
    return dict(access_list, entries=content_lines(read_content(client, zone_id, access_list["id"])))


def custom_list_plan(module):
    """The plan that creates, changes or deletes the custom list ``name``, read back after its writes."""
    params = module.params
    zone_id, name = params["shield_zone_id"], params["name"]
    overview = read_overview(module.client, zone_id)
    matches = CUSTOM_ACCESS_LISTS.find(CUSTOM_ACCESS_LISTS.read(module.client, zone_id, overview), name)
    if len(matches) > 1:
        ids = [match["id"] for match in matches]
        module.fail("%d access lists of Shield zone %s are named %r (ids %s); rename or delete all but one." % (
            len(matches), zone_id, name, ", ".join(str(list_id) for list_id in ids)), ids=ids)
    before = _with_entries(module.client, zone_id, matches[0]) if matches else None
    present = [before] if before else []
    if params["state"] == "absent":
        # Nothing to read back after a delete: the list is gone.
        return CUSTOM_ACCESS_LISTS.plan(module, zone_id, present, present, "absent", focus=name)
    plan = CUSTOM_ACCESS_LISTS.plan(module, zone_id, present, [_wanted_custom_list(module, overview, before)], focus=name)
    if plan.writes:
        plan.add(Read(lambda: _read_custom_list(module.client, zone_id, name), answered=lambda access_list: setattr(plan, "after", access_list)))
    return plan


def unlisted_lists_plan(module):
    """The plan that deletes every custom list whose name ``keep`` leaves out."""
    zone_id = module.params["shield_zone_id"]
    kept = {name.casefold() for name in module.params["keep"]}
    present = CUSTOM_ACCESS_LISTS.read(module.client, zone_id)
    unlisted = [access_list for access_list in present if (access_list.get("name") or "").casefold() not in kept]
    plan = CUSTOM_ACCESS_LISTS.plan(module, zone_id, present, unlisted, "absent")
    if plan.writes:
        plan.add(Read(lambda: CUSTOM_ACCESS_LISTS.read(module.client, zone_id), answered=lambda read: setattr(plan, "after", read)))
    return plan


def _read_custom_list(client, zone_id, name):
    found = _custom_named(client, zone_id, name)
    return _with_entries(client, zone_id, found) if found else None


def _wanted_custom_list(module, overview, before):
    """The list the options ask for, with its entries as they will stand; what the list cannot become is refused."""
    params = module.params
    list_type = before["type"] if before else params["type"]
    if before is None and list_type is None:
        module.refuse(["type is required to create the access list %r" % params["name"]])
    if before is not None:
        fixed = [option for option in ("type", "description") if params[option] is not None and params[option] != before[option]]
        module.refuse(["%s of access list %r is %r; the API sets it only when a list is created (delete the list and create it "
                       "again to change it)" % (option, params["name"], before[option]) for option in fixed])
    module.refuse(entry_problems(list_type, params["entries"] or []))
    current_lines = before["entries"] if before else []
    lines = planned_entries(list_type, current_lines, params["entries"], params["purge"]) if params["entries"] is not None else current_lines
    _check_entry_limit(module, overview, before, lines)
    return {"name": params["name"], "description": params["description"], "type": list_type,
            "entries": lines if params["entries"] is not None else None, "enabled": params["enabled"], "action": params["action"]}


def _check_entry_limit(module, overview, before, lines):
    zone_id = module.params["shield_zone_id"]
    allowed, count = overview.get("customEntryLimit"), overview.get("customEntryCount")
    if before is None:
        list_limit, lists = overview.get("customListLimit"), overview.get("customListCount")
        if isinstance(list_limit, int) and isinstance(lists, int) and lists + 1 > list_limit:
            module.refuse(["Shield zone %s has %d custom access lists and its plan allows %d (custom_list_limit)" % (zone_id, lists, list_limit)])
    if isinstance(allowed, int) and isinstance(count, int):
        total = count - len(before["entries"] if before else []) + len(lines)
        if total > allowed:
            module.refuse(["Shield zone %s would hold %d entries across its custom access lists and its plan allows %d (custom_entry_limit)" % (
                zone_id, total, allowed)])


# --- Managed lists -----------------------------------------------------------------------------------

MANAGED_ACCESS_LISTS = Items(
    noun="managed list", parent=SHIELD_ZONE, parent_option="shield_zone_id",
    read=lambda client, zone_id, _zone: [project_managed(details) for details in read_overview(client, zone_id).get("managedLists") or []],
    key=lambda managed: (managed.get("name") or "").casefold(),
    change=lambda change: _configuration_write(change.module, change.parent_id, lambda: change.present["configuration_id"], change.after),
)


def managed_lists_plan(module):
    """The plan that sets the managed lists given (enabled, action), read back after its writes."""
    params = module.params
    zone_id = params["shield_zone_id"]
    managed = MANAGED_ACCESS_LISTS.read(module.client, zone_id)
    by_key = {MANAGED_ACCESS_LISTS.key(item): item for item in managed if item.get("name")}
    unknown = [item["name"] for item in params["managed_lists"] if MANAGED_ACCESS_LISTS.key(item) not in by_key]
    if unknown:
        module.refuse(["managed_lists has no list named %s; the zone's managed lists are %s" % (
            ", ".join(repr(name) for name in unknown), ", ".join(sorted(item["name"] for item in managed)))])
    # Each list by the name the zone gives it, so that only enabled and action can differ; a list
    # named twice takes what both entries set.
    wanted = {}
    for item in params["managed_lists"]:
        key = MANAGED_ACCESS_LISTS.key(item)
        wanted.setdefault(key, {"name": by_key[key]["name"]}).update((option, item[option]) for option in ("enabled", "action") if item[option] is not None)
    plan = MANAGED_ACCESS_LISTS.plan(module, zone_id, managed, list(wanted.values()))
    changes = {change.key: change for change in plan.items}
    enabling = [changes[key].after for key in wanted if changes[key].changes.get("enabled")]
    _check_plans(module, zone_id, enabling)
    if plan.writes:
        plan.add(Read(lambda: MANAGED_ACCESS_LISTS.read(module.client, zone_id), answered=lambda read: setattr(plan, "after", read)))
    return plan


def _check_plans(module, zone_id, enabling):
    if not enabling:
        return
    plan = (SHIELD_ZONE.read(module.client, zone_id) or {}).get("planType")
    beyond = [item for item in enabling if isinstance(plan, int) and PLANS.get(item["required_plan"], -1) > plan]
    module.refuse(["the managed list %r needs the %s plan and Shield zone %s is on the %s plan" % (
        item["name"], item["required_plan"].capitalize(), zone_id, plan_title(plan)) for item in beyond])


def converge_access_lists(module):
    """Run shield_access_list: plan from the zone's lists, read under the zone's lock, and apply."""
    params = module.params
    zone_id = params["shield_zone_id"]

    def run(module):
        module.refuse(input_problems(params))
        if params["managed_lists"] is not None:
            module.result_key = "managed_lists"
            planner = managed_lists_plan
        elif params["keep"] is not None:
            module.result_key = "access_lists"
            planner = unlisted_lists_plan
        else:
            planner = custom_list_plan
        apply(module, lambda: planner(module), lock=CUSTOM_ACCESS_LISTS.lock_path(zone_id))

    module.run(run, describe_error=zone_error_describer(zone_id))
