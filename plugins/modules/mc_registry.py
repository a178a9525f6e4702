#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_registry
short_description: Add, update or delete a Magic Containers container registry
version_added: 0.2.0
description:
  - Manages a container registry of the account, found by O(id) or by its exact O(display_name).
  - Adds the registry when none has the name, updates its name and credentials, and deletes it
    with O(state=absent).
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads.
  - The password is write-only. The API shows a few characters at each end of it, never the
    password, so the module cannot tell whether it differs; O(update_password) says when it is sent.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  display_name:
    description:
      - Name of the registry, 1 to 50 characters.
      - Without O(id), the registry is the one named exactly this. The module adds the registry
        when none has the name, and fails when several have it, listing their IDs.
      - With O(id), the registry is renamed to O(display_name).
    type: str
  type:
    description:
      - The kind of registry, V(docker_hub), V(github) or V(bunny_registry).
      - Sent when the registry is added and with each update. A read of the registry does not
        return it, so it is not compared and a different type of an existing registry is not seen.
    type: str
    choices: [docker_hub, github, bunny_registry]
  user_name:
    description:
      - User the registry is accessed as. Compared with the user name the API holds.
      - Given together with O(password), since the API takes them together.
    type: str
  password:
    description:
      - Password or access token for O(user_name).
      - Sent when the module adds the registry, when O(user_name) changes, and on every run with
        O(update_password=always).
    type: str
  update_password:
    description:
      - V(on_create) sends the password only when the registry is added (or its user name
        changes), so a second run is C(ok). A new password is then not sent; use V(always) to
        rotate it.
      - V(always) sends the password on every run and reports a change every time, since the API
        cannot say whether it differed.
    type: str
    choices: [always, on_create]
    default: on_create
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A registry the module would add is predicted with V(null) for what only the API knows (its
        ID, host, dates and the characters it shows of the password).
  diff_mode:
    support: full
    details:
      - The diff never shows the password.
  idempotent:
    support: partial
    details:
      - With O(update_password=always) every run sends the password and reports a change.
notes:
  - The API reads registry IDs back as numbers but container templates name their registry by the
    ID as a string (C(image_registry_id)); this module takes and returns the number.
  - The API refuses to delete (O(state=absent)) a registry that a container template pulls from;
    the failure names the applications.
  - The API answers a write that it did not carry out (credentials it could not validate, say)
    with a success status and a status word; the module fails with the reason it gives.
seealso:
  - module: bunnynet.cloud.mc_registry_info
  - module: bunnynet.cloud.mc_app
"""

EXAMPLES = r"""
- name: Let Magic Containers pull the team's images from GitHub Packages
  bunnynet.cloud.mc_registry:
    display_name: GitHub Packages
    type: github
    user_name: deploy-bot
    password: "{{ vault_ghcr_token }}"
  register: ghcr

- name: Run an application from it
  bunnynet.cloud.mc_app:
    name: storefront
    container_templates:
      - name: web
        image_registry_id: "{{ ghcr.registry.id | string }}"
        image_namespace: acme
        image_name: storefront
        image_tag: "1.4.0"

- name: Rotate the token, sending it whether or not it changed
  bunnynet.cloud.mc_registry:
    display_name: GitHub Packages
    user_name: deploy-bot
    password: "{{ vault_ghcr_token }}"
    update_password: always

- name: Remove a registry nothing pulls from any more
  bunnynet.cloud.mc_registry:
    display_name: Old Docker Hub
    state: absent
"""

RETURN = r"""
registry:
  description:
    - The registry in snake_case, as read back after the changes; the prediction in check mode.
      V(null) once deleted.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the registry, a number; V(null) for a registry check mode predicts.
      type: int
      sample: 1042
    display_name:
      description: Name of the registry.
      type: str
      sample: GitHub Packages
    host_name:
      description: Host the images are pulled from.
      type: str
      sample: ghcr.io
    user_name:
      description: User the registry is accessed as.
      type: str
      sample: deploy-bot
    first_password_symbols:
      description: The first characters of the stored password, to recognise it by.
      type: str
    last_password_symbols:
      description: The last characters of the stored password, to recognise it by.
      type: str
    created_at:
      description: When the registry was added (UTC, ISO 8601).
      type: str
    last_updated_at:
      description: When the registry was last changed (UTC, ISO 8601).
      type: str
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.registries import REGISTRY, REGISTRY_TYPES, describe_error


def manage_registry(module):
    REGISTRY.converge(module, REGISTRY.desired(module.params))


def main():
    module = BunnyModule(
        argument_spec=REGISTRY.argument_spec(
            type=dict(type="str", choices=list(REGISTRY_TYPES)),
            password=dict(type="str", no_log=True),
            update_password=dict(type="str", choices=["always", "on_create"], default="on_create", no_log=False),
        ),
        result_key=REGISTRY.result_key,
        rules=(("id", dict(minimum=1)), ("display_name", dict(min_length=1, max_length=50)), ("user_name", dict(min_length=1)),
               ("password", dict(min_length=1))),
        required_together=[("user_name", "password")],
        **REGISTRY.module_kwargs()
    )
    module.run(manage_registry, describe_error=describe_error)


if __name__ == "__main__":
    main()
