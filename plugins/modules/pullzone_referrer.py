#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone_referrer
short_description: Manage the allowed and blocked referrers of a bunny.net pull zone
version_added: 0.1.0
description:
  - Adds and removes entries of the allowed-referrer and blocked-referrer lists of an existing
    pull zone. With allowed referrers, the pull zone refuses requests whose C(Referer) header
    names another host; blocked referrers are refused.
  - Reads the pull zone once and makes one call per referrer that differs. A run that changes
    nothing, and any run in check mode, only reads.
  - Writes to one pull zone from parallel tasks on the same machine wait for each other; see
    O(lock_timeout).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  pull_zone_id:
    description:
      - ID of the pull zone. The pull zone must exist.
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
  - See the collection's docs/parallel-runs.md for what the lock covers and what it does not.
seealso:
  - module: bunnynet.cloud.pullzone_hostname
  - module: bunnynet.cloud.videolibrary_referrer
"""

EXAMPLES = r"""
- name: Allow the site and its subdomains to embed the assets
  bunnynet.cloud.pullzone_referrer:
    pull_zone_id: 10
    allowed_referrers:
      - example.com
      - "*.example.com"

- name: Block exactly these hotlinkers, forgetting earlier ones
  bunnynet.cloud.pullzone_referrer:
    pull_zone_id: 10
    blocked_referrers:
      - hotlinker.example.net
    purge: true

- name: Stop allowing an old domain
  bunnynet.cloud.pullzone_referrer:
    pull_zone_id: 10
    allowed_referrers: [old.example.org]
    state: absent
"""

RETURN = r"""
referrers:
  description: The pull zone's referrer lists after the change (predicted in check mode).
  returned: success
  type: dict
  contains:
    allowed_referrers:
      description: Hostnames allowed as referrers; empty when every referrer is allowed.
      type: list
      elements: str
      sample: [example.com, "*.example.com"]
    blocked_referrers:
      description: Hostnames refused as referrers.
      type: list
      elements: str
      sample: [hotlinker.example.net]
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    PULL_ZONE_REFERRERS,
    converge_referrers,
    referrer_options,
    referrer_rules,
)


def main():
    module = BunnyModule(
        argument_spec=referrer_options(PULL_ZONE_REFERRERS["allowed_referrers"]),
        result_key="referrers",
        rules=referrer_rules(PULL_ZONE_REFERRERS["allowed_referrers"]),
        required_one_of=[("allowed_referrers", "blocked_referrers")],
    )
    converge_referrers(module, PULL_ZONE_REFERRERS)


if __name__ == "__main__":
    main()
