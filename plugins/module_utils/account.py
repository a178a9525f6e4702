# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""A whole account read at once: every resource of every kind the collection manages.

The inventory plugin ``bunnynet.cloud.account`` and the export playbook read the account through
this file. Each kind lists its resources with the same declarations the modules find them by
(every page of every list), projected as the kind's info module returns them, with the values of
secrets left out entirely: an inventory is read by people and written to caches and files.
"""

import re

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns_records import COMMON_OPTIONS, NAMED_CHOICES, RECORD_OPTIONS, TYPE_OPTIONS, held_value
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns_zones import DNS_ZONE, TYPE_NAMES
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_script_items import read_secrets
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripts import SCRIPT_TYPE_NAMES, SCRIPTS_PATH, read_code
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripts import SECRET_KEYS as SCRIPT_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.mc_apps import APP, USER_MAPS
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zone_resource import ORIGIN_TYPES, PULL_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zone_resource import SECRET_KEYS as PULL_ZONE_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield import envelope_data, shield_data
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield_access_lists import LIST_PATH, LISTS_PATH, project_custom, project_managed
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield_bot_detection import (
    BOT_DETECTION_PATH,
    bot_detection_options,
    project_bot_detection,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield_rules import RATE_LIMITS, WAF_RULES
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield_zone_resource import PLANS, SHIELD_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage import SECRET_KEYS as STORAGE_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage import STORAGE_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.video_libraries import SECRET_KEYS as VIDEO_LIBRARY_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.video_libraries import VIDEO_LIBRARY

# Characters an inventory host name keeps; anything else (a space in a script's name) becomes "_",
# so that a host name is also a file name under host_vars/ and a plain word in a host pattern.
HOST_NAME_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")
# The Shield plan without bot detection, whose bot detection read fails.
BASIC_PLAN = PLANS["basic"]


class Kind:
    """One kind of resource: how the account lists it, what names and identifies one, what is secret."""

    def __init__(self, name, plural, list_records, project, id_key, name_of, secret_keys=(), role=None):
        self.name = name
        self.plural = plural
        self._list_records = list_records
        self._project = project
        self.id_key = id_key
        self._name_of = name_of
        self.secret_keys = frozenset(_spelling_free(key) for key in secret_keys)
        # (role name, function of (AccountReads, record as the API reads it) giving the role's variables)
        self.role = role

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
    """The client, and what more than one kind reads (the pull zones: their hosts and the static
    sites they serve), read once."""

    def __init__(self, client):
        self.client = client
        self._pull_zones = None

    def pull_zones(self):
        """Every pull zone as the API reads it."""
        if self._pull_zones is None:
            self._pull_zones = PULL_ZONE.list(self.client)
        return self._pull_zones


def _shield_zone_name(zone):
    # A Shield zone has no name of its own: it is the Shield of one pull zone.
    return "pull-zone-%s" % (zone.get("pull_zone_id") if zone.get("pull_zone_id") is not None else "none-%s" % zone.get("shield_zone_id"))


def _apps(client):
    # The list gives a summary of each application (no templates, no scaling): each is read whole.
    return [APP.read(client, summary["id"]) for summary in APP.list(client)]


# --- The variables of the role that manages a resource, as it is now -------------------------------
#
# Each function returns the variables that make the role's check of the resource find nothing to
# change: every setting the role compares is the one the account holds, and the lists the role can
# purge are whole and purged, so that what is added by hand later shows as drift. A secret value
# the API never returns is None: the export writes a vault placeholder in its place.

def pull_zone_role(reads, zone):
    hostnames = [{"name": hostname["Value"], "force_ssl": bool(hostname.get("ForceSSL"))}
                 for hostname in zone.get("Hostnames") or [] if not hostname.get("IsSystemHostname")]
    rules = zone.get("EdgeRules") or []
    descriptions = [rule.get("Description") for rule in rules]
    # A rule is named by its description where that names it alone, by its GUID otherwise.
    edge_rules = [
        {"description": rule["Description"], "enabled": bool(rule.get("Enabled"))}
        if rule.get("Description") and descriptions.count(rule["Description"]) == 1
        else {"guid": rule["Guid"], "enabled": bool(rule.get("Enabled"))}
        for rule in rules
    ]
    return dict(
        pullzone_domains_pull_zone_id=zone["Id"],
        pullzone_domains_hostnames=hostnames,
        pullzone_domains_allowed_referrers=list(zone.get("AllowedReferrers") or []),
        pullzone_domains_blocked_referrers=list(zone.get("BlockedReferrers") or []),
        pullzone_domains_edge_rules=edge_rules,
        pullzone_domains_purge=True,
    )


def dns_record_item(record):
    """A record as an item of dns_record's records: its type's options, the values it holds."""
    type_name = TYPE_NAMES.get(record.get("Type"), record.get("Type"))
    item = {"type": type_name, "name": record.get("Name") or "@"}
    api_of = dict(RECORD_OPTIONS + COMMON_OPTIONS)
    for option in TYPE_OPTIONS.get(type_name, ("value",)) + tuple(name for name, _api in COMMON_OPTIONS):
        value = held_value(record, api_of[option])
        if value is None:
            continue
        if option in NAMED_CHOICES:
            value = next((name for name, number in NAMED_CHOICES[option].items() if number == value), value)
        item[option] = value
    return item


def dns_zone_role(reads, zone):
    custom = zone.get("CustomNameserversEnabled")
    return dict(
        dns_zone_domain=zone["Domain"],
        dns_zone_records=[dns_record_item(record) for record in zone.get("Records") or []],
        dns_zone_purge=True,
        dns_zone_soa_email=zone.get("SoaEmail"),
        dns_zone_custom_nameservers=[zone.get("Nameserver1"), zone.get("Nameserver2")] if custom else [],
        dns_zone_logging_enabled=bool(zone.get("LoggingEnabled")),
        dns_zone_log_anonymization=bool(zone.get("LoggingIPAnonymizationEnabled")),
        dns_zone_dnssec=bool(zone.get("DnsSecEnabled")),
    )


def _settled(options):
    """Options without those that hold nothing (None), which the roles read as "left as it is"."""
    return {name: value for name, value in options.items() if value is not None}


def shield_zone_role(reads, zone):
    # The role manages the Shield of a pull zone; a zone that protects none has nothing it could name.
    if zone.get("pullZoneId") is None:
        return None
    client = reads.client
    zone_id = zone["shieldZoneId"]
    settings = _settled({field.option: field.from_api(zone) for field in SHIELD_ZONE.fields})
    rules = {}
    for kind in (WAF_RULES, RATE_LIMITS):
        rules[kind] = [_settled({name: value for name, value in rule.items() if name not in ("id", "shield_zone_id")}) for rule in kind.read(client, zone_id)]
    overview = client.get(build_path(LISTS_PATH, zone_id=zone_id)) or {}
    access_lists = []
    for details in overview.get("customLists") or []:
        content = (shield_data(client.get(build_path(LIST_PATH, zone_id=zone_id, list_id=details["listId"]))) or {}).get("content")
        listed = project_custom(details, content)
        kept = _settled({name: listed[name] for name in ("name", "type", "description", "entries", "enabled", "action")})
        access_lists.append(dict(kept, purge=True))
    return dict(
        shield_pull_zone_id=zone.get("pullZoneId"),
        shield_zone_settings=settings,
        shield_waf_rules=rules[WAF_RULES],
        shield_waf_rules_purge=True,
        shield_rate_limits=rules[RATE_LIMITS],
        shield_rate_limits_purge=True,
        shield_access_lists=access_lists,
        shield_managed_lists=[
            {name: listed[name] for name in ("name", "enabled", "action")}
            for listed in (project_managed(details) for details in overview.get("managedLists") or [])
        ],
        shield_bot_detection=_bot_detection_options(client, zone),
    )


def _bot_detection_options(client, zone):
    """The zone's bot detection as the options of shield_bot_detection; empty on a plan without it."""
    if zone.get("planType") == BASIC_PLAN:
        return {}
    path = build_path(BOT_DETECTION_PATH, zone_id=zone["shieldZoneId"])
    configuration = project_bot_detection(envelope_data(client.get(path))) or {}
    return _settable(configuration, bot_detection_options())


def _settable(values, options):
    """The values an option of ``options`` can be set to; what a read reports beyond the choices
    (an aggression read as "unknown") is no setting, so the task leaves it as it is."""
    settable = {}
    for name, option in options.items():
        value = values.get(name)
        if option.get("options"):
            value = _settable(value, option["options"]) if isinstance(value, dict) else None
        elif option.get("choices") and value not in option["choices"]:
            value = None
        if value not in (None, {}):
            settable[name] = value
    return settable


def edge_script_role(reads, script):
    client = reads.client
    variables = [{"name": variable["Name"], "default_value": variable.get("DefaultValue"), "required": bool(variable.get("Required"))}
                 for variable in script.get("EdgeScriptVariables") or []]
    secrets = [{"name": secret["Name"], "value": None} for secret in read_secrets(client, script["Id"])]
    return dict(
        edge_script_deploy_name=script["Name"],
        edge_script_deploy_type=SCRIPT_TYPE_NAMES.get(script.get("ScriptType"), script.get("ScriptType")),
        edge_script_deploy_code=read_code(client, script["Id"]) or "",
        edge_script_deploy_variables=[_settled(variable) for variable in variables],
        edge_script_deploy_secrets=secrets,
        edge_script_deploy_purge=True,
    )


def app_role(reads, app):
    containers = []
    for template in app.get("containerTemplates") or []:
        container = {"name": template["name"], "image_tag": template.get("imageTag")}
        if template.get("imageDigest"):
            container["image_digest"] = template["imageDigest"]
        containers.append(_settled(container))
    return dict(mc_rollout_app_id=app["id"], mc_rollout_containers=containers)


def static_site_role(reads, zone):
    """A storage zone served by a pull zone is a static site; its files are left as they are.

    The export has no build directory to give, so the role manages the two zones and uploads
    nothing. The pull zone's hostnames stay with its own pullzone_domains host (the role's
    hostnames get Force SSL, which the pull zone's own may not have). A zone served by several
    pull zones is the site of the first of them (by id); one no pull zone serves is no site.
    """
    serving = sorted((pull_zone for pull_zone in reads.pull_zones()
                      if pull_zone.get("OriginType") == ORIGIN_TYPES["storage_zone"] and pull_zone.get("StorageZoneId") == zone["Id"]),
                     key=lambda pull_zone: pull_zone["Id"])
    if not serving:
        return None
    return _settled(dict(
        static_site_name=zone["Name"],
        static_site_pull_zone_name=serving[0]["Name"] if serving[0]["Name"] != zone["Name"] else None,
        static_site_region=zone.get("Region"),
        static_site_replication_regions=list(zone.get("ReplicationRegions") or []),
        static_site_custom_404_file_path=zone.get("Custom404FilePath"),
        static_site_rewrite_404_to_200=zone.get("Rewrite404To200"),
    ))


KINDS = (
    Kind("pull_zone", "pull_zones", AccountReads.pull_zones, PULL_ZONE.project, "id", lambda zone: zone["name"], PULL_ZONE_SECRET_KEYS,
         role=("pullzone_domains", pull_zone_role)),
    Kind("dns_zone", "dns_zones", lambda reads: DNS_ZONE.list(reads.client), DNS_ZONE.project, "id", lambda zone: zone["domain"],
         role=("dns_zone", dns_zone_role)),
    Kind("storage_zone", "storage_zones", lambda reads: STORAGE_ZONE.list(reads.client), STORAGE_ZONE.project, "id", lambda zone: zone["name"],
         STORAGE_SECRET_KEYS, role=("static_site", static_site_role)),
    Kind("shield_zone", "shield_zones", lambda reads: SHIELD_ZONE.list(reads.client), SHIELD_ZONE.project, "shield_zone_id", _shield_zone_name,
         role=("shield", shield_zone_role)),
    Kind("edge_script", "edge_scripts", lambda reads: list(reads.client.paginate_pages(SCRIPTS_PATH)), to_snake, "id",
         lambda script: script["name"], SCRIPT_SECRET_KEYS, role=("edge_script_deploy", edge_script_role)),
    Kind("app", "apps", lambda reads: _apps(reads.client), lambda app: to_snake(app, keep_keys=USER_MAPS), "id", lambda app: app["name"],
         role=("mc_rollout", app_role)),
    Kind("video_library", "video_libraries", lambda reads: VIDEO_LIBRARY.list(reads.client), VIDEO_LIBRARY.project, "id", lambda library: library["name"],
         VIDEO_LIBRARY_SECRET_KEYS),
)
KIND_NAMES = tuple(kind.name for kind in KINDS)


def host_name(kind, name):
    """The inventory host name of a resource: its kind and its name, as one safe word."""
    return "%s_%s" % (kind, HOST_NAME_UNSAFE.sub("_", name))


def read_account(client, kinds=KIND_NAMES, with_roles=False):
    """Every resource of the given kinds, as a list of plain dicts (kind, host, name, id, resource).

    ``with_roles`` adds ``role`` and ``role_variables``: the role that manages the resource and its
    variables (None for a kind no role manages), at the cost of the reads they need.

    Two resources of a kind whose names make the same host name (two scripts named alike) each
    get their id appended, so that neither hides the other.
    """
    hosts = []
    reads = AccountReads(client)
    for kind in KINDS:
        if kind.name not in kinds:
            continue
        found = kind.resources(reads)
        names = [host_name(kind.name, name) for name, _id, _resource, _record in found]
        for (name, resource_id, resource, record), host in zip(found, names):
            if names.count(host) > 1:
                host = "%s_%s" % (host, resource_id)
            entry = dict(kind=kind.name, group=kind.plural, host=host, name=name, id=resource_id, resource=resource)
            if with_roles:
                role, variables = kind.role if kind.role else (None, lambda _reads, _record: None)
                role_variables = variables(reads, record)
                entry.update(role=role if role_variables is not None else None, role_variables=role_variables)
            hosts.append(entry)
    return hosts
