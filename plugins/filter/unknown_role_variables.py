# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

import difflib
import os

from ansible.errors import AnsibleFilterError

DOCUMENTATION = r"""
name: unknown_role_variables
short_description: The variables of a role's prefix that its argument spec does not know, with the closest known ones
version_added: 0.2.0
description:
  - Takes the names of the variables a role sees that begin with its prefix, as the
    P(ansible.builtin.varnames#lookup) lookup gives them, and returns one sentence for
    each name that is neither an option of the role's argument spec nor one of the facts the role
    sets for later tasks (O(results)), naming the closest known variables.
  - Ansible checks a role's variables against its argument spec, but only those the spec names; a
    misspelt variable (C(static_site_hostname) for C(static_site_hostnames)) is ignored, and the
    role runs with the default. Each role of the collection fails on what this filter returns,
    before it sends any request.
  - Names that begin with an underscore are the role's own (C(__static_site_...)) and never match a
    prefix query.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  _input:
    description: The names of the variables that begin with the role's prefix.
    type: list
    elements: str
    required: true
  argument_specs:
    description:
      - The role's C(meta/argument_specs.yml) as data, read with the P(ansible.builtin.file#lookup)
        lookup from the role's C(role_path) and parsed with P(ansible.builtin.from_yaml#filter), the
        options of one entry point, or a list of the known names.
    type: raw
    required: true
  results:
    description: The facts the role sets for later tasks, such as C(static_site_changes), which are known too.
    type: list
    elements: str
    default: []
  role:
    description: The role's name, for the sentences.
    type: str
    default: the role
  entry_point:
    description: The entry point of O(argument_specs) whose options are known.
    type: str
    default: main
  noun:
    description:
      - What each name is meant to be, for the sentences; V(an option) for the keys of a dict variable
        checked against the options it takes (O(argument_specs) then being those options, O(role)
        the variable).
    type: str
    default: a variable
"""

EXAMPLES = r"""
- name: Fail on a variable of the role's prefix that the role does not know
  ansible.builtin.assert:
    that: __static_site_unknown | length == 0
    fail_msg: "{{ __static_site_unknown | join(' ') }}"
    quiet: true
  vars:
    __static_site_unknown: >-
      {{ query('ansible.builtin.varnames', '^static_site_')
         | bunnynet.cloud.unknown_role_variables(lookup('ansible.builtin.file', role_path ~ '/meta/argument_specs.yml') | from_yaml,
                                                 results=['static_site_changes'], role='bunnynet.cloud.static_site') }}
# With static_site_hostname set:
# "static_site_hostname is not a variable of bunnynet.cloud.static_site; did you mean static_site_hostnames?"

- name: Fail on a key of a settings dict that the module behind it does not take
  ansible.builtin.assert:
    that: __shield_unknown_settings | length == 0
    fail_msg: "{{ __shield_unknown_settings | join(' ') }}"
  vars:
    __shield_unknown_settings: >-
      {{ shield_zone_settings.keys() | bunnynet.cloud.unknown_role_variables(['plan', 'waf_enabled', 'waf_execution_mode'],
                                                                             role='shield_zone_settings', noun='an option') }}
# With shield_zone_settings: {waf_enable: true}:
# "waf_enable is not an option of shield_zone_settings; did you mean waf_enabled?"
"""

RETURN = r"""
_value:
  description:
    - One sentence per unknown variable, in the order of the names; empty when every name is known.
  type: list
  elements: str
"""

# How alike the rest of a known name (after the prefix all known names share) must be to be
# offered, by difflib's ratio; names within SPREAD of the closest one are offered with it.
CLOSENESS = 0.6
SPREAD = 0.1


def known_options(argument_specs, entry_point="main"):
    """The option names of an argument spec document, of the options mapping itself, or a list of names."""
    if isinstance(argument_specs, (list, tuple)):
        return [str(name) for name in argument_specs]
    if not isinstance(argument_specs, dict):
        raise AnsibleFilterError("unknown_role_variables takes the role's argument specs as a dict, got %s." % type(argument_specs).__name__)
    if "argument_specs" in argument_specs:
        entry_points = argument_specs["argument_specs"] or {}
        if entry_point not in entry_points:
            raise AnsibleFilterError("The argument specs have no entry point %r; they have %s." % (entry_point, ", ".join(sorted(entry_points)) or "none"))
        return list((entry_points[entry_point] or {}).get("options") or {})
    return list(argument_specs)


def closest_names(name, known):
    """The known names most like name, compared on what follows the prefix they share (which says nothing)."""
    prefix = os.path.commonprefix(known + [name]) if known else ""
    ratios = [(difflib.SequenceMatcher(None, name[len(prefix):], other[len(prefix):]).ratio(), other) for other in known]
    best = max((ratio for ratio, _other in ratios), default=0)
    if best < CLOSENESS:
        return []
    return [other for ratio, other in sorted(ratios, key=lambda pair: -pair[0]) if ratio >= best - SPREAD]


def unknown_role_variables(names, argument_specs, results=(), role="the role", entry_point="main", noun="a variable"):
    known = sorted(set(known_options(argument_specs, entry_point)) | set(results or ()))
    problems = []
    for name in names:
        name = str(name)
        if name in known:
            continue
        closest = closest_names(name, known)
        if closest:
            problems.append("%s is not %s of %s; did you mean %s?" % (name, noun, role, " or ".join(closest)))
        else:
            problems.append("%s is not %s of %s, which takes %s." % (name, noun, role, ", ".join(known)))
    return problems


class FilterModule(object):
    def filters(self):
        return {"unknown_role_variables": unknown_role_variables}
