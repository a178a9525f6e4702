#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_registry_info
short_description: Read Magic Containers container registries
version_added: 0.1.0
description:
  - Returns one container registry of the account by its ID, or every registry of the account.
  - Reading every registry follows the API's cursor pages to the last one.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  registry_id:
    description:
      - ID of the registry to return.
      - When omitted, every registry of the account is returned.
      - A registry that does not exist is an error, not an empty result.
    type: int
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
"""

EXAMPLES = r"""
- name: List every container registry of the account
  bunnynet.cloud.mc_registry_info:
    api_key: "{{ bunnynet_api_key }}"
  register: all_registries

- name: Read one registry, with the key taken from BUNNYNET_API_KEY
  bunnynet.cloud.mc_registry_info:
    registry_id: 1042
  register: registry

- name: Use its host name in a container template
  ansible.builtin.debug:
    msg: "Images come from {{ registry.registries[0].host_name }}"
"""

RETURN = r"""
registries:
  description:
    - The registries found, in snake_case. One item when O(registry_id) is given.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the registry.
      type: int
      sample: 1042
    display_name:
      description: Name shown in the dashboard.
      type: str
      sample: GitHub Packages
    host_name:
      description: Host name of the registry.
      type: str
      sample: ghcr.io
    user_name:
      description: User the registry is accessed as.
      type: str
      sample: deploy-bot
    namespace_id:
      description: ID of the namespace the registry belongs to.
      type: str
    account_id:
      description: ID of the account that owns the registry.
      type: str
    user_id:
      description: ID of the user that added the registry.
      type: str
    first_password_symbols:
      description: The first characters of the stored password, to recognise it by.
      type: str
    last_password_symbols:
      description: The last characters of the stored password, to recognise it by.
      type: str
    is_public:
      description: Whether the registry is public.
      type: bool
    is_platform_managed:
      description: Whether the platform manages the registry (such as its own public registries) rather than the account.
      type: bool
    created_at:
      description: When the registry was added (UTC, ISO 8601).
      type: str
    last_updated_at:
      description: When the registry was last changed (UTC, ISO 8601).
      type: str
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.registries import REGISTRY, describe_error


def read_registries(module):
    module.exit_info([REGISTRY.project(registry) for registry in REGISTRY.select(module, id_option="registry_id")])


def main():
    module = BunnyModule(
        argument_spec=dict(registry_id=dict(type="int")),
        result_key="registries",
    )
    module.run(read_registries, describe_error=describe_error)


if __name__ == "__main__":
    main()
