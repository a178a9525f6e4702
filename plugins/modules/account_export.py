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
  - No value of a secret is written, to any file. A secret the account holds a value of becomes a
    vault placeholder C({{ vault_<name> }}) in the variables and a variable of the host's
    C(vault.yml) to fill in (returned under RV(secrets)). Such a secret is the value of a sensitive
    field wherever the account holds it (a video library's API keys, a storage zone's passwords, a pull zone's
    token key, a script's deployment key, a log forwarding token, copied into an application's
    environment or inside a longer value), a value shaped as a JSON Web Token (a database's token),
    and the value of an environment variable or a script variable whose name has C(token), C(key),
    C(secret), C(password) or C(credential) as a part (in any case), or that the inventory in
    O(dest) holds as a secret (a container's C(secret_environment_variables), the variable a
    C(database_app) host puts its token in). A container's environment variable that holds one is
    written under its C(secret_environment_variables).
  - Every file is written for its owner alone (mode C(0600)), in folders for the owner alone
    (C(0700)), and a file of another mode is given it on the next export.
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
    choices: [pull_zone, dns_zone, storage_zone, shield_zone, edge_script, app, registry, video_library, stream_catalogue, database, team_member]
    default: [pull_zone, dns_zone, storage_zone, shield_zone, edge_script, app, registry, video_library, stream_catalogue, database, team_member]
  hosts:
    description:
      - A pattern (shell-style, as C(fnmatch) matches) of the inventory host names to export, such
        as V(pull_zone_*) or V(dns_zone_example.com); every host by default.
      - A host's name is its kind and its name (C(pull_zone_shop)), as the account inventory plugin names it.
    type: str
    default: "*"
  not_secrets:
    description:
      - Names of environment variables and script variables whose values are no secrets although
        their names, or values, look like one (V(PUBLIC_KEY_URL), a public token); they are written
        as they are.
      - A value equal to a secret the account exposes (a library's API key) stays a secret all the same.
    type: list
    elements: str
    default: []
  secret_names:
    description:
      - Names of environment variables and script variables whose values are secrets although
        nothing else says so, besides those the inventory in O(dest) holds as secrets.
      - A variable mc_app wrote from C(secret_environment_variables) reads as any other, since the
        API keeps no mark of it. Name it here for a first export.
    type: list
    elements: str
    default: []
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
secrets:
  description: Each secret to fill in, with the vault file that holds its variable (relative to O(dest)), the variable, and what to put there.
  returned: success
  type: list
  elements: dict
  sample: [{file: host_vars/app_web/vault.yml, variable: vault_video_library_lessons_api_key, what: the api_key of video library lessons}]
"""

import fnmatch

from ansible.module_utils.basic import env_fallback

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.files import inventory_files, write_files
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KIND_NAMES, KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.secrets import AccountSecrets, secret_names_in
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import read_account
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule


def export(module):
    params = module.params
    addresses = dict(storage_url=params["storage_url"], stream_api_url=params["stream_api_url"])
    secrets = AccountSecrets(not_secrets=params["not_secrets"], secret_names=set(params["secret_names"]) | secret_names_in(params["dest"]))
    found = [host for host in read_account(module.client, KINDS, params["kinds"], with_roles=True, secrets=secrets, **addresses)
             if fnmatch.fnmatchcase(host["host"], params["hosts"])]
    exported = [dict(host, variables=host["role_variables"]) for host in found if host["role"]]
    to_fill_in = []
    # A pattern that matches nothing writes nothing, not an empty inventory over the folder.
    files = inventory_files(exported, to_fill_in) if found else []
    written = write_files(params["dest"], files, module.check_mode)
    module.ansible.exit_json(
        changed=bool(written), written=written,
        exported=[{name: host[name] for name in ("host", "kind", "name", "id", "role")} for host in exported],
        unmanaged=[dict(kind=host["kind"], name=host["name"], id=host["id"], reason="no role of the collection manages it as it is")
                   for host in found if not host["role"]],
        vault_files=[path for path, _content, _mode in files if path.endswith("/vault.yml")], secrets=to_fill_in)


def main():
    module = BunnyModule(
        argument_spec=dict(
            dest=dict(type="path", required=True),
            kinds=dict(type="list", elements="str", choices=list(KIND_NAMES), default=list(KIND_NAMES)),
            hosts=dict(type="str", default="*"),
            not_secrets=dict(type="list", elements="str", default=[], no_log=False),
            secret_names=dict(type="list", elements="str", default=[], no_log=False),
            storage_url=dict(type="str", fallback=(env_fallback, ["BUNNYNET_STORAGE_URL"])),
        ),
        result_key=None,
    )
    module.run(export)


if __name__ == "__main__":
    main()
