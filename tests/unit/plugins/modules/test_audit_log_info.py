"""audit_log_info against the simulator: a day's entries, filtered, ordered and paged by the API."""

import json
import re
from datetime import datetime, timezone

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.account import audit_log
from ansible_collections.bunnynet.cloud.plugins.modules import audit_log_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

DAY = "2026-11-01"


def entry(minute, product="CDN", resource_id="10", actor="user-1", action="Update"):
    return {"Timestamp": "%sT09:%02d:00Z" % (DAY, minute), "Product": product, "ResourceType": "PullZone", "ResourceId": resource_id,
            "ResourceOwner": "owner-1", "Action": action, "ActorId": actor, "ActorType": "User", "Diff": '{"CacheControlMaxAgeOverride": [0, 3600]}'}


LOGS = [entry(1), entry(2, product="DNS", resource_id="7"), entry(3, actor="api-key-2"), entry(4, resource_id="11", action="Delete")]


@pytest.fixture
def logged(simulator):
    simulator.load(reports={"/user/audit/%s" % DAY: {"Logs": LOGS}})
    return simulator


def run(simulator, check_mode=False, **options):
    return run_module(audit_log_info, simulator.api_args(**options), check_mode=check_mode)


def audit_queries(simulator):
    return [entry["query"] for entry in simulator.requests() if entry["path"].startswith("/user/audit/")]


def test_reads_every_entry_of_the_day_in_snake_case(logged):
    result = run(logged, check_mode=True, date=DAY)

    assert result["changed"] is False
    assert result["date"] == DAY and result["more"] is False
    assert [item["timestamp"] for item in result["audit_log"]] == [item["Timestamp"] for item in LOGS]
    assert result["audit_log"][0] == {
        "timestamp": "2026-11-01T09:01:00Z", "product": "CDN", "resource_type": "PullZone", "resource_id": "10", "resource_owner": "owner-1",
        "action": "Update", "actor_id": "user-1", "actor_type": "User", "diff": '{"CacheControlMaxAgeOverride": [0, 3600]}',
    }
    assert audit_queries(logged) == [{"Limit": "10000"}]
    assert logged.writes() == []


def test_the_filters_and_the_order_are_the_apis(logged):
    result = run(logged, date=DAY, products=["CDN"], resource_ids=["10", "11"], order="descending")

    assert [item["timestamp"][11:16] for item in result["audit_log"]] == ["09:04", "09:03", "09:01"]
    assert audit_queries(logged) == [{"Product": "CDN", "ResourceId": ["10", "11"], "Order": "Descending", "Limit": "10000"}]


def test_actor_filter(logged):
    result = run(logged, date=DAY, actor_ids=["api-key-2"])

    assert [item["actor_id"] for item in result["audit_log"]] == ["api-key-2"]


def test_limit_stops_paging_and_says_more_remain(logged):
    result = run(logged, date=DAY, limit=3)

    assert len(result["audit_log"]) == 3 and result["more"] is True
    assert audit_queries(logged) == [{"Limit": "3"}]


def test_pages_are_followed_by_their_continuation_token(logged, monkeypatch):
    monkeypatch.setattr(audit_log, "MOST_PER_PAGE", 3)

    result = run(logged, date=DAY)

    assert len(result["audit_log"]) == 4 and result["more"] is False
    assert audit_queries(logged) == [{"Limit": "3"}, {"Limit": "3", "ContinuationToken": "3"}]


def test_a_limit_past_one_page_reads_the_next_page_for_the_rest(logged, monkeypatch):
    monkeypatch.setattr(audit_log, "MOST_PER_PAGE", 2)

    result = run(logged, date=DAY, limit=3)

    assert [item["timestamp"][11:16] for item in result["audit_log"]] == ["09:01", "09:02", "09:03"] and result["more"] is True
    assert audit_queries(logged) == [{"Limit": "2"}, {"Limit": "1", "ContinuationToken": "2"}]


def test_without_a_date_reads_today_in_utc(logged):
    before = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    result = run(logged)
    # A run across midnight reads the day it started or the next.
    days = {before, datetime.now(timezone.utc).strftime("%Y-%m-%d")}

    assert result["date"] in days and result["audit_log"] == []
    assert [entry["path"] for entry in logged.requests()] == ["/user/audit/%s" % result["date"]]


@pytest.mark.parametrize("options, problem", [
    (dict(date="01/11/2026"), "date must be a day written YYYY-MM-DD, such as 2026-11-01, got '01/11/2026'"),
    (dict(date="2026-02-30"), "date must be a day written YYYY-MM-DD"),
    (dict(limit=0), "limit must be at least 1, got 0"),
    (dict(products=[""]), "products[0] must be at least 1 characters long, got 0"),
])
def test_bad_input_fails_before_any_request(logged, options, problem):
    result = run(logged, **options)

    assert result["failed"] is True and problem in result["msg"]
    assert logged.requests() == []


def test_a_diff_keeps_the_secrets_it_logs_out_of_the_output(simulator):
    rotated = dict(entry(5), Diff='{"ZoneSecurityKey": ["old-token-key", "new-token-key"], "OriginUrl": ["https://a.example", "https://b.example"]}')
    rotated_elsewhere = dict(entry(6), ResourceType="StorageZone", Diff="Password: old-password -> new-password")
    simulator.load(reports={"/user/audit/%s" % DAY: {"Logs": [rotated, rotated_elsewhere, entry(7)]}})

    result = run(simulator, date=DAY)

    first, second, third = (item["diff"] for item in result["audit_log"])
    assert json.loads(first) == {"ZoneSecurityKey": "********", "OriginUrl": ["https://a.example", "https://b.example"]}
    assert second == "********"
    assert third == '{"CacheControlMaxAgeOverride": [0, 3600]}'
    assert not {"old-token-key", "new-token-key", "old-password", "new-password"} & set(re.findall(r"[\w-]+", json.dumps(result)))
