"""database against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import database
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.database_fixtures import (
    BILLING_ID,
    ORDERS_ID,
    SERVER_FIELDS,
    orders,
    read_back,
    writes,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

ITEM = "/database/v2/databases/" + ORDERS_ID


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(database, simulator.api_args(**options), check_mode=check_mode, diff=diff)


@pytest.fixture
def with_orders(simulator):
    simulator.load(databases=[orders()])
    return simulator


# Creating

NEW = dict(name="orders", primary_regions=["DE", "FR"], replicas_regions=["NY"])


def test_check_mode_predicts_the_new_database_and_only_reads(simulator):
    checked = run(simulator, check_mode=True, diff=True, **NEW)

    assert checked["changed"] is True and simulator.writes() == []
    assert checked["database"]["id"] is None and checked["database"]["url"] is None
    assert checked["diff"]["before"] == {}
    applied = run(simulator, **NEW)
    assert_prediction_holds(checked["database"], applied["database"], read_back(simulator, applied["database"]["id"]), server_fields=SERVER_FIELDS)


def test_a_create_sends_every_list_the_create_model_requires_and_returns_the_url_and_sizes(simulator):
    result = run(simulator, name="orders", primary_regions=["DE"])

    assert writes(simulator) == [("POST", "/database/v2/databases",
                                  {"name": "orders", "storage_region": "eu-central-1", "primary_regions": ["DE"], "replicas_regions": []})]
    created = result["database"]
    assert created["url"].startswith("libsql://") and created["size_max"] == "1073741824" and created["current_size"] == "0"


@pytest.mark.parametrize(("primary", "storage"), [("NY", "us-east-1"), ("SYD", "ap-southeast-2"), ("SG", "ap-southeast-1")])
def test_a_create_without_a_storage_region_takes_the_one_of_the_first_primary_regions_group(simulator, primary, storage):
    result = run(simulator, name="orders", primary_regions=[primary])
    assert result["database"]["storage_region"] == storage


def test_a_second_run_reads_only(simulator):
    run(simulator, **NEW)
    simulator.clear_requests()
    again = run(simulator, **NEW)
    assert again["changed"] is False and simulator.writes() == []


def test_a_create_needs_primary_regions(simulator):
    result = run(simulator, name="orders")
    assert result["failed"] and "primary_regions" in result["msg"] and simulator.writes() == []


def test_a_primary_region_the_api_offers_only_for_replicas_fails_before_any_write_naming_the_offer(simulator):
    result = run(simulator, name="orders", primary_regions=["NG"])
    assert result["failed"] and simulator.writes() == []
    assert "primary_regions: the API does not offer NG for a primary" in result["msg"] and "DE" in result["msg"]


# Updating


def test_a_change_of_replicas_sends_only_that_list_and_predicts_the_result(with_orders):
    checked = run(with_orders, check_mode=True, diff=True, name="orders", replicas_regions=["NY", "UK"])
    applied = run(with_orders, diff=True, name="orders", replicas_regions=["NY", "UK"])

    assert writes(with_orders) == [("PATCH", ITEM, {"replicas_regions": ["NY", "UK"]})]
    assert applied["diff"]["before"]["replicas_regions"] == ["UK"] and applied["diff"]["after"]["replicas_regions"] == ["NY", "UK"]
    assert_prediction_holds(checked["database"], applied["database"], read_back(with_orders, ORDERS_ID))


def test_regions_in_another_order_are_no_change(with_orders):
    with_orders.load(databases=[orders(primary_regions=["DE", "FR"])])
    result = run(with_orders, id=ORDERS_ID, primary_regions=["FR", "DE"], replicas_regions=["UK"])
    assert result["changed"] is False and with_orders.writes() == []


def test_a_storage_region_cannot_change_and_says_so_before_any_write(with_orders):
    result = run(with_orders, name="orders", storage_region="us-east-1", primary_regions=["DE"])
    assert result["failed"] and with_orders.writes() == []
    assert "storage_region can only be set when the database is created" in result["msg"]


def test_a_name_cannot_change_by_id(with_orders):
    result = run(with_orders, id=ORDERS_ID, name="sales")
    assert result["failed"] and "name can only be set when the database is created" in result["msg"] and with_orders.writes() == []


def test_a_region_both_primary_and_replica_fails_before_any_request(with_orders):
    with_orders.clear_requests()
    result = run(with_orders, name="orders", primary_regions=["DE"], replicas_regions=["DE", "UK"])
    assert result["failed"] and "DE cannot be both a primary and a replica region" in result["msg"] and with_orders.requests() == []


def test_an_unknown_region_fails_before_any_request_naming_the_choices(with_orders):
    with_orders.clear_requests()
    result = run(with_orders, name="orders", primary_regions=["XX"])
    assert result["failed"] and "primary_regions" in result["msg"] and "XX" in result["msg"] and with_orders.requests() == []


@pytest.mark.parametrize(("options", "words"), [
    (dict(id="orders"), "id must match"),
    (dict(name="x" * 64, primary_regions=["DE"]), "name"),
    (dict(name="orders", primary_regions=[]), "primary_regions"),
])
def test_bad_input_fails_before_any_request(with_orders, options, words):
    with_orders.clear_requests()
    result = run(with_orders, **options)
    assert result["failed"] and words in result["msg"] and with_orders.requests() == []


def test_a_lost_update_answer_is_settled_by_a_read(with_orders):
    with_orders.fault(method="PATCH", path="^/database/v2/databases/", status=503, count=1, apply=True)
    result = run(with_orders, name="orders", replicas_regions=["NY"])
    assert result["changed"] is True and result["database"]["replicas_regions"] == ["NY"]
    assert [entry["method"] for entry in with_orders.requests()].count("PATCH") == 1


def test_a_lost_create_answer_is_settled_by_a_read_and_not_sent_twice(simulator):
    simulator.fault(method="POST", path="^/database/v2/databases$", status=503, count=1, apply=True)
    result = run(simulator, name="orders", primary_regions=["DE"])
    assert result["changed"] is True and result["database"]["name"] == "orders"
    assert [entry["method"] for entry in simulator.requests()].count("POST") == 1


# Finding


def test_a_stale_id_fails_with_the_404_naming_the_database(with_orders):
    result = run(with_orders, id=BILLING_ID, primary_regions=["DE"])
    assert result["failed"] and result["msg"] == "Database %s was not found (HTTP 404)." % BILLING_ID and result["status"] == 404


def test_the_name_is_found_on_a_later_page(simulator):
    simulator.load(databases=[{"name": "db%d" % number} for number in range(120)] + [orders()])
    result = run(simulator, name="orders", primary_regions=["DE"], replicas_regions=["UK"])
    assert result["changed"] is False and result["database"]["id"] == ORDERS_ID
    pages = [entry["query"]["page"] for entry in simulator.requests() if entry["path"] == "/database/v2/databases"]
    assert pages == ["1", "2"]


def test_an_api_refusal_surfaces_its_status_and_message(with_orders):
    # The simulator refuses a replica that is a primary of the database; the module lets the API say it.
    result = run(with_orders, name="orders", replicas_regions=["DE"])
    assert result["failed"] and result["status"] == 400 and "DE is already a primary region" in result["msg"]


# Deleting


def test_absent_deletes_the_database_and_a_second_run_is_ok(with_orders):
    checked = run(with_orders, check_mode=True, diff=True, name="orders", state="absent")
    assert checked["changed"] is True and checked["database"] is None and with_orders.writes() == []
    deleted = run(with_orders, name="orders", state="absent")
    assert deleted["changed"] is True and writes(with_orders) == [("DELETE", ITEM, None)]
    assert run(with_orders, name="orders", state="absent")["changed"] is False
    assert run(with_orders, id=ORDERS_ID, state="absent")["changed"] is False
