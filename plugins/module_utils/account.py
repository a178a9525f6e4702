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

from ansible_collections.bunnynet.cloud.plugins.module_utils.dns import DNS_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripts import SCRIPTS_PATH
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripts import SECRET_KEYS as SCRIPT_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers import APPS, USER_MAPS
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zone_resource import PULL_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zone_resource import SECRET_KEYS as PULL_ZONE_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield_zone_resource import SHIELD_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage import SECRET_KEYS as STORAGE_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage import STORAGE_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.video_libraries import SECRET_KEYS as VIDEO_LIBRARY_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.video_libraries import VIDEO_LIBRARY

# Characters an inventory host name keeps; anything else (a space in a script's name) becomes "_",
# so that a host name is also a file name under host_vars/ and a plain word in a host pattern.
HOST_NAME_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


class Kind:
    """One kind of resource: how the account lists it, what names and identifies one, what is secret."""

    def __init__(self, name, plural, list_records, project, id_key, name_of, secret_keys=()):
        self.name = name
        self.plural = plural
        self._list_records = list_records
        self._project = project
        self.id_key = id_key
        self._name_of = name_of
        self.secret_keys = frozenset(_spelling_free(key) for key in secret_keys)

    def resources(self, client):
        """Every resource of the kind, projected, secrets left out, as (name, id, resource)."""
        found = []
        for record in self._list_records(client):
            resource = without_secrets(self._project(record), self.secret_keys)
            found.append((str(self._name_of(resource)), resource.get(self.id_key), resource))
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


def _shield_zone_name(zone):
    # A Shield zone has no name of its own: it is the Shield of one pull zone.
    return "pull-zone-%s" % (zone.get("pull_zone_id") if zone.get("pull_zone_id") is not None else "none-%s" % zone.get("shield_zone_id"))


def _apps(client):
    # The list gives a summary of each application (no templates, no scaling): each is read whole.
    return [APPS.read(client, summary["id"]) for summary in APPS.list(client)]


KINDS = (
    Kind("pull_zone", "pull_zones", PULL_ZONE.list, PULL_ZONE.project, "id", lambda zone: zone["name"], PULL_ZONE_SECRET_KEYS),
    Kind("dns_zone", "dns_zones", DNS_ZONE.list, DNS_ZONE.project, "id", lambda zone: zone["domain"]),
    Kind("storage_zone", "storage_zones", STORAGE_ZONE.list, STORAGE_ZONE.project, "id", lambda zone: zone["name"], STORAGE_SECRET_KEYS),
    Kind("shield_zone", "shield_zones", SHIELD_ZONE.list, SHIELD_ZONE.project, "shield_zone_id", _shield_zone_name),
    Kind("edge_script", "edge_scripts", lambda client: list(client.paginate_pages(SCRIPTS_PATH)), to_snake, "id",
         lambda script: script["name"], SCRIPT_SECRET_KEYS),
    Kind("app", "apps", _apps, lambda app: to_snake(app, keep_keys=USER_MAPS), "id", lambda app: app["name"]),
    Kind("video_library", "video_libraries", VIDEO_LIBRARY.list, VIDEO_LIBRARY.project, "id", lambda library: library["name"],
         VIDEO_LIBRARY_SECRET_KEYS),
)
KIND_NAMES = tuple(kind.name for kind in KINDS)


def host_name(kind, name):
    """The inventory host name of a resource: its kind and its name, as one safe word."""
    return "%s_%s" % (kind, HOST_NAME_UNSAFE.sub("_", name))


def read_account(client, kinds=KIND_NAMES):
    """Every resource of the given kinds, as a list of plain dicts (kind, host, name, id, resource).

    Two resources of a kind whose names make the same host name (two scripts named alike) each
    get their id appended, so that neither hides the other.
    """
    hosts = []
    for kind in KINDS:
        if kind.name not in kinds:
            continue
        found = kind.resources(client)
        names = [host_name(kind.name, name) for name, _id, _resource in found]
        for (name, resource_id, resource), host in zip(found, names):
            if names.count(host) > 1:
                host = "%s_%s" % (host, resource_id)
            hosts.append(dict(kind=kind.name, group=kind.plural, host=host, name=name, id=resource_id, resource=resource))
    return hosts
