#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_app_info
short_description: Read Magic Containers applications
version_added: 0.1.0
description:
  - Returns one Magic Containers application of the account by its ID or its exact name, or every application.
  - Reading every application follows the API's cursor pages to the last one. The list gives a
    summary of each application (ID, name, description, status, display endpoint); read one by
    O(app_id) for its templates, volumes, autoscaling and region settings.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  app_id:
    description:
      - ID of the application to return, in full.
      - When omitted, a summary of every application of the account is returned.
      - An application that does not exist is an error, not an empty result.
      - Mutually exclusive with O(name).
    type: str
  name:
    description:
      - Exact name of the applications to return, in full; an empty list when none has it.
      - Names are compared exactly; several applications may share one, and all of them are returned.
      - Mutually exclusive with O(app_id).
    type: str
    version_added: 0.2.0
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.mc_app
  - module: bunnynet.cloud.mc_container_template
"""

EXAMPLES = r"""
- name: List every application of the account
  bunnynet.cloud.mc_app_info:
  register: all_apps

- name: Show the applications that are not active
  ansible.builtin.debug:
    msg: "{{ all_apps.apps | rejectattr('status', 'equalto', 'active') | map(attribute='name') | list }}"

- name: Read one application in full
  bunnynet.cloud.mc_app_info:
    app_id: "{{ app_id }}"
  register: app

- name: Read the application named storefront, if there is one
  bunnynet.cloud.mc_app_info:
    name: storefront
  register: storefront

- name: Use the ID of its web container
  ansible.builtin.debug:
    msg: "{{ app.apps[0].container_templates | selectattr('name', 'equalto', 'web') | map(attribute='id') | first }}"
"""

RETURN = r"""
apps:
  description:
    - The applications found, in snake_case.
    - One application, in full, when O(app_id) is given, and those of the name, in full, with
      O(name) (the keys that M(bunnynet.cloud.mc_app) returns); otherwise a summary of each.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the application.
      type: str
      sample: 8a1f0c2e
    name:
      description: Name of the application.
      type: str
      sample: storefront
    status:
      description: Status, one of C(unknown), C(active), C(progressing), C(inactive), C(failing), C(suspended).
      type: str
      sample: active
    description:
      description: Description of the application. In the summaries only.
      type: str
    display_endpoint:
      description: The endpoint shown for the application, with C(id), C(address) and C(type).
      type: dict
    runtime_type:
      description: C(shared) or C(reserved). With O(app_id) only.
      type: str
    auto_scaling:
      description: Fewest (C(min)) and most (C(max)) instances. With O(app_id) only.
      type: dict
    region_settings:
      description:
        - Allowed and required region IDs and the most regions at once. With O(app_id) only.
        - Node selectors are not among them; the API does not return them.
      type: dict
    volumes:
      description: Volumes, each with C(name) and C(size) in GB. With O(app_id) only.
      type: list
      elements: dict
    container_templates:
      description: Container templates, as M(bunnynet.cloud.mc_container_template) returns them. With O(app_id) only.
      type: list
      elements: dict
    container_instances:
      description: Running container instances. With O(app_id) only.
      type: list
      elements: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.mc_apps import APP, error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule


def read_apps(module):
    apps = APP.select(module, id_option="app_id")
    if module.params["name"] is not None:
        # A list item is a summary: each application of the name is read in full.
        apps = [APP.read(module.client, app["id"]) for app in apps]
    module.exit_info([APP.project(app) for app in apps])


def main():
    module = BunnyModule(argument_spec=dict(app_id=dict(type="str"), name=dict(type="str")), result_key="apps",
                         rules=(("app_id", dict(min_length=1)), ("name", dict(min_length=1))),
                         mutually_exclusive=[("app_id", "name")])
    module.run(read_apps, describe_error=error_describer(module.params["app_id"]))


if __name__ == "__main__":
    main()
