#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: videolibrary_referrer
short_description: Manage the allowed and blocked referrers of a bunny.net Stream video library
version_added: 0.1.0
description:
  - Adds and removes entries of the allowed-referrer and blocked-referrer lists of an existing
    Stream video library, which decide which sites may embed its videos.
  - Reads the library once and makes one call per referrer that differs. A run that changes
    nothing, and any run in check mode, only reads.
  - Writes to one library from parallel tasks on the same machine wait for each other; see
    O(lock_timeout).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  video_library_id:
    description:
      - ID of the video library. The library must exist.
    type: int
    required: true
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.referrers
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - The result holds only the referrer lists; the library's API keys are never returned.
  - See the collection's docs/parallel-runs.md for what the lock covers and what it does not.
seealso:
  - module: bunnynet.cloud.pullzone_referrer
"""

EXAMPLES = r"""
- name: Let only the course site embed the lessons
  bunnynet.cloud.videolibrary_referrer:
    video_library_id: 20
    allowed_referrers:
      - courses.example.com
    purge: true

- name: Block a site that republishes the videos
  bunnynet.cloud.videolibrary_referrer:
    video_library_id: 20
    blocked_referrers:
      - copycat.example.net
"""

RETURN = r"""
referrers:
  description: The library's referrer lists after the change (predicted in check mode).
  returned: success
  type: dict
  contains:
    allowed_referrers:
      description: Hostnames allowed to embed the videos; empty when every referrer is allowed.
      type: list
      elements: str
      sample: [courses.example.com]
    blocked_referrers:
      description: Hostnames refused as referrers.
      type: list
      elements: str
      sample: [copycat.example.net]
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    VIDEO_LIBRARY_REFERRERS,
    converge_referrers,
    referrer_options,
    referrer_rules,
)


def main():
    module = BunnyModule(
        argument_spec=referrer_options(VIDEO_LIBRARY_REFERRERS["allowed_referrers"]),
        result_key="referrers",
        rules=referrer_rules(VIDEO_LIBRARY_REFERRERS["allowed_referrers"]),
        required_one_of=[("allowed_referrers", "blocked_referrers")],
    )
    converge_referrers(module, VIDEO_LIBRARY_REFERRERS)


if __name__ == "__main__":
    main()
