#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: account_export
short_description: Write a bunny.net account out as the inventory the collection's roles read
version_added: 0.3.0
description:
  - Reads the whole account once (every page of every list, and the reads the API forces for what
    a list leaves out) and writes, for every resource a role of the collection manages, the role's
    variables as the account holds them, so that the roles and M(bunnynet.cloud.account_audit) find
    nothing to change.
  - The variables are made from the same declarations the modules plan with, so every field a
    module of the role manages is written; docs/adopt-an-account.md lists them by kind.
  - Writes O(dest)/hosts.yml (a group per role), O(dest)/host_vars/<host>/main.yml,
    O(dest)/host_vars/<host>/vault.yml (a placeholder for each secret the API never returns, to
    fill in and encrypt) and O(dest)/files/<host>.js (each Edge Script's code). Only files whose
    content differs are written, so exporting an unchanged account again changes nothing.
  - The playbook C(bunnynet.cloud.export) runs it.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  dest:
    description: The inventory folder to write; made when missing. Files of exported hosts are replaced.
    type: path
    required: true
  kinds:
    description: The kinds of resources to export.
    type: list
    elements: str
    choices: [pull_zone, dns_zone, storage_zone, shield_zone, edge_script, app, registry, video_library, team_member]
    default: [pull_zone, dns_zone, storage_zone, shield_zone, edge_script, app, registry, video_library, team_member]
  hosts:
    description:
      - A pattern (shell-style, as C(fnmatch) matches) of the inventory host names to export, such
        as V(pull_zone_*) or V(dns_zone_example.com); every host by default.
      - A host's name is its kind and its name (C(pull_zone_shop)), as the account inventory plugin names it.
    type: str
    default: "*"
  storage_url:
    description:
      - Base URL of the storage API, for the manifests of the storage zones' files, instead of each
        zone's region host.
      - If not set, the value of the E(BUNNYNET_STORAGE_URL) environment variable is used.
    type: str
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details: Check mode reads the account and lists the files it would write, writing none.
  diff_mode:
    support: none
  idempotent:
    support: full
notes:
  - It reads only; the account changes in no way.
seealso:
  - module: bunnynet.cloud.account_audit
"""

EXAMPLES = r"""
- name: Write the account out as an inventory
  bunnynet.cloud.account_export:
    dest: "{{ playbook_dir }}/inventory"
  register: export

- name: Say which vault files to fill in and encrypt
  ansible.builtin.debug:
    msg: "{{ export.vault_files }}"

- name: Export the DNS zones only
  bunnynet.cloud.account_export:
    dest: "{{ playbook_dir }}/dns-inventory"
    kinds: [dns_zone]
"""

RETURN = r"""
exported:
  description: The hosts written, each with C(host), C(kind), C(name), C(id) and C(role).
  returned: success
  type: list
  elements: dict
  sample: [{host: pull_zone_shop, kind: pull_zone, name: shop, id: 4711, role: pullzone_domains}]
unmanaged:
  description: The resources of the account no role of the collection manages as they are, each with C(kind), C(name), C(id) and C(reason).
  returned: success
  type: list
  elements: dict
  sample: [{kind: shield_zone, name: pull-zone-none-4103, id: 4103, reason: no role of the collection manages it}]
written:
  description: The files written (in check mode, those that would be), relative to O(dest).
  returned: success
  type: list
  elements: str
  sample: [hosts.yml, host_vars/pull_zone_shop/main.yml]
vault_files:
  description: The vault files whose placeholders to replace with the secrets' values, then encrypt, relative to O(dest).
  returned: success
  type: list
  elements: str
  sample: [host_vars/edge_script_router/vault.yml]
"""

import fnmatch

from ansible.module_utils.basic import env_fallback

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.files import inventory_files, write_files
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KIND_NAMES, KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import read_account
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule


def export(module):
    params = module.params
    found = [host for host in read_account(module.client, KINDS, params["kinds"], with_roles=True, storage_url=params["storage_url"])
             if fnmatch.fnmatchcase(host["host"], params["hosts"])]
    exported = [dict(host, variables=host["role_variables"]) for host in found if host["role"]]
    # A pattern that matches nothing writes nothing, not an empty inventory over the folder.
    files = inventory_files(exported) if found else []
    written = write_files(params["dest"], files, module.check_mode)
    module.ansible.exit_json(
        changed=bool(written), written=written,
        exported=[{name: host[name] for name in ("host", "kind", "name", "id", "role")} for host in exported],
        unmanaged=[dict(kind=host["kind"], name=host["name"], id=host["id"], reason="no role of the collection manages it as it is")
                   for host in found if not host["role"]],
        vault_files=[path for path, _content, mode in files if mode == 0o600])


def main():
    module = BunnyModule(
        argument_spec=dict(
            dest=dict(type="path", required=True),
            kinds=dict(type="list", elements="str", choices=list(KIND_NAMES), default=list(KIND_NAMES)),
            hosts=dict(type="str", default="*"),
            storage_url=dict(type="str", fallback=(env_fallback, ["BUNNYNET_STORAGE_URL"])),
        ),
        result_key=None,
    )
    module.run(export)


if __name__ == "__main__":
    main()
