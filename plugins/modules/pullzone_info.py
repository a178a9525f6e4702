#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone_info
short_description: Read bunny.net pull zones
version_added: 0.2.0
description:
  - Returns one pull zone by O(id) or by its exact O(name), or every pull zone of the account,
    optionally only those whose name contains O(search).
  - Reading several zones follows the API's pages to the last one.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.info
  - bunnynet.cloud.attributes.INFO_MODULE
notes:
  - Zone security keys, S3 signing credentials and log forwarding tokens are masked.
seealso:
  - module: bunnynet.cloud.pullzone
"""

EXAMPLES = r"""
- name: Read every pull zone of the account
  bunnynet.cloud.pullzone_info:
  register: all_zones

- name: List their names and origins
  ansible.builtin.debug:
    msg: "{{ all_zones.pull_zones | items2dict(key_name='name', value_name='origin_url') }}"

- name: Read the zone named example-site
  bunnynet.cloud.pullzone_info:
    name: example-site
  register: site_zone

- name: Read the staging zones
  bunnynet.cloud.pullzone_info:
    search: staging
"""

RETURN = r"""
pull_zones:
  description:
    - The zones found, in snake_case, as M(bunnynet.cloud.pullzone) returns one. One item for
      O(id), at most one for O(name).
    - Secrets are masked.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the zone.
      type: int
      sample: 4711
    name:
      description: Name of the zone.
      type: str
      sample: example-site
    origin_url:
      description: URL files are fetched from.
      type: str
      sample: https://origin.example.com
    origin_type:
      description: Where files come from, by the names M(bunnynet.cloud.pullzone) takes.
      type: str
      sample: url
    hostnames:
      description: The zone's hostnames.
      type: list
      elements: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE


def main():
    PULL_ZONE.run_info("pull_zones")


if __name__ == "__main__":
    main()
