"""What every Shield part of the simulator shares: finding a zone, its plan and the plan's limits.

The vendor's documents name the limits a zone reports (`customWafRulesLimit`, `rateLimitRulesLimit`
on the zone; `customListLimit`, `customEntryLimit` with its access lists) but not their values per
plan; the values below are the simulator's own. What the collection relies on is only that the zone
reports them and that the API refuses to go past them (a Basic-plan zone has no custom WAF rule).
"""

from typing import Any, Dict, Iterable, List, Optional

from fastapi import Request

from ..errors import ApiError, invalid
from .base import find_record, state_of

PLAN_BASIC, PLAN_ADVANCED, PLAN_BUSINESS, PLAN_ENTERPRISE = 0, 1, 2, 3
PLAN_NAMES = {PLAN_BASIC: "Basic", PLAN_ADVANCED: "Advanced", PLAN_BUSINESS: "Business", PLAN_ENTERPRISE: "Enterprise"}

PLAN_LIMITS = {
    PLAN_BASIC: {"customWafRulesLimit": 0, "rateLimitRulesLimit": 2, "customListLimit": 1, "customEntryLimit": 1000},
    PLAN_ADVANCED: {"customWafRulesLimit": 10, "rateLimitRulesLimit": 10, "customListLimit": 5, "customEntryLimit": 10000},
    PLAN_BUSINESS: {"customWafRulesLimit": 25, "rateLimitRulesLimit": 25, "customListLimit": 10, "customEntryLimit": 50000},
    PLAN_ENTERPRISE: {"customWafRulesLimit": 50, "rateLimitRulesLimit": 50, "customListLimit": 25, "customEntryLimit": 100000},
}
# The limits the zone's own read reports; the access list limits are reported with the lists.
ZONE_LIMIT_NAMES = ("customWafRulesLimit", "rateLimitRulesLimit")
LIST_LIMIT_NAMES = ("customListLimit", "customEntryLimit")


def find_zone(request: Request, zone_id: int) -> Dict[str, Any]:
    return find_record(state_of(request).shield_zones, zone_id, f"The shield zone {zone_id} was not found.", key="shieldZoneId")


def zone_of_pull_zone(zones: Iterable[Dict[str, Any]], pull_zone_id: int) -> Optional[Dict[str, Any]]:
    return next((zone for zone in zones if zone.get("pullZoneId") == pull_zone_id), None)


def limit(zone: Dict[str, Any], name: str) -> int:
    """The zone's limit `name`: what its record says, else what its plan allows."""
    value = zone.get("limits", {}).get(name)
    return value if isinstance(value, int) else PLAN_LIMITS.get(zone["planType"], PLAN_LIMITS[PLAN_BASIC])[name]


def refuse_past_limit(zone: Dict[str, Any], name: str, count: int, noun: str, key: str) -> None:
    """A 400 in Shield's envelope when `count` would pass the zone's limit `name`."""
    allowed = limit(zone, name)
    if count > allowed:
        plan = PLAN_NAMES.get(zone["planType"], zone["planType"])
        raise ApiError(400, f"The {plan} plan of shield zone {zone['shieldZoneId']} allows {allowed} {noun}.", key=key)


def shield_page(items: List[Dict[str, Any]], page: int, per_page: int) -> Dict[str, Any]:
    """One page of a Shield list: `data`, and `page` with the totals and the next page (null on the last)."""
    if page < 1 or per_page < 1:
        raise invalid("page" if page < 1 else "perPage", "Must be 1 or more.")
    pages = max(1, -(-len(items) // per_page))
    start = (page - 1) * per_page
    return {
        "data": items[start : start + per_page],
        "page": {"totalCount": len(items), "totalPages": pages, "currentPage": page, "nextPage": page + 1 if page < pages else None, "pageSize": per_page},
    }
