# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The edge rules of a pull zone: what pullzone_edge_rule manages.

Edge rules live inside the pull zone record, so they follow pull_zones.py: one read of the zone
under its lock, then one call per rule that differs. ``addOrUpdate`` replaces a whole rule (what
a body leaves out takes a new rule's value), so every write sends the whole rule: the rule as
read with the asked changes applied. A rule whose switch is all that differs gets
``setEdgeRuleEnabled``, the one call that cannot touch anything else.

Rules are compared in the API's terms. The first action is the rule's own (``ActionType`` and its
parameters), the others its ``ExtraActions``; triggers and extra actions are lists whose order is
kept, while the patterns of a trigger are a set. A parameter the API holds as null or as an empty
string is the same. The execution order is each rule's ``OrderIndex``; the list form numbers the
rules it lists from 0 in the order given.

Read-only rules belong to bunny.net: no write ever names them.
"""

import copy

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items, converge_items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import each_named_once
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import parent_options, parent_rules
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE

# The vendor's EdgeRuleActionType, by the snake_case of its names (34 and 35 are unassigned).
ACTION_TYPES = {
    "force_ssl": 0, "redirect": 1, "origin_url": 2, "override_cache_time": 3, "block_request": 4,
    "set_response_header": 5, "set_request_header": 6, "force_download": 7, "disable_token_authentication": 8,
    "enable_token_authentication": 9, "override_cache_time_public": 10, "ignore_query_string": 11,
    "disable_optimizer": 12, "force_compression": 13, "set_status_code": 14, "bypass_perma_cache": 15,
    "override_browser_cache_time": 16, "origin_storage": 17, "set_network_rate_limit": 18, "set_connection_limit": 19,
    "set_requests_per_second_limit": 20, "run_edge_script": 21, "origin_magic_containers": 22, "disable_waf": 23,
    "retry_origin": 24, "override_browser_cache_response_header": 25, "remove_browser_cache_response_header": 26,
    "disable_shield_challenge": 27, "disable_shield": 28, "disable_shield_bot_detection": 29,
    "bypass_aws_s3_authentication": 30, "disable_shield_access_lists": 31, "disable_shield_rate_limiting": 32,
    "enable_request_coalescing": 33, "disable_request_coalescing": 34, "strip_cookies_client_to_origin": 37,
}
# The vendor's TriggerTypes.
TRIGGER_TYPES = {
    "url": 0, "request_header": 1, "response_header": 2, "url_extension": 3, "country_code": 4, "remote_ip": 5,
    "url_query_string": 6, "random_chance": 7, "status_code": 8, "request_method": 9, "cookie_value": 10,
    "country_state_code": 11, "origin_retry_attempt_count": 12, "origin_connection_error": 13,
}
# The vendor's TriggerMatchingTypes and PatternMatchingTypes, alike: MatchAny, MatchAll, MatchNone.
MATCHING_TYPES = {"any": 0, "all": 1, "none": 2}

ACTION_PARAMETERS = ("ActionParameter1", "ActionParameter2", "ActionParameter3")
# What a rule is, apart from where it stands (OrderIndex) and who owns it (Guid, ReadOnly).
CONTENT_FIELDS = ("ActionType",) + ACTION_PARAMETERS + ("ExtraActions", "Triggers", "TriggerMatchingType", "Description", "Enabled")
# A new rule's values for what the options leave out: no further action, no trigger, enabled.
NEW_RULE = {
    "ActionParameter1": None, "ActionParameter2": None, "ActionParameter3": None, "ExtraActions": [], "Triggers": [],
    "TriggerMatchingType": MATCHING_TYPES["any"], "Description": "", "Enabled": True,
}

SWITCH_PATH = "/pullzone/{zone_id}/edgerules/{guid}/setEdgeRuleEnabled"
WRITE_PATH = "/pullzone/{zone_id}/edgerules/addOrUpdate"
RULE_PATH = "/pullzone/{zone_id}/edgerules/{guid}"


# --- Options and input rules ----------------------------------------------------------------------

def _action_options():
    return dict(
        type=dict(type="str", required=True, choices=list(ACTION_TYPES)),
        parameter_1=dict(type="str"),
        parameter_2=dict(type="str"),
        parameter_3=dict(type="str"),
    )


def _trigger_options():
    return dict(
        type=dict(type="str", required=True, choices=list(TRIGGER_TYPES)),
        patterns=dict(type="list", elements="str", default=[]),
        pattern_matching_type=dict(type="str", choices=list(MATCHING_TYPES), default="any"),
        parameter_1=dict(type="str"),
    )


def edge_rule_options():
    """The argument spec of pullzone_edge_rule: one rule (``guid`` or ``description``) or a list (``rules``)."""
    return parent_options(
        EDGE_RULES,
        guid=dict(type="str"),
        description=dict(type="str"),
        actions=dict(type="list", elements="dict", options=_action_options()),
        triggers=dict(type="list", elements="dict", options=_trigger_options()),
        trigger_matching_type=dict(type="str", choices=list(MATCHING_TYPES)),
        enabled=dict(type="bool"),
        rules=dict(type="list", elements="dict", options=dict(
            description=dict(type="str", required=True),
            actions=dict(type="list", elements="dict", options=_action_options()),
            triggers=dict(type="list", elements="dict", options=_trigger_options(), default=[]),
            trigger_matching_type=dict(type="str", choices=list(MATCHING_TYPES), default="any"),
            enabled=dict(type="bool", default=True),
        )),
        purge=dict(type="bool", default=False),
        state=dict(type="str", choices=["present", "absent"], default="present"),
    )


SINGLE_RULE_OPTIONS = ("guid", "description", "actions", "triggers", "trigger_matching_type", "enabled")
EDGE_RULE_MODULE_KWARGS = dict(
    mutually_exclusive=[("guid", "description")] + [("rules", option) for option in SINGLE_RULE_OPTIONS],
    required_one_of=[("guid", "description", "rules")],
    required_if=[("purge", True, ("rules",))],
)


def edge_rule_rules():
    return parent_rules(EDGE_RULES) + (
        ("guid", dict(min_length=1)),
        ("description", dict(min_length=1)),
        ("actions", dict(min_items=1)),
        ("rules[].description", dict(min_length=1)),
        ("rules[].actions", dict(min_items=1)),
        ("rules", dict(satisfies=(each_named_once("description"), "give each description once"))),
    )


def listed_rule_problems(params):
    """What the list form needs beyond the argument spec: each rule to keep has its action."""
    if params["rules"] is None or params["state"] != "present":
        return []
    return ["rules[%d].actions is required with state=present, to give the rule %r its action" % (index, rule["description"])
            for index, rule in enumerate(params["rules"]) if rule["actions"] is None]


# --- Between options, the API and results ---------------------------------------------------------

def _name(names, number):
    """The readable name of an API number; a number no name has (a type added later) passes through."""
    return next((name for name, known in names.items() if known == number), number)


def actions_to_api(actions):
    """The API properties ``actions`` stand for: the first is the rule's action, the others its extra actions."""
    api = [dict({"ActionType": ACTION_TYPES[action["type"]]}, **{
        parameter: action.get("parameter_%d" % position) for position, parameter in enumerate(ACTION_PARAMETERS, 1)})
        for action in actions]
    return dict(api[0], ExtraActions=api[1:])


def triggers_to_api(triggers):
    return [{
        "Type": TRIGGER_TYPES[trigger["type"]],
        "PatternMatches": list(trigger.get("patterns") or []),
        "PatternMatchingType": MATCHING_TYPES[trigger.get("pattern_matching_type") or "any"],
        "Parameter1": trigger.get("parameter_1"),
    } for trigger in triggers]


def desired_content(options):
    """The rule properties the options given set, in the API's terms; options left out are not there."""
    content = {}
    if options.get("actions") is not None:
        content.update(actions_to_api(options["actions"]))
    if options.get("triggers") is not None:
        content["Triggers"] = triggers_to_api(options["triggers"])
    if options.get("trigger_matching_type") is not None:
        content["TriggerMatchingType"] = MATCHING_TYPES[options["trigger_matching_type"]]
    if options.get("enabled") is not None:
        content["Enabled"] = options["enabled"]
    if options.get("description") is not None:
        content["Description"] = options["description"]
    return content


def _project_action(action):
    projected = {"type": _name(ACTION_TYPES, action.get("ActionType"))}
    projected.update(("parameter_%d" % position, action.get(parameter)) for position, parameter in enumerate(ACTION_PARAMETERS, 1))
    return projected


def project_rule(rule):
    """A rule as results and diffs show it: its actions and triggers as the options give them."""
    if rule is None:
        return None
    return {
        "guid": rule.get("Guid"),
        "description": rule.get("Description"),
        "enabled": rule.get("Enabled"),
        "actions": [_project_action(rule)] + [_project_action(action) for action in rule.get("ExtraActions") or []],
        "triggers": [{
            "type": _name(TRIGGER_TYPES, trigger.get("Type")),
            "patterns": trigger.get("PatternMatches"),
            "pattern_matching_type": _name(MATCHING_TYPES, trigger.get("PatternMatchingType")),
            "parameter_1": trigger.get("Parameter1"),
        } for trigger in rule.get("Triggers") or []],
        "trigger_matching_type": _name(MATCHING_TYPES, rule.get("TriggerMatchingType")),
        "order_index": rule.get("OrderIndex"),
        "read_only": rule.get("ReadOnly"),
    }


def _comparable(field, value):
    if field in ACTION_PARAMETERS:
        return value or None
    if field == "ExtraActions":
        return [[action.get("ActionType")] + [action.get(parameter) or None for parameter in ACTION_PARAMETERS] for action in value or []]
    if field == "Triggers":
        return [[trigger.get("Type"), sorted(set(trigger.get("PatternMatches") or [])), trigger.get("PatternMatchingType"),
                 trigger.get("Parameter1") or None] for trigger in value or []]
    return value


def differing_fields(rule, content):
    """The fields of ``content`` (API terms) that ``rule`` does not hold yet, in CONTENT_FIELDS order."""
    return [field for field in CONTENT_FIELDS if field in content and _comparable(field, rule.get(field)) != _comparable(field, content[field])]


def ordered_rules(zone):
    """The zone's rules in execution order; rules that share an index keep the order the read gave."""
    return sorted(zone.get("EdgeRules") or [], key=lambda rule: rule.get("OrderIndex") or 0)


def _listing(zone):
    return ", ".join("%s (%r)" % (rule.get("Guid"), rule.get("Description")) for rule in ordered_rules(zone)) or "none"


def matching_rules(zone, guid=None, description=None):
    """The zone's rules with this GUID (in any case) or exactly this description."""
    if guid is not None:
        return [rule for rule in zone.get("EdgeRules") or [] if str(rule.get("Guid") or "").lower() == guid.lower()]
    return [rule for rule in zone.get("EdgeRules") or [] if rule.get("Description") == description]


def find_edge_rule(zone, guid=None, description=None):
    """The rule asked for, by GUID (in any case) or by exact description; ``(rule, problem)``."""
    matches = matching_rules(zone, guid, description)
    if len(matches) == 1:
        return matches[0], None
    if not matches:
        asked = "no edge rule with the GUID %s" % guid if guid is not None else "no edge rule described as %r" % description
        return None, "Pull zone %s has %s; its edge rules are: %s" % (zone.get("Id"), asked, _listing(zone))
    return None, ambiguity(zone, description, len(matches))


def ambiguity(zone, description, count, remedy="choose one by guid"):
    return "Pull zone %s has %d edge rules described as %r, so %s; its edge rules are: %s" % (
        zone.get("Id"), count, description, remedy, _listing(zone))


# --- The declaration -----------------------------------------------------------------------------

def rule_key(rule):
    """A rule is known by its GUID (in any case); a rule to create, which has none yet, by its description."""
    guid = rule.get("Guid")
    return str(guid).lower() if guid else ("new", rule.get("Description"))


def rule_differences(rule, wanted):
    """What ``wanted`` (API terms, with its ``OrderIndex``) sets that ``rule`` does not hold, in CONTENT_FIELDS order."""
    changes = {field: wanted[field] for field in differing_fields(rule, wanted)}
    if wanted.get("OrderIndex") is not None and rule.get("OrderIndex") != wanted["OrderIndex"]:
        changes["OrderIndex"] = wanted["OrderIndex"]
    return changes


def new_rule(wanted):
    """A rule as addOrUpdate creates it: a new rule's values for what the options leave out."""
    rule = copy.deepcopy(NEW_RULE)
    rule.update(copy.deepcopy({field: value for field, value in wanted.items() if field != "Guid"}))
    rule.update(Guid=None, ReadOnly=False)
    return rule


def _predict(rule, changes):
    predicted = copy.deepcopy(rule)
    predicted.update(copy.deepcopy(changes))
    return predicted


def _add_rule(change):
    body = {field: copy.deepcopy(change.after.get(field)) for field in CONTENT_FIELDS}
    body["OrderIndex"] = change.after.get("OrderIndex")
    known = {rule.get("Guid") for rule in change.context.present}
    return Write("POST", build_path(WRITE_PATH, zone_id=change.parent_id), body,
                 confirm=_sent(change, body, lambda found: found.get("Description") == body["Description"] and found.get("Guid") not in known),
                 answered=lambda answer: _named_by(change, answer))


def _named_by(change, answer):
    if isinstance(answer, dict):
        change.after["Guid"] = answer.get("Guid")


def _change_rule(change):
    """At most one write: the switch alone when that is all that differs, otherwise the whole rule."""
    rule, differing = change.present, list(change.changes)
    if rule.get("ReadOnly"):
        verb = "switched %s" % ("on" if change.changes["Enabled"] else "off") if differing == ["Enabled"] else "changed"
        change.refuse("The edge rule %s of pull zone %s is read-only, so it cannot be %s" % (rule.get("Guid"), change.parent_id, verb))
        return None
    guid = rule["Guid"]
    if differing == ["Enabled"]:
        enabled = change.changes["Enabled"]
        # Neither the contract's body {Id, Value} nor the vendor's ToggleRequestModel says what Id
        # is; the path names the rule already, so Id carries the pull zone's ID.
        return Write("POST", build_path(SWITCH_PATH, zone_id=change.parent_id, guid=guid), {"Id": change.parent_id, "Value": enabled},
                     confirm=lambda: change.holding({"Enabled": enabled}))
    # addOrUpdate replaces the whole rule: fields that compare equal keep the record's form (a
    # trigger's patterns in the order it has them); null lists are sent as the empty ones they read back as.
    body = {"Guid": guid}
    body.update((field, copy.deepcopy(rule.get(field))) for field in CONTENT_FIELDS)
    body.update((field, body[field] or []) for field in ("ExtraActions", "Triggers"))
    body.update((field, copy.deepcopy(value)) for field, value in change.changes.items())
    body["OrderIndex"] = change.changes.get("OrderIndex", rule.get("OrderIndex"))
    change.after.update(body)
    return Write("POST", build_path(WRITE_PATH, zone_id=change.parent_id), body,
                 confirm=_sent(change, body, lambda found: found.get("Guid") == guid))


def _sent(change, body, candidate):
    """A ``confirm`` that finds the rule ``body`` was sent for, holding it: a lost answer is settled by it."""
    def confirm():
        for found in EDGE_RULES.read(change.module.client, change.parent_id):
            if candidate(found) and not differing_fields(found, body) and found.get("OrderIndex") == body["OrderIndex"]:
                return found
        return None
    return confirm


def _remove_rule(change):
    guid = change.present["Guid"]
    if change.present.get("ReadOnly"):
        change.refuse("The edge rule %s of pull zone %s is read-only, so it cannot be deleted" % (guid, change.parent_id))
        return None
    return Write("DELETE", build_path(RULE_PATH, zone_id=change.parent_id, guid=guid), confirm=change.gone)


EDGE_RULES = Items(
    noun="edge rule", parent=PULL_ZONE, parent_option="pull_zone_id", field="EdgeRules", key=rule_key,
    differences=rule_differences, predict=_predict, new_item=new_rule, project=project_rule,
    # Purging passes over read-only rules: they are bunny.net's.
    platform=lambda rule: bool(rule.get("ReadOnly")),
    add=_add_rule, change=_change_rule, remove=_remove_rule,
    # Deletes first; then each rule in the order of the list, a new one or a changed one alike.
    order=("remove", ("add", "change")),
    # The result lists the rules in the order they run.
    arrange=lambda rules: sorted(rules, key=lambda rule: rule.get("OrderIndex") or 0),
    # A rule has its GUID only once created: the diff names it by its description, in check mode too.
    label=lambda rule: rule.get("Description") or rule_key(rule),
)


def next_order_index(rules):
    return max((rule.get("OrderIndex") or 0 for rule in rules), default=-1) + 1


def converge_edge_rules(module):
    params = module.params
    if params["rules"] is None:
        converge_items(module, EDGE_RULES, lambda zone: one_rule_plan(module, zone))
    else:
        module.result_key = "edge_rules"
        converge_items(module, EDGE_RULES, lambda zone: rule_list_plan(module, zone))


def _refused(module, zone, problem):
    plan = EDGE_RULES.plan(module, zone.get("Id"), [], [])
    plan.refuse(problem)
    return plan


def one_rule_plan(module, zone):
    """One rule, found by ``guid`` or ``description``: created, changed in the fields given, switched or deleted."""
    params = module.params
    guid, description = params["guid"], params["description"]
    present = ordered_rules(zone)
    matches = matching_rules(zone, guid, description)
    if len(matches) > 1:
        return _refused(module, zone, ambiguity(zone, description, len(matches)))
    rule = matches[0] if matches else None
    zone_id = params["pull_zone_id"]
    if params["state"] == "absent":
        wanted = [rule] if rule is not None else []
        return EDGE_RULES.plan(module, zone_id, present, wanted, "absent", focus=rule_key(rule) if rule else None)
    content = desired_content(dict(params, description=None))
    if rule is not None:
        return EDGE_RULES.plan(module, zone_id, present, [dict(content, Guid=rule["Guid"])], focus=rule_key(rule))
    _rule, problem = find_edge_rule(zone, guid, description)
    if guid is not None or "ActionType" not in content:
        hint = "; give actions to create it" if guid is None and content.keys() - {"Enabled"} else ""
        return _refused(module, zone, problem + hint)
    wanted = dict(content, Description=description, OrderIndex=next_order_index(present))
    return EDGE_RULES.plan(module, zone_id, present, [wanted], focus=rule_key(wanted))


def rule_list_plan(module, zone):
    """The zone's rules as listed, by description and in the order listed; with ``purge``, no others.

    Rules the list leaves out stay (without ``purge``) and run after the listed ones, in the order
    they had. Read-only rules keep their place; the others are numbered around them.
    """
    params = module.params
    present = ordered_rules(zone)
    listed = [desired_content(item) for item in params["rules"]]
    problems = []
    for wanted in listed:
        matches = matching_rules(zone, description=wanted["Description"])
        if len(matches) > 1:
            problems.append(ambiguity(zone, wanted["Description"], len(matches),
                                      "rules cannot tell which one is meant: give them distinct descriptions"))
        elif matches and matches[0].get("ReadOnly"):
            problems.append("The edge rule %s (%r) of pull zone %s is read-only, so it cannot be listed in rules: leave it out, the "
                            "module never changes it" % (matches[0].get("Guid"), wanted["Description"], params["pull_zone_id"]))
    if problems:
        plan = _refused(module, zone, problems[0])
        plan.problems.extend(problems[1:])
        return plan
    by_description = {rule.get("Description"): rule for rule in present}
    if params["state"] == "absent":
        named = [rule for wanted in listed for rule in matching_rules(zone, description=wanted["Description"])]
        return EDGE_RULES.plan(module, params["pull_zone_id"], present, named, "absent")
    pinned = {rule.get("OrderIndex") for rule in present if rule.get("ReadOnly")}
    places = _free_indexes(pinned)
    wanted = []
    for content in listed:
        rule = by_description.get(content["Description"])
        wanted.append(dict(content, OrderIndex=next(places), Guid=rule["Guid"] if rule else None))
    listed_descriptions = {content["Description"] for content in listed}
    if not params["purge"]:
        # The rules the list leaves out run after the listed ones, in the order they had.
        wanted.extend({"Guid": rule["Guid"], "OrderIndex": next(places)} for rule in present
                      if rule.get("Description") not in listed_descriptions and not rule.get("ReadOnly"))
    return EDGE_RULES.plan(module, params["pull_zone_id"], present, wanted, purge=params["purge"])


def _free_indexes(taken):
    index = 0
    while True:
        if index not in taken:
            yield index
        index += 1
