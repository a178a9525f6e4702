"""mc_app against the simulator: finding an application by name, creating it and deleting it."""

import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.waits import wait_until_gone
from ansible_collections.bunnynet.cloud.plugins.modules import mc_app, mc_app_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, REGISTRIES, load_storefront, read_raw, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds, without_fields

# What only the API knows of an application it creates.
SERVER_FIELDS = (
    "id", "status", "display_endpoint", "container_templates[].id", "container_templates[].package_id",
    "container_templates[].endpoints[].id", "container_templates[].endpoints[].public_host",
    "container_templates[].endpoints[].pull_zone_id", "container_templates[].endpoints[].internal_ip_addresses",
    "container_templates[].endpoints[].public_ip_addresses", "container_templates[].endpoints[].sticky_sessions",
    "container_templates[].endpoints[].type",
)
SECRET = "LEAKCANARY-session-secret-51c2"
WEB = {
    "name": "web", "image_registry_id": "101", "image_namespace": "library", "image_name": "nginx", "image_tag": "1.27",
    "image_pull_policy": "always", "environment_variables": {"LOG_LEVEL": "info"},
    "secret_environment_variables": {"SESSION_SECRET": SECRET},
    "endpoints": [{"display_name": "public", "cdn": {
        "is_ssl_enabled": True, "port_mappings": [{"container_port": 80, "exposed_port": 80, "protocols": ["tcp"]}]}}],
    "volume_mounts": [{"name": "uploads", "mount_path": "/data/uploads"}],
}
NEW_APP = {
    "name": "checkout",
    "runtime_type": "shared",
    "autoscaling": {"min": 1, "max": 3},
    "region_settings": {"allowed_region_ids": ["DE", "UK"], "required_region_ids": ["DE"], "max_allowed_regions": 2},
    "volumes": [{"name": "uploads", "size": 5}],
    "container_templates": [WEB],
}


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(mc_app, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def writes(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.writes()]


def apps_named(simulator, name):
    return [app for app in read_raw(simulator, "/mc/apps")["items"] if app["name"] == name]


@pytest.fixture
def registries(simulator):
    simulator.load(registries=REGISTRIES, settings={"progressing_seconds": 0.2})
    return simulator


@pytest.fixture
def storefront_app(simulator):
    return load_storefront(simulator, settings={"progressing_seconds": 0.2})


# --- Finding by name --------------------------------------------------------------------------------

def test_an_application_is_found_by_its_exact_name(storefront_app):
    result = run(storefront_app, name="storefront", autoscaling={"min": 2, "max": 3})

    assert result["changed"] is True
    assert writes(storefront_app) == [("PATCH", "/mc/apps/" + APP_ID)]
    assert read_raw(storefront_app, "/mc/apps/" + APP_ID)["auto_scaling"] == {"min": 2, "max": 3}


def test_a_name_two_applications_share_fails_listing_their_ids(simulator):
    simulator.load(registries=REGISTRIES, apps=[storefront(id="app-a"), storefront(id="app-b")])

    result = run(simulator, name="storefront", state="absent")

    assert result["failed"] is True
    assert "are named 'storefront' (ids app-a, app-b)" in result["msg"]
    assert simulator.writes() == []


def test_the_name_lookup_reaches_the_last_page_of_the_list(simulator):
    apps = [storefront(id="app-%04d" % index, name="shop %d" % index) for index in range(1205)]
    simulator.load(registries=REGISTRIES, apps=apps)

    result = run(simulator, check_mode=True, name="shop 1204", autoscaling={"min": 2, "max": 3})

    assert result["app"]["id"] == "app-1204"
    assert [entry["query"].get("nextCursor") is not None for entry in simulator.requests() if entry["path"] == "/mc/apps"] == [False, True]


# --- Creating ---------------------------------------------------------------------------------------

def test_check_mode_predicts_the_new_application_and_writes_nothing(registries):
    result = run(registries, check_mode=True, **NEW_APP)

    assert result["changed"] is True
    assert result["app"]["id"] is None
    assert result["app"]["name"] == "checkout"
    assert [template["image"] for template in result["app"]["container_templates"]] == ["docker.io/library/nginx:1.27"]
    assert registries.writes() == []


def test_check_mode_predicts_what_creating_returns_and_a_read_finds(registries):
    checked = run(registries, check_mode=True, diff=True, **NEW_APP)
    applied = run(registries, diff=True, **NEW_APP)
    stored = read_raw(registries, "/mc/apps/" + applied["app"]["id"])

    # The read shows the secret variable's value, which results mask.
    stored["container_templates"][0]["environment_variables"][1]["value"] = "********"
    assert_prediction_holds(checked["app"], applied["app"], stored, SERVER_FIELDS)
    assert checked["diff"]["before"] == {}
    assert without_fields(checked["diff"]["after"], SERVER_FIELDS) == without_fields(applied["diff"]["after"], SERVER_FIELDS)


def test_creating_posts_one_add_application_request(registries):
    result = run(registries, **NEW_APP)

    assert writes(registries) == [("POST", "/mc/apps")]
    body = registries.writes()[0]["body"]
    assert body["name"] == "checkout"
    assert body["runtimeType"] == "shared"
    assert body["autoScaling"] == {"min": 1, "max": 3}
    assert body["regionSettings"] == {"allowedRegionIds": ["DE", "UK"], "requiredRegionIds": ["DE"], "maxAllowedRegions": 2}
    assert body["volumes"] == [{"name": "uploads", "size": 5}]
    [template] = body["containerTemplates"]
    assert "id" not in template
    assert (template["imageName"], template["imageTag"], template["image"]) == ("nginx", "1.27", "docker.io/library/nginx:1.27")
    assert result["app"]["id"] == apps_named(registries, "checkout")[0]["id"]


def test_a_second_run_finds_the_created_application_and_only_reads(registries):
    run(registries, **NEW_APP)
    registries.clear_requests()

    again = run(registries, **NEW_APP)
    checked = run(registries, check_mode=True, **NEW_APP)

    assert (again["changed"], checked["changed"]) == (False, False)
    assert registries.writes() == []
    assert len(apps_named(registries, "checkout")) == 1


def test_creating_with_wait_returns_the_active_application(registries):
    result = run(registries, wait=True, wait_timeout=10, **NEW_APP)

    assert result["app"]["status"] == "active"


def test_a_create_whose_answer_is_lost_is_confirmed_by_reading_and_not_sent_twice(registries):
    registries.fault(method="POST", path="^/mc/apps$", status=503, apply=True, count=1)

    result = run(registries, **NEW_APP)

    assert result["changed"] is True
    assert writes(registries) == [("POST", "/mc/apps")]
    assert len(apps_named(registries, "checkout")) == 1
    assert result["app"]["name"] == "checkout"


def test_a_secret_variable_of_a_new_application_appears_nowhere(registries):
    result = run(registries, diff=True, **NEW_APP)
    checked = run(registries, check_mode=True, diff=True, **{**NEW_APP, "name": "checkout two"})

    assert SECRET not in json.dumps(result) and SECRET not in json.dumps(checked)


@pytest.mark.parametrize("left_out", ["runtime_type", "autoscaling", "region_settings", "container_templates"])
def test_a_new_application_without_what_the_api_requires_fails_naming_it_without_a_write(registries, left_out):
    options = {option: value for option, value in NEW_APP.items() if option != left_out}

    result = run(registries, **options)

    assert result["failed"] is True
    assert result["msg"] == "Cannot create the application: No application is named 'checkout'; to create it, give %s too." % left_out
    assert registries.writes() == []


def test_a_new_template_without_its_image_fails_before_any_write(registries):
    template = {"name": "web", "image_tag": "1.27"}

    result = run(registries, **{**NEW_APP, "container_templates": [template], "volumes": None})

    assert result["failed"] is True
    assert "container template 'web' is a new container template, so it needs image_name, image_namespace, image_registry_id" in result["msg"]
    assert registries.writes() == []


def test_a_new_application_mounting_a_volume_it_will_not_have_fails_before_any_write(registries):
    result = run(registries, **{**NEW_APP, "volumes": []})

    assert result["failed"] is True
    assert "volume_mounts[0].name names volume 'uploads', which the application will not have" in result["msg"]
    assert registries.writes() == []


def test_a_stale_app_id_fails_and_never_creates(storefront_app):
    result = run(storefront_app, app_id="no-such-app", **NEW_APP)

    assert result["failed"] is True
    assert result["msg"] == "Application no-such-app was not found (HTTP 404)."
    assert storefront_app.writes() == []


# --- Deleting ---------------------------------------------------------------------------------------

def test_absent_in_check_mode_predicts_the_deletion_and_writes_nothing(storefront_app):
    result = run(storefront_app, check_mode=True, diff=True, name="storefront", state="absent")

    assert result["changed"] is True
    assert result["app"] is None
    assert result["diff"]["before"]["id"] == APP_ID
    assert storefront_app.writes() == []


def test_absent_deletes_and_waits_until_the_application_is_gone(storefront_app):
    result = run(storefront_app, name="storefront", state="absent")

    assert result["changed"] is True
    assert writes(storefront_app) == [("DELETE", "/mc/apps/" + APP_ID)]
    # The module returned only once a read answered 404, which is the last read it made.
    reads = [entry for entry in storefront_app.requests() if entry["method"] == "GET" and entry["path"] == "/mc/apps/" + APP_ID]
    assert reads[-1]["status"] == 404 and len(reads) >= 2
    assert apps_named(storefront_app, "storefront") == []


def test_absent_again_is_ok(storefront_app):
    run(storefront_app, app_id=APP_ID, state="absent")
    storefront_app.clear_requests()

    result = run(storefront_app, app_id=APP_ID, state="absent")

    assert result["changed"] is False
    assert storefront_app.writes() == []


def test_a_deletion_that_outlasts_wait_timeout_fails_saying_so_and_reports_the_change(simulator):
    load_storefront(simulator, settings={"progressing_seconds": 30})

    result = run(simulator, name="storefront", state="absent", wait_timeout=1)

    assert result["failed"] is True
    assert result["changed"] is True
    assert result["msg"] == "Application %s was still there 1 seconds after the API accepted its deletion." % APP_ID


def test_a_delete_whose_answer_is_lost_is_sent_again_and_the_deletion_completes(storefront_app):
    storefront_app.fault(method="DELETE", path="^/mc/apps/", status=503, apply=True, count=1)

    result = run(storefront_app, app_id=APP_ID, state="absent")

    assert result["changed"] is True
    assert apps_named(storefront_app, "storefront") == []


def test_wait_until_gone_backs_off_and_stops_at_the_first_404():
    answers = iter([{"id": "a"}, {"id": "a"}, None])
    slept = []

    def read():
        answer = next(answers)
        if answer is None:
            raise BunnyApiError("GET", "/mc/apps/a", 404)
        return answer

    problem = wait_until_gone(read, "a", 60, sleep=slept.append, clock=lambda: 0.0)

    assert problem is None
    assert slept == [0.2, 0.4]


# --- mc_app_info by name ----------------------------------------------------------------------------

def test_info_by_name_returns_the_application_in_full_or_nothing(storefront_app):
    found = run_module(mc_app_info, storefront_app.api_args(name="storefront"))["apps"]
    missing = run_module(mc_app_info, storefront_app.api_args(name="store"))["apps"]

    assert [app["id"] for app in found] == [APP_ID]
    assert found[0]["container_templates"][0]["name"] == "web"
    assert missing == []
