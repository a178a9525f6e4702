"""What Shield offers every zone: the WAF's rules, profiles, engine configuration and enumerations, DDoS enumerations, the promotion state.

The enumerations are the vendor's, by the names its document gives their values. The rules,
profiles and engine configuration are samples in the vendor's shapes: a few groups of the OWASP
core rule set (which the WAF's rule ids follow), two profiles, the rule set's usual thresholds.
"""

import base64
from typing import Any, Dict, List, Sequence, Tuple

from fastapi import APIRouter, Depends, Request

from ..auth import require_access_key
from ..responses import json_response
from .base import state_of
from .shield_store import PLAN_NAMES, find_zone
from .shield_zone_parts import ok

router = APIRouter(tags=["Shield catalogue"], dependencies=[Depends(require_access_key)])

# Name, values (value, name) and whether each value needs a premium plan.
WAF_ENUMS: Sequence[Tuple[str, Sequence[Tuple[int, str]]]] = (
    ("WafRuleActionType", ((1, "Block"), (2, "Log"), (3, "Challenge"), (4, "Allow"), (5, "Bypass"))),
    ("WafRuleOperatorType", ((0, "BEGINSWITH"), (1, "ENDSWITH"), (2, "CONTAINS"), (3, "CONTAINSWORD"), (4, "STRMATCH"), (5, "EQ"), (6, "GE"),
                             (7, "GT"), (8, "LE"), (9, "LT"), (12, "WITHIN"), (14, "RX"), (15, "STREQ"), (17, "DETECTSQLI"), (18, "DETECTXSS"))),
    ("WafRuleSeverityType", ((0, "NOTICE"), (1, "WARNING"), (2, "CRITICAL"))),
    ("WafRuleTransformationType", tuple(enumerate((
        "CMDLINE", "COMPRESSWHITESPACE", "CSSDECODE", "HEXENCODE", "HTMLENTITYDECODE", "JSDECODE", "LENGTH", "LOWERCASE", "MD5", "NORMALIZEPATH",
        "NORMALISEPATH", "NORMALIZEPATHWIN", "NORMALISEPATHWIN", "REMOVECOMMENTS", "REMOVENULLS", "REMOVEWHITESPACE", "REPLACECOMMENTS", "SHA1",
        "URLDECODE", "URLDECODEUNI", "UTF8TOUNICODE"), 1))),
    ("WafRatelimitCounterKeyType", ((0, "IP"), (1, "Host"), (2, "Country"), (3, "City"), (4, "ASN"), (5, "Organization"), (6, "JA4"), (7, "IP_JA4"))),
    ("WafRateLimitTimeframeType", ((1, "PerSecond"), (10, "PerTenSeconds"), (60, "PerOneMinute"), (300, "PerFiveMinutes"), (900, "PerFifteenMinutes"),
                                   (3600, "PerOneHour"))),
    ("WafRatelimitBlockType", ((30, "ForThirtySeconds"), (60, "ForOneMinute"), (300, "ForFiveMinutes"), (900, "ForFifteenMinutes"),
                               (1800, "ForThirtyMinutes"), (3600, "ForOneHour"))),
)  # fmt: skip
DDOS_ENUMS = (
    ("DDoSShieldSensitivity", ((0, "Off"), (1, "Low"), (2, "Medium"), (3, "High"), (4, "Challenge"))),
    ("DDoSExecutionMode", ((0, "Log"), (1, "Block"))),
)
# Rule groups: id, name, code, file, main group and the rules (id, description); the plan from which each is included.
RULE_GROUPS = (
    (941, "XSS attacks", "XSS", "REQUEST-941-APPLICATION-ATTACK-XSS.conf", "Application attacks", 0,
     (("941100", "XSS attack detected via libinjection"), ("941110", "XSS filter: script tag vector"))),
    (942, "SQL injection", "SQLI", "REQUEST-942-APPLICATION-ATTACK-SQLI.conf", "Application attacks", 0,
     (("942100", "SQL injection attack detected via libinjection"), ("942190", "MSSQL code execution and information gathering"))),
    (930, "Local file inclusion", "LFI", "REQUEST-930-APPLICATION-ATTACK-LFI.conf", "Application attacks", 1,
     (("930100", "Path traversal attack (/../)"), ("930120", "OS file access attempt"))),
    (913, "Scanner detection", "SCANNER", "REQUEST-913-SCANNER-DETECTION.conf", "Protocol and reputation", 1,
     (("913100", "Found user agent associated with security scanner"),)),
)  # fmt: skip
RULESET = "OWASP CRS"
PROFILES = (
    (1, "Default", False, "General", "The core rule set at its default sensitivity."),
    (2, "WordPress", True, "CMS", "Exclusions for WordPress administration and its REST API."),
)
ENGINE_CONFIGURATION = (("tx.paranoia_level", "1"), ("tx.inbound_anomaly_score_threshold", "5"), ("tx.outbound_anomaly_score_threshold", "4"))


def _mapped(enums) -> List[Dict[str, Any]]:
    return [
        {"enumName": name, "enumValues": [
            {"optionalInput": None, "isPremium": False, "name": value_name, "value": value, "supportedValues": {"values": None, "editable": False},
             "recommendedOperator": {"operator": 0, "values": None}}
            for value, value_name in values
        ]}
        for name, values in enums
    ]  # fmt: skip


def _main_groups(plan: int) -> List[Dict[str, Any]]:
    groups: Dict[str, Dict[str, Any]] = {}
    for group_id, name, code, file_name, main_group, from_plan, rules in RULE_GROUPS:
        if from_plan > plan:
            continue
        main = groups.setdefault(main_group, {"name": main_group, "ruleset": RULESET, "ruleGroups": []})
        main["ruleGroups"].append(
            {"id": group_id, "name": name, "code": code, "fileName": file_name, "mainGroup": main_group, "ruleset": RULESET, "description": name,
             "rules": [{"ruleId": rule_id, "description": description} for rule_id, description in rules]}
        )  # fmt: skip
    return list(groups.values())


@router.get("/shield/waf/enums")
async def waf_enums():
    return json_response({"data": _mapped(WAF_ENUMS)})


@router.get("/shield/ddos/enums")
async def ddos_enums():
    return json_response({"data": _mapped(DDOS_ENUMS)})


@router.get("/shield/waf/profiles")
async def waf_profiles():
    """The vendor's document nests the profiles in a list of lists: one list, here."""
    profiles = [
        {"id": profile_id, "name": name, "isPremium": premium, "profileCategory": category, "imageUrl": None, "description": description, "features": None}
        for profile_id, name, premium, category, description in PROFILES
    ]
    return json_response({"data": [profiles]})


@router.get("/shield/waf/engine-config")
async def waf_engine_configuration():
    return json_response({"data": [{"name": name, "valueEncoded": base64.b64encode(value.encode()).decode()} for name, value in ENGINE_CONFIGURATION]})


# Declared before /shield/waf/rules/{shieldZoneId}, which would otherwise take "plan-segmentation" for a zone id.
@router.get("/shield/waf/rules/plan-segmentation")
async def waf_rules_by_plan():
    return json_response({"data": [{"planValue": plan, "planName": name, "rules": _main_groups(plan)} for plan, name in PLAN_NAMES.items()], "error": ok()})


@router.get("/shield/waf/rules/{shieldZoneId}")
async def waf_rules(request: Request, shieldZoneId: int):
    """The rules the zone's plan includes."""
    with state_of(request).lock:
        return json_response(_main_groups(find_zone(request, shieldZoneId)["planType"]))


@router.get("/shield/promo/state")
async def promotion_state():
    """The vendor documents no body; the simulator's account takes part in no promotion."""
    return json_response({"data": {"isEligible": False, "isActive": False}, "error": ok()})
