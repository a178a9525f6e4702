"""The simulator's Bunny Database area (`/database`): databases, tokens, usage, statistics and regions, as the vendor documents them."""

import re

import pytest

BASE = "/database/v2/databases"
ORDERS = {"name": "orders", "storage_region": "eu-central-1", "primary_regions": ["DE"], "replicas_regions": ["UK"]}
PERIOD = {"from": "2026-05-01T00:00:00Z", "to": "2026-05-01T02:30:00Z"}


def create(api, **changes):
    answer = api.post(BASE, json=dict(ORDERS, **changes))
    assert answer.status_code == 200, answer.text
    return answer.json()["db_id"]


def tokens(api):
    return api.get("/_sim/databases/tokens", headers={}).json()


def test_a_created_database_reads_back_with_its_regions_url_and_sizes(api):
    database_id = create(api)
    assert re.fullmatch(r"db_[0-9A-HJKMNP-TV-Z]{26}", database_id)
    database = api.get(f"{BASE}/{database_id}").json()["db"]
    assert database == {
        "name": "orders", "id": database_id, "url": database["url"], "block_reads": False, "block_writes": False,
        "size_max": "1073741824", "current_size": "0", "storage_region": "eu-central-1", "primary_regions": ["DE"], "replicas_regions": ["UK"],
    }
    assert database["url"].startswith("libsql://")


@pytest.mark.parametrize(("changes", "field"), [
    ({"name": "x" * 64}, "name"),
    ({"name": " "}, "name"),
    ({"storage_region": "mars-1"}, "storage_region"),
    ({"primary_regions": []}, "primary_regions"),
    ({"primary_regions": ["NG"]}, "primary_regions"),
    ({"primary_regions": ["XX"]}, "primary_regions[0]"),
    ({"replicas_regions": ["DE"]}, "replicas_regions"),
    ({"replicas_regions": ["UK", "UK"]}, "replicas_regions"),
])
def test_a_create_the_service_would_refuse_answers_400_with_an_app_error_naming_the_field(api, changes, field):
    answer = api.post(BASE, json=dict(ORDERS, **changes))
    assert answer.status_code == 400
    body = answer.json()
    assert set(body) == {"error", "details"} and body["details"][0]["field"] == field and field in body["error"]
    assert api.get(BASE, params={"page": 1}).json()["databases"] == []


def test_a_name_the_account_has_is_a_conflict(api):
    create(api)
    answer = api.post(BASE, json=ORDERS)
    assert answer.status_code == 409 and "orders" in answer.json()["error"]


def test_the_list_has_pages_of_per_page_and_a_search_over_names(api):
    for number in range(5):
        create(api, name=f"shop{number}")
    create(api, name="Billing")
    first = api.get(BASE, params={"page": 1, "per_page": 4}).json()
    second = api.get(BASE, params={"page": 2, "per_page": 4}).json()
    assert [database["name"] for database in first["databases"]] == ["shop0", "shop1", "shop2", "shop3"]
    assert first["page_info"] == {"current_page": 1, "total_items": 6, "has_more_items": True}
    assert second["page_info"]["has_more_items"] is False and len(second["databases"]) == 2
    assert [database["name"] for database in api.get(BASE, params={"page": 1, "search": "bill"}).json()["databases"]] == ["Billing"]


def test_a_page_holds_at_most_a_hundred_whatever_per_page_asks(api, simulator):
    simulator.load_fixtures({"databases": [{"name": f"db{number}"} for number in range(130)]})
    assert len(api.get(BASE, params={"page": 1, "per_page": 500}).json()["databases"]) == 100
    assert len(api.get(BASE, params={"page": 1}).json()["databases"]) == 100


@pytest.mark.parametrize("query", [{}, {"page": 0}, {"page": 1, "search": "a-b"}])
def test_a_list_without_a_page_or_with_a_search_outside_letters_and_digits_is_refused(api, query):
    assert api.get(BASE, params=query).status_code == 400


def test_an_update_sets_the_regions_it_sends_and_keeps_the_others(api):
    database_id = create(api)
    answer = api.patch(f"{BASE}/{database_id}", json={"replicas_regions": ["UK", "SG"], "primary_regions": None})
    assert answer.status_code == 200
    assert answer.json()["db"]["primary_regions"] == ["DE"] and answer.json()["db"]["replicas_regions"] == ["UK", "SG"]
    assert api.patch(f"{BASE}/{database_id}", json={"storage_region": "us-east-1"}).status_code == 400


def test_a_database_that_is_not_there_answers_404(api):
    for method in ("GET", "PATCH", "DELETE"):
        answer = api.request(method, f"{BASE}/db_01KCHBG8C5KSFGG0VRNFQ7EK7X", json={} if method == "PATCH" else None)
        assert answer.status_code == 404 and "db_01KCHBG8C5KSFGG0VRNFQ7EK7X" in answer.json()["error"]


def test_a_delete_answers_the_id_and_the_database_is_gone(api):
    database_id = create(api)
    assert api.delete(f"{BASE}/{database_id}").json() == {"db_id": database_id}
    assert api.get(f"{BASE}/{database_id}").status_code == 404


def test_each_generation_gives_a_new_token_and_earlier_ones_stay_valid(api, simulator):
    simulator.update_settings(database_token_marker="LEAKCANARY")
    database_id = create(api)
    first = api.request("PUT", f"{BASE}/{database_id}/auth/generate", json={"authorization": "full-access"}).json()
    second = api.request("PUT", f"{BASE}/{database_id}/auth/generate", json={"authorization": "read-only", "expires_at": "2099-01-01T10:00:00+02:00"}).json()
    assert first["token"] != second["token"] and first["expires_at"] is None and second["expires_at"] == "2099-01-01T08:00:00Z"
    assert all("LEAKCANARY" in answer["token"] for answer in (first, second))
    known = tokens(api)
    assert [(token["token"], token["authorization"], token["valid"]) for token in known] == [
        (first["token"], "full-access", True), (second["token"], "read-only", True)]


def test_a_revoke_invalidates_every_token_of_the_database_and_only_of_it(api):
    orders, billing = create(api), create(api, name="billing")
    for database_id in (orders, orders, billing):
        api.request("PUT", f"{BASE}/{database_id}/auth/generate", json={"authorization": "full-access"})
    assert api.post(f"{BASE}/{orders}/auth/revoke").status_code == 204
    api.request("PUT", f"{BASE}/{orders}/auth/generate", json={"authorization": "read-only"})
    assert [(token["database_id"], token["valid"]) for token in tokens(api)] == [(orders, False), (orders, False), (billing, True), (orders, True)]


def test_a_deleted_database_takes_its_tokens_along(api):
    database_id = create(api)
    api.request("PUT", f"{BASE}/{database_id}/auth/generate", json={"authorization": "full-access"})
    api.delete(f"{BASE}/{database_id}")
    assert [token["valid"] for token in tokens(api)] == [False]


@pytest.mark.parametrize("body", [{}, {"authorization": "admin"}, {"authorization": "read-only", "expires_at": "tomorrow"},
                                  {"authorization": "read-only", "expires_at": "2001-01-01T00:00:00Z"}])
def test_a_token_request_the_service_would_refuse_answers_400_and_gives_no_token(api, body):
    database_id = create(api)
    assert api.request("PUT", f"{BASE}/{database_id}/auth/generate", json=body).status_code == 400
    assert tokens(api) == []


def test_usage_counts_the_hours_of_the_period_at_the_database_activity(api, simulator):
    simulator.load_fixtures({"databases": [{"id": "db_1", "name": "orders", "activity": {"rows_read_per_hour": 100, "rows_written_per_hour": 10,
                                                                                         "latency_ms": 2.5}}]})
    assert api.get(f"{BASE}/db_1/usage", params=PERIOD).json() == {"rows_read": 250, "rows_written": 25, "avg_latency_ms": 2.5}
    assert api.get(f"{BASE}/db_1/usage", params={"from": PERIOD["to"], "to": PERIOD["from"]}).status_code == 400
    assert api.get(f"{BASE}/db_1/usage", params={"from": PERIOD["from"]}).status_code == 400


def test_statistics_come_in_hourly_buckets_with_latency_per_primary_region(api, simulator):
    simulator.load_fixtures({"databases": [{"id": "db_1", "name": "orders", "primary_regions": ["DE", "NY"], "replicas_regions": ["UK"],
                                            "activity": {"rows_read_per_hour": 100, "rows_written_per_hour": 10, "latency_ms": 2.5}}]})
    statistics = api.get(f"{BASE}/db_1/statistics", params=PERIOD).json()
    assert [point[0] for point in statistics["row_read_count"]["data"]] == [
        "2026-05-01T00:00:00Z", "2026-05-01T01:00:00Z", "2026-05-01T02:00:00Z"]
    assert statistics["query_count"]["data"][0][1] == 110.0 and statistics["delegated_write_requests"]["data"][0][1] == 10.0
    assert sorted(statistics["latency"]["data"]) == ["DE", "NY"] and statistics["latency"]["unit"] == "milliseconds"
    assert api.get(f"{BASE}/db_1/statistics", params={"from": "2026-01-01T00:00:00Z", "to": "2026-03-01T00:00:00Z"}).status_code == 400


def test_active_usage_counts_the_databases_that_did_something(api, simulator):
    simulator.load_fixtures({"databases": [{"name": "idle", "current_size": "100"},
                                           {"name": "busy", "current_size": "50", "activity": {"rows_read_per_hour": 1}}]})
    assert api.get(f"{BASE}/active_usage").json() == {"active_db": 1, "total_db": 2, "total_db_size": "150"}


def test_the_config_offers_storage_regions_and_fewer_primary_than_replica_regions(api):
    config = api.get("/database/v1/config").json()
    primary = {region["id"] for region in config["primary_regions"]}
    replicas = {region["id"] for region in config["replica_regions"]}
    assert "eu-central-1" in {region["id"] for region in config["storage_region_available"]}
    assert primary < replicas and "NG" in replicas - primary


def test_an_endpoint_of_the_vendor_document_the_simulator_does_not_serve_answers_501_as_an_app_error(api):
    answer = api.get("/database/v1/groups")
    assert answer.status_code == 501 and set(answer.json()) == {"error", "details"}


def test_a_request_without_the_key_answers_401_as_an_app_error(api):
    answer = api.get(BASE, params={"page": 1}, headers={})
    assert answer.status_code == 401 and "AccessKey" in answer.json()["error"]
