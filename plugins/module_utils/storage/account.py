# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Storage zones as the account sees them: a static site's host or a storage zone's, their variables and files."""

import os

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    ItemList,
    Options,
    Part,
    Settings,
    Shape,
    drift,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.account import custom_hostnames, pull_zones
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    HOSTNAMES,
    hostname_value,
    wanted_hostnames,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import ORIGIN_TYPES
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import SECRET_KEYS as STORAGE_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import STORAGE_ZONE, is_excluded, local_files, storage_manifest


def sites(reads):
    """The pull zone that serves each storage zone as its origin, by the storage zone's id (the first by id)."""
    def index():
        serving = {}
        for pull_zone in sorted(pull_zones(reads), key=lambda pull_zone: pull_zone["Id"]):
            if pull_zone.get("OriginType") == ORIGIN_TYPES["storage_zone"]:
                serving.setdefault(pull_zone.get("StorageZoneId"), pull_zone)
        return serving
    return reads.once("sites", None, index)


def files_of(reads, zone):
    """The zone's files as the storage API lists them: path, size, checksum, sorted by path."""
    return reads.once("files", zone["Id"], lambda: storage_manifest(reads.client, zone, reads.storage_url))


def static_site_pull_zone(reads, zone):
    """The pull zone that serves a storage zone as a site: the first (by id) whose origin it is; None when none does."""
    return sites(reads).get(zone["Id"])


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
        return {self.variable: files_of(reads, record)}

    def drift(self, reads, record, variables):
        listed = variables.get(self.variable)
        if listed is None:
            return []
        scope = variables.get(self.scope) or {"dest": "", "exclude": [], "delete": True}
        inside = scope["dest"] + "/" if scope["dest"] else ""
        held = {entry["path"]: entry for entry in files_of(reads, record)
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
), applies=lambda reads, zone: static_site_pull_zone(reads, zone) is not None,
    by_name=("static_site_storage_zone_name", lambda reads, zone: zone["Name"]),
    covers=lambda reads, zone: [("pull_zone", serving["Id"]) for serving in [static_site_pull_zone(reads, zone)] if serving])


class SitePullZone(Part):
    """The pull zone a static site names, when it is not named as the storage zone."""

    variable = "static_site_pull_zone_name"

    def fields(self):
        return []

    def export(self, reads, record):
        serving = static_site_pull_zone(reads, record)
        return {self.variable: serving["Name"]} if serving and serving["Name"] != record["Name"] else {}

    def drift(self, reads, record, variables):
        return []


def _site_hostname(item):
    """What the role asks of a hostname it names: a free certificate and Force SSL, unless the item says otherwise."""
    options = item if isinstance(item, dict) else {"name": item}
    return wanted_hostnames(dict(hostnames=[{"name": options["name"], "force_ssl": options.get("force_ssl", True)}],
                                 free_certificate=options.get("free_certificate", True), complete_external_dns_certificate=False))[0]


def _site_hostname_options(hostname):
    """A hostname as the role's list names it: by its name alone when it has both a certificate and Force SSL (what
    the role gives one by default), else with what it lacks, so that the role leaves it as it is."""
    name = hostname_value(hostname)
    if hostname.get("ForceSSL") and hostname.get("HasCertificate"):
        return name
    options = {"name": name}
    if not hostname.get("ForceSSL"):
        options["force_ssl"] = False
    if not hostname.get("HasCertificate"):
        options["free_certificate"] = False
    return options


def _site_hostnames(reads, zone):
    serving = static_site_pull_zone(reads, zone)
    return custom_hostnames(reads, serving) if serving else []


STATIC_SITE_SHAPE.parts += (
    SitePullZone(),
    # The role gives every hostname it names a free certificate and Force SSL unless its item says otherwise, and leaves the others be.
    ItemList("static_site_hostnames", HOSTNAMES, _site_hostnames, to_options=_site_hostname_options, to_api=lambda item, zone: _site_hostname(item),
             whole=False),
)

STORAGE_ZONE_SHAPE = Shape("storage_zone", "storage_zone_name", (
    Fixed("storage_zone_name", lambda zone: zone["Name"]),
    Settings("storage_zone_settings", STORAGE_ZONE),
    Files("storage_zone_files"),
), applies=lambda reads, zone: static_site_pull_zone(reads, zone) is None)


STORAGE_KINDS = (
    Kind("storage_zone", "storage zone", "storage_zones", lambda reads: STORAGE_ZONE.list(reads.client), STORAGE_ZONE.project, "id", lambda zone: zone["name"],
         STORAGE_SECRET_KEYS, shapes=(STATIC_SITE_SHAPE, STORAGE_ZONE_SHAPE)),
)
