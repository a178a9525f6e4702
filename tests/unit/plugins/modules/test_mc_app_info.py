"""mc_app_info against the simulator."""

from ansible_collections.bunnynet.cloud.plugins.modules import mc_app_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, storefront
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
