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
  name:
    description:
      - Name of the script, 1 to 100 characters.
      - Without O(id), the script is the one named exactly this (case-sensitive). The module fails
        when several scripts share the name, listing their IDs, and creates the script when none
        has it.
      - With O(id), the script is renamed to this name when it has another.
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
  delete_linked_pull_zones:
    description:
      - With O(state=absent), delete the pull zones linked to the script too.
    type: bool
    default: false
  rotate_deployment_key:
    description:
      - Have the API make a new deployment key for the script, on this run. Deployments with the old
        key are refused at once, so hand the new one to what deploys (a CI secret, a vault file) in the
        same play (see the collection's docs/keys-and-certificates.md).
      - A rotation happens only when asked; every run with V(true) rotates again.
      - The new key is returned under RV(secrets.deployment_key).
    type: bool
    default: false
  return_deployment_key:
    description:
      - Return the script's deployment key under RV(secrets.deployment_key), for what deploys the script.
      - The task's whole result is then hidden from output, as C(no_log) hides it; only what the task
        registers holds the key. RV(edge_script.deployment_key) stays masked.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource
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
  - Deleting a script (O(state=absent)) deletes the pull zones linked to it only with O(delete_linked_pull_zones=true).
  - The script's deployment key is a secret. It is masked in results, diffs and failures, and kept
    out of the output at any verbosity. It is returned under RV(secrets) only when a task rotates it
    or asks for it, and the task's result is then hidden from output.
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

- name: Rotate the router's deployment key when asked to (ansible-playbook ... -e rotate_keys=true)
  bunnynet.cloud.edge_script:
    name: router
    rotate_deployment_key: true
  register: router_key
  when: rotate_keys | default(false) | bool

- name: Delete a script that is no longer used, and the pull zones linked to it
  bunnynet.cloud.edge_script:
    name: old-router
    state: absent
    delete_linked_pull_zones: true
"""

RETURN = r"""
secrets:
  description:
    - The script's C(deployment_key), when O(rotate_deployment_key) or O(return_deployment_key) asks
      for it; the new key after a rotation. V(null) in check mode for a key the API has yet to make.
    - The task's result is hidden from output when it holds it.
  returned: when asked for, or rotated
  type: dict
  sample:
    deployment_key: 9f3b2c1d-7e6a-4b5c-8d9e-0f1a2b3c4d5e
  contains:
    deployment_key:
      description: The key that deploys code to the script.
      type: str
rotated:
  description: The secrets the run rotated (or, in check mode, would rotate); a diff shows them masked on both sides.
  returned: when a secret was rotated
  type: list
  elements: str
  sample: [deployment_key]
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

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import (
    DEPLOYMENT_KEY_OPTIONS,
    EDGE_SCRIPT,
    INTEGRATION_OPTIONS,
    SCRIPT_NAME_BOUNDS,
    describe_error,
    plan_deployment_key,
)


def manage_script(module):
    params = module.params
    problems = []
    code = desired_code(module, problems)
    if params["linked_pull_zone_name"] is not None and not params["create_linked_pull_zone"]:
        problems.append("linked_pull_zone_name names the pull zone create_linked_pull_zone=true creates; set it or leave the name out")
    module.refuse(problems, "%s.", None)
    apply(module, plan_deployment_key(module, EDGE_SCRIPT.plan(module, EDGE_SCRIPT.desired(dict(params, code=code)))))


def desired_code(module, problems):
    """The code the task gives, from code or code_file; a file that cannot be read is added to ``problems``."""
    path = module.params["code_file"]
    if path is None:
        return module.params["code"]
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        problems.append("code_file %s could not be read: %s" % (path, error))
        return None


def main():
    module = BunnyModule(
        argument_spec=EDGE_SCRIPT.argument_spec(
            code_file=dict(type="path"),
            create_linked_pull_zone=dict(type="bool", default=False),
            integration=dict(type="dict", options=INTEGRATION_OPTIONS),
            delete_linked_pull_zones=dict(type="bool", default=False),
            **DEPLOYMENT_KEY_OPTIONS
        ),
        result_key=EDGE_SCRIPT.result_key,
        rules=(("name", SCRIPT_NAME_BOUNDS), ("linked_pull_zone_name", dict(min_length=1))),
        secret_keys=EDGE_SCRIPT.secret_keys,
        mutually_exclusive=[("code", "code_file")],
        **EDGE_SCRIPT.module_kwargs()
    )
    module.run(manage_script, describe_error=describe_error)


if __name__ == "__main__":
    main()
