"""database_info against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import database_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.database_fixtures import BILLING_ID, ORDERS_ID, orders, read_back
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

PERIOD = dict(period_start="2026-05-01T00:00:00Z", period_end="2026-05-01T03:00:00+00:00")


def run(simulator, **options):
    return run_module(database_info, simulator.api_args(**options))


@pytest.fixture
def two(simulator):
    simulator.load(databases=[orders(), orders(id=BILLING_ID, name="billing", activity={})])
    return simulator


def test_every_database_is_returned_as_the_database_module_projects_it(two):
    result = run(two)
    assert result["changed"] is False
    assert result["databases"] == [read_back(two, ORDERS_ID), read_back(two, BILLING_ID)]
    assert "regions" not in result and "account_usage" not in result


def test_every_page_is_read(simulator):
    simulator.load(databases=[{"name": "db%d" % number} for number in range(230)])
    result = run(simulator)
    assert len(result["databases"]) == 230
    assert [entry["query"]["page"] for entry in simulator.requests()] == ["1", "2", "3"]


@pytest.mark.parametrize(("options", "names"), [
    (dict(id=BILLING_ID), ["billing"]), (dict(name="orders"), ["orders"]), (dict(name="order"), []), (dict(search="ORD"), ["orders"]),
])
def test_one_by_id_those_of_a_name_or_those_a_search_matches(two, options, names):
    assert [database["name"] for database in run(two, **options)["databases"]] == names


def test_the_search_goes_to_the_api(two):
    run(two, search="bill")
    assert two.requests()[0]["query"] == {"page": "1", "per_page": "100", "search": "bill"}


def test_an_id_that_is_not_there_fails_naming_it(two):
    result = run(two, id="db_01KCHBG8C5KSFGG0VRNFQ7EK7Z")
    assert result["failed"] and result["msg"] == "Database db_01KCHBG8C5KSFGG0VRNFQ7EK7Z was not found (HTTP 404)."


def test_usage_and_statistics_cover_the_period_asked_for(two):
    result = run(two, name="orders", usage=True, statistics=True, **PERIOD)
    database = result["databases"][0]
    assert database["usage"] == {"rows_read": 300, "rows_written": 30, "avg_latency_ms": 2.5}
    assert [point[0] for point in database["statistics"]["query_count"]["data"]] == [
        "2026-05-01T00:00:00Z", "2026-05-01T01:00:00Z", "2026-05-01T02:00:00Z", "2026-05-01T03:00:00Z"]
    assert list(database["statistics"]["latency"]["data"]) == ["DE"]
    assert result["account_usage"] == {"active_db": 1, "total_db": 2, "total_db_size": "4194304"}
    usage_query = [entry["query"] for entry in two.requests() if entry["path"].endswith("/usage")]
    assert usage_query == [{"from": "2026-05-01T00:00:00Z", "to": "2026-05-01T03:00:00Z"}]


def test_the_default_period_is_the_last_day(two):
    result = run(two, name="orders", statistics=True)
    assert len(result["databases"][0]["statistics"]["row_read_count"]["data"]) in (24, 25)


def test_regions_are_the_api_offer(two):
    regions = run(two, regions=True)["regions"]
    assert {"storage_region_available", "primary_regions", "replica_regions"} == set(regions)
    assert "NG" not in [region["id"] for region in regions["primary_regions"]]


@pytest.mark.parametrize(("options", "words"), [
    (dict(search="a-b"), "search must match letters and digits"),
    (dict(id="7"), "id must match"),
    (dict(usage=True, period_start="yesterday"), "period_start must be an RFC 3339 date-time"),
    (dict(usage=True, period_start="2026-05-01T00:00:00"), "period_start must be an RFC 3339 date-time"),
    (dict(usage=True, period_start="2026-05-02T00:00:00Z", period_end="2026-05-01T00:00:00Z"), "period_end must not be before period_start"),
    (dict(statistics=True, period_start="2026-01-01T00:00:00Z", period_end="2026-03-01T00:00:00Z"), "at most 744 hours"),
    (dict(name="orders", search="orders"), "mutually exclusive"),
])
def test_bad_input_fails_before_any_request(two, options, words):
    two.clear_requests()
    result = run(two, **options)
    assert result["failed"] and words in result["msg"] and two.requests() == []
