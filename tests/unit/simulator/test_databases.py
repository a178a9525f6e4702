"""The simulator's Bunny Database area (`/database`): v2 databases, v1 groups and their databases, tokens, usage, statistics and regions."""

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


def pipeline(api, database_id, token, sql="SELECT 1"):
    host = api.get(f"{BASE}/{database_id}").json()["db"]["url"].split("://", 1)[1]
    body = {"requests": [{"type": "execute", "stmt": {"sql": sql}}, {"type": "close"}]}
    return api.post(f"/sql/{host}/v2/pipeline", json=body, headers={"Authorization": "Bearer " + token})


def test_the_database_s_own_endpoint_takes_its_working_tokens_and_refuses_others_with_401(api):
    orders, billing = create(api), create(api, name="billing")
    working = api.request("PUT", f"{BASE}/{orders}/auth/generate", json={"authorization": "read-only"}).json()["token"]
    other = api.request("PUT", f"{BASE}/{billing}/auth/generate", json={"authorization": "full-access"}).json()["token"]

    answer = pipeline(api, orders, working)
    assert answer.status_code == 200
    assert [result["type"] for result in answer.json()["results"]] == ["ok", "ok"]
    assert answer.json()["results"][0]["response"]["result"]["rows"] == [[{"type": "integer", "value": "1"}]]
    assert pipeline(api, orders, working, "DELETE FROM orders").json()["results"][0]["error"]["code"] == "SQLITE_READONLY"
    assert pipeline(api, orders, other).status_code == 401
    assert pipeline(api, orders, "not-a-token").status_code == 401
    api.post(f"{BASE}/{orders}/auth/revoke")
    assert pipeline(api, orders, working).status_code == 401


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


def test_a_request_without_the_key_answers_401_as_an_app_error(api):
    answer = api.get(BASE, params={"page": 1}, headers={})
    assert answer.status_code == 401 and "AccessKey" in answer.json()["error"]


# --- v1: database groups and the databases in them

GROUPS = "/database/v1/groups"
GROUP_DATABASES = "/database/v1/databases"
SHOP = {"display_name": "shop", "storage_region": "eu-central-1", "primary_regions": ["DE"], "replicas_regions": ["UK"]}


def create_group(api, **changes):
    answer = api.post(GROUPS, json=dict(SHOP, **changes))
    assert answer.status_code == 200, answer.text
    return answer.json()["group"]


def create_group_database(api, group_id, slug="carts"):
    answer = api.post(GROUP_DATABASES, json={"slug": slug, "group": group_id})
    assert answer.status_code == 200, answer.text
    return answer.json()["database"]


def test_a_group_is_created_renamed_given_regions_and_found_by_search(api):
    group = create_group(api)
    assert group == {"id": group["id"], "name": "shop", "storage_region": "eu-central-1", "primary_regions": ["DE"], "replicas_regions": ["UK"]}
    create_group(api, display_name="Blog")
    changed = api.patch(f"{GROUPS}/{group['id']}", json={"display_name": "store", "replicas_regions": ["UK", "SE"], "primary_regions": None})
    assert changed.status_code == 200
    assert changed.json()["group"] == dict(group, name="store", replicas_regions=["UK", "SE"])
    assert api.get(f"{GROUPS}/{group['id']}").json()["group"]["name"] == "store"
    assert [found["name"] for found in api.get(GROUPS, params={"search": "BL"}).json()["groups"]] == ["Blog"]
    assert api.patch(f"{GROUPS}/{group['id']}", json={"display_name": "Blog"}).status_code == 409


@pytest.mark.parametrize(("changes", "field"), [
    ({"display_name": "g" * 64}, "display_name"),
    ({"storage_region": "mars-1"}, "storage_region"),
    ({"primary_regions": ["TH"]}, "primary_regions"),
    ({"replicas_regions": ["DE"]}, "replicas_regions"),
])
def test_a_group_the_service_would_refuse_answers_400_naming_the_field(api, changes, field):
    answer = api.post(GROUPS, json=dict(SHOP, **changes))
    assert answer.status_code == 400 and answer.json()["details"][0]["field"] == field
    assert api.get(GROUPS).json() == {"groups": []}


def test_a_display_name_the_account_has_is_a_conflict(api):
    create_group(api)
    assert api.post(GROUPS, json=SHOP).status_code == 409


def test_a_database_of_a_group_reads_with_the_group_and_stays_out_of_the_v2_lists(api):
    group = create_group(api)
    database = create_group_database(api, group["id"])
    assert database == {
        "name": "carts", "id": database["id"], "url": database["url"], "block_reads": False, "block_writes": False, "allow_attach": False,
        "group_id": group["id"], "group_name": "shop", "is_schema": False, "schema": None, "version": database["version"],
        "size_max": "1073741824", "current_size": "0",
    }
    assert re.fullmatch(r"db_[0-9A-HJKMNP-TV-Z]{26}", database["id"]) and database["url"].startswith("libsql://")
    assert api.get(f"{GROUP_DATABASES}/{database['id']}").json() == {"database": database}
    other = create_group(api, display_name="blog")
    create_group_database(api, other["id"], "posts")
    assert [listed["name"] for listed in api.get(GROUP_DATABASES, params={"group_id": group["id"]}).json()["databases"]] == ["carts"]
    assert [listed["name"] for listed in api.get(GROUP_DATABASES).json()["databases"]] == ["carts", "posts"]
    assert api.get(BASE, params={"page": 1}).json()["databases"] == []
    assert api.get(f"{BASE}/{database['id']}").status_code == 404
    assert api.get("/database/v1/config/limits").json()["current_databases"] == 2


def test_a_slug_the_group_has_is_a_conflict_and_an_unknown_group_is_not_found(api):
    group = create_group(api)
    create_group_database(api, group["id"])
    assert api.post(GROUP_DATABASES, json={"slug": "carts", "group": group["id"]}).status_code == 409
    assert api.post(GROUP_DATABASES, json={"slug": "carts", "group": "group_nothing"}).status_code == 404


def test_a_deleted_database_answers_its_name_and_a_deleted_group_takes_its_databases_and_tokens_along(api):
    group = create_group(api)
    carts, orders = create_group_database(api, group["id"]), create_group_database(api, group["id"], "orders")
    assert api.delete(f"{GROUP_DATABASES}/{carts['id']}").json() == {"database": "carts"}
    api.post(f"{GROUP_DATABASES}/{orders['id']}/auth/tokens", json={"authorization": "full-access"})
    api.post(f"{GROUPS}/{group['id']}/auth/generate", json={"authorization": "read-only"})
    deleted = api.delete(f"{GROUPS}/{group['id']}")
    assert deleted.status_code == 200 and deleted.json()["group"]["id"] == group["id"]
    assert api.get(f"{GROUP_DATABASES}/{orders['id']}").status_code == 404 and api.get(f"{GROUPS}/{group['id']}").status_code == 404
    assert [token["valid"] for token in tokens(api)] == [False, False]


def test_invalidating_a_database_keeps_its_group_token_and_invalidating_the_group_ends_both(api):
    group = create_group(api)
    carts = create_group_database(api, group["id"])
    database_token = api.post(f"{GROUP_DATABASES}/{carts['id']}/auth/tokens", json={"authorization": "full-access"}).json()
    group_token = api.post(f"{GROUPS}/{group['id']}/auth/generate", json={"authorization": "read-only", "expires_at": "2099-01-01T00:00:00Z"}).json()
    assert group_token["expires_at"] == "2099-01-01T00:00:00Z" and database_token["expires_at"] is None
    assert api.post(f"{GROUP_DATABASES}/{carts['id']}/auth/invalidate").status_code == 204
    assert [(token["token"], token["valid"]) for token in tokens(api)] == [(database_token["token"], False), (group_token["token"], True)]
    api.post(f"{GROUP_DATABASES}/{carts['id']}/auth/tokens", json={"authorization": "read-only"})
    assert api.post(f"{GROUPS}/{group['id']}/auth/invalidate").status_code == 204
    assert [token["valid"] for token in tokens(api)] == [False, False, False]
    assert [token["group_id"] for token in tokens(api)] == [group["id"]] * 3


HISTORY = {"database_groups": [{"id": "group_1", "name": "shop", "databases": [{
    "id": "db_1", "name": "carts", "created_at": "2026-01-01T00:00:00Z", "current_size": "4096",
    "activity": {"rows_read_per_hour": 100, "rows_written_per_hour": 10, "latency_ms": 2.0},
    "generations": [{"created_at": "2026-01-01T00:00:00Z", "generation": "00000000-0000-4000-8000-000000000001"},
                    {"created_at": "2026-02-01T00:00:00Z", "generation": "00000000-0000-4000-8000-000000000002"},
                    {"created_at": "2026-03-01T00:00:00Z", "generation": "00000000-0000-4000-8000-000000000003"}]}]}]}


def generations(api, **body):
    answer = api.post(f"{GROUP_DATABASES}/db_1/list_versions", json=body)
    assert answer.status_code == 200, answer.text
    listed = answer.json()
    assert listed["count"] == len(listed["generations"])
    return [generation["generation"][-1] for generation in listed["generations"]]


def test_versions_are_listed_newest_first_between_dates_and_a_restore_drops_the_later_ones(api, simulator):
    simulator.load_fixtures(HISTORY)
    assert generations(api) == ["3", "2", "1"]
    assert generations(api, limit=1) == ["3"]
    assert generations(api, older_than="2026-03-01", newer_than="2026-01-01") == ["2"]
    assert api.post(f"{GROUP_DATABASES}/db_1/list_versions", json={"older_than": "March"}).status_code == 400
    assert api.post(f"{GROUP_DATABASES}/db_1/restore", json={"generation": "00000000-0000-4000-8000-000000000002"}).json() == {}
    assert generations(api) == ["2", "1"]
    answer = api.post(f"{GROUP_DATABASES}/db_1/restore", json={"generation": "00000000-0000-4000-8000-000000000003"})
    assert answer.status_code == 400 and answer.json()["details"][0]["field"] == "generation"


@pytest.mark.parametrize(("date", "status"), [("2026-02-01T00:00:00Z", 200), ("2025-12-31T00:00:00Z", 400), ("2999-01-01T00:00:00Z", 400)])
def test_a_fork_is_a_new_database_of_the_group_from_a_date_of_the_database_history(api, simulator, date, status):
    simulator.load_fixtures(HISTORY)
    answer = api.post(f"{GROUP_DATABASES}/db_1/fork", json={"slug": "carts-february", "date": date})
    assert answer.status_code == status, answer.text
    names = [database["name"] for database in api.get(GROUP_DATABASES).json()["databases"]]
    if status == 200:
        fork = answer.json()["database"]
        assert fork["group_id"] == "group_1" and fork["current_size"] == "4096" and fork["id"] != "db_1"
        assert names == ["carts", "carts-february"]
        assert api.post(f"{GROUP_DATABASES}/db_1/fork", json={"slug": "carts-february", "date": date}).status_code == 400
    else:
        assert names == ["carts"]


def test_group_usage_and_statistics_add_up_its_databases(api, simulator):
    simulator.load_fixtures({"database_groups": [{"id": "group_1", "name": "shop", "primary_regions": ["DE", "NY"], "replicas_regions": ["UK"],
                                                  "databases": [
        {"name": "carts", "current_size": "1048576", "activity": {"rows_read_per_hour": 100, "rows_written_per_hour": 10, "latency_ms": 2.0}},
        {"name": "orders", "current_size": "1048576", "activity": {"rows_read_per_hour": 50, "rows_written_per_hour": 0, "latency_ms": 4.0}},
    ]}]})  # fmt: skip
    usage = api.get(f"{GROUPS}/group_1/aggregated_usage", params=PERIOD).json()
    assert usage == {"rows_read": 375, "rows_written": 25, "avg_latency_ms": 3.0}
    statistics = api.get(f"{GROUPS}/group_1/stats", params=PERIOD).json()
    assert statistics["query_count"]["data"][0] == ["2026-05-01T00:00:00Z", 160.0] and statistics["storage"]["data"][0][1] == 2.0
    assert sorted(statistics["latency"]["data"]) == ["DE", "NY"]
    assert api.get(f"{GROUPS}/group_1/stats", params={"from": PERIOD["to"], "to": PERIOD["from"]}).status_code == 400


def test_live_metrics_tell_live_replica_only_and_offline_and_leave_out_what_the_account_does_not_have(api, simulator):
    simulator.load_fixtures({
        "databases": [{"id": "db_live", "name": "live", "primary_regions": ["DE"], "replicas_regions": ["UK", "SE"]},
                      {"id": "db_writes_blocked", "name": "blocked", "block_writes": True}],
        "database_groups": [{"id": "group_1", "name": "shop", "primary_regions": ["NY"], "databases": [{"id": "db_off", "block_reads": True,
                                                                                                       "block_writes": True}]},
                            {"id": "group_empty", "name": "empty"}],
    })  # fmt: skip
    answer = api.post("/database/v1/live/live_db", json={"db_ids": ["db_live", "db_off", "db_unknown"]}, headers=dict(
        simulator.headers, **{"db-ids": "db_writes_blocked"}))
    assert answer.json() == {"live_metrics": {
        "db_live": {"state": "Live", "metadata": {"main": "DE", "replicas": ["UK", "SE"]}},
        "db_off": {"state": "Offline"},
        "db_writes_blocked": {"state": "ReplicaOnly"},
    }}
    groups = api.post("/database/v1/live/live_group", json={"group_ids": ["group_1", "group_empty", "group_unknown"]}).json()
    assert groups == {"live_metrics": {"group_1": {"state": "Live", "metadata": {"main": "NY", "replicas": []}}, "group_empty": {"state": "Offline"}}}


@pytest.mark.parametrize(("token", "primary", "storage"), [
    ("BunnyCDN-DE1-1058", "DE", "eu-central-1"),
    ("BunnyCDN-SYD1-17", "SYD", "ap-southeast-2"),
    ("BunnyCDN-LA1-880", "LA", "us-west-1"),
    # Johannesburg holds replicas only: the nearest region that can hold a primary, Tel Aviv, is offered.
    ("BunnyCDN-JH1-3", "ISR", "eu-central-1"),
    ("edge-somewhere-1", "DE", "eu-central-1"),
])
def test_the_optimal_configuration_is_the_nearest_to_the_edge_server_the_token_names(api, token, primary, storage):
    optimal = api.get("/database/v1/config/optimal", params={"cdn_server_token": token}).json()
    assert [region["id"] for region in optimal["primary_regions"]] == [primary] and optimal["storage_region"]["id"] == storage
    assert len(optimal["replica_regions"]) == 2 and primary not in [region["id"] for region in optimal["replica_regions"]]
    single = api.get("/database/v1/config/optimal_single", params={"cdn_server_token": token}).json()
    assert single["region"]["id"] == primary and single["storage_region"] == optimal["storage_region"]


def test_a_cdn_server_token_without_three_parts_is_refused(api):
    assert api.get("/database/v1/config/optimal", params={"cdn_server_token": "BunnyCDN"}).status_code == 400
