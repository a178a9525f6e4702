"""shield_custom_page against the simulator."""

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import shield_custom_page
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import ZONE_ID

PAGE_PATH = "/shield/shield-zone/%d/custom-page/%%s" % ZONE_ID
BLOCKED = "<html><body><h1>Access denied</h1>\n<p>Écrivez-nous.</p></body></html>\n"
SLOW_DOWN = "<html><body>Slow down</body></html>"


@pytest.fixture
def zone(simulator):
    simulator.load(shield_zones=[{"shieldZoneId": ZONE_ID, "pullZoneId": 7, "customPages": {"ratelimit": SLOW_DOWN}}])
    return simulator


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("shield_zone_id", ZONE_ID)
    return run_module(shield_custom_page, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def stored_page(simulator, page_type):
    """The page as the API returns it, or None when the zone has none of that type."""
    response = requests.get(simulator.url + PAGE_PATH % page_type, headers={"AccessKey": simulator.key}, timeout=10)
    return None if response.status_code == 404 else response.text


def test_check_mode_predicts_a_new_page_and_writes_nothing(zone):
    checked = run(zone, check_mode=True, diff=True, page="block", content=BLOCKED)

    assert checked["changed"] is True
    assert zone.writes() == []
    assert checked["custom_page"] == {"page": "block", "content": BLOCKED}
    assert (checked["diff"]["before"], checked["diff"]["after"]) == ({}, {"page": "block", "content": BLOCKED})
    assert stored_page(zone, "block") is None


def test_a_page_is_put_as_its_html_and_read_back_as_it_was_sent(zone):
    checked = run(zone, check_mode=True, page="block", content=BLOCKED)
    applied = run(zone, page="block", content=BLOCKED)

    writes = zone.writes()
    assert [(entry["method"], entry["path"]) for entry in writes] == [("PUT", PAGE_PATH % "block")]
    assert stored_page(zone, "block") == BLOCKED
    assert_prediction_holds(checked["custom_page"], applied["custom_page"], {"page": "block", "content": stored_page(zone, "block")})


def test_the_rate_limit_page_is_the_api_s_ratelimit_type(zone):
    result = run(zone, page="rate_limit", content="<p>Wait a minute</p>", diff=True)

    assert [entry["path"] for entry in zone.writes()] == [PAGE_PATH % "ratelimit"]
    assert result["diff"]["before"] == {"page": "rate_limit", "content": SLOW_DOWN}
    assert stored_page(zone, "ratelimit") == "<p>Wait a minute</p>"


def test_the_same_page_again_reads_and_reports_ok(zone):
    result = run(zone, page="rate_limit", content=SLOW_DOWN)

    assert result["changed"] is False
    assert zone.writes() == []
    assert result["custom_page"] == {"page": "rate_limit", "content": SLOW_DOWN}


def test_a_page_that_differs_in_whitespace_only_is_written(zone):
    result = run(zone, page="rate_limit", content=SLOW_DOWN + "\n")

    assert result["changed"] is True
    assert stored_page(zone, "ratelimit") == SLOW_DOWN + "\n"


def test_absent_removes_the_page_and_a_second_run_is_ok(zone):
    checked = run(zone, check_mode=True, page="rate_limit", state="absent")
    assert zone.writes() == []
    removed = run(zone, page="rate_limit", state="absent")
    again = run(zone, page="rate_limit", state="absent")

    assert (checked["changed"], removed["changed"], again["changed"]) == (True, True, False)
    assert checked["custom_page"] is None and removed["custom_page"] is None
    assert [(entry["method"], entry["path"]) for entry in zone.writes()] == [("DELETE", PAGE_PATH % "ratelimit")]
    assert stored_page(zone, "ratelimit") is None


def test_a_lost_answer_to_the_put_is_settled_by_reading_the_page(zone):
    zone.fault(method="PUT", path="/custom-page/block$", status=503, apply=True, count=1)

    result = run(zone, page="block", content=BLOCKED)

    assert result["changed"] is True and "failed" not in result
    assert [entry["method"] for entry in zone.writes()] == ["PUT"]


def test_a_zone_that_does_not_exist_is_named(zone):
    result = run(zone, shield_zone_id=99, page="block", content=BLOCKED)

    assert result["failed"] is True
    assert result["msg"] == "Shield zone 99 was not found (HTTP 404)."
    assert zone.writes() == []


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (dict(page="error", content=BLOCKED), "page must be one of: block, challenge, rate_limit"),
        (dict(page="block"), "state is present but all of the following are missing: content"),
        (dict(page="block", content=""), "content must be at least 1 characters long"),
        (dict(page="block", content=BLOCKED, shield_zone_id=0), "shield_zone_id must be at least 1"),
    ],
)
def test_bad_input_fails_before_any_request(zone, options, named):
    result = run(zone, **options)

    assert result["failed"] is True
    assert named in result["msg"]
    assert zone.requests() == []
