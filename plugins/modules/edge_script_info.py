#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: edge_script_info
short_description: Read bunny.net Edge Scripts
version_added: 0.1.0
description:
  - Lists the account's Edge Scripts, with the filters of the API's list, or reads one script by
    O(id) or by its exact O(name).
  - Without O(page), every page of the list is read and returned.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  id:
    description:
      - ID of one script to read. The module fails when it does not exist.
      - Mutually exclusive with every filter.
    type: int
  script_type:
    description:
      - Return only scripts of these types.
    type: list
    elements: str
    choices: [dns, cdn, middleware]
  include_linked_pull_zones:
    description:
      - Return each script's linked pull zones. Without it the API lists them as empty.
      - A read by O(id) always returns them.
    type: bool
    default: false
  integration_id:
    description:
      - Return only scripts linked to this integration.
    type: int
  page:
    description:
      - Return only this page of the list, 1 to 2147483647.
      - Left out, every page is read.
    type: int
  per_page:
    description:
      - Scripts per page, 5 to 1000. Left out, 1000, the most the API allows, so that the fewest
        requests read the whole list.
    type: int
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.info
  - bunnynet.cloud.attributes.INFO_MODULE
notes:
  - Each script's deployment key is a secret; it is masked and kept out of the output at any verbosity.
seealso:
  - module: bunnynet.cloud.edge_script
"""

EXAMPLES = r"""
- name: List every script of the account
  bunnynet.cloud.edge_script_info:
  register: all_scripts

- name: Read the middleware scripts with their linked pull zones
  bunnynet.cloud.edge_script_info:
    script_type: [middleware]
    include_linked_pull_zones: true
  register: middleware

- name: Read one script by its name
  bunnynet.cloud.edge_script_info:
    name: router
  register: router

- name: Show its hostname
  ansible.builtin.debug:
    msg: "{{ router.edge_scripts[0].default_hostname }}"
"""

RETURN = r"""
edge_scripts:
  description:
    - The scripts, in snake_case, as the API lists them. Each is shaped as M(bunnynet.cloud.edge_script)
      returns one, without the code.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the script.
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
    last_modified:
      description: When the script last changed (UTC).
      type: str
    current_release_id:
      description: ID of the live release; V(0) before the first release.
      type: int
    edge_script_variables:
      description: Variables, each with C(id), C(name), C(required) and C(default_value).
      type: list
      elements: dict
    linked_pull_zones:
      description: Linked pull zones, each with C(id), C(pull_zone_name) and C(default_hostname); empty unless O(include_linked_pull_zones=true) or O(id).
      type: list
      elements: dict
    integration:
      description: The source code integration; V(null) without one.
      type: dict
    default_hostname:
      description: Hostname the script answers on.
      type: str
    system_hostname:
      description: Hostname the platform gave the script.
      type: str
    deployment_key:
      description: Always masked.
      type: str
      sample: "********"
    deleted:
      description: Whether the script is deleted.
      type: bool
    repository_id:
      description: ID of the linked repository.
      type: int
    integration_id:
      description: ID of the integration.
      type: int
    monthly_cost:
      description: Cost this month.
      type: float
    monthly_request_count:
      description: Requests this month.
      type: int
    monthly_cpu_time:
      description: CPU time this month.
      type: int
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import (
    EDGE_SCRIPT,
    PAGE_BOUNDS,
    PER_PAGE_BOUNDS,
    SCRIPT_NAME_BOUNDS,
    SCRIPT_TYPES,
    describe_error,
)

FILTERS = ("name", "script_type", "search", "integration_id", "page", "per_page")


def read_scripts(module):
    params = module.params
    if params["id"] is not None:
        module.exit_info([EDGE_SCRIPT.project(EDGE_SCRIPT.read(module.client, params["id"]))])
    module.exit_info([EDGE_SCRIPT.project(script) for script in listed_scripts(module)])


def listed_scripts(module):
    """The scripts the filters select, from every page or from the one asked for; a name is matched exactly."""
    params = module.params
    # The names of the list's query parameters come from the vendor reference; the contract leaves them out.
    query = {}
    if params["script_type"]:
        query["type"] = [SCRIPT_TYPES[script_type] for script_type in params["script_type"]]
    if params["search"] is not None or params["name"] is not None:
        query["search"] = params["search"] if params["name"] is None else params["name"]
    if params["include_linked_pull_zones"]:
        query["includeLinkedPullzones"] = "true"
    if params["integration_id"] is not None:
        query["integrationId"] = params["integration_id"]
    per_page = params["per_page"] or PER_PAGE_BOUNDS["maximum"]
    if params["page"] is None:
        scripts = list(module.client.paginate_pages(EDGE_SCRIPT.paths.list, query, per_page=per_page))
    else:
        query.update(page=params["page"], perPage=per_page)
        scripts = (module.client.get(EDGE_SCRIPT.paths.list, query) or {}).get("Items") or []
    if params["name"] is None:
        return scripts
    return [script for script in scripts if EDGE_SCRIPT.key.same(script.get(EDGE_SCRIPT.key.read_as), params["name"])]


def main():
    module = BunnyModule(
        argument_spec=dict(
            id=dict(type="int"),
            name=dict(type="str"),
            script_type=dict(type="list", elements="str", choices=list(SCRIPT_TYPES)),
            search=dict(type="str"),
            include_linked_pull_zones=dict(type="bool", default=False),
            integration_id=dict(type="int"),
            page=dict(type="int"),
            per_page=dict(type="int"),
        ),
        result_key="edge_scripts",
        rules=(("name", SCRIPT_NAME_BOUNDS), ("page", PAGE_BOUNDS), ("per_page", PER_PAGE_BOUNDS)),
        secret_keys=EDGE_SCRIPT.secret_keys,
        mutually_exclusive=[("id", option) for option in FILTERS] + [("name", "search")],
    )
    module.run(read_scripts, describe_error=describe_error)


if __name__ == "__main__":
    main()
