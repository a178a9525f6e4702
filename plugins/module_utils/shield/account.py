# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Shield zone as the account sees it: the shield role's host, its variables and what the audit compares."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    ItemList,
    Part,
    Settings,
    Shape,
    drift,
    settable,
    settled,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import changed_fields
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import name_of
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.account import pull_zone_names
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.access_lists import (
    CUSTOM_ACCESS_LISTS,
    MANAGED_ACCESS_LISTS,
    project_custom,
    project_managed,
    read_content,
    read_overview,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.access_lists import argument_spec as access_list_spec
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.api_guardian import (
    ENDPOINT_SWITCHES,
    endpoint_options,
    endpoint_request,
    project_endpoint,
    read_guardian,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.api_guardian_endpoints import GUARDIAN_ENDPOINTS, endpoint_key
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.bot_categorization import (
    BOT_ACTIONS,
    BOT_CATEGORIES,
    CATEGORIES,
    CATEGORISED_BOTS,
    CATEGORY_ACTIONS,
    bot_key,
    bots_of,
    categories_of,
    categorization_options,
    project_category,
    read_categorization,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.bot_detection import (
    bot_detection_options,
    project_bot_detection,
    read_bot_detection,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import BOT_CATEGORIZATION_NOT_IN_PLAN
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.custom_pages import CUSTOM_PAGES, read_pages
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.rules import RATE_LIMITS, WAF_RULES, desired_rule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.rules import item_options as shield_rule_options
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.settings import API_GUARDIAN_CONFIGURATION, UPLOAD_SCANNING
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import PLANS, SHIELD_ZONE

# The Shield plan without bot detection, whose bot detection read fails.
BASIC_PLAN = PLANS["basic"]


def access_lists_of(reads, zone):
    return reads.once("access lists", zone["shieldZoneId"], lambda: read_overview(reads.client, zone["shieldZoneId"]))


def upload_scanning_of(reads, zone):
    return reads.once("upload scanning", zone["shieldZoneId"], lambda: UPLOAD_SCANNING.read(reads.client, zone["shieldZoneId"]))


def guardian_of(reads, zone):
    """The zone's API Guardian, one read for its configuration and its endpoints."""
    return reads.once("api guardian", zone["shieldZoneId"], lambda: read_guardian(reads.client, zone["shieldZoneId"]) or {})


def custom_pages_of(reads, zone):
    """The zone's custom pages: the API has one read per page type, and no list of them."""
    return reads.once("custom pages", zone["shieldZoneId"], lambda: read_pages(reads.client, zone["shieldZoneId"]))


def categorization_of(reads, zone):
    """The zone's bot categories and bots, one read; none on a plan without bot detection, which refuses the read."""
    def read():
        if zone.get("planType") == BASIC_PLAN:
            return []
        try:
            return read_categorization(reads.client, zone["shieldZoneId"])
        except BunnyApiError as error:
            if error.error_key == BOT_CATEGORIZATION_NOT_IN_PLAN:
                return []
            raise
    return reads.once("bot categorization", zone["shieldZoneId"], read)


def _shield_zone_name(zone):
    # A Shield zone has no name of its own: it is the Shield of one pull zone.
    return "pull-zone-%s" % (zone.get("pull_zone_id") if zone.get("pull_zone_id") is not None else "none-%s" % zone.get("shield_zone_id"))


class ShieldRuleList(ItemList):
    """A Shield zone's WAF rules or rate limits, by name, as shield_waf_rule and shield_rate_limit list them."""

    def __init__(self, variable, kind):
        super().__init__(variable, kind, lambda reads, zone: kind.read(reads.client, zone["shieldZoneId"]),
                         to_options=lambda rule: settled({name: value for name, value in rule.items() if name not in ("id", "shield_zone_id")}),
                         to_api=lambda item, zone: desired_rule(item, kind), key=lambda rule: rule.get("name"), whole=variable + "_purge",
                         options=shield_rule_options(kind))


class AccessLists(ItemList):
    """A Shield zone's custom access lists, by name, with their entries."""

    def __init__(self):
        super().__init__("shield_access_lists", CUSTOM_ACCESS_LISTS, self._lists, to_options=self._options,
                         to_api=lambda item, zone: settled({name: item.get(name) for name in ACCESS_LIST_OPTIONS}),
                         key=lambda access_list: access_list.get("name"), whole="shield_access_lists_purge",
                         options={name: spec for name, spec in access_list_spec().items() if name in ACCESS_LIST_OPTIONS + ("purge", "state")})

    @staticmethod
    def _lists(reads, zone):
        zone_id = zone["shieldZoneId"]
        overview = access_lists_of(reads, zone)
        return [project_custom(details, read_content(reads.client, zone_id, details["listId"])) for details in overview.get("customLists") or []]

    @staticmethod
    def _options(access_list):
        return dict(settled({name: access_list.get(name) for name in ACCESS_LIST_OPTIONS}), purge=True)


ACCESS_LIST_OPTIONS = ("name", "type", "description", "entries", "enabled", "action")


class BotDetection(Part):
    """The zone's bot detection, by the options of shield_bot_detection; nothing on a plan without it."""

    variable = "shield_bot_detection"

    def _options(self, reads, zone):
        if zone.get("planType") == BASIC_PLAN:
            return {}
        configuration = project_bot_detection(read_bot_detection(reads.client, zone["shieldZoneId"])) or {}
        return settable(configuration, bot_detection_options())

    def export(self, reads, record):
        return {self.variable: self._options(reads, record)}

    def drift(self, reads, record, variables):
        wanted = variables.get(self.variable)
        if not wanted:
            return []
        held = self._options(reads, record)
        changes = changed_fields(held, wanted)
        flat = []
        for section, value in changes.items():
            names = value.items() if isinstance(value, dict) else [(None, value)]
            for name, setting in names:
                field = "%s.%s" % (self.variable, section) + (".%s" % name if name else "")
                flat.append(drift(field, setting, (held.get(section) or {}).get(name) if name else held.get(section)))
        return flat


def _bot_options(bot):
    return {"name": bot.get("userAgentMatch"), "action": name_of(BOT_ACTIONS, bot.get("action"))}


def _endpoint_options(endpoint):
    """An API Guardian endpoint as an item of shield_api_guardian's endpoints: its operation and every check it sets."""
    projected = project_endpoint(endpoint)
    options = {"method": projected["request_method"], "path": projected["request_path"]}
    options.update((option, projected[option]) for option, _api in ENDPOINT_SWITCHES)
    options["injection_detection"] = projected["injection_detection"]
    rate_limit = dict(projected["rate_limit"])
    # A count below 1 is a rate limit never set (the module takes at least 1): left as it is.
    if not isinstance(rate_limit.get("requests"), int) or rate_limit["requests"] < 1:
        rate_limit.pop("requests")
    options["rate_limit"] = settled(rate_limit) or None
    return settled(options)


def _guardian_endpoints(reads, zone):
    return list(guardian_of(reads, zone).get("endpoints") or [])


SHIELD_SHAPE = Shape("shield", "shield_pull_zone_id", (
    Fixed("shield_pull_zone_id", lambda zone: zone.get("pullZoneId")),
    Settings("shield_zone_settings", SHIELD_ZONE),
    ShieldRuleList("shield_waf_rules", WAF_RULES),
    Fixed("shield_waf_rules_purge", True),
    ShieldRuleList("shield_rate_limits", RATE_LIMITS),
    Fixed("shield_rate_limits_purge", True),
    AccessLists(),
    Fixed("shield_access_lists_purge", True),
    ItemList("shield_managed_lists", MANAGED_ACCESS_LISTS,
             lambda reads, zone: [project_managed(details) for details in access_lists_of(reads, zone).get("managedLists") or []],
             to_options=lambda managed: {name: managed[name] for name in ("name", "enabled", "action")},
             to_api=lambda item, zone: settled({name: item.get(name) for name in ("name", "enabled", "action")}), whole=False,
             options=access_list_spec()["managed_lists"]["options"]),
    BotDetection(),
    Settings("shield_upload_scanning", UPLOAD_SCANNING, record_of=upload_scanning_of),
    # One read per page type (the API lists none); a page the role's list leaves out is drift: the role removes it.
    ItemList("shield_custom_pages", CUSTOM_PAGES, custom_pages_of, whole="shield_custom_pages_purge"),
    Fixed("shield_custom_pages_purge", True),
    # The categories and the bots are the platform's, all of them written with their actions (a
    # bot's "none" leaves it to its category), so that an action set by hand later is drift.
    ItemList("shield_bot_categories", BOT_CATEGORIES, lambda reads, zone: categories_of(categorization_of(reads, zone)), to_options=project_category,
             to_api=lambda item, zone: {"category": CATEGORIES[item["category"]], "action": CATEGORY_ACTIONS[item["action"]]},
             # A category the module has no name for (none the vendor documents) is none a task can set.
             label=lambda category: name_of(CATEGORIES, category.get("category")), whole=False,
             owned=lambda category: category.get("category") in CATEGORIES.values(),
             options=categorization_options()["categories"]["options"]),
    ItemList("shield_bots", CATEGORISED_BOTS, lambda reads, zone: bots_of(categorization_of(reads, zone)), to_options=_bot_options,
             to_api=lambda item, zone: {"userAgentMatch": item["name"], "action": BOT_ACTIONS[item["action"]]},
             label=lambda bot: bot.get("userAgentMatch"), key=bot_key, whole=False, owned=lambda bot: bot.get("action") in BOT_ACTIONS.values(),
             options=categorization_options()["bots"]["options"]),
    # API Guardian's enforcement and each endpoint's checks, from one read; the endpoints are the
    # operations of the zone's document (none added or removed here), each written whole.
    Settings("shield_api_guardian", API_GUARDIAN_CONFIGURATION, record_of=lambda reads, zone: guardian_of(reads, zone).get("configuration") or {}),
    ItemList("shield_api_guardian_endpoints", GUARDIAN_ENDPOINTS, _guardian_endpoints, to_options=_endpoint_options,
             to_api=lambda item, zone: endpoint_request(item), label=lambda endpoint: "%s %s" % endpoint_key(endpoint), whole=False,
             owned=lambda endpoint: True, options=endpoint_options()),
    # The role manages the Shield of a pull zone; a zone that protects none has nothing it could name.
), applies=lambda reads, zone: zone.get("pullZoneId") is not None,
    by_name=("shield_pull_zone_name", lambda reads, zone: pull_zone_names(reads).get(zone.get("pullZoneId"))), not_compared={
    "shield_api_guardian_content": "no endpoint of the API returns the uploaded OpenAPI document; the operations it declares are "
                                   "shield_api_guardian_endpoints",
})


SHIELD_KINDS = (
    Kind("shield_zone", "Shield zone", "shield_zones", lambda reads: SHIELD_ZONE.list(reads.client), SHIELD_ZONE.project, "shield_zone_id", _shield_zone_name,
         shapes=(SHIELD_SHAPE,)),
)
