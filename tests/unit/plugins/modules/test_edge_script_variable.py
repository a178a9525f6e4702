"""edge_script_variable against the simulator."""

import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import edge_script_variable
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.edge_fixtures import (
    DEPLOYMENT_KEY,
    ROUTER_ID,
    read_back_variables,
    router,
    writes,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

VARIABLES = "/compute/script/%d/variables" % ROUTER_ID
API_URL = {"id": 21, "name": "API_URL", "required": True, "default_value": "https://api.example.com"}
LOG_LEVEL = {"id": 22, "name": "LOG_LEVEL", "required": False, "default_value": "info"}


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("script_name", "router")
    # None here means left out: Ansible counts an option passed as None as given for mutually_exclusive.
    options = {option: value for option, value in options.items() if value is not None}
    return run_module(edge_script_variable, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def variable_read_back(simulator, name):
    return next((variable for variable in read_back_variables(simulator, ROUTER_ID) if variable["name"] == name), None)


@pytest.fixture
def scripts(simulator):
    simulator.load(edge_scripts=[router()])
    return simulator


# One variable


def test_check_mode_predicts_a_new_variable_and_writes_nothing(scripts):
    result = run(scripts, check_mode=True, name="REGION", default_value="eu")

    assert result["changed"] is True
    assert result["variable"] == {"id": None, "name": "REGION", "required": False, "default_value": "eu"}
    assert writes(scripts) == []


def test_adding_posts_name_required_and_default_value(scripts):
    result = run(scripts, name="REGION", default_value="eu", required=True)

    assert writes(scripts) == [("POST", VARIABLES + "/add", {"Name": "REGION", "Required": True, "DefaultValue": "eu"})]
    assert result["variable"] == variable_read_back(scripts, "REGION")


def test_a_new_variable_without_options_is_not_required_and_has_no_value(scripts):
    run(scripts, name="REGION")

    assert writes(scripts) == [("POST", VARIABLES + "/add", {"Name": "REGION", "Required": False})]


@pytest.mark.parametrize("options", [
    dict(name="REGION", default_value="eu"),
    dict(name="REGION", required=True),
    dict(name="API_URL", default_value="https://eu.api.example.com"),
    dict(name="LOG_LEVEL", required=True, default_value="debug"),
], ids=["add with value", "add required", "change value", "change both"])
def test_check_mode_predicts_the_variable_and_a_read_returns_it(scripts, options):
    checked = run(scripts, check_mode=True, **options)
    applied = run(scripts, **options)

    assert applied["changed"] is True
    assert_prediction_holds(checked["variable"], applied["variable"], variable_read_back(scripts, options["name"]), ("id",))


def test_an_update_posts_both_fields_the_unchanged_one_as_it_is(scripts):
    run(scripts, name="LOG_LEVEL", default_value="debug")

    assert writes(scripts) == [("POST", VARIABLES + "/22", {"DefaultValue": "debug", "Required": False})]


def test_options_left_out_keep_their_values(scripts):
    run(scripts, name="API_URL", required=False)

    assert variable_read_back(scripts, "API_URL") == dict(API_URL, required=False)


def test_reapplying_reports_ok_and_only_reads(scripts):
    run(scripts, name="REGION", default_value="eu", required=True)
    scripts.clear_requests()

    result = run(scripts, name="REGION", default_value="eu", required=True)
    rechecked = run(scripts, check_mode=True, name="REGION", default_value="eu", required=True)

    assert result["changed"] is False
    assert rechecked["changed"] is False
    assert writes(scripts) == []


def test_diff_shows_the_variable_before_and_after(scripts):
    result = run(scripts, diff=True, name="LOG_LEVEL", default_value="debug")

    assert result["diff"]["before"] == LOG_LEVEL
    assert result["diff"]["after"] == variable_read_back(scripts, "LOG_LEVEL") == dict(LOG_LEVEL, default_value="debug")


def test_diff_of_a_new_variable_starts_empty(scripts):
    result = run(scripts, diff=True, check_mode=True, name="REGION")

    assert result["diff"]["before"] == {}


def test_absent_deletes_the_variable(scripts):
    result = run(scripts, name="LOG_LEVEL", state="absent")

    assert result["changed"] is True
    assert result["variable"] is None
    assert writes(scripts) == [("DELETE", VARIABLES + "/22", None)]
    assert read_back_variables(scripts, ROUTER_ID) == [API_URL]


def test_absent_again_is_ok(scripts):
    run(scripts, name="LOG_LEVEL", state="absent")
    scripts.clear_requests()

    result = run(scripts, name="LOG_LEVEL", state="absent")

    assert result["changed"] is False
    assert writes(scripts) == []


def test_absent_in_check_mode_writes_nothing(scripts):
    result = run(scripts, check_mode=True, name="LOG_LEVEL", state="absent")

    assert result["changed"] is True
    assert writes(scripts) == []


def test_finds_the_script_by_id(scripts):
    run(scripts, script_name=None, script_id=ROUTER_ID, name="REGION")

    assert variable_read_back(scripts, "REGION") is not None


# Unknown outcomes


def test_an_add_whose_connection_dropped_after_it_was_applied_is_settled_by_reading_without_a_duplicate(scripts):
    scripts.fault(method="POST", path="/variables/add$", drop_connection=True, apply=True, count=1)

    result = run(scripts, name="REGION", default_value="eu")

    assert result["changed"] is True
    assert "failed" not in result
    assert result["variable"] == variable_read_back(scripts, "REGION")
    assert [write[1] for write in writes(scripts)] == [VARIABLES + "/add"]
    assert [variable["name"] for variable in read_back_variables(scripts, ROUTER_ID)] == ["API_URL", "LOG_LEVEL", "REGION"]


def test_an_add_that_a_gateway_error_refused_is_sent_again(scripts):
    scripts.fault(method="POST", path="/variables/add$", status=503, count=1)

    result = run(scripts, name="REGION", default_value="eu")

    assert result["variable"] == variable_read_back(scripts, "REGION")
    assert [write[1] for write in writes(scripts)] == [VARIABLES + "/add"] * 2


def test_an_update_whose_answer_is_lost_is_confirmed_by_reading(scripts):
    scripts.fault(method="POST", path="/variables/21$", status=504, apply=True, count=1)

    result = run(scripts, name="API_URL", default_value="https://eu.api.example.com")

    assert result["variable"]["default_value"] == "https://eu.api.example.com"
    assert len(writes(scripts)) == 1


def test_an_update_that_a_gateway_error_refused_is_sent_again(scripts):
    scripts.fault(method="POST", path="/variables/21$", status=503, count=1)

    result = run(scripts, name="API_URL", default_value="https://eu.api.example.com")

    assert result["variable"] == variable_read_back(scripts, "API_URL")
    assert result["variable"]["default_value"] == "https://eu.api.example.com"
    assert len(writes(scripts)) == 2


def test_a_delete_whose_answer_is_lost_is_confirmed_by_reading(scripts):
    scripts.fault(method="DELETE", path="/variables/22$", drop_connection=True, apply=True, count=1)

    result = run(scripts, name="LOG_LEVEL", state="absent")

    assert result["changed"] is True
    assert "failed" not in result
    assert len(writes(scripts)) == 1


# A whole set


def test_a_set_adds_updates_and_keeps_the_rest(scripts):
    result = run(scripts, variables=[{"name": "LOG_LEVEL", "default_value": "warn"}, {"name": "REGION", "default_value": "eu"}])

    assert [(write[0], write[1]) for write in writes(scripts)] == [("POST", VARIABLES + "/22"), ("POST", VARIABLES + "/add")]
    assert [variable["name"] for variable in result["variables"]] == ["API_URL", "LOG_LEVEL", "REGION"]
    assert result["variables"] == read_back_variables(scripts, ROUTER_ID)


def test_a_set_with_purge_deletes_the_variables_not_listed(scripts):
    run(scripts, variables=[{"name": "REGION", "default_value": "eu"}], purge=True)

    assert [variable["name"] for variable in read_back_variables(scripts, ROUTER_ID)] == ["REGION"]


def test_a_set_with_state_absent_deletes_the_listed_variables(scripts):
    run(scripts, variables=[{"name": "LOG_LEVEL"}, {"name": "MISSING"}], state="absent")

    assert read_back_variables(scripts, ROUTER_ID) == [API_URL]
    assert [write[0] for write in writes(scripts)] == ["DELETE"]


def test_check_mode_predicts_a_set_and_a_read_returns_it(scripts):
    options = dict(variables=[{"name": "API_URL", "required": False}, {"name": "REGION", "default_value": "eu"}, {"name": "TIER"}], purge=True)

    checked = run(scripts, check_mode=True, **options)
    applied = run(scripts, **options)

    assert_prediction_holds(
        {"variables": checked["variables"]}, {"variables": applied["variables"]}, {"variables": read_back_variables(scripts, ROUTER_ID)},
        ("variables[].id",))
    assert [variable["id"] for variable in checked["variables"]] == [21, None, None]


def test_a_set_s_diff_shows_each_variable_that_changes_by_its_name(scripts):
    result = run(scripts, diff=True, variables=[{"name": "REGION", "default_value": "eu"}], purge=True)

    assert result["diff"]["before"] == {"variables": {"API_URL": API_URL, "LOG_LEVEL": LOG_LEVEL}}
    (region,) = read_back_variables(scripts, ROUTER_ID)
    assert result["diff"]["after"] == {"variables": {"REGION": region}}


def test_reapplying_a_set_reports_ok_and_only_reads(scripts):
    options = dict(variables=[{"name": "API_URL", "default_value": "x", "required": True}, {"name": "REGION"}], purge=True)
    run(scripts, **options)
    scripts.clear_requests()

    assert run(scripts, **options)["changed"] is False
    assert writes(scripts) == []


# Failures


def test_a_script_name_that_matches_nothing_fails(scripts):
    result = run(scripts, script_name="missing", name="REGION")

    assert result["failed"] is True
    assert result["msg"] == "No edge script is named 'missing'."


def test_an_unknown_script_id_fails_naming_the_script(scripts):
    result = run(scripts, script_name=None, script_id=99, name="REGION")

    assert result["msg"] == "Edge script 99 was not found (HTTP 404)."


def test_the_deployment_key_of_the_script_read_appears_nowhere(scripts):
    result = run(scripts, diff=True, name="REGION", _ansible_verbosity=4)

    assert DEPLOYMENT_KEY not in json.dumps(result)


@pytest.mark.parametrize("options, message", [
    ({"name": ""}, "name must be between 1 and 256 characters long, got 0"),
    ({"name": "N" * 257}, "name must be between 1 and 256 characters long, got 257"),
    ({"name": "N", "default_value": "v" * 4097}, "default_value must be at most 4096 characters long, got 4097"),
    ({"variables": [{"name": "A"}, {"name": "A"}]}, "variables must name each variable once, got 'A' more than once"),
    ({"variables": [{"name": ""}]}, "variables[0].name must be between 1 and 256 characters long, got 0"),
    ({"variables": [{"default_value": "x"}]}, "missing required arguments: name found in variables"),
    ({"variables": [{"name": "A", "default_value": "v" * 4097}]}, "variables[0].default_value must be at most 4096 characters long"),
    ({"script_name": "", "name": "N"}, "script_name must be between 1 and 100 characters long, got 0"),
    ({"name": "N", "purge": True}, "purge deletes the variables that variables does not list, so it needs variables and state=present."),
    ({"variables": [{"name": "A"}], "purge": True, "state": "absent"}, "so it needs variables and state=present"),
    ({"name": "N", "variables": [{"name": "A"}]}, "parameters are mutually exclusive: name|variables"),
    ({"script_id": 1, "name": "N"}, "parameters are mutually exclusive: script_id|script_name"),
    ({"script_name": None}, "one of the following is required: script_id, script_name"),
    ({}, "one of the following is required: name, variables"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []
