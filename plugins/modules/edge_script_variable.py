#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: edge_script_variable
short_description: Manage the environment variables of a bunny.net Edge Script
version_added: 0.1.0
description:
  - Adds, updates or deletes one variable of an Edge Script, found by O(name), or manages a whole
    set of the script's variables at once with O(variables) and O(purge).
  - Variables are found by name in the script's variables; names are compared exactly.
  - Reads the script first and writes only what differs, one request per variable that changes.
    A run that changes nothing, and any run in check mode, only reads.
  - An update sends both the default value and whether the variable is required, the one that
    does not change as it is, since the API does not document whether a field left out is kept.
  - Variables are not secret; use M(bunnynet.cloud.edge_script_secret) for values that are.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  default_value:
    description:
      - Value the variable has unless a deployment sets another, up to 4096 characters.
      - Left out, an existing variable keeps its value and a new one has none.
    type: str
  required:
    description:
      - Whether the script needs the variable to be set.
      - Left out, an existing variable keeps its setting and a new one is not required.
    type: bool
  variables:
    description:
      - Several variables at once, matched to the script's variables by O(variables[].name).
      - Mutually exclusive with O(name), O(default_value) and O(required).
      - Variables of the script that are not listed stay, unless O(purge=true).
    type: list
    elements: dict
    suboptions:
      name:
        description: Name of the variable, 1 to 256 characters.
        type: str
        required: true
      default_value:
        description: As O(default_value).
        type: str
      required:
        description: As O(required).
        type: bool
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.edge_scripts
  - bunnynet.cloud.edge_scripts.items
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A variable the module would add is predicted with V(null) for its ID, which only the API knows.
  diff_mode:
    support: full
  idempotent:
    support: full
seealso:
  - module: bunnynet.cloud.edge_script
  - module: bunnynet.cloud.edge_script_secret
"""

EXAMPLES = r"""
- name: Point the router at the production API
  bunnynet.cloud.edge_script_variable:
    script_name: router
    name: API_URL
    default_value: https://api.example.com
    required: true

- name: Keep exactly these variables on the router, deleting any other
  bunnynet.cloud.edge_script_variable:
    script_name: router
    variables:
      - name: API_URL
        default_value: https://api.example.com
        required: true
      - name: LOG_LEVEL
        default_value: info
    purge: true

- name: Delete a variable the router no longer reads
  bunnynet.cloud.edge_script_variable:
    script_name: router
    name: LEGACY_MODE
    state: absent
"""

RETURN = r"""
variable:
  description:
    - With O(name), the variable in snake_case as the API holds it after the changes; the
      prediction in check mode; V(null) when it is absent.
  returned: success and O(name) was given
  type: dict
  contains:
    id:
      description: ID of the variable; V(null) for a variable check mode predicts.
      type: int
      sample: 21
    name:
      description: Name of the variable.
      type: str
      sample: API_URL
    required:
      description: Whether the script needs it set.
      type: bool
      sample: true
    default_value:
      description: Default value; V(null) without one.
      type: str
      sample: https://api.example.com
variables:
  description:
    - With O(variables), every variable of the script after the changes, in the API's order,
      each as RV(variable) is returned; the prediction in check mode.
  returned: success and O(variables) was given
  type: list
  elements: dict
  sample: [{id: 21, name: API_URL, required: true, default_value: "https://api.example.com"}]
  contains:
    id:
      description: ID of the variable; V(null) for a variable check mode predicts.
      type: int
    name:
      description: Name of the variable.
      type: str
    required:
      description: Whether the script needs it set.
      type: bool
    default_value:
      description: Default value; V(null) without one.
      type: str
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.script_items import (
    SCRIPT_VARIABLES,
    converge_script_items,
    purge_problems,
    script_items_module,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import VARIABLE_NAME_BOUNDS, describe_error, target_script


def manage_variables(module):
    params = module.params
    module.refuse(purge_problems(module, "variables"), "%s.", None)
    listed = params["variables"]
    if listed is None:
        listed = [{field.option: params[field.option] for field in SCRIPT_VARIABLES.fields}]
    script = target_script(module)
    wanted = [SCRIPT_VARIABLES.wanted(item) for item in listed]
    converge_script_items(module, SCRIPT_VARIABLES, "variables", script["Id"], SCRIPT_VARIABLES.read(module.client, script["Id"], script), wanted)


def main():
    module = script_items_module(SCRIPT_VARIABLES, "variables", SCRIPT_VARIABLES.suboptions(key=False), "default_value", VARIABLE_NAME_BOUNDS)
    module.run(manage_variables, describe_error=describe_error)


if __name__ == "__main__":
    main()
