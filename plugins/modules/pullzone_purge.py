#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone_purge
short_description: Purge the cache of a bunny.net pull zone, by cache tag, or a list of URLs
version_added: 0.2.0
description:
  - Purges the whole cache of a pull zone (O(pull_zone_id) alone), what carries a cache tag
    (O(cache_tag)), or each URL of O(urls) with one request per URL.
  - A purge is an action, not a state, so the module reports a change whenever it purges. In
    check mode it sends no purge and returns what it would purge.
  - With O(pull_zone_id) the module reads the zone first, in check mode too, so that a zone that
    does not exist fails before anything is purged; with O(urls) as well, every URL must be on one
    of the zone's hostnames.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  pull_zone_id:
    description:
      - ID of the pull zone whose cache to purge. The zone must exist.
      - Required unless O(urls) are given. With O(urls), the zone whose hostnames the URLs must be on.
    type: int
  cache_tag:
    description:
      - Purge only the files the origin tagged with this cache tag, rather than the whole zone.
      - Needs O(pull_zone_id); excludes O(urls).
    type: str
  urls:
    description:
      - Absolute http or https URLs to purge, each with a request of its own, in the order given.
      - A URL may end in V(*) to purge everything under a path, as bunny.net allows.
    type: list
    elements: str
  exact_path:
    description:
      - For O(urls) ending in V(/), purge only that exact path rather than everything under it.
        bunny.net applies this only to zones that do not ignore query strings.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details: Check mode reads the pull zone, if one is given, and purges nothing.
  diff_mode:
    support: none
    details: A purge has no before and after to show; RV(purged) says what was purged.
  idempotent:
    support: none
    details: Every run purges, and says so.
notes:
  - bunny.net purges asynchronously at the edge; the module returns once the API has accepted each purge.
seealso:
  - module: bunnynet.cloud.pullzone
  - module: bunnynet.cloud.pullzone_edge_rule
"""

EXAMPLES = r"""
- name: Purge the whole cache of a pull zone after a deploy
  bunnynet.cloud.pullzone_purge:
    pull_zone_id: 10

- name: Purge what the origin tagged as product images
  bunnynet.cloud.pullzone_purge:
    pull_zone_id: 10
    cache_tag: product-images

- name: Purge two files of the zone
  bunnynet.cloud.pullzone_purge:
    pull_zone_id: 10
    urls:
      - https://cdn.example.com/css/site.css
      - https://cdn.example.com/js/app.js

- name: Purge everything under a path, on any zone of the account
  bunnynet.cloud.pullzone_purge:
    urls:
      - https://cdn.example.com/images/*
"""

RETURN = r"""
purged:
  description:
    - What was purged (what would be, in check mode). The whole zone when RV(purged.urls) is
      empty and RV(purged.cache_tag) is null.
  returned: success, and on a failure after some URLs were purged
  type: dict
  contains:
    pull_zone_id:
      description: The pull zone, or null for URLs given without O(pull_zone_id).
      type: int
      sample: 10
    cache_tag:
      description: The cache tag purged, or null.
      type: str
      sample: product-images
    urls:
      description: The URLs purged, in the order they were; empty for a zone or cache tag purge.
      type: list
      elements: str
      sample: [https://cdn.example.com/css/site.css]
"""

from urllib.parse import urlsplit

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import canonical, hostname_value
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.purges import url_purges, zone_purge
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE

# The host part of the URL must be there; the API refuses relative URLs.
ABSOLUTE_URL = r"https?://[^\s/?#]+(?:[/?#]\S*)?"


# An action rather than a declaration: a purge has no state to read back, so it checks the URLs
# against the zone and sends one purge per URL (or one for the zone), as the plan apply() carries out.
def purge(module):
    """A purge always changes the cache, in check mode too; purging twice purges the same files, so a
    purge whose answer is lost is sent again, unread."""
    params = module.params
    zone_id, urls = params["pull_zone_id"], params["urls"]
    purged = dict(pull_zone_id=zone_id, cache_tag=params["cache_tag"], urls=list(urls or []))
    plan = Plan(after=purged, changed=True, diff=False)
    if zone_id is not None:
        plan.problems = foreign_urls(PULL_ZONE.read(module.client, zone_id), urls or [])
    if urls:
        plan.writes = url_purges(module, urls, params["exact_path"], purged)
    else:
        plan.add(zone_purge(zone_id, params["cache_tag"]))
    apply(module, plan)


def foreign_urls(zone, urls):
    """The URLs that are not on a hostname of ``zone``, as sentences; purging them would purge another zone's files."""
    hostnames = [canonical(hostname_value(record)) for record in zone.get("Hostnames") or []]
    return [
        "urls[%d] must be on a hostname of pull zone %s (%s), got %r" % (index, zone.get("Id"), ", ".join(hostnames), url)
        for index, url in enumerate(urls) if canonical(urlsplit(url).hostname or "") not in hostnames
    ]


def main():
    module = BunnyModule(
        argument_spec=dict(
            pull_zone_id=dict(type="int"),
            cache_tag=dict(type="str"),
            urls=dict(type="list", elements="str"),
            exact_path=dict(type="bool", default=False),
        ),
        result_key="purged",
        rules=(
            ("pull_zone_id", dict(minimum=1)),
            ("cache_tag", dict(min_length=1)),
            ("urls", dict(min_items=1)),
            ("urls[]", dict(pattern=ABSOLUTE_URL, pattern_hint="an absolute http:// or https:// URL")),
        ),
        required_one_of=[("pull_zone_id", "urls")],
        mutually_exclusive=[("cache_tag", "urls")],
        required_if=[("exact_path", True, ("urls",))],
    )
    zone_id = module.params["pull_zone_id"]
    module.run(purge, describe_error=PULL_ZONE.describe_missing(zone_id) if zone_id is not None else None)


if __name__ == "__main__":
    main()
