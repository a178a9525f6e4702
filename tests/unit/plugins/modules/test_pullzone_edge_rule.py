"""pullzone_edge_rule against the simulator: one rule switched, created, changed or deleted, and a zone's rules as a list."""

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
ADD_OR_UPDATE = ZONE + "/edgerules/addOrUpdate"
RULE = ZONE + "/edgerules/%s"
PLATFORM_GUID = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d"
# The vendor's numbers for the types these tests use, written out here so that no expectation
# comes from the module's own tables.
ACTION_NAMES = {0: "force_ssl", 1: "redirect", 3: "override_cache_time", 4: "block_request", 5: "set_response_header"}
TRIGGER_NAMES = {0: "url", 1: "request_header", 3: "url_extension", 5: "remote_ip"}
MATCHING_NAMES = {0: "any", 1: "all", 2: "none"}
REDIRECT_ACTION = {"type": "redirect", "parameter_1": "https://status.example.com", "parameter_2": None, "parameter_3": None}
SHOP_TRIGGER = {"Type": 0, "PatternMatches": ["*/shop/*", "*/cart/*"], "PatternMatchingType": 0, "Parameter1": None}


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("pull_zone_id", ZONE_ID)
    return run_module(pullzone_edge_rule, simulator.api_args(**options), check_mode=check_mode, diff=diff)


@pytest.fixture
def zone(simulator):
    simulator.load(pull_zones=[assets_zone()])
    return simulator


def load_rules(simulator, *rules):
    simulator.load(pull_zones=[assets_zone(EdgeRules=list(rules))])


def stored_rules(simulator):
    return sorted(read_zone(simulator)["EdgeRules"], key=lambda rule: rule["OrderIndex"])


def stored_rule(simulator, guid):
    return next(rule for rule in read_zone(simulator)["EdgeRules"] if rule["Guid"] == guid)


def stored_described(simulator, description):
    return next(rule for rule in read_zone(simulator)["EdgeRules"] if rule["Description"] == description)


def action(number, parameters):
    return dict({"type": ACTION_NAMES.get(number, number)}, **{"parameter_%d" % position: value for position, value in enumerate(parameters, 1)})


def shown(rule):
    """A stored rule as results show it."""
    actions = [action(rule["ActionType"], (rule["ActionParameter1"], rule["ActionParameter2"], rule["ActionParameter3"]))]
    actions += [action(extra["ActionType"], (extra["ActionParameter1"], extra["ActionParameter2"], extra["ActionParameter3"]))
                for extra in rule["ExtraActions"]]
    return {
        "guid": rule["Guid"], "description": rule["Description"], "enabled": rule["Enabled"], "actions": actions,
        "triggers": [{"type": TRIGGER_NAMES.get(trigger["Type"], trigger["Type"]), "patterns": trigger["PatternMatches"],
                      "pattern_matching_type": MATCHING_NAMES[trigger["PatternMatchingType"]], "parameter_1": trigger["Parameter1"]}
                     for trigger in rule["Triggers"]],
        "trigger_matching_type": MATCHING_NAMES[rule["TriggerMatchingType"]], "order_index": rule["OrderIndex"], "read_only": rule["ReadOnly"],
    }


def assert_list_prediction_holds(checked, applied, read_back):
    """assert_prediction_holds for lists of rules, apart from the GUIDs of new rules, which only the API knows."""
    assert_prediction_holds(*({"edge_rules": rules} for rules in (checked, applied, read_back)), server_fields=["edge_rules[].guid"])


def whole_rule(guid, description, order_index, action_type, parameter_1=None, triggers=(), extra_actions=(), enabled=True, matching=0):
    """The body addOrUpdate gets: every property of the rule, as it is to be."""
    body = {
        "ActionType": action_type, "ActionParameter1": parameter_1, "ActionParameter2": None, "ActionParameter3": None,
        "ExtraActions": list(extra_actions), "Triggers": list(triggers), "TriggerMatchingType": matching,
        "Description": description, "Enabled": enabled, "OrderIndex": order_index,
    }
    return dict({"Guid": guid}, **body) if guid else body


# --- One rule: the switch ---------------------------------------------------------------------------

def test_check_mode_predicts_what_applying_returns_and_a_read_shows(zone):
    checked = run(zone, check_mode=True, description="Maintenance redirect", enabled=False)
    assert writes(zone) == []
    applied = run(zone, diff=True, description="Maintenance redirect", enabled=False)

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds(checked["edge_rule"], applied["edge_rule"], shown(stored_rule(zone, REDIRECT_GUID)))
    assert applied["diff"]["after"] == shown(stored_rule(zone, REDIRECT_GUID))
    assert (applied["diff"]["before"]["enabled"], applied["diff"]["after"]["enabled"]) == (True, False)


def test_the_switch_is_one_post_with_the_zone_id_and_the_value(zone):
    run(zone, guid=BLOCK_GUID.upper(), enabled=True)

    assert writes(zone) == [("POST", SWITCH % BLOCK_GUID, {"Id": ZONE_ID, "Value": True})]
    assert stored_rule(zone, BLOCK_GUID)["Enabled"] is True


def test_a_switch_given_with_the_rule_as_it_is_is_still_only_the_switch(zone):
    run(zone, description="Maintenance redirect", enabled=False, actions=[REDIRECT_ACTION], trigger_matching_type="any")

    assert writes(zone) == [("POST", SWITCH % REDIRECT_GUID, {"Id": ZONE_ID, "Value": False})]


@pytest.mark.parametrize("check_mode", [False, True])
def test_a_rule_already_in_the_wanted_state_is_left_alone(zone, check_mode):
    result = run(zone, check_mode=check_mode, diff=True, description="Block admin", enabled=False)

    assert result["changed"] is False
    assert requests_sent(zone) == [("GET", ZONE)]
    assert result["edge_rule"] == result["diff"]["before"] == result["diff"]["after"] == shown(stored_rule(zone, BLOCK_GUID))


def test_a_missing_description_fails_listing_the_rules(zone):
    result = run(zone, description="block admin", enabled=True)

    assert result["failed"] is True
    assert result["msg"] == (
        "Pull zone 10 has no edge rule described as 'block admin'; its edge rules are: "
        "%s ('Maintenance redirect'), %s ('Block admin')." % (REDIRECT_GUID, BLOCK_GUID))
    assert writes(zone) == []


def test_a_missing_description_with_triggers_but_no_actions_says_how_to_create_it(zone):
    result = run(zone, description="Block bots", triggers=[{"type": "url", "patterns": ["*/bots/*"]}])

    assert result["msg"].endswith("('Block admin'); give actions to create it.")
    assert writes(zone) == []


def test_a_zone_without_edge_rules_says_so(zone):
    zone.load(pull_zones=[assets_zone(EdgeRules=[])])

    result = run(zone, guid=REDIRECT_GUID, enabled=True)

    assert result["msg"] == "Pull zone 10 has no edge rule with the GUID %s; its edge rules are: none." % REDIRECT_GUID


def test_a_shared_description_fails_asking_for_a_guid(zone):
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "x"}, {"Guid": BLOCK_GUID, "Description": "x"})

    result = run(zone, description="x", enabled=False)

    assert result["msg"].startswith("Pull zone 10 has 2 edge rules described as 'x', so choose one by guid; its edge rules are: ")
    assert writes(zone) == []


def test_an_unknown_guid_fails_listing_the_rules_and_creates_nothing(zone):
    result = run(zone, guid="00000000-0000-0000-0000-000000000000", enabled=True, actions=[{"type": "force_ssl"}])

    assert result["msg"].startswith("Pull zone 10 has no edge rule with the GUID 00000000-0000-0000-0000-000000000000; its edge rules are: ")
    assert writes(zone) == []


@pytest.mark.parametrize("enabled, switch", [(False, "off"), (True, "on")])
def test_a_read_only_rule_is_not_switched(zone, enabled, switch):
    load_rules(zone, {"Guid": BLOCK_GUID, "Description": "Platform rule", "ReadOnly": True, "Enabled": not enabled})

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


# --- One rule: create, change, delete ---------------------------------------------------------------

BLOCK_BOTS = dict(
    description="Block bots",
    actions=[{"type": "block_request"}, {"type": "set_response_header", "parameter_1": "X-Blocked", "parameter_2": "bot"}],
    triggers=[{"type": "request_header", "parameter_1": "User-Agent", "patterns": ["*curl*", "*wget*"]},
              {"type": "remote_ip", "patterns": ["203.0.113.7"], "pattern_matching_type": "none"}],
    trigger_matching_type="all",
)


def test_a_new_rule_is_predicted_created_with_one_call_and_left_alone_after(zone):
    checked = run(zone, check_mode=True, diff=True, **BLOCK_BOTS)
    assert writes(zone) == []
    applied = run(zone, diff=True, **BLOCK_BOTS)
    again = run(zone, **BLOCK_BOTS)

    created = stored_described(zone, "Block bots")
    assert writes(zone) == [("POST", ADD_OR_UPDATE, whole_rule(
        None, "Block bots", 2, 4, extra_actions=[{"ActionType": 5, "ActionParameter1": "X-Blocked", "ActionParameter2": "bot", "ActionParameter3": None}],
        triggers=[{"Type": 1, "PatternMatches": ["*curl*", "*wget*"], "PatternMatchingType": 0, "Parameter1": "User-Agent"},
                  {"Type": 5, "PatternMatches": ["203.0.113.7"], "PatternMatchingType": 2, "Parameter1": None}],
        matching=1))]
    assert (checked["changed"], applied["changed"], again["changed"]) == (True, True, False)
    assert checked["edge_rule"]["guid"] is None
    assert applied["edge_rule"]["guid"] == created["Guid"]
    assert_prediction_holds(checked["edge_rule"], applied["edge_rule"], shown(created), server_fields=["guid"])
    assert (checked["diff"]["before"], applied["diff"]["after"]) == ({}, shown(created))


def test_a_new_rule_takes_the_place_after_the_last(zone):
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "Maintenance redirect", "OrderIndex": 7})

    run(zone, description="Force HTTPS", actions=[{"type": "force_ssl"}])

    assert stored_described(zone, "Force HTTPS")["OrderIndex"] == 8


def test_changing_one_field_sends_the_whole_rule_as_it_was_with_that_field_changed(zone):
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "Maintenance redirect", "ActionType": 1, "ActionParameter1": "https://status.example.com",
                      "Triggers": [SHOP_TRIGGER], "Enabled": False, "OrderIndex": 3})

    checked = run(zone, check_mode=True, guid=REDIRECT_GUID, trigger_matching_type="none")
    applied = run(zone, guid=REDIRECT_GUID, trigger_matching_type="none")

    assert writes(zone) == [("POST", ADD_OR_UPDATE, whole_rule(
        REDIRECT_GUID, "Maintenance redirect", 3, 1, "https://status.example.com", triggers=[SHOP_TRIGGER], enabled=False, matching=2))]
    assert_prediction_holds(checked["edge_rule"], applied["edge_rule"], shown(stored_rule(zone, REDIRECT_GUID)))


def test_patterns_in_another_order_are_the_same_trigger(zone):
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "Maintenance redirect", "ActionType": 1, "Triggers": [SHOP_TRIGGER]})

    result = run(zone, guid=REDIRECT_GUID, triggers=[{"type": "url", "patterns": ["*/cart/*", "*/shop/*", "*/cart/*"]}])

    assert result["changed"] is False
    assert writes(zone) == []


def test_triggers_in_another_order_are_a_change(zone):
    header = {"Type": 1, "PatternMatches": ["1"], "PatternMatchingType": 0, "Parameter1": "X-Test"}
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "Maintenance redirect", "ActionType": 1, "Triggers": [SHOP_TRIGGER, header]})

    result = run(zone, guid=REDIRECT_GUID, triggers=[
        {"type": "request_header", "parameter_1": "X-Test", "patterns": ["1"]}, {"type": "url", "patterns": ["*/shop/*", "*/cart/*"]}])

    assert result["changed"] is True
    assert [trigger["Type"] for trigger in stored_rule(zone, REDIRECT_GUID)["Triggers"]] == [1, 0]


def test_an_empty_parameter_is_the_same_as_none(zone):
    result = run(zone, guid=BLOCK_GUID, actions=[{"type": "block_request", "parameter_1": ""}])

    assert result["changed"] is False


def test_a_read_only_rule_is_not_changed(zone):
    load_rules(zone, {"Guid": PLATFORM_GUID, "Description": "Platform rule", "ReadOnly": True})

    result = run(zone, description="Platform rule", actions=[{"type": "block_request"}])

    assert result["msg"] == "The edge rule %s of pull zone 10 is read-only, so it cannot be changed." % PLATFORM_GUID
    assert writes(zone) == []


def test_an_update_whose_answer_is_lost_after_it_was_applied_is_settled_by_a_read(zone):
    zone.fault(method="POST", path="addOrUpdate", status=503, apply=True, count=1)

    result = run(zone, guid=REDIRECT_GUID, actions=[{"type": "redirect", "parameter_1": "https://down.example.com"}])

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [("GET", ZONE), ("POST", ADD_OR_UPDATE), ("GET", ZONE)]
    assert result["edge_rule"] == shown(stored_rule(zone, REDIRECT_GUID))


def test_a_create_whose_answer_is_lost_after_it_was_applied_is_settled_by_a_read_and_not_sent_again(zone):
    zone.fault(method="POST", path="addOrUpdate", status=503, apply=True, count=1)

    result = run(zone, **BLOCK_BOTS)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [("GET", ZONE), ("POST", ADD_OR_UPDATE), ("GET", ZONE)]
    assert [rule["Description"] for rule in stored_rules(zone)] == ["Maintenance redirect", "Block admin", "Block bots"]
    assert result["edge_rule"] == shown(stored_described(zone, "Block bots"))


def test_a_create_that_got_a_gateway_error_before_it_was_applied_is_sent_again(zone):
    zone.fault(method="POST", path="addOrUpdate", status=502, count=1)

    result = run(zone, **BLOCK_BOTS)

    assert requests_sent(zone) == [("GET", ZONE), ("POST", ADD_OR_UPDATE), ("GET", ZONE), ("POST", ADD_OR_UPDATE)]
    assert [rule["Description"] for rule in stored_rules(zone)].count("Block bots") == 1
    assert result["edge_rule"]["guid"] == stored_described(zone, "Block bots")["Guid"]


@pytest.mark.parametrize("check_mode", [False, True])
def test_state_absent_deletes_the_rule(zone, check_mode):
    before = shown(stored_rule(zone, BLOCK_GUID))

    result = run(zone, check_mode=check_mode, diff=True, description="Block admin", state="absent")

    assert result["changed"] is True
    assert result["edge_rule"] is None
    assert result["diff"] == {"before": before, "after": {}}
    assert writes(zone) == ([] if check_mode else [("DELETE", RULE % BLOCK_GUID, None)])
    assert [rule["Guid"] for rule in stored_rules(zone)] == ([REDIRECT_GUID, BLOCK_GUID] if check_mode else [REDIRECT_GUID])


@pytest.mark.parametrize("options", [dict(description="Gone"), dict(guid="00000000-0000-0000-0000-000000000000")])
def test_deleting_a_rule_that_is_not_there_changes_nothing(zone, options):
    result = run(zone, state="absent", **options)

    assert (result["changed"], result["edge_rule"]) == (False, None)
    assert requests_sent(zone) == [("GET", ZONE)]


def test_a_delete_whose_answer_is_lost_after_it_was_applied_is_settled_by_a_read(zone):
    zone.fault(method="DELETE", path="edgerules", status=503, apply=True, count=1)

    result = run(zone, guid=BLOCK_GUID, state="absent")

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [("GET", ZONE), ("DELETE", RULE % BLOCK_GUID), ("GET", ZONE)]


def test_a_read_only_rule_is_not_deleted(zone):
    load_rules(zone, {"Guid": PLATFORM_GUID, "Description": "Platform rule", "ReadOnly": True})

    result = run(zone, guid=PLATFORM_GUID, state="absent")

    assert result["msg"] == "The edge rule %s of pull zone 10 is read-only, so it cannot be deleted." % PLATFORM_GUID
    assert writes(zone) == []


def test_types_the_module_has_no_name_for_pass_through_as_numbers(zone):
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "Future rule", "ActionType": 35, "TriggerMatchingType": 2,
                      "ExtraActions": [{"ActionType": 36}], "Triggers": [{"Type": 14, "PatternMatchingType": 1}], "Enabled": True})

    result = run(zone, guid=REDIRECT_GUID, enabled=False)

    assert result["changed"] is True
    assert [item["type"] for item in result["edge_rule"]["actions"]] == [35, 36]
    assert (result["edge_rule"]["triggers"][0]["type"], result["edge_rule"]["triggers"][0]["pattern_matching_type"]) == (14, "all")
    assert result["edge_rule"] == shown(stored_rule(zone, REDIRECT_GUID))
    assert writes(zone) == [("POST", SWITCH % REDIRECT_GUID, {"Id": ZONE_ID, "Value": False})]


# --- A list of rules ----------------------------------------------------------------------------------

FORCE_HTTPS = {"description": "Force HTTPS", "actions": [{"type": "force_ssl"}], "triggers": [{"type": "url", "patterns": ["http://*"]}]}
CACHE_IMAGES = {"description": "Cache images", "actions": [{"type": "override_cache_time", "parameter_1": "86400"}],
                "triggers": [{"type": "url_extension", "patterns": ["jpg", "png"]}]}
REDIRECT_ITEM = {"description": "Maintenance redirect", "actions": [{"type": "redirect", "parameter_1": "https://status.example.com"}]}
BLOCK_ITEM = {"description": "Block admin", "actions": [{"type": "block_request"}], "enabled": False}


def test_the_list_creates_changes_orders_and_purges_and_check_mode_predicts_it(zone):
    wanted = dict(rules=[FORCE_HTTPS, dict(REDIRECT_ITEM, enabled=False), CACHE_IMAGES], purge=True)

    checked = run(zone, check_mode=True, diff=True, **wanted)
    assert writes(zone) == []
    applied = run(zone, diff=True, **wanted)
    sent = writes(zone)
    stored = [shown(rule) for rule in stored_rules(zone)]
    zone.clear_requests()
    again = run(zone, check_mode=True, **wanted)
    again_applied = run(zone, **wanted)

    assert sent == [
        ("DELETE", RULE % BLOCK_GUID, None),
        ("POST", ADD_OR_UPDATE, whole_rule(None, "Force HTTPS", 0, 0, triggers=[
            {"Type": 0, "PatternMatches": ["http://*"], "PatternMatchingType": 0, "Parameter1": None}])),
        ("POST", ADD_OR_UPDATE, whole_rule(REDIRECT_GUID, "Maintenance redirect", 1, 1, "https://status.example.com", enabled=False)),
        ("POST", ADD_OR_UPDATE, whole_rule(None, "Cache images", 2, 3, "86400", triggers=[
            {"Type": 3, "PatternMatches": ["jpg", "png"], "PatternMatchingType": 0, "Parameter1": None}])),
    ]
    assert [rule["description"] for rule in stored] == ["Force HTTPS", "Maintenance redirect", "Cache images"]
    assert_list_prediction_holds(checked["edge_rules"], applied["edge_rules"], stored)
    assert [rule["guid"] for rule in checked["edge_rules"]] == [None, REDIRECT_GUID, None]
    assert applied["edge_rules"] == stored
    # The diff names each rule that changes by its description: the new ones whole, the redirect by what changes of it.
    assert checked["diff"]["before"]["edge_rules"]["Maintenance redirect"] == {"enabled": True, "order_index": 0}
    assert checked["diff"]["before"]["edge_rules"]["Block admin"]["guid"] == BLOCK_GUID
    assert set(checked["diff"]["before"]["edge_rules"]) == {"Maintenance redirect", "Block admin"}
    assert set(checked["diff"]["after"]["edge_rules"]) == {"Force HTTPS", "Maintenance redirect", "Cache images"}
    assert applied["diff"]["after"]["edge_rules"]["Cache images"] == stored[2]
    assert (again["changed"], again_applied["changed"]) == (False, False)
    assert requests_sent(zone) == [("GET", ZONE), ("GET", ZONE)]


def test_a_reorder_rewrites_only_the_rules_whose_place_changes(zone):
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "Maintenance redirect", "ActionType": 1, "ActionParameter1": "https://status.example.com"},
               {"Guid": BLOCK_GUID, "Description": "Block admin", "ActionType": 4, "Enabled": False},
               {"Description": "Force HTTPS", "ActionType": 0, "Triggers": [{"Type": 0, "PatternMatches": ["http://*"]}]})

    checked = run(zone, check_mode=True, rules=[BLOCK_ITEM, REDIRECT_ITEM, FORCE_HTTPS])
    applied = run(zone, rules=[BLOCK_ITEM, REDIRECT_ITEM, FORCE_HTTPS])

    assert writes(zone) == [
        ("POST", ADD_OR_UPDATE, whole_rule(BLOCK_GUID, "Block admin", 0, 4, enabled=False)),
        ("POST", ADD_OR_UPDATE, whole_rule(REDIRECT_GUID, "Maintenance redirect", 1, 1, "https://status.example.com")),
    ]
    assert [rule["Description"] for rule in stored_rules(zone)] == ["Block admin", "Maintenance redirect", "Force HTTPS"]
    assert_prediction_holds(checked["edge_rules"], applied["edge_rules"], [shown(rule) for rule in stored_rules(zone)])


def test_without_purge_the_rules_not_listed_stay_and_run_after_the_listed_ones(zone):
    result = run(zone, rules=[FORCE_HTTPS])

    assert [rule["Description"] for rule in stored_rules(zone)] == ["Force HTTPS", "Maintenance redirect", "Block admin"]
    assert [rule["OrderIndex"] for rule in stored_rules(zone)] == [0, 1, 2]
    assert result["edge_rules"] == [shown(rule) for rule in stored_rules(zone)]


def test_a_listed_rule_is_whole_so_what_it_leaves_out_takes_the_defaults(zone):
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "Maintenance redirect", "ActionType": 1, "ActionParameter1": "https://status.example.com",
                      "Triggers": [SHOP_TRIGGER], "TriggerMatchingType": 1, "Enabled": False})

    run(zone, rules=[REDIRECT_ITEM])

    assert writes(zone) == [("POST", ADD_OR_UPDATE, whole_rule(REDIRECT_GUID, "Maintenance redirect", 0, 1, "https://status.example.com"))]


def test_purging_passes_over_read_only_rules_which_keep_their_place(zone):
    load_rules(zone, {"Guid": PLATFORM_GUID, "Description": "Platform rule", "ReadOnly": True},
               {"Guid": REDIRECT_GUID, "Description": "Maintenance redirect", "ActionType": 1, "ActionParameter1": "https://status.example.com"},
               {"Guid": BLOCK_GUID, "Description": "Block admin", "ActionType": 4})

    checked = run(zone, check_mode=True, rules=[FORCE_HTTPS, REDIRECT_ITEM], purge=True)
    applied = run(zone, rules=[FORCE_HTTPS, REDIRECT_ITEM], purge=True)

    assert [(rule["Description"], rule["OrderIndex"]) for rule in stored_rules(zone)] == [
        ("Platform rule", 0), ("Force HTTPS", 1), ("Maintenance redirect", 2)]
    assert [entry[:2] for entry in writes(zone)] == [("DELETE", RULE % BLOCK_GUID), ("POST", ADD_OR_UPDATE), ("POST", ADD_OR_UPDATE)]
    assert_list_prediction_holds(checked["edge_rules"], applied["edge_rules"], [shown(rule) for rule in stored_rules(zone)])


def test_a_listed_read_only_rule_is_refused(zone):
    load_rules(zone, {"Guid": PLATFORM_GUID, "Description": "Platform rule", "ReadOnly": True})

    result = run(zone, rules=[{"description": "Platform rule", "actions": [{"type": "force_ssl"}]}])

    assert result["msg"] == ("The edge rule %s ('Platform rule') of pull zone 10 is read-only, so it cannot be listed in rules: "
                             "leave it out, the module never changes it." % PLATFORM_GUID)
    assert writes(zone) == []


def test_a_description_the_zone_has_twice_is_refused_before_any_write(zone):
    load_rules(zone, {"Guid": REDIRECT_GUID, "Description": "x"}, {"Guid": BLOCK_GUID, "Description": "x"})

    result = run(zone, rules=[dict(FORCE_HTTPS, description="x")], purge=True)

    assert result["msg"].startswith("Pull zone 10 has 2 edge rules described as 'x', so rules cannot tell which one is meant: "
                                    "give them distinct descriptions; its edge rules are: ")
    assert writes(zone) == []


def test_state_absent_deletes_the_listed_rules(zone):
    checked = run(zone, check_mode=True, rules=[{"description": "Block admin"}, {"description": "Not there"}], state="absent")
    applied = run(zone, rules=[{"description": "Block admin"}, {"description": "Not there"}], state="absent")

    assert writes(zone) == [("DELETE", RULE % BLOCK_GUID, None)]
    assert_prediction_holds(checked["edge_rules"], applied["edge_rules"], [shown(rule) for rule in stored_rules(zone)])
    assert [rule["guid"] for rule in applied["edge_rules"]] == [REDIRECT_GUID]


def test_a_list_write_whose_answer_is_lost_is_settled_by_a_read(zone):
    zone.fault(method="POST", path="addOrUpdate", status=503, apply=True, count=1)

    result = run(zone, rules=[FORCE_HTTPS, REDIRECT_ITEM, BLOCK_ITEM])

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert [entry[:2] for entry in writes(zone)] == [("POST", ADD_OR_UPDATE)] * 3
    assert result["edge_rules"] == [shown(rule) for rule in stored_rules(zone)]


# --- Bad input ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("options, message", [
    ({"enabled": True}, "one of the following is required: guid, description, rules"),
    ({"guid": REDIRECT_GUID, "description": "x", "enabled": True}, "parameters are mutually exclusive: guid|description"),
    ({"description": "", "enabled": True}, "description must be at least 1 characters long, got 0"),
    ({"guid": REDIRECT_GUID, "enabled": True, "pull_zone_id": -3}, "pull_zone_id must be at least 1, got -3"),
    ({"description": "x", "actions": [{"type": "teleport"}]}, "value of type must be one of: force_ssl, redirect, origin_url"),
    ({"description": "x", "actions": [{"type": "redirect"}], "triggers": [{"type": "moon_phase"}]}, "value of type must be one of: url, request_header"),
    ({"description": "x", "actions": [{"type": "redirect"}], "triggers": [{"type": "url", "pattern_matching_type": "some"}]},
     "value of pattern_matching_type must be one of: any, all, none"),
    ({"description": "x", "actions": []}, "actions must have at least 1 items, got 0"),
    ({"description": "x", "actions": [{"type": "redirect", "target": "https://example.com"}]}, "target"),
    ({"rules": [FORCE_HTTPS, dict(CACHE_IMAGES, description="Force HTTPS")]}, "rules must give each description once, got 'Force HTTPS' more than once"),
    ({"rules": [{"description": "Force HTTPS"}]}, "rules[0].actions is required with state=present, to give the rule 'Force HTTPS' its action"),
    ({"rules": [dict(FORCE_HTTPS, description="")]}, "rules[0].description must be at least 1 characters long, got 0"),
    ({"rules": [FORCE_HTTPS], "guid": REDIRECT_GUID}, "parameters are mutually exclusive: rules|guid"),
    ({"rules": [FORCE_HTTPS], "enabled": False}, "parameters are mutually exclusive: rules|enabled"),
    ({"description": "x", "purge": True}, "purge is True but all of the following are missing: rules"),
])
def test_bad_input_fails_before_any_request(zone, options, message):
    result = run(zone, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert zone.requests() == []
