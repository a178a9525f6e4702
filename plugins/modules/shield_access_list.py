#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_access_list
short_description: Manage the access lists of a Shield zone
version_added: 0.1.0
description:
  - Creates, updates and deletes a custom access list of a Shield zone, found by its O(name), with
    its entries, whether it is enabled and what it does with a request that matches it. Or, with
    O(managed_lists), turns the vendor's curated lists on or off and sets their action.
  - The types of list are the API's, C(ip), C(cidr), C(asn), C(country), C(organization) and
    C(ja4); the API has no list of user agents (match those with M(bunnynet.cloud.shield_waf_rule)
    on C(REQUEST_HEADERS) C(User-Agent)).
  - Entries compare as a set of normalised values, whatever their order and spelling; an address
    and its C(/32) (or C(/128)) are one entry, IPv6 addresses compare compressed, countries in
    capitals, ASNs as numbers (C(AS13335) is C(13335)), JA4 fingerprints and organisations without
    regard to case. Entries already in the list keep the text they have; new ones are written
    normalised. Without O(purge), O(entries) are added to the list; with it, the list holds them alone.
  - Entries are checked against the list's type before any request when O(type) is given, and
    against the zone's plan limits (lists, and entries across lists) before any write.
  - The type and description of a list are set when it is created (the API's update has neither);
    a task that gives others fails, saying so.
  - Managed lists that the zone's plan does not include cannot be enabled; the module says which
    plan they need before any write.
  - Every write holds the zone's lock on the controller, shared with the Shield zone's other modules.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  name:
    description: Name of the custom access list, which finds it within the zone.
    type: str
  type:
    description:
      - What the entries are. Required to create the list; cannot change afterwards.
    type: str
    choices: [ip, cidr, asn, country, organization, ja4]
  description:
    description: What the list is for. Set when the list is created only.
    type: str
  entries:
    description:
      - Entries of the list, one value each. Compared as a normalised set (see the description).
      - Left out, the entries are left as they are.
    type: list
    elements: str
  purge:
    description: Remove the entries of the list that O(entries) leaves out.
    type: bool
    default: false
  enabled:
    description:
      - Whether the list is in force. A new list is enabled when this is left out.
    type: bool
  action:
    description:
      - What happens to a request that matches the list. A new list blocks when this is left out.
    type: str
    choices: [allow, block, challenge, log, bypass]
  managed_lists:
    description:
      - The vendor's curated lists to configure, each found by its name (without regard to case).
        Lists left out are left as they are.
    type: list
    elements: dict
    suboptions:
      name:
        description: Name of the managed list, as the zone reports it.
        type: str
        required: true
      enabled:
        description: Whether the list is in force.
        type: bool
      action:
        description: What happens to a request that matches the list.
        type: str
        choices: [allow, block, challenge, log, bypass]
  keep:
    description:
      - Instead of O(name), with O(state=absent), the names of the custom lists to keep (compared
        without regard to case); every other custom list of the zone is deleted. An empty list
        deletes them all. The role C(bunnynet.cloud.shield) uses it for C(shield_access_lists_purge).
    type: list
    elements: str
  state:
    description:
      - C(present) creates or updates the custom list; C(absent) deletes it (or, with O(keep), the
        lists it leaves out). Managed lists cannot be deleted (set O(managed_lists[].enabled=false)).
    type: str
    choices: [present, absent]
    default: present
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.shield
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
"""

EXAMPLES = r"""
- name: Let the office through, whatever the other rules say
  bunnynet.cloud.shield_access_list:
    shield_zone_id: 4102
    name: Office
    type: cidr
    action: allow
    entries:
      - 203.0.113.0/24
      - 2001:db8::/48

- name: Block these countries and no others
  bunnynet.cloud.shield_access_list:
    shield_zone_id: 4102
    name: Blocked countries
    type: country
    action: block
    entries: [kp, IR]
    purge: true

- name: Challenge Tor exit nodes
  bunnynet.cloud.shield_access_list:
    shield_zone_id: 4102
    managed_lists:
      - name: Tor exit nodes
        enabled: true
        action: challenge

- name: Delete every custom list but these two
  bunnynet.cloud.shield_access_list:
    shield_zone_id: 4102
    keep: [Office, Blocked countries]
    state: absent
"""

RETURN = r"""
access_list:
  description:
    - The custom list after the run (predicted in check mode; ids are null for a list to create).
      Null once deleted.
  returned: when O(name) is given
  type: dict
  contains:
    id:
      description: ID of the list.
      type: int
      sample: 1000
    configuration_id:
      description: ID of the list's configuration (enabled, action).
      type: int
    name:
      description: Name of the list.
      type: str
      sample: Office
    description:
      description: What the list is for.
      type: str
    type:
      description: What the entries are.
      type: str
      sample: cidr
    entries:
      description: The entries, as the list holds them.
      type: list
      elements: str
      sample: [203.0.113.0/24, 2001:db8::/48]
    enabled:
      description: Whether the list is in force.
      type: bool
    action:
      description: What happens to a request that matches.
      type: str
      sample: allow
managed_lists:
  description:
    - With O(managed_lists), every managed list of the zone after the run (predicted in check mode),
      with C(id), C(configuration_id), C(name), C(enabled), C(action) and C(required_plan).
  returned: when O(managed_lists) is given
  type: list
  elements: dict
access_lists:
  description:
    - With O(keep), the zone's custom lists after the run (predicted in check mode), each with
      C(id), C(configuration_id), C(name), C(description), C(type), C(enabled) and C(action)
      (C(entries) null, since the deletes need no entries read).
  returned: when O(keep) is given
  type: list
  elements: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.access_lists import RULES, argument_spec, converge_access_lists, module_kwargs


def main():
    module = BunnyModule(argument_spec=argument_spec(), result_key="access_list", rules=RULES, **module_kwargs())
    converge_access_lists(module)


if __name__ == "__main__":
    main()
