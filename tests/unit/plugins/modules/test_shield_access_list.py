"""shield_access_list against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import shield_access_list
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import BASIC_ZONE_ID, ZONE_ID, protected_zones, read_api

LISTS_PATH = "/shield/shield-zone/%d/access-lists" % ZONE_ID
OFFICE = {"listId": 1000, "configurationId": 90, "name": "Office", "type": 1, "content": "203.0.113.0/24\n10.1.2.3", "isEnabled": True, "action": 1}


@pytest.fixture
def zone(simulator):
    simulator.load(**protected_zones(accessLists={"custom": [OFFICE]}))
    return simulator


def manage(simulator, check_mode=False, diff=False, **options):
    options.setdefault("shield_zone_id", ZONE_ID)
    return run_module(shield_access_list, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def stored_content(simulator, list_id):
    return read_api(simulator, "%s/%d" % (LISTS_PATH, list_id))["content"]


def test_check_mode_predicts_a_new_list_that_applying_and_a_read_confirm(zone):
    options = dict(name="Blocked countries", type="country", entries=["kp", "IR", "ir"], description="Sanctions")

    checked = manage(zone, check_mode=True, diff=True, **options)
    assert zone.writes() == []
    applied = manage(zone, **options)
    read_back = manage(zone, check_mode=True, **options)

    assert checked["changed"] is applied["changed"] is True and read_back["changed"] is False
    assert_prediction_holds(checked["access_list"], applied["access_list"], read_back["access_list"], server_fields=("id", "configuration_id"))
    assert applied["access_list"]["entries"] == ["KP", "IR"]
    assert (applied["access_list"]["enabled"], applied["access_list"]["action"]) == (True, "block")


def test_an_address_and_its_host_range_are_one_entry_and_ipv6_compares_compressed(zone):
    result = manage(zone, name="Office", entries=["10.1.2.3/32", "203.0.113.0/24", "2001:0db8:0000:0000:0000:0000:0000:0001"])

    assert result["changed"] is True
    assert [write["body"] for write in zone.writes()] == [{"content": "203.0.113.0/24\n10.1.2.3\n2001:db8::1/128"}]
    again = manage(zone, name="Office", entries=["2001:db8::1", "10.1.2.3", "203.0.113.0/24"])
    assert again["changed"] is False


def test_purge_keeps_only_the_entries_given(zone):
    result = manage(zone, name="Office", entries=["10.1.2.3/32"], purge=True, diff=True)

    assert stored_content(zone, 1000) == "10.1.2.3"
    assert result["diff"]["before"]["entries"] == ["203.0.113.0/24", "10.1.2.3"] and result["diff"]["after"]["entries"] == ["10.1.2.3"]


def test_enabled_and_action_are_one_write_to_the_lists_configuration(zone):
    result = manage(zone, name="Office", enabled=False, action="bypass")

    assert result["changed"] is True
    assert [(write["method"], write["path"], write["body"]) for write in zone.writes()] == [
        ("PATCH", LISTS_PATH + "/configurations/90", {"isEnabled": False, "action": 5})]


def test_absent_deletes_the_list_and_a_second_run_is_ok(zone):
    removed = manage(zone, name="Office", state="absent")
    again = manage(zone, name="Office", state="absent")

    assert removed["changed"] is True and removed["access_list"] is None
    assert again["changed"] is False
    assert read_api(zone, "/shield/shield-zone/%d" % ZONE_ID) is not None
    assert zone.writes()[0]["method"] == "DELETE"


def test_keep_deletes_the_lists_it_leaves_out_as_check_mode_predicts(simulator):
    partners = dict(OFFICE, listId=1001, configurationId=91, name="Partners", content="AS13335", type=3)
    simulator.load(**protected_zones(accessLists={"custom": [OFFICE, partners]}))

    checked = manage(simulator, check_mode=True, diff=True, keep=["office"], state="absent")
    assert simulator.writes() == []
    applied = manage(simulator, keep=["office"], state="absent")
    again = manage(simulator, keep=["office"], state="absent")

    assert checked["changed"] is applied["changed"] is True and again["changed"] is False
    assert [access_list["name"] for access_list in checked["access_lists"]] == ["Office"]
    assert_prediction_holds(checked["access_lists"], applied["access_lists"], again["access_lists"])
    assert [(write["method"], write["path"]) for write in simulator.writes()] == [("DELETE", LISTS_PATH + "/1001")]
    # The diff shows the list that goes, by its name; Office, kept as it is, does not show.
    assert list(checked["diff"]["before"]["access_lists"]) == ["Partners"] and checked["diff"]["after"]["access_lists"] == {}


def test_the_type_of_a_list_cannot_change_and_the_module_says_why(zone):
    result = manage(zone, name="Office", type="ip")

    assert result["failed"] is True and "sets it only when a list is created" in result["msg"]
    assert zone.writes() == []


def test_entries_past_the_plans_limit_fail_before_any_write(simulator):
    simulator.load(**protected_zones(accessLists={"custom": [OFFICE]}, customEntryLimit=3))

    result = manage(simulator, name="Office", entries=["192.0.2.1", "192.0.2.2"])

    assert result["failed"] is True and "would hold 4 entries" in result["msg"] and "allows 3 (custom_entry_limit)" in result["msg"]
    assert simulator.writes() == []


def test_a_lost_answer_to_a_create_is_settled_by_finding_the_list(zone):
    zone.fault(method="POST", path="/access-lists$", status=503, apply=True, count=1)

    result = manage(zone, name="Partners", type="asn", entries=["AS13335"], action="allow")

    assert "failed" not in result and result["changed"] is True
    assert result["access_list"]["entries"] == ["13335"] and result["access_list"]["action"] == "allow"


def test_managed_lists_are_switched_on_with_their_action(zone):
    checked = manage(zone, check_mode=True, managed_lists=[{"name": "tor exit nodes", "enabled": True, "action": "challenge"}])
    applied = manage(zone, managed_lists=[{"name": "tor exit nodes", "enabled": True, "action": "challenge"}])
    again = manage(zone, managed_lists=[{"name": "Tor exit nodes", "enabled": True, "action": "challenge"}])

    assert_prediction_holds(checked["managed_lists"], applied["managed_lists"], again["managed_lists"])
    assert again["changed"] is False
    tor = [item for item in applied["managed_lists"] if item["name"] == "Tor exit nodes"][0]
    assert (tor["enabled"], tor["action"]) == (True, "challenge")


def test_a_managed_list_beyond_the_zones_plan_is_refused_before_any_write(zone):
    result = manage(zone, shield_zone_id=BASIC_ZONE_ID, managed_lists=[{"name": "VPN providers", "enabled": True}])

    assert result["failed"] is True and "needs the Advanced plan" in result["msg"] and "on the Basic plan" in result["msg"]
    assert zone.writes() == []


def test_an_unknown_managed_list_is_refused_naming_the_lists_there_are(zone):
    result = manage(zone, managed_lists=[{"name": "Spammers", "enabled": True}])

    assert result["failed"] is True and "no list named 'Spammers'" in result["msg"] and "Tor exit nodes" in result["msg"]


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (dict(name="Office", type="ip", entries=["10.0.0.0/8"]), "entries[0] '10.0.0.0/8' is a range"),
        (dict(name="Office", type="cidr", entries=["10.0.0.1/8"]), "has host bits set; write the network it names, 10.0.0.0/8"),
        (dict(name="Office", type="country", entries=["Germany"]), "not a two-letter country code"),
        (dict(name="Office", type="asn", entries=["ASX"]), "not an autonomous system number"),
        (dict(name="Office", type="user_agent"), "type"),
        (dict(name="Office", managed_lists=[{"name": "x"}]), "mutually exclusive"),
        (dict(managed_lists=[{"name": "Tor exit nodes"}], state="absent"), "managed_lists cannot be given with state=absent"),
        (dict(entries=["1.2.3.4"], managed_lists=[{"name": "Tor exit nodes"}]), "entries"),
        (dict(keep=["Office"]), "keep names the custom lists to keep when the others are deleted: it needs state=absent"),
        (dict(name="Office", keep=["Office"], state="absent"), "mutually exclusive"),
    ],
)
def test_bad_input_fails_before_any_request(zone, options, named):
    result = manage(zone, **options)

    assert result["failed"] is True
    assert named in result["msg"]
    assert zone.requests() == []
