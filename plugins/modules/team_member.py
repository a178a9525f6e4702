#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: team_member
short_description: Invite a member to the bunny.net account's team, change what it may do, or remove it
version_added: 0.2.0
description:
  - Invites a person to the account's team with a password and the roles it holds, changes its
    names and roles, or removes it (the Terraform provider's C(bunnynet_account_subuser)).
  - A member is found by its email address, compared without regard to case, or by its O(id). The
    address cannot change; to give the seat to another address, remove the member and invite the
    other. Options left out are left as they are; a change sends the whole member, names and roles,
    in one request.
  - The roles say what the member may do. C(zones) lets it manage the account's zones (pull zones,
    storage, DNS, Shield and the rest); C(billing), C(support), C(abuse) and C(users) let it see and
    handle billing, support tickets, abuse reports and the team itself. The API gives no narrower
    grant, such as a list of single zones, to the clients known to use it.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  email:
    description:
      - The member's email address, which finds it. Required to invite one (or give O(id)).
    type: str
  first_name:
    description: The member's first name. Required to invite one.
    type: str
  last_name:
    description: The member's last name. Required to invite one.
    type: str
  roles:
    description:
      - What the member may do, a set of at least one role. Required to invite one. The whole set when
        given.
    type: list
    elements: str
    choices: [zones, billing, support, abuse, users]
  password:
    description:
      - The member's password, sent with the invitation and never read back or compared. Required to
        invite one; left out of every later run's requests, so changing it here changes nothing. At
        least 12 characters, with a lower-case and an upper-case letter, a digit and a character other
        than a letter or a digit (checked before any request).
    type: str
  id:
    description:
      - ID of the member (a GUID), to find it without its address. An ID that is not found is an
        error, unless O(state=absent); it never invites anyone.
    type: str
  state:
    description: V(present) invites or updates the member; V(absent) removes it from the team.
    type: str
    choices: [present, absent]
    default: present
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
  - The vendor's published API documents do not describe the team endpoints. This module uses them as
    the official Terraform provider for bunny.net does (C(/team/member), with the token
    C(/apikey/exchange) gives for the API key in the C(Authorization) header); the collection's
    simulator serves them the same way (docs/simulator.md).
  - In check mode an invitation's member has no ID yet.
"""

EXAMPLES = r"""
- name: Invite the on-call engineer to manage the account's zones
  bunnynet.cloud.team_member:
    email: oncall@example.com
    first_name: Ona
    last_name: Call
    roles: [zones]
    password: "{{ vault_oncall_initial_password }}"

- name: Let the finance lead see billing and the team
  bunnynet.cloud.team_member:
    email: finance@example.com
    first_name: Fin
    last_name: Ance
    roles: [billing, users]
    password: "{{ vault_finance_initial_password }}"

- name: Remove someone who left
  bunnynet.cloud.team_member:
    email: former@example.com
    state: absent
"""

RETURN = r"""
team_member:
  description:
    - The member after the run (predicted in check mode), in snake_case, never with a password.
    - Null when O(state=absent).
  returned: success
  type: dict
  contains:
    id:
      description: ID of the member, a GUID; null in a check-mode invitation.
      type: str
      sample: 9f0c6f4e-8a7e-4d0b-9d4e-2f3c1a5b6c7d
    email:
      description: The member's email address.
      type: str
      sample: oncall@example.com
    first_name:
      description: First name.
      type: str
    last_name:
      description: Last name.
      type: str
    roles:
      description: What the member may do, by the names O(roles) takes; a role the module has no name for is the API's.
      type: list
      elements: str
      sample: [zones]
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.team_members import EMAIL, TEAM_MEMBER, authorise, password_problems
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule


def manage_member(module):
    authorise(module.client)
    TEAM_MEMBER.converge(module, TEAM_MEMBER.desired(module.params))


def main():
    module = BunnyModule(
        argument_spec=TEAM_MEMBER.argument_spec(password=dict(type="str", no_log=True)),
        result_key=TEAM_MEMBER.result_key,
        rules=TEAM_MEMBER.rules() + (
            ("email", dict(pattern=EMAIL, pattern_hint="an email address")),
            ("first_name", dict(min_length=1)),
            ("last_name", dict(min_length=1)),
            ("roles", dict(min_items=1)),
        ),
        **TEAM_MEMBER.module_kwargs()
    )
    module.refuse(password_problems(module.params["password"]))
    module.run(manage_member)


if __name__ == "__main__":
    main()
