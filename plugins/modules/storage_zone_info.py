#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: storage_zone_info
short_description: Read bunny.net storage zones
version_added: 0.2.0
description:
  - Returns one storage zone by O(id) or by its exact O(name), or every storage zone of the
    account, optionally only those whose name contains O(search).
  - Reading every zone follows the API's pages to the last one. Deleted zones are left out.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.info
  - bunnynet.cloud.attributes.INFO_MODULE
notes:
  - The zones' passwords, and the secrets of the pull zones they list, are masked.
    M(bunnynet.cloud.storage_sync) reads a zone's password itself.
seealso:
  - module: bunnynet.cloud.storage_zone
  - module: bunnynet.cloud.storage_sync
"""

EXAMPLES = r"""
- name: Read every storage zone of the account
  bunnynet.cloud.storage_zone_info:
  register: all_zones

- name: Show how much each zone stores
  ansible.builtin.debug:
    msg: "{{ all_zones.storage_zones | items2dict(key_name='name', value_name='storage_used') }}"

- name: Read the zone named example-site-files
  bunnynet.cloud.storage_zone_info:
    name: example-site-files
  register: site_files
"""

RETURN = r"""
storage_zones:
  description:
    - The zones found, in snake_case, as M(bunnynet.cloud.storage_zone) returns one. One item for
      O(id), at most one for O(name).
    - Passwords are masked.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the zone.
      type: int
      sample: 4321
    name:
      description: Name of the zone.
      type: str
      sample: example-site-files
    region:
      description: The main region.
      type: str
      sample: DE
    replication_regions:
      description: The regions the files are copied to.
      type: list
      elements: str
      sample: [NY]
    zone_tier:
      description: V(standard) or V(edge).
      type: str
      sample: standard
    files_stored:
      description: How many files the zone holds.
      type: int
      sample: 120
    password:
      description: Always masked.
      type: str
      sample: "********"
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import STORAGE_ZONE


def main():
    STORAGE_ZONE.run_info("storage_zones")


if __name__ == "__main__":
    main()
