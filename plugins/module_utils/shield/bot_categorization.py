# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Bot categorisation of a Shield zone: what it does with each category of known bots, and with each bot.

The zone lists the bots Shield recognises, grouped by category (search engines, AI scrapers, ...),
with an action per category and an override per bot (``GET .../bot-categorization``); one ``PUT``
sets a category's action, one a bot's. The categories and the bots are the platform's: none is
added or removed, only their actions change. Both are items of the zone, declared on items.py,
keyed by the category's name and by the bot's user agent (without regard to case).

Bot categorisation is part of bot detection, which the Basic plan lacks: the API refuses it there
with ``invalid_plan_type.bot_categorization``.
"""

import difflib

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import name_of
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import SHIELD_ZONE

CATEGORIZATION_PATH = "/shield/shield-zone/{zone_id}/bot-categorization"
CATEGORY_PATH = CATEGORIZATION_PATH + "/categories/{category}"
BOT_PATH = CATEGORIZATION_PATH + "/bots/{bot_id}"
NOT_IN_PLAN = "invalid_plan_type.bot_categorization"

# The vendor's BotCategory (None and System are no category a zone sets), BotCategoryAction and
# BotCategorizationAction, by name. A bot's "none" leaves it to its category's action.
CATEGORIES = {"seo": 1, "ai_scraper": 2, "ai_tool": 3, "tool": 4, "ads": 5, "preview": 6, "social": 7}
CATEGORY_ACTIONS = {"none": 0, "block": 1, "allow": 2}
BOT_ACTIONS = {"none": 0, "block": 1, "allow": 2, "ignore": 3}


def categorization_options():
    return dict(
        categories=dict(type="list", elements="dict", options=dict(
            category=dict(type="str", required=True, choices=list(CATEGORIES)),
            action=dict(type="str", required=True, choices=list(CATEGORY_ACTIONS)),
        )),
        bots=dict(type="list", elements="dict", options=dict(
            name=dict(type="str", required=True),
            action=dict(type="str", required=True, choices=list(BOT_ACTIONS)),
        )),
    )


def read_categorization(client, zone_id):
    """The zone's groups as the API reads them: ``[{category, categoryAction, bots}]``."""
    return (client.get(build_path(CATEGORIZATION_PATH, zone_id=zone_id)) or {}).get("categories") or []


def categories_of(groups):
    return [{"category": group.get("category"), "action": group.get("categoryAction")} for group in groups]


def bots_of(groups):
    return [dict(bot) for group in groups for bot in group.get("bots") or []]


def read_categories(client, zone_id, _zone=None):
    return categories_of(read_categorization(client, zone_id))


def read_bots(client, zone_id, _zone=None):
    return bots_of(read_categorization(client, zone_id))


def bot_key(bot):
    return str(bot.get("userAgentMatch") or "").lower()


def only_action(present, wanted):
    """What a wanted item sets: its action (a bot's name only finds it)."""
    return {"action": wanted["action"]} if wanted.get("action") is not None and present.get("action") != wanted["action"] else {}


def project_category(category):
    return {"category": name_of(CATEGORIES, category.get("category")), "action": name_of(CATEGORY_ACTIONS, category.get("action"))}


def project_bot(bot):
    return {
        "name": bot.get("userAgentMatch"), "bot_id": bot.get("botId"), "category": name_of(CATEGORIES, bot.get("category")),
        "action": name_of(BOT_ACTIONS, bot.get("action")), "is_verifiable": bot.get("isVerifiable"),
    }


def unlisted_category(change):
    change.refuse("Shield zone %s lists no bots of the category %s, so it has no action to set for it" % (
        change.parent_id, name_of(CATEGORIES, change.key)))


def unknown_bot(change):
    known = {str(bot.get("userAgentMatch")).lower(): bot.get("userAgentMatch") for bot in change.context.present}
    close = [known[name] for name in difflib.get_close_matches(change.key, list(known), n=3, cutoff=0.6)]
    change.refuse("Shield zone %s has no categorised bot named %s%s" % (
        change.parent_id, change.wanted["userAgentMatch"], " (did you mean %s?)" % " or ".join(close) if close else ""))


def set_category_action(change):
    path = build_path(CATEGORY_PATH, zone_id=change.parent_id, category=change.key)
    return Write("PUT", path, {"action": change.after["action"]}, confirm=change.holding)


def set_bot_action(change):
    path = build_path(BOT_PATH, zone_id=change.parent_id, bot_id=change.present["botId"])
    return Write("PUT", path, {"action": change.after["action"]}, confirm=change.holding)


def never_purged(_item):
    return True


BOT_CATEGORIES = Items(
    noun="bot category", parent=SHIELD_ZONE, parent_option="shield_zone_id", key=lambda category: category.get("category"),
    read=read_categories, differences=only_action, platform=never_purged, project=project_category,
    add=unlisted_category, change=set_category_action,
)
CATEGORISED_BOTS = Items(
    noun="categorised bot", parent=SHIELD_ZONE, parent_option="shield_zone_id", key=bot_key,
    read=read_bots, differences=only_action, platform=never_purged, project=project_bot,
    add=unknown_bot, change=set_bot_action,
)


def categorization_plan(module):
    """The plan of shield_bot_categorization: the categories' actions, then the bots', from one read."""
    params = module.params
    zone_id = params["shield_zone_id"]
    groups = read_categorization(module.client, zone_id)
    return Plan.joined({
        "categories": BOT_CATEGORIES.plan(module, zone_id, categories_of(groups), wanted_categories(params)),
        "bots": CATEGORISED_BOTS.plan(module, zone_id, bots_of(groups), wanted_bots(params)),
    })


def wanted_categories(params):
    return [{"category": CATEGORIES[item["category"]], "action": CATEGORY_ACTIONS[item["action"]]} for item in params["categories"] or []]


def wanted_bots(params):
    return [{"userAgentMatch": item["name"], "action": BOT_ACTIONS[item["action"]]} for item in params["bots"] or []]
