#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: edge_script_secret
short_description: Manage the secrets of a bunny.net Edge Script
version_added: 0.1.0
description:
  - Creates or deletes a secret of an Edge Script, found by its O(name), and sets its value; or
    does the same for a whole set of secrets with O(secrets), deleting the others with O(purge).
  - Secrets are write-only in the API. It lists their names but never their values, so the module
    cannot tell whether a value differs. O(update_secret) says when to send the value.
  - The value never appears in results, diffs, failures or logs, at any verbosity.
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
      - Name of the one secret to manage, 1 to 256 characters, compared exactly.
      - Exactly one of O(name) and O(secrets) is required.
    type: str
  value:
    description:
      - Value of the secret, up to 4096 characters. Required with O(name) and O(state=present).
    type: str
  secrets:
    description:
      - Several secrets at once, matched to the script's secrets by O(secrets[].name). Secrets of
        the script that are not listed stay, unless O(purge=true).
      - The script's secrets are read once for the whole set.
    type: list
    elements: dict
    suboptions:
      name:
        description: Name of the secret, 1 to 256 characters, compared exactly. Each may be listed once.
        type: str
        required: true
      value:
        description:
          - Value of the secret, up to 4096 characters. Required with O(state=present); not used with
            O(state=absent).
        type: str
  purge:
    description:
      - Delete the script's secrets that O(secrets) does not list. Needs O(secrets) and
        O(state=present).
    type: bool
    default: false
  update_secret:
    description:
      - V(on_create) sends the value only when the module creates the secret, so a second run is
        C(ok). A changed value is then not sent; use V(always) to rotate it.
      - V(always) sends the value on every run and reports a change every time, since the API
        cannot say whether the value differed.
    type: str
    choices: [always, on_create]
    default: on_create
  state:
    description:
      - V(present) creates the secret, or every listed secret (and with O(update_secret=always)
        sets their values); V(absent) deletes it, or every listed secret, when the script has it.
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
      - A secret the module would create is predicted with V(null) for its ID and last change, which only the API knows.
  diff_mode:
    support: full
    details:
      - The diff shows the secret's name, ID and last change, never its value.
  idempotent:
    support: partial
    details:
      - With O(update_secret=always) every run sends the value and reports a change.
seealso:
  - module: bunnynet.cloud.edge_script
  - module: bunnynet.cloud.edge_script_variable
"""

EXAMPLES = r"""
- name: Give the router its signing key, once
  bunnynet.cloud.edge_script_secret:
    script_name: router
    name: SIGNING_KEY
    value: "{{ vault_router_signing_key }}"

- name: Rotate the upstream token when asked to (ansible-playbook ... -e rotate_secrets=true)
  bunnynet.cloud.edge_script_secret:
    script_name: router
    name: UPSTREAM_TOKEN
    value: "{{ vault_upstream_token }}"
    update_secret: always
  when: rotate_secrets | default(false) | bool

- name: Give the router exactly these secrets, deleting any other
  bunnynet.cloud.edge_script_secret:
    script_name: router
    secrets:
      - name: SIGNING_KEY
        value: "{{ vault_router_signing_key }}"
      - name: UPSTREAM_TOKEN
        value: "{{ vault_upstream_token }}"
    purge: true

- name: Delete a secret the router no longer reads
  bunnynet.cloud.edge_script_secret:
    script_name: router
    name: LEGACY_TOKEN
    state: absent
"""

RETURN = r"""
secret:
  description:
    - The secret in snake_case as the API lists it after the changes, without its value; the
      prediction in check mode; V(null) when it is absent.
  returned: success, with O(name)
  type: dict
  contains: &secret_fields
    id:
      description: ID of the secret; V(null) for a secret check mode predicts.
      type: int
      sample: 31
    name:
      description: Name of the secret.
      type: str
      sample: SIGNING_KEY
    last_modified:
      description: When the value was last set (UTC); V(null) in check mode for a secret the module would create or set.
      type: str
      sample: "2026-05-04T10:11:12.000000Z"
secrets:
  description:
    - Every secret of the script in snake_case after the changes, without values, in the order the
      API lists them followed by the ones created; the prediction in check mode.
  returned: success, with O(secrets)
  type: list
  elements: dict
  contains: *secret_fields
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.diff import reconcile_keyed
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripts import (
    SCRIPT_REFERENCE_KWARGS,
    SCRIPT_REFERENCE_OPTIONS,
    SCRIPT_REFERENCE_RULES,
    SECRET_KEYS,
    SECRET_NAME_BOUNDS,
    SECRET_PATH,
    SECRETS_PATH,
    VALUE_BOUNDS,
    absent_steps,
    apply_and_exit,
    describe_error,
    item_named,
    read_secrets,
    require_list_for_purge,
    target_script_id,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.validation import each_named_once

SECRET_RULES = (
    ("name", SECRET_NAME_BOUNDS),
    ("value", VALUE_BOUNDS),
    ("secrets", dict(satisfies=(each_named_once("name"), "name each secret once"))),
    ("secrets[].name", SECRET_NAME_BOUNDS),
    ("secrets[].value", VALUE_BOUNDS),
) + SCRIPT_REFERENCE_RULES


def manage_secrets(module):
    params = module.params
    require_list_for_purge(module, "secrets")
    one = params["secrets"] is None
    present = params["state"] == "present"
    wanted = [dict(name=params["name"], value=params["value"])] if one else params["secrets"]
    missing_values = [item["name"] for item in wanted if item["value"] is None]
    if present and missing_values:
        module.fail("value is required with state=present." if one else
                    "secrets[].value is required with state=present; missing for %s." % ", ".join(missing_values))
    script_id = target_script_id(module)
    current = read_secrets(module.client, script_id)
    steps = plan(current, wanted, params) if present else absent_steps(current, wanted)
    apply_and_exit(module, current, steps, lambda action, target, _record: write_secret(module, script_id, action, target))


def plan(current, wanted, params):
    """``(action, target, predicted)`` for every secret: keep, create, set or delete; the secret to write
    (with its ``Secret`` value to create or set) and what the secret becomes.

    The API never shows a value, so an existing secret is set only with update_secret=always.
    """
    pairs, removed = reconcile_keyed(current, [dict(Name=item["name"], Secret=item["value"]) for item in wanted], "Name", purge=params["purge"])
    steps = []
    for present, item in pairs:
        if item is None or (present is not None and params["update_secret"] != "always"):
            steps.append(("keep", present, present))
        elif present is None:
            steps.append(("create", item, {"Id": None, "Name": item["Name"], "LastModified": None}))
        else:
            steps.append(("set", dict(present, Secret=item["Secret"]), dict(present, LastModified=None)))
    return steps + [("delete", secret, None) for secret in removed]


def write_secret(module, script_id, action, target):
    """Sends the write of one step; returns the secret as the API answered (nothing for a delete)."""
    if action == "create":
        return module.write("POST", build_path(SECRETS_PATH, script_id=script_id), target,
                            confirm=lambda: item_named(read_secrets(module.client, script_id), target["Name"]))
    if action == "set":
        # Setting the same value again does no harm, so a lost answer is resent without a read
        # (no read could tell: the API never shows the value).
        return module.write("POST", build_path(SECRET_PATH, script_id=script_id, secret_id=target["Id"]),
                            {"Secret": target["Secret"]}, confirm=None)
    return module.write("DELETE", build_path(SECRET_PATH, script_id=script_id, secret_id=target["Id"]),
                        confirm=lambda: item_named(read_secrets(module.client, script_id), target["Name"]) is None)


def main():
    module = BunnyModule(
        argument_spec=dict(
            SCRIPT_REFERENCE_OPTIONS,
            name=dict(type="str"),
            value=dict(type="str", no_log=True),
            # The names are no secret; each value is hidden by its own no_log.
            secrets=dict(type="list", elements="dict", no_log=False, options=dict(
                name=dict(type="str", required=True),
                value=dict(type="str", no_log=True),
            )),
            purge=dict(type="bool", default=False),
            update_secret=dict(type="str", choices=["always", "on_create"], default="on_create"),
            state=dict(type="str", choices=["present", "absent"], default="present"),
        ),
        result_key="secret",
        rules=SECRET_RULES,
        secret_keys=SECRET_KEYS,
        mutually_exclusive=SCRIPT_REFERENCE_KWARGS["mutually_exclusive"] + [("name", "secrets"), ("value", "secrets")],
        required_one_of=SCRIPT_REFERENCE_KWARGS["required_one_of"] + [("name", "secrets")],
    )
    if module.params["secrets"] is not None:
        module.result_key = "secrets"
    module.run(manage_secrets, describe_error=describe_error)


if __name__ == "__main__":
    main()
