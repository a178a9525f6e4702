#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_waf_rule
short_description: Manage the custom WAF rules of a Shield zone
version_added: 0.1.0
description:
  - Creates, updates and deletes custom WAF rules of a Shield zone, each found by its O(name) within
    the zone (or its O(id)); or, with O(rules), makes the zone hold a list of rules (O(purge) removes
    the ones the list leaves out).
  - Conditions compare as a set, whatever order the API returns them in, and so do transformations.
    Every action the API takes can be set, C(allow) and C(bypass) included.
  - Names and descriptions are checked against the API's rule (letters, digits and spaces) before
    any request, and the number of rules against the zone's plan before any write (the Basic plan
    allows no custom WAF rule); the failure names the limit.
  - One read of the zone's rules, then one write per rule that differs, all while holding the zone's
    lock on the controller, so that parallel tasks on one zone write one after another (the API lost
    rules created in parallel). An update sends the whole rule.
  - The vendor's model has no switch to turn a rule off; a rule is in force while it exists.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.shield
  - bunnynet.cloud.shield.rules
  - bunnynet.cloud.shield.waf_rule
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
  - module: bunnynet.cloud.shield_rate_limit
  - module: bunnynet.cloud.shield_access_list
"""

EXAMPLES = r"""
- name: Block SQL injection in the query string of the admin area
  bunnynet.cloud.shield_waf_rule:
    shield_zone_id: 4102
    name: Admin SQLi
    action: block
    severity: critical
    conditions:
      - variable: REQUEST_URI
        operator: begins_with
        value: /admin
      - variable: QUERY_STRING
        operator: detect_sqli
    transformations: [url_decode, lowercase]

- name: Let the payment provider's webhooks bypass the WAF
  bunnynet.cloud.shield_waf_rule:
    shield_zone_id: 4102
    name: Payment webhooks
    action: bypass
    conditions:
      - variable: REQUEST_HEADERS
        variable_value: User-Agent
        operator: begins_with
        value: PaymentHooks

- name: Make the zone hold exactly these rules
  bunnynet.cloud.shield_waf_rule:
    shield_zone_id: 4102
    purge: true
    rules:
      - name: Block curl
        action: block
        conditions:
          - {variable: REQUEST_HEADERS, variable_value: User-Agent, operator: contains, value: curl}
"""

RETURN = r"""
waf_rule:
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
      sample: Admin SQLi
    description:
      description: What the rule is for.
      type: str
    action:
      description: The action on a match.
      type: str
      sample: block
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
waf_rules:
  description:
    - With O(rules), every rule of the zone after the run (predicted in check mode), each as RV(waf_rule) shows one.
  returned: when O(rules) is given
  type: list
  elements: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.rules import WAF_RULES, argument_spec, converge_rules, input_rules, module_kwargs


def main():
    module = BunnyModule(argument_spec=argument_spec(WAF_RULES), result_key=WAF_RULES.result_key, rules=input_rules(WAF_RULES), **module_kwargs(WAF_RULES))
    converge_rules(module, WAF_RULES)


if __name__ == "__main__":
    main()
