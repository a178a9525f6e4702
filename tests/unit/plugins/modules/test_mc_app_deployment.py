"""mc_app against the simulator: state=stopped undeploys an application, state=started deploys it again."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import mc_app
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, REGISTRIES, load_storefront, read_raw, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

APP_PATH = "/mc/apps/" + APP_ID
UNDEPLOY = ("POST", APP_PATH + "/undeploy")
DEPLOY = ("POST", APP_PATH + "/deploy")
INSTANCES = [{"podId": "pod-de-1", "region": "DE"}]


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("app_id", APP_ID)
    return run_module(mc_app, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def writes(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.writes()]


def read_back(simulator):
    return read_raw(simulator, APP_PATH)


@pytest.fixture
def running(simulator):
    return load_storefront(simulator, app=storefront(containerInstances=INSTANCES), settings={"progressing_seconds": 0.2})


@pytest.fixture
def stopped(simulator):
    return load_storefront(simulator, app=storefront(status="inactive"), settings={"progressing_seconds": 0.2})


# --- Stopping -------------------------------------------------------------------------------------

def test_stopped_undeploys_a_running_application_as_check_mode_predicts(running):
    checked = run(running, check_mode=True, diff=True, state="stopped")
    assert writes(running) == []

    applied = run(running, diff=True, state="stopped")
    stored = read_back(running)

    assert (checked["changed"], applied["changed"]) == (True, True)
    assert writes(running) == [UNDEPLOY]
    assert (stored["status"], stored["container_instances"]) == ("inactive", [])
    assert_prediction_holds(checked["app"], applied["app"], stored)
    assert checked["diff"]["before"]["status"] == "active"
    assert applied["diff"]["after"] == stored


def test_stopped_again_only_reads(stopped):
    result = run(stopped, state="stopped")
    checked = run(stopped, check_mode=True, state="stopped")

    assert (result["changed"], checked["changed"]) == (False, False)
    assert stopped.writes() == []


def test_a_change_to_a_stopped_application_leaves_it_stopped(stopped):
    result = run(stopped, state="stopped", autoscaling={"min": 2, "max": 4})

    # The update may roll the application out again, so it is undeployed after it.
    assert writes(stopped) == [("PATCH", APP_PATH), UNDEPLOY]
    stored = read_back(stopped)
    assert (stored["status"], stored["auto_scaling"]) == ("inactive", {"min": 2, "max": 4})
    assert result["app"] == stored


def test_a_new_application_created_stopped_is_undeployed_after_its_create(simulator):
    simulator.load(registries=REGISTRIES, settings={"progressing_seconds": 0.2})
    options = dict(
        name="checkout", runtime_type="shared", autoscaling={"min": 1, "max": 1}, region_settings={"allowed_region_ids": ["DE"]},
        container_templates=[{"name": "web", "image_registry_id": "101", "image_namespace": "library", "image_name": "nginx", "image_tag": "1.27"}],
        state="stopped",
    )

    checked = run(simulator, check_mode=True, app_id=None, **options)
    result = run(simulator, app_id=None, **options)

    new_id = result["app"]["id"]
    assert writes(simulator) == [("POST", "/mc/apps"), ("POST", "/mc/apps/%s/undeploy" % new_id)]
    assert (checked["app"]["status"], result["app"]["status"], read_raw(simulator, "/mc/apps/" + new_id)["status"]) == ("inactive",) * 3


@pytest.mark.parametrize("options, message", [
    pytest.param({"restart": "always"}, "restart=always restarts the pods, which state=stopped stops", id="restart"),
    pytest.param({"wait": True}, "wait=true waits until the application is active, which state=stopped never lets it be", id="wait"),
])
def test_stopped_refuses_what_only_a_running_application_does_before_any_request(running, options, message):
    result = run(running, state="stopped", **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert running.requests() == []


# --- Starting -------------------------------------------------------------------------------------

def test_started_deploys_a_stopped_application_as_check_mode_predicts(stopped):
    checked = run(stopped, check_mode=True, state="started")
    assert writes(stopped) == []

    applied = run(stopped, state="started")
    stored = read_back(stopped)

    assert (checked["changed"], applied["changed"]) == (True, True)
    assert writes(stopped) == [DEPLOY]
    assert (checked["app"]["status"], applied["app"]["status"]) == ("progressing", "progressing")
    assert_prediction_holds(checked["app"], applied["app"], stored, ("status",))


def test_started_waits_until_the_deployed_application_is_active(stopped):
    result = run(stopped, state="started", wait=True, wait_timeout=10)

    assert result["app"]["status"] == "active"
    assert read_back(stopped)["status"] == "active"


@pytest.mark.parametrize("status", ["active", "progressing", "failing"])
def test_started_leaves_a_deployed_application_as_it_is(simulator, status):
    load_storefront(simulator, app=storefront(status=status), settings={"progressing_seconds": 30})

    result = run(simulator, state="started")

    assert (result["changed"], simulator.writes()) == (False, [])


def test_a_deploy_takes_the_place_of_the_restart_asked_for(stopped):
    run(stopped, state="started", name="shop", restart="on_change")

    assert writes(stopped) == [("PATCH", APP_PATH), DEPLOY]


def test_present_leaves_a_stopped_application_stopped(stopped):
    result = run(stopped, autoscaling={"min": 1, "max": 3})

    assert (result["changed"], stopped.writes()) == (False, [])


# --- Failures -------------------------------------------------------------------------------------

@pytest.mark.parametrize("state", ["started", "stopped"])
def test_a_suspended_application_fails_before_any_write(simulator, state):
    load_storefront(simulator, app=storefront(status="suspended"))

    result = run(simulator, state=state, name="shop")

    assert result["failed"] is True
    assert result["msg"] == ("Application %s is suspended, and the API neither deploys nor undeploys a suspended application "
                             "(HTTP 409); state=%s cannot be met." % (APP_ID, state))
    assert simulator.writes() == []


def test_an_undeploy_whose_answer_is_lost_is_sent_again(running):
    running.fault(method="POST", path="/undeploy$", status=503, apply=True, count=1)

    result = run(running, state="stopped")

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert writes(running) == [UNDEPLOY, UNDEPLOY]
    assert read_back(running)["status"] == "inactive"


def test_the_apis_refusal_of_a_deploy_is_explained(stopped):
    stopped.fault(method="POST", path="/deploy$", status=409, count=1)

    result = run(stopped, state="started")

    assert result["failed"] is True
    assert result["msg"] == "The API refused to deploy or undeploy application %s (HTTP 409): it is suspended." % APP_ID
    assert read_back(stopped)["status"] == "inactive"
