# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)


class ModuleDocFragment(object):
    # The Shield zone a module of one of its parts names (shield.py's ZONE_ARGUMENT).
    DOCUMENTATION = r"""
options:
  shield_zone_id:
    description:
      - ID of the Shield zone (see M(bunnynet.cloud.shield_zone)). A zone that does not exist is an error.
    type: int
    required: true
"""

    # What shield_waf_rule and shield_rate_limit both take: the rule's name, what it matches, and how
    # the module finds and removes rules (shield_rules.py's argument_spec and rule_options).
    RULES = r"""
options:
  name:
    description:
      - Name of the rule, unique within the zone; it finds the rule. Letters, digits and spaces only (the API's rule).
    type: str
  description:
    description:
      - What the rule is for. Letters, digits and spaces only. Left out, it is kept as it is.
    type: str
  severity:
    description:
      - The severity logged for a match. A new rule gets C(notice) when this is left out.
    type: str
    choices: [notice, warning, critical]
  conditions:
    description:
      - What a request must match, every condition at once. Required to create the rule.
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
        description: Whether the condition's C(variable_value) is a regular expression.
        type: bool
        default: false
  transformations:
    description:
      - How request values are transformed before they are compared. A set. A new rule gets none when this is left out.
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
  id:
    description:
      - ID of the rule, to find it without its name (and to rename it with O(name)). An ID that is
        not found is an error; it never creates a rule.
    type: int
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
"""

    # What a custom WAF rule takes beyond RULES (shield_rules.py's WAF_RULES).
    WAF_RULE = r"""
options:
  action:
    description:
      - What happens to a request the rule matches. C(allow) and C(bypass) let it through; the vendor documents what each of them skips.
      - Required to create the custom WAF rule.
    type: str
    choices: [block, log, challenge, allow, bypass]
  rules:
    description:
      - The custom WAF rules the zone holds, each found by its name. Rules of the zone that the list leaves out stay unless O(purge=true).
      - Each item takes the options that set one rule, with the same values and checks, O(name) required
        (O(description), O(action), O(severity), O(conditions) and O(transformations)).
      - Cannot be given with O(name) or O(id).
    type: list
    elements: dict
"""

    # What a rate limit takes beyond RULES (shield_rules.py's RATE_LIMITS).
    RATE_LIMIT = r"""
options:
  action:
    description:
      - What happens to a client past the rate. C(rate_limit) refuses its requests for the block time, C(log) only logs, C(challenge) challenges it.
      - Required to create the rate limit.
    type: str
    choices: [rate_limit, log, challenge]
  requests:
    description:
      - How many matching requests a client may send within the window. Required to create the rate limit.
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
      - Each item takes the options that set one rate limit, with the same values and checks, O(name) required
        (O(description), O(action), O(severity), O(conditions), O(transformations), O(requests), O(window),
        O(block_time) and O(counter_key)).
      - Cannot be given with O(name) or O(id).
    type: list
    elements: dict
"""
