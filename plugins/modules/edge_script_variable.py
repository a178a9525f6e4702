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
  script_id:
    description:
      - ID of the script. Exactly one of O(script_id) and O(script_name) is required.
    type: int
  script_name:
    description:
      - Exact name of the script. The module fails when no script or several scripts have it.
    type: str
  name:
    description:
      - Name of the one variable to manage, 1 to 256 characters.
      - Exactly one of O(name) and O(variables) is required.
    type: str
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
  purge:
    description:
      - Delete the script's variables that O(variables) does not list.
      - Needs O(variables) and O(state=present).
    type: bool
    default: false
  state:
    description:
      - V(present) adds or updates the variable (or every listed variable); V(absent) deletes it
        (or every listed variable) when the script has it.
    type: str
    choices: [present, absent]
    default: present
extends_documentation_fragment:
  - bunnynet.cloud.api
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

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.diff import apply_changes, changed_fields, reconcile_keyed
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripts import (
    SCRIPT_REFERENCE_KWARGS,
    SCRIPT_REFERENCE_OPTIONS,
    SCRIPT_REFERENCE_RULES,
    SECRET_KEYS,
    VALUE_BOUNDS,
    VARIABLE_ADD_PATH,
    VARIABLE_NAME_BOUNDS,
    VARIABLE_PATH,
    absent_steps,
    apply_and_exit,
    describe_error,
    item_named,
    read_script,
    require_list_for_purge,
    target_script,
    without_none,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.validation import each_named_once

VARIABLE_RULES = (
    ("name", VARIABLE_NAME_BOUNDS),
    ("default_value", VALUE_BOUNDS),
    ("variables", dict(satisfies=(each_named_once("name"), "name each variable once"))),
    ("variables[].name", VARIABLE_NAME_BOUNDS),
    ("variables[].default_value", VALUE_BOUNDS),
) + SCRIPT_REFERENCE_RULES


def manage_variables(module):
    params = module.params
    require_list_for_purge(module, "variables")
    one = params["variables"] is None
    wanted = [dict(name=params["name"], default_value=params["default_value"], required=params["required"])] if one else params["variables"]
    script = target_script(module)
    current = script.get("EdgeScriptVariables") or []
    steps = plan(current, wanted, params["purge"]) if params["state"] == "present" else absent_steps(current, wanted)
    apply_and_exit(module, current, steps, lambda action, present, record: write_variable(module, script["Id"], action, present, record))


def plan(current, wanted, purge):
    """``(action, present, record)`` for every variable: keep, add, update or delete, with the record it becomes."""
    pairs, removed = reconcile_keyed(current, [wanted_record(item) for item in wanted], "Name", purge=purge)
    steps = []
    for present, item in pairs:
        if item is None:
            steps.append(("keep", present, present))
        elif present is None:
            steps.append(("add", None, {"Id": None, "Name": item["Name"], "Required": bool(item["Required"]), "DefaultValue": item["DefaultValue"]}))
        else:
            changes = changed_fields(present, dict(item, Name=None))
            steps.append(("update" if changes else "keep", present, apply_changes(present, changes)))
    return steps + [("delete", variable, None) for variable in removed]


def wanted_record(item):
    return {"Name": item["name"], "Required": item.get("required"), "DefaultValue": item.get("default_value")}


def write_variable(module, script_id, action, present, record):
    """Sends the write of one step; returns the variable as the API answered (nothing for a delete)."""
    if action == "add":
        return module.write(
            "POST", build_path(VARIABLE_ADD_PATH, script_id=script_id),
            without_none({"Name": record["Name"], "Required": record["Required"], "DefaultValue": record["DefaultValue"]}),
            confirm=lambda: item_named(read_variables(module, script_id), record["Name"]))
    if action == "update":
        # Neither the contract nor the reference says whether a field left out of an update is
        # kept or cleared, so both are sent, the unchanged one as it is.
        body = {"DefaultValue": record["DefaultValue"], "Required": record["Required"]}
        return module.write("POST", build_path(VARIABLE_PATH, script_id=script_id, variable_id=present["Id"]), body,
                            confirm=lambda: variable_holds(module, script_id, record))
    return module.write("DELETE", build_path(VARIABLE_PATH, script_id=script_id, variable_id=present["Id"]),
                        confirm=lambda: variable_gone(module, script_id, present["Id"]))


def read_variables(module, script_id):
    return read_script(module.client, script_id).get("EdgeScriptVariables") or []


def variable_holds(module, script_id, wanted):
    variable = next((item for item in read_variables(module, script_id) if item.get("Id") == wanted["Id"]), None)
    return variable if variable is not None and not changed_fields(variable, wanted) else None


def variable_gone(module, script_id, variable_id):
    return all(item.get("Id") != variable_id for item in read_variables(module, script_id))


def main():
    module = BunnyModule(
        argument_spec=dict(
            SCRIPT_REFERENCE_OPTIONS,
            name=dict(type="str"),
            default_value=dict(type="str"),
            required=dict(type="bool"),
            variables=dict(type="list", elements="dict", options=dict(
                name=dict(type="str", required=True),
                default_value=dict(type="str"),
                required=dict(type="bool"),
            )),
            purge=dict(type="bool", default=False),
            state=dict(type="str", choices=["present", "absent"], default="present"),
        ),
        result_key="variable",
        rules=VARIABLE_RULES,
        secret_keys=SECRET_KEYS,
        mutually_exclusive=SCRIPT_REFERENCE_KWARGS["mutually_exclusive"] + [
            ("name", "variables"), ("default_value", "variables"), ("required", "variables")],
        required_one_of=SCRIPT_REFERENCE_KWARGS["required_one_of"] + [("name", "variables")],
    )
    if module.params["variables"] is not None:
        module.result_key = "variables"
    module.run(manage_variables, describe_error=describe_error)


if __name__ == "__main__":
    main()
