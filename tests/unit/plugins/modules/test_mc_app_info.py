"""mc_app_info against the simulator."""

import pytest
import requests
from ansible.module_utils.common.dict_transformations import camel_dict_to_snake_dict

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import AUTH_REFUSED
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


# --- Reports and limits -----------------------------------------------------------------------------

OVERVIEW = {
    "monthlyCost": 4.2,
    "latencyChart": {"2026-05-01T00:00:00Z": 12.5},
    "regions": [{"region": "DE", "isRequired": True, "instances": 1, "status": "active", "pods": [{
        "name": "pod-de-1", "status": "ready", "volumesUtilizationPercentage": {"uploads": 40.0},
        "outboundTrafficChart": {"2026-05-01T00:00:00Z": 1024},
        "containers": [{"id": "c-1", "name": "web", "cpuUsage": 0.2, "ramUsage": 64.0, "status": "ready"}]}]}],
}


def test_reports_are_added_to_each_application_in_snake_case_with_their_charts_keys_kept(simulator):
    load_storefront(simulator, reports={"/mc/apps/%s/overview" % APP_ID: OVERVIEW})

    result = run_module(mc_app_info, simulator.api_args(app_id=APP_ID, overview=True, usage=True))

    assert [entry["path"] for entry in simulator.requests()] == [
        "/mc/apps/" + APP_ID, "/mc/apps/%s/overview" % APP_ID, "/mc/apps/%s/summary" % APP_ID]
    [app] = result["apps"]
    assert app["overview"] == read_raw_report(simulator, "/mc/apps/%s/overview" % APP_ID)
    assert app["overview"]["monthly_cost"] == 4.2
    assert app["overview"]["latency_chart"] == {"2026-05-01T00:00:00Z": 12.5}
    pod = app["overview"]["regions"][0]["pods"][0]
    assert (pod["volumes_utilization_percentage"], pod["outbound_traffic_chart"]) == ({"uploads": 40.0}, {"2026-05-01T00:00:00Z": 1024})
    assert pod["containers"][0]["cpu_usage"] == 0.2
    assert app["usage"]["total_volume_size_in_gb"] == 8.0
    assert app["usage"]["status"] == "active"
    assert "statistics" not in app


def test_statistics_cover_the_period_in_steps_of_the_granularity(simulator):
    load_storefront(simulator)

    result = run_module(mc_app_info, simulator.api_args(
        app_id=APP_ID, statistics=True, period_start="2026-05-01T00:00:00Z", period_end="2026-05-03T00:00:00+00:00", granularity="daily"))

    statistics = result["apps"][0]["statistics"]
    assert list(statistics["instances_chart"]) == ["2026-05-01T00:00:00Z", "2026-05-02T00:00:00Z", "2026-05-03T00:00:00Z"]
    assert sorted(statistics["volumes_split_capacity_chart"]) == ["cache", "scratch", "uploads"]
    assert statistics["volumes_split_capacity_chart"]["uploads"]["2026-05-02T00:00:00Z"] == 5.0
    [request] = [entry for entry in simulator.requests() if entry["path"].endswith("/statistics")]
    assert request["query"] == {"fromDate": "2026-05-01T00:00:00Z", "toDate": "2026-05-03T00:00:00Z", "granularity": "Daily"}


def test_statistics_default_to_the_last_day_by_the_hour(simulator):
    load_storefront(simulator)

    result = run_module(mc_app_info, simulator.api_args(app_id=APP_ID, statistics=True))

    assert len(result["apps"][0]["statistics"]["cpu_usage_chart"]) in (24, 25)


def test_reports_are_read_for_every_application_listed(simulator):
    simulator.load(apps=many_apps(3))

    result = run_module(mc_app_info, simulator.api_args(usage=True))

    assert [app["usage"]["status"] for app in result["apps"]] == ["active"] * 3
    assert sum(entry["path"].endswith("/summary") for entry in simulator.requests()) == 3


def test_limits_are_the_accounts(simulator):
    simulator.load(apps=many_apps(2), reports={"/mc/limits": {"maxNumberOfApplications": 5, "maxVolumeSize": None}})

    result = run_module(mc_app_info, simulator.api_args(limits=True))

    assert result["limits"] == read_raw_report(simulator, "/mc/limits")
    assert (result["limits"]["max_number_of_applications"], result["limits"]["existing_number_of_applications"]) == (5, 2)
    assert result["limits"]["max_volume_size"] is None
    assert simulator.writes() == []


def test_without_the_options_no_report_is_read(simulator):
    load_storefront(simulator)

    result = run_module(mc_app_info, simulator.api_args(app_id=APP_ID))

    assert "limits" not in result
    assert not {"overview", "usage", "statistics"} & set(result["apps"][0])
    assert [entry["path"] for entry in simulator.requests()] == ["/mc/apps/" + APP_ID]


@pytest.mark.parametrize("options, message", [
    pytest.param({"period_start": "yesterday"}, "period_start must be an RFC 3339 date-time", id="not a date-time"),
    pytest.param({"period_end": "2026-05-01T00:00:00"}, "period_end must be an RFC 3339 date-time with a time zone", id="no time zone"),
    pytest.param({"period_start": "2026-05-02T00:00:00Z", "period_end": "2026-05-01T00:00:00Z"},
                 "period_end must not be before period_start", id="backwards"),
    pytest.param({"granularity": "weekly"}, "granularity must be one of: daily, hourly, minute", id="granularity"),
])
def test_a_bad_period_fails_before_any_request(simulator, options, message):
    result = run_module(mc_app_info, simulator.api_args(app_id=APP_ID, statistics=True, **options))

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []


def test_a_report_of_an_application_that_is_gone_names_it(simulator):
    load_storefront(simulator)
    simulator.fault(method="GET", path="/overview$", status=404)

    result = run_module(mc_app_info, simulator.api_args(app_id=APP_ID, overview=True))

    assert result["failed"] is True
    assert result["msg"] == "Application %s was not found (HTTP 404)." % APP_ID


def read_raw_report(simulator, path):
    """A report read directly, in snake_case but for the maps keyed by data (the charts, a pod's volume use), kept as the API gives them."""
    response = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10)
    response.raise_for_status()
    return _snake(response.json())


def _snake(data):
    if isinstance(data, list):
        return [_snake(item) for item in data]
    if not isinstance(data, dict):
        return data
    return {
        next(iter(camel_dict_to_snake_dict({key: None}))): value if key.endswith("Chart") or key == "volumesUtilizationPercentage" else _snake(value)
        for key, value in data.items()
    }
