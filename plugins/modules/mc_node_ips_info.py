#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_node_ips_info
short_description: The addresses of the Magic Containers nodes, for an origin's firewall
version_added: 0.2.0
description:
  - Returns the IP addresses of the Magic Containers nodes, from which an application's requests
    to its origins and databases come, so that a firewall can let exactly those in.
  - Reads the API's plain list of the addresses, in one request, and returns them sorted (IPv4
    before IPv6) and without repeats, with each as a single-address CIDR block, ready for firewall
    rules.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options: {}
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.info_module
seealso:
  - module: bunnynet.cloud.mc_app
  - module: bunnynet.cloud.mc_log_forwarding
"""

EXAMPLES = r"""
- name: Read the addresses the containers connect from
  bunnynet.cloud.mc_node_ips_info:
  register: nodes

- name: Let them reach the database, and nothing else
  ansible.builtin.debug:
    msg: "allow from {{ nodes.cidrs | join(', ') }} to port 5432"
"""

RETURN = r"""
addresses:
  description: The nodes' IP addresses, sorted, IPv4 before IPv6, each once.
  returned: success
  type: list
  elements: str
  sample: ["198.51.100.10", "198.51.100.11"]
cidrs:
  description: The same addresses as single-address CIDR blocks (C(/32) for IPv4, C(/128) for IPv6).
  returned: success
  type: list
  elements: str
  sample: ["198.51.100.10/32", "198.51.100.11/32"]
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.log_forwarding import read_node_addresses


def read_nodes(module):
    addresses = read_node_addresses(module.client)
    module.exit_info(addresses, cidrs=["%s/%d" % (address, 128 if ":" in address else 32) for address in addresses])


def main():
    module = BunnyModule(argument_spec={}, result_key="addresses")
    module.run(read_nodes)


if __name__ == "__main__":
    main()
