#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: edge_script_secret
short_description: Manage the secrets of a bunny.net Edge Script
version_added: 0.1.0
description:
  - Creates or deletes a secret of an Edge Script, found by its O(name), and sets its value.
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
      - Name of the secret, 1 to 256 characters, compared exactly.
    type: str
    required: true
  value:
    description:
      - Value of the secret, up to 4096 characters. Required with O(state=present).
    type: str
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
      - V(present) creates the secret (and with O(update_secret=always) sets its value);
        V(absent) deletes it when the script has it.
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
  returned: success
  type: dict
  contains:
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
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripts import (
    SCRIPT_REFERENCE_KWARGS,
    SCRIPT_REFERENCE_OPTIONS,
    SCRIPT_REFERENCE_RULES,
    SECRET_KEYS,
    SECRET_NAME_BOUNDS,
    SECRET_PATH,
    SECRETS_PATH,
    VALUE_BOUNDS,
    describe_error,
    read_secrets,
    secret_named,
    target_script_id,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule, to_snake


def manage_secret(module):
    params = module.params
    name = params["name"]
    script_id = target_script_id(module)
    current = secret_named(read_secrets(module.client, script_id), name)
    if params["state"] == "absent":
        if current is not None and not module.check_mode:
            module.write("DELETE", build_path(SECRET_PATH, script_id=script_id, secret_id=current["Id"]),
                         confirm=lambda: secret_named(read_secrets(module.client, script_id), name) is None)
        module.exit_resource(current is not None, to_snake(current), None)

    after = current
    if current is None:
        after = {"Id": None, "Name": name, "LastModified": None}
        if not module.check_mode:
            after = module.write("POST", build_path(SECRETS_PATH, script_id=script_id), {"Name": name, "Secret": params["value"]},
                                 confirm=lambda: secret_named(read_secrets(module.client, script_id), name))
    elif params["update_secret"] == "always":
        after = dict(current, LastModified=None)
        if not module.check_mode:
            # Setting the same value again does no harm, so a lost answer is resent without a read
            # (no read could tell: the API never shows the value).
            after = module.write("POST", build_path(SECRET_PATH, script_id=script_id, secret_id=current["Id"]),
                                 {"Secret": params["value"]}, confirm=None)
    module.exit_resource(after is not current, to_snake(current), to_snake(after))


def main():
    module = BunnyModule(
        argument_spec=dict(
            SCRIPT_REFERENCE_OPTIONS,
            name=dict(type="str", required=True),
            value=dict(type="str", no_log=True),
            update_secret=dict(type="str", choices=["always", "on_create"], default="on_create"),
            state=dict(type="str", choices=["present", "absent"], default="present"),
        ),
        result_key="secret",
        rules=(("name", SECRET_NAME_BOUNDS), ("value", VALUE_BOUNDS)) + SCRIPT_REFERENCE_RULES,
        secret_keys=SECRET_KEYS,
        required_if=[("state", "present", ["value"])],
        **SCRIPT_REFERENCE_KWARGS
    )
    module.run(manage_secret, describe_error=describe_error)


if __name__ == "__main__":
    main()
