#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone_edge_rule
short_description: Create, change, switch or delete the edge rules of a bunny.net pull zone
version_added: 0.1.0
description:
  - Manages one edge rule of a pull zone, found by O(guid) or by its exact O(description), or all
    of a zone's rules at once from one list (O(rules)), so that they live in one place as code.
  - B(One rule.) With O(state=present), creates the rule when no rule has the O(description)
    (O(actions) are then required), and otherwise changes the fields given (O(actions),
    O(triggers), O(trigger_matching_type), O(enabled)). Options left out are left as they are. A
    rule whose switch is all that differs is switched on or off with the API's switch call,
    which touches nothing else. O(state=absent) deletes the rule.
  - B(A list of rules.) With O(rules), each item is a whole rule, found by its description, which
    is created, or changed where it differs. The rules listed run in the order listed (the API's
    order index, from 0). With O(purge=true) the rules not listed are deleted; otherwise they stay
    and run after the listed ones, in the order they had. With O(state=absent) the rules listed
    are deleted.
  - Reads the pull zone once and sends one call per rule that differs (the API has no call that
    replaces all rules). A run that changes nothing, and any run in check mode, only reads.
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
      - GUID of the edge rule, in any case. The rule must exist; to create a rule, name it by
        O(description).
      - One of O(guid), O(description) and O(rules) is required.
    type: str
  description:
    description:
      - Description of the edge rule, matched exactly. Without a rule of that description, O(state=present)
        creates one (given O(actions)); several rules sharing it is an error that lists the pull zone's rules.
    type: str
  actions:
    description:
      - What the rule does, when its triggers match. The first action is the rule's action, the
        others its extra actions; their order is kept.
      - Replaces all of the rule's actions when given.
    type: list
    elements: dict
    suboptions: &actions
      type:
        description:
          - The action, by the snake_case form of the API's name for it. Results show a type the
            API adds later as its number.
        type: str
        required: true
        choices:
          - force_ssl
          - redirect
          - origin_url
          - override_cache_time
          - block_request
          - set_response_header
          - set_request_header
          - force_download
          - disable_token_authentication
          - enable_token_authentication
          - override_cache_time_public
          - ignore_query_string
          - disable_optimizer
          - force_compression
          - set_status_code
          - bypass_perma_cache
          - override_browser_cache_time
          - origin_storage
          - set_network_rate_limit
          - set_connection_limit
          - set_requests_per_second_limit
          - run_edge_script
          - origin_magic_containers
          - disable_waf
          - retry_origin
          - override_browser_cache_response_header
          - remove_browser_cache_response_header
          - disable_shield_challenge
          - disable_shield
          - disable_shield_bot_detection
          - bypass_aws_s3_authentication
          - disable_shield_access_lists
          - disable_shield_rate_limiting
          - enable_request_coalescing
          - disable_request_coalescing
          - strip_cookies_client_to_origin
      parameter_1:
        description:
          - The action's first parameter, whose meaning depends on the type (the URL of a
            redirect, the name of a header, a cache time in seconds, ...).
          - An empty value and no value are the same.
        type: str
      parameter_2:
        description: The action's second parameter (the value of a header, for example).
        type: str
      parameter_3:
        description: The action's third parameter.
        type: str
  triggers:
    description:
      - When the rule applies. Replaces all of the rule's triggers when given; an empty list
        leaves the rule without triggers.
      - Triggers are compared in the order given; the patterns of one trigger in any order.
    type: list
    elements: dict
    suboptions: &triggers
      type:
        description:
          - What the trigger looks at, by the snake_case form of the API's name for it. Results
            show a type the API adds later as its number.
        type: str
        required: true
        choices: [url, request_header, response_header, url_extension, country_code, remote_ip, url_query_string,
                  random_chance, status_code, request_method, cookie_value, country_state_code,
                  origin_retry_attempt_count, origin_connection_error]
      patterns:
        description:
          - The patterns the trigger matches (for example V(*/admin/*) for a URL). Their order has
            no meaning.
        type: list
        elements: str
        default: []
      pattern_matching_type:
        description: Whether the trigger matches when any, all or none of its patterns match.
        type: str
        choices: [any, all, none]
        default: any
      parameter_1:
        description: The trigger's parameter, whose meaning depends on the type (the name of a header or a cookie, for example).
        type: str
  trigger_matching_type:
    description:
      - Whether the rule applies when any, all or none of its triggers match. A new rule takes V(any).
    type: str
    choices: [any, all, none]
  enabled:
    description:
      - Whether the rule is enabled. A new rule is enabled unless this is V(false).
    type: bool
  rules:
    description:
      - The zone's rules as a list, in the order they are to run. Each item is a whole rule; what
        it leaves out takes the value the suboption's default gives.
      - Rules are found by description, which must be unique among the items and among the zone's
        rules.
      - Read-only rules cannot be listed; they keep their place in the order, and the other rules
        are numbered around them.
      - Excludes O(guid), O(description), O(actions), O(triggers), O(trigger_matching_type) and O(enabled).
    type: list
    elements: dict
    suboptions:
      description:
        description: Description of the rule, unique within the zone.
        type: str
        required: true
      actions:
        description: What the rule does, as for O(actions). Required with O(state=present).
        type: list
        elements: dict
        suboptions: *actions
      triggers:
        description: When the rule applies, as for O(triggers).
        type: list
        elements: dict
        default: []
        suboptions: *triggers
      trigger_matching_type:
        description: Whether the rule applies when any, all or none of its triggers match.
        type: str
        choices: [any, all, none]
        default: any
      enabled:
        description: Whether the rule is enabled.
        type: bool
        default: true
  purge:
    description:
      - With O(rules), delete the zone's rules that are not listed (read-only rules are never deleted).
    type: bool
    default: false
  state:
    description:
      - V(present) creates or changes the rule (or the rules listed); V(absent) deletes it (or
        them). Deleting a rule that does not exist changes nothing.
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
    details: A new rule's GUID is predicted as null, since only the API knows it.
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - Read-only rules belong to bunny.net. The module never changes, switches or deletes them, and
    refuses a task that would.
  - The API's edge rule model gives a trigger one parameter, which is all O(triggers[].parameter_1) reaches.
  - See the collection's docs/parallel-runs.md for what the lock covers and what it does not.
seealso:
  - module: bunnynet.cloud.pullzone
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

- name: Send visitors of the shop to the status page
  bunnynet.cloud.pullzone_edge_rule:
    pull_zone_id: 10
    description: Maintenance redirect
    actions:
      - type: redirect
        parameter_1: https://status.example.com
        parameter_2: "302"
    triggers:
      - type: url
        patterns: ["*/shop/*"]

- name: Create a rule that blocks the admin paths for everyone outside the office
  bunnynet.cloud.pullzone_edge_rule:
    pull_zone_id: 10
    description: Block admin paths
    actions:
      - type: block_request
    triggers:
      - type: url
        patterns: ["*/admin/*", "*/wp-login.php"]
      - type: remote_ip
        patterns: ["203.0.113.7"]
        pattern_matching_type: none
    trigger_matching_type: all

- name: Delete a rule
  bunnynet.cloud.pullzone_edge_rule:
    pull_zone_id: 10
    description: Block admin
    state: absent

- name: Hold exactly these rules, in this order
  bunnynet.cloud.pullzone_edge_rule:
    pull_zone_id: 10
    purge: true
    rules:
      - description: Force HTTPS
        actions:
          - type: force_ssl
        triggers:
          - type: url
            patterns: ["http://*"]
      - description: Cache images for a day
        actions:
          - type: override_cache_time
            parameter_1: "86400"
          - type: set_response_header
            parameter_1: Cache-Control
            parameter_2: public, max-age=86400
        triggers:
          - type: url_extension
            patterns: [jpg, png, webp]
      - description: Maintenance redirect
        enabled: false
        actions:
          - type: redirect
            parameter_1: https://status.example.com
"""

RETURN = r"""
edge_rule:
  description:
    - The rule after the change (predicted in check mode), with O(guid) or O(description); null
      once deleted or when there is none to delete.
    - A rule created by the run has a null RV(edge_rule.guid) in check mode.
  returned: success, without O(rules)
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
    actions:
      description:
        - The rule's action followed by its extra actions, as O(actions) gives them.
        - A type the module has no name for shows as the API's number.
      type: list
      elements: dict
      sample: [{type: redirect, parameter_1: "https://status.example.com", parameter_2: "302", parameter_3: null}]
    triggers:
      description: The rule's triggers, as O(triggers) gives them (a type without a name shows as its number).
      type: list
      elements: dict
      sample: [{type: url, patterns: ["*/shop/*"], pattern_matching_type: any, parameter_1: null}]
    trigger_matching_type:
      description: Whether the rule applies when V(any), V(all) or V(none) of its triggers match.
      type: str
      sample: any
    order_index:
      description: Position of the rule in the pull zone's execution order.
      type: int
    read_only:
      description: Whether the rule is read-only (bunny.net's own).
      type: bool
edge_rules:
  description:
    - With O(rules), all of the zone's rules after the change (predicted in check mode), in the
      order they run, each as RV(edge_rule) describes.
    - Rules the run creates have a null C(guid) in check mode.
  returned: success, with O(rules)
  type: list
  elements: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.edge_rules import (
    EDGE_RULE_MODULE_KWARGS,
    converge_edge_rules,
    edge_rule_options,
    edge_rule_rules,
    listed_rule_problems,
)


def main():
    module = BunnyModule(argument_spec=edge_rule_options(), result_key="edge_rule", rules=edge_rule_rules(), **EDGE_RULE_MODULE_KWARGS)
    module.refuse(listed_rule_problems(module.params))
    converge_edge_rules(module)


if __name__ == "__main__":
    main()
