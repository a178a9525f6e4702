# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Access lists of a Shield zone: what shield_access_list needs.

A custom list is its entries (the API keeps them as text, one a line) and its type; whether it is
enabled and what it does on a match live in a configuration of their own, which managed lists (the
vendor's curated ones) have too. Entries compare as a set of normalised values: an address and its
/32 (or /128) are one entry, IPv6 addresses are compared compressed, countries in capitals, ASNs as
numbers. Entries already in a list keep the text they have; new ones are written normalised.
"""

import ipaddress
import re

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.plan import LOCK_TIMEOUT_OPTION, held_lock
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield import ZONE_PATH, shield_data, zone_lock_path

LISTS_PATH = "/shield/shield-zone/{zone_id}/access-lists"
LIST_PATH = "/shield/shield-zone/{zone_id}/access-lists/{list_id}"
CONFIGURATION_PATH = "/shield/shield-zone/{zone_id}/access-lists/configurations/{configuration_id}"

# The vendor's enums, by the names the options take.
LIST_TYPES = {"ip": 0, "cidr": 1, "asn": 2, "country": 3, "organization": 4, "ja4": 5}
ACTIONS = {"allow": 1, "block": 2, "challenge": 3, "log": 4, "bypass": 5}
PLAN_NAMES = {0: "Basic", 1: "Advanced", 2: "Business", 3: "Enterprise"}
# A new custom list gets these when the task leaves them out, so that its prediction is exact.
NEW_LIST_CONFIGURATION = {"enabled": True, "action": "block"}
COUNTRY = re.compile(r"[A-Z]{2}\Z")
ASN = re.compile(r"(?:AS)?([0-9]+)\Z", re.IGNORECASE)
JA4 = re.compile(r"[a-z0-9_]+\Z")
MAX_ASN = 4294967295


def _named(names, number):
    return next((name for name, value in names.items() if value == number), number)


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
        state=dict(type="str", choices=["present", "absent"], default="present"),
        lock_timeout=dict(LOCK_TIMEOUT_OPTION),
    )


def module_kwargs():
    return dict(
        mutually_exclusive=[("name", "managed_lists")],
        required_one_of=[("name", "managed_lists")],
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
    if params["managed_lists"] is not None and params["state"] == "absent":
        problems.append("managed_lists cannot be given with state=absent; the vendor's lists cannot be deleted, set enabled=false")
    if params["type"] is not None and params["entries"] is not None:
        problems.extend(entry_problems(params["type"], params["entries"]))
    return problems


# --- The zone's lists --------------------------------------------------------------------------------

def project_custom(details, content):
    """A custom list as results and diffs show it."""
    if details is None:
        return None
    list_type = _named(LIST_TYPES, details.get("type"))
    return {
        "id": details.get("listId"),
        "configuration_id": details.get("configurationId"),
        "name": details.get("name"),
        "description": details.get("description"),
        "type": list_type,
        "entries": content_lines(content),
        "enabled": details.get("isEnabled"),
        "action": _named(ACTIONS, details.get("action")),
    }


def project_managed(details):
    return {
        "id": details.get("listId"),
        "configuration_id": details.get("configurationId"),
        "name": details.get("name"),
        "enabled": details.get("isEnabled"),
        "action": _named(ACTIONS, details.get("action")),
        "required_plan": _named({name.lower(): number for number, name in PLAN_NAMES.items()}, details.get("requiredPlan")),
    }


class ZoneAccessLists:
    """Plan the writes that make a zone's lists what a task asks for, predict the result, and send them."""

    def __init__(self, module):
        self.module = module
        self.params = module.params
        self.client = module.client
        self.zone_id = self.params["shield_zone_id"]
        # (method, path, body, confirm) in the order they are sent.
        self.writes = []

    def run(self):
        problems = input_problems(self.params)
        self.module.refuse(problems)
        overview = self._overview()
        if self.params["managed_lists"] is not None:
            self.module.result_key = "managed_lists"
            self._plan_managed(overview)
        else:
            self._plan_custom(overview)

    def _overview(self):
        return self.client.get(build_path(LISTS_PATH, zone_id=self.zone_id)) or {}

    def _path(self, template, **ids):
        return build_path(template, zone_id=self.zone_id, **ids)

    # --- Custom lists

    def _plan_custom(self, overview):
        name = self.params["name"]
        matches = [details for details in overview.get("customLists") or [] if details.get("name") == name]
        if len(matches) > 1:
            ids = [details.get("listId") for details in matches]
            self.module.fail("%d access lists of Shield zone %s are named %r (ids %s); rename or delete all but one." % (
                len(matches), self.zone_id, name, ", ".join(str(list_id) for list_id in ids)), ids=ids)
        details = matches[0] if matches else None
        content = self._content(details["listId"]) if details else None
        before = project_custom(details, content)
        if self.params["state"] == "absent":
            if details is not None:
                path = self._path(LIST_PATH, list_id=details["listId"])
                self.writes.append(("DELETE", path, None, lambda: self._gone(path)))
            self._finish(before, None)
        after = self._planned_custom(before, overview)
        self._finish(before, after)

    def _content(self, list_id):
        return (shield_data(self.client.get(self._path(LIST_PATH, list_id=list_id))) or {}).get("content")

    def _planned_custom(self, before, overview):
        params = self.params
        list_type = before["type"] if before else params["type"]
        if before is None and list_type is None:
            self._refuse(["type is required to create the access list %r" % params["name"]])
        if before is not None:
            fixed = [option for option in ("type", "description") if params[option] is not None and params[option] != before[option]]
            if fixed:
                self._refuse(["%s of access list %r is %r; the API sets it only when a list is created (delete the list and create it "
                              "again to change it)" % (option, params["name"], before[option]) for option in fixed])
        self._refuse(entry_problems(list_type, params["entries"] or []))
        current_lines = before["entries"] if before else []
        lines = planned_entries(list_type, current_lines, params["entries"], params["purge"]) if params["entries"] is not None else current_lines
        self._check_entry_limit(overview, before, lines)
        after = dict(before) if before else {"id": None, "configuration_id": None, "name": params["name"], "description": params["description"],
                                             "type": list_type, "entries": [], **NEW_LIST_CONFIGURATION}
        content = "\n".join(lines)
        if before is None:
            body = {"name": params["name"], "description": params["description"], "type": LIST_TYPES[list_type], "content": content}
            self.writes.append(("POST", self._path(LISTS_PATH), body, lambda: self._custom_named(params["name"])))
        elif lines != current_lines:
            path = self._path(LIST_PATH, list_id=before["id"])
            self.writes.append(("PATCH", path, {"content": content}, lambda: self._content_holds(before["id"], content)))
        after["entries"] = lines
        wanted = {key: params[key] for key in ("enabled", "action") if params[key] is not None}
        if before is None or any(after[key] != value for key, value in wanted.items()):
            after.update(wanted)
            # The configuration of a new list is found once the list exists.
            self.writes.append(("CONFIGURE", None, {"isEnabled": after["enabled"], "action": ACTIONS[after["action"]]}, params["name"]))
        return after

    def _check_entry_limit(self, overview, before, lines):
        allowed, count = overview.get("customEntryLimit"), overview.get("customEntryCount")
        if before is None:
            list_limit, lists = overview.get("customListLimit"), overview.get("customListCount")
            if isinstance(list_limit, int) and isinstance(lists, int) and lists + 1 > list_limit:
                self._refuse(["Shield zone %s has %d custom access lists and its plan allows %d (custom_list_limit)" % (self.zone_id, lists, list_limit)])
        if isinstance(allowed, int) and isinstance(count, int):
            total = count - len(before["entries"] if before else []) + len(lines)
            if total > allowed:
                self._refuse(["Shield zone %s would hold %d entries across its custom access lists and its plan allows %d (custom_entry_limit)" % (
                    self.zone_id, total, allowed)])

    def _custom_named(self, name):
        return next((details for details in self._overview().get("customLists") or [] if details.get("name") == name), None)

    def _content_holds(self, list_id, content):
        return True if self._content(list_id) == content else None

    # --- Managed lists

    def _plan_managed(self, overview):
        managed = [project_managed(details) for details in overview.get("managedLists") or []]
        by_name = {item["name"].casefold(): item for item in managed if item.get("name")}
        unknown = [item["name"] for item in self.params["managed_lists"] if item["name"].casefold() not in by_name]
        if unknown:
            self._refuse(["managed_lists has no list named %s; the zone's managed lists are %s" % (
                ", ".join(repr(name) for name in unknown), ", ".join(sorted(item["name"] for item in managed)))])
        after = [dict(item) for item in managed]
        after_by_name = {item["name"].casefold(): item for item in after}
        enabling = []
        for wanted in self.params["managed_lists"]:
            item = after_by_name[wanted["name"].casefold()]
            changes = {key: wanted[key] for key in ("enabled", "action") if wanted[key] is not None and wanted[key] != item[key]}
            if not changes:
                continue
            item.update(changes)
            if changes.get("enabled"):
                enabling.append(item)
            body = {"isEnabled": item["enabled"], "action": ACTIONS.get(item["action"], item["action"])}
            self.writes.append(("CONFIGURE", item["configuration_id"], body, None))
        self._check_plans(enabling)
        self._finish(managed, after)

    def _check_plans(self, enabling):
        if not enabling:
            return
        zone = shield_data(self.client.get(build_path(ZONE_PATH, zone_id=self.zone_id))) or {}
        plan = zone.get("planType")
        plan_numbers = {name.lower(): number for number, name in PLAN_NAMES.items()}
        beyond = [item for item in enabling if isinstance(plan, int) and plan_numbers.get(item["required_plan"], -1) > plan]
        self._refuse(["the managed list %r needs the %s plan and Shield zone %s is on the %s plan" % (
            item["name"], item["required_plan"].capitalize(), self.zone_id, PLAN_NAMES.get(plan, plan)) for item in beyond])

    # --- Writing

    def _refuse(self, problems):
        self.module.refuse(problems)

    def _finish(self, before, after):
        if self.writes and not self.module.check_mode:
            with held_lock(self.module, zone_lock_path(self.zone_id)):
                for method, path, body, confirm in self.writes:
                    self._send(method, path, body, confirm)
            after = self._read_after(after)
        self.module.exit_resource(bool(self.writes), before, after)

    def _send(self, method, path, body, confirm):
        if method != "CONFIGURE":
            self.module.write(method, path, body, confirm=confirm)
            return
        # A new list's configuration is known once it exists: ``confirm`` then carries its name, ``path`` its id.
        configuration_id = path if path is not None else self._custom_named(confirm)["configurationId"]
        self.module.write("PATCH", self._path(CONFIGURATION_PATH, configuration_id=configuration_id), body,
                          confirm=lambda: self._configured(configuration_id, body))

    def _configured(self, configuration_id, body):
        overview = self._overview()
        for details in (overview.get("customLists") or []) + (overview.get("managedLists") or []):
            if details.get("configurationId") == configuration_id:
                return True if (details.get("isEnabled"), details.get("action")) == (body["isEnabled"], body["action"]) else None
        return None

    def _gone(self, path):
        try:
            self.client.get(path)
        except BunnyApiError as error:
            if error.status == 404:
                return True
            raise
        return None

    def _read_after(self, after):
        overview = self._overview()
        if isinstance(after, list):
            return [project_managed(details) for details in overview.get("managedLists") or []]
        if after is None:
            return None
        details = next((item for item in overview.get("customLists") or [] if item.get("name") == after["name"]), None)
        return project_custom(details, self._content(details["listId"]) if details else None)
