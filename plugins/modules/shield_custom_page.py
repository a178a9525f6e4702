#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_custom_page
short_description: Set or remove the custom block, challenge or rate-limit page of a Shield zone
version_added: 0.2.0
description:
  - Sets the HTML page a visitor sees when the Shield zone blocks a request (O(page=block)),
    challenges it (O(page=challenge)) or rate-limits it (O(page=rate_limit)), or removes it, so
    that the vendor's page is shown again.
  - Reads the zone and its pages first, and writes only when the page differs. The page's HTML is
    compared exactly as written, whitespace included.
  - The vendor's API reference documents the three calls (C(GET), C(PUT) and C(DELETE) of
    C(/shield/shield-zone/{id}/custom-page/{type})) without the body of the C(PUT). The module sends the page's
    HTML itself as the body, as the Terraform provider for bunny.net does, with the page types that
    provider uses.
  - Whether the pages leave out the vendor's branding is the zone's own setting,
    O(bunnynet.cloud.shield_zone#module:whitelabel_response_pages).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  page:
    description: Which page to set or remove.
    type: str
    required: true
    choices: [block, challenge, rate_limit]
  content:
    description:
      - The page's HTML, usually from C(lookup('ansible.builtin.file', 'block.html')) or a template.
      - Required with O(state=present).
    type: str
  state:
    description:
      - V(present) sets the page to O(content); V(absent) removes the zone's page of that type.
    type: str
    choices: [present, absent]
    default: present
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.shield
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
    details:
      - The diff shows the page's HTML before and after.
  idempotent:
    support: full
notes:
  - A zone whose plan has no custom pages answers a read of them with C(feature_not_available_on_plan);
    the module reads that as no page, as the Terraform provider does, and the write that follows
    fails with the API's refusal.
seealso:
  - module: bunnynet.cloud.shield_zone
"""

EXAMPLES = r"""
- name: Show the shop's own page to blocked visitors
  bunnynet.cloud.shield_custom_page:
    shield_zone_id: 4102
    page: block
    content: "{{ lookup('ansible.builtin.template', 'shield/blocked.html.j2') }}"

- name: And to visitors over a rate limit
  bunnynet.cloud.shield_custom_page:
    shield_zone_id: 4102
    page: rate_limit
    content: "{{ lookup('ansible.builtin.file', 'shield/rate-limited.html') }}"

- name: Show the vendor's challenge page
  bunnynet.cloud.shield_custom_page:
    shield_zone_id: 4102
    page: challenge
    state: absent
"""

RETURN = r"""
custom_page:
  description:
    - The page after the run (predicted in check mode); null when the zone has none of that type.
  returned: success
  type: dict
  contains:
    page:
      description: C(block), C(challenge) or C(rate_limit).
      type: str
      sample: block
    content:
      description: The page's HTML.
      type: str
      sample: "<html><body><h1>Access denied</h1></body></html>"
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import converge_items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import ZONE_ARGUMENT
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.custom_pages import CUSTOM_PAGES, read_pages


def manage_page(module):
    params = module.params
    wanted = [CUSTOM_PAGES.wanted(params)]

    def plan(_zone):
        present = read_pages(module.client, params["shield_zone_id"])
        return CUSTOM_PAGES.plan(module, params["shield_zone_id"], present, wanted, params["state"], focus=params["page"])

    converge_items(module, CUSTOM_PAGES, plan)


def main():
    module = BunnyModule(
        argument_spec=dict(
            ZONE_ARGUMENT,
            **CUSTOM_PAGES.suboptions(),
            state=dict(type="str", choices=["present", "absent"], default="present"),
            lock_timeout=dict(LOCK_TIMEOUT_OPTION),
        ),
        result_key="custom_page",
        rules=(("shield_zone_id", dict(minimum=1)), ("content", dict(min_length=1)), ("lock_timeout", dict(minimum=1))),
        required_if=[("state", "present", ("content",))],
    )
    manage_page(module)


if __name__ == "__main__":
    main()
