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
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.info
  - bunnynet.cloud.attributes.INFO_MODULE
notes:
  - The libraries' API keys are always masked, as every info module of the collection masks the
    secrets it reads. M(bunnynet.cloud.videolibrary) returns a library's keys under its C(secrets)
    with O(bunnynet.cloud.videolibrary#module:return_api_keys=true).
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

- name: Get the library's keys, which this module masks, from the module that manages it
  bunnynet.cloud.videolibrary:
    name: courses
    return_api_keys: true
  register: courses_with_keys
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
      description: The library's API key, which the Stream API takes; masked.
      type: str
      sample: "********"
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import VIDEO_LIBRARY


def main():
    VIDEO_LIBRARY.run_info("video_libraries")


if __name__ == "__main__":
    main()
