"""mc_app_volume against the simulator: rename, detach and delete the instances of an application's volume."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import mc_app_volume
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, load_storefront, read_raw, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

VOLUMES_PATH = "/mc/apps/%s/volumes" % APP_ID
APP_PATH = "/mc/apps/" + APP_ID
ATTACHED = {"id": "up-de-1", "region": "DE", "attachedPods": ["pod-de-1"], "attachedContainers": ["web"], "usage": 2.5}
DETACHED = {"id": "up-uk-1", "region": "UK", "usage": 1.0}
SCRATCH = {"id": "scr-de-1", "region": "DE", "usage": 0.5}
# Detached, though worker mounts the volume.
CACHE = {"id": "cache-de-1", "region": "DE"}


@pytest.fixture
def app(simulator):
    """The storefront: its uploads volume mounted by web, with an attached and a detached instance; cache mounted by worker, with a
    detached instance; scratch mounted by none."""
    fixture = storefront()
    fixture["volumes"] = [{"name": "uploads", "size": 5, "instances": [ATTACHED, DETACHED]}, {"name": "cache", "size": 2, "instances": [CACHE]},
                          {"name": "scratch", "size": 1, "instances": [SCRATCH]}]
    return load_storefront(simulator, app=fixture)


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("app_id", APP_ID)
    return run_module(mc_app_volume, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def writes(simulator):
    return [(entry["method"], entry["path"][len(VOLUMES_PATH):]) for entry in simulator.writes()]


def volume(simulator, name):
    return next((item for item in read_raw(simulator, VOLUMES_PATH)["items"] if item["name"] == name), None)


def volume_id(simulator, name):
    return volume(simulator, name)["id"]


# --- Each change: check mode predicts, applying returns, a read finds; a second run only reads ---------

CHANGES = {
    "rename": {"name": "uploads", "new_name": "media"},
    "detach": {"name": "uploads", "detached": True},
    "detach and delete every instance": {"name": "uploads", "detached": True, "delete_all_instances": True},
    "delete a detached instance": {"name": "uploads", "delete_instances": ["up-uk-1", "no-such-instance"]},
    "delete every instance of an unmounted volume": {"name": "scratch", "delete_all_instances": True},
    "everything at once": {"name": "uploads", "new_name": "media", "detached": True, "delete_instances": ["up-de-1"]},
}


@pytest.mark.parametrize("options", [pytest.param(options, id=name) for name, options in CHANGES.items()])
def test_check_mode_predicts_what_applying_returns_and_a_read_finds_and_a_second_run_is_ok(app, options):
    checked = run(app, check_mode=True, diff=True, **options)
    assert (checked["changed"], app.writes()) == (True, [])

    applied = run(app, diff=True, **options)
    stored = volume(app, options.get("new_name") or options["name"])

    assert applied["changed"] is True
    assert_prediction_holds(checked["volume"], applied["volume"], stored)
    assert applied["diff"]["after"] == stored
    assert checked["diff"]["before"] == applied["diff"]["before"]
    app.clear_requests()

    again = run(app, **options)
    rechecked = run(app, check_mode=True, **options)
    assert (again["changed"], rechecked["changed"], app.writes()) == (False, False, [])
    assert again["volume"] == stored


def test_a_rename_keeps_the_volume_and_its_mounts_follow(app):
    uploads = volume_id(app, "uploads")

    run(app, name="uploads", new_name="media")

    assert writes(app) == [("PATCH", "/" + uploads)]
    assert app.writes()[0]["body"] == {"name": "media"}
    assert volume_id(app, "media") == uploads
    stored = read_raw(app, APP_PATH)
    assert [item["name"] for item in stored["volumes"]] == ["media", "cache", "scratch"]
    assert stored["container_templates"][0]["volume_mounts"] == [{"name": "media", "mount_path": "/data/uploads"}]


def test_detach_then_delete_go_in_that_order_and_the_mounts_go(app):
    uploads = volume_id(app, "uploads")

    result = run(app, name="uploads", detached=True, delete_all_instances=True)

    assert writes(app) == [("POST", "/%s/detach" % uploads), ("DELETE", "/" + uploads)]
    assert (result["volume"]["volume_instances"], result["volume"]["containers_count"]) == ([], 0)
    assert read_raw(app, APP_PATH)["container_templates"][0]["volume_mounts"] == []
    assert [item["name"] for item in read_raw(app, APP_PATH)["volumes"]] == ["uploads", "cache", "scratch"]


def test_one_instance_is_deleted_by_its_id(app):
    uploads = volume_id(app, "uploads")

    result = run(app, name="uploads", delete_instances=["up-uk-1"])

    assert writes(app) == [("DELETE", "/%s/instances/up-uk-1" % uploads)]
    assert [item["id"] for item in result["volume"]["volume_instances"]] == ["up-de-1"]


def test_a_volume_without_a_mount_or_an_attached_instance_is_detached_already(app):
    result = run(app, name="scratch", detached=True)

    assert (result["changed"], app.writes()) == (False, [])


# --- Refusals before any write --------------------------------------------------------------------------

@pytest.mark.parametrize("options, message", [
    pytest.param({"name": "uploads", "delete_all_instances": True},
                 "delete_all_instances needs volume 'uploads' detached, but instance up-de-1 is attached; add detached=true", id="all"),
    pytest.param({"name": "uploads", "delete_instances": ["up-de-1"]},
                 "delete_instances names instance up-de-1 of volume 'uploads', which is attached; add detached=true", id="one"),
    pytest.param({"name": "cache", "delete_all_instances": True},
                 "delete_all_instances needs volume 'cache' detached, but a container mounts it; add detached=true", id="mounted"),
    pytest.param({"name": "logs", "new_name": "archive"},
                 "Application %s has no volume named 'logs'; add it with bunnynet.cloud.mc_app's volumes" % APP_ID, id="unknown volume"),
])
def test_what_the_api_would_refuse_fails_before_any_write(app, options, message):
    result = run(app, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert app.writes() == []


@pytest.mark.parametrize("options, message", [
    pytest.param({"detached": False}, "detached must be true", id="attach"),
    pytest.param({"new_name": "n" * 51}, "new_name must be between 1 and 50 characters long, got 51", id="long name"),
    pytest.param({"delete_all_instances": True, "delete_instances": ["x"]}, "mutually exclusive", id="both deletions"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, name="uploads", **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []


def test_an_unknown_application_is_named(simulator):
    result = run(simulator, app_id="no-such-app", name="uploads", detached=True)

    assert result["failed"] is True
    assert result["msg"] == "Application no-such-app was not found (HTTP 404)."


# --- Lost answers -----------------------------------------------------------------------------------------

def test_a_rename_whose_answer_is_lost_is_settled_by_a_read_and_not_sent_again(app):
    app.fault(method="PATCH", path="/volumes/", status=504, apply=True, count=1)

    result = run(app, name="uploads", new_name="media")

    assert (result.get("failed"), result["changed"], result["volume"]["name"]) == (None, True, "media")
    assert [method for method, _path in writes(app)] == ["PATCH"]


def test_a_delete_lost_before_it_took_effect_is_sent_again(app):
    app.fault(method="DELETE", path="/instances/", status=503, count=1)

    result = run(app, name="uploads", delete_instances=["up-uk-1"])

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert [method for method, _path in writes(app)] == ["DELETE", "DELETE"]
    assert [item["id"] for item in volume(app, "uploads")["volume_instances"]] == ["up-de-1"]
