#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: region_info
short_description: List the regions of bunny.net's CDN, storage, Magic Containers and databases
version_added: 0.3.0
description:
  - Returns the regions each service offers, in one shape - the service, the region's code and
    name, and what the service says of it besides.
  - Each service names its regions by codes of its own (the CDN's C(DE) is a delivery region, a
    storage zone's C(DE) a place its files are kept), so a region option is checked against the
    list of its own service. O(codes) makes that check a task - a code the service does not offer
    fails it, naming the closest codes.
  - M(bunnynet.cloud.storage_zone) checks its regions against the storage list itself, before any write.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  service:
    description:
      - The services whose regions to return. V(cdn) are the regions that deliver pull zones, V(storage)
        those that keep storage zones' files, V(magic_containers) those applications are deployed in,
        and V(database) those that hold a database's primary, its replicas, or its data at rest.
    type: list
    elements: str
    choices: [cdn, storage, magic_containers, database]
    default: [cdn, storage, magic_containers, database]
  codes:
    description:
      - Only the regions with these codes. Each must be a region of every service of O(service); one
        that is not fails the task, naming the service, the closest codes and the service's regions.
    type: list
    elements: str
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
"""

EXAMPLES = r"""
- name: List the regions of pull zones and storage zones
  bunnynet.cloud.region_info:
    service: [cdn, storage]
  register: bunny_regions

- name: Show the regions a storage zone can keep its files in
  ansible.builtin.debug:
    msg: "{{ bunny_regions.codes.storage | join(', ') }}"

- name: Check the site's regions before anything is created
  bunnynet.cloud.region_info:
    service: [storage]
    codes: [DE, NY, SYD]

- name: Find the Magic Containers regions with anycast support
  bunnynet.cloud.region_info:
    service: [magic_containers]
  register: container_regions

- name: Show them
  ansible.builtin.debug:
    msg: "{{ container_regions.regions | selectattr('has_anycast_support') | map(attribute='code') | list }}"
"""

RETURN = r"""
regions:
  description:
    - The regions, service by service in the order of O(service), each service's in the API's order.
    - Besides C(service), C(code) and C(name), each region has what its service's list says of it,
      in snake_case - for the CDN C(region_code), C(continent_code), C(country_code), C(latitude),
      C(longitude), C(price_per_gigabyte) and C(allow_latency_routing); for storage C(url) (the
      storage API's endpoint); for Magic Containers C(group), C(has_anycast_support) and
      C(has_capacity); for databases C(group), C(country), C(latitude), C(longitude) and whether it
      takes a C(primary), a C(replica) or the data at rest (C(storage)).
  returned: success
  type: list
  elements: dict
  contains:
    service:
      description: The service, as O(service) names it.
      type: str
      sample: storage
    code:
      description: The region's code, as the service's region options take it.
      type: str
      sample: DE
    name:
      description: The region's name.
      type: str
      sample: Falkenstein
codes:
  description: The codes of the regions returned, by service, sorted, for checks such as C(region in codes.storage).
  returned: success
  type: dict
  sample:
    storage: [BR, DE, JH, LA, NY, SE, SG, SYD, UK]
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.regions import SERVICES, region_info


def main():
    module = BunnyModule(
        argument_spec=dict(
            service=dict(type="list", elements="str", choices=list(SERVICES), default=list(SERVICES)),
            codes=dict(type="list", elements="str"),
        ),
        result_key="regions",
        rules=(("codes[]", dict(min_length=1)), ("service", dict(min_items=1))),
    )
    module.run(region_info)


if __name__ == "__main__":
    main()
