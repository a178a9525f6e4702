"""mc_app_info against the simulator."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.module import AUTH_REFUSED
from ansible_collections.bunnynet.cloud.plugins.modules import mc_app_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, load_storefront, read_raw, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module


def many_apps(count):
    return [storefront(id="app-%04d" % number, name="app %d" % number) for number in range(count)]


def test_reads_one_app_in_full_and_in_snake_case(simulator):
    simulator.load(apps=[storefront()])

    result = run_module(mc_app_info, simulator.api_args(app_id=APP_ID))

    assert result["changed"] is False
    assert [app["id"] for app in result["apps"]] == [APP_ID]
    assert result["apps"][0]["container_templates"][0]["image_tag"] == "1.25"
    assert result["apps"][0]["region_settings"]["allowed_region_ids"] == ["DE", "UK"]


def test_reads_every_app_across_cursor_pages(simulator):
    simulator.load(apps=many_apps(1005))

    result = run_module(mc_app_info, simulator.api_args())

    assert len(result["apps"]) == 1005
    assert len({app["id"] for app in result["apps"]}) == 1005
    assert [entry["path"] for entry in simulator.requests()] == ["/mc/apps", "/mc/apps"]


def test_the_list_carries_each_apps_status(simulator):
    simulator.load(apps=[storefront(), storefront(id="app-2", name="api", status="failing")])

    result = run_module(mc_app_info, simulator.api_args())

    assert sorted((app["name"], app["status"]) for app in result["apps"]) == [("api", "failing"), ("storefront", "active")]


def test_an_unknown_app_is_named_in_the_failure(simulator):
    result = run_module(mc_app_info, simulator.api_args(app_id="no-such-app"))

    assert result["failed"] is True
    assert result["msg"] == "Application no-such-app was not found (HTTP 404)."


def test_check_mode_reads_the_same(simulator):
    simulator.load(apps=[storefront()])

    result = run_module(mc_app_info, simulator.api_args(app_id=APP_ID), check_mode=True)

    assert result["apps"][0]["name"] == "storefront"
    assert simulator.writes() == []


def test_one_app_is_what_a_read_of_it_returns(simulator):
    load_storefront(simulator)

    result = run_module(mc_app_info, simulator.api_args(app_id=APP_ID))

    assert result["apps"] == [read_raw(simulator, "/mc/apps/" + APP_ID)]


def test_every_app_is_what_the_list_returns(simulator):
    simulator.load(apps=many_apps(3))

    result = run_module(mc_app_info, simulator.api_args())

    assert result["apps"] == read_raw(simulator, "/mc/apps")["items"]


def test_a_failed_list_names_no_application(simulator):
    simulator.fault(method="GET", path="^/mc/apps$", status=404)

    result = run_module(mc_app_info, simulator.api_args())

    assert result["failed"] is True
    assert result["msg"].startswith("GET /mc/apps failed with status 404")
    assert "None" not in result["msg"]


def test_a_refused_key_gets_the_collections_sentence(simulator):
    result = run_module(mc_app_info, simulator.api_args(api_key="wrong-key-0123456789"))

    assert (result["status"], result["msg"]) == (401, AUTH_REFUSED)


def test_an_empty_app_id_is_refused_before_any_request(simulator):
    result = run_module(mc_app_info, simulator.api_args(app_id=""))

    assert result["failed"] is True
    assert "app_id must be at least 1 characters long, got 0" in result["msg"]
    assert simulator.requests() == []
