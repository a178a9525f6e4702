"""mc_app against the simulator."""

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import mc_app
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, WEB_ID, WORKER_ID, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

APP_PATH = "/mc/apps/" + APP_ID


def read_back(simulator):
    """The application as the simulator now holds it, read directly so the module under test proves nothing."""
    response = requests.get(simulator.url + APP_PATH, headers={"AccessKey": simulator.key}, timeout=10)
    response.raise_for_status()
    return response.json()


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(mc_app, simulator.api_args(app_id=APP_ID, **options), check_mode=check_mode, diff=diff)


@pytest.fixture
def storefront_app(simulator):
    simulator.load(apps=[storefront()], settings={"progressing_seconds": 0.3})
    return simulator


def test_check_mode_reports_the_change_and_writes_nothing(storefront_app):
    result = run(storefront_app, check_mode=True, name="shop")

    assert result["changed"] is True
    assert storefront_app.writes() == []


def test_check_mode_returns_the_predicted_app(storefront_app):
    result = run(storefront_app, check_mode=True, autoscaling={"min": 2, "max": 8})

    assert result["app"]["auto_scaling"] == {"min": 2, "max": 8}
    assert result["app"]["name"] == "storefront"


def test_apply_sends_one_patch_with_only_the_changed_fields(storefront_app):
    result = run(storefront_app, name="shop", autoscaling={"min": 1, "max": 3}, runtime_type="shared")

    assert result["changed"] is True
    assert [(entry["method"], entry["path"], entry["body"]) for entry in storefront_app.writes()] == [
        ("PATCH", APP_PATH, {"name": "shop"})]
    assert result["app"]["name"] == "shop"


def test_reapplying_reports_ok_and_only_reads(storefront_app):
    run(storefront_app, name="shop", region_settings={"allowed_region_ids": ["UK", "DE", "SE"]})
    storefront_app.clear_requests()

    result = run(storefront_app, name="shop", region_settings={"allowed_region_ids": ["SE", "DE", "UK"]})

    assert result["changed"] is False
    assert [entry["method"] for entry in storefront_app.requests()] == ["GET"]


def test_check_mode_on_the_converged_app_reports_ok(storefront_app):
    run(storefront_app, autoscaling={"min": 2, "max": 8})

    result = run(storefront_app, check_mode=True, autoscaling={"min": 2, "max": 8})

    assert result["changed"] is False


def test_changing_one_volume_leaves_the_other_volumes_and_every_template(storefront_app):
    templates_before = read_back(storefront_app)["containerTemplates"]

    run(storefront_app, volumes=[{"name": "uploads", "size": 20}])

    app = read_back(storefront_app)
    assert sorted((volume["name"], volume["size"]) for volume in app["volumes"]) == [("cache", 2), ("uploads", 20)]
    assert [(template["id"], template["name"]) for template in app["containerTemplates"]] == [
        (WEB_ID, "web"), (WORKER_ID, "worker")]
    assert app["containerTemplates"] == templates_before


def test_purge_volumes_deletes_the_volumes_not_listed(storefront_app):
    run(storefront_app, volumes=[{"name": "uploads", "size": 5}], purge_volumes=True)

    assert [volume["name"] for volume in read_back(storefront_app)["volumes"]] == ["uploads"]


def test_changing_one_template_leaves_the_other_template_whole(storefront_app):
    web_before = read_back(storefront_app)["containerTemplates"][0]

    run(storefront_app, container_templates=[{"name": "worker", "image_tag": "3"}])

    web, worker = read_back(storefront_app)["containerTemplates"]
    assert web == web_before
    assert (worker["id"], worker["imageTag"], worker["environmentVariables"]) == (
        WORKER_ID, "3", [{"name": "QUEUE", "value": "orders"}])


def test_a_new_template_is_added_next_to_the_existing_ones(storefront_app):
    run(storefront_app, container_templates=[{
        "name": "cron", "image_name": "cron", "image_namespace": "acme", "image_tag": "1", "image_registry_id": "101"}])

    templates = read_back(storefront_app)["containerTemplates"]
    assert [template["name"] for template in templates] == ["web", "worker", "cron"]
    assert templates[2]["id"] not in (WEB_ID, WORKER_ID)


def test_purge_container_templates_deletes_the_templates_not_listed(storefront_app):
    run(storefront_app, container_templates=[{"name": "web"}], purge_container_templates=True)

    assert [template["id"] for template in read_back(storefront_app)["containerTemplates"]] == [WEB_ID]


def test_a_new_template_without_image_fields_fails_before_any_write(storefront_app):
    result = run(storefront_app, container_templates=[{"name": "cron", "image_tag": "1"}])

    assert result["failed"] is True
    assert "image_name, image_namespace, image_registry_id" in result["msg"]
    assert storefront_app.writes() == []


def test_a_template_name_shared_by_two_templates_fails_without_a_write(simulator):
    app = storefront()
    app["containerTemplates"][1]["name"] = "web"
    simulator.load(apps=[app])

    result = run(simulator, container_templates=[{"name": "web", "image_tag": "2"}])

    assert result["failed"] is True
    assert "has several container templates named 'web'" in result["msg"]
    assert simulator.writes() == []


def test_node_selectors_are_sent_with_their_keys_as_given(storefront_app):
    selectors = {"diskType": "nvme", "GPU_Model": "none"}

    result = run(storefront_app, region_settings={"node_selectors": selectors})

    assert result["changed"] is True
    assert storefront_app.writes()[0]["body"]["regionSettings"]["nodeSelectors"] == selectors


def test_node_selectors_keep_their_keys_in_the_prediction(storefront_app):
    result = run(storefront_app, check_mode=True, region_settings={"node_selectors": {"GPU_Model": "none"}})

    assert result["app"]["region_settings"]["node_selectors"] == {"GPU_Model": "none"}


def test_node_selectors_are_sent_again_because_the_api_never_reads_them_back(storefront_app):
    run(storefront_app, region_settings={"node_selectors": {"diskType": "nvme"}})
    storefront_app.clear_requests()

    result = run(storefront_app, region_settings={"node_selectors": {"diskType": "nvme"}})

    assert result["changed"] is True
    assert [entry["method"] for entry in storefront_app.writes()] == ["PATCH"]


def test_diff_shows_before_and_after(storefront_app):
    result = run(storefront_app, diff=True, autoscaling={"min": 2, "max": 8})

    assert result["diff"]["before"]["auto_scaling"] == {"min": 1, "max": 3}
    assert result["diff"]["after"]["auto_scaling"] == {"min": 2, "max": 8}


def test_check_mode_diff_shows_the_predicted_after(storefront_app):
    result = run(storefront_app, check_mode=True, diff=True, volumes=[{"name": "logs", "size": 1}])

    assert [volume["name"] for volume in result["diff"]["after"]["volumes"]] == ["uploads", "cache", "logs"]
    assert [volume["name"] for volume in result["diff"]["before"]["volumes"]] == ["uploads", "cache"]


def test_restart_always_reports_changed_and_posts_a_restart(storefront_app):
    result = run(storefront_app, restart=True)

    assert result["changed"] is True
    assert [(entry["method"], entry["path"]) for entry in storefront_app.writes()] == [("POST", APP_PATH + "/restart")]


def test_restart_in_check_mode_sends_nothing(storefront_app):
    result = run(storefront_app, check_mode=True, restart=True)

    assert result["changed"] is True
    assert storefront_app.writes() == []


def test_restart_comes_after_the_patch(storefront_app):
    run(storefront_app, name="shop", restart=True)

    assert [entry["method"] for entry in storefront_app.writes()] == ["PATCH", "POST"]


def test_wait_returns_the_app_once_it_is_active(storefront_app):
    result = run(storefront_app, restart=True, wait=True, wait_timeout=30)

    assert result["app"]["status"] == "active"
    assert sum(entry["method"] == "GET" for entry in storefront_app.requests()) >= 2


def test_wait_times_out_with_the_last_status(simulator):
    simulator.load(apps=[storefront()], settings={"progressing_seconds": 30})

    result = run(simulator, restart=True, wait=True, wait_timeout=1)

    assert result["failed"] is True
    assert result["msg"] == "Application %s did not become active within 1 seconds; its last status was progressing." % APP_ID
    assert result["app_status"] == "progressing"


def test_wait_stops_when_the_app_is_failing(simulator):
    simulator.load(apps=[storefront(status="failing")])

    result = run(simulator, wait=True, wait_timeout=30)

    assert result["failed"] is True
    assert result["msg"] == "Application %s is failing instead of becoming active." % APP_ID


def test_an_unknown_app_is_named_in_the_failure(storefront_app):
    result = run_module(mc_app, storefront_app.api_args(app_id="no-such-app", name="shop"))

    assert result["failed"] is True
    assert result["msg"] == "Application no-such-app was not found (HTTP 404)."
    assert result["status"] == 404


def test_a_refused_key_is_reported_without_the_key(storefront_app):
    result = run_module(mc_app, storefront_app.api_args(app_id=APP_ID, name="shop", api_key="wrong-key-123456"))

    assert result["status"] == 401
    assert result["msg"].startswith("The API key was refused (HTTP 401)")
    assert "wrong-key-123456" not in str(result)


def test_a_suspended_account_is_reported_on_the_patch(simulator):
    simulator.load(apps=[storefront()], api_keys={"valid": [], "suspended": [simulator.key]})

    result = run(simulator, name="shop")

    assert result["status"] == 403
    assert "invalid card or is suspended" in result["msg"]


def test_field_errors_from_the_api_are_shown(storefront_app):
    storefront_app.fault(method="PATCH", path=APP_PATH, status=422)

    result = run(storefront_app, name="shop")

    assert result["status"] == 422
    assert result["msg"].startswith("The API rejected the request for application %s (HTTP 422)" % APP_ID)


@pytest.mark.parametrize("options, message", [
    ({"name": "x" * 101}, "name must be between 1 and 100 characters long, got 101"),
    ({"name": "shop_front"}, "name must match letters, digits, hyphens and spaces, got 'shop_front'"),
    ({"autoscaling": {"min": 0, "max": 3}}, "autoscaling.min must be between 1 and 1000, got 0"),
    ({"autoscaling": {"min": 1, "max": 1001}}, "autoscaling.max must be between 1 and 1000, got 1001"),
    ({"autoscaling": {"min": 5, "max": 2}}, "autoscaling must have min no greater than max"),
    ({"volumes": [{"name": "v" * 51, "size": 1}]}, "volumes[0].name must be between 1 and 50 characters long, got 51"),
    ({"volumes": [{"name": "", "size": 1}]}, "volumes[0].name must be between 1 and 50 characters long, got 0"),
    ({"volumes": [{"name": "data", "size": 0}]}, "volumes[0].size must be between 1 and 100, got 0"),
    ({"volumes": [{"name": "data", "size": 101}]}, "volumes[0].size must be between 1 and 100, got 101"),
    ({"volumes": [{"name": "data", "size": 1}, {"name": "data", "size": 2}]}, "volumes must name each volume once"),
    ({"container_templates": [{"name": "web", "image_tag": "-latest"}]},
     "container_templates[0].image_tag must match letters and digits joined by at most two of . _ -, got '-latest'"),
    ({"wait_timeout": 0}, "wait_timeout must be at least 1, got 0"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []
