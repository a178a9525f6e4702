"""shield_upload_scanning against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import shield_upload_scanning
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import ZONE_ID, read_api

SCANNING_PATH = "/shield/shield-zone/%d/upload-scanning" % ZONE_ID
STORED = {"isEnabled": True, "csamScanningMode": 2, "antivirusScanningMode": 1}


@pytest.fixture
def zone(simulator):
    simulator.load(shield_zones=[{"shieldZoneId": ZONE_ID, "pullZoneId": 7, "uploadScanning": STORED}])
    return simulator


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("shield_zone_id", ZONE_ID)
    return run_module(shield_upload_scanning, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def read_back(simulator):
    stored = read_api(simulator, SCANNING_PATH)
    names = {0: "disabled", 1: "log", 2: "block"}
    return {"shield_zone_id": stored["shieldZoneId"], "is_enabled": stored["isEnabled"],
            "csam_scanning_mode": names[stored["csamScanningMode"]], "antivirus_scanning_mode": names[stored["antivirusScanningMode"]]}


def test_check_mode_predicts_the_change_and_applying_does_it(zone):
    checked = run(zone, check_mode=True, diff=True, antivirus="block")
    assert zone.writes() == []
    applied = run(zone, antivirus="block")

    assert checked["changed"] is applied["changed"] is True
    assert checked["diff"]["before"]["antivirus_scanning_mode"] == "log"
    assert_prediction_holds(checked["upload_scanning"], applied["upload_scanning"], read_back(zone))
    assert read_back(zone)["antivirus_scanning_mode"] == "block"


def test_a_change_is_one_patch_carrying_every_setting(zone):
    run(zone, enabled=False)

    assert [(entry["method"], entry["path"]) for entry in zone.writes()] == [("PATCH", SCANNING_PATH)]
    assert zone.writes()[0]["body"] == {"shieldZoneId": ZONE_ID, "isEnabled": False, "antivirusScanningMode": 1, "csamScanningMode": 2}


@pytest.mark.parametrize(("options", "field", "value"), [
    (dict(enabled=False), "isEnabled", False),
    (dict(antivirus="disabled"), "antivirusScanningMode", 0),
    (dict(csam="log"), "csamScanningMode", 1),
])
def test_each_option_reaches_the_api_as_the_vendor_value(zone, options, field, value):
    run(zone, **options)

    assert read_api(zone, SCANNING_PATH)[field] == value


def test_settings_in_place_read_once_and_report_ok(zone):
    result = run(zone, enabled=True, antivirus="log", csam="block")

    assert result["changed"] is False
    assert [(entry["method"], entry["path"]) for entry in zone.requests()] == [("GET", SCANNING_PATH)]


def test_a_lost_answer_to_the_patch_is_settled_by_reading(zone):
    zone.fault(method="PATCH", path="/upload-scanning$", status=502, apply=True, count=1)

    result = run(zone, csam="disabled")

    assert result["changed"] is True and "failed" not in result
    assert len(zone.writes()) == 1
    assert read_api(zone, SCANNING_PATH)["csamScanningMode"] == 0


def test_a_zone_that_does_not_exist_is_named(zone):
    result = run(zone, shield_zone_id=99, enabled=True)

    assert result["failed"] is True and result["msg"] == "Shield zone 99 was not found (HTTP 404)."


@pytest.mark.parametrize(("options", "named"), [
    (dict(antivirus="quarantine"), "antivirus must be one of: disabled, log, block"),
    (dict(csam="on"), "csam must be one of: disabled, log, block"),
    (dict(shield_zone_id=0), "shield_zone_id must be at least 1"),
])
def test_bad_input_fails_before_any_request(zone, options, named):
    result = run(zone, **options)

    assert result["failed"] is True and named in result["msg"]
    assert zone.requests() == []
