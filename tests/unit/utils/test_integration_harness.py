"""What the integration targets' setup_simulator role gives them: the prediction check's filter and
the action that sends a request to the simulator. A harness that always passes would let every
target pass too."""

import importlib.util
import os
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
ROLE = os.path.join(ROOT, "tests", "integration", "targets", "setup_simulator")


def load(relative_path, name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROLE, relative_path))
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


resources = load("filter_plugins/resources.py", "setup_simulator_resources")
simulator_request = load("action_plugins/simulator_request.py", "setup_simulator_request")

ZONE = {"id": 7, "name": "shop", "hostnames": [{"id": 1, "value": "a.example"}], "status": "ready"}


def test_one_resource_four_times_agrees_apart_from_the_server_fields():
    predicted = dict(ZONE, id=None, hostnames=[{"id": None, "value": "a.example"}], status=None)

    assert resources.prediction_disagreement(predicted, ZONE, ZONE, ZONE, ["id", "hostnames[].id", "status"]) == ""
    assert predicted["id"] is None and ZONE["hostnames"][0]["id"] == 1  # the copies were trimmed, not the resources


@pytest.mark.parametrize("position", range(4))
def test_any_one_of_the_four_that_differs_is_a_disagreement_showing_all_four(position):
    four = [ZONE] * 4
    four[position] = dict(ZONE, name="other")

    message = resources.prediction_disagreement(*four, ["id"])

    assert message.startswith("check mode predicted ")
    assert message.count('"name": "other"') == 1 and message.count('"name": "shop"') == 3


@pytest.fixture
def run_action(monkeypatch):
    # ActionBase.run checks the task's connection and mode, which a test without a play has not.
    monkeypatch.setattr(simulator_request.ActionBase, "run", lambda self, tmp=None, task_vars=None: {})

    def run(**arguments):
        action = simulator_request.ActionModule.__new__(simulator_request.ActionModule)
        action._task = types.SimpleNamespace(args=arguments)
        return action.run()
    return run


def test_a_json_body_is_sent_and_the_answer_returned_with_its_status(simulator, run_action):
    fault = run_action(url=simulator.url + "/_sim/faults", method="POST", body_format="json",
                       body={"method": "GET", "path": "^/pullzone$", "status": 503, "count": 1}, status_code=[200, 201])
    faulted = run_action(url=simulator.url + "/pullzone", headers={"AccessKey": simulator.key}, status_code=503)
    read = run_action(url=simulator.url + "/pullzone", headers={"AccessKey": simulator.key})

    assert not fault.get("failed") and fault["status"] in (200, 201)
    assert not faulted.get("failed") and faulted["status"] == 503
    assert not read.get("failed") and read["status"] == 200 and isinstance(read["json"], (list, dict)) and read["content"].startswith(("[", "{"))


def test_an_unexpected_status_fails_naming_it(simulator, run_action):
    refused = run_action(url=simulator.url + "/pullzone", headers={"AccessKey": "wrong"})

    assert refused["failed"] is True and refused["status"] == 401 and "answered 401, not [200]" in refused["msg"]


def test_nothing_listening_is_status_minus_one(run_action):
    assert run_action(url="http://127.0.0.1:9/")["status"] == -1


def test_an_option_uri_has_but_the_action_does_not_fails(run_action):
    outcome = run_action(url="http://127.0.0.1:9/", follow_redirects="all")

    assert outcome["failed"] is True and "follow_redirects" in outcome["msg"]
