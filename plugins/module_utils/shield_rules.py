# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Custom WAF rules and rate limits of a Shield zone: what shield_waf_rule and shield_rate_limit share.

Both are lists of rules the zone holds, each found by its name within the zone. A module manages
one rule (``name``, ``state``) or the zone's whole list (``rules``, ``purge``), with one read of the
list and one write per rule that differs, all under the zone's lock: the API lost rules created in
parallel on one zone. Before any write the names are checked against the API's rule (letters,
digits and spaces) and the count against the zone's plan (a Basic-plan zone has no custom WAF rule).

A rule is compared in the options' terms: the API keeps the first condition in the rule itself and
the others as chained conditions, in an order of its own, so conditions compare as a set, and so do
transformations. Every update sends the whole rule, since the reference does not say whether a
configuration that is sent replaces the stored one or merges into it.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.plan import LOCK_TIMEOUT_OPTION, held_lock
from ansible_collections.bunnynet.cloud.plugins.module_utils.resource import Field, Paths, Record, Resource, Writes
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield import ZONE_PATH, shield_data, zone_lock_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.validation import each_named_once

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
RATE_LIMIT_CREATE_DEFAULTS = {"counter_key": "ip", "block_time": 300}


class RuleKind:
    """What sets custom WAF rules and rate limits apart: paths, actions, the zone's limit, extra settings."""

    def __init__(self, noun, result_key, list_path, item_path, create_path, actions, limit_key, limit_words, required, settings):
        self.noun = noun
        self.result_key = result_key
        self.list_path = list_path
        self.item_path = item_path
        self.create_path = create_path
        self.actions = actions
        self.limit_key = limit_key
        self.limit_words = limit_words
        # Options a rule must have to be created (checked for every rule of a present task).
        self.required = required
        # (option, API property, names or None) of the settings only this kind has.
        self.settings = settings


WAF_RULE = RuleKind(
    noun="custom WAF rule", result_key="waf_rule", list_path="/shield/waf/custom-rules/{zone_id}", item_path="/shield/waf/custom-rule/{id}",
    create_path="/shield/waf/custom-rule", actions=WAF_ACTIONS, limit_key="customWafRulesLimit", limit_words="custom WAF rules",
    required=("action", "conditions"), settings=(),
)
RATE_LIMIT = RuleKind(
    noun="rate limit", result_key="rate_limit", list_path="/shield/rate-limits/{zone_id}", item_path="/shield/rate-limit/{id}",
    create_path="/shield/rate-limit", actions=RATE_LIMIT_ACTIONS, limit_key="rateLimitRulesLimit", limit_words="rate limits",
    required=("action", "conditions", "requests", "window"),
    settings=(("requests", "requestCount", None), ("window", "timeframe", None), ("block_time", "blockTime", None),
              ("counter_key", "counterKeyType", COUNTER_KEYS)),
)


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
    if kind is RATE_LIMIT:
        options.update(
            requests=dict(type="int"),
            window=dict(type="int", choices=list(WINDOWS)),
            block_time=dict(type="int", choices=list(BLOCK_TIMES)),
            counter_key=dict(type="str", choices=list(COUNTER_KEYS)),
        )
    return options


def argument_spec(kind):
    spec = dict(shield_zone_id=dict(type="int", required=True), id=dict(type="int"))
    spec.update(rule_options(kind))
    item_options = rule_options(kind)
    item_options["name"] = dict(type="str", required=True)
    spec.update(
        rules=dict(type="list", elements="dict", options=item_options),
        purge=dict(type="bool", default=False),
        state=dict(type="str", choices=["present", "absent"], default="present"),
        lock_timeout=dict(LOCK_TIMEOUT_OPTION),
    )
    return spec


def module_kwargs():
    return dict(
        mutually_exclusive=[("rules", "name"), ("rules", "id")],
        required_one_of=[("rules", "name", "id")],
    )


def rules(kind):
    checks = [("shield_zone_id", dict(minimum=1)), ("id", dict(minimum=1)), ("lock_timeout", dict(minimum=1)),
              ("rules", dict(satisfies=(each_named_once("name"), "name each rule once")))]
    for prefix in ("", "rules[]."):
        checks.extend([
            (prefix + "name", dict(pattern=RULE_NAME_PATTERN, pattern_hint=RULE_NAME_HINT)),
            (prefix + "description", dict(pattern=RULE_NAME_PATTERN, pattern_hint=RULE_NAME_HINT)),
            (prefix + "conditions", dict(min_items=1)),
        ])
        if kind is RATE_LIMIT:
            checks.append((prefix + "requests", dict(minimum=1)))
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

def _named(names, number):
    return next((name for name, value in names.items() if value == number), number)


def _condition_from_api(source):
    variables = source.get("variableTypes") or {}
    selector = next(iter(variables.values())) if len(variables) == 1 else ""
    return {
        # Several variables in one condition (possible in the dashboard) read as the WAF writes them: A|B.
        "variable": "|".join(sorted(variables)),
        "variable_value": selector or "",
        "operator": _named(OPERATORS, source.get("operatorType")),
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
        "action": _named(kind.actions, configuration.get("actionType")),
        "severity": _named(SEVERITIES, configuration.get("severityType")),
        "conditions": canonical_conditions(conditions),
        "transformations": sorted({_named(TRANSFORMATIONS, number) for number in configuration.get("transformationTypes") or []}, key=str),
    }
    for option, api_name, names in kind.settings:
        projected[option] = _named(names, configuration.get(api_name)) if names else configuration.get(api_name)
    return projected


def desired_rule(options, kind):
    """The rule settings ``options`` give (left out: None), in the projection's terms."""
    wanted = {name: options.get(name) for name in ("name", "description", "action", "severity")}
    wanted["conditions"] = canonical_conditions(options["conditions"]) if options.get("conditions") is not None else None
    wanted["transformations"] = sorted(set(options["transformations"])) if options.get("transformations") is not None else None
    for option, _api_name, _names in kind.settings:
        wanted[option] = options.get(option)
    return wanted


def merged_rule(current, wanted, kind, zone_id):
    """``current`` (a projection, or None for a new rule of ``zone_id``) with what ``wanted`` sets."""
    if current is not None:
        merged = dict(current)
    else:
        merged = dict(CREATE_DEFAULTS, id=None, shield_zone_id=zone_id)
        if kind is RATE_LIMIT:
            merged.update(RATE_LIMIT_CREATE_DEFAULTS)
    merged.update((name, value) for name, value in wanted.items() if value is not None)
    return merged


def _condition_to_api(condition):
    return {
        "variableTypes": {condition["variable"]: condition.get("variable_value") or ""},
        "operatorType": OPERATORS[condition["operator"]],
        "value": condition.get("value") or "",
        "isNegated": bool(condition.get("negated")),
        "isRegexVariable": bool(condition.get("regex_variable")),
    }


def rule_request(rule, kind):
    """The create or update body for the whole of ``rule`` (a projection)."""
    first, chained = rule["conditions"][0], rule["conditions"][1:]
    configuration = dict(
        actionType=kind.actions.get(rule["action"], rule["action"]),
        severityType=SEVERITIES.get(rule["severity"], rule["severity"]),
        transformationTypes=[TRANSFORMATIONS.get(name, name) for name in rule["transformations"]],
        chainedRuleConditions=[_condition_to_api(condition) for condition in chained],
        **_condition_to_api(first)
    )
    for option, api_name, names in kind.settings:
        configuration[api_name] = names.get(rule[option], rule[option]) if names else rule[option]
    return {"ruleName": rule["name"], "ruleDescription": rule["description"], "ruleConfiguration": configuration}


def same_rule(present, wanted):
    """Whether two projections are the same rule, apart from the ids the API gives."""
    ignored = ("id", "shield_zone_id")
    return {key: value for key, value in present.items() if key not in ignored} == {key: value for key, value in wanted.items() if key not in ignored}


def refused_in_answer(answer, method, path):
    """A rule answer (2xx) whose ``errorResponse`` says the API refused the write, as the error it is."""
    error = answer.get("errorResponse") if isinstance(answer, dict) else None
    if isinstance(error, dict) and error.get("success") is False:
        return BunnyApiError(method, path, error.get("statusCode"), {"error": error})
    return None


# --- The rules of one zone ----------------------------------------------------------------------

class ZoneRuleResource(Resource):
    """The rules of one kind in one Shield zone, on the engine for finding them.

    Overrides: ``read`` (a rule is read bare, and a 2xx answer can carry the API's refusal in
    ``errorResponse``) and ``project`` (the options' terms).
    """

    def __init__(self, kind, zone_id):
        super().__init__(noun=kind.noun, result_key=kind.result_key, key=Field("name", "ruleName"), fields=(),
                         paths=Paths(build_path(kind.list_path, zone_id=zone_id), kind.item_path, search=None, pages="shield"),
                         record=Record(id_field="id"), writes=Writes(update="PATCH", lock_writes=True))
        self.kind = kind
        self.zone_id = zone_id

    def read(self, client, record_id):
        path = self.path(record_id)
        answer = client.get(path)
        refusal = refused_in_answer(answer, "GET", path)
        if refusal is not None:
            raise refusal
        return answer

    def project(self, record):
        return project_rule(record, self.kind)


class ZoneRules:
    """Plan the writes that make a zone hold the rules a task asks for, predict the result, and send them."""

    def __init__(self, module, kind):
        self.module = module
        self.kind = kind
        self.params = module.params
        self.zone_id = self.params["shield_zone_id"]
        self.resource = ZoneRuleResource(kind, self.zone_id)
        # (method, path, body, rule name, projection the write should give) in the order they are sent.
        self.writes = []

    def run(self):
        problems = input_problems(self.params)
        self.module.refuse(problems)
        if self.params["rules"] is not None:
            self.module.result_key = self.kind.result_key + "s"
            self._plan_list()
        else:
            self._plan_one()

    # --- One rule, by id or name

    def _plan_one(self):
        current = self._find_one()
        before = self.resource.project(current)
        if self.params["state"] == "absent":
            if current is not None:
                self.writes.append(("DELETE", self.resource.path(current["id"]), None, before["name"], None))
            self._finish(before, None)
        if current is None:
            self._refuse(missing_for_create(self.params, self.kind))
        after = merged_rule(before, desired_rule(self.params, self.kind), self.kind, self.zone_id)
        self._plan_write(before, after)
        self._finish(before, after)

    def _refuse(self, problems):
        self.module.refuse(problems)

    def _find_one(self):
        if self.params["id"] is None:
            return self.resource.find(self.module, name=self.params["name"])
        try:
            record = self.resource.read(self.module.client, self.params["id"])
        except BunnyApiError as error:
            if error.status == 404 and self.params["state"] == "absent":
                return None
            raise
        if record.get("shieldZoneId") != self.zone_id:
            self.module.fail("%s %s belongs to Shield zone %s, not to %s." % (
                self.kind.noun.capitalize(), self.params["id"], record.get("shieldZoneId"), self.zone_id))
        return record

    # --- The zone's whole list

    def _plan_list(self):
        present = [self.resource.project(record) for record in self.resource.list(self.module.client)]
        wanted_names = [rule["name"] for rule in self.params["rules"]]
        present_names = [rule["name"] for rule in present]
        # A name two rules share cannot say which of them to keep: guessing would change the wrong one.
        shared = sorted({name for name in wanted_names if present_names.count(name) > 1})
        if shared:
            ids = [rule["id"] for rule in present if rule["name"] in shared]
            self.module.fail("Several %ss of Shield zone %s are named %s (ids %s); rename or delete all but one." % (
                self.kind.noun, self.zone_id, ", ".join(repr(name) for name in shared), ", ".join(str(rule_id) for rule_id in ids)), ids=ids)
        by_name = {rule["name"]: rule for rule in present}
        after = []
        for rule in present:
            if rule["name"] not in wanted_names:
                if self.params["purge"]:
                    self.writes.append(("DELETE", self.resource.path(rule["id"]), None, rule["name"], None))
                else:
                    after.append(rule)
        self._refuse([problem for position, options in enumerate(self.params["rules"]) if options["name"] not in by_name
                      for problem in missing_for_create(options, self.kind, "rules[%d]." % position)])
        for options in self.params["rules"]:
            before = by_name.get(options["name"])
            wanted = merged_rule(before, desired_rule(options, self.kind), self.kind, self.zone_id)
            self._plan_write(before, wanted)
            after.append(wanted)
        self._finish(present, after)

    # --- Writing

    def _plan_write(self, before, after):
        if before is None:
            body = rule_request(after, self.kind)
            body["shieldZoneId"] = self.zone_id
            self.writes.append(("POST", self.kind.create_path, body, after["name"], after))
        elif not same_rule(before, after):
            self.writes.append(("PATCH", self.resource.path(before["id"]), rule_request(after, self.kind), after["name"], after))

    def _check_plan_limit(self):
        creates = [name for method, _path, _body, name, _after in self.writes if method == "POST"]
        if not creates:
            return
        zone = shield_data(self.module.client.get(build_path(ZONE_PATH, zone_id=self.zone_id)))
        allowed = zone.get(self.kind.limit_key)
        if not isinstance(allowed, int):
            return  # no stated limit: the API's own check still applies
        deletes = sum(1 for method, _path, _body, _name, _after in self.writes if method == "DELETE")
        count = len(self.resource.list(self.module.client)) - deletes + len(creates)
        if count > allowed:
            plan = {0: "Basic", 1: "Advanced", 2: "Business", 3: "Enterprise"}.get(zone.get("planType"), zone.get("planType"))
            self.module.fail(
                "Shield zone %s is on the %s plan, which allows %d %s (%s); the task would leave it with %d (creating %s). "
                "Choose a plan that allows more (bunnynet.cloud.shield_zone plan) or remove rules first." % (
                    self.zone_id, plan, allowed, self.kind.limit_words, self._limit_result_key(), count, ", ".join(creates)),
                limit=allowed)

    def _limit_result_key(self):
        return "custom_waf_rules_limit" if self.kind is WAF_RULE else "rate_limit_rules_limit"

    def _finish(self, before, after):
        self._check_plan_limit()
        if self.writes and not self.module.check_mode:
            after = self._apply(after)
        self.module.exit_resource(bool(self.writes), before, after)

    def _apply(self, after):
        applied = {}
        with held_lock(self.module, zone_lock_path(self.zone_id)):
            for method, path, body, name, wanted in self.writes:
                applied[name] = self._send(method, path, body, name, wanted)
        if isinstance(after, list):
            return [applied.get(rule["name"], rule) for rule in after]
        return applied.get(after["name"]) if after is not None else None

    def _send(self, method, path, body, name, wanted):
        if method == "DELETE":
            self.module.write(method, path, confirm=lambda: self._gone(path))
            return None
        wrote_before = self.module.client.write_applied
        answer = self.module.write(method, path, body, confirm=lambda: self._holding(name, wanted))
        refusal = refused_in_answer(answer, method, path)
        if refusal is not None:
            # The API said no in a 2xx answer: nothing was written by this request.
            self.module.client.write_applied = wrote_before
            raise refusal
        record = answer if isinstance(answer, dict) and answer.get("id") else self._holding(name, wanted)
        return self.resource.project(record)

    def _gone(self, path):
        try:
            self.module.client.get(path)
        except BunnyApiError as error:
            if error.status == 404:
                return True
            raise
        return None

    def _holding(self, name, wanted):
        """The rule named ``name`` once it holds ``wanted``; None while it does not (a write to settle)."""
        for record in self.resource.list(self.module.client):
            if record.get("ruleName") == name and same_rule(self.resource.project(record), wanted):
                return record
        return None
