"""shield_zone and shield_zone_info against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import shield_zone, shield_zone_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import (
    BASIC_ZONE_ID,
    BLOG_PULL_ZONE_ID,
    SHOP_PULL_ZONE_ID,
    ZONE_ID,
    ZONE_READ_PATH,
    protected_zones,
    read_api,
)


@pytest.fixture
def zones(simulator):
    simulator.load(**protected_zones())
    return simulator


def manage(simulator, check_mode=False, diff=False, **options):
    return run_module(shield_zone, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def info(simulator, **options):
    return run_module(shield_zone_info, simulator.api_args(**options))


def only_shield_zone_of(simulator, pull_zone_id):
    zones = info(simulator, pull_zone_id=pull_zone_id)["shield_zones"]
    assert len(zones) == 1
    return zones[0]


# shield_zone: create


def test_check_mode_predicts_a_new_zone_and_writes_nothing(zones):
    checked = manage(zones, check_mode=True, pull_zone_id=BLOG_PULL_ZONE_ID, plan="advanced", waf_execution_mode="block")

    assert checked["changed"] is True
    assert zones.writes() == []
    assert info(zones, pull_zone_id=BLOG_PULL_ZONE_ID)["shield_zones"] == []
    assert checked["shield_zone"]["shield_zone_id"] is None
    assert (checked["shield_zone"]["plan_type"], checked["shield_zone"]["waf_execution_mode"]) == ("advanced", "block")


def test_a_pull_zone_without_a_shield_zone_gets_one_with_the_settings_given(zones):
    checked = manage(zones, check_mode=True, pull_zone_id=BLOG_PULL_ZONE_ID, plan="business", ddos_sensitivity="high")
    applied = manage(zones, pull_zone_id=BLOG_PULL_ZONE_ID, plan="business", ddos_sensitivity="high")

    assert applied["changed"] is True
    assert [(entry["method"], entry["path"]) for entry in zones.writes()] == [("POST", "/shield/shield-zone")]
    assert zones.writes()[0]["body"] == {"pullZoneId": BLOG_PULL_ZONE_ID, "shieldZone": {"planType": 2, "dDoSShieldSensitivity": 3}}
    read_back = only_shield_zone_of(zones, BLOG_PULL_ZONE_ID)
    assert applied["shield_zone"] == read_back
    assert read_back["shield_zone_id"] is not None and read_back["custom_waf_rules_limit"] > 0
    given = ("pull_zone_id", "plan_type", "ddos_sensitivity")
    assert {key: checked["shield_zone"][key] for key in given} == {key: read_back[key] for key in given}


def test_a_second_run_finds_the_zone_by_its_pull_zone_and_reports_ok(zones):
    manage(zones, pull_zone_id=BLOG_PULL_ZONE_ID, plan="advanced")
    zones.clear_requests()

    again = manage(zones, pull_zone_id=BLOG_PULL_ZONE_ID, plan="advanced")

    assert again["changed"] is False
    assert zones.writes() == []


def test_a_lost_answer_to_the_create_is_settled_by_finding_the_zone(zones):
    zones.fault(method="POST", path="^/shield/shield-zone$", status=503, apply=True, count=1)

    result = manage(zones, pull_zone_id=BLOG_PULL_ZONE_ID, waf_enabled=False)

    assert result["changed"] is True and "failed" not in result
    assert [entry["method"] for entry in zones.writes()] == ["POST"]
    assert only_shield_zone_of(zones, BLOG_PULL_ZONE_ID)["waf_enabled"] is False


# shield_zone: update


def test_an_update_sends_the_changes_with_the_settings_that_may_not_be_left_out(zones):
    result = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, waf_enabled=False, waf_request_ignored_headers=["Cookie"])

    assert result["changed"] is True
    assert [(entry["method"], entry["path"]) for entry in zones.writes()] == [("PATCH", "/shield/shield-zone")]
    assert zones.writes()[0]["body"] == {"shieldZoneId": ZONE_ID, "shieldZone": {
        "planType": 1, "wafExecutionMode": 0, "wafRequestBodyLimitAction": 1, "wafResponseBodyLimitAction": 2, "dDoSShieldSensitivity": 1,
        "wafEnabled": False, "wafRequestIgnoredHeaders": ["Cookie"]}}
    assert read_api(zones, ZONE_READ_PATH)["wafEnabled"] is False


def test_check_mode_on_an_update_predicts_what_applying_returns_and_a_read_shows(zones):
    options = dict(pull_zone_id=SHOP_PULL_ZONE_ID, waf_execution_mode="block", learning_mode=True, waf_engine_config={"blocking_paranoia_level": "2"},
                   waf_request_body_limit_action="block", ddos_sensitivity="off", plan="enterprise")

    checked = manage(zones, check_mode=True, diff=True, **options)
    assert zones.writes() == []
    applied = manage(zones, **options)

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds(checked["shield_zone"], applied["shield_zone"], only_shield_zone_of(zones, SHOP_PULL_ZONE_ID),
                            server_fields=("custom_waf_rules_limit", "rate_limit_rules_limit"))
    assert checked["diff"]["before"]["waf_execution_mode"] == "log" and checked["diff"]["after"]["waf_execution_mode"] == "block"
    assert applied["shield_zone"]["custom_waf_rules_limit"] == 50


@pytest.mark.parametrize(
    ("option", "value", "stored"),
    [
        ("waf_disabled_rules", ["920100", "930110"], ("wafDisabledRules", ["920100", "930110"])),
        ("waf_log_only_rules", ["941100"], ("wafLogOnlyRules", ["941100"])),
        ("waf_request_header_logging", False, ("wafRequestHeaderLoggingEnabled", False)),
        ("request_body_logging", True, ("requestBodyLoggingEnabled", True)),
        ("waf_realtime_threat_intelligence", True, ("wafRealtimeThreatIntelligenceEnabled", True)),
        ("waf_profile_id", 3, ("wafProfileId", 3)),
        ("waf_response_body_limit_action", "block", ("wafResponseBodyLimitAction", 0)),
        ("learning_mode_until", "2026-12-31T00:00:00Z", ("learningModeUntil", "2026-12-31T00:00:00Z")),
        ("ddos_challenge_window", 600, ("dDoSChallengeWindow", 600)),
        ("whitelabel_response_pages", True, ("whitelabelResponsePages", True)),
        ("ddos_sensitivity", "challenge", ("dDoSShieldSensitivity", 4)),
    ],
)
def test_each_setting_reaches_the_api_as_the_vendor_value(zones, option, value, stored):
    manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, **{option: value})

    name, expected = stored
    assert read_api(zones, ZONE_READ_PATH)[name] == expected


def test_lists_compare_as_sets_and_ignored_headers_without_regard_to_case(zones):
    zones.load(**protected_zones(wafDisabledRules=["1", "2"], wafRequestIgnoredHeaders=["Cookie", "Authorization"]))

    result = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, waf_disabled_rules=["2", "1"], waf_request_ignored_headers=["authorization", "COOKIE"])

    assert result["changed"] is False
    assert zones.writes() == []


def test_the_zone_can_be_found_by_its_own_id(zones):
    result = manage(zones, id=ZONE_ID, whitelabel_response_pages=True)

    assert result["changed"] is True
    assert result["shield_zone"]["pull_zone_id"] == SHOP_PULL_ZONE_ID


def test_an_id_that_is_not_found_fails_and_never_creates(zones):
    result = manage(zones, id=999, pull_zone_id=BLOG_PULL_ZONE_ID)

    assert result["failed"] is True
    assert zones.writes() == []


def test_a_lost_answer_to_an_update_is_settled_by_reading(zones):
    zones.fault(method="PATCH", path="^/shield/shield-zone$", status=502, apply=True, count=1)

    result = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, waf_enabled=False)

    assert result["changed"] is True and "failed" not in result
    assert len(zones.writes()) == 1


# shield_zone: absent


def test_absent_is_refused_for_a_zone_that_exists_saying_why(zones):
    result = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, state="absent")

    assert result["failed"] is True
    assert "no way to delete a Shield zone" in result["msg"] and "waf_enabled=false" in result["msg"]
    assert zones.writes() == []


def test_absent_for_a_pull_zone_without_a_shield_zone_is_ok(zones):
    result = manage(zones, pull_zone_id=BLOG_PULL_ZONE_ID, state="absent")

    assert result["changed"] is False and "failed" not in result
    assert result["shield_zone"] is None


# shield_zone: bad input


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (dict(pull_zone_id=0), "pull_zone_id must be at least 1"),
        (dict(pull_zone_id=7, plan="gold"), "plan"),
        (dict(pull_zone_id=7, ddos_challenge_window=-1), "ddos_challenge_window must be at least 0"),
        (dict(waf_enabled=True), "one of the following is required: id, pull_zone_id"),
    ],
)
def test_bad_input_fails_before_any_request(zones, options, named):
    result = manage(zones, **options)

    assert result["failed"] is True
    assert named in result["msg"]
    assert zones.requests() == []


# shield_zone: under-attack mode

UNDER_ATTACK_PATH = "/shield/shield-zone/under-attack"


def test_under_attack_creates_a_zone_with_the_under_attack_create_and_the_rest_in_an_update(zones):
    options = dict(pull_zone_id=BLOG_PULL_ZONE_ID, under_attack=True, plan="advanced", waf_enabled=False)

    checked = manage(zones, check_mode=True, **options)
    assert zones.writes() == []
    applied = manage(zones, **options)

    assert [(entry["method"], entry["path"]) for entry in zones.writes()] == [("POST", UNDER_ATTACK_PATH), ("PATCH", "/shield/shield-zone")]
    assert zones.writes()[0]["body"] == {"pullZoneId": BLOG_PULL_ZONE_ID, "planType": 1}
    assert zones.writes()[1]["body"]["shieldZone"]["wafEnabled"] is False
    read_back = only_shield_zone_of(zones, BLOG_PULL_ZONE_ID)
    assert applied["shield_zone"] == read_back
    given = ("pull_zone_id", "plan_type", "waf_enabled", "ddos_sensitivity", "ddos_execution_mode", "under_attack")
    assert {key: checked["shield_zone"][key] for key in given} == {key: read_back[key] for key in given}
    assert (read_back["ddos_sensitivity"], read_back["ddos_execution_mode"], read_back["under_attack"]) == ("challenge", "block", True)


def test_under_attack_without_a_plan_creates_a_basic_zone_in_one_request(zones):
    result = manage(zones, pull_zone_id=BLOG_PULL_ZONE_ID, under_attack=True)

    assert [(entry["method"], entry["body"]) for entry in zones.writes()] == [("POST", {"pullZoneId": BLOG_PULL_ZONE_ID, "planType": 0})]
    assert (result["shield_zone"]["plan_type"], result["shield_zone"]["under_attack"]) == ("basic", True)


def test_under_attack_on_an_existing_zone_sets_the_challenge_sensitivity_and_a_second_run_is_ok(zones):
    checked = manage(zones, check_mode=True, pull_zone_id=SHOP_PULL_ZONE_ID, under_attack=True)
    applied = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, under_attack=True)
    zones.clear_requests()
    again = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, under_attack=True)

    assert zones.writes() == [] and again["changed"] is False
    assert applied["changed"] is True
    assert_prediction_holds(checked["shield_zone"], applied["shield_zone"], only_shield_zone_of(zones, SHOP_PULL_ZONE_ID))
    assert read_api(zones, ZONE_READ_PATH)["dDoSShieldSensitivity"] == 4


def test_under_attack_off_returns_to_the_sensitivity_given(zones):
    manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, under_attack=True)

    result = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, under_attack=False, ddos_sensitivity="medium", diff=True)

    assert result["changed"] is True
    assert (result["diff"]["before"]["under_attack"], result["diff"]["after"]["under_attack"]) == (True, False)
    assert read_api(zones, ZONE_READ_PATH)["dDoSShieldSensitivity"] == 2


def test_under_attack_off_on_a_zone_under_attack_needs_the_sensitivity_to_return_to(zones):
    manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, under_attack=True)
    zones.clear_requests()

    result = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, under_attack=False)

    assert result["failed"] is True and zones.writes() == []
    assert "under_attack=false needs ddos_sensitivity" in result["msg"]


def test_under_attack_off_on_a_zone_not_under_attack_is_ok(zones):
    result = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, under_attack=False)

    assert result["changed"] is False and result["shield_zone"]["under_attack"] is False


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (dict(under_attack=True, ddos_sensitivity="low"), "under_attack=true challenges every visitor"),
        (dict(under_attack=False, ddos_sensitivity="challenge"), "ddos_sensitivity=challenge is under-attack mode"),
    ],
)
def test_under_attack_and_a_contradicting_sensitivity_fail_before_any_request(zones, options, named):
    result = manage(zones, pull_zone_id=SHOP_PULL_ZONE_ID, **options)

    assert result["failed"] is True and named in result["msg"]
    assert zones.requests() == []


# shield_zone_info


def test_info_reads_one_zone_by_its_id_with_enums_by_name(zones):
    result = info(zones, shield_zone_id=BASIC_ZONE_ID)

    assert result["changed"] is False
    [zone] = result["shield_zones"]
    assert (zone["shield_zone_id"], zone["plan_type"], zone["custom_waf_rules_limit"]) == (BASIC_ZONE_ID, "basic", 0)
    assert (zone["waf_execution_mode"], zone["ddos_sensitivity"], zone["ddos_execution_mode"]) == ("log", "low", "block")


def test_info_reads_every_zone_over_several_pages(simulator):
    fixtures = protected_zones()
    fixtures["shield_zones"] = [{"shieldZoneId": number} for number in range(1, 131)]
    simulator.load(**fixtures)

    result = info(simulator)

    assert [zone["shield_zone_id"] for zone in result["shield_zones"]] == list(range(1, 131))
    assert len(simulator.requests()) == 2


def test_info_for_a_pull_zone_without_shield_is_an_empty_list(zones):
    assert info(zones, pull_zone_id=BLOG_PULL_ZONE_ID)["shield_zones"] == []


def test_info_for_an_unknown_zone_fails_naming_it(zones):
    result = info(zones, shield_zone_id=99)

    assert result["failed"] is True
    assert result["msg"] == "Shield zone 99 was not found (HTTP 404)."
