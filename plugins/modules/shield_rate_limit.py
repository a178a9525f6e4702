#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_rate_limit
short_description: Manage the rate limits of a Shield zone
version_added: 0.1.0
description:
  - Creates, updates and deletes rate limits of a Shield zone (how many matching requests a client
    may send within a window, and what happens past that), each found by its O(name) within
    the zone (or its O(id)); or, with O(rules), makes the zone hold a list of rules (O(purge) removes
    the ones the list leaves out).
  - Conditions compare as a set, whatever order the API returns them in, and so do transformations.
    Every action the API takes for a rate limit can be set.
  - Names and descriptions are checked against the API's rule (letters, digits and spaces) before
    any request, and the number of rate limits against the zone's plan before any write; the
    failure names the limit.
  - One read of the zone's rules, then one write per rule that differs, all while holding the zone's
    lock on the controller, so that parallel tasks on one zone write one after another (the API lost
    rules created in parallel). An update sends the whole rule.
  - The vendor's model has no switch to turn a rate limit off; it is in force while it exists.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.shield
  - bunnynet.cloud.shield.rules
  - bunnynet.cloud.shield.rate_limit
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
seealso:
  - module: bunnynet.cloud.shield_zone
  - module: bunnynet.cloud.shield_waf_rule
  - module: bunnynet.cloud.shield_access_list
"""

EXAMPLES = r"""
- name: Let a client try to log in five times in ten seconds, then refuse it for five minutes
  bunnynet.cloud.shield_rate_limit:
    shield_zone_id: 4102
    name: Login attempts
    action: rate_limit
    requests: 5
    window: 10
    block_time: 300
    conditions:
      - variable: REQUEST_URI
        operator: begins_with
        value: /login
      - variable: REQUEST_METHOD
        operator: eq
        value: POST

- name: Make the zone hold exactly these rate limits
  bunnynet.cloud.shield_rate_limit:
    shield_zone_id: 4102
    purge: true
    rules:
      - name: API per IP
        action: challenge
        requests: 300
        window: 60
        counter_key: ip
        conditions:
          - {variable: REQUEST_URI, operator: begins_with, value: /api/}
"""

RETURN = r"""
rate_limit:
  description:
    - The rule after the run (predicted in check mode; its id is null for a rule to create), in the
      options' terms; conditions and transformations sorted. Null once deleted.
  returned: when O(rules) is not given
  type: dict
  contains:
    id:
      description: ID of the rule.
      type: int
      sample: 316
    shield_zone_id:
      description: ID of the Shield zone.
      type: int
      sample: 4102
    name:
      description: Name of the rule.
      type: str
      sample: Login attempts
    description:
      description: What the rule is for.
      type: str
    action:
      description: The action on a match.
      type: str
      sample: rate_limit
    severity:
      description: The severity logged.
      type: str
      sample: critical
    conditions:
      description: The conditions, each with variable, variable_value, operator, value, negated and regex_variable.
      type: list
      elements: dict
    transformations:
      description: The transformations.
      type: list
      elements: str
    requests:
      description: How many matching requests a client may send within the window.
      type: int
      sample: 5
    window:
      description: The window, in seconds.
      type: int
      sample: 10
    block_time:
      description: Seconds a client past the rate stays limited.
      type: int
      sample: 300
    counter_key:
      description: What requests are counted per.
      type: str
      sample: ip
rate_limits:
  description:
    - With O(rules), every rule of the zone after the run (predicted in check mode), each as RV(rate_limit) shows one.
  returned: when O(rules) is given
  type: list
  elements: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.rules import RATE_LIMITS, argument_spec, converge_rules, input_rules, module_kwargs


def main():
    module = BunnyModule(argument_spec=argument_spec(RATE_LIMITS), result_key=RATE_LIMITS.result_key, rules=input_rules(RATE_LIMITS),
                         **module_kwargs(RATE_LIMITS))
    converge_rules(module, RATE_LIMITS)


if __name__ == "__main__":
    main()
