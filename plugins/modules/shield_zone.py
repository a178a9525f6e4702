#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_zone
short_description: Protect a pull zone with a Shield zone and set how it protects it
version_added: 0.1.0
description:
  - Creates the Shield zone of a pull zone when the pull zone has none, and updates its settings
    (plan, WAF, learning mode, request and response body limits, DDoS protection) otherwise.
  - The zone is found by O(pull_zone_id) (a pull zone has at most one Shield zone), or by its own
    O(id). Options left out are left as they are; one update carries every setting that differs.
  - The update model's plan, execution mode, body limit actions and DDoS sensitivity cannot be left
    out of a request (the API would read them as their first value), so every update sends them at
    their present values along with what changes.
  - The Shield API has no delete for a zone. O(state=absent) is therefore refused for a pull zone
    that has a Shield zone, with that reason, and is C(ok) for one that has none. Resetting the zone
    to the vendor's defaults instead would quietly change how a live site is protected; to turn
    protection down, set what you want (O(waf_enabled=false), O(ddos_sensitivity=off), O(plan=basic)).
  - Custom WAF rules, rate limits and access lists of the zone are managed with
    M(bunnynet.cloud.shield_waf_rule), M(bunnynet.cloud.shield_rate_limit) and
    M(bunnynet.cloud.shield_access_list).
  - In YAML, quote the sensitivity V(off) (write V("off")); unquoted, YAML reads it as false.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  pull_zone_id:
    description:
      - ID of the pull zone the Shield zone protects. Required to create one.
    type: int
  id:
    description:
      - ID of the Shield zone, to find it without its pull zone. An ID that is not found is an
        error; it never creates a zone.
    type: int
  plan:
    description:
      - The Shield plan. The plan sets what the zone can have, such as how many custom WAF rules
        and rate limits (the Basic plan has no custom WAF rule) and which managed access lists.
    type: str
    choices: [basic, advanced, business, enterprise]
  waf_enabled:
    description: Whether the web application firewall inspects requests.
    type: bool
  waf_execution_mode:
    description: What the WAF does with a request a rule matches. C(log) only logs it.
    type: str
    choices: [log, block]
  waf_disabled_rules:
    description:
      - IDs of managed WAF rules that are turned off. A set; the whole list when given.
    type: list
    elements: str
  waf_log_only_rules:
    description:
      - IDs of managed WAF rules that only log. A set; the whole list when given.
    type: list
    elements: str
  waf_request_header_logging:
    description: Whether the WAF logs request headers.
    type: bool
  waf_request_ignored_headers:
    description:
      - Request headers the WAF leaves out of its logs. A set, compared without regard to case.
    type: list
    elements: str
  request_body_logging:
    description: Whether request bodies are logged.
    type: bool
  waf_realtime_threat_intelligence:
    description: Whether the WAF uses the vendor's real-time threat intelligence.
    type: bool
  waf_profile_id:
    description: ID of the WAF profile (see the vendor's WAF profiles).
    type: int
  waf_engine_config:
    description:
      - Settings of the WAF engine by name (for example C(blocking_paranoia_level)), as the vendor
        encodes them. The whole set when given; settings left out of it are removed.
    type: dict
  waf_request_body_limit_action:
    description: What happens to a request whose body is larger than the WAF inspects.
    type: str
    choices: [block, log, ignore]
  waf_response_body_limit_action:
    description: What happens to a response whose body is larger than the WAF inspects.
    type: str
    choices: [block, log, ignore]
  learning_mode:
    description: Whether the zone is learning the site's traffic (rules only log meanwhile).
    type: bool
  learning_mode_until:
    description: When learning mode ends, as an ISO 8601 date and time, compared as written.
    type: str
  ddos_sensitivity:
    description: How readily traffic is taken for a DDoS attack; C(challenge) challenges every visitor.
    type: str
    choices: ["off", low, medium, high, challenge]
  ddos_challenge_window:
    description: Seconds a passed DDoS challenge stays valid.
    type: int
  whitelabel_response_pages:
    description:
      - Whether block and challenge pages leave out the vendor's branding. The zone's own pages are
        set with M(bunnynet.cloud.shield_custom_page).
    type: bool
  under_attack:
    description:
      - Under-attack mode, for a site under a DDoS attack. V(true) challenges every visitor (DDoS
        protection at its C(challenge) sensitivity) and blocks those that fail; a pull zone without a
        Shield zone gets one in that mode with the API's under-attack create, which takes the pull zone
        and the plan (O(plan), Basic when left out), the other settings following in an update.
      - V(false) turns it off. On a zone under attack this needs O(ddos_sensitivity), the sensitivity
        to return to; the module fails, before any change, without one.
      - Cannot be given with a O(ddos_sensitivity) that contradicts it.
    type: bool
  state:
    description:
      - C(present) creates or updates the zone. C(absent) is refused for a zone that exists, since
        the API cannot delete one (see the description).
    type: str
    choices: [present, absent]
    default: present
extends_documentation_fragment:
  - bunnynet.cloud.api
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
  - module: bunnynet.cloud.shield_zone_info
  - module: bunnynet.cloud.shield_waf_rule
  - module: bunnynet.cloud.shield_rate_limit
  - module: bunnynet.cloud.shield_access_list
  - module: bunnynet.cloud.shield_bot_detection
"""

EXAMPLES = r"""
- name: Protect the shop's pull zone, blocking what the WAF matches
  bunnynet.cloud.shield_zone:
    pull_zone_id: 4711
    plan: advanced
    waf_enabled: true
    waf_execution_mode: block
    ddos_sensitivity: medium
  register: shield

- name: Use the zone's id in the rule modules
  ansible.builtin.debug:
    msg: "Shield zone {{ shield.shield_zone.shield_zone_id }}"

- name: Under attack - challenge every visitor now
  bunnynet.cloud.shield_zone:
    pull_zone_id: 4711
    under_attack: true

- name: The attack is over - back to medium sensitivity
  bunnynet.cloud.shield_zone:
    pull_zone_id: 4711
    under_attack: false
    ddos_sensitivity: medium

- name: Keep cookies and tokens out of the WAF's logs
  bunnynet.cloud.shield_zone:
    pull_zone_id: 4711
    waf_request_header_logging: true
    waf_request_ignored_headers: [Cookie, Authorization, X-Api-Key]
"""

RETURN = r"""
shield_zone:
  description:
    - The Shield zone after the run (predicted in check mode), in snake_case, with enums by the
      names the options take. A value the module has no name for is the API's number.
    - In a check-mode create, what only the API knows (the zone's id, its limits) is null and
      settings the task does not set are left out.
    - Null when O(state=absent) and the pull zone has no Shield zone.
  returned: success
  type: dict
  contains:
    shield_zone_id:
      description: ID of the Shield zone.
      type: int
      sample: 4102
    pull_zone_id:
      description: ID of the pull zone it protects.
      type: int
      sample: 4711
    plan_type:
      description: The plan, C(basic), C(advanced), C(business) or C(enterprise).
      type: str
      sample: advanced
    waf_enabled:
      description: Whether the WAF inspects requests.
      type: bool
    waf_execution_mode:
      description: C(log) or C(block).
      type: str
      sample: block
    custom_waf_rules_limit:
      description: How many custom WAF rules the plan allows.
      type: int
      sample: 10
    rate_limit_rules_limit:
      description: How many rate limits the plan allows.
      type: int
      sample: 10
    waf_custom_rule_order:
      description: IDs of the custom WAF rules, in the order they run.
      type: list
      elements: int
    waf_engine_config:
      description: Settings of the WAF engine by name.
      type: dict
    ddos_sensitivity:
      description: C(off), C(low), C(medium), C(high) or C(challenge).
      type: str
    ddos_execution_mode:
      description: C(log) or C(block); the API does not take it in an update.
      type: str
    ddos_challenge_window:
      description: Seconds a passed DDoS challenge stays valid.
      type: int
    under_attack:
      description: Whether the zone is in under-attack mode (DDoS sensitivity C(challenge)).
      type: bool
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import (
    SHIELD_ZONE,
    UNDER_ATTACK_OPTION,
    desired_zone,
    under_attack_problems,
)


def manage_zone(module):
    SHIELD_ZONE.converge(module, desired_zone(module.params))


def main():
    module = BunnyModule(
        argument_spec=SHIELD_ZONE.argument_spec(under_attack=UNDER_ATTACK_OPTION),
        result_key=SHIELD_ZONE.result_key,
        rules=SHIELD_ZONE.rules() + (("pull_zone_id", dict(minimum=1)), ("ddos_challenge_window", dict(minimum=0))),
        required_one_of=[("id", "pull_zone_id")],
    )
    module.refuse(under_attack_problems(module.params))
    module.run(manage_zone)


if __name__ == "__main__":
    main()
