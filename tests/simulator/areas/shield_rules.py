"""A Shield zone's custom WAF rules (`/shield/waf/custom-rule...`) and rate limits (`/shield/rate-limit...`).

A zone keeps `wafRules` and `rateLimits`, each rule stored as `{id, shieldZoneId, userId, ruleName,
ruleDescription, ruleConfiguration}`; ids are unique across zones, as the item paths carry no zone.

What the simulator holds to, as the API does:
- a rule's name and description are letters, digits and spaces only;
- a zone has at most as many rules of each kind as its plan allows (a Basic-plan zone no custom
  WAF rule); a create past the limit answers 200 with the rule model whose `errorResponse`
  carries the refusal, the shape the vendor's model has room for;
- the API keeps a rule's conditions in an order of its own (the first condition and the chained
  ones, sorted by variable, operator and value) and its transformations sorted, so a client that
  compares them in the order it sent them never settles;
- an update replaces the parts of the rule it sends (`ruleConfiguration` as a whole).
"""

import copy
import json
import re
from typing import Any, Dict, List

from fastapi import APIRouter, Depends, Request

from ..auth import require_access_key
from ..errors import ApiError, shield_envelope
from ..ids import next_int_id
from ..responses import json_response
from ..validation import JSON_OR_TEXT_JSON, documented_body, read_body
from ..vendor_facts import models
from ..vendor_models import vendor_request_model
from .base import state_of
from .shield_store import PLAN_NAMES, find_zone, limit, shield_page

router = APIRouter(tags=["Shield WAF rules and rate limits"], dependencies=[Depends(require_access_key)])

RULE_NAME = re.compile(r"[A-Za-z0-9 ]+\Z")
USER_ID = "b7d1c1e2-0000-4000-8000-00000000c0de"
# The request variables a condition can test: the properties of the vendor's variableTypes object.
VARIABLES = frozenset(models("shield")["CreateCustomWafRuleModel"]["properties"]["variableTypes"]["properties"])
CONDITION_KEYS = ("variableTypes", "operatorType", "value", "isNegated", "isRegexVariable")

CreateCustomWafRuleRequest = vendor_request_model("shield", "CreateCustomWafRuleRequest")
UpdateCustomWafRuleRequest = vendor_request_model("shield", "UpdateCustomWafRuleRequest")
CreateWafRateLimitRequest = vendor_request_model("shield", "CreateWafRateLimitRequest")
UpdateWafRateLimitRequest = vendor_request_model("shield", "UpdateWafRateLimitRequest")


class RuleKind:
    """What sets custom WAF rules and rate limits apart: where a zone keeps them, and their defaults."""

    def __init__(self, store: str, limit_name: str, noun: str, key: str, defaults: Dict[str, Any]):
        self.store = store
        self.limit_name = limit_name
        self.noun = noun
        self.key = key
        self.defaults = defaults


CONDITION_DEFAULTS = {"variableTypes": {}, "operatorType": 0, "value": "", "isNegated": False, "isRegexVariable": False}
WAF_RULES = RuleKind("wafRules", "customWafRulesLimit", "custom WAF rules", "waf_rule",
                     {"actionType": 1, "severityType": 0, "transformationTypes": [], **CONDITION_DEFAULTS, "chainedRuleConditions": []})
RATE_LIMITS = RuleKind("rateLimits", "rateLimitRulesLimit", "rate limits", "rate_limit",
                       {"actionType": 1, "severityType": 0, "transformationTypes": [], **CONDITION_DEFAULTS, "requestCount": 100,
                        "counterKeyType": 0, "timeframe": 60, "blockTime": 300, "chainedRuleConditions": []})


def _all_rule_ids(zones: List[Dict[str, Any]]):
    for zone in zones:
        for kind in (WAF_RULES, RATE_LIMITS):
            for rule in zone.get(kind.store) or []:
                if isinstance(rule.get("id"), int):
                    yield rule["id"]


def _condition(source: Dict[str, Any]) -> Dict[str, Any]:
    return {key: copy.deepcopy(source.get(key, CONDITION_DEFAULTS[key])) for key in CONDITION_KEYS}


def _in_api_order(configuration: Dict[str, Any]) -> Dict[str, Any]:
    """The configuration with its conditions and transformations in the order the API keeps them (see the module's docstring)."""
    conditions = [_condition(configuration)] + [_condition(chained) for chained in configuration.get("chainedRuleConditions") or []]
    conditions.sort(key=lambda condition: (sorted(condition["variableTypes"] or {}), condition["operatorType"], condition["value"] or ""))
    ordered = dict(configuration)
    ordered.update(conditions[0])
    ordered["chainedRuleConditions"] = conditions[1:]
    ordered["transformationTypes"] = sorted(set(configuration.get("transformationTypes") or []))
    return ordered


def _stored_rule(kind: RuleKind, rule_id: int, zone_id: int, given: Dict[str, Any]) -> Dict[str, Any]:
    configuration = {**kind.defaults, **{key: value for key, value in (given.get("ruleConfiguration") or {}).items() if value is not None}}
    return {"id": rule_id, "shieldZoneId": zone_id, "userId": given.get("userId", USER_ID), "ruleName": given.get("ruleName"),
            "ruleDescription": given.get("ruleDescription"), "ruleConfiguration": _in_api_order(configuration)}


def fill_rules(zones: List[Dict[str, Any]], others: List[Dict[str, Any]] = ()) -> None:
    next_id = next_int_id(_all_rule_ids(list(others) + list(zones)))
    for zone in zones:
        for kind in (WAF_RULES, RATE_LIMITS):
            rules = []
            for given in zone.get(kind.store) or []:
                rule_id = given.get("id", next_id)
                next_id = max(next_id, rule_id + 1)
                rules.append(_stored_rule(kind, rule_id, zone["shieldZoneId"], given))
            zone[kind.store] = rules


def rule_view(rule: Dict[str, Any], error: Dict[str, Any] = None) -> Dict[str, Any]:
    """A rule as the vendor's CustomWafRule and RateLimitRule read it; `ruleJson` is the configuration as text."""
    view = copy.deepcopy(rule)
    view["ruleJson"] = json.dumps(rule["ruleConfiguration"], sort_keys=True)
    view["errorResponse"] = error or shield_envelope(None)["error"]
    return view


def _check_text(field: str, value, required: bool) -> None:
    if value is None or value == "":
        if required:
            raise ApiError(400, f"The rule needs a {field}.", key="waf_rule.invalid_name")
        return
    if not RULE_NAME.match(value):
        raise ApiError(400, f"The {field} '{value}' may hold only letters, digits and spaces.", key="waf_rule.invalid_name")


def _check_configuration(configuration: Dict[str, Any]) -> None:
    conditions = [configuration] + list(configuration.get("chainedRuleConditions") or [])
    for position, condition in enumerate(conditions):
        variables = condition.get("variableTypes") or {}
        where = "ruleConfiguration" if position == 0 else f"ruleConfiguration.chainedRuleConditions[{position - 1}]"
        if not variables:
            raise ApiError(400, f"{where}.variableTypes needs a request variable to test.", key="waf_rule.invalid_condition")
        unknown = sorted(set(variables) - VARIABLES)
        if unknown:
            raise ApiError(400, f"{where}.variableTypes has no variable {', '.join(unknown)}.", key="waf_rule.invalid_condition")


def _find_rule(request: Request, kind: RuleKind, rule_id: int):
    for zone in state_of(request).shield_zones:
        for rule in zone.get(kind.store) or []:
            if rule["id"] == rule_id:
                return zone, rule
    raise ApiError(404, f"The {kind.noun[:-1]} {rule_id} was not found.", key=f"{kind.key}.not_found")


def _list(request: Request, kind: RuleKind, zone_id: int, page: int, per_page: int):
    with state_of(request).lock:
        rules = [rule_view(rule) for rule in find_zone(request, zone_id)[kind.store]]
        return json_response({**shield_page(rules, page, per_page), "error": shield_envelope(None)["error"]})


def _create(request: Request, kind: RuleKind, body) -> Any:
    given = body.model_dump(exclude_unset=True)
    state = state_of(request)
    with state.lock:
        zone = find_zone(request, body.shieldZoneId)
        _check_text("name", body.ruleName, required=True)
        _check_text("description", body.ruleDescription, required=False)
        _check_configuration(given.get("ruleConfiguration") or {})
        allowed = limit(zone, kind.limit_name)
        if len(zone[kind.store]) >= allowed:
            message = f"The {PLAN_NAMES.get(zone['planType'])} plan of shield zone {zone['shieldZoneId']} allows {allowed} {kind.noun}."
            refused = {"id": 0, "shieldZoneId": zone["shieldZoneId"], "userId": None, "ruleName": body.ruleName, "ruleDescription": body.ruleDescription,
                       "ruleJson": None, "ruleConfiguration": given.get("ruleConfiguration"),
                       "errorResponse": shield_envelope(None, status=400, error_key=f"{kind.key}.limit_reached", message=message)["error"]}
            return json_response(refused)
        rule = _stored_rule(kind, next_int_id(_all_rule_ids(state.shield_zones)), zone["shieldZoneId"], given)
        zone[kind.store].append(rule)
        if kind is WAF_RULES:
            zone["wafCustomRuleOrder"].append(rule["id"])
        return json_response(rule_view(rule))


def _update(request: Request, kind: RuleKind, rule_id: int, body) -> Any:
    given = body.model_dump(exclude_unset=True)
    with state_of(request).lock:
        _zone, rule = _find_rule(request, kind, rule_id)
        if "ruleName" in given:
            _check_text("name", given["ruleName"], required=True)
        if given.get("ruleDescription") is not None:
            _check_text("description", given["ruleDescription"], required=False)
        if given.get("ruleConfiguration") is not None:
            _check_configuration(given["ruleConfiguration"])
        updated = _stored_rule(kind, rule_id, rule["shieldZoneId"], {**rule, **{key: value for key, value in given.items() if value is not None}})
        rule.update(updated)
        return json_response(rule_view(rule))


def _delete(request: Request, kind: RuleKind, rule_id: int) -> Any:
    with state_of(request).lock:
        zone, rule = _find_rule(request, kind, rule_id)
        zone[kind.store].remove(rule)
        if kind is WAF_RULES and rule_id in zone["wafCustomRuleOrder"]:
            zone["wafCustomRuleOrder"].remove(rule_id)
        return json_response(shield_envelope(None)["error"])


# --- Custom WAF rules ----------------------------------------------------------------------------

@router.get("/shield/waf/custom-rules/{shieldZoneId}")
async def list_custom_waf_rules(request: Request, shieldZoneId: int, page: int = 1, perPage: int = 10):
    return _list(request, WAF_RULES, shieldZoneId, page, perPage)


@router.get("/shield/waf/custom-rule/{id}")
async def get_custom_waf_rule(request: Request, id: int):
    with state_of(request).lock:
        return json_response(rule_view(_find_rule(request, WAF_RULES, id)[1]))


@router.post("/shield/waf/custom-rule", openapi_extra=documented_body(CreateCustomWafRuleRequest, JSON_OR_TEXT_JSON))
async def create_custom_waf_rule(request: Request):
    return _create(request, WAF_RULES, await read_body(request, CreateCustomWafRuleRequest, JSON_OR_TEXT_JSON))


@router.put("/shield/waf/custom-rule/{id}", openapi_extra=documented_body(UpdateCustomWafRuleRequest, JSON_OR_TEXT_JSON))
async def replace_custom_waf_rule(request: Request, id: int):
    return _update(request, WAF_RULES, id, await read_body(request, UpdateCustomWafRuleRequest, JSON_OR_TEXT_JSON))


@router.patch("/shield/waf/custom-rule/{id}", openapi_extra=documented_body(UpdateCustomWafRuleRequest, JSON_OR_TEXT_JSON))
async def update_custom_waf_rule(request: Request, id: int):
    return _update(request, WAF_RULES, id, await read_body(request, UpdateCustomWafRuleRequest, JSON_OR_TEXT_JSON))


@router.delete("/shield/waf/custom-rule/{id}")
async def delete_custom_waf_rule(request: Request, id: int):
    return _delete(request, WAF_RULES, id)


# --- Rate limits ---------------------------------------------------------------------------------

@router.get("/shield/rate-limits/{shieldZoneId}")
async def list_rate_limits(request: Request, shieldZoneId: int, page: int = 1, perPage: int = 10):
    return _list(request, RATE_LIMITS, shieldZoneId, page, perPage)


@router.get("/shield/rate-limit/{id}")
async def get_rate_limit(request: Request, id: int):
    with state_of(request).lock:
        return json_response(rule_view(_find_rule(request, RATE_LIMITS, id)[1]))


@router.post("/shield/rate-limit", openapi_extra=documented_body(CreateWafRateLimitRequest, JSON_OR_TEXT_JSON))
async def create_rate_limit(request: Request):
    return _create(request, RATE_LIMITS, await read_body(request, CreateWafRateLimitRequest, JSON_OR_TEXT_JSON))


@router.patch("/shield/rate-limit/{id}", openapi_extra=documented_body(UpdateWafRateLimitRequest, JSON_OR_TEXT_JSON))
async def update_rate_limit(request: Request, id: int):
    return _update(request, RATE_LIMITS, id, await read_body(request, UpdateWafRateLimitRequest, JSON_OR_TEXT_JSON))


@router.delete("/shield/rate-limit/{id}")
async def delete_rate_limit(request: Request, id: int):
    return _delete(request, RATE_LIMITS, id)
