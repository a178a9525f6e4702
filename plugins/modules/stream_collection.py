#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: stream_collection
short_description: Create, rename or delete a collection of a bunny.net Stream video library
version_added: 0.3.0
description:
  - Manages a collection of a Stream video library, found by O(guid) or by its exact O(name).
  - Creates the collection when the library has none of that name, renames the one O(guid) names to
    O(name), and deletes it with O(state=absent).
  - Reads first and writes only what differs. A run that changes nothing, and any run in check mode,
    only reads.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  guid:
    description:
      - GUID of the collection. It must exist, unless O(state=absent); with O(name), the collection is
        renamed to O(name).
      - One of O(guid) and O(name) is required.
    type: str
  name:
    description:
      - Name of the collection. Without O(guid), the collection is the one of the library named exactly
        this; the module creates it when there is none, and fails when several have it, listing their
        GUIDs.
    type: str
  state:
    description: V(present) creates or renames the collection; V(absent) deletes it when it exists.
    type: str
    choices: [present, absent]
    default: present
  delete_videos:
    description:
      - Deleting a collection deletes the videos in it. Without V(true), O(state=absent) fails, before
        any write, for a collection that holds videos, naming how many.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.stream
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A collection the module would create is predicted with V(null) for its GUID.
  diff_mode:
    support: full
  idempotent:
    support: full
seealso:
  - module: bunnynet.cloud.stream_video
  - module: bunnynet.cloud.stream_video_info
  - module: bunnynet.cloud.videolibrary
"""

EXAMPLES = r"""
- name: Group the course's first videos
  bunnynet.cloud.stream_collection:
    library: courses
    name: Basics
  register: basics

- name: Rename it
  bunnynet.cloud.stream_collection:
    library: courses
    guid: "{{ basics.collection.guid }}"
    name: Getting started

- name: Delete a collection and the videos in it
  bunnynet.cloud.stream_collection:
    library_id: 4242
    name: Drafts
    state: absent
    delete_videos: true
"""

RETURN = r"""
collection:
  description:
    - The collection as the Stream API reads it, in snake_case; the prediction in check mode;
      V(null) once deleted.
  returned: success
  type: dict
  contains:
    guid:
      description: GUID of the collection; V(null) for one check mode predicts.
      type: str
      sample: 6b5b3c9e-2a48-4ad6-9f7d-1c0f4b9d2e11
    name:
      description: Name of the collection.
      type: str
      sample: Basics
    video_library_id:
      description: ID of the library.
      type: int
      sample: 4242
    video_count:
      description: How many videos the collection holds.
      type: int
      sample: 12
    total_size:
      description: Bytes the collection's videos take.
      type: int
      sample: 104857600
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.collections import (
    LIBRARY_KWARGS,
    LIBRARY_OPTIONS,
    LIBRARY_RULES,
    collection_resource,
    open_library,
    run_stream,
)


def manage_collection(module):
    collections = collection_resource(open_library(module))
    # The engine names the ID option ``id``; a collection's ID is its GUID.
    module.params["id"] = module.params["guid"]
    plan = collections.plan(module, {})
    videos = (plan.before or {}).get("video_count") or 0
    if module.params["state"] == "absent" and videos and not module.params["delete_videos"]:
        module.fail("Collection %r holds %d videos, which deleting it deletes too; set delete_videos: true to delete them." % (
            plan.before["name"], videos), video_count=videos)
    apply(module, plan)


def main():
    module = BunnyModule(
        argument_spec=dict(LIBRARY_OPTIONS, guid=dict(type="str"), name=dict(type="str"), delete_videos=dict(type="bool", default=False),
                           state=dict(type="str", choices=["present", "absent"], default="present")),
        result_key="collection",
        rules=LIBRARY_RULES + (("guid", dict(min_length=1)), ("name", dict(min_length=1))),
        required_one_of=LIBRARY_KWARGS["required_one_of"] + [("guid", "name")],
        mutually_exclusive=LIBRARY_KWARGS["mutually_exclusive"],
    )
    run_stream(module, manage_collection)


if __name__ == "__main__":
    main()
