#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: account_audit
short_description: Find what differs between an inventory of bunny.net resources and the account
version_added: 0.3.0
description:
  - Checks every resource the inventory describes with the variables of the collection's role that
    manages it (the inventory M(bunnynet.cloud.account_export) writes, or your own), field by field,
    and lists the account's resources that no host describes.
  - Reads the account once (every page of every list, and the reads the API forces for what a list
    leaves out) and compares with the same declarations the modules compare with in check mode, so a
    field is drift exactly when the role's run would change it. It never writes.
  - Its action gathers the variables of the inventory's hosts on the controller; the playbook
    C(bunnynet.cloud.audit) runs it and writes the report.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  hosts:
    description:
      - The inventory hosts (a host pattern) to check. A host describes a resource when it has the
        variable its role finds the resource by (C(pullzone_domains_pull_zone_id),
        C(dns_zone_domain), C(shield_pull_zone_id), C(edge_script_deploy_name),
        C(mc_rollout_app_id), C(static_site_name), C(storage_zone_name), C(video_library_name),
        C(mc_registry_display_name)).
    type: str
    default: all
  resources:
    description:
      - The resources to check, each with C(host), C(role) and C(variables); the action fills it
        in from O(hosts), so a task leaves it out.
    type: list
    elements: dict
  unmanaged:
    description: List the account's resources that no checked host describes.
    type: bool
    default: true
  storage_url:
    description:
      - Base URL of the storage API, to compare the storage zones' files, instead of each zone's region host.
      - If not set, the value of the E(BUNNYNET_STORAGE_URL) environment variable is used.
    type: str
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.account_export
"""

EXAMPLES = r"""
- name: Check the exported inventory against the account
  bunnynet.cloud.account_audit:
  register: audit

- name: Fail when anything drifted
  ansible.builtin.assert:
    that: audit.drifted | length == 0
    fail_msg: "{{ audit.drifted | map(attribute='drift') | flatten | map(attribute='field') | join(', ') }}"
"""

RETURN = r"""
findings:
  description:
    - One finding per checked host, with C(host), C(role), C(kind), C(name), C(drifted) and
      C(drift), a list of the fields that differ, each with C(field), C(inventory) (the value the
      inventory gives) and C(account) (the value the account holds); or C(error) when the host
      names no resource of the account.
  returned: success
  type: list
  elements: dict
  sample:
    - host: pull_zone_shop
      role: pullzone_domains
      kind: pull_zone
      name: shop
      drifted: true
      drift: [{field: pullzone_domains_settings.origin_url, inventory: "https://origin.example.com", account: "https://other.example.com"}]
drifted:
  description: The findings that drifted or could not be checked.
  returned: success
  type: list
  elements: dict
unmanaged:
  description: The account's resources no checked host describes, with C(kind), C(name), C(id), C(role) and C(reason).
  returned: success
  type: list
  elements: dict
"""

from ansible.module_utils.basic import env_fallback

from ansible_collections.bunnynet.cloud.plugins.module_utils.account import audit_account
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule


def audit(module):
    params = module.params
    findings, unmanaged = audit_account(module.client, params["resources"] or [], storage_url=params["storage_url"])
    module.exit_info(findings, drifted=[finding for finding in findings if finding["drifted"]],
                     unmanaged=unmanaged if params["unmanaged"] else [])


def main():
    module = BunnyModule(
        argument_spec=dict(
            hosts=dict(type="str", default="all"),
            resources=dict(type="list", elements="dict"),
            unmanaged=dict(type="bool", default=True),
            storage_url=dict(type="str", fallback=(env_fallback, ["BUNNYNET_STORAGE_URL"])),
        ),
        result_key="findings",
    )
    module.run(audit)


if __name__ == "__main__":
    main()
