#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_bot_categorization
short_description: Block, allow or ignore known bots on a Shield zone, by category and one by one
version_added: 0.2.0
description:
  - Shield recognises well-known bots (search engines, AI scrapers and tools, advertising, link
    previews, social networks) and groups them by category. This module sets what the zone does
    with each category it lists (O(categories)) and with single bots (O(bots)).
  - Reads the zone's bot categorisation once and sends one C(PUT) per category or bot whose action
    differs; categories and bots the task does not list are left as they are. The categories and
    bots are the platform's, so none is created or removed.
  - A bot's action C(none) leaves it to its category's action; any other action overrides it.
  - Bot categorisation is part of bot detection, which the Basic plan lacks. On a Basic-plan zone
    the module fails, before any change, saying so.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  categories:
    description:
      - The actions of categories, each found by its name.
    type: list
    elements: dict
    suboptions:
      category:
        description:
          - The category, by the vendor's names in snake_case (C(seo) are search engines, C(preview)
            link previews).
        type: str
        required: true
        choices: [seo, ai_scraper, ai_tool, tool, ads, preview, social]
      action:
        description: What the zone does with the category's bots; C(none) takes no action of its own.
        type: str
        required: true
        choices: [none, block, allow]
  bots:
    description:
      - The actions of single bots, each found by its name (the user agent the zone lists it by,
        compared without regard to case). A name the zone does not list fails the run before any
        change, with the closest names it does list.
    type: list
    elements: dict
    suboptions:
      name:
        description: The bot's name, such as C(GPTBot).
        type: str
        required: true
      action:
        description: What the zone does with the bot; C(none) leaves it to its category.
        type: str
        required: true
        choices: [none, block, allow, ignore]
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
  idempotent:
    support: full
seealso:
  - module: bunnynet.cloud.shield_bot_detection
"""

EXAMPLES = r"""
- name: Keep AI scrapers out, let search engines and link previews in, and allow one AI assistant
  bunnynet.cloud.shield_bot_categorization:
    shield_zone_id: 4102
    categories:
      - {category: ai_scraper, action: block}
      - {category: seo, action: allow}
      - {category: preview, action: allow}
    bots:
      - {name: ChatGPT-User, action: allow}

- name: Read the zone's bots and their actions without changing anything
  bunnynet.cloud.shield_bot_categorization:
    shield_zone_id: 4102
  register: bots
"""

RETURN = r"""
bot_categorization:
  description: The zone's categories and bots after the run (predicted in check mode), in the order the zone lists them.
  returned: success
  type: dict
  contains:
    categories:
      description: Each category the zone lists.
      type: list
      elements: dict
      contains:
        category:
          description: The category's name; a category the module has no name for is the API's number.
          type: str
          sample: ai_scraper
        action:
          description: C(none), C(block) or C(allow).
          type: str
          sample: block
    bots:
      description: Each bot the zone lists.
      type: list
      elements: dict
      contains:
        name:
          description: The user agent the bot is known by.
          type: str
          sample: GPTBot
        bot_id:
          description: The bot's ID.
          type: int
        category:
          description: The bot's category.
          type: str
          sample: ai_scraper
        action:
          description: C(none) (its category decides), C(block), C(allow) or C(ignore).
          type: str
        is_verifiable:
          description: Whether the bot's requests can be verified as coming from it.
          type: bool
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION, apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import each_named_once
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.bot_categorization import categorization_options, categorization_plan
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import ZONE_ARGUMENT, zone_error_describer, zone_lock_path


def main():
    module = BunnyModule(
        argument_spec=dict(ZONE_ARGUMENT, lock_timeout=dict(LOCK_TIMEOUT_OPTION), **categorization_options()),
        result_key="bot_categorization",
        rules=(
            ("shield_zone_id", dict(minimum=1)),
            ("lock_timeout", dict(minimum=1)),
            ("categories", dict(satisfies=(each_named_once("category"), "name each category once"))),
            ("bots", dict(satisfies=(lambda bots: each_named_once("name")([dict(name=bot["name"].lower()) for bot in bots]), "name each bot once"))),
        ),
    )
    zone_id = module.params["shield_zone_id"]
    module.run(lambda module: apply(module, lambda: categorization_plan(module), lock=zone_lock_path(zone_id)),
               describe_error=zone_error_describer(zone_id))


if __name__ == "__main__":
    main()
