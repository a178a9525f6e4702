"""shield_bot_detection and shield_bot_detection_info against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import shield_bot_detection, shield_bot_detection_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import BASIC_ZONE_ID, BOT_PATH, ZONE_ID, read_api

# The zone as the API stores it: the vendor's enums are numbers.
STORED = {
    "executionMode": 0,
    "requestIntegrity": {"sensitivity": 1},
    "ipAddress": {"sensitivity": 2},
    "browserFingerprint": {"sensitivity": 3, "aggression": 4, "complexEnabled": False},
}
# The same, as the modules return it.
PROJECTED = {
    "shield_zone_id": ZONE_ID,
    "execution_mode": "log_only",
    "request_integrity": {"sensitivity": "low"},
    "ip_address": {"sensitivity": "medium"},
    "browser_fingerprint": {"sensitivity": "high", "aggression": "custom", "complex_enabled": False},
}


@pytest.fixture
def zones(simulator):
    simulator.load(shield_zones=[{"shieldZoneId": ZONE_ID, "botDetection": STORED}, {"shieldZoneId": BASIC_ZONE_ID, "planType": 0}])
    return simulator


def configure(simulator, check_mode=False, diff=False, **options):
    options.setdefault("shield_zone_id", ZONE_ID)
    return run_module(shield_bot_detection, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def read_info(simulator, zone_id=ZONE_ID):
    return run_module(shield_bot_detection_info, simulator.api_args(shield_zone_id=zone_id))


# shield_bot_detection_info


def test_info_returns_the_configuration_with_the_vendor_names(zones):
    result = read_info(zones)

    assert result["changed"] is False
    assert result["available"] is True
    assert result["bot_detection"] == PROJECTED
    assert "message" not in result


def test_info_returns_a_number_it_has_no_name_for(simulator):
    # The first number past the names of each enum.
    simulator.load(shield_zones=[{"shieldZoneId": ZONE_ID, "botDetection": {
        "executionMode": 2, "ipAddress": {"sensitivity": 4}, "browserFingerprint": {"sensitivity": 3, "aggression": 5}}}])

    result = read_info(simulator)

    assert (result["bot_detection"]["execution_mode"], result["bot_detection"]["ip_address"]["sensitivity"]) == (2, 4)
    assert result["bot_detection"]["browser_fingerprint"]["aggression"] == 5


def test_info_on_a_basic_plan_zone_reports_bot_detection_unavailable_without_failing(zones):
    result = read_info(zones, BASIC_ZONE_ID)

    assert "failed" not in result
    assert result["changed"] is False
    assert result["available"] is False
    assert result["bot_detection"] is None
    assert result["message"] == "Bot detection is not available on the Basic plan."


def test_info_on_an_unknown_zone_fails_naming_it(zones):
    result = read_info(zones, 99)

    assert result["failed"] is True
    assert result["msg"] == "Shield zone 99 was not found (HTTP 404)."


def test_info_with_a_zone_id_that_is_not_a_number_fails_before_any_request(zones):
    result = read_info(zones, "shop")

    assert result["failed"] is True
    assert "shield_zone_id" in result["msg"] and "cannot be converted to an int" in result["msg"]
    assert zones.requests() == []


# shield_bot_detection


def test_check_mode_predicts_the_change_and_writes_nothing(zones):
    options = dict(execution_mode="challenge", ip_address={"sensitivity": "high"}, browser_fingerprint={"aggression": "low", "complex_enabled": True})

    checked = configure(zones, check_mode=True, **options)
    assert zones.writes() == []
    applied = configure(zones, **options)

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds(checked["bot_detection"], applied["bot_detection"], read_info(zones)["bot_detection"])
    assert checked["bot_detection"] == dict(
        PROJECTED, execution_mode="challenge", ip_address={"sensitivity": "high"},
        browser_fingerprint={"sensitivity": "high", "aggression": "low", "complex_enabled": True})


def test_a_change_is_one_patch_carrying_the_whole_configuration_as_numbers(zones):
    configure(zones, request_integrity={"sensitivity": "off"})

    assert [(entry["method"], entry["path"]) for entry in zones.writes()] == [("PATCH", BOT_PATH)]
    assert zones.writes()[0]["body"] == dict(STORED, shieldZoneId=ZONE_ID, requestIntegrity={"sensitivity": 0})
    assert read_api(zones, BOT_PATH)["requestIntegrity"] == {"sensitivity": 0}


@pytest.mark.parametrize(
    ("options", "stored"),
    [
        (dict(execution_mode="challenge"), ("executionMode", 1)),
        (dict(request_integrity={"sensitivity": "high"}), ("requestIntegrity", {"sensitivity": 3})),
        (dict(ip_address={"sensitivity": "off"}), ("ipAddress", {"sensitivity": 0})),
        (dict(browser_fingerprint={"sensitivity": "medium"}), ("browserFingerprint", {"sensitivity": 2, "aggression": 4, "complexEnabled": False})),
        (dict(browser_fingerprint={"aggression": "high"}), ("browserFingerprint", {"sensitivity": 3, "aggression": 3, "complexEnabled": False})),
        (dict(browser_fingerprint={"complex_enabled": True}), ("browserFingerprint", {"sensitivity": 3, "aggression": 4, "complexEnabled": True})),
    ],
    ids=["execution_mode", "request_integrity", "ip_address", "fingerprint sensitivity", "aggression", "complex_enabled"],
)
def test_each_option_reaches_the_api_as_the_vendor_enum_value(zones, options, stored):
    configure(zones, **options)

    field, value = stored
    assert read_api(zones, BOT_PATH)[field] == value


def test_reapplying_reads_once_and_reports_ok(zones):
    options = dict(execution_mode="challenge", browser_fingerprint={"complex_enabled": True})
    configure(zones, **options)
    zones.clear_requests()

    result = configure(zones, **options)

    assert result["changed"] is False
    assert [(entry["method"], entry["path"]) for entry in zones.requests()] == [("GET", BOT_PATH)]


def test_settings_already_in_place_are_no_change(zones):
    result = configure(zones, execution_mode="log_only", ip_address={"sensitivity": "medium"}, browser_fingerprint={"aggression": "custom"})

    assert result["changed"] is False
    assert result["bot_detection"] == PROJECTED
    assert zones.writes() == []


def test_diff_shows_before_and_the_state_read_afterwards(zones):
    result = configure(zones, diff=True, execution_mode="challenge")

    assert result["diff"]["before"] == PROJECTED
    assert result["diff"]["after"] == read_info(zones)["bot_detection"]
    assert result["diff"]["after"]["execution_mode"] == "challenge"


@pytest.mark.parametrize("check_mode", [False, True])
def test_a_basic_plan_zone_fails_saying_the_plan_lacks_bot_detection_before_any_write(zones, check_mode):
    result = configure(zones, check_mode=check_mode, shield_zone_id=BASIC_ZONE_ID, execution_mode="challenge")

    assert result["failed"] is True
    assert result["msg"] == (
        "The plan of Shield zone %d does not include bot detection (the Basic plan does not; Advanced and higher do). "
        "The API said: Bot detection is not available on the Basic plan." % BASIC_ZONE_ID)
    assert result["changed"] is False
    assert result["api_error"]["error_key"] == "invalid_plan_type.bot_detection"
    assert zones.writes() == []


def test_a_change_whose_answer_is_lost_is_confirmed_by_reading_and_not_sent_again(zones):
    zones.fault(method="PATCH", path="/bot-detection$", drop_connection=True, apply=True, count=1)

    result = configure(zones, execution_mode="challenge")

    assert result["changed"] is True
    assert "failed" not in result
    assert result["bot_detection"]["execution_mode"] == "challenge"
    assert len(zones.writes()) == 1


def test_a_change_that_did_not_arrive_is_sent_again(zones):
    zones.fault(method="PATCH", path="/bot-detection$", status=504, count=1)

    result = configure(zones, execution_mode="challenge")

    assert result["changed"] is True
    assert len(zones.writes()) == 2
    assert read_api(zones, BOT_PATH)["executionMode"] == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (dict(execution_mode="block"), "execution_mode must be one of: log_only, challenge"),
        (dict(ip_address={"sensitivity": "extreme"}), "sensitivity must be one of: off, low, medium, high"),
        (dict(browser_fingerprint={"aggression": "unknown"}), "aggression must be one of: low, medium, high, custom"),
        (dict(request_integrity={"level": "low"}), "level"),
    ],
    ids=["execution mode", "sensitivity", "aggression", "unknown suboption"],
)
def test_bad_input_fails_before_any_request(zones, options, message):
    result = configure(zones, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert zones.requests() == []
