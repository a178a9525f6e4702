#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_zone_info
short_description: Read Shield zones
version_added: 0.1.0
description:
  - Returns one Shield zone, by its O(shield_zone_id) or by the O(pull_zone_id) it protects, or
    every Shield zone of the account (all pages).
  - A pull zone without a Shield zone gives an empty list; an O(shield_zone_id) that is not found is
    an error.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  shield_zone_id:
    description: ID of the Shield zone to read.
    type: int
  pull_zone_id:
    description: ID of the pull zone whose Shield zone to read.
    type: int
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.shield_zone
"""

EXAMPLES = r"""
- name: Read the Shield zone of the shop's pull zone
  bunnynet.cloud.shield_zone_info:
    pull_zone_id: 4711
  register: shop_shield

- name: Say whether the WAF blocks
  ansible.builtin.debug:
    msg: "{{ shop_shield.shield_zones[0].waf_execution_mode if shop_shield.shield_zones else 'no Shield zone' }}"

- name: Read every Shield zone of the account
  bunnynet.cloud.shield_zone_info:
  register: all_shield_zones
"""

RETURN = r"""
shield_zones:
  description:
    - The Shield zones, in snake_case, with enums by the names M(bunnynet.cloud.shield_zone) takes.
      See its RV(bunnynet.cloud.shield_zone#module:shield_zone) for the fields.
  returned: success
  type: list
  elements: dict
  sample:
    - shield_zone_id: 4102
      pull_zone_id: 4711
      plan_type: advanced
      waf_enabled: true
      waf_execution_mode: block
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import zone_error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import SHIELD_ZONE


def main():
    SHIELD_ZONE.run_info("shield_zones", id_option="shield_zone_id", search=False,
                         describe_error=lambda params: zone_error_describer(params["shield_zone_id"]))


if __name__ == "__main__":
    main()
