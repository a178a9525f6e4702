"""A Shield zone's access lists, under `/shield/shield-zone/{shieldZoneId}/access-lists`.

A zone keeps `accessLists: {custom: [...], managed: [...]}`. A custom list is stored as
`{listId, configurationId, name, description, type, content, isEnabled, action, lastModified}`;
a managed list as `{listId, configurationId, isEnabled, action}` over the simulator's catalogue
(MANAGED_LISTS), which says what the vendor curates: name, category, the plan it requires.

Every list, custom or managed, has a configuration of its own (`configurationId`): whether it is
enabled and the action taken on a match, set with `PATCH .../configurations/{configurationId}`.
A custom list's content is its entries, one a line, checked by the list's type; the API keeps the
text as it was sent. Enabling a managed list the zone's plan does not include is refused with
`not_available.access_list`.
"""

import hashlib
import ipaddress
import re
from typing import Any, Dict, List

from fastapi import APIRouter, Depends, Request

from ..auth import require_access_key
from ..errors import ApiError, shield_envelope
from ..ids import next_int_id, utc_now
from ..responses import json_response
from ..validation import JSON_OR_TEXT_JSON, documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import state_of
from .shield_store import PLAN_NAMES, find_zone, limit, refuse_past_limit

router = APIRouter(prefix="/shield/shield-zone/{shieldZoneId}/access-lists", tags=["Shield access lists"], dependencies=[Depends(require_access_key)])

TYPE_IP, TYPE_CIDR, TYPE_ASN, TYPE_COUNTRY, TYPE_ORGANIZATION, TYPE_JA4 = range(6)
ACTION_BLOCK = 2
# The curated lists a zone can turn on: listId, name, category (AccessListCategory), the plan it requires.
MANAGED_LISTS = (
    (1, "Tor exit nodes", 8, 0),
    (2, "VPN providers", 1, 1),
    (3, "Datacenters", 2, 1),
    (4, "Botnets", 16, 2),
    (5, "AI crawlers", 1024, 1),
)
MANAGED_UPDATE_FREQUENCY = "06:00:00"
COUNTRY = re.compile(r"[A-Za-z]{2}\Z")
ASN = re.compile(r"(?:AS)?[0-9]{1,10}\Z", re.IGNORECASE)

CreateCustomAccessListRequest = vendor_request_model("shield", "CreateCustomAccessListRequest")
UpdateCustomAccessListRequest = vendor_request_model("shield", "UpdateCustomAccessListRequest")
UpdateAccessListConfigurationRequest = vendor_request_model("shield", "UpdateAccessListConfigurationRequest")


def _configuration_ids(zones: List[Dict[str, Any]]):
    for zone in zones:
        lists = zone.get("accessLists") or {}
        for item in (lists.get("custom") or []) + (lists.get("managed") or []):
            if isinstance(item.get("configurationId"), int):
                yield item["configurationId"]


def _custom_ids(zones: List[Dict[str, Any]]):
    for zone in zones:
        for item in (zone.get("accessLists") or {}).get("custom") or []:
            if isinstance(item.get("listId"), int):
                yield item["listId"]


def fill_access_lists(zones: List[Dict[str, Any]], all_zones: List[Dict[str, Any]] = ()) -> None:
    """Complete the access lists of `zones`; ids continue after those of `all_zones` too."""
    everything = list(all_zones) + list(zones)
    next_configuration = next_int_id(_configuration_ids(everything))
    # Custom list ids start above the catalogue's, so a custom list never shares a managed list's id.
    next_list = max(next_int_id(_custom_ids(everything)), 1000)
    for zone in zones:
        given = zone.get("accessLists") or {}
        managed_given = {item.get("listId"): item for item in given.get("managed") or []}
        managed = []
        for list_id, _name, _category, _plan in MANAGED_LISTS:
            item = {"listId": list_id, "isEnabled": False, "action": ACTION_BLOCK, **managed_given.get(list_id, {})}
            if "configurationId" not in item:
                item["configurationId"] = next_configuration
                next_configuration += 1
            managed.append(item)
        custom = []
        for given_list in given.get("custom") or []:
            item = {"name": None, "description": None, "type": TYPE_IP, "content": "", "isEnabled": True, "action": ACTION_BLOCK,
                    "lastModified": utc_now(), **given_list}
            for key, counter in (("listId", "list"), ("configurationId", "configuration")):
                if key not in item:
                    if counter == "list":
                        item[key], next_list = next_list, next_list + 1
                    else:
                        item[key], next_configuration = next_configuration, next_configuration + 1
            custom.append(item)
        zone["accessLists"] = {"custom": custom, "managed": managed}


def _entries(content: str) -> List[str]:
    return [line.strip() for line in (content or "").splitlines() if line.strip()]


def _entry_problem(list_type: int, entry: str):
    try:
        if list_type == TYPE_IP:
            ipaddress.ip_address(entry)
        elif list_type == TYPE_CIDR:
            ipaddress.ip_network(entry, strict=False)
    except ValueError:
        return f"'{entry}' is not an {'IP address' if list_type == TYPE_IP else 'IP range in CIDR notation'}."
    if list_type == TYPE_COUNTRY and not COUNTRY.match(entry):
        return f"'{entry}' is not a two-letter country code."
    if list_type == TYPE_ASN and not ASN.match(entry):
        return f"'{entry}' is not an autonomous system number."
    return None


def _check_content(zone: Dict[str, Any], list_type: int, content: str, replacing: Dict[str, Any] = None) -> None:
    problems = [problem for problem in (_entry_problem(list_type, entry) for entry in _entries(content)) if problem]
    if problems:
        raise ApiError(400, " ".join(problems), key="access_list.invalid_entry")
    others = sum(len(_entries(item["content"])) for item in zone["accessLists"]["custom"] if item is not replacing)
    refuse_past_limit(zone, "customEntryLimit", others + len(_entries(content)), "entries across its custom access lists",
                      "access_list.entry_limit_reached")


def _custom_view(item: Dict[str, Any]) -> Dict[str, Any]:
    """A custom list as the vendor's CustomAccessList reads it."""
    return {"id": item["listId"], "name": item["name"], "description": item["description"], "type": item["type"],
            "content": item["content"], "checksum": hashlib.sha256((item["content"] or "").encode()).hexdigest(),
            "entryCount": len(_entries(item["content"])), "lastModified": item["lastModified"]}


def _details(item: Dict[str, Any], managed: bool) -> Dict[str, Any]:
    """A list as the vendor's AccessListDetails reads it."""
    if managed:
        _list_id, name, category, required_plan = next(entry for entry in MANAGED_LISTS if entry[0] == item["listId"])
        description, list_type, entry_count = f"{name}, curated by the vendor.", TYPE_CIDR, 1000
        frequency, updated = MANAGED_UPDATE_FREQUENCY, "2026-01-01T00:00:00Z"
    else:
        name, category, required_plan, description = item["name"], 0, 0, item["description"]
        list_type, entry_count, frequency, updated = item["type"], len(_entries(item["content"])), None, item["lastModified"]
    return {"listId": item["listId"], "configurationId": item["configurationId"], "name": name, "description": description,
            "isEnabled": item["isEnabled"], "type": list_type, "category": category, "action": item["action"], "requiredPlan": required_plan,
            "entryCount": entry_count, "updateFrequency": frequency, "lastUpdated": updated}


def _find_custom(zone: Dict[str, Any], list_id: int) -> Dict[str, Any]:
    for item in zone["accessLists"]["custom"]:
        if item["listId"] == list_id:
            return item
    raise ApiError(404, f"The access list {list_id} was not found in shield zone {zone['shieldZoneId']}.", key="access_list.not_found")


def _list_answer(item: Dict[str, Any]):
    return json_response(shield_envelope(_custom_view(item)))


# The vendor's enumerations of access lists, by name: each value (as text) with its name.
ENUMS = {
    "AccessListType": {"0": "IP", "1": "CIDR", "2": "ASN", "3": "Country", "4": "Organization", "5": "JA4"},
    "AccessListAction": {"0": "None", "1": "Allow", "2": "Block", "3": "Challenge", "4": "Log", "5": "Bypass"},
    "AccessListCategory": {
        "0": "None", "1": "VPNs", "2": "Datacenters", "4": "Proxies", "8": "TorExitNodes", "16": "Botnets", "32": "VulnerabilityScanners",
        "64": "WebScrapers", "128": "SearchEngines", "256": "SearchEngineCrawlers", "512": "AiSearch", "1024": "AiCrawlers", "2048": "AiAgents",
        "4096": "PagePreview", "8192": "InternetTools",
    },
}  # fmt: skip


# Declared before /{id}, which would otherwise take "enums" for a list's id.
@router.get("/enums")
async def access_list_enums(shieldZoneId: str):
    return json_response(ENUMS)


@router.get("")
async def get_access_lists(request: Request, shieldZoneId: int):
    with state_of(request).lock:
        zone = find_zone(request, shieldZoneId)
        lists = zone["accessLists"]
        body = {
            "managedLists": [_details(item, managed=True) for item in lists["managed"]],
            "customLists": [_details(item, managed=False) for item in lists["custom"]],
            "customEntryCount": sum(len(_entries(item["content"])) for item in lists["custom"]),
            "customEntryLimit": limit(zone, "customEntryLimit"),
            "customListCount": len(lists["custom"]),
            "customListLimit": limit(zone, "customListLimit"),
        }
        return json_response({**body, "error": shield_envelope(None)["error"]})


@router.post("", openapi_extra=documented_body(CreateCustomAccessListRequest, JSON_OR_TEXT_JSON))
async def create_custom_access_list(request: Request, shieldZoneId: int):
    body = await read_body(request, CreateCustomAccessListRequest, JSON_OR_TEXT_JSON)
    state = state_of(request)
    with state.lock:
        zone = find_zone(request, shieldZoneId)
        if not body.name:
            raise ApiError(400, "The access list needs a name.", key="access_list.invalid_name")
        if any(item["name"] == body.name for item in zone["accessLists"]["custom"]):
            raise ApiError(400, f"An access list named '{body.name}' already exists.", key="access_list.name_taken")
        refuse_past_limit(zone, "customListLimit", len(zone["accessLists"]["custom"]) + 1, "custom access lists", "access_list.limit_reached")
        _check_content(zone, body.type, body.content or "")
        item = {"name": body.name, "description": body.description, "type": body.type, "content": body.content or ""}
        pending = {"shieldZoneId": -1, "accessLists": {"custom": [item]}}
        fill_access_lists([pending], state.shield_zones)
        zone["accessLists"]["custom"].append(pending["accessLists"]["custom"][0])
        return _list_answer(pending["accessLists"]["custom"][0])


@router.get("/{id}")
async def get_custom_access_list(request: Request, shieldZoneId: int, id: int):
    with state_of(request).lock:
        return _list_answer(_find_custom(find_zone(request, shieldZoneId), id))


@router.patch("/{id}", openapi_extra=documented_body(UpdateCustomAccessListRequest, JSON_OR_TEXT_JSON))
async def update_custom_access_list(request: Request, shieldZoneId: int, id: int):
    body = await read_body(request, UpdateCustomAccessListRequest, JSON_OR_TEXT_JSON)
    with state_of(request).lock:
        zone = find_zone(request, shieldZoneId)
        item = _find_custom(zone, id)
        if body.name is not None and any(other["name"] == body.name for other in zone["accessLists"]["custom"] if other is not item):
            raise ApiError(400, f"An access list named '{body.name}' already exists.", key="access_list.name_taken")
        if body.content is not None:
            _check_content(zone, item["type"], body.content, replacing=item)
            item["content"] = body.content
        if body.name is not None:
            item["name"] = body.name
        item["lastModified"] = utc_now()
        return _list_answer(item)


@router.delete("/{id}")
async def delete_custom_access_list(request: Request, shieldZoneId: int, id: int):
    with state_of(request).lock:
        zone = find_zone(request, shieldZoneId)
        zone["accessLists"]["custom"].remove(_find_custom(zone, id))
        return json_response(shield_envelope(None)["error"])


@router.patch("/configurations/{id}", openapi_extra=documented_body(UpdateAccessListConfigurationRequest, JSON_OR_TEXT_JSON))
async def update_access_list_configuration(request: Request, shieldZoneId: int, id: int):
    body = await read_body(request, UpdateAccessListConfigurationRequest, JSON_OR_TEXT_JSON)
    with state_of(request).lock:
        zone = find_zone(request, shieldZoneId)
        lists = zone["accessLists"]
        item = next((entry for entry in lists["custom"] + lists["managed"] if entry["configurationId"] == id), None)
        if item is None:
            raise ApiError(404, f"The access list configuration {id} was not found.", key="access_list.not_found")
        if body.isEnabled and item in lists["managed"]:
            required = next(entry[3] for entry in MANAGED_LISTS if entry[0] == item["listId"])
            if zone["planType"] < required:
                message = f"The access list needs the {PLAN_NAMES[required]} plan; shield zone {zone['shieldZoneId']} is on {PLAN_NAMES[zone['planType']]}."
                raise ApiError(400, message, key="not_available.access_list")
        if body.isEnabled is not None:
            item["isEnabled"] = body.isEnabled
        if body.action is not None:
            item["action"] = body.action
        return json_response(shield_envelope({"isEnabled": item["isEnabled"], "action": item["action"]}))
