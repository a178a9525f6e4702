#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: edge_script
short_description: Create, rename, deploy code to, or delete a bunny.net Edge Script
version_added: 0.1.0
description:
  - Manages an Edge Script, found by O(id) or by its exact O(name).
  - Creates the script when no script has the name, renames it when O(id) and O(name) are both
    given and the name differs, replaces its code when O(code) or O(code_file) differs from the
    code the API holds, and deletes it with O(state=absent).
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads.
  - Replacing the code does not publish it. Use M(bunnynet.cloud.edge_script_release) to make the
    current code the live release.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  id:
    description:
      - ID of the script. It must exist, unless O(state=absent).
      - With O(name), the script is renamed to O(name).
      - At least one of O(id) and O(name) is required.
    type: int
  name:
    description:
      - Name of the script, 1 to 100 characters.
      - Without O(id), the script is the one named exactly this (case-sensitive). The module fails
        when several scripts share the name, listing their IDs, and creates the script when none
        has it.
    type: str
  script_type:
    description:
      - Kind of script. Required to create one.
      - The API cannot change the type of an existing script, so a different type fails.
    type: str
    choices: [dns, cdn, middleware]
  code:
    description:
      - The script's code, as a string. Compared exactly with the code the API holds.
      - To deploy a file from the controller, pass O(code="{{ lookup('ansible.builtin.file', 'dist/index.js') }}")
        or use O(code_file).
      - Left out, the code is left as it is.
    type: str
  code_file:
    description:
      - Path of a file holding the script's code, read on the host that runs the module (the
        controller, when the play runs with C(connection=local)).
      - Mutually exclusive with O(code).
    type: path
  create_linked_pull_zone:
    description:
      - Have the API create a pull zone linked to the script, in the same request that creates the
        script, so that a script and the zone in front of it come from one task. The result names
        the zone (RV(edge_script.linked_pull_zones)).
      - Only used when the module creates the script. A later run finds the script by its name and
        creates no second zone; the linked pull zones of an existing script are left as they are,
        and a warning says so when it has none.
      - Pull zone names are unique across all of bunny.net, so a name another account holds fails the create.
    type: bool
    default: false
  linked_pull_zone_name:
    description:
      - Name of the pull zone O(create_linked_pull_zone=true) creates; the API chooses one when left out.
      - The zone answers on C(<name>.b-cdn.net); manage its settings with M(bunnynet.cloud.pullzone) by this name.
    type: str
  integration:
    description:
      - The source code integration of the script (a linked repository and how it is built).
      - Only set when the module creates the script; the API offers no way to change it later, so
        a different integration of an existing script fails. Suboptions left out are not compared.
    type: dict
    suboptions:
      integration_id:
        description: ID of the integration.
        type: int
        required: true
      repository_settings:
        description: The linked repository.
        type: dict
        suboptions:
          id:
            description: ID of the repository.
            type: int
          name:
            description: Name of the repository.
            type: str
          private:
            description: Whether the repository is private. Created as V(false) when left out.
            type: bool
          template_url:
            description: URL of the template the repository starts from.
            type: str
      deploy_configuration:
        description: How the code is built and deployed.
        type: dict
        suboptions:
          branch:
            description: Branch deployed.
            type: str
          install_command:
            description: Command that installs dependencies.
            type: str
          build_command:
            description: Command that builds the code.
            type: str
          entry_file:
            description: File the script starts from.
            type: str
          create_workflow:
            description: Whether a deployment workflow is created in the repository. Created as V(false) when left out.
            type: bool
  state:
    description:
      - V(present) creates or updates the script; V(absent) deletes it when it exists.
    type: str
    choices: [present, absent]
    default: present
  delete_linked_pull_zones:
    description:
      - With O(state=absent), delete the pull zones linked to the script too.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A script the module would create is predicted with V(null) for what only the API knows,
        its ID, hostnames, deployment key and last change. With O(create_linked_pull_zone=true) the
        linked pull zone is predicted with its name and hostname when O(linked_pull_zone_name)
        gives them, and the linked pull zones as V(null) when the API is to choose the name.
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - The script's deployment key is a secret. It is masked in results, diffs and failures, and kept
    out of the output at any verbosity.
seealso:
  - module: bunnynet.cloud.edge_script_info
  - module: bunnynet.cloud.edge_script_variable
  - module: bunnynet.cloud.edge_script_secret
  - module: bunnynet.cloud.edge_script_release
"""

EXAMPLES = r"""
- name: Deploy the router's code from the repository, creating the script on the first run
  bunnynet.cloud.edge_script:
    name: router
    script_type: cdn
    code: "{{ lookup('ansible.builtin.file', 'files/router.js') }}"
  register: router

- name: Create a middleware script with its own pull zone
  bunnynet.cloud.edge_script:
    name: auth-gate
    script_type: middleware
    code: |
      export default { async fetch(request) { return fetch(request); } };
    create_linked_pull_zone: true
    linked_pull_zone_name: auth-gate

- name: Show where the router answers
  ansible.builtin.debug:
    msg: "{{ router.edge_script.name }} answers on {{ router.edge_script.default_hostname }}"

- name: Rename script 4711 by its ID
  bunnynet.cloud.edge_script:
    id: 4711
    name: edge-router

- name: Delete a script that is no longer used, and the pull zones linked to it
  bunnynet.cloud.edge_script:
    name: old-router
    state: absent
    delete_linked_pull_zones: true
"""

RETURN = r"""
edge_script:
  description:
    - The script in snake_case, as the API returns it after the changes, with its code; the
      prediction in check mode. V(null) once deleted.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the script; V(null) for a script check mode predicts.
      type: int
      sample: 4711
    name:
      description: Name of the script.
      type: str
      sample: router
    script_type:
      description: V(dns), V(cdn) or V(middleware).
      type: str
      sample: cdn
    code:
      description: The script's code; V(null) when it has none.
      type: str
      sample: "export default {}"
    last_modified:
      description: When the script last changed (UTC).
      type: str
      sample: "2026-05-04T10:11:12.000000Z"
    current_release_id:
      description: ID of the live release; V(0) before the first release.
      type: int
      sample: 0
    edge_script_variables:
      description: The script's variables, each with C(id), C(name), C(required) and C(default_value).
      type: list
      elements: dict
      sample: [{id: 1, name: API_URL, required: true, default_value: "https://api.example.com"}]
    deleted:
      description: Whether the script is deleted.
      type: bool
      sample: false
    linked_pull_zones:
      description: Pull zones linked to the script, each with C(id), C(pull_zone_name) and C(default_hostname).
      type: list
      elements: dict
      sample: [{id: 10, pull_zone_name: router, default_hostname: router.b-cdn.net}]
    integration:
      description: The source code integration, with C(integration_id), C(repository_settings) and C(deploy_configuration); V(null) without one.
      type: dict
    default_hostname:
      description: Hostname the script answers on.
      type: str
      sample: router.b-cdn.net
    system_hostname:
      description: Hostname the platform gave the script.
      type: str
      sample: router-4711.b-cdn.net
    deployment_key:
      description: Always masked.
      type: str
      sample: "********"
    repository_id:
      description: ID of the linked repository.
      type: int
    integration_id:
      description: ID of the integration.
      type: int
    monthly_cost:
      description: Cost this month.
      type: float
      sample: 0
    monthly_request_count:
      description: Requests this month.
      type: int
      sample: 0
    monthly_cpu_time:
      description: CPU time this month.
      type: int
      sample: 0
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.diff import changed_fields
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripts import (
    CODE_PATH,
    SCRIPT_NAME_BOUNDS,
    SCRIPT_PATH,
    SCRIPT_TYPE_NAMES,
    SCRIPT_TYPES,
    SCRIPTS_PATH,
    SECRET_KEYS,
    code_is,
    create_request,
    describe_error,
    find_script,
    integration_record,
    newest_script_named,
    predicted_new_script,
    project_script,
    read_code,
    read_script,
    script_gone,
    script_if_named,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule, to_snake

INTEGRATION_OPTIONS = dict(
    integration_id=dict(type="int", required=True),
    repository_settings=dict(type="dict", options=dict(
        id=dict(type="int"), name=dict(type="str"), private=dict(type="bool"), template_url=dict(type="str"))),
    deploy_configuration=dict(type="dict", options=dict(
        branch=dict(type="str"), install_command=dict(type="str"), build_command=dict(type="str"),
        entry_file=dict(type="str"), create_workflow=dict(type="bool"))),
)


def manage_script(module):
    params = module.params
    code = desired_code(module)
    if params["linked_pull_zone_name"] is not None and not params["create_linked_pull_zone"]:
        module.fail("linked_pull_zone_name names the pull zone create_linked_pull_zone=true creates; set it or leave the name out.")
    current = find_script(module, params["id"], params["name"], missing_ok=params["state"] == "absent")
    if params["state"] == "absent":
        delete_script(module, current)
    elif current is None:
        create_script(module, code)
    else:
        if params["create_linked_pull_zone"] and not current.get("LinkedPullZones"):
            module.ansible.warn("Edge script %s exists without a linked pull zone; create_linked_pull_zone only applies when the "
                                "module creates the script, so none was created. Create the zone with bunnynet.cloud.pullzone "
                                "(origin_type=edge_script) instead." % current["Id"])
        update_script(module, current, code)


def desired_code(module):
    path = module.params["code_file"]
    if path is None:
        return module.params["code"]
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        module.fail("code_file %s could not be read: %s." % (path, error))


def create_script(module, code):
    params = module.params
    if params["script_type"] is None:
        module.fail("No edge script is named %r; give script_type (dns, cdn or middleware) to create it." % params["name"])
    created = predicted_new_script(params)
    if not module.check_mode:
        created = module.write("POST", SCRIPTS_PATH, create_request(params, code),
                               confirm=lambda: newest_script_named(module.client, params["name"]))
    module.exit_resource(True, {}, project_script(created, code, with_code=True))


def update_script(module, current, code):
    params = module.params
    script_id = current["Id"]
    wanted_type = params["script_type"]
    if wanted_type is not None and SCRIPT_TYPES[wanted_type] != current.get("ScriptType"):
        module.fail("Edge script %s is a %s script; the API cannot change the type of a script, so it cannot become %s. "
                    "Delete it and create it again to change its type." % (
                        script_id, SCRIPT_TYPE_NAMES.get(current.get("ScriptType"), current.get("ScriptType")), wanted_type))
    integration_changes = changed_fields(current.get("Integration") or {}, integration_record(params["integration"]) or {})
    if integration_changes:
        module.fail("Edge script %s has another integration than asked for (%s); the API cannot change the "
                    "integration of an existing script." % (
                        script_id, ", ".join("integration.%s differs" % option for option in sorted(to_snake(integration_changes)))))

    current_code = read_code(module.client, script_id)
    rename = params["id"] is not None and params["name"] is not None and params["name"] != current.get("Name")
    replace_code = code is not None and code != current_code
    after = dict(current, Name=params["name"]) if rename else current
    if not module.check_mode:
        if replace_code:
            module.write("POST", build_path(CODE_PATH, script_id=script_id), {"Code": code},
                         confirm=lambda: code_is(module.client, script_id, code))
        if rename:
            after = module.write("POST", build_path(SCRIPT_PATH, script_id=script_id), {"Name": params["name"]},
                                 confirm=lambda: script_if_named(module.client, script_id, params["name"]))
        elif replace_code:
            # Setting the code answers no body, and it changes the script's last change time.
            after = read_script(module.client, script_id)
    module.exit_resource(rename or replace_code, project_script(current, current_code, with_code=True),
                         project_script(after, code if replace_code else current_code, with_code=True))


def delete_script(module, current):
    if current is None:
        module.exit_resource(False, {}, None)
    script_id = current["Id"]
    before = project_script(current, read_code(module.client, script_id), with_code=True)
    if not module.check_mode:
        query = {"deleteLinkedPullZones": "true"} if module.params["delete_linked_pull_zones"] else None
        module.write("DELETE", build_path(SCRIPT_PATH, script_id=script_id), params=query,
                     confirm=lambda: script_gone(module.client, script_id))
    module.exit_resource(True, before, None)


def main():
    module = BunnyModule(
        argument_spec=dict(
            id=dict(type="int"),
            name=dict(type="str"),
            script_type=dict(type="str", choices=list(SCRIPT_TYPES)),
            code=dict(type="str"),
            code_file=dict(type="path"),
            create_linked_pull_zone=dict(type="bool", default=False),
            linked_pull_zone_name=dict(type="str"),
            integration=dict(type="dict", options=INTEGRATION_OPTIONS),
            state=dict(type="str", choices=["present", "absent"], default="present"),
            delete_linked_pull_zones=dict(type="bool", default=False),
        ),
        result_key="edge_script",
        rules=(("name", SCRIPT_NAME_BOUNDS), ("linked_pull_zone_name", dict(min_length=1))),
        secret_keys=SECRET_KEYS,
        required_one_of=[("id", "name")],
        mutually_exclusive=[("code", "code_file")],
    )
    module.run(manage_script, describe_error=describe_error)


if __name__ == "__main__":
    main()
