#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: videolibrary_info
short_description: Read bunny.net Stream video libraries
version_added: 0.2.0
description:
  - Returns one video library by O(id) or by its exact O(name), or every library of the account,
    optionally only those whose name contains O(search).
  - Reading several libraries follows the API's pages to the last one.
  - Each library's token authentication settings are read from the pull zone it delivers through,
    one read per library, so that a library reads as M(bunnynet.cloud.videolibrary) returns it.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  return_api_keys:
    description:
      - Return the libraries' API keys instead of masking them, to hand on to what needs them.
      - They are secrets. With V(true) the task's whole result is hidden from output as O(ignore:no_log)
        hides it (its action plugin marks it so), and is visible only to what the task registers.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.info
  - bunnynet.cloud.attributes.INFO_MODULE
notes:
  - The libraries' API keys are masked unless O(return_api_keys=true).
seealso:
  - module: bunnynet.cloud.videolibrary
"""

EXAMPLES = r"""
- name: Read every video library of the account
  bunnynet.cloud.videolibrary_info:
  register: all_libraries

- name: List their names and pull zones
  ansible.builtin.debug:
    msg: "{{ all_libraries.video_libraries | items2dict(key_name='name', value_name='pull_zone_id') }}"

- name: Read the library named courses
  bunnynet.cloud.videolibrary_info:
    name: courses
  register: courses

- name: Hand the library's upload key and CDN hostname to the site's settings
  bunnynet.cloud.videolibrary_info:
    name: courses
    return_api_keys: true
  register: courses_with_keys
  no_log: true
"""

RETURN = r"""
video_libraries:
  description:
    - The libraries found, in snake_case, as M(bunnynet.cloud.videolibrary) returns one. One item
      for O(id), at most one for O(name).
    - The API keys are masked.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the library.
      type: int
      sample: 4242
    name:
      description: Name of the library.
      type: str
      sample: courses
    pull_zone_id:
      description: ID of the pull zone the library delivers through.
      type: int
      sample: 1234567
    enable_token_authentication:
      description: Whether token authentication is on (read from the pull zone).
      type: bool
      sample: true
    cdn_hostname:
      description: The hostname the library's videos are delivered from (the system hostname of its pull zone).
      type: str
      sample: vz-4242.b-cdn.net
    api_key:
      description: The library's API key, which the Stream API takes; masked unless O(return_api_keys=true).
      type: str
      sample: "********"
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.video_libraries import RETURN_API_KEYS_OPTION, VIDEO_LIBRARY, secret_keys


def main():
    # run_info's module, with the option that returns the keys (run_info takes no options of a module's own).
    selectors = dict(id=dict(type="int"), name=dict(type="str"), search=dict(type="str"))
    module = BunnyModule(argument_spec=dict(selectors, return_api_keys=dict(RETURN_API_KEYS_OPTION)), result_key="video_libraries",
                         rules=(("id", dict(minimum=1)), ("name", dict(min_length=1))), mutually_exclusive=[tuple(selectors)])
    module.secret_keys = frozenset(secret_keys(module.params))
    module.run(lambda module: module.exit_info([VIDEO_LIBRARY.project(record) for record in VIDEO_LIBRARY.select(module)]))


if __name__ == "__main__":
    main()
