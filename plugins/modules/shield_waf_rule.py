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
options:
  shield_zone_id:
    description:
      - ID of the Shield zone (see M(bunnynet.cloud.shield_zone)).
    type: int
    required: true
  id:
    description:
      - ID of the rule, to find it without its name (and to rename it with O(name)). An ID that is
        not found is an error; it never creates a rule.
    type: int
  name:
    description:
      - Name of the custom WAF rule, unique within the zone; it finds the custom WAF rule. Letters, digits and spaces only (the API's rule).
    type: str
  description:
    description:
      - What the custom WAF rule is for. Letters, digits and spaces only. Left out, it is kept as it is.
    type: str
  action:
    description:
      - What happens to a request the rule matches. C(allow) and C(bypass) let it through; the vendor documents what each of them skips.
      - Required to create the custom WAF rule.
    type: str
    choices: [block, log, challenge, allow, bypass]
  severity:
    description:
      - The severity logged for a match. A new custom WAF rule gets C(notice) when this is left out.
    type: str
    choices: [notice, warning, critical]
  conditions:
    description:
      - What a request must match, every condition at once. Required to create the custom WAF rule.
      - A set; their order does not matter (the API keeps them in an order of its own).
    type: list
    elements: dict
    suboptions:
      variable:
        description: The part of the request to test, by the WAF's name.
        type: str
        required: true
        choices:
          - REQUEST_URI
          - REQUEST_URI_RAW
          - ARGS
          - ARGS_COMBINED_SIZE
          - ARGS_GET
          - ARGS_GET_NAMES
          - ARGS_POST
          - ARGS_POST_NAMES
          - FILES_NAMES
          - GEO
          - REMOTE_ADDR
          - QUERY_STRING
          - REQUEST_BASENAME
          - REQUEST_BODY
          - REQUEST_COOKIES_NAMES
          - REQUEST_COOKIES
          - REQUEST_FILENAME
          - REQUEST_HEADERS_NAMES
          - REQUEST_HEADERS
          - REQUEST_LINE
          - REQUEST_METHOD
          - REQUEST_PROTOCOL
          - RESPONSE_BODY
          - RESPONSE_HEADERS
          - RESPONSE_STATUS
          - FINGERPRINT
          - VERIFIED_BOT_CATEGORY
      variable_value:
        description: Which one of the variable's items to test, such as a header's name for C(REQUEST_HEADERS).
        type: str
        default: ""
      operator:
        description: How the value is compared.
        type: str
        required: true
        choices: [begins_with, ends_with, contains, contains_word, str_match, eq, ge, gt, le, lt, within, rx, str_eq, detect_sqli, detect_xss]
      value:
        description: What the variable is compared with.
        type: str
        default: ""
      negated:
        description: Whether the condition matches when the comparison does not.
        type: bool
        default: false
      regex_variable:
        description: Whether O(conditions[].variable_value) is a regular expression.
        type: bool
        default: false
  transformations:
    description:
      - How request values are transformed before they are compared. A set. A new custom WAF rule gets none when this is left out.
    type: list
    elements: str
    choices:
      - cmdline
      - compress_whitespace
      - css_decode
      - hex_encode
      - html_entity_decode
      - js_decode
      - length
      - lowercase
      - md5
      - normalize_path
      - normalise_path
      - normalize_path_win
      - normalise_path_win
      - remove_comments
      - remove_nulls
      - remove_whitespace
      - replace_comments
      - sha1
      - url_decode
      - url_decode_uni
      - utf8_to_unicode
  rules:
    description:
      - The custom WAF rules the zone holds, each found by its name. Rules of the zone that the list leaves out stay unless O(purge=true).
      - Cannot be given with O(name) or O(id).
    type: list
    elements: dict
    suboptions:
      name:
        description:
          - Name of the custom WAF rule, unique within the zone; it finds the custom WAF rule. Letters, digits and spaces only (the API's rule).
        type: str
        required: true
      description:
        description:
          - What the custom WAF rule is for. Letters, digits and spaces only. Left out, it is kept as it is.
        type: str
      action:
        description:
          - What happens to a request the rule matches. C(allow) and C(bypass) let it through; the vendor documents what each of them skips.
          - Required to create the custom WAF rule.
        type: str
        choices: [block, log, challenge, allow, bypass]
      severity:
        description:
          - The severity logged for a match. A new custom WAF rule gets C(notice) when this is left out.
        type: str
        choices: [notice, warning, critical]
      conditions:
        description:
          - What a request must match, every condition at once. Required to create the custom WAF rule.
          - A set; their order does not matter (the API keeps them in an order of its own).
        type: list
        elements: dict
        suboptions:
          variable:
            description: The part of the request to test, by the WAF's name.
            type: str
            required: true
            choices:
              - REQUEST_URI
              - REQUEST_URI_RAW
              - ARGS
              - ARGS_COMBINED_SIZE
              - ARGS_GET
              - ARGS_GET_NAMES
              - ARGS_POST
              - ARGS_POST_NAMES
              - FILES_NAMES
              - GEO
              - REMOTE_ADDR
              - QUERY_STRING
              - REQUEST_BASENAME
              - REQUEST_BODY
              - REQUEST_COOKIES_NAMES
              - REQUEST_COOKIES
              - REQUEST_FILENAME
              - REQUEST_HEADERS_NAMES
              - REQUEST_HEADERS
              - REQUEST_LINE
              - REQUEST_METHOD
              - REQUEST_PROTOCOL
              - RESPONSE_BODY
              - RESPONSE_HEADERS
              - RESPONSE_STATUS
              - FINGERPRINT
              - VERIFIED_BOT_CATEGORY
          variable_value:
            description: Which one of the variable's items to test, such as a header's name for C(REQUEST_HEADERS).
            type: str
            default: ""
          operator:
            description: How the value is compared.
            type: str
            required: true
            choices: [begins_with, ends_with, contains, contains_word, str_match, eq, ge, gt, le, lt, within, rx, str_eq, detect_sqli, detect_xss]
          value:
            description: What the variable is compared with.
            type: str
            default: ""
          negated:
            description: Whether the condition matches when the comparison does not.
            type: bool
            default: false
          regex_variable:
            description: Whether O(rules[].conditions[].variable_value) is a regular expression.
            type: bool
            default: false
      transformations:
        description:
          - How request values are transformed before they are compared. A set. A new custom WAF rule gets none when this is left out.
        type: list
        elements: str
        choices:
          - cmdline
          - compress_whitespace
          - css_decode
          - hex_encode
          - html_entity_decode
          - js_decode
          - length
          - lowercase
          - md5
          - normalize_path
          - normalise_path
          - normalize_path_win
          - normalise_path_win
          - remove_comments
          - remove_nulls
          - remove_whitespace
          - replace_comments
          - sha1
          - url_decode
          - url_decode_uni
          - utf8_to_unicode
  purge:
    description:
      - With O(rules), delete the zone's rules the list leaves out.
    type: bool
    default: false
  state:
    description:
      - C(present) creates or updates the rule (or the O(rules)); C(absent) deletes the rule named.
    type: str
    choices: [present, absent]
    default: present
  lock_timeout:
    description:
      - Seconds to wait for other tasks on this controller that are writing to the same Shield zone.
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

from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield_rules import WAF_RULES, argument_spec, converge_rules, input_rules, module_kwargs


def main():
    module = BunnyModule(argument_spec=argument_spec(WAF_RULES), result_key=WAF_RULES.result_key, rules=input_rules(WAF_RULES), **module_kwargs())
    converge_rules(module, WAF_RULES)


if __name__ == "__main__":
    main()
