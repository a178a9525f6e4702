#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: storage_sync
short_description: Make a path of a bunny.net storage zone hold the files of a local directory
version_added: 0.2.0
description:
  - Uploads the files of the directory O(src) that the zone's path O(dest) lacks or holds with
    other content, and with O(delete=true) deletes the files of O(dest) that O(src) does not have.
  - Compares each file by its size and its SHA-256, which the API's listing gives for every file
    it holds. A re-run on an unchanged directory only lists the zone's directories, and uploads
    nothing. A file the listing gives no checksum for (one stored before the API kept checksums)
    is uploaded once, and compares by its checksum from then on.
  - Every upload sends the file's SHA-256 in the C(Checksum) header, so the API refuses content
    that did not arrive intact.
  - Uploads run in parallel over at most O(connections) connections, and stream each file from
    disk, so memory does not grow with the size of the files. Deletes run after every upload has
    succeeded, so a site never misses a file while it is being deployed.
  - A run that fails part-way says which files were uploaded and which were not; running it again
    uploads only what is still missing.
  - Talks to the management API (O(api_key)) to find the zone and read its password, then to the
    zone's storage API with that password, on the host of the zone's region or at O(storage_url).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  storage_zone:
    description:
      - Exact name of the storage zone.
      - One of O(storage_zone) and O(storage_zone_id) is required.
    type: str
  storage_zone_id:
    description: ID of the storage zone.
    type: int
  src:
    description:
      - The local directory whose files the zone should hold, read where the module runs (the
        controller, for a task on C(localhost) or delegated to it).
      - Links to files are followed; links to directories are not. Empty directories are not
        created in the zone.
    type: path
    required: true
  dest:
    description:
      - The directory of the zone that should hold the files, such as V(site/v2); the root of the
        zone when left out.
    type: str
    default: ""
  delete:
    description:
      - Also delete the files under O(dest) that O(src) does not have. A directory of the zone
        that holds only such files is deleted with one request.
      - Files that O(exclude) matches are never deleted.
    type: bool
    default: false
  exclude:
    description:
      - Glob patterns of files and directories to leave out, on both sides. A pattern without a
        slash matches a file or directory name at any depth (V(.git), V(*.map)); a pattern with
        a slash matches a path from the top of O(src) and O(dest) (V(drafts/*)).
    type: list
    elements: str
    default: []
  storage_url:
    description:
      - Base URL of the storage API, instead of the host of the zone's region that the zone
        names (such as V(https://storage.bunnycdn.com)).
      - The bundled simulator serves the storage API at V(<its address>/storage).
      - If not set, the value of the E(BUNNYNET_STORAGE_URL) environment variable is used.
    type: str
  purge_pull_zone_id:
    description:
      - ID of the pull zone that serves the storage zone, whose cache to purge once the files are in
        place - only the URLs of the files uploaded and deleted (and a folder's own URL beside its
        C(index.html)), on the zone's system hostname, or on each of its hostnames when it varies its
        cache by hostname.
      - Above O(purge_max_urls) URLs, or with O(purge_whole_zone=true), the whole zone is purged in
        one request instead. Nothing is purged when no file changed, nor when a transfer failed.
      - Left out, nothing is purged; M(bunnynet.cloud.pullzone_purge) purges on its own.
    type: int
  purge_max_urls:
    description: The most URLs purged one by one (each a request, and bunny.net limits the rate of purges).
    type: int
    default: 25
  purge_whole_zone:
    description: Purge the whole zone of O(purge_pull_zone_id) whenever a file changed, whatever their number.
    type: bool
    default: false
  connections:
    description:
      - The most uploads, deletes and directory listings in flight at once, each over a
        connection of its own; 1 to 32.
      - Each request keeps the retry rules of O(api_retries), so a rate limit (HTTP 429) waits as
        long as the API's C(Retry-After) says.
    type: int
    default: 8
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - Lists the zone's directories, and returns the files that would be uploaded and deleted
        and the bytes that would be sent, without sending any.
  diff_mode:
    support: full
    details:
      - Shows each file that would change, before and after, as its size and SHA-256.
  idempotent:
    support: full
notes:
  - The zone's password is read from the API and never appears in results, diffs, failures or
    logs, at any verbosity.
seealso:
  - module: bunnynet.cloud.storage_zone
  - module: bunnynet.cloud.pullzone_purge
"""

EXAMPLES = r"""
- name: Deploy the site's build directory to the root of its storage zone
  bunnynet.cloud.storage_sync:
    storage_zone: example-site-files
    src: "{{ playbook_dir }}/build"
    delete: true
    exclude: ["*.map", .DS_Store]
  register: deployed

- name: Show what changed
  ansible.builtin.debug:
    msg: "{{ deployed.uploaded | length }} files uploaded, {{ deployed.deleted | length }} deleted, {{ deployed.unchanged }} unchanged"

- name: Deploy the site and purge the URLs of the files that changed
  bunnynet.cloud.storage_sync:
    storage_zone: example-site-files
    src: "{{ playbook_dir }}/build"
    delete: true
    purge_pull_zone_id: 14

- name: Keep the downloads of version 2 under their own path
  bunnynet.cloud.storage_sync:
    storage_zone_id: 4321
    src: "{{ playbook_dir }}/releases/v2"
    dest: downloads/v2
    connections: 16
"""

RETURN = r"""
uploaded:
  description: Paths relative to O(dest) of the files uploaded; in check mode, of those that would be.
  returned: always
  type: list
  elements: str
  sample: [index.html, assets/app.3f9a.js]
deleted:
  description: Paths relative to O(dest) of the files deleted; in check mode, of those that would be.
  returned: always
  type: list
  elements: str
  sample: [assets/app.1c2d.js]
unchanged:
  description: How many files the zone already held with the same content.
  returned: always
  type: int
  sample: 1998
bytes_sent:
  description: The bytes of the files uploaded; in check mode, of those that would be.
  returned: always
  type: int
  sample: 48213
not_uploaded:
  description: On a failure part-way, the files that were to be uploaded and were not.
  returned: failure
  type: list
  elements: str
failures:
  description: On a failure part-way, each file whose upload or delete failed, with the reason.
  returned: failure
  type: dict
purged:
  description:
    - With O(purge_pull_zone_id), what was purged (in check mode, what would be) - C(whole_zone),
      true when the whole zone was, and C(urls), the URLs purged one by one.
  returned: success
  type: dict
  sample: {whole_zone: false, urls: [https://site.b-cdn.net/index.html, https://site.b-cdn.net/]}
"""

import os

from ansible.module_utils.basic import env_fallback

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.purges import PURGE_MAX_URLS, file_urls, url_purges, zone_purge
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import (
    STORAGE_ZONE,
    StorageClients,
    SyncPlan,
    Transfer,
    local_files,
    remote_tree,
    storage_url_of,
    transfer_plan,
)


# An action rather than a declaration: it compares a directory with a zone's files and moves them
# in parallel on the storage API's own clients, which is its own logic; the transfer is one step of
# the plan apply() carries out.
def sync(module):
    params = module.params
    dest = params["dest"].strip("/")
    problems = []
    if "\\" in dest or any(part in (".", "..") for part in dest.split("/")):
        problems.append("dest must be a path with forward slashes and without . or .. parts, got %r" % params["dest"])
    if not os.path.isdir(params["src"]):
        problems.append("src %s is not a directory" % params["src"])
    module.refuse(problems)
    local = local_files(params["src"], params["exclude"])
    # Read before any transfer: a pull zone that is not there fails the run before a file moves.
    serving = PULL_ZONE.read(module.client, params["purge_pull_zone_id"]) if params["purge_pull_zone_id"] else None

    zone = STORAGE_ZONE.find(module, params["storage_zone_id"], params["storage_zone"])
    if zone is None:
        module.fail("No storage zone of the account is named %r." % params["storage_zone"])
    # The password opens the zone's files: it must not appear anywhere, whatever goes wrong later.
    module.hide_values([zone.get("Password"), zone.get("ReadOnlyPassword")])
    storage_url = (params["storage_url"] or storage_url_of(zone)).rstrip("/")
    clients = StorageClients(params["connections"], api_key=zone.get("Password") or "", api_url=storage_url,
                             timeout=params["api_timeout"], retries=params["api_retries"], validate_certs=params["validate_certs"])
    try:
        sync_plan = SyncPlan(local, remote_tree(clients, zone["Name"], dest, params["exclude"]), params["delete"])
        plan = transfer_plan(sync_plan, Transfer(clients, zone["Name"], dest, sync_plan))
        if serving is not None:
            add_purges(module, plan, serving, ["%s/%s" % (dest, path) if dest else path for path in sync_plan.uploads + sync_plan.deletes])
        apply(module, plan)
    except BunnyApiError as error:
        module.fail_api(error, msg=storage_error(error, storage_url))
    finally:
        clients.close()


def add_purges(module, plan, serving, paths):
    """The purges after the transfer (which fails before them, if it fails): the changed files' URLs, or the whole zone."""
    params = module.params
    urls = file_urls(serving, paths) if paths else []
    whole_zone = bool(paths) and (params["purge_whole_zone"] or len(urls) > params["purge_max_urls"])
    purged = dict(whole_zone=whole_zone, urls=[] if whole_zone else urls)
    plan.result["purged"] = purged
    if whole_zone:
        plan.add(zone_purge(serving["Id"]))
    elif urls:
        plan.writes.extend(url_purges(module, urls, True, purged))


def storage_error(error, storage_url):
    if error.status == 401:
        return ("The storage API at %s refused the zone's password (HTTP 401) for %s %s. The password is read from the "
                "zone; if storage_url or BUNNYNET_STORAGE_URL is set, check that it serves this zone's region." % (
                    storage_url, error.method, error.path))
    return None


def main():
    module = BunnyModule(
        argument_spec=dict(
            storage_zone=dict(type="str"),
            storage_zone_id=dict(type="int"),
            src=dict(type="path", required=True),
            dest=dict(type="str", default=""),
            delete=dict(type="bool", default=False),
            exclude=dict(type="list", elements="str", default=[]),
            storage_url=dict(type="str", fallback=(env_fallback, ["BUNNYNET_STORAGE_URL"])),
            connections=dict(type="int", default=8),
            purge_pull_zone_id=dict(type="int"),
            purge_max_urls=dict(type="int", default=PURGE_MAX_URLS),
            purge_whole_zone=dict(type="bool", default=False),
        ),
        # The results are the sync's own lists, not one resource under a key.
        result_key=None,
        rules=(
            ("storage_zone", dict(min_length=1)),
            ("storage_zone_id", dict(minimum=1)),
            ("storage_url", dict(pattern=r"https?://[^\s/?#]+(?:/\S*)?", pattern_hint="an http:// or https:// URL")),
            ("connections", dict(minimum=1, maximum=32)),
            ("purge_pull_zone_id", dict(minimum=1)),
            ("purge_max_urls", dict(minimum=1)),
        ),
        required_one_of=[("storage_zone", "storage_zone_id")],
        mutually_exclusive=[("storage_zone", "storage_zone_id")],
    )
    module.run(sync)


if __name__ == "__main__":
    main()
