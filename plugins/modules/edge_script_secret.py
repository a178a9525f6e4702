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
  value:
    description:
      - Value of the secret, up to 4096 characters. Required with O(name) and O(state=present).
    type: str
  secrets:
    description:
      - Several secrets at once, matched to the script's secrets by O(secrets[].name). Secrets of
        the script that are not listed stay, unless O(purge=true).
      - Mutually exclusive with O(name) and O(value).
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
  update_secret:
    description:
      - V(on_create) sends the value only when the module creates the secret, so a second run is
        C(ok). A changed value is then not sent; use V(always) to rotate it.
      - V(always) sends the value on every run and reports a change every time, since the API
        cannot say whether the value differed.
    type: str
    choices: [always, on_create]
    default: on_create
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.edge_scripts
  - bunnynet.cloud.edge_scripts.items
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

from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.script_items import (
    SCRIPT_SECRETS,
    converge_script_items,
    purge_problems,
    script_items_module,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import SECRET_NAME_BOUNDS, describe_error, target_script_id


def manage_secrets(module):
    params = module.params
    problems = purge_problems(module, "secrets")
    one = params["secrets"] is None
    listed = [dict(name=params["name"], value=params["value"])] if one else params["secrets"]
    missing_values = [item["name"] for item in listed if item["value"] is None]
    if params["state"] == "present" and missing_values:
        problems.append("value is required with state=present" if one else
                        "secrets[].value is required with state=present; missing for %s" % ", ".join(missing_values))
    module.refuse(problems, "%s.", None)
    script_id = target_script_id(module)
    present = SCRIPT_SECRETS.read(module.client, script_id)
    # The API cannot say whether a value differs: an existing secret's value is sent only when always asked to.
    kept = set() if params["update_secret"] == "always" else {secret["Name"] for secret in present}
    wanted = [dict(SCRIPT_SECRETS.wanted(item), Secret=None if item["name"] in kept else item["value"]) for item in listed]
    converge_script_items(module, SCRIPT_SECRETS, "secrets", script_id, present, wanted)


def main():
    module = script_items_module(SCRIPT_SECRETS, "secrets", SCRIPT_SECRETS.suboptions(key=False), "value", SECRET_NAME_BOUNDS,
                                 update_secret=dict(type="str", choices=["always", "on_create"], default="on_create"))
    module.run(manage_secrets, describe_error=describe_error)


if __name__ == "__main__":
    main()
