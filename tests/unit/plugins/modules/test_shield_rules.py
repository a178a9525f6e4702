"""shield_waf_rule and shield_rate_limit against the simulator."""

import json
import threading
import time

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import shield_rate_limit, shield_waf_rule
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module, start_module_process
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import BASIC_ZONE_ID, ZONE_ID, protected_zones, read_whole

ADMIN_SQLI = dict(
    name="Admin SQLi",
    action="block",
    severity="critical",
    conditions=[
        dict(variable="REQUEST_URI", operator="begins_with", value="/admin"),
        dict(variable="QUERY_STRING", operator="detect_sqli"),
    ],
    transformations=["url_decode", "lowercase"],
)
LOGIN = dict(
    name="Login attempts",
    action="rate_limit",
    requests=5,
    window=10,
    conditions=[dict(variable="REQUEST_URI", operator="begins_with", value="/login"), dict(variable="REQUEST_METHOD", operator="eq", value="POST")],
)
# The rules as the zone stores them: the API's numbers, the first condition in the rule itself.
STORED_RULE = {
    "id": 500, "ruleName": "Block curl", "ruleDescription": "Scripts",
    "ruleConfiguration": {"actionType": 1, "severityType": 1, "transformationTypes": [8], "variableTypes": {"REQUEST_HEADERS": "User-Agent"},
                          "operatorType": 2, "value": "curl", "chainedRuleConditions": []},
}
STORED_RATE_LIMIT = {
    "id": 600, "ruleName": "API",
    "ruleConfiguration": {"actionType": 3, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0, "value": "/api/", "requestCount": 300,
                          "timeframe": 60, "blockTime": 60, "counterKeyType": 0},
}


@pytest.fixture
def zone(simulator):
    simulator.load(**protected_zones(wafRules=[STORED_RULE], rateLimits=[STORED_RATE_LIMIT]))
    return simulator


def waf(simulator, check_mode=False, diff=False, **options):
    options.setdefault("shield_zone_id", ZONE_ID)
    return run_module(shield_waf_rule, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def rate(simulator, check_mode=False, diff=False, **options):
    options.setdefault("shield_zone_id", ZONE_ID)
    return run_module(shield_rate_limit, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def stored_rules(simulator, path="/shield/waf/custom-rules/%d" % ZONE_ID):
    return read_whole(simulator, path + "?perPage=100")["data"]


def by_name(rules):
    """Rules in one order, to compare lists of them."""
    return sorted(rules, key=lambda rule: rule["name"])


# Creating, with the prediction kept


def test_check_mode_predicts_a_new_rule_that_applying_and_a_read_confirm(zone):
    checked = waf(zone, check_mode=True, diff=True, **ADMIN_SQLI)
    assert zone.writes() == []
    applied = waf(zone, **ADMIN_SQLI)
    read_back = waf(zone, check_mode=True, **ADMIN_SQLI)["waf_rule"]

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds(checked["waf_rule"], applied["waf_rule"], read_back, server_fields=("id",))
    assert checked["waf_rule"]["id"] is None and applied["waf_rule"]["id"] is not None
    assert checked["diff"]["before"] == {} and checked["diff"]["after"]["action"] == "block"


def test_a_create_sends_the_first_condition_in_the_rule_and_the_others_chained_as_the_api_numbers(zone):
    waf(zone, **ADMIN_SQLI)

    [write] = zone.writes()
    assert (write["method"], write["path"]) == ("POST", "/shield/waf/custom-rule")
    assert write["body"] == {
        "shieldZoneId": ZONE_ID, "ruleName": "Admin SQLi", "ruleDescription": None,
        "ruleConfiguration": {
            "actionType": 1, "severityType": 2, "transformationTypes": [8, 19],
            "variableTypes": {"QUERY_STRING": ""}, "operatorType": 17, "value": "", "isNegated": False, "isRegexVariable": False,
            "chainedRuleConditions": [
                {"variableTypes": {"REQUEST_URI": ""}, "operatorType": 0, "value": "/admin", "isNegated": False, "isRegexVariable": False},
            ],
        },
    }


@pytest.mark.parametrize(("action", "number"), [("block", 1), ("log", 2), ("challenge", 3), ("allow", 4), ("bypass", 5)])
def test_every_action_the_api_takes_is_accepted_allow_and_bypass_included(zone, action, number):
    result = waf(zone, **{**ADMIN_SQLI, "action": action})

    assert result["waf_rule"]["action"] == action
    assert read_whole(zone, "/shield/waf/custom-rule/%d" % result["waf_rule"]["id"])["ruleConfiguration"]["actionType"] == number


def test_a_second_run_reads_once_and_reports_ok_although_the_api_reorders_the_conditions(zone):
    waf(zone, **ADMIN_SQLI)
    zone.clear_requests()

    again = waf(zone, **{**ADMIN_SQLI, "conditions": list(reversed(ADMIN_SQLI["conditions"])), "transformations": ["lowercase", "url_decode"]})

    assert again["changed"] is False
    assert [entry["method"] for entry in zone.requests()] == ["GET"]


# Updating


def test_an_update_sends_the_whole_rule_with_the_one_change(zone):
    result = waf(zone, name="Block curl", action="challenge", diff=True)

    assert result["changed"] is True
    [write] = zone.writes()
    assert (write["method"], write["path"]) == ("PATCH", "/shield/waf/custom-rule/500")
    assert write["body"]["ruleConfiguration"]["actionType"] == 3
    assert write["body"]["ruleConfiguration"]["variableTypes"] == {"REQUEST_HEADERS": "User-Agent"}
    assert write["body"]["ruleDescription"] == "Scripts"
    assert result["diff"]["before"]["action"] == "block" and result["diff"]["after"]["action"] == "challenge"


def test_a_rule_given_by_id_can_be_renamed(zone):
    result = waf(zone, id=500, name="Block scripts")

    assert result["changed"] is True
    assert [rule["ruleName"] for rule in stored_rules(zone)] == ["Block scripts"]


def test_a_rule_of_another_zone_given_by_id_is_refused(simulator):
    fixtures = protected_zones()
    fixtures["shield_zones"][1]["rateLimits"] = [dict(STORED_RATE_LIMIT, id=700)]
    simulator.load(**fixtures)

    result = rate(simulator, id=700, action="log")

    assert result["failed"] is True and "belongs to Shield zone %d" % BASIC_ZONE_ID in result["msg"]
    assert simulator.writes() == []


def test_a_lost_answer_to_a_create_is_settled_by_reading_the_zone_rules(zone):
    zone.fault(method="POST", path="^/shield/waf/custom-rule$", status=503, apply=True, count=1)

    result = waf(zone, **ADMIN_SQLI)

    assert result["changed"] is True and "failed" not in result
    assert len(zone.writes()) == 1
    assert sorted(rule["ruleName"] for rule in stored_rules(zone)) == ["Admin SQLi", "Block curl"]


# Deleting


def test_absent_deletes_the_rule_named_and_a_second_run_is_ok(zone):
    removed = waf(zone, name="Block curl", state="absent")
    again = waf(zone, name="Block curl", state="absent")

    assert removed["changed"] is True and removed["waf_rule"] is None
    assert again["changed"] is False
    assert stored_rules(zone) == []


# The rules form


def test_rules_with_purge_make_the_zone_hold_exactly_the_list(zone):
    wanted = [ADMIN_SQLI, dict(name="Log bots", action="log", conditions=[dict(variable="VERIFIED_BOT_CATEGORY", operator="contains", value="crawler")])]

    checked = waf(zone, check_mode=True, rules=wanted, purge=True)
    applied = waf(zone, rules=wanted, purge=True)
    again = waf(zone, rules=wanted, purge=True)

    assert [entry["method"] for entry in zone.writes()] == ["DELETE", "POST", "POST"]
    for predicted, result, read_back in zip(by_name(checked["waf_rules"]), by_name(applied["waf_rules"]), by_name(again["waf_rules"])):
        assert_prediction_holds(predicted, result, read_back, server_fields=("id",))
    assert again["changed"] is False
    assert sorted(rule["ruleName"] for rule in stored_rules(zone)) == ["Admin SQLi", "Log bots"]


def test_rules_without_purge_keep_the_rules_the_list_leaves_out(zone):
    result = waf(zone, rules=[ADMIN_SQLI])

    assert [entry["method"] for entry in zone.writes()] == ["POST"]
    assert sorted(rule["name"] for rule in result["waf_rules"]) == ["Admin SQLi", "Block curl"]


def test_rules_fail_when_two_rules_of_the_zone_share_a_name_the_list_has(simulator):
    simulator.load(**protected_zones(wafRules=[STORED_RULE, dict(STORED_RULE, id=501)]))

    result = waf(simulator, rules=[dict(ADMIN_SQLI, name="Block curl")])

    assert result["failed"] is True and "ids 500, 501" in result["msg"]
    assert simulator.writes() == []


# Plan limits


def test_a_basic_plan_zone_refuses_a_custom_waf_rule_before_any_write_naming_the_limit(zone):
    result = waf(zone, shield_zone_id=BASIC_ZONE_ID, **ADMIN_SQLI)

    assert result["failed"] is True
    assert "Basic plan, which allows 0 custom WAF rules (custom_waf_rules_limit)" in result["msg"]
    assert zone.writes() == []


def test_the_plan_limit_counts_the_rules_the_run_deletes(simulator):
    simulator.load(**protected_zones(wafRules=[STORED_RULE], customWafRulesLimit=1))

    result = waf(simulator, rules=[ADMIN_SQLI], purge=True)

    assert "failed" not in result
    assert [entry["method"] for entry in simulator.writes()] == ["DELETE", "POST"]


def test_a_refusal_inside_a_2xx_answer_fails_the_run_and_reports_no_change(simulator):
    # Someone else takes the zone's last free rule while the module's create is on its way: the API
    # answers 200 with the refusal in errorResponse, which must not pass for a created rule.
    simulator.load(**protected_zones(customWafRulesLimit=1))
    simulator.fault(method="POST", path="^/shield/waf/custom-rule$", delay_ms=1500, count=1)
    outcome = {}
    runner = threading.Thread(target=lambda: outcome.update(waf(simulator, **ADMIN_SQLI)))
    runner.start()
    # The simulator logs a request when it arrives, before the delay: the other create goes once
    # the module's is held there, however long the module took to send it.
    deadline = time.monotonic() + 30
    while not simulator.writes() and time.monotonic() < deadline:
        time.sleep(0.02)
    taken = requests.post(simulator.url + "/shield/waf/custom-rule", headers={"AccessKey": simulator.key}, timeout=10,
                          json={"shieldZoneId": ZONE_ID, "ruleName": "Dashboard", "ruleConfiguration": {"variableTypes": {"GEO": ""}, "actionType": 2}})
    runner.join(timeout=30)

    assert taken.json()["errorResponse"]["success"] is True
    assert outcome["failed"] is True and outcome["changed"] is False
    assert outcome["api_error"]["error_key"] == "waf_rule.limit_reached"
    assert "allows 1 custom WAF rules" in outcome["msg"]
    assert [rule["ruleName"] for rule in stored_rules(simulator)] == ["Dashboard"]


# Rate limits


def test_a_rate_limit_is_created_with_its_rate_window_and_defaults(zone):
    checked = rate(zone, check_mode=True, **LOGIN)
    applied = rate(zone, **LOGIN)

    assert_prediction_holds(checked["rate_limit"], applied["rate_limit"], rate(zone, check_mode=True, **LOGIN)["rate_limit"], server_fields=("id",))
    configuration = zone.writes()[0]["body"]["ruleConfiguration"]
    assert (configuration["requestCount"], configuration["timeframe"], configuration["blockTime"], configuration["counterKeyType"]) == (5, 10, 300, 0)


def test_a_rate_limit_update_changes_only_what_differs_and_keeps_the_rest(zone):
    rate(zone, name="API", requests=100, counter_key="ip_ja4")

    [write] = zone.writes()
    assert write["path"] == "/shield/rate-limit/600"
    configuration = write["body"]["ruleConfiguration"]
    assert (configuration["requestCount"], configuration["counterKeyType"], configuration["actionType"], configuration["timeframe"]) == (100, 7, 3, 60)


def test_rate_limits_over_the_plan_fail_before_any_write(simulator):
    simulator.load(**protected_zones(rateLimits=[STORED_RATE_LIMIT], rateLimitRulesLimit=1))

    result = rate(simulator, **LOGIN)

    assert result["failed"] is True and "allows 1 rate limits (rate_limit_rules_limit)" in result["msg"]
    assert simulator.writes() == []


# Bad input


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (dict(ADMIN_SQLI, name="Admin: SQLi"), "name must match letters, digits and spaces only"),
        (dict(ADMIN_SQLI, description="no-dashes"), "description must match letters, digits and spaces only"),
        (dict(rules=[dict(ADMIN_SQLI, name="a_b")]), "rules[0].name must match letters, digits and spaces only"),
        # Each item is checked against the options of one rule, and the failure names the item.
        (dict(rules=[ADMIN_SQLI, dict(ADMIN_SQLI, name="Other", action="deny")]), "rules[1]: value of action must be one of: block"),
        (dict(rules=[dict(ADMIN_SQLI, colour="red")]), "rules[0]: unsupported parameters: colour. Supported parameters include: action, conditions"),
        (dict(rules=[{option: value for option, value in ADMIN_SQLI.items() if option != "name"}]), "rules[0]: missing required arguments: name"),
        (dict(rules=[dict(ADMIN_SQLI, conditions=[dict(operator="eq")])]), "rules[0]: missing required arguments: variable found in conditions"),
        (dict(ADMIN_SQLI, action="deny"), "action"),
        (dict(ADMIN_SQLI, conditions=[]), "conditions must have at least 1 items"),
        (dict(ADMIN_SQLI, conditions=[dict(variable="REQUEST_PATH", operator="eq")]), "variable"),
        (dict(rules=[ADMIN_SQLI, ADMIN_SQLI]), "name each rule once"),
        (dict(rules=[ADMIN_SQLI], state="absent"), "rules cannot be given with state=absent"),
        (dict(ADMIN_SQLI, rules=[ADMIN_SQLI]), "mutually exclusive"),
    ],
)
def test_bad_waf_rule_input_fails_before_any_request(zone, options, named):
    result = waf(zone, **options)

    assert result["failed"] is True
    assert named in result["msg"]
    assert zone.requests() == []


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (dict(LOGIN, window=30), "window"),
        (dict(LOGIN, requests=0), "requests must be at least 1"),
        (dict(LOGIN, action="block"), "action"),
    ],
)
def test_bad_rate_limit_input_fails_before_any_request(zone, options, named):
    result = rate(zone, **options)

    assert result["failed"] is True
    assert named in result["msg"]
    assert zone.requests() == []


def test_a_rule_to_create_without_its_action_fails_before_any_write(zone):
    result = waf(zone, name="No action", conditions=ADMIN_SQLI["conditions"])

    assert result["failed"] is True and "action is required to create the custom WAF rule 'No action'" in result["msg"]
    assert zone.writes() == []


def test_items_of_rules_are_converted_as_one_rule_options_are(zone):
    # Templated values reach a module as strings; an item's are converted to the option's type, so
    # that the list converges and then stays ok.
    login = dict(LOGIN, requests="5", window="10", conditions=[dict(condition, negated="no") for condition in LOGIN["conditions"]])

    created = rate(zone, rules=[login])
    again = rate(zone, rules=[login])

    created_rule = next(rule for rule in created["rate_limits"] if rule["name"] == LOGIN["name"])
    assert created["changed"] is True and created_rule["requests"] == 5 and created_rule["window"] == 10
    assert again["changed"] is False
    stored = stored_rules(zone, "/shield/rate-limits/%d" % ZONE_ID)
    assert [rule["ruleConfiguration"]["requestCount"] for rule in stored if rule["ruleName"] == LOGIN["name"]] == [5]


def test_a_rate_limit_to_create_in_a_list_without_its_window_fails_naming_the_item(zone):
    result = rate(zone, rules=[{option: value for option, value in LOGIN.items() if option != "window"}])

    assert result["failed"] is True and "rules[0].window is required to create the rate limit 'Login attempts'" in result["msg"]
    assert zone.writes() == []


# Parallel runs


def test_parallel_runs_on_one_zone_write_one_at_a_time_and_lose_no_rule(simulator, tmp_path):
    simulator.load(**protected_zones())
    simulator.fault(method="POST", path="^/shield/waf/custom-rule$", delay_ms=150)

    processes = [
        start_module_process(shield_waf_rule, simulator.api_args(shield_zone_id=ZONE_ID, lock_timeout=60, **dict(ADMIN_SQLI, name="Rule %d" % fork)),
                             tmp_path, "fork%d" % fork)
        for fork in range(5)
    ]
    results = [json.loads(process.communicate(timeout=120)[0]) for process in processes]

    assert [result.get("failed", False) for result in results] == [False] * 5
    assert simulator.server.stats()["most_concurrent_writes"] == {"/shield/waf/custom-rule": 1}
    assert sorted(rule["ruleName"] for rule in stored_rules(simulator)) == ["Rule %d" % fork for fork in range(5)]
