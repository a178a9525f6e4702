# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

from ansible.errors import AnsibleFilterError
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

DOCUMENTATION = r"""
name: role_argument_problems
short_description: What is wrong with the values of a role's variables, by its argument spec, one sentence each
version_added: 0.2.0
description:
  - Takes the role's variables that are set (a mapping of name to value) and checks them against the
    role's argument spec as Ansible's own check does (types, choices, required variables, the
    elements of a list), returning one sentence for each problem, naming the variable and the rule.
  - Ansible's own check of a role's arguments fails with the whole argument spec in its result,
    several kilobytes for a role of this collection. Each role of the collection runs this filter
    first, through its dependency C(bunnynet.cloud.role_arguments), so that a wrong value fails in one line.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  _input:
    description: The role's variables that are set, as a mapping of name to value.
    type: dict
    required: true
  argument_specs:
    description:
      - The role's C(meta/argument_specs.yml) as data, read with the P(ansible.builtin.file#lookup)
        lookup and parsed with P(ansible.builtin.from_yaml#filter).
    type: dict
    required: true
  role:
    description: The role's name, for the sentences.
    type: str
    default: the role
  entry_point:
    description: The entry point of O(argument_specs) whose options are checked.
    type: str
    default: main
"""

EXAMPLES = r"""
- name: Fail in one line on a variable whose value the role's argument spec refuses
  ansible.builtin.assert:
    that: __problems | length == 0
    fail_msg: "{{ __problems | join(' ') }}"
    quiet: true
  vars:
    __names: "{{ query('ansible.builtin.varnames', '^dns_zone_') }}"
    __problems: >-
      {{ dict(__names | zip(query('ansible.builtin.vars', *__names)))
         | bunnynet.cloud.role_argument_problems(lookup('ansible.builtin.file', 'roles/dns_zone/meta/argument_specs.yml') | from_yaml,
                                                 role='bunnynet.cloud.dns_zone') }}
# With dns_zone_purge: maybe:
# "bunnynet.cloud.dns_zone: argument 'dns_zone_purge' is of type str and we were unable to convert to bool: The value 'maybe' is
# not a valid boolean. Valid booleans include: ..."
"""

RETURN = r"""
_value:
  description: One sentence per problem, each on one line; empty when every value is one the spec takes.
  type: list
  elements: str
"""


def role_argument_problems(values, argument_specs, role="the role", entry_point="main"):
    if not isinstance(values, dict):
        raise AnsibleFilterError("role_argument_problems takes the role's variables as a dict, got %s." % type(values).__name__)
    entry_points = (argument_specs or {}).get("argument_specs") if isinstance(argument_specs, dict) else None
    if not isinstance(entry_points, dict) or entry_point not in entry_points:
        raise AnsibleFilterError("role_argument_problems takes the role's argument specs with the entry point %r." % entry_point)
    options = (entry_points[entry_point] or {}).get("options") or {}
    # Only the variables the spec names: the role's first task names any other one, with "did you mean".
    known = {name: value for name, value in values.items() if name in options}
    messages = ArgumentSpecValidator(options).validate(known, validate_role_argument_spec=True).error_messages
    # Ansible's sentences name the variable and the rule; each is kept on one line.
    return ["%s: %s" % (role, " ".join(message.split())) for message in messages]


class FilterModule(object):
    def filters(self):
        return {"role_argument_problems": role_argument_problems}
