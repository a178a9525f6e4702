"""edge_script_info against the simulator."""

import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import MASK
from ansible_collections.bunnynet.cloud.plugins.modules import edge_script_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.edge_fixtures import DEPLOYMENT_KEY, ROUTER_ID, read_back_script, router
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

ZONE = {"Id": 5, "PullZoneName": "assets", "DefaultHostname": "assets.b-cdn.net"}


def run(simulator, check_mode=False, **options):
    return run_module(edge_script_info, simulator.api_args(**options), check_mode=check_mode)


def ids(result):
    return [script["id"] for script in result["edge_scripts"]]


@pytest.fixture
def twelve_scripts(simulator):
    """Twelve scripts: three pages of five, of every type, one linked to a pull zone and one to an integration."""
    scripts = [router(), {"Id": 1, "Name": "router-eu", "ScriptType": 1, "LinkedPullZones": [ZONE]}, {"Id": 2, "Name": "Router", "ScriptType": 0}]
    scripts += [{"Id": number, "Name": "job-%d" % number, "ScriptType": 2} for number in range(3, 11)]
    scripts.append({"Id": 40, "Name": "built", "ScriptType": 1, "Integration": {"IntegrationId": 9}})
    simulator.load(edge_scripts=scripts)
    return simulator


def list_queries(simulator):
    return [entry["query"] for entry in simulator.requests() if entry["path"] == "/compute/script"]


def test_lists_every_script_from_every_page(twelve_scripts):
    result = run(twelve_scripts, per_page=5)

    assert sorted(ids(result)) == sorted([ROUTER_ID, 1, 2, 40] + list(range(3, 11)))
    assert [query["page"] for query in list_queries(twelve_scripts)] == ["1", "2", "3"]
    assert result["changed"] is False


def test_without_per_page_asks_for_the_largest_page(twelve_scripts):
    run(twelve_scripts)

    assert list_queries(twelve_scripts) == [{"perPage": "1000", "page": "1"}]


def test_page_returns_that_page_only(twelve_scripts):
    result = run(twelve_scripts, page=3, per_page=5)

    assert len(result["edge_scripts"]) == 2
    assert list_queries(twelve_scripts) == [{"page": "3", "perPage": "5"}]


def test_filters_by_script_type_sending_the_numbers(twelve_scripts):
    result = run(twelve_scripts, script_type=["dns", "middleware"])

    assert sorted(ids(result)) == [2] + list(range(3, 11))
    assert list_queries(twelve_scripts)[0]["type"] == ["0", "2"]
    assert {script["script_type"] for script in result["edge_scripts"]} == {"dns", "middleware"}


def test_search_matches_part_of_the_name_in_any_case(twelve_scripts):
    result = run(twelve_scripts, search="ROUTER")

    assert sorted(ids(result)) == sorted([ROUTER_ID, 1, 2])


def test_name_returns_only_the_exact_match(twelve_scripts):
    result = run(twelve_scripts, name="router")

    assert ids(result) == [ROUTER_ID]
    assert list_queries(twelve_scripts)[0]["search"] == "router"


def test_a_name_no_script_has_returns_nothing(twelve_scripts):
    assert run(twelve_scripts, name="nothing")["edge_scripts"] == []


def test_filters_by_integration(twelve_scripts):
    result = run(twelve_scripts, integration_id=9)

    assert ids(result) == [40]
    assert list_queries(twelve_scripts)[0]["integrationId"] == "9"


def test_linked_pull_zones_are_listed_only_when_asked(twelve_scripts):
    without = run(twelve_scripts, name="router-eu")
    with_zones = run(twelve_scripts, name="router-eu", include_linked_pull_zones=True)

    assert without["edge_scripts"][0]["linked_pull_zones"] == []
    assert with_zones["edge_scripts"][0]["linked_pull_zones"] == [{"id": 5, "pull_zone_name": "assets", "default_hostname": "assets.b-cdn.net"}]
    assert list_queries(twelve_scripts)[-1]["includeLinkedPullzones"] == "true"


def test_reads_one_script_by_id_as_the_api_holds_it(twelve_scripts):
    result = run(twelve_scripts, id=ROUTER_ID, check_mode=True)

    expected = read_back_script(twelve_scripts, ROUTER_ID)
    del expected["code"]
    expected["deployment_key"] = MASK
    assert result["edge_scripts"] == [expected]
    assert result["changed"] is False


def test_an_unknown_id_fails_naming_the_script(twelve_scripts):
    result = run(twelve_scripts, id=99)

    assert result["failed"] is True
    assert result["msg"] == "Edge script 99 was not found (HTTP 404)."


def test_deployment_keys_are_masked_and_appear_nowhere(twelve_scripts):
    result = run(twelve_scripts, _ansible_verbosity=4)

    assert {script["deployment_key"] for script in result["edge_scripts"]} == {MASK}
    assert DEPLOYMENT_KEY not in json.dumps(result)


def test_only_reads(twelve_scripts):
    run(twelve_scripts, per_page=5)

    assert {entry["method"] for entry in twelve_scripts.requests()} == {"GET"}


@pytest.mark.parametrize("options, message", [
    ({"per_page": 4}, "per_page must be between 5 and 1000, got 4"),
    ({"per_page": 1001}, "per_page must be between 5 and 1000, got 1001"),
    ({"page": 0}, "page must be between 1 and 2147483647, got 0"),
    ({"page": 2**31}, "page must be between 1 and 2147483647, got 2147483648"),
    ({"name": "n" * 101}, "name must be between 1 and 100 characters long, got 101"),
    ({"id": 1, "search": "a"}, "parameters are mutually exclusive: id|search"),
    ({"name": "a", "search": "a"}, "parameters are mutually exclusive: name|search"),
    ({"script_type": ["worker"]}, "value of script_type must be one or more of: dns, cdn, middleware. Got no match for: worker"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []
