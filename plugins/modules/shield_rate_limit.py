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
      - Name of the rate limit, unique within the zone; it finds the rate limit. Letters, digits and spaces only (the API's rule).
    type: str
  description:
    description:
      - What the rate limit is for. Letters, digits and spaces only. Left out, it is kept as it is.
    type: str
  action:
    description:
      - What happens to a client past the rate. C(rate_limit) refuses its requests for O(block_time), C(log) only logs, C(challenge) challenges it.
      - Required to create the rate limit.
    type: str
    choices: [rate_limit, log, challenge]
  severity:
    description:
      - The severity logged for a match. A new rate limit gets C(notice) when this is left out.
    type: str
    choices: [notice, warning, critical]
  conditions:
    description:
      - What a request must match, every condition at once. Required to create the rate limit.
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
      - How request values are transformed before they are compared. A set. A new rate limit gets none when this is left out.
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
  requests:
    description:
      - How many matching requests a client may send within O(window). Required to create the rate limit.
    type: int
  window:
    description:
      - The window the requests are counted in, in seconds. Required to create the rate limit.
    type: int
    choices: [1, 10, 60, 300, 900, 3600]
  block_time:
    description:
      - Seconds a client past the rate stays limited. A new rate limit gets 300 when this is left out.
    type: int
    choices: [30, 60, 300, 900, 1800, 3600]
  counter_key:
    description:
      - What requests are counted per. A new rate limit gets C(ip) when this is left out.
    type: str
    choices: [ip, host, country, city, asn, organization, ja4, ip_ja4]
  rules:
    description:
      - The rate limits the zone holds, each found by its name. Rules of the zone that the list leaves out stay unless O(purge=true).
      - Cannot be given with O(name) or O(id).
    type: list
    elements: dict
    suboptions:
      name:
        description:
          - Name of the rate limit, unique within the zone; it finds the rate limit. Letters, digits and spaces only (the API's rule).
        type: str
        required: true
      description:
        description:
          - What the rate limit is for. Letters, digits and spaces only. Left out, it is kept as it is.
        type: str
      action:
        description:
          - What happens to a client past the rate. C(rate_limit) refuses its requests for O(block_time), C(log) only logs, C(challenge) challenges it.
          - Required to create the rate limit.
        type: str
        choices: [rate_limit, log, challenge]
      severity:
        description:
          - The severity logged for a match. A new rate limit gets C(notice) when this is left out.
        type: str
        choices: [notice, warning, critical]
      conditions:
        description:
          - What a request must match, every condition at once. Required to create the rate limit.
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
          - How request values are transformed before they are compared. A set. A new rate limit gets none when this is left out.
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
      requests:
        description:
          - How many matching requests a client may send within O(rules[].window). Required to create the rate limit.
        type: int
      window:
        description:
          - The window the requests are counted in, in seconds. Required to create the rate limit.
        type: int
        choices: [1, 10, 60, 300, 900, 3600]
      block_time:
        description:
          - Seconds a client past the rate stays limited. A new rate limit gets 300 when this is left out.
        type: int
        choices: [30, 60, 300, 900, 1800, 3600]
      counter_key:
        description:
          - What requests are counted per. A new rate limit gets C(ip) when this is left out.
        type: str
        choices: [ip, host, country, city, asn, organization, ja4, ip_ja4]
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

from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield_rules import RATE_LIMITS, argument_spec, converge_rules, input_rules, module_kwargs


def main():
    module = BunnyModule(argument_spec=argument_spec(RATE_LIMITS), result_key=RATE_LIMITS.result_key, rules=input_rules(RATE_LIMITS), **module_kwargs())
    converge_rules(module, RATE_LIMITS)


if __name__ == "__main__":
    main()
