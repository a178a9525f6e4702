#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone_edge_rule
short_description: Switch an edge rule of a bunny.net pull zone on or off
version_added: 0.1.0
description:
  - Enables or disables one existing edge rule of a pull zone, found by O(guid) or by its exact
    O(description).
  - Reads the pull zone once and sends the switch only when the rule's state differs. A run that
    changes nothing, and any run in check mode, only reads.
  - Writes to one pull zone from parallel tasks on the same machine wait for each other (bunny.net
    does not make edge rule writes safe in parallel); see O(lock_timeout).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  pull_zone_id:
    description:
      - ID of the pull zone. The pull zone must exist.
    type: int
    required: true
  guid:
    description:
      - GUID of the edge rule, in any case.
      - Exactly one of O(guid) and O(description) is required.
    type: str
  description:
    description:
      - Description of the edge rule, matched exactly. A description that no rule has, or that
        several rules share, is an error that lists the pull zone's rules.
    type: str
  enabled:
    description:
      - Whether the rule should be enabled.
    type: bool
    required: true
  lock_timeout:
    description:
      - Seconds to wait, at least 1, while another task on the same machine writes to this pull zone.
      - The module holds the pull zone's lock from its read to its write. Check mode takes no lock.
    type: int
    default: 600
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - The API cannot switch a read-only rule; the module refuses to try.
  - See the collection's docs/parallel-runs.md for what the lock covers and what it does not.
seealso:
  - module: bunnynet.cloud.pullzone_hostname
"""

EXAMPLES = r"""
- name: Switch off the maintenance redirect
  bunnynet.cloud.pullzone_edge_rule:
    pull_zone_id: 10
    description: Maintenance redirect
    enabled: false

- name: Enable a rule by its GUID
  bunnynet.cloud.pullzone_edge_rule:
    pull_zone_id: 10
    guid: 8d6a1b52-7f0e-4d3a-9a53-4b9a8e0c2f11
    enabled: true
"""

RETURN = r"""
edge_rule:
  description: The edge rule after the change (predicted in check mode), as the pull zone reports it, in snake_case.
  returned: success
  type: dict
  contains:
    guid:
      description: GUID of the rule.
      type: str
      sample: 8d6a1b52-7f0e-4d3a-9a53-4b9a8e0c2f11
    description:
      description: Description of the rule.
      type: str
      sample: Maintenance redirect
    enabled:
      description: Whether the rule is enabled.
      type: bool
    action_type:
      description: The rule's action, as the API numbers it (for example 1 for a redirect).
      type: int
    action_parameter1:
      description: The action's first parameter.
      type: str
    action_parameter2:
      description: The action's second parameter.
      type: str
    action_parameter3:
      description: The action's third parameter.
      type: str
    triggers:
      description: The rule's triggers, as the API returns them.
      type: list
      elements: dict
    extra_actions:
      description: Further actions of the rule.
      type: list
      elements: dict
    trigger_matching_type:
      description: How the triggers combine (0 any, 1 all, 2 none).
      type: int
    order_index:
      description: Position of the rule in the pull zone's execution order.
      type: int
    read_only:
      description: Whether the rule is read-only.
      type: bool
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones import (
    PULL_ZONE,
    converge,
    edge_rule_plan,
    parent_options,
    parent_rules,
)


def main():
    module = BunnyModule(
        argument_spec=parent_options(PULL_ZONE, guid=dict(type="str"), description=dict(type="str"), enabled=dict(type="bool", required=True)),
        result_key="edge_rule",
        rules=parent_rules(PULL_ZONE) + (("guid", dict(min_length=1)), ("description", dict(min_length=1))),
        mutually_exclusive=[("guid", "description")],
        required_one_of=[("guid", "description")],
    )
    converge(module, PULL_ZONE, edge_rule_plan)


if __name__ == "__main__":
    main()
