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
      - The inventory hosts to check, as host patterns (V(all), a group, a host's name).
      - A host describes a resource when it has a variable its role finds the resource by
        (C(pullzone_domains_pull_zone_id) or C(_name), C(dns_zone_domain), C(shield_pull_zone_id)
        or C(_name), C(edge_script_deploy_name), C(mc_rollout_app_id) or C(_name),
        C(static_site_name), C(storage_zone_name), C(video_library_name), C(stream_catalogue_library) or C(_id), C(database_app_name),
        C(mc_registry_display_name), C(team_member_email)); a host that has none is reported in RV(errors).
    type: list
    elements: str
    default: [all]
  resources:
    description:
      - The resources to check, each with C(host), C(role) and C(variables); the action fills it
        in from O(hosts) with only the variables the audit compares (never a secret the API does
        not return, such as a registry's password), so a task leaves it out.
      - With O(unmanaged), the inventory's other hosts come too, with C(checked=false) and only
        the variable that names their resource, so that what they name is not unmanaged.
    type: list
    elements: dict
  unmanaged:
    description: List the account's resources that no host of the inventory describes, checked or not.
    type: bool
    default: true
  report_path:
    description:
      - Where to write the report, without extension, as C(<report_path>.json) (the schema of
        docs/check-mode-audits.md) and C(<report_path>.md), for people. Their folder is made when
        missing; a file whose content is the same is not written again.
      - Not set, no report is written.
    type: path
  storage_url:
    description:
      - Base URL of the storage API, to compare the storage zones' files, instead of each zone's region host.
      - If not set, the value of the E(BUNNYNET_STORAGE_URL) environment variable is used.
    type: str
  database_url:
    description:
      - Base URL under which each database's own SQL endpoint is reached, as C(<database_url>/<the database's host>),
        instead of the database's host (C(https://<host>/v2/pipeline)), where the audit asks with a read-only query
        whether a token a container holds still works; for a test double of the service.
      - If not set, the value of the E(BUNNYNET_DATABASE_URL) environment variable is used.
    type: str
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details: It reads the account in check mode too; the report's files are then not written (RV(report_files) names them all the same).
  diff_mode:
    support: none
  idempotent:
    support: full
notes:
  - It sends reads only; the account changes in no way. C(changed) says whether the report's files were written.
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

- name: Write the report for people and machines
  bunnynet.cloud.account_audit:
    report_path: "{{ playbook_dir }}/reports/drift"

- name: Check the inventory's hosts only, without listing the account's other resources
  bunnynet.cloud.account_audit:
    hosts: all
    unmanaged: false
"""

RETURN = r"""
findings:
  description:
    - One finding per checked host that names a resource of the account, with C(host), C(role),
      C(kind), C(name), C(resource) (the kind and name in words), C(drifted) and C(drift), the
      fields that differ, each with C(field) (the inventory variable, and the key or item within
      it), C(inventory) (the value the inventory gives) and C(account) (the value the account
      holds; null when the account lacks an item the inventory lists, and C(inventory) null for an
      item the account holds that the inventory leaves out).
  returned: success
  type: list
  elements: dict
  sample:
    - host: pull_zone_shop
      role: pullzone_domains
      kind: pull_zone
      name: shop
      resource: pull zone shop
      drifted: true
      drift: [{field: pullzone_domains_settings.origin_url, inventory: "https://origin.example.com", account: "https://other.example.com"}]
drifted:
  description: The findings that drifted.
  returned: success
  type: list
  elements: dict
errors:
  description:
    - The hosts that could not be checked, each with C(host), C(role) and C(error), which says why (a host
      that names no resource, names one the account does not hold, or whose variables could not
      be read, such as a vault without its password).
  returned: success
  type: list
  elements: dict
  sample:
    - host: web
      role: null
      error: >-
        web has none of the variables pullzone_domains_pull_zone_name, ..., so it describes no
        resource to audit; give it one, or leave it out with audit_hosts or --limit.
unmanaged:
  description:
    - The account's resources no checked host describes, with C(kind), C(name), C(id), C(role) (the
      role that would manage it, or null) and C(reason).
  returned: success
  type: list
  elements: dict
report_files:
  description: The report's files (written, or in check mode to write), C(json) and C(markdown); with O(report_path) only.
  returned: when O(report_path) is given
  type: dict
  sample: {json: /srv/audit/drift.json, markdown: /srv/audit/drift.md}
summary:
  description:
    - How many C(hosts) were checked, and how many C(resources) (findings), C(drifted), C(errors)
      and C(unmanaged) (null when not listed) the audit found.
  returned: success
  type: dict
  sample: {hosts: 9, resources: 8, drifted: 1, errors: 1, unmanaged: 3}
"""

from ansible.module_utils.basic import env_fallback

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.report import report, write_report
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import audit_account
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule


def audit(module):
    params = module.params
    checked, unmanaged = audit_account(module.client, KINDS, params["resources"] or [], storage_url=params["storage_url"],
                                       stream_api_url=params["stream_api_url"], database_url=params["database_url"])
    findings = [finding for finding in checked if "error" not in finding]
    errors = [finding for finding in checked if "error" in finding]
    drifted = [finding for finding in findings if finding["drifted"]]
    unmanaged = unmanaged if params["unmanaged"] else None
    summary = dict(hosts=len(checked), resources=len(findings), drifted=len(drifted), errors=len(errors),
                   unmanaged=len(unmanaged) if unmanaged is not None else None)
    extra, written = {}, []
    if params["report_path"]:
        written = write_report(params["report_path"], report(findings, errors, unmanaged, summary), module.check_mode)
        extra["report_files"] = dict(json=params["report_path"] + ".json", markdown=params["report_path"] + ".md")
    # The hosts' variables are the audit's input, not its result: echoed back, they would double a
    # large inventory's result at every verbosity that shows the invocation.
    invocation = dict(module_args=dict(params, resources="%d hosts" % len(params["resources"] or [])))
    module.exit_info(findings, changed=bool(written), drifted=drifted, errors=errors, unmanaged=unmanaged or [], summary=summary,
                     invocation=invocation, **extra)


def main():
    module = BunnyModule(
        argument_spec=dict(
            hosts=dict(type="list", elements="str", default=["all"]),
            resources=dict(type="list", elements="dict"),
            unmanaged=dict(type="bool", default=True),
            report_path=dict(type="path"),
            storage_url=dict(type="str", fallback=(env_fallback, ["BUNNYNET_STORAGE_URL"])),
            database_url=dict(type="str", fallback=(env_fallback, ["BUNNYNET_DATABASE_URL"])),
        ),
        result_key="findings",
    )
    module.run(audit)


if __name__ == "__main__":
    main()
