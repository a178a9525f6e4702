#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: stream_video_info
short_description: Read the videos and collections of a bunny.net Stream video library
version_added: 0.3.0
description:
  - Returns the videos of a Stream video library, every page of them, narrowed by the API's search,
    a collection and an order; or one video by O(guid) or by its exact O(title).
  - Returns the library's collections too (every page), and where the library delivers from (its
    CDN hostname), so that one task gives what a page needs to embed the videos.
  - Each video comes with the URLs a page embeds, as M(bunnynet.cloud.stream_video) returns them.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  guid:
    description:
      - GUID of the one video to return. A video that does not exist is an error.
      - Mutually exclusive with O(title) and O(search).
    type: str
  title:
    description:
      - Exact title of the videos to return; an empty list when none has it.
      - Mutually exclusive with O(guid) and O(search).
    type: str
  search:
    description: Return the videos whose title contains this text, as the API's search matches it.
    type: str
  collection:
    description: Return only the videos of the collection of this exact name. A name no collection has is an error.
    type: str
  order_by:
    description: The order of the list, as the API sorts it; V(date) is the newest first.
    type: str
    choices: [date, title]
    default: date
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.stream
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.stream_video
  - module: bunnynet.cloud.stream_collection
"""

EXAMPLES = r"""
- name: Every video of the library, by title
  bunnynet.cloud.stream_video_info:
    library: courses
    order_by: title
  register: catalogue

- name: The player URL of each video of the collection Basics
  bunnynet.cloud.stream_video_info:
    library: courses
    collection: Basics
  register: basics

- name: List them
  ansible.builtin.debug:
    msg: "{{ basics.videos | items2dict(key_name='title', value_name='urls') }}"
"""

RETURN = r"""
videos:
  description: The videos, in snake_case as M(bunnynet.cloud.stream_video) returns one, with their C(urls).
  returned: success
  type: list
  elements: dict
  sample: [{guid: 1f3b7c2a-9d1e-4b8a-8f5e-6a7c9d0e1f2a, title: "Lesson 1", status: finished}]
collections:
  description: The library's collections, in snake_case, as M(bunnynet.cloud.stream_collection) returns one.
  returned: success
  type: list
  elements: dict
  sample: [{guid: 6b5b3c9e-2a48-4ad6-9f7d-1c0f4b9d2e11, name: Basics, video_count: 12}]
library:
  description: The library the videos are in, and where it delivers from.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the library.
      type: int
      sample: 4242
    name:
      description: Name of the library.
      type: str
      sample: courses
    cdn_hostname:
      description: The hostname its videos are delivered from.
      type: str
      sample: vz-4242.b-cdn.net
    pull_zone_id:
      description: ID of the pull zone it delivers through.
      type: int
      sample: 1234567
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule, to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.collections import LIBRARY_KWARGS, LIBRARY_OPTIONS, LIBRARY_RULES, open_library, run_stream
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.videos import find_collection_id, find_video, project_video, titled


def read_videos(module):
    params = module.params
    library = open_library(module)
    collections = list(module.client.paginate_stream(library.path("/collections")))
    collection_id = find_collection_id(module, library, params["collection"]) if params["collection"] else None
    if params["collection"] and collection_id is None:
        module.fail("Collection %r does not exist in library %s." % (params["collection"], library.id))
    if params["guid"]:
        found = [find_video(module, library, guid=params["guid"])]
    elif params["title"]:
        found = titled(module, library, params["title"], collection_id)
    else:
        query = {name: value for name, value in (("search", params["search"]), ("collection", collection_id), ("orderBy", params["order_by"])) if value}
        found = list(module.client.paginate_stream(library.path("/videos"), query))
    module.exit_info([project_video(video, library) for video in found], collections=to_snake(collections),
                     library=dict(id=library.id, name=library.name, cdn_hostname=library.cdn_hostname, pull_zone_id=library.pull_zone_id))


def main():
    module = BunnyModule(
        argument_spec=dict(LIBRARY_OPTIONS, guid=dict(type="str"), title=dict(type="str"), search=dict(type="str"), collection=dict(type="str"),
                           order_by=dict(type="str", choices=["date", "title"], default="date")),
        result_key="videos",
        rules=LIBRARY_RULES + (("guid", dict(min_length=1)), ("title", dict(min_length=1))),
        required_one_of=LIBRARY_KWARGS["required_one_of"],
        mutually_exclusive=LIBRARY_KWARGS["mutually_exclusive"] + [("guid", "title", "search")],
    )
    run_stream(module, read_videos)


if __name__ == "__main__":
    main()
