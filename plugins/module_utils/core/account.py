# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""A whole account read at once: every resource of every kind the collection manages.

The inventory plugin ``bunnynet.cloud.account`` and the export playbook read the account through
this file. Each kind lists its resources with the same declarations the modules find them by
(every page of every list), projected as the kind's info module returns them, with the values of
secrets left out entirely: an inventory is read by people and written to caches and files.
"""

import collections
import hashlib
import os
import re

from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.secrets import AccountSecrets, with_held_secrets
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.team_members import TEAM_MEMBER, authorise
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    InventoryError,
    ItemList,
    Options,
    Part,
    Settings,
    Shape,
    drift,
    snake,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, BunnyClient
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import changed_fields
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.dns_names import comparable_name
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import name_of
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.records import (
    COMMON_OPTIONS,
    NAMED_CHOICES,
    RECORD_OPTIONS,
    TYPE_OPTIONS,
    ZONE_RECORDS,
    describe_key,
    held_value,
    key_of_read,
    record_item_spec,
    wanted_record,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zones import DNS_ZONE, TYPE_NAMES
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.releases import active_release
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.script_items import SCRIPT_SECRETS, SCRIPT_VARIABLES, read_secrets
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import EDGE_SCRIPT, SCRIPTS_PATH, read_code
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import SECRET_KEYS as SCRIPT_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP, USER_MAPS, app_patch, merge_app
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.log_forwarding import FORWARDINGS_PATH, LOG_FORWARDING
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import app_options
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.registries import REGISTRY
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.templates import ENTRY_POINT_MEMBERS, template_patch
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.edge_rules import (
    EDGE_RULES,
    desired_content,
    edge_rule_options,
    ordered_rules,
    project_rule,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    HOSTNAMES,
    PULL_ZONE_REFERRERS,
    VIDEO_LIBRARY_REFERRERS,
    canonical,
    hostname_value,
    is_platform_hostname,
    wanted_hostnames,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.optimizer_classes import (
    OPTIMIZER_CLASSES,
    class_options,
    project_class,
    wanted_class,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import ORIGIN_TYPES, PULL_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import SECRET_KEYS as PULL_ZONE_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.access_lists import (
    CUSTOM_ACCESS_LISTS,
    MANAGED_ACCESS_LISTS,
    project_custom,
    project_managed,
    read_content,
    read_overview,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.access_lists import argument_spec as access_list_spec
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.api_guardian import (
    ENDPOINT_SWITCHES,
    endpoint_options,
    endpoint_request,
    project_endpoint,
    read_guardian,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.api_guardian_endpoints import GUARDIAN_ENDPOINTS, endpoint_key
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.bot_categorization import (
    BOT_ACTIONS,
    BOT_CATEGORIES,
    CATEGORIES,
    CATEGORISED_BOTS,
    CATEGORY_ACTIONS,
    bot_key,
    bots_of,
    categories_of,
    categorization_options,
    project_category,
    read_categorization,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.bot_detection import (
    bot_detection_options,
    project_bot_detection,
    read_bot_detection,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import BOT_CATEGORIZATION_NOT_IN_PLAN
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.custom_pages import CUSTOM_PAGES, PAGE_TYPES, read_pages
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.rules import RATE_LIMITS, WAF_RULES, desired_rule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.rules import item_options as shield_rule_options
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.settings import API_GUARDIAN_CONFIGURATION, UPLOAD_SCANNING
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import PLANS, SHIELD_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import SECRET_KEYS as STORAGE_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import STORAGE_ZONE, is_excluded, local_files, storage_manifest
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import SECRET_KEYS as VIDEO_LIBRARY_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import VIDEO_LIBRARY

# Characters an inventory host name keeps; anything else (a space in a script's name) becomes "_",
# so that a host name is also a file name under host_vars/ and a plain word in a host pattern.
HOST_NAME_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")
# The Shield plan without bot detection, whose bot detection read fails.
BASIC_PLAN = PLANS["basic"]


class Kind:
    """One kind of resource: how the account lists it, what names and identifies one, what is secret."""

    def __init__(self, name, title, plural, list_records, project, id_key, name_of, secret_keys=(), shapes=()):
        self.name = name
        # How a report names a resource of the kind: "pull zone shop".
        self.title = title
        self.plural = plural
        self._list_records = list_records
        self._project = project
        self.id_key = id_key
        self._name_of = name_of
        self.secret_keys = frozenset(_spelling_free(key) for key in secret_keys)
        # The roles that manage a resource of this kind (account_roles.Shape), the first that applies.
        self.shapes = tuple(shapes)

    def shape_of(self, reads, record):
        """The shape of the role that manages ``record``, or None when no role of the kind does."""
        return next((shape for shape in self.shapes if shape.applies(reads, record)), None)

    def resources(self, reads):
        """Every resource of the kind, projected, secrets left out, as (name, id, resource, record as read)."""
        found = []
        for record in self._list_records(reads):
            resource = without_secrets(self._project(record), self.secret_keys)
            found.append((str(self._name_of(resource)), resource.get(self.id_key), resource, record))
        return found


def without_secrets(data, secret_keys):
    """A copy of data without the keys, at any depth, whose names are in secret_keys (in any spelling)."""
    if isinstance(data, dict):
        return {key: without_secrets(value, secret_keys) for key, value in data.items() if _spelling_free(key) not in secret_keys}
    if isinstance(data, list):
        return [without_secrets(item, secret_keys) for item in data]
    return data


def _spelling_free(key):
    return str(key).replace("_", "").lower()


class AccountReads:
    """The client, and what is read for more than one purpose, read once: the pull zones (their
    hosts and the static sites they serve), and per resource what the export and the audit both
    need (a script's code, a zone's access lists, a storage zone's files)."""

    def __init__(self, client, storage_url=None):
        self.client = client
        # The storage API's address for every zone, where the zones' region hosts are not it (the simulator's).
        self.storage_url = storage_url
        self._pull_zones = None
        self._once = {}

    def pull_zones(self):
        """Every pull zone as the API reads it."""
        if self._pull_zones is None:
            self._pull_zones = PULL_ZONE.list(self.client)
        return self._pull_zones

    def registries(self):
        """The account's container registries, listed once: a kind of its own, and the hosts its applications' templates name."""
        return self._read_once("registries", None, lambda: REGISTRY.list(self.client))

    def registry_hosts(self):
        """Each container registry's host by its id, as a string (a template names its registry so)."""
        return self._read_once("registry_hosts", None, lambda: {str(registry["id"]): registry.get("hostName") for registry in self.registries()})

    def pull_zone_names(self):
        """Each pull zone's name by its id."""
        return self._read_once("pull_zone_names", None, lambda: {zone["Id"]: zone["Name"] for zone in self.pull_zones()})

    def sites(self):
        """The pull zone that serves each storage zone as its origin, by the storage zone's id (the first by id)."""
        def index():
            serving = {}
            for pull_zone in sorted(self.pull_zones(), key=lambda pull_zone: pull_zone["Id"]):
                if pull_zone.get("OriginType") == ORIGIN_TYPES["storage_zone"]:
                    serving.setdefault(pull_zone.get("StorageZoneId"), pull_zone)
            return serving
        return self._read_once("sites", None, index)

    def _read_once(self, what, key, read):
        if (what, key) not in self._once:
            self._once[(what, key)] = read()
        return self._once[(what, key)]

    def code(self, script):
        return self._read_once("code", script["Id"], lambda: read_code(self.client, script["Id"]))

    def release(self, script):
        return self._read_once("release", script["Id"], lambda: active_release(self.client, script["Id"]))

    def access_lists(self, zone):
        return self._read_once("access lists", zone["shieldZoneId"], lambda: read_overview(self.client, zone["shieldZoneId"]))

    def library(self, library):
        """A video library with the token authentication settings its pull zone keeps."""
        return self._read_once("library", library["Id"], lambda: VIDEO_LIBRARY.with_zone_settings(self.client, library))

    def upload_scanning(self, zone):
        return self._read_once("upload scanning", zone["shieldZoneId"], lambda: UPLOAD_SCANNING.read(self.client, zone["shieldZoneId"]))

    def guardian(self, zone):
        """The zone's API Guardian, one read for its configuration and its endpoints."""
        return self._read_once("api guardian", zone["shieldZoneId"], lambda: read_guardian(self.client, zone["shieldZoneId"]) or {})

    def custom_pages(self, zone):
        """The zone's custom pages: the API has one read per page type, and no list of them."""
        return self._read_once("custom pages", zone["shieldZoneId"], lambda: read_pages(self.client, zone["shieldZoneId"]))

    def categorization(self, zone):
        """The zone's bot categories and bots, one read; none on a plan without bot detection, which refuses the read."""
        def read():
            if zone.get("planType") == BASIC_PLAN:
                return []
            try:
                return read_categorization(self.client, zone["shieldZoneId"])
            except BunnyApiError as error:
                if error.error_key == BOT_CATEGORIZATION_NOT_IN_PLAN:
                    return []
                raise
        return self._read_once("bot categorization", zone["shieldZoneId"], read)

    def log_forwarding(self, app):
        """An application's log forwarding configuration, or None: the account's configurations are one list, read once."""
        def index():
            listed = self.client.get(FORWARDINGS_PATH) or {}
            return {configuration.get("app"): configuration for configuration in listed.get("items") or []}
        return self._read_once("log forwarding", None, index).get(app["id"])

    def team_members(self):
        """The account's team. Its endpoints take a token the API key is exchanged for (a POST that
        changes nothing, the one request of a read that is not a GET); a client of their own carries
        it, so that no other request of the run sends it."""
        def read():
            client = self.client
            team = BunnyClient(client.session.headers["AccessKey"], client.api_url, client.timeout, client.retries,
                               validate_certs=client.validate_certs)
            return TEAM_MEMBER.list(authorise(team))
        return self._read_once("team members", None, read)

    def files(self, zone):
        """The zone's files as the storage API lists them: path, size, checksum, sorted by path."""
        return self._read_once("files", zone["Id"], lambda: storage_manifest(self.client, zone, self.storage_url))


def _shield_zone_name(zone):
    # A Shield zone has no name of its own: it is the Shield of one pull zone.
    return "pull-zone-%s" % (zone.get("pull_zone_id") if zone.get("pull_zone_id") is not None else "none-%s" % zone.get("shield_zone_id"))


def _apps(client):
    # The list gives a summary of each application (no templates, no scaling): each is read whole.
    return [APP.read(client, summary["id"]) for summary in APP.list(client)]


# --- The role of each kind, by the declarations its modules plan with ------------------------------
#
# Each shape writes the variables that make the role's check of a resource find nothing to change
# (every field the role's modules manage, as the account holds it; lists whole, with purge), and
# compares an inventory's variables with the account by the same declarations (account_roles.py).

def settled(options):
    """Options without those that hold nothing (None), which the roles read as "left as it is"."""
    return {name: value for name, value in options.items() if value is not None}


def settable(values, options):
    """The values an option of ``options`` can be set to; what a read reports beyond the choices
    (an aggression read as "unknown") is no setting, so the task leaves it as it is."""
    found = {}
    for name, option in options.items():
        value = values.get(name)
        if option.get("options"):
            value = settable(value, option["options"]) if isinstance(value, dict) else None
        elif option.get("choices") and value not in option["choices"]:
            value = None
        if value not in (None, {}):
            found[name] = value
    return found


def describe_key_of_read(record):
    return describe_key(key_of_read(record))


def _custom_hostnames(reads, zone):
    return [hostname for hostname in zone.get("Hostnames") or [] if not is_platform_hostname(hostname)]


class Certificates(Part):
    """Free certificates for the zone's custom hostnames: asked for when every one of them has a certificate."""

    variable = "pullzone_domains_free_certificate"

    def variables(self):
        return [self.variable, "pullzone_domains_hostnames"]

    def export(self, reads, record):
        hostnames = _custom_hostnames(reads, record)
        return {self.variable: bool(hostnames) and all(hostname.get("HasCertificate") for hostname in hostnames)}

    def drift(self, reads, record, variables):
        if not variables.get(self.variable):
            return []
        listed = {canonical(item["name"] if isinstance(item, dict) else item) for item in variables.get("pullzone_domains_hostnames") or []}
        return [drift("%s[%s]" % (self.variable, canonical(hostname_value(hostname))), True, False)
                for hostname in _custom_hostnames(reads, record)
                if canonical(hostname_value(hostname)) in listed and not hostname.get("HasCertificate")]


def _listable_rules(reads, zone):
    """The rules a rules list can name: the zone's own (not bunny.net's), each by a description no other has."""
    rules = [rule for rule in ordered_rules(zone) if not rule.get("ReadOnly")]
    descriptions = [rule.get("Description") for rule in rules]
    return [rule for rule in rules if rule.get("Description") and descriptions.count(rule["Description"]) == 1]


class EdgeRulesPurge(Part):
    """Whether the role may delete the rules its list leaves out: only when the list names every rule
    of the zone's own (one without a description, or sharing it, cannot be named, so it must stay)."""

    variable = "pullzone_domains_edge_rules_purge"

    def fields(self):
        return []

    def export(self, reads, record):
        own = [rule for rule in record.get("EdgeRules") or [] if not rule.get("ReadOnly")]
        return {self.variable: len(_listable_rules(reads, record)) == len(own)}

    def drift(self, reads, record, variables):
        return []


def _rule_options(rule):
    """An edge rule as an item of pullzone_edge_rule's rules: what the rule is, not where it stands or whose it is."""
    projected = project_rule(rule)
    return {name: projected[name] for name in ("description", "actions", "triggers", "trigger_matching_type", "enabled")}


PULL_ZONE_SHAPE = Shape("pullzone_domains", "pullzone_domains_pull_zone_id", (
    Fixed("pullzone_domains_pull_zone_id", lambda zone: zone["Id"]),
    Settings("pullzone_domains_settings", PULL_ZONE),
    ItemList("pullzone_domains_hostnames", HOSTNAMES, _custom_hostnames,
             to_options=lambda hostname: {"name": hostname_value(hostname), "force_ssl": bool(hostname.get("ForceSSL"))},
             to_api=lambda item, zone: wanted_hostnames(dict(hostnames=[item], free_certificate=False, complete_external_dns_certificate=False))[0],
             whole="pullzone_domains_purge"),
    Certificates(),
    ItemList("pullzone_domains_allowed_referrers", PULL_ZONE_REFERRERS["allowed_referrers"],
             lambda reads, zone: zone.get("AllowedReferrers") or [], to_options=str, to_api=lambda name, zone: canonical(name),
             whole="pullzone_domains_purge"),
    ItemList("pullzone_domains_blocked_referrers", PULL_ZONE_REFERRERS["blocked_referrers"],
             lambda reads, zone: zone.get("BlockedReferrers") or [], to_options=str, to_api=lambda name, zone: canonical(name),
             whole="pullzone_domains_purge"),
    # The rules in the order they run; a rule is the one of its description, as the rules list names them.
    ItemList("pullzone_domains_edge_rules", EDGE_RULES, _listable_rules, to_options=_rule_options,
             to_api=lambda item, zone: desired_content(item), key=lambda rule: rule.get("Description"), ordered=True,
             whole="pullzone_domains_edge_rules_purge", options=edge_rule_options()["rules"]["options"]),
    EdgeRulesPurge(),
    # The zone's read holds its image classes: a set by name, each with the transformations it sets.
    ItemList("pullzone_domains_optimizer_classes", OPTIMIZER_CLASSES, lambda reads, zone: zone.get("OptimizerClasses") or [],
             to_options=project_class, to_api=lambda item, zone: wanted_class(item), whole="pullzone_domains_optimizer_classes_purge",
             options=class_options()["classes"]["options"]),
    Fixed("pullzone_domains_optimizer_classes_purge", True),
    Fixed("pullzone_domains_purge", True),
), by_name=("pullzone_domains_pull_zone_name", lambda reads, zone: zone["Name"]), not_compared={
    "pullzone_domains_complete_external_dns_certificate": "a step of issuing a certificate whose DNS is elsewhere, not something a read returns",
})


def _dns_record_options(record):
    """A record as an item of dns_record's records: its type's options, the values it holds."""
    type_name = TYPE_NAMES.get(record.get("Type"), record.get("Type"))
    item = {"type": type_name, "name": record.get("Name") or "@"}
    api_of = dict(RECORD_OPTIONS + COMMON_OPTIONS)
    for option in TYPE_OPTIONS.get(type_name, ("value",)) + tuple(name for name, _api in COMMON_OPTIONS):
        value = held_value(record, api_of[option])
        if value is None:
            continue
        if option in NAMED_CHOICES:
            value = name_of(NAMED_CHOICES[option], value)
        item[option] = value
    return item


class Nameservers(Part):
    """The zone's custom nameservers, as the dns_zone role lists them: both, or none for bunny.net's own."""

    variable = "dns_zone_custom_nameservers"

    def export(self, reads, record):
        custom = record.get("CustomNameserversEnabled")
        return {self.variable: [record.get("Nameserver1"), record.get("Nameserver2")] if custom else []}

    def drift(self, reads, record, variables):
        wanted = variables.get(self.variable)
        if wanted is None:
            return []
        held = self.export(reads, record)[self.variable]
        if [comparable_name(name) for name in wanted] == [comparable_name(name) for name in held]:
            return []
        return [drift(self.variable, wanted, held)]


class Dnssec(Part):
    variable = "dns_zone_dnssec"

    def export(self, reads, record):
        return {self.variable: bool(record.get("DnsSecEnabled"))}

    def drift(self, reads, record, variables):
        wanted = variables.get(self.variable)
        if wanted is None or bool(wanted) == bool(record.get("DnsSecEnabled")):
            return []
        return [drift(self.variable, wanted, bool(record.get("DnsSecEnabled")))]


DNS_ZONE_SHAPE = Shape("dns_zone", "dns_zone_domain", (
    Fixed("dns_zone_domain", lambda zone: zone["Domain"]),
    Options("dns_zone_", DNS_ZONE, exclude=("custom_nameservers_enabled", "nameserver1", "nameserver2")),
    Nameservers(),
    Dnssec(),
    ItemList("dns_zone_records", ZONE_RECORDS, lambda reads, zone: zone.get("Records") or [], to_options=_dns_record_options,
             to_api=lambda item, zone: wanted_record(item, zone.get("Domain")), label=describe_key_of_read, whole="dns_zone_purge",
             options=record_item_spec()),
    Fixed("dns_zone_purge", True),
))


def _static_site_pull_zone(reads, zone):
    """The pull zone that serves a storage zone as a site: the first (by id) whose origin it is; None when none does."""
    return reads.sites().get(zone["Id"])


class Files(Part):
    """The manifest of a storage zone's files as the storage API lists them (path, size, checksum).

    The export writes the manifest; the audit compares it with the zone's, so that a file added,
    removed or changed behind the inventory's back is drift. A host of a role that syncs a folder
    (``build_dir``, the static site's) may give the folder instead: the audit makes its manifest on
    the controller as the sync would see it (under ``dest``, without what ``exclude`` leaves out),
    and counts a file only the zone holds as drift when the sync would delete it (``delete``).
    """

    def __init__(self, variable, build_dir=None, dest=None, exclude=None, delete=None):
        self.variable = variable
        self.build = (build_dir, dest, exclude, delete)
        # How far the manifest a folder made reaches, beside it: its dest, exclude and delete.
        self.scope = variable + "_scope"

    def variables(self):
        return [self.variable] + [name for name in self.build if name]

    def audited(self, variables):
        build_dir, dest, exclude, delete = self.build
        if self.variable in variables or not build_dir or not variables.get(build_dir):
            return {self.variable: variables[self.variable]} if self.variable in variables else {}
        folder = os.path.expanduser(variables[build_dir])
        if not os.path.isdir(folder):
            raise OSError("%s: %s is no folder" % (build_dir, folder))
        prefix = (variables.get(dest) or "").strip("/")
        patterns = list(variables.get(exclude) or [])
        files = local_files(folder, patterns)
        manifest = [{"path": "/".join(part for part in (prefix, relative) if part), "size": local.size, "checksum": local.checksum}
                    for relative, local in sorted(files.items())]
        return {self.variable: manifest, self.scope: {"dest": prefix, "exclude": patterns, "delete": bool(variables.get(delete))}}

    def export(self, reads, record):
        return {self.variable: reads.files(record)}

    def drift(self, reads, record, variables):
        listed = variables.get(self.variable)
        if listed is None:
            return []
        scope = variables.get(self.scope) or {"dest": "", "exclude": [], "delete": True}
        inside = scope["dest"] + "/" if scope["dest"] else ""
        held = {entry["path"]: entry for entry in reads.files(record)
                if entry["path"].startswith(inside) and not is_excluded(entry["path"][len(inside):], scope["exclude"])}
        wanted = {entry["path"]: entry for entry in listed}
        found = []
        for path in sorted(set(held) | set(wanted)):
            account, inventory = held.get(path), wanted.get(path)
            if inventory is None and not scope["delete"]:
                continue
            if account is None or inventory is None or str(account["checksum"]).upper() != str(inventory.get("checksum")).upper():
                found.append(drift("%s[%s]" % (self.variable, path), inventory, account))
        return found


STATIC_SITE_SHAPE = Shape("static_site", "static_site_name", (
    Fixed("static_site_name", lambda zone: zone["Name"]),
    Options("static_site_", STORAGE_ZONE),
    Files("static_site_files", build_dir="static_site_build_dir", dest="static_site_dest", exclude="static_site_exclude",
          delete="static_site_delete"),
), applies=lambda reads, zone: _static_site_pull_zone(reads, zone) is not None,
    by_name=("static_site_storage_zone_name", lambda reads, zone: zone["Name"]),
    covers=lambda reads, zone: [("pull_zone", serving["Id"]) for serving in [_static_site_pull_zone(reads, zone)] if serving])


class SitePullZone(Part):
    """The pull zone a static site names, when it is not named as the storage zone."""

    variable = "static_site_pull_zone_name"

    def fields(self):
        return []

    def export(self, reads, record):
        serving = _static_site_pull_zone(reads, record)
        return {self.variable: serving["Name"]} if serving and serving["Name"] != record["Name"] else {}

    def drift(self, reads, record, variables):
        return []


def _site_hostname(name):
    return wanted_hostnames(dict(hostnames=[{"name": name, "force_ssl": True}], free_certificate=True, complete_external_dns_certificate=False))[0]


def _site_hostnames(reads, zone):
    serving = _static_site_pull_zone(reads, zone)
    return _custom_hostnames(reads, serving) if serving else []


STATIC_SITE_SHAPE.parts += (
    SitePullZone(),
    # The role gives every hostname it names a free certificate and Force SSL, and leaves the others be.
    ItemList("static_site_hostnames", HOSTNAMES, _site_hostnames, to_options=hostname_value, to_api=lambda name, zone: _site_hostname(name),
             whole=False),
)

STORAGE_ZONE_SHAPE = Shape("storage_zone", "storage_zone_name", (
    Fixed("storage_zone_name", lambda zone: zone["Name"]),
    Settings("storage_zone_settings", STORAGE_ZONE),
    Files("storage_zone_files"),
), applies=lambda reads, zone: _static_site_pull_zone(reads, zone) is None)


def _shield_zone_settings(reads, zone):
    return zone


class ShieldRuleList(ItemList):
    """A Shield zone's WAF rules or rate limits, by name, as shield_waf_rule and shield_rate_limit list them."""

    def __init__(self, variable, kind):
        super().__init__(variable, kind, lambda reads, zone: kind.read(reads.client, zone["shieldZoneId"]),
                         to_options=lambda rule: settled({name: value for name, value in rule.items() if name not in ("id", "shield_zone_id")}),
                         to_api=lambda item, zone: desired_rule(item, kind), key=lambda rule: rule.get("name"), whole=variable + "_purge",
                         options=shield_rule_options(kind))


class AccessLists(ItemList):
    """A Shield zone's custom access lists, by name, with their entries."""

    def __init__(self):
        super().__init__("shield_access_lists", CUSTOM_ACCESS_LISTS, self._lists, to_options=self._options,
                         to_api=lambda item, zone: settled({name: item.get(name) for name in ACCESS_LIST_OPTIONS}),
                         key=lambda access_list: access_list.get("name"), whole="shield_access_lists_purge",
                         options={name: spec for name, spec in access_list_spec().items() if name in ACCESS_LIST_OPTIONS + ("purge", "state")})

    @staticmethod
    def _lists(reads, zone):
        zone_id = zone["shieldZoneId"]
        overview = reads.access_lists(zone)
        return [project_custom(details, read_content(reads.client, zone_id, details["listId"])) for details in overview.get("customLists") or []]

    @staticmethod
    def _options(access_list):
        return dict(settled({name: access_list.get(name) for name in ACCESS_LIST_OPTIONS}), purge=True)


ACCESS_LIST_OPTIONS = ("name", "type", "description", "entries", "enabled", "action")


class BotDetection(Part):
    """The zone's bot detection, by the options of shield_bot_detection; nothing on a plan without it."""

    variable = "shield_bot_detection"

    def _options(self, reads, zone):
        if zone.get("planType") == BASIC_PLAN:
            return {}
        configuration = project_bot_detection(read_bot_detection(reads.client, zone["shieldZoneId"])) or {}
        return settable(configuration, bot_detection_options())

    def export(self, reads, record):
        return {self.variable: self._options(reads, record)}

    def drift(self, reads, record, variables):
        wanted = variables.get(self.variable)
        if not wanted:
            return []
        held = self._options(reads, record)
        changes = changed_fields(held, wanted)
        flat = []
        for section, value in changes.items():
            names = value.items() if isinstance(value, dict) else [(None, value)]
            for name, setting in names:
                field = "%s.%s" % (self.variable, section) + (".%s" % name if name else "")
                flat.append(drift(field, setting, (held.get(section) or {}).get(name) if name else held.get(section)))
        return flat


def _bot_options(bot):
    return {"name": bot.get("userAgentMatch"), "action": name_of(BOT_ACTIONS, bot.get("action"))}


def _endpoint_options(endpoint):
    """An API Guardian endpoint as an item of shield_api_guardian's endpoints: its operation and every check it sets."""
    projected = project_endpoint(endpoint)
    options = {"method": projected["request_method"], "path": projected["request_path"]}
    options.update((option, projected[option]) for option, _api in ENDPOINT_SWITCHES)
    options["injection_detection"] = projected["injection_detection"]
    rate_limit = dict(projected["rate_limit"])
    # A count below 1 is a rate limit never set (the module takes at least 1): left as it is.
    if not isinstance(rate_limit.get("requests"), int) or rate_limit["requests"] < 1:
        rate_limit.pop("requests")
    options["rate_limit"] = settled(rate_limit) or None
    return settled(options)


def _guardian_endpoints(reads, zone):
    return list(reads.guardian(zone).get("endpoints") or [])


SHIELD_SHAPE = Shape("shield", "shield_pull_zone_id", (
    Fixed("shield_pull_zone_id", lambda zone: zone.get("pullZoneId")),
    Settings("shield_zone_settings", SHIELD_ZONE),
    ShieldRuleList("shield_waf_rules", WAF_RULES),
    Fixed("shield_waf_rules_purge", True),
    ShieldRuleList("shield_rate_limits", RATE_LIMITS),
    Fixed("shield_rate_limits_purge", True),
    AccessLists(),
    Fixed("shield_access_lists_purge", True),
    ItemList("shield_managed_lists", MANAGED_ACCESS_LISTS,
             lambda reads, zone: [project_managed(details) for details in reads.access_lists(zone).get("managedLists") or []],
             to_options=lambda managed: {name: managed[name] for name in ("name", "enabled", "action")},
             to_api=lambda item, zone: settled({name: item.get(name) for name in ("name", "enabled", "action")}), whole=False,
             options=access_list_spec()["managed_lists"]["options"]),
    BotDetection(),
    Settings("shield_upload_scanning", UPLOAD_SCANNING, record_of=lambda reads, zone: reads.upload_scanning(zone)),
    # One read per page type (the API lists none); a page the role's list leaves out is drift: the role removes it.
    ItemList("shield_custom_pages", CUSTOM_PAGES, lambda reads, zone: reads.custom_pages(zone), to_options=dict,
             to_api=lambda item, zone: {"page": item["page"], "content": item["content"]}, whole="shield_custom_pages_purge",
             options=dict(page=dict(type="str", required=True, choices=list(PAGE_TYPES)), content=dict(type="str", required=True))),
    Fixed("shield_custom_pages_purge", True),
    # The categories and the bots are the platform's, all of them written with their actions (a
    # bot's "none" leaves it to its category), so that an action set by hand later is drift.
    ItemList("shield_bot_categories", BOT_CATEGORIES, lambda reads, zone: categories_of(reads.categorization(zone)), to_options=project_category,
             to_api=lambda item, zone: {"category": CATEGORIES[item["category"]], "action": CATEGORY_ACTIONS[item["action"]]},
             # A category the module has no name for (none the vendor documents) is none a task can set.
             label=lambda category: name_of(CATEGORIES, category.get("category")), whole=False,
             owned=lambda category: category.get("category") in CATEGORIES.values(),
             options=categorization_options()["categories"]["options"]),
    ItemList("shield_bots", CATEGORISED_BOTS, lambda reads, zone: bots_of(reads.categorization(zone)), to_options=_bot_options,
             to_api=lambda item, zone: {"userAgentMatch": item["name"], "action": BOT_ACTIONS[item["action"]]},
             label=lambda bot: bot.get("userAgentMatch"), key=bot_key, whole=False, owned=lambda bot: bot.get("action") in BOT_ACTIONS.values(),
             options=categorization_options()["bots"]["options"]),
    # API Guardian's enforcement and each endpoint's checks, from one read; the endpoints are the
    # operations of the zone's document (none added or removed here), each written whole.
    Settings("shield_api_guardian", API_GUARDIAN_CONFIGURATION, record_of=lambda reads, zone: reads.guardian(zone).get("configuration") or {}),
    ItemList("shield_api_guardian_endpoints", GUARDIAN_ENDPOINTS, _guardian_endpoints, to_options=_endpoint_options,
             to_api=lambda item, zone: endpoint_request(item), label=lambda endpoint: "%s %s" % endpoint_key(endpoint), whole=False,
             owned=lambda endpoint: True, options=endpoint_options()),
    # The role manages the Shield of a pull zone; a zone that protects none has nothing it could name.
), applies=lambda reads, zone: zone.get("pullZoneId") is not None,
    by_name=("shield_pull_zone_name", lambda reads, zone: reads.pull_zone_names().get(zone.get("pullZoneId"))), not_compared={
    "shield_api_guardian_content": "no endpoint of the API returns the uploaded OpenAPI document; the operations it declares are "
                                   "shield_api_guardian_endpoints",
})


class ScriptCode(Part):
    """An Edge Script's code: the export writes it to a file the variables name; the audit compares the file with the code."""

    variable = "edge_script_deploy_code_file"

    def variables(self):
        # The action reads the code from the file, on the controller, as the role would.
        return ["edge_script_deploy_code", self.variable]

    def export(self, reads, record):
        return {"edge_script_deploy_code": reads.code(record) or ""}

    def drift(self, reads, record, variables):
        code = variables.get("edge_script_deploy_code")
        if code is None or code == (reads.code(record) or ""):
            return []
        return [drift(self.variable, _digest(code), _digest(reads.code(record) or ""))]


class LiveRelease(Part):
    """Whether the live release carries the script's code (edge_script_deploy publishes a release of
    the code it deploys): code changed and not published, or another release made live, is drift."""

    variable = "edge_script_deploy_published"

    def _published(self, reads, script):
        release = reads.release(script)
        return release is not None and release.get("Code") == (reads.code(script) or "")

    def export(self, reads, record):
        return {self.variable: self._published(reads, record)}

    def drift(self, reads, record, variables):
        wanted = variables.get(self.variable)
        if wanted is None or bool(wanted) == self._published(reads, record):
            return []
        release = reads.release(record)
        return [drift(self.variable, bool(wanted), "release %s, of other code" % release.get("Uuid") if release else "no release")]


def _digest(code):
    return "SHA-256 %s" % hashlib.sha256(code.encode("utf-8")).hexdigest()


EDGE_SCRIPT_SHAPE = Shape("edge_script_deploy", "edge_script_deploy_name", (
    Fixed("edge_script_deploy_name", lambda script: script["Name"]),
    Options("edge_script_deploy_", EDGE_SCRIPT, exclude=("code", "create_linked_pull_zone", "linked_pull_zone_name", "integration"),
            renames={"script_type": "type"}),
    ScriptCode(),
    ItemList("edge_script_deploy_variables", SCRIPT_VARIABLES, lambda reads, script: script.get("EdgeScriptVariables") or [],
             to_options=lambda variable: settled({"name": variable["Name"], "default_value": variable.get("DefaultValue"),
                                                  "required": bool(variable.get("Required"))}),
             to_api=lambda item, script: {"Name": item["name"], "DefaultValue": item.get("default_value"), "Required": item.get("required")},
             whole="edge_script_deploy_purge"),
    # The API never returns a secret's value: the export writes a vault placeholder, the audit compares names only.
    ItemList("edge_script_deploy_secrets", SCRIPT_SECRETS, lambda reads, script: read_secrets(reads.client, script["Id"]),
             to_options=lambda secret: {"name": secret["Name"], "value": None},
             to_api=lambda item, script: {"Name": item["name"]}, secret=("value",), whole="edge_script_deploy_purge"),
    LiveRelease(),
    Fixed("edge_script_deploy_purge", True),
))


# What mc_app takes of an application besides its templates, and where a read holds it.
APP_SETTINGS = (("runtime_type", "runtimeType"), ("autoscaling", "autoScaling"), ("region_settings", "regionSettings"), ("volumes", "volumes"))
TEMPLATE_FIELDS = (("image_registry_id", "imageRegistryId"), ("image_namespace", "imageNamespace"), ("image_name", "imageName"),
                   ("image_tag", "imageTag"), ("image_digest", "imageDigest"), ("image_pull_policy", "imagePullPolicy"),
                   ("entry_point", "entryPoint"), ("probes", "probes"), ("environment_variables", "environmentVariables"),
                   ("endpoints", "endpoints"), ("volume_mounts", "volumeMounts"))
HIDDEN = "********"


def _app_settings(app):
    """An application's settings as mc_app's options take them (node selectors are never read back)."""
    region = app.get("regionSettings") or {}
    scaling = app.get("autoScaling")
    return dict(
        runtime_type=app.get("runtimeType"),
        autoscaling={"min": scaling.get("min"), "max": scaling.get("max")} if scaling else None,
        region_settings=settled({"allowed_region_ids": region.get("allowedRegionIds"), "required_region_ids": region.get("requiredRegionIds"),
                                 "max_allowed_regions": region.get("maxAllowedRegions")}) or None,
        # A size is whole gigabytes, which a read may write as 5.0.
        volumes=[{"name": volume["name"], "size": int(volume["size"]) if volume.get("size") is not None else None} for volume in app.get("volumes") or []],
        purge_volumes=True,
    )


def _probe_options(probe):
    options = {snake(counter): probe.get(counter) for counter in ("initialDelaySeconds", "periodSeconds", "timeoutSeconds",
                                                                  "failureThreshold", "successThreshold")}
    if probe.get("httpGet"):
        http_get = probe["httpGet"]
        options["http_get"] = {"path": (http_get.get("request") or {}).get("path"), "port_number": (http_get.get("request") or {}).get("portNumber"),
                               "expected_status_code": (http_get.get("response") or {}).get("expectedStatusCode")}
    if probe.get("tcpSocket"):
        options["tcp_socket"] = {"port_number": (probe["tcpSocket"].get("request") or {}).get("portNumber")}
    if probe.get("grpc"):
        request = probe["grpc"].get("request") or {}
        options["grpc"] = {"port_number": request.get("portNumber"), "service_name": request.get("serviceName")}
    return settled(options)


def _port_mappings(endpoint):
    return [settled({"container_port": mapping.get("containerPort"), "exposed_port": mapping.get("exposedPort"), "protocols": mapping.get("protocols")})
            for mapping in endpoint.get("portMappings") or []]


def _endpoint_options(endpoint):
    if endpoint.get("type") == "anycast":
        return {"display_name": endpoint.get("displayName"), "anycast": {"port_mappings": _port_mappings(endpoint)}}
    # An endpoint without sticky sessions reads as sticky sessions with no header, which mc_app
    # cannot be given (it takes one to three): written as left as it is.
    sticky = endpoint.get("stickySessions")
    sticky = sticky if sticky and sticky.get("sessionHeaders") else None
    pull_zone_id = endpoint.get("pullZoneId")
    return {"display_name": endpoint.get("displayName"), "cdn": settled({
        "is_ssl_enabled": endpoint.get("isSslEnabled"), "pull_zone_id": int(pull_zone_id) if pull_zone_id not in (None, "") else None,
        "port_mappings": _port_mappings(endpoint), "sticky_sessions": {snake(key): value for key, value in sticky.items()} if sticky else None})}


def _template_option(option, template):
    """One option of mc_app's container_templates as a template read holds it."""
    value = template.get(dict(TEMPLATE_FIELDS)[option])
    if option == "entry_point":
        return settled({snake(member): (value or {}).get(member) for member in ENTRY_POINT_MEMBERS}) or None
    if option == "probes":
        return {name: _probe_options(probe) for name, probe in (value or {}).items() if probe} or None
    if option == "environment_variables":
        return {variable["name"]: variable.get("value") or "" for variable in value or []}
    if option == "endpoints":
        return [_endpoint_options(endpoint) for endpoint in value or []]
    if option == "volume_mounts":
        return [{"name": mount["name"], "mount_path": mount.get("mountPath")} for mount in value or []]
    # An image not pinned is written as pinned to nothing (""), so that a digest pinned later is drift.
    return (value or "") if option == "image_digest" else value


def _template_options(template):
    options = {"name": template["name"]}
    options.update((option, _template_option(option, template)) for option, _field in TEMPLATE_FIELDS)
    # Each list and map is the whole of the template's, as the export writes it.
    options.update(purge_entry_point=True, purge_probes=True, purge_environment_variables=True, purge_endpoints=True, purge_volume_mounts=True)
    return settled(options)


class Application(Part):
    """An application's settings (``mc_rollout_app``) and its container templates, each whole
    (``mc_rollout_containers``: image, environment, entry point, probes, endpoints, mounts), as
    mc_app takes them; compared by mc_app's own merge: a field is drift when mc_app would send it.
    The values of a container's ``secret_environment_variables`` never show in a drift."""

    SETTINGS, CONTAINERS = "mc_rollout_app", "mc_rollout_containers"
    SPEC = {name: spec for name, spec in app_options().items()
            if name in ("runtime_type", "autoscaling", "region_settings", "volumes", "purge_volumes", "container_templates")}

    def __init__(self):
        self.validator = ArgumentSpecValidator(self.SPEC)

    def variables(self):
        return [self.SETTINGS, self.CONTAINERS]

    def fields(self):
        return (["%s.%s" % (self.SETTINGS, option) for option, _field in APP_SETTINGS]
                + ["%s[].%s" % (self.CONTAINERS, option) for option, _field in TEMPLATE_FIELDS])

    def export(self, reads, record):
        return {self.SETTINGS: _app_settings(record), self.CONTAINERS: [_template_options(template) for template in record.get("containerTemplates") or []]}

    def _params(self, variables):
        given = dict(variables.get(self.SETTINGS) or {})
        if variables.get(self.CONTAINERS) is not None:
            given["container_templates"] = variables[self.CONTAINERS]
        result = self.validator.validate(given)
        if result.error_messages:
            raise InventoryError("%s: %s" % (" and ".join(self.variables()), "; ".join(result.error_messages)))
        return result.validated_parameters

    def drift(self, reads, record, variables):
        if variables.get(self.SETTINGS) is None and variables.get(self.CONTAINERS) is None:
            return []
        params = with_held_secrets(self._params(variables), record)
        hosts = reads.registry_hosts()
        predicted = merge_app(record, params, lambda registry_id: hosts.get(str(registry_id)))
        patch = app_patch(record, predicted)
        wanted, held = _app_settings(predicted), _app_settings(record)
        found = [drift("%s.%s" % (self.SETTINGS, option), wanted[option], held[option]) for option, field in APP_SETTINGS if field in patch]
        current = {template.get("name"): template for template in record.get("containerTemplates") or []}
        after = {template.get("name"): template for template in predicted.get("containerTemplates") or []}
        for options in params.get("container_templates") or []:
            name, secrets = options["name"], set(options.get("secret_environment_variables") or {})
            if name not in current:
                found.append(drift("%s[%s]" % (self.CONTAINERS, name), _hidden(_template_options(after[name]), secrets), None))
                continue
            changed = template_patch(current[name], after[name])
            for option, field in TEMPLATE_FIELDS:
                if field in changed:
                    found.append(drift("%s[%s].%s" % (self.CONTAINERS, name, option), _hidden(_template_option(option, after[name]), secrets, option),
                                       _hidden(_template_option(option, current[name]), secrets, option)))
        return found


def _hidden(value, secrets, option="environment_variables"):
    """``value`` with the values of the secret environment variables hidden."""
    if option == "environment_variables" and isinstance(value, dict) and secrets:
        return {name: HIDDEN if name in secrets else held for name, held in value.items()}
    if isinstance(value, dict) and isinstance(value.get("environment_variables"), dict):
        return dict(value, environment_variables=_hidden(value["environment_variables"], secrets))
    return value


class LogForwardingToken(Part):
    """The token of an application's log forwarding: a secret, so the export writes a vault
    placeholder (only where the account has one) and the audit never compares it."""

    variable = "mc_rollout_log_forwarding_token"

    def fields(self):
        return []

    def variables(self):
        return []

    def export(self, reads, record):
        return {self.variable: None} if (reads.log_forwarding(record) or {}).get("token") else {}

    def drift(self, reads, record, variables):
        return []


APP_SHAPE = Shape("mc_rollout", "mc_rollout_app_id", (
    Fixed("mc_rollout_app_id", lambda app: app["id"]),
    Application(),
    # Where the application's logs go, from the account's one list of configurations; all null for
    # an application that forwards none, so that one configured later is drift.
    Settings("mc_rollout_log_forwarding", LOG_FORWARDING, exclude=("token",), record_of=lambda reads, app: reads.log_forwarding(app) or {}),
    LogForwardingToken(),
), by_name=("mc_rollout_app_name", lambda reads, app: app["name"]), not_compared={
    "mc_rollout_create": "how a first run creates the application; once it exists, mc_rollout_app holds its settings",
    "mc_rollout_log_forwarding_token": "a secret: the export writes a vault placeholder, and the audit never opens the vault",
})

VIDEO_LIBRARY_SHAPE = Shape("video_library", "video_library_name", (
    Fixed("video_library_name", lambda library: library["Name"]),
    Settings("video_library_settings", VIDEO_LIBRARY, record_of=lambda reads, library: reads.library(library)),
    ItemList("video_library_allowed_referrers", VIDEO_LIBRARY_REFERRERS["allowed_referrers"],
             lambda reads, library: library.get("AllowedReferrers") or [], to_options=str, to_api=lambda name, library: canonical(name)),
    ItemList("video_library_blocked_referrers", VIDEO_LIBRARY_REFERRERS["blocked_referrers"],
             lambda reads, library: library.get("BlockedReferrers") or [], to_options=str, to_api=lambda name, library: canonical(name)),
    Fixed("video_library_purge", True),
))


class RegistryPassword(Part):
    """The registry's password, which the API never returns: a vault placeholder, never compared."""

    variable = "mc_registry_password"

    def fields(self):
        return []

    def variables(self):
        return []

    def export(self, reads, record):
        # A registry read without credentials (a public one) has no password to ask for.
        return {self.variable: None} if record.get("userName") else {}

    def drift(self, reads, record, variables):
        return []


REGISTRY_SHAPE = Shape("mc_registry", "mc_registry_display_name", (
    Fixed("mc_registry_display_name", lambda registry: registry["displayName"]),
    Options("mc_registry_", REGISTRY),
    RegistryPassword(),
    # The platform's own registries are no account's to manage.
), applies=lambda reads, registry: not registry.get("isPlatformManaged"), not_compared={
    "mc_registry_password": "a secret the API never returns", "mc_registry_type": "a read of the registry does not return it",
})


# A member of the team is a resource of the account like a registry: a host of its own, found by its
# address (which cannot change), its names and roles compared by the module's declaration.
TEAM_MEMBER_SHAPE = Shape("team_member", "team_member_email", (
    Fixed("team_member_email", lambda member: member["Email"]),
    Options("team_member_", TEAM_MEMBER),
), not_compared={
    "team_member_password": "write-only: sent with the invitation, and never returned by a read",
})


KINDS = (
    Kind("pull_zone", "pull zone", "pull_zones", AccountReads.pull_zones, PULL_ZONE.project, "id", lambda zone: zone["name"], PULL_ZONE_SECRET_KEYS,
         shapes=(PULL_ZONE_SHAPE,)),
    Kind("dns_zone", "DNS zone", "dns_zones", lambda reads: DNS_ZONE.list(reads.client), DNS_ZONE.project, "id", lambda zone: zone["domain"],
         shapes=(DNS_ZONE_SHAPE,)),
    Kind("storage_zone", "storage zone", "storage_zones", lambda reads: STORAGE_ZONE.list(reads.client), STORAGE_ZONE.project, "id", lambda zone: zone["name"],
         STORAGE_SECRET_KEYS, shapes=(STATIC_SITE_SHAPE, STORAGE_ZONE_SHAPE)),
    Kind("shield_zone", "Shield zone", "shield_zones", lambda reads: SHIELD_ZONE.list(reads.client), SHIELD_ZONE.project, "shield_zone_id", _shield_zone_name,
         shapes=(SHIELD_SHAPE,)),
    Kind("edge_script", "Edge Script", "edge_scripts", lambda reads: list(reads.client.paginate_pages(SCRIPTS_PATH)), to_snake, "id",
         lambda script: script["name"], SCRIPT_SECRET_KEYS, shapes=(EDGE_SCRIPT_SHAPE,)),
    Kind("app", "application", "apps", lambda reads: _apps(reads.client), lambda app: to_snake(app, keep_keys=USER_MAPS), "id", lambda app: app["name"],
         shapes=(APP_SHAPE,)),
    Kind("video_library", "video library", "video_libraries", lambda reads: VIDEO_LIBRARY.list(reads.client), VIDEO_LIBRARY.project, "id",
         lambda library: library["name"], VIDEO_LIBRARY_SECRET_KEYS, shapes=(VIDEO_LIBRARY_SHAPE,)),
    Kind("registry", "registry", "registries", AccountReads.registries, REGISTRY.project, "id", lambda registry: registry["display_name"],
         shapes=(REGISTRY_SHAPE,)),
    Kind("team_member", "team member", "team_members", AccountReads.team_members, TEAM_MEMBER.project, "id", lambda member: member["email"],
         shapes=(TEAM_MEMBER_SHAPE,)),
)
# The variables by which an inventory host names the resource it describes, as the roles take them.
FINDERS = tuple(name for kind in KINDS for shape in kind.shapes for name in shape.finders())
KIND_NAMES = tuple(kind.name for kind in KINDS)


def host_name(kind, name):
    """The inventory host name of a resource: its kind and its name, as one safe word."""
    return "%s_%s" % (kind, HOST_NAME_UNSAFE.sub("_", name))


def read_account(client, kinds=KIND_NAMES, with_roles=False, storage_url=None, secrets=None):
    """Every resource of the given kinds, as a list of plain dicts (kind, host, name, id, resource, secrets).

    ``with_roles`` adds ``role`` and ``role_variables``: the role that manages the resource and its
    variables (None for a kind no role manages), at the cost of the reads they need.

    Two resources of a kind whose names make the same host name (two scripts named alike) each
    get their id appended, so that neither hides the other.

    No value of a secret is in what it returns: each is a vault placeholder, listed in ``secrets``
    (``secrets`` is an ``account.secrets.AccountSecrets``: which variables are no secrets, and which are).
    """
    hosts = []
    reads = AccountReads(client, storage_url)
    secrets = secrets or AccountSecrets()
    for kind in KINDS:
        if kind.name not in kinds:
            continue
        found = kind.resources(reads)
        names = [host_name(kind.name, name) for name, _id, _resource, _record in found]
        counts = collections.Counter(names)
        for (name, resource_id, resource, record), host in zip(found, names):
            if counts[host] > 1:
                host = "%s_%s" % (host, resource_id)
            entry = dict(kind=kind.name, group=kind.plural, host=host, name=name, id=resource_id, resource=resource)
            if with_roles:
                shape = kind.shape_of(reads, record)
                entry.update(role=shape.role if shape else None, role_variables=shape.export(reads, record) if shape else None)
            secrets.collect(kind, name, record, reads if with_roles else None)
            hosts.append(entry)
    return [secrets.hide(entry) for entry in hosts]


def audit_account(client, described, kinds=KIND_NAMES, storage_url=None):
    """What differs between the resources an inventory describes and the account, read once.

    ``described`` is a list of ``{host, role, variables, unreadable, checked}``: each host's role
    (None when it names no resource), the variables the role's shape compares, those that could not
    be templated, and whether it is checked (false: a host left out of the run, whose resource is
    only not unmanaged). Each host's resource is found by one of its role's finders (``Shape.finders``); its
    drift is what the role's parts find (account_roles.py), by the declarations the modules compare
    with in check mode. Returns ``(findings, unmanaged)``: a finding per host (``host``, ``role``,
    ``kind``, ``name``, ``resource``, ``drifted``, ``drift``; or ``host``, ``role`` and ``error``),
    and the account's resources no host describes.
    """
    reads = AccountReads(client, storage_url)
    by_key = {}
    listed = []
    for kind in KINDS:
        if kind.name not in kinds:
            continue
        for name, resource_id, _resource, record in kind.resources(reads):
            listed.append((kind, name, resource_id, record, kind.shape_of(reads, record)))
            # A role may describe a resource another role would export it by (a storage zone serving a site).
            for shape in kind.shapes:
                for variable, value in shape.keys(reads, record):
                    by_key.setdefault((variable, _identity_key(value)), (kind, name, resource_id, record))
    shapes = {shape.role: shape for kind in KINDS for shape in kind.shapes}
    findings = []
    audited = set()
    for host in described:
        shape = shapes.get(host.get("role"))
        if shape is None:
            findings.append(_error(host, "%s has none of the variables %s, so it describes no resource to audit; give it one, or leave it "
                                         "out with audit_hosts or --limit." % (host["host"], ", ".join(FINDERS))))
            continue
        variables = host["variables"]
        variable = next((name for name in shape.finders() if variables.get(name) is not None), shape.identity)
        identity = variables.get(variable)
        found = by_key.get((variable, _identity_key(identity)))
        if found is not None:
            audited.add((found[0].name, found[2]))
            audited.update(shape.covers(reads, found[3]))
        if not host.get("checked", True):
            continue
        if host.get("unreadable"):
            findings.append(_error(host, "the inventory's variables of %s could not be read: %s" % (host["host"], "; ".join(host["unreadable"]))))
        elif found is None:
            findings.append(_error(host, "no %s of the account has %s %s" % (_kind_of(shape).title, variable, identity)))
        else:
            kind, name, _resource_id, record = found
            try:
                found_drift = shape.drift(reads, record, variables)
            except InventoryError as error:
                findings.append(_error(host, "%s: %s" % (host["host"], error)))
                continue
            findings.append(dict(host=host["host"], role=shape.role, kind=kind.name, name=name, resource="%s %s" % (kind.title, name),
                                 drifted=bool(found_drift), drift=found_drift))
    unmanaged = [dict(kind=kind.name, name=name, id=resource_id, role=shape.role if shape else None,
                      reason="no host of the inventory describes it" if shape else "no role of the collection manages it")
                 for kind, name, resource_id, record, shape in listed if (kind.name, resource_id) not in audited]
    return findings, unmanaged


def _error(host, message):
    """The finding of a host the audit could not check."""
    return dict(host=host["host"], role=host.get("role"), error=message)


def _kind_of(shape):
    return next(kind for kind in KINDS if shape in kind.shapes)


def _identity_key(value):
    return str(value).casefold() if value is not None else None
