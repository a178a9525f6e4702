"""pullzone_edge_rule against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import pullzone_edge_rule
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import (
    BLOCK_GUID,
    REDIRECT_GUID,
    ZONE_ID,
    assets_zone,
    read_zone,
    requests_sent,
    writes,
)

ZONE = "/pullzone/%d" % ZONE_ID
SWITCH = ZONE + "/edgerules/%s/setEdgeRuleEnabled"


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("pull_zone_id", ZONE_ID)
    return run_module(pullzone_edge_rule, simulator.api_args(**options), check_mode=check_mode, diff=diff)


@pytest.fixture
def zone(simulator):
    simulator.load(pull_zones=[assets_zone()])
    return simulator


def stored_rule(simulator, guid):
    return next(rule for rule in read_zone(simulator)["EdgeRules"] if rule["Guid"] == guid)


def snake(rule):
    return {
        "guid": rule["Guid"], "description": rule["Description"], "enabled": rule["Enabled"], "action_type": rule["ActionType"],
        "action_parameter1": rule["ActionParameter1"], "action_parameter2": rule["ActionParameter2"],
        "action_parameter3": rule["ActionParameter3"], "triggers": rule["Triggers"], "extra_actions": rule["ExtraActions"],
        "trigger_matching_type": rule["TriggerMatchingType"], "order_index": rule["OrderIndex"], "read_only": rule["ReadOnly"],
    }


def test_check_mode_predicts_what_applying_returns_and_a_read_shows(zone):
    checked = run(zone, check_mode=True, description="Maintenance redirect", enabled=False)
    assert writes(zone) == []
    applied = run(zone, diff=True, description="Maintenance redirect", enabled=False)

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds(checked["edge_rule"], applied["edge_rule"], snake(stored_rule(zone, REDIRECT_GUID)))
    assert applied["diff"]["after"] == snake(stored_rule(zone, REDIRECT_GUID))
    assert (applied["diff"]["before"]["enabled"], applied["diff"]["after"]["enabled"]) == (True, False)


def test_the_switch_is_one_post_with_the_zone_id_and_the_value(zone):
    run(zone, guid=BLOCK_GUID.upper(), enabled=True)

    assert writes(zone) == [("POST", SWITCH % BLOCK_GUID, {"Id": ZONE_ID, "Value": True})]
    assert stored_rule(zone, BLOCK_GUID)["Enabled"] is True


@pytest.mark.parametrize("check_mode", [False, True])
def test_a_rule_already_in_the_wanted_state_is_left_alone(zone, check_mode):
    result = run(zone, check_mode=check_mode, diff=True, description="Block admin", enabled=False)

    assert result["changed"] is False
    assert requests_sent(zone) == [("GET", ZONE)]
    assert result["edge_rule"] == result["diff"]["before"] == result["diff"]["after"] == snake(stored_rule(zone, BLOCK_GUID))


def test_a_missing_description_fails_listing_the_rules(zone):
    result = run(zone, description="block admin", enabled=True)

    assert result["failed"] is True
    assert result["msg"] == (
        "Pull zone 10 has no edge rule described as 'block admin'; its edge rules are: "
        "%s ('Maintenance redirect'), %s ('Block admin')." % (REDIRECT_GUID, BLOCK_GUID))
    assert writes(zone) == []


def test_a_zone_without_edge_rules_says_so(zone):
    zone.load(pull_zones=[assets_zone(EdgeRules=[])])

    result = run(zone, guid=REDIRECT_GUID, enabled=True)

    assert result["msg"] == "Pull zone 10 has no edge rule with the GUID %s; its edge rules are: none." % REDIRECT_GUID


def test_a_shared_description_fails_asking_for_a_guid(zone):
    zone.load(pull_zones=[assets_zone(EdgeRules=[{"Guid": REDIRECT_GUID, "Description": "x"}, {"Guid": BLOCK_GUID, "Description": "x"}])])

    result = run(zone, description="x", enabled=False)

    assert result["msg"].startswith("Pull zone 10 has 2 edge rules described as 'x', so choose one by guid; its edge rules are: ")
    assert writes(zone) == []


def test_an_unknown_guid_fails_listing_the_rules(zone):
    result = run(zone, guid="00000000-0000-0000-0000-000000000000", enabled=True)

    assert result["msg"].startswith("Pull zone 10 has no edge rule with the GUID 00000000-0000-0000-0000-000000000000; its edge rules are: ")


@pytest.mark.parametrize("enabled, switch", [(False, "off"), (True, "on")])
def test_a_read_only_rule_is_not_switched(zone, enabled, switch):
    zone.load(pull_zones=[assets_zone(EdgeRules=[{"Guid": BLOCK_GUID, "Description": "Platform rule", "ReadOnly": True, "Enabled": not enabled}])])

    result = run(zone, guid=BLOCK_GUID, enabled=enabled)

    assert result["failed"] is True
    assert result["msg"] == "The edge rule %s of pull zone 10 is read-only, so it cannot be switched %s." % (BLOCK_GUID, switch)
    assert writes(zone) == []


def test_a_refused_switch_fails_naming_the_call(zone):
    zone.fault(method="POST", path="setEdgeRuleEnabled", status=400, count=1)

    result = run(zone, guid=BLOCK_GUID, enabled=True)

    assert result["failed"] is True
    assert result["msg"].startswith("POST %s failed with status 400" % (SWITCH % BLOCK_GUID))


@pytest.mark.parametrize("guid, enabled", [(REDIRECT_GUID, False), (BLOCK_GUID, True)], ids=["switched off", "switched on"])
def test_a_switch_whose_answer_is_lost_after_it_was_applied_is_settled_by_a_read(zone, guid, enabled):
    zone.fault(method="POST", path="setEdgeRuleEnabled", status=503, apply=True, count=1)

    result = run(zone, guid=guid, enabled=enabled)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [("GET", ZONE), ("POST", SWITCH % guid), ("GET", ZONE)]
    assert stored_rule(zone, guid)["Enabled"] is enabled


@pytest.mark.parametrize("guid, enabled", [(REDIRECT_GUID, False), (BLOCK_GUID, True)], ids=["switched off", "switched on"])
def test_a_switch_that_got_a_gateway_error_before_it_was_applied_is_sent_again(zone, guid, enabled):
    zone.fault(method="POST", path="setEdgeRuleEnabled", status=502, count=1)

    result = run(zone, guid=guid, enabled=enabled)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [("GET", ZONE), ("POST", SWITCH % guid), ("GET", ZONE), ("POST", SWITCH % guid)]
    assert stored_rule(zone, guid)["Enabled"] is enabled


@pytest.mark.parametrize("options, message", [
    ({"enabled": True}, "one of the following is required: guid, description"),
    ({"guid": REDIRECT_GUID, "description": "x", "enabled": True}, "parameters are mutually exclusive: guid|description"),
    ({"guid": REDIRECT_GUID}, "missing required arguments: enabled"),
    ({"description": "", "enabled": True}, "description must be at least 1 characters long, got 0"),
    ({"guid": REDIRECT_GUID, "enabled": True, "pull_zone_id": -3}, "pull_zone_id must be at least 1, got -3"),
])
def test_bad_input_fails_before_any_request(zone, options, message):
    result = run(zone, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert zone.requests() == []
