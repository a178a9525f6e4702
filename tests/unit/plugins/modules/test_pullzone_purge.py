"""pullzone_purge against the simulator, whose purge log shows what was purged."""

import pytest
import requests
import yaml

from ansible_collections.bunnynet.cloud.plugins.modules import pullzone_purge
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import (
    OTHER_ZONE_ID,
    ZONE_ID,
    assets_zone,
    media_zone,
    requests_sent,
    writes,
)

ZONE = "/pullzone/%d" % ZONE_ID
ZONE_PURGE = ZONE + "/purgeCache"


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(pullzone_purge, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def purges(simulator):
    """The simulator's purge log, oldest first."""
    response = requests.get(simulator.url + "/_sim/purges", timeout=10)
    response.raise_for_status()
    return [(entry["PullZoneId"], entry["CacheTag"], entry["Url"], entry["ExactPath"]) for entry in response.json()]


def url_purges(simulator):
    return [(entry["path"], entry["query"]) for entry in simulator.writes()]


@pytest.fixture
def zones(simulator):
    simulator.load(pull_zones=[assets_zone(), media_zone()])
    return simulator


def test_the_whole_zone_is_purged_with_one_call_after_a_read(zones):
    result = run(zones, pull_zone_id=ZONE_ID)

    assert (result["changed"], result["purged"]) == (True, {"pull_zone_id": ZONE_ID, "cache_tag": None, "urls": []})
    assert requests_sent(zones) == [("GET", ZONE), ("POST", ZONE_PURGE)]
    assert writes(zones) == [("POST", ZONE_PURGE, None)]
    assert purges(zones) == [(ZONE_ID, None, None, False)]


def test_a_cache_tag_purges_only_what_carries_it(zones):
    result = run(zones, pull_zone_id=ZONE_ID, cache_tag="product-images")

    assert result["purged"] == {"pull_zone_id": ZONE_ID, "cache_tag": "product-images", "urls": []}
    assert writes(zones) == [("POST", ZONE_PURGE, {"CacheTag": "product-images"})]
    assert purges(zones) == [(ZONE_ID, "product-images", None, False)]


def test_each_url_is_purged_with_a_call_of_its_own_in_the_order_given(zones):
    urls = ["https://cdn.example.com/css/site.css", "https://media.example.com/video/*"]

    result = run(zones, urls=urls)

    assert result["purged"] == {"pull_zone_id": None, "cache_tag": None, "urls": urls}
    assert [entry["method"] for entry in zones.requests()] == ["POST", "POST"]
    assert purges(zones) == [(ZONE_ID, None, urls[0], False), (OTHER_ZONE_ID, None, urls[1], False)]


def test_exact_path_is_asked_for_each_url(zones):
    run(zones, urls=["https://cdn.example.com/blog/"], exact_path=True)

    assert url_purges(zones) == [("/purge", {"url": "https://cdn.example.com/blog/", "exactPath": "true"})]
    assert purges(zones) == [(ZONE_ID, None, "https://cdn.example.com/blog/", True)]


@pytest.mark.parametrize("options", [
    dict(pull_zone_id=ZONE_ID),
    dict(pull_zone_id=ZONE_ID, cache_tag="product-images"),
    dict(pull_zone_id=ZONE_ID, urls=["https://CDN.example.com./a.css"]),
    dict(urls=["https://cdn.example.com/a.css"]),
], ids=["zone", "cache tag", "urls of the zone", "urls"])
def test_check_mode_predicts_the_purge_and_sends_none(zones, options):
    checked = run(zones, check_mode=True, **options)
    assert (writes(zones), purges(zones)) == ([], [])
    applied = run(zones, **options)

    assert checked["changed"] is applied["changed"] is True
    assert checked["purged"] == applied["purged"]
    assert len(purges(zones)) == len(options.get("urls") or [None])


def test_check_mode_only_reads(zones):
    run(zones, check_mode=True, pull_zone_id=ZONE_ID, urls=["https://cdn.example.com/a.css", "https://secure.example.com/b.css"])

    assert requests_sent(zones) == [("GET", ZONE)]
    assert purges(zones) == []


def test_a_url_on_another_zone_than_the_one_named_is_refused_before_any_purge(zones):
    result = run(zones, pull_zone_id=ZONE_ID, urls=["https://cdn.example.com/a.css", "https://media.example.com/b.mp4"])

    assert result["failed"] is True
    assert result["msg"] == (
        "Invalid input: urls[1] must be on a hostname of pull zone 10 (assets.b-cdn.net, edge.example.net, cdn.example.com, "
        "secure.example.com), got 'https://media.example.com/b.mp4'.")
    assert requests_sent(zones) == [("GET", ZONE)]
    assert purges(zones) == []


@pytest.mark.parametrize("check_mode", [False, True])
def test_a_zone_that_does_not_exist_is_named(zones, check_mode):
    result = run(zones, check_mode=check_mode, pull_zone_id=99)

    assert result["failed"] is True
    assert result["msg"] == "Pull zone 99 was not found (HTTP 404)."
    assert (result["changed"], purges(zones)) == (False, [])


def test_a_purge_whose_answer_is_lost_is_sent_again_without_a_read(zones):
    zones.fault(method="POST", path="purgeCache", status=503, apply=True, count=1)

    result = run(zones, pull_zone_id=ZONE_ID)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zones) == [("GET", ZONE), ("POST", ZONE_PURGE), ("POST", ZONE_PURGE)]


def test_a_failure_after_some_urls_says_which_were_purged(zones):
    urls = ["https://cdn.example.com/a.css", "https://cdn.example.com/b.css", "https://cdn.example.com/c.css"]
    # The first rule that fires takes the request: a harmless delay for the first URL, a failure for the second.
    zones.fault(method="POST", path="^/purge$", delay_ms=1, count=1)
    zones.fault(method="POST", path="^/purge$", status=500, count=1)

    result = run(zones, urls=urls)

    assert result["failed"] is True
    assert result["changed"] is True
    assert result["purged"] == {"pull_zone_id": None, "cache_tag": None, "urls": urls[:1]}
    assert result["msg"].endswith("The URLs before it were purged: https://cdn.example.com/a.css.")
    assert result["status"] == 500
    assert [entry[2] for entry in purges(zones)] == urls[:1]


def test_a_refused_first_url_fails_with_the_api_error_and_no_change(zones):
    zones.fault(method="POST", path="/purge", status=500, count=1)

    result = run(zones, urls=["https://cdn.example.com/a.css"])

    assert (result["failed"], result["changed"]) == (True, False)
    assert result["msg"].startswith("POST /purge failed with status 500")
    assert "purged" not in result


@pytest.mark.parametrize("options, message", [
    ({}, "one of the following is required: pull_zone_id, urls"),
    ({"pull_zone_id": 0}, "pull_zone_id must be at least 1, got 0"),
    ({"pull_zone_id": ZONE_ID, "cache_tag": ""}, "cache_tag must be at least 1 characters long, got 0"),
    ({"urls": []}, "urls must have at least 1 items, got 0"),
    ({"urls": ["/css/site.css"]}, "urls[0] must match an absolute http:// or https:// URL, got '/css/site.css'"),
    ({"urls": ["ftp://cdn.example.com/a"]}, "urls[0] must match an absolute http:// or https:// URL"),
    ({"pull_zone_id": ZONE_ID, "cache_tag": "x", "urls": ["https://cdn.example.com/a"]}, "parameters are mutually exclusive: cache_tag|urls"),
    ({"pull_zone_id": ZONE_ID, "exact_path": True}, "exact_path is True but all of the following are missing: urls"),
])
def test_bad_input_fails_before_any_request(zones, options, message):
    result = run(zones, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert zones.requests() == []


@pytest.mark.parametrize("task", yaml.safe_load(pullzone_purge.EXAMPLES), ids=lambda task: task["name"])
def test_the_example_purges(zones, task):
    result = run(zones, **task["bunnynet.cloud.pullzone_purge"])

    assert result.get("failed") is not True, result.get("msg")
    assert result["changed"] is True
    assert len(purges(zones)) == len(task["bunnynet.cloud.pullzone_purge"].get("urls") or [None])
