# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Custom WAF rules and rate limits of a Shield zone: what shield_waf_rule and shield_rate_limit share.

Both are lists of rules the zone holds, declared on items.py as items of the Shield zone
(``WAF_RULES`` and ``RATE_LIMITS``). They are read from their own list endpoint, with Shield's
pages, and each rule is written at its own path: POST creates one, PATCH changes one, DELETE
deletes one. A module manages one rule (found by ``name`` or ``id``) or the zone's whole list
(``rules``, ``purge``), with one read of the list and one write per rule that differs, planned and
written under the zone's lock: the API lost rules created in parallel on one zone. Before any write
the names are checked against the API's rule (letters, digits and spaces) and the count against the
zone's plan (a Basic-plan zone has no custom WAF rule).

A rule is compared in the options' terms (its projection): the API keeps the first condition in the
rule itself and the others as chained conditions, in an order of its own, so conditions compare as a
set, and so do transformations. Every update sends the whole rule, since the reference does not say
whether a configuration that is sent replaces the stored one or merges into it.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION, Write, apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, gone, name_of, only_one, snake_name
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import each_named_once
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import zone_error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import SHIELD_ZONE, plan_title

RULE_NAME_PATTERN = r"[A-Za-z0-9 ]+"
RULE_NAME_HINT = "letters, digits and spaces only (the API's rule for rule names)"

# The request variables a condition can test, by the vendor's names.
VARIABLES = (
    "REQUEST_URI", "REQUEST_URI_RAW", "ARGS", "ARGS_COMBINED_SIZE", "ARGS_GET", "ARGS_GET_NAMES", "ARGS_POST", "ARGS_POST_NAMES",
    "FILES_NAMES", "GEO", "REMOTE_ADDR", "QUERY_STRING", "REQUEST_BASENAME", "REQUEST_BODY", "REQUEST_COOKIES_NAMES",
    "REQUEST_COOKIES", "REQUEST_FILENAME", "REQUEST_HEADERS_NAMES", "REQUEST_HEADERS", "REQUEST_LINE", "REQUEST_METHOD",
    "REQUEST_PROTOCOL", "RESPONSE_BODY", "RESPONSE_HEADERS", "RESPONSE_STATUS", "FINGERPRINT", "VERIFIED_BOT_CATEGORY",
)  # fmt: skip
# The vendor's enums, by the names the options take.
OPERATORS = {"begins_with": 0, "ends_with": 1, "contains": 2, "contains_word": 3, "str_match": 4, "eq": 5, "ge": 6, "gt": 7,
             "le": 8, "lt": 9, "within": 12, "rx": 14, "str_eq": 15, "detect_sqli": 17, "detect_xss": 18}
SEVERITIES = {"notice": 0, "warning": 1, "critical": 2}
TRANSFORMATIONS = {
    "cmdline": 1, "compress_whitespace": 2, "css_decode": 3, "hex_encode": 4, "html_entity_decode": 5, "js_decode": 6, "length": 7,
    "lowercase": 8, "md5": 9, "normalize_path": 10, "normalise_path": 11, "normalize_path_win": 12, "normalise_path_win": 13,
    "remove_comments": 14, "remove_nulls": 15, "remove_whitespace": 16, "replace_comments": 17, "sha1": 18, "url_decode": 19,
    "url_decode_uni": 20, "utf8_to_unicode": 21,
}  # fmt: skip
WAF_ACTIONS = {"block": 1, "log": 2, "challenge": 3, "allow": 4, "bypass": 5}
RATE_LIMIT_ACTIONS = {"rate_limit": 1, "log": 2, "challenge": 3}
COUNTER_KEYS = {"ip": 0, "host": 1, "country": 2, "city": 3, "asn": 4, "organization": 5, "ja4": 6, "ip_ja4": 7}
WINDOWS = (1, 10, 60, 300, 900, 3600)
BLOCK_TIMES = (30, 60, 300, 900, 1800, 3600)

# What a rule gets on its creation for what the task leaves out; later runs leave those as they are.
CREATE_DEFAULTS = {"description": None, "severity": "notice", "transformations": []}


class ShieldRules(Items):
    """The custom WAF rules or the rate limits of a Shield zone, as items of the zone.

    Items are rules in the options' terms (``project_rule``). A rule the zone holds is known by its
    ID, so that ``id`` can rename it; a rule to create, which has none yet, by its name. ``settings``
    are the ``Field``s only this kind has (a rate limit's rate and window), ``required`` the options
    a rule cannot be created without, and ``limit_key`` the zone's property that caps their number.
    """

    def __init__(self, noun, result_key, list_path, item_path, create_path, actions, limit_key, required, settings=(),
                 create_defaults=None, checks=()):
        super().__init__(noun=noun, parent=SHIELD_ZONE, parent_option="shield_zone_id", key=rule_key, read=self._read_rules,
                         new_item=self._new_rule, add=self._create, change=self._update, remove=self._delete,
                         # Deletes first (a purge frees the plan's room); then each listed rule in the task's order.
                         order=("remove", ("add", "change")))
        self.plural = noun + "s"
        self.result_key = result_key
        self.list_path = list_path
        self.item_path = item_path
        self.create_path = create_path
        self.actions = actions
        self.limit_key = limit_key
        self.required = required
        self.settings = tuple(settings)
        self.create_defaults = dict(CREATE_DEFAULTS, **(create_defaults or {}))
        # Bounds of this kind's own settings, as validation.py takes them.
        self.checks = tuple(checks)

    # --- Reading ----------------------------------------------------------------------------------

    def records(self, client, zone_id):
        """The zone's rules as the API reads them, from every page."""
        return list(client.paginate(build_path(self.list_path, zone_id=zone_id), None, "shield"))

    def _read_rules(self, client, zone_id, _zone):
        return [project_rule(record, self) for record in self.records(client, zone_id)]

    def read_rule(self, client, rule_id):
        """One rule, read bare at its own path; a 2xx answer can carry the API's refusal in ``errorResponse``."""
        path = build_path(self.item_path, id=rule_id)
        answer = client.get(path)
        refusal = refused_in_answer(answer, "GET", path)
        if refusal is not None:
            raise refusal
        return answer

    # --- Planning ---------------------------------------------------------------------------------

    def planned(self, module):
        """The plan of one rule (``name`` or ``id``) or of the zone's list (``rules``), checked against the zone's plan."""
        plan = self._one_rule_plan(module) if module.params["rules"] is None else self._rule_list_plan(module)
        self._check_plan_limit(module, plan)
        return plan

    def _one_rule_plan(self, module):
        params = module.params
        zone_id = params["shield_zone_id"]
        if params["id"] is not None:
            found = self._rule_by_id(module)
            present = [found] if found else []
        else:
            present = self.read(module.client, zone_id)
            found = only_one(module, [rule for rule in present if rule["name"] == params["name"]], params["name"], self.plural, "id")
        if params["state"] == "absent":
            return self.plan(module, zone_id, present, [found] if found else [], "absent", focus=rule_key(found) if found else None)
        if found is None:
            module.refuse(missing_for_create(params, self))
        wanted = self._wanted(params, zone_id, found)
        return self.plan(module, zone_id, present, [wanted], focus=rule_key(wanted))

    def _rule_by_id(self, module):
        params = module.params
        try:
            record = self.read_rule(module.client, params["id"])
        except BunnyApiError as error:
            if error.status == 404 and params["state"] == "absent":
                return None
            raise
        if record.get("shieldZoneId") != params["shield_zone_id"]:
            module.fail("%s %s belongs to Shield zone %s, not to %s." % (
                self.noun.capitalize(), params["id"], record.get("shieldZoneId"), params["shield_zone_id"]))
        return project_rule(record, self)

    def _rule_list_plan(self, module):
        params = module.params
        zone_id = params["shield_zone_id"]
        present = self.read(module.client, zone_id)
        wanted_names = [options["name"] for options in params["rules"]]
        present_names = [rule["name"] for rule in present]
        # A name two rules share cannot say which of them to keep: guessing would change the wrong one.
        shared = sorted({name for name in wanted_names if present_names.count(name) > 1})
        if shared:
            ids = [rule["id"] for rule in present if rule["name"] in shared]
            module.fail("Several %s of Shield zone %s are named %s (ids %s); rename or delete all but one." % (
                self.plural, zone_id, ", ".join(repr(name) for name in shared), ", ".join(str(rule_id) for rule_id in ids)), ids=ids)
        by_name = {rule["name"]: rule for rule in present}
        module.refuse([problem for position, options in enumerate(params["rules"]) if options["name"] not in by_name
                       for problem in missing_for_create(options, self, "rules[%d]." % position)])
        wanted = [self._wanted(options, zone_id, by_name.get(options["name"])) for options in params["rules"]]
        plan = self.plan(module, zone_id, present, wanted, purge=params["purge"])
        # The result shows the rules the list leaves out first, in the zone's order, then the listed ones in the task's.
        position = {rule_key(rule): index for index, rule in enumerate(wanted)}
        plan.then(lambda _check_mode: setattr(plan, "after", [
            change.after for change in sorted(plan.items, key=lambda change: position.get(change.key, -1)) if not change.removing]))
        return plan

    def _wanted(self, options, zone_id, found):
        """The rule ``options`` ask for, in the items' terms: the settings given, and the ID of the rule it is."""
        return dict(desired_rule(options, self), shield_zone_id=zone_id, id=found["id"] if found else None)

    def _new_rule(self, wanted):
        """A rule as the create leaves it: what the task gives, the create defaults for the rest."""
        rule = dict(self.create_defaults, id=None, shield_zone_id=wanted["shield_zone_id"])
        rule.update((name, value) for name, value in wanted.items() if value is not None)
        return rule

    def _check_plan_limit(self, module, plan):
        """Fail, before any write, when the rules the plan creates would take the zone past its plan's limit."""
        creates = [change.after["name"] for change in plan.items if change.adding]
        if not creates:
            return
        zone_id = module.params["shield_zone_id"]
        zone = SHIELD_ZONE.read(module.client, zone_id)
        allowed = zone.get(self.limit_key)
        if not isinstance(allowed, int):
            return  # no stated limit: the API's own check still applies
        deletes = sum(1 for change in plan.items if change.removing)
        count = len(self.records(module.client, zone_id)) - deletes + len(creates)
        if count > allowed:
            module.fail(
                "Shield zone %s is on the %s plan, which allows %d %s (%s); the task would leave it with %d (creating %s). "
                "Choose a plan that allows more (bunnynet.cloud.shield_zone plan) or remove rules first." % (
                    zone_id, plan_title(zone.get("planType")), allowed, self.plural, snake_name(self.limit_key), count, ", ".join(creates)),
                limit=allowed)

    # --- Writing ----------------------------------------------------------------------------------

    def _create(self, change):
        body = rule_request(change.after, self)
        body["shieldZoneId"] = change.parent_id
        return Write("POST", self.create_path, body, confirm=lambda: self._holding(change), answered=self._answered(change),
                     refused=lambda answer: refused_in_answer(answer, "POST", self.create_path))

    def _update(self, change):
        path = build_path(self.item_path, id=change.present["id"])
        return Write("PATCH", path, rule_request(change.after, self), confirm=lambda: self._holding(change), answered=self._answered(change),
                     refused=lambda answer: refused_in_answer(answer, "PATCH", path))

    def _delete(self, change):
        path = build_path(self.item_path, id=change.present["id"])
        return Write("DELETE", path, confirm=lambda: gone(lambda: change.module.client.get(path)))

    def _holding(self, change):
        """The rule as the zone holds it once it is what ``change`` leaves; None while it is not (a write to settle)."""
        for record in self.records(change.module.client, change.parent_id):
            if not self.differences(project_rule(record, self), change.after):
                return record
        return None

    def _answered(self, change):
        """Fold a create's or an update's answer into the rule's ``after``."""
        def answered(answer):
            record = answer if isinstance(answer, dict) and answer.get("id") else self._holding(change)
            change.after = project_rule(record, self)
        return answered


def rule_key(rule):
    """A rule the zone holds is known by its ID; a rule to create, which has none yet, by its name."""
    return rule["id"] if rule.get("id") is not None else ("new", rule.get("name"))


WAF_RULES = ShieldRules(
    noun="custom WAF rule", result_key="waf_rule", list_path="/shield/waf/custom-rules/{zone_id}", item_path="/shield/waf/custom-rule/{id}",
    create_path="/shield/waf/custom-rule", actions=WAF_ACTIONS, limit_key="customWafRulesLimit", required=("action", "conditions"),
)
RATE_LIMITS = ShieldRules(
    noun="rate limit", result_key="rate_limit", list_path="/shield/rate-limits/{zone_id}", item_path="/shield/rate-limit/{id}",
    create_path="/shield/rate-limit", actions=RATE_LIMIT_ACTIONS, limit_key="rateLimitRulesLimit",
    required=("action", "conditions", "requests", "window"),
    settings=(Field("requests", "requestCount", type="int"), Field("window", "timeframe", type="int", choices=list(WINDOWS)),
              Field("block_time", "blockTime", type="int", choices=list(BLOCK_TIMES)), Field("counter_key", "counterKeyType", names=COUNTER_KEYS)),
    create_defaults={"counter_key": "ip", "block_time": 300},
    checks=(("requests", dict(minimum=1)),),
)


def converge_rules(module, kind):
    """Run shield_waf_rule or shield_rate_limit: plan from the zone's rules, read under the zone's lock, and apply."""
    params = module.params

    def run(module):
        module.refuse(input_problems(params))
        if params["rules"] is not None:
            module.result_key = kind.result_key + "s"
        apply(module, lambda: kind.planned(module), lock=kind.lock_path(params["shield_zone_id"]))

    module.run(run, describe_error=zone_error_describer(params["shield_zone_id"]))


# --- Options ---------------------------------------------------------------------------------------

def rule_options(kind):
    """The options of one rule, as the module takes them and as the items of ``rules`` take them."""
    options = dict(
        name=dict(type="str"),
        description=dict(type="str"),
        action=dict(type="str", choices=list(kind.actions)),
        severity=dict(type="str", choices=list(SEVERITIES)),
        conditions=dict(type="list", elements="dict", options=dict(
            variable=dict(type="str", required=True, choices=list(VARIABLES)),
            variable_value=dict(type="str", default=""),
            operator=dict(type="str", required=True, choices=list(OPERATORS)),
            value=dict(type="str", default=""),
            negated=dict(type="bool", default=False),
            regex_variable=dict(type="bool", default=False),
        )),
        transformations=dict(type="list", elements="str", choices=list(TRANSFORMATIONS)),
    )
    options.update((setting.option, setting.argument_spec()) for setting in kind.settings)
    return options


def argument_spec(kind):
    spec = dict(shield_zone_id=dict(type="int", required=True), id=dict(type="int"))
    spec.update(rule_options(kind))
    spec.update(
        rules=dict(type="list", elements="dict"),
        purge=dict(type="bool", default=False),
        state=dict(type="str", choices=["present", "absent"], default="present"),
        lock_timeout=dict(LOCK_TIMEOUT_OPTION),
    )
    return spec


def item_options(kind):
    """The options of each item of ``rules``: one rule's, its name required."""
    options = rule_options(kind)
    options["name"] = dict(type="str", required=True)
    return options


def module_kwargs(kind):
    return dict(
        item_options={"rules": item_options(kind)},
        mutually_exclusive=[("rules", "name"), ("rules", "id")],
        required_one_of=[("rules", "name", "id")],
    )


def input_rules(kind):
    """The bounds and patterns of the options (validation.py), for one rule and for each item of ``rules``."""
    checks = [("shield_zone_id", dict(minimum=1)), ("id", dict(minimum=1)), ("lock_timeout", dict(minimum=1)),
              ("rules", dict(satisfies=(each_named_once("name"), "name each rule once")))]
    for prefix in ("", "rules[]."):
        checks.extend([
            (prefix + "name", dict(pattern=RULE_NAME_PATTERN, pattern_hint=RULE_NAME_HINT)),
            (prefix + "description", dict(pattern=RULE_NAME_PATTERN, pattern_hint=RULE_NAME_HINT)),
            (prefix + "conditions", dict(min_items=1)),
        ])
        checks.extend((prefix + option, check) for option, check in kind.checks)
    return tuple(checks)


def input_problems(params):
    """What the argument spec cannot say about a task's shape."""
    if params["state"] != "present" and params["rules"] is not None:
        return ["rules cannot be given with state=absent; use purge to remove the rules a list leaves out"]
    return []


def missing_for_create(options, kind, where=""):
    """The options a rule to be created lacks, as sentences (a rule that exists keeps what is left out)."""
    return ["%s%s is required to create the %s %r" % (where, option, kind.noun, options.get("name"))
            for option in kind.required if options.get(option) is None]


# --- The rule in the options' terms -------------------------------------------------------------

def _condition_from_api(source):
    variables = source.get("variableTypes") or {}
    selector = next(iter(variables.values())) if len(variables) == 1 else ""
    return {
        # Several variables in one condition (possible in the dashboard) read as the WAF writes them: A|B.
        "variable": "|".join(sorted(variables)),
        "variable_value": selector or "",
        "operator": name_of(OPERATORS, source.get("operatorType")),
        "value": source.get("value") or "",
        "negated": bool(source.get("isNegated")),
        "regex_variable": bool(source.get("isRegexVariable")),
    }


def _condition_key(condition):
    return tuple(str(condition.get(name)) for name in ("variable", "variable_value", "operator", "value", "negated", "regex_variable"))


def canonical_conditions(conditions):
    """Conditions in one order, whatever order they were written or read in."""
    return sorted((dict(condition) for condition in conditions), key=_condition_key)


def project_rule(record, kind):
    """A rule as results and diffs show it, in the options' terms; conditions and transformations sorted."""
    if record is None:
        return None
    configuration = record.get("ruleConfiguration") or {}
    conditions = [_condition_from_api(configuration)] + [_condition_from_api(item) for item in configuration.get("chainedRuleConditions") or []]
    projected = {
        "id": record.get("id"),
        "shield_zone_id": record.get("shieldZoneId"),
        "name": record.get("ruleName"),
        "description": record.get("ruleDescription") or None,
        "action": name_of(kind.actions, configuration.get("actionType")),
        "severity": name_of(SEVERITIES, configuration.get("severityType")),
        "conditions": canonical_conditions(conditions),
        "transformations": sorted({name_of(TRANSFORMATIONS, number) for number in configuration.get("transformationTypes") or []}, key=str),
    }
    projected.update((setting.option, setting.from_api(configuration)) for setting in kind.settings)
    return projected


def desired_rule(options, kind):
    """The rule settings ``options`` give (left out: None), in the projection's terms."""
    wanted = {name: options.get(name) for name in ("name", "description", "action", "severity")}
    wanted["conditions"] = canonical_conditions(options["conditions"]) if options.get("conditions") is not None else None
    wanted["transformations"] = sorted(set(options["transformations"])) if options.get("transformations") is not None else None
    wanted.update((setting.option, options.get(setting.option)) for setting in kind.settings)
    return wanted


def _condition_to_api(condition):
    return {
        "variableTypes": {condition["variable"]: condition.get("variable_value") or ""},
        "operatorType": OPERATORS[condition["operator"]],
        "value": condition.get("value") or "",
        "isNegated": bool(condition.get("negated")),
        "isRegexVariable": bool(condition.get("regex_variable")),
    }


def rule_request(rule, kind):
    """The create or update body for the whole of ``rule`` (a projection); a number no name has passes through."""
    first, chained = rule["conditions"][0], rule["conditions"][1:]
    configuration = dict(
        actionType=kind.actions.get(rule["action"], rule["action"]),
        severityType=SEVERITIES.get(rule["severity"], rule["severity"]),
        transformationTypes=[TRANSFORMATIONS.get(name, name) for name in rule["transformations"]],
        chainedRuleConditions=[_condition_to_api(condition) for condition in chained],
        **_condition_to_api(first)
    )
    for setting in kind.settings:
        value = rule[setting.option]
        configuration[setting.api] = setting.names.get(value, value) if setting.names else value
    return {"ruleName": rule["name"], "ruleDescription": rule["description"], "ruleConfiguration": configuration}


def refused_in_answer(answer, method, path):
    """A rule answer (2xx) whose ``errorResponse`` says the API refused the write, as the error it is."""
    error = answer.get("errorResponse") if isinstance(answer, dict) else None
    if isinstance(error, dict) and error.get("success") is False:
        return BunnyApiError(method, path, error.get("statusCode"), {"error": error})
    return None
