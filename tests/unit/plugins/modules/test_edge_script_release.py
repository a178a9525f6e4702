"""edge_script_release against the simulator."""

import json
import re

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import edge_script_release
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.edge_fixtures import (
    DEPLOYMENT_KEY,
    GATE_ID,
    RELEASED_CODE,
    ROUTER_CODE,
    ROUTER_ID,
    gate,
    read_back_active_release,
    read_back_releases,
    router,
    writes,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

SERVER_FIELDS = ("id", "author", "author_email", "commit_sha", "date_released", "date_published")
UUID4 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
PUBLISH = re.compile(r"^/compute/script/%d/publish/" % ROUTER_ID)
V1 = "5f0c1a52-4a3e-4c1d-9f6e-2b7d8c9e0a11"
V2 = "8e2d4b61-7c5a-4e3f-8a9b-1c2d3e4f5a66"


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("script_name", "router")
    options = {option: value for option, value in options.items() if value is not None}
    return run_module(edge_script_release, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def publishes(simulator):
    return [write for write in writes(simulator) if PUBLISH.match(write[1])]


def set_code(simulator, code):
    requests.post(simulator.url + "/compute/script/%d/code" % ROUTER_ID, json={"Code": code}, headers={"AccessKey": simulator.key}, timeout=10)


@pytest.fixture
def unreleased(simulator):
    """The router with code and no release yet, and the gate without code."""
    simulator.load(edge_scripts=[router(), gate()])
    return simulator


@pytest.fixture
def released(simulator):
    """The router with release V1 live, carrying older code than the router now has."""
    simulator.load(edge_scripts=[router(Releases=[{"Uuid": V1, "Note": "v1", "Code": RELEASED_CODE, "Status": 1}])])
    return simulator


# Publishing the current code


def test_check_mode_predicts_a_release_without_claiming_a_uuid_and_writes_nothing(unreleased):
    result = run(unreleased, check_mode=True, note="first")

    assert result["changed"] is True
    release = result["release"]
    assert (release["uuid"], release["code"], release["note"], release["status"]) == (None, ROUTER_CODE, "first", "live")
    assert writes(unreleased) == []


def test_publishing_posts_a_fresh_uuid4_with_the_note(unreleased):
    result = run(unreleased, note="first")

    [(method, path, body)] = writes(unreleased)
    uuid = path.rsplit("/", 1)[1]
    assert (method, body) == ("POST", {"Note": "first"})
    assert UUID4.match(uuid)
    assert result["release"]["uuid"] == uuid
    assert result["release"] == read_back_active_release(unreleased, ROUTER_ID)


def test_check_mode_predicts_the_release_and_a_read_returns_it(unreleased):
    checked = run(unreleased, check_mode=True, note="first")
    applied = run(unreleased, note="first")

    assert_prediction_holds(checked["release"], applied["release"], read_back_active_release(unreleased, ROUTER_ID), SERVER_FIELDS + ("uuid",))


def test_each_publish_draws_a_new_uuid(unreleased):
    first = run(unreleased, force=True)["release"]["uuid"]
    second = run(unreleased, force=True)["release"]["uuid"]

    assert first != second


def test_a_publish_without_a_note_sends_an_empty_body(unreleased):
    run(unreleased)

    assert writes(unreleased)[0][2] == {}


def test_publishing_again_with_the_same_code_is_ok_and_only_reads(unreleased):
    run(unreleased, note="first")
    unreleased.clear_requests()

    result = run(unreleased, note="first")
    rechecked = run(unreleased, check_mode=True, note="first")

    assert result["changed"] is False
    assert rechecked["changed"] is False
    assert result["release"] == read_back_active_release(unreleased, ROUTER_ID)
    assert writes(unreleased) == []


def test_new_code_is_published_as_a_new_release(released):
    result = run(released, note="v2", diff=True)

    assert result["changed"] is True
    assert result["release"]["code"] == ROUTER_CODE
    assert result["diff"]["before"]["uuid"] == V1
    assert result["diff"]["after"] == read_back_active_release(released, ROUTER_ID)
    assert [release["Uuid"] for release in read_back_releases(released, ROUTER_ID)][1] == V1


def test_the_live_release_is_compared_with_the_current_code(released):
    set_code(released, RELEASED_CODE)

    result = run(released, note="again")

    assert result["changed"] is False
    assert result["release"]["uuid"] == V1
    assert publishes(released) == []


def test_force_publishes_even_when_the_code_is_live(released):
    set_code(released, RELEASED_CODE)

    result = run(released, force=True, note="again")

    assert result["changed"] is True
    assert len(publishes(released)) == 1
    assert len(read_back_releases(released, ROUTER_ID)) == 2


def test_a_script_without_code_fails_with_the_api_s_message(unreleased):
    result = run(unreleased, script_name="auth-gate")

    assert result["failed"] is True
    assert result["status"] == 400
    assert "The script has no active code to publish." in result["msg"]
    assert result["api_error"]["error_key"] == "edgescript.no_active_code"


def test_a_script_without_code_fails_in_check_mode_too(unreleased):
    result = run(unreleased, check_mode=True, script_name="auth-gate")

    assert result["failed"] is True
    assert result["msg"] == "Edge script %d has no code, so the API would refuse to publish a release of it." % GATE_ID
    assert writes(unreleased) == []


# A chosen uuid, and rolling back


def test_a_new_release_uuid_publishes_the_code_under_it(unreleased):
    checked = run(unreleased, check_mode=True, release_uuid=V2, note="chosen")
    applied = run(unreleased, release_uuid=V2, note="chosen")

    assert checked["release"]["uuid"] == V2
    assert publishes(unreleased) == [("POST", "/compute/script/%d/publish/%s" % (ROUTER_ID, V2), {"Note": "chosen"})]
    assert_prediction_holds(checked["release"], applied["release"], read_back_active_release(unreleased, ROUTER_ID), SERVER_FIELDS)


def test_the_live_release_uuid_is_ok(released):
    result = run(released, release_uuid=V1)

    assert result["changed"] is False
    assert publishes(released) == []


def test_an_earlier_release_uuid_rolls_back_to_it(released):
    run(released, release_uuid=V2)
    released.clear_requests()

    checked = run(released, check_mode=True, release_uuid=V1)
    applied = run(released, release_uuid=V1)

    assert applied["changed"] is True
    assert publishes(released) == [("POST", "/compute/script/%d/publish/%s" % (ROUTER_ID, V1), {})]
    live = read_back_active_release(released, ROUTER_ID)
    assert (live["uuid"], live["code"], live["note"]) == (V1, RELEASED_CODE, "v1")
    assert_prediction_holds(checked["release"], applied["release"], live, ("date_published",))


def test_rolling_back_twice_is_ok(released):
    run(released, release_uuid=V2)
    run(released, release_uuid=V1)
    released.clear_requests()

    assert run(released, release_uuid=V1)["changed"] is False
    assert writes(released) == []


# Unknown outcomes


def test_a_publish_whose_connection_dropped_after_it_was_applied_is_settled_by_reading_without_a_duplicate(unreleased):
    unreleased.fault(method="POST", path="/publish/", drop_connection=True, apply=True, count=1)

    result = run(unreleased, note="first")

    assert result["changed"] is True
    assert "failed" not in result
    assert result["release"] == read_back_active_release(unreleased, ROUTER_ID)
    assert len(publishes(unreleased)) == 1
    assert len(read_back_releases(unreleased, ROUTER_ID)) == 1


def test_a_publish_that_a_gateway_error_refused_is_sent_again_with_the_same_uuid(unreleased):
    unreleased.fault(method="POST", path="/publish/", status=503, count=1)

    result = run(unreleased, note="first")

    first, second = publishes(unreleased)
    assert first == second
    assert result["release"]["uuid"] == first[1].rsplit("/", 1)[1]
    assert len(read_back_releases(unreleased, ROUTER_ID)) == 1


def test_a_publish_refused_while_an_older_release_is_live_is_sent_again(released):
    # The release still live is not the one being published: it settles nothing.
    released.fault(method="POST", path="/publish/", status=503, count=1)

    result = run(released, note="second")

    first, second = publishes(released)
    assert first == second
    assert result["release"]["uuid"] == first[1].rsplit("/", 1)[1] != V1
    assert result["release"]["note"] == "second"


# Failures and secrets


def test_an_unknown_script_id_fails_naming_the_script(unreleased):
    result = run(unreleased, script_name=None, script_id=99)

    assert result["msg"] == "Edge script 99 was not found (HTTP 404)."


def test_a_script_name_shared_by_two_scripts_fails_without_a_write(simulator):
    simulator.load(edge_scripts=[router(Id=1), router(Id=2)])

    result = run(simulator)

    assert result["msg"] == "2 edge scripts are named 'router' (ids 1, 2); give the id of the one to manage."
    assert writes(simulator) == []


def test_the_deployment_key_of_the_script_read_appears_nowhere(unreleased):
    result = run(unreleased, diff=True, _ansible_verbosity=4)

    assert DEPLOYMENT_KEY not in json.dumps(result)


@pytest.mark.parametrize("options, message", [
    ({"release_uuid": ""}, "release_uuid must be at least 1 characters long, got 0"),
    ({"release_uuid": V1, "force": True}, "parameters are mutually exclusive: release_uuid|force"),
    ({"script_name": None}, "one of the following is required: script_id, script_name"),
    ({"script_name": "s" * 101}, "script_name must be between 1 and 100 characters long, got 101"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []


def test_the_release_that_was_live_is_returned_for_a_rollback(released):
    result = run(released, note="v2")

    assert result["changed"] is True
    assert (result["previous_release"]["uuid"], result["previous_release"]["code"]) == (V1, RELEASED_CODE)
    assert result["release"]["uuid"] != V1


def test_a_script_without_a_live_release_had_no_previous_one(unreleased):
    assert run(unreleased, note="first")["previous_release"] is None


def test_an_unchanged_run_names_the_live_release_as_the_previous_one(released):
    set_code(released, RELEASED_CODE)

    result = run(released)

    assert result["changed"] is False
    assert result["previous_release"] == result["release"]
