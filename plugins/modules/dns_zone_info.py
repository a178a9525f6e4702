#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: dns_zone_info
short_description: Read bunny.net DNS zones, and export their zone files
version_added: 0.2.0
description:
  - Returns one DNS zone by O(id) or by its O(domain), or every zone of the account, optionally
    only those whose domain contains O(search).
  - Reading several zones follows the API's pages to the last one.
  - With O(export=true), each zone also carries the zone file the API exports for it.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  id:
    description:
      - ID of the zone to return. A zone that does not exist is an error, not an empty result.
      - Mutually exclusive with O(domain) and O(search).
    type: int
  domain:
    description:
      - Domain of the zone to return, compared as DNS compares names (without regard to case, the
        trailing dot or the form of an internationalised name); an empty list when no zone has it.
      - Mutually exclusive with O(id) and O(search).
    type: str
  search:
    description:
      - Return the zones whose domain contains this text, as the API's search matches it.
      - Without O(id), O(domain) and O(search), every zone is returned.
    type: str
  export:
    description:
      - Add to each zone, as C(zone_file), the zone file the API exports for it (one more read per zone).
      - The export holds the standard record types; bunny.net's own types (Redirect, Flatten,
        PullZone, Script) have no zone file form.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.dns_zone
  - module: bunnynet.cloud.dns_record
"""

EXAMPLES = r"""
- name: Read every DNS zone of the account
  bunnynet.cloud.dns_zone_info:
  register: all_zones

- name: List the domains and how many records each has
  ansible.builtin.debug:
    msg: "{{ item.domain }}: {{ item.records | length }} records"
  loop: "{{ all_zones.dns_zones }}"
  loop_control:
    label: "{{ item.domain }}"

- name: Back up the zone file of example.com
  bunnynet.cloud.dns_zone_info:
    domain: example.com
    export: true
  register: backup

- name: Make a folder for the zone files
  ansible.builtin.file:
    path: "{{ playbook_dir }}/backups"
    state: directory
    mode: "0700"

- name: Write it to disk
  ansible.builtin.copy:
    content: "{{ backup.dns_zones[0].zone_file }}"
    dest: "{{ playbook_dir }}/backups/example.com.zone"
    mode: "0600"
  when: backup.dns_zones | length == 1
"""

RETURN = r"""
dns_zones:
  description:
    - The zones found, in snake_case, as M(bunnynet.cloud.dns_zone) returns one. One item for
      O(id), at most one for O(domain).
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the zone.
      type: int
      sample: 4711
    domain:
      description: The zone's domain.
      type: str
      sample: example.com
    records:
      description: The zone's records, as M(bunnynet.cloud.dns_record) returns them.
      type: list
      elements: dict
    zone_file:
      description: The zone file the API exports, with O(export=true).
      type: str
      sample: "$ORIGIN example.com.\n$TTL 300\nwww 300 IN A 192.0.2.10\n"
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zones import DNS_ZONE, describe_zone_error, domain_problem, export_path


def read_zones(module):
    projected = []
    for zone in DNS_ZONE.select(module):
        item = DNS_ZONE.project(zone)
        if module.params["export"]:
            exported = module.client.get(export_path(zone["Id"]))
            item["zone_file"] = exported if isinstance(exported, str) else ""
        projected.append(item)
    module.exit_info(projected)


def main():
    module = BunnyModule(
        argument_spec=dict(id=dict(type="int"), domain=dict(type="str"), search=dict(type="str"), export=dict(type="bool", default=False)),
        result_key="dns_zones",
        rules=(("id", dict(minimum=1)), ("domain", dict(satisfies=(domain_problem, "be a domain such as example.com")))),
        mutually_exclusive=[("id", "domain", "search")],
    )
    module.run(read_zones, describe_error=describe_zone_error)


if __name__ == "__main__":
    main()
