"""edge_script against the simulator."""

import json

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import MASK
from ansible_collections.bunnynet.cloud.plugins.modules import edge_script
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.edge_fixtures import (
    DEPLOYMENT_KEY,
    GATE_ID,
    ROUTER_CODE,
    ROUTER_ID,
    api_get,
    api_status,
    gate,
    read_back_script,
    router,
    scripts_named,
    writes,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

# A new script's monthly cost and usage are not among them: a script just made has used nothing.
SERVER_FIELDS = (
    "id", "last_modified", "default_hostname", "system_hostname", "deployment_key", "linked_pull_zones",
    "repository_id", "integration_id",
)
NEW_CODE = "export default { fetch() { return new Response('v2'); } };"


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(edge_script, simulator.api_args(**options), check_mode=check_mode, diff=diff)


@pytest.fixture
def scripts(simulator):
    simulator.load(edge_scripts=[router(), gate()])
    return simulator


# Finding the script


def test_finds_the_script_by_exact_name_among_names_that_contain_it(simulator):
    simulator.load(edge_scripts=[router(Id=1, Name="router-eu"), router(Id=2, Name="Router"), router(Id=3)])

    result = run(simulator, name="router")

    assert result["changed"] is False
    assert result["edge_script"]["id"] == 3
    assert writes(simulator) == []


def test_the_name_lookup_uses_the_list_s_search_with_the_reference_s_parameter_names(scripts):
    run(scripts, name="router")

    lookup = scripts.requests()[0]
    assert (lookup["method"], lookup["path"]) == ("GET", "/compute/script")
    assert lookup["query"] == {"search": "router", "includeLinkedPullzones": "true", "perPage": "1000", "page": "1"}


def test_the_name_lookup_reaches_the_last_of_three_pages(simulator):
    simulator.load(edge_scripts=[{"Id": number, "Name": "router-%d" % number} for number in range(1, 2001)] + [router(Id=2001)])

    result = run(simulator, name="router", code=ROUTER_CODE)

    assert result["edge_script"]["id"] == 2001
    assert result["changed"] is False
    pages = [entry["query"]["page"] for entry in simulator.requests() if entry["path"] == "/compute/script"]
    assert pages == ["1", "2", "3"]


def test_a_name_shared_by_two_scripts_fails_listing_their_ids_without_a_write(simulator):
    simulator.load(edge_scripts=[router(Id=5), router(Id=6)])

    result = run(simulator, name="router", code=NEW_CODE)

    assert result["failed"] is True
    assert result["msg"] == "2 edge scripts are named 'router' (ids 5, 6); give the id of the one to manage."
    assert result["script_ids"] == [5, 6]
    assert writes(simulator) == []


def test_a_stale_id_fails_naming_the_script(scripts):
    result = run(scripts, id=99, name="router", code=NEW_CODE)

    assert result["failed"] is True
    assert result["msg"] == "Edge script 99 was not found (HTTP 404)."
    assert result["status"] == 404
    assert writes(scripts) == []


def test_a_name_deleted_outside_ansible_is_created_again(scripts):
    requests.delete(scripts.url + "/compute/script/%d" % ROUTER_ID, headers={"AccessKey": scripts.key}, timeout=10)

    result = run(scripts, name="router", script_type="cdn", code=ROUTER_CODE)

    assert result["changed"] is True
    assert result["edge_script"]["id"] not in (None, ROUTER_ID)
    assert [script["Id"] for script in scripts_named(scripts, "router")] == [result["edge_script"]["id"]]


# Creating


def test_check_mode_predicts_the_new_script_and_writes_nothing(scripts):
    result = run(scripts, check_mode=True, name="edge-auth", script_type="middleware", code=NEW_CODE)

    assert result["changed"] is True
    predicted = result["edge_script"]
    assert (predicted["name"], predicted["script_type"], predicted["code"]) == ("edge-auth", "middleware", NEW_CODE)
    assert predicted["id"] is None
    assert predicted["deployment_key"] is None
    assert writes(scripts) == []


def test_creating_sends_one_post_with_name_type_code_and_integration(scripts):
    integration = {"integration_id": 7, "repository_settings": {"id": 70, "name": "edge-repo"}, "deploy_configuration": {"branch": "main"}}

    run(scripts, name="edge-auth", script_type="middleware", code=NEW_CODE, integration=integration)

    assert writes(scripts) == [("POST", "/compute/script", {
        "Name": "edge-auth",
        "ScriptType": 2,
        "Code": NEW_CODE,
        "CreateLinkedPullZone": False,
        "Integration": {
            "IntegrationId": 7,
            "RepositorySettings": {"Id": 70, "Name": "edge-repo", "Private": False},
            "DeployConfiguration": {"Branch": "main", "CreateWorkflow": False},
        },
    })]


@pytest.mark.parametrize("script_type, number", [("dns", 0), ("cdn", 1), ("middleware", 2)])
def test_each_script_type_is_sent_as_its_number(simulator, script_type, number):
    run(simulator, name="typed", script_type=script_type)

    assert writes(simulator)[0][2]["ScriptType"] == number
    assert scripts_named(simulator, "typed")[0]["ScriptType"] == number


@pytest.mark.parametrize("options", [
    dict(name="edge-auth", script_type="middleware", code=NEW_CODE),
    dict(name="edge-auth", script_type="dns"),
    dict(name="edge-auth", script_type="cdn", code=NEW_CODE, integration={
        "integration_id": 7, "repository_settings": {"id": 70, "name": "edge-repo", "private": True, "template_url": "https://example.com/t"},
        "deploy_configuration": {"branch": "main", "build_command": "npm run build", "entry_file": "dist/index.js", "create_workflow": True}}),
    dict(name="edge-auth", script_type="cdn", integration={"integration_id": 7, "repository_settings": {"name": "edge-repo"}}),
    dict(name="edge-auth", script_type="cdn", create_linked_pull_zone=True, linked_pull_zone_name="edge-auth-zone"),
], ids=["with code", "without code", "with integration", "with the integration's defaults", "with linked pull zone"])
def test_check_mode_predicts_the_created_script_and_a_read_returns_it(scripts, options):
    checked = run(scripts, check_mode=True, **options)
    applied = run(scripts, **options)

    assert applied["changed"] is True
    assert_prediction_holds(checked["edge_script"], applied["edge_script"], read_back_script(scripts, applied["edge_script"]["id"]), SERVER_FIELDS)


def test_a_linked_pull_zone_is_created_with_the_script(simulator):
    result = run(simulator, name="edge-auth", script_type="cdn", create_linked_pull_zone=True, linked_pull_zone_name="edge-auth-zone")

    [linked] = result["edge_script"]["linked_pull_zones"]
    assert linked["pull_zone_name"] == "edge-auth-zone"
    assert api_get(simulator, "/pullzone/%s" % linked["id"])["Name"] == "edge-auth-zone"


def zones_named(simulator, name):
    return [zone for zone in api_get(simulator, "/pullzone") if zone["Name"] == name]


def test_check_mode_predicts_the_linked_pull_zone_it_names(simulator):
    options = dict(name="edge-auth", script_type="cdn", create_linked_pull_zone=True, linked_pull_zone_name="edge-auth-zone")
    checked = run(simulator, check_mode=True, **options)
    assert writes(simulator) == []
    applied = run(simulator, **options)

    [predicted], [created] = checked["edge_script"]["linked_pull_zones"], applied["edge_script"]["linked_pull_zones"]
    assert predicted == dict(created, id=None)
    assert predicted == {"id": None, "pull_zone_name": "edge-auth-zone", "default_hostname": "edge-auth-zone.b-cdn.net"}


def test_check_mode_leaves_a_zone_the_api_names_unpredicted(simulator):
    result = run(simulator, check_mode=True, name="edge-auth", script_type="cdn", create_linked_pull_zone=True)

    assert result["edge_script"]["linked_pull_zones"] is None


def test_a_second_run_with_a_linked_pull_zone_creates_no_second_zone(simulator):
    options = dict(name="edge-auth", script_type="cdn", code=NEW_CODE, create_linked_pull_zone=True, linked_pull_zone_name="edge-auth-zone")
    first = run(simulator, **options)
    simulator.clear_requests()

    again = run(simulator, **options)
    checked = run(simulator, check_mode=True, **options)

    assert (again["changed"], checked["changed"]) == (False, False)
    assert writes(simulator) == []
    assert again["edge_script"]["linked_pull_zones"] == first["edge_script"]["linked_pull_zones"]
    assert len(zones_named(simulator, "edge-auth-zone")) == 1
    assert "warnings" not in again


def test_a_create_with_a_linked_zone_whose_answer_is_lost_creates_one_zone(simulator):
    simulator.fault(method="POST", path="^/compute/script$", drop_connection=True, apply=True, count=1)

    result = run(simulator, name="edge-auth", script_type="cdn", create_linked_pull_zone=True, linked_pull_zone_name="edge-auth-zone")

    assert result["changed"] is True
    assert [zone["pull_zone_name"] for zone in result["edge_script"]["linked_pull_zones"]] == ["edge-auth-zone"]
    assert len(zones_named(simulator, "edge-auth-zone")) == 1
    assert [write[0:2] for write in writes(simulator)] == [("POST", "/compute/script")]


def test_an_existing_script_without_a_linked_zone_gets_none_and_a_warning(scripts):
    result = run(scripts, name="router", create_linked_pull_zone=True, linked_pull_zone_name="router-zone")

    assert result["changed"] is False
    assert writes(scripts) == []
    assert zones_named(scripts, "router-zone") == []
    # ansible-core 2.19 reports a warning as a structured event, earlier releases as its text.
    assert [warning if isinstance(warning, str) else warning["event"]["msg"] for warning in result["warnings"]] == [
        "Edge script %d exists without a linked pull zone; create_linked_pull_zone only applies when the module creates the script, "
        "so none was created. Create the zone with bunnynet.cloud.pullzone (origin_type=edge_script) instead." % ROUTER_ID]


def test_creating_without_script_type_fails_without_a_write(scripts):
    result = run(scripts, name="edge-auth", code=NEW_CODE)

    assert result["failed"] is True
    assert result["msg"] == "No edge script is named 'edge-auth'; give script_type (dns, cdn or middleware) to create it."
    assert writes(scripts) == []


def test_creating_twice_creates_one_script(scripts):
    run(scripts, name="edge-auth", script_type="cdn", code=NEW_CODE)
    scripts.clear_requests()

    result = run(scripts, name="edge-auth", script_type="cdn", code=NEW_CODE)

    assert result["changed"] is False
    assert writes(scripts) == []
    assert len(scripts_named(scripts, "edge-auth")) == 1


def test_a_create_whose_answer_is_lost_is_confirmed_by_reading_and_not_sent_twice(scripts):
    scripts.fault(method="POST", path="^/compute/script$", drop_connection=True, apply=True, count=1)

    result = run(scripts, name="edge-auth", script_type="cdn", code=NEW_CODE)

    assert result["changed"] is True
    assert "failed" not in result
    [created] = scripts_named(scripts, "edge-auth")
    assert result["edge_script"]["id"] == created["Id"]
    assert [write[0:2] for write in writes(scripts)] == [("POST", "/compute/script")]


def test_a_create_that_a_gateway_error_lost_is_sent_again(scripts):
    scripts.fault(method="POST", path="^/compute/script$", status=503, count=1)

    result = run(scripts, name="edge-auth", script_type="cdn", code=NEW_CODE)

    assert result["changed"] is True
    assert len(scripts_named(scripts, "edge-auth")) == 1
    assert [write[0:2] for write in writes(scripts)] == [("POST", "/compute/script")] * 2


# Updating


def test_check_mode_reports_a_code_change_and_writes_nothing(scripts):
    result = run(scripts, check_mode=True, name="router", code=NEW_CODE)

    assert result["changed"] is True
    assert result["edge_script"]["code"] == NEW_CODE
    assert writes(scripts) == []


def test_new_code_is_posted_alone(scripts):
    run(scripts, name="router", code=NEW_CODE)

    assert writes(scripts) == [("POST", "/compute/script/%d/code" % ROUTER_ID, {"Code": NEW_CODE})]
    assert read_back_script(scripts, ROUTER_ID)["code"] == NEW_CODE


def test_the_same_code_sends_nothing(scripts):
    result = run(scripts, name="router", code=ROUTER_CODE, script_type="cdn")

    assert result["changed"] is False
    assert writes(scripts) == []


def test_code_file_is_read_and_deployed(scripts, tmp_path):
    source = tmp_path / "router.js"
    source.write_text(NEW_CODE, encoding="utf-8")

    run(scripts, name="router", code_file=str(source))

    assert read_back_script(scripts, ROUTER_ID)["code"] == NEW_CODE


def test_a_code_file_that_cannot_be_read_fails_before_any_request(scripts, tmp_path):
    result = run(scripts, name="router", code_file=str(tmp_path / "missing.js"))

    assert result["failed"] is True
    assert result["msg"].startswith("code_file %s could not be read: " % (tmp_path / "missing.js"))
    assert scripts.requests() == []


def test_renaming_by_id_posts_the_name(scripts):
    result = run(scripts, id=ROUTER_ID, name="edge-router")

    assert result["changed"] is True
    assert writes(scripts) == [("POST", "/compute/script/%d" % ROUTER_ID, {"Name": "edge-router"})]
    assert read_back_script(scripts, ROUTER_ID)["name"] == "edge-router"


def test_check_mode_predicts_a_rename_and_new_code_and_a_read_returns_them(scripts):
    options = dict(id=ROUTER_ID, name="edge-router", code=NEW_CODE)

    checked = run(scripts, check_mode=True, **options)
    applied = run(scripts, **options)

    assert_prediction_holds(checked["edge_script"], applied["edge_script"], read_back_script(scripts, ROUTER_ID),
                            ("last_modified", "deployment_key"))


def test_the_result_after_new_code_carries_the_new_last_change(scripts):
    before = read_back_script(scripts, ROUTER_ID)

    result = run(scripts, name="router", code=NEW_CODE)

    assert result["edge_script"]["last_modified"] == read_back_script(scripts, ROUTER_ID)["last_modified"] != before["last_modified"]


def test_reapplying_a_rename_and_code_reports_ok_and_only_reads(scripts):
    options = dict(id=ROUTER_ID, name="edge-router", code=NEW_CODE)
    run(scripts, **options)
    scripts.clear_requests()

    result = run(scripts, **options)
    rechecked = run(scripts, check_mode=True, **options)

    assert result["changed"] is False
    assert rechecked["changed"] is False
    assert writes(scripts) == []


def test_diff_shows_the_code_before_and_after(scripts):
    result = run(scripts, diff=True, name="router", code=NEW_CODE)

    assert result["diff"]["before"]["code"] == ROUTER_CODE
    assert result["diff"]["after"]["code"] == NEW_CODE
    assert result["diff"]["after"] == dict(read_back_script(scripts, ROUTER_ID), deployment_key=MASK)


def test_changing_the_type_fails_without_a_write(scripts):
    result = run(scripts, name="router", script_type="middleware", code=NEW_CODE)

    assert result["failed"] is True
    assert result["msg"] == (
        "Edge script %d is a cdn script; the API cannot change the type of a script, so it cannot become middleware. "
        "Delete it and create it again to change its type." % ROUTER_ID)
    assert writes(scripts) == []


def test_a_different_integration_of_an_existing_script_fails_without_a_write(simulator):
    simulator.load(edge_scripts=[router(Integration={"IntegrationId": 7, "DeployConfiguration": {"Branch": "main"}})])

    result = run(simulator, name="router", integration={"integration_id": 7, "deploy_configuration": {"branch": "release"}})

    assert result["failed"] is True
    assert result["msg"] == (
        "Edge script %d has another integration than asked for (integration.deploy_configuration differs); "
        "the API cannot change the integration of an existing script." % ROUTER_ID)
    assert writes(simulator) == []


def test_a_different_type_and_integration_are_refused_together_in_one_message_in_check_mode_too(simulator):
    simulator.load(edge_scripts=[router(Integration={"IntegrationId": 7, "DeployConfiguration": {"Branch": "main"}})])

    result = run(simulator, check_mode=True, name="router", script_type="middleware",
                 integration={"integration_id": 7, "deploy_configuration": {"branch": "release"}})

    assert result["failed"] is True
    assert result["msg"] == (
        "Edge script %d is a cdn script; the API cannot change the type of a script, so it cannot become middleware. "
        "Delete it and create it again to change its type; Edge script %d has another integration than asked for "
        "(integration.deploy_configuration differs); the API cannot change the integration of an existing script." % (ROUTER_ID, ROUTER_ID))
    assert writes(simulator) == []


def test_the_same_integration_of_an_existing_script_is_no_change(simulator):
    simulator.load(edge_scripts=[router(Integration={"IntegrationId": 7, "DeployConfiguration": {"Branch": "main"}})])

    result = run(simulator, name="router", integration={"integration_id": 7, "deploy_configuration": {"branch": "main"}})

    assert result["changed"] is False


def test_new_code_whose_answer_is_lost_is_confirmed_by_reading(scripts):
    scripts.fault(method="POST", path="/code$", status=504, apply=True, count=1)

    result = run(scripts, name="router", code=NEW_CODE)

    assert result["changed"] is True
    assert result["edge_script"]["code"] == NEW_CODE
    assert [write[0:2] for write in writes(scripts)] == [("POST", "/compute/script/%d/code" % ROUTER_ID)]


# Deleting


def test_absent_deletes_the_script(scripts):
    result = run(scripts, name="router", state="absent", diff=True)

    assert result["changed"] is True
    assert result["edge_script"] is None
    assert result["diff"]["before"]["code"] == ROUTER_CODE
    assert writes(scripts) == [("DELETE", "/compute/script/%d" % ROUTER_ID, None)]
    assert api_status(scripts, "/compute/script/%d" % ROUTER_ID) == 404


def test_absent_in_check_mode_writes_nothing(scripts):
    result = run(scripts, check_mode=True, id=ROUTER_ID, state="absent")

    assert result["changed"] is True
    assert writes(scripts) == []


@pytest.mark.parametrize("options", [dict(name="router"), dict(id=ROUTER_ID)], ids=["by name", "by id"])
def test_absent_again_is_ok(scripts, options):
    run(scripts, state="absent", **options)

    result = run(scripts, state="absent", **options)

    assert "failed" not in result
    assert result["changed"] is False
    assert [write[0] for write in writes(scripts)] == ["DELETE"]


def test_absent_deletes_linked_pull_zones_only_when_asked(simulator):
    kept = run(simulator, name="kept", script_type="cdn", create_linked_pull_zone=True)["edge_script"]
    dropped = run(simulator, name="dropped", script_type="cdn", create_linked_pull_zone=True)["edge_script"]

    run(simulator, name="kept", state="absent")
    run(simulator, name="dropped", state="absent", delete_linked_pull_zones=True)

    assert api_status(simulator, "/pullzone/%s" % kept["linked_pull_zones"][0]["id"]) == 200
    assert api_status(simulator, "/pullzone/%s" % dropped["linked_pull_zones"][0]["id"]) == 404
    assert simulator.writes()[-1]["query"] == {"deleteLinkedPullZones": "true"}


def test_a_delete_whose_answer_is_lost_is_confirmed_by_reading(scripts):
    scripts.fault(method="DELETE", path="/compute/script/", drop_connection=True, apply=True, count=1)

    result = run(scripts, id=GATE_ID, state="absent")

    assert result["changed"] is True
    assert "failed" not in result
    assert [write[0] for write in writes(scripts)] == ["DELETE"]


def test_a_delete_that_a_gateway_error_refused_is_sent_again(scripts):
    scripts.fault(method="DELETE", path="/compute/script/", status=503, count=1)

    result = run(scripts, id=GATE_ID, state="absent")

    assert result["changed"] is True
    assert [write[0] for write in writes(scripts)] == ["DELETE", "DELETE"]
    assert api_status(scripts, "/compute/script/%d" % GATE_ID) == 404


def test_a_rename_whose_answer_is_lost_is_confirmed_by_reading(scripts):
    scripts.fault(method="POST", path="/compute/script/%d$" % ROUTER_ID, status=504, apply=True, count=1)

    result = run(scripts, id=ROUTER_ID, name="edge-router")

    assert result["edge_script"]["name"] == "edge-router"
    assert writes(scripts) == [("POST", "/compute/script/%d" % ROUTER_ID, {"Name": "edge-router"})]


def test_a_rename_that_a_gateway_error_refused_is_sent_again(scripts):
    scripts.fault(method="POST", path="/compute/script/%d$" % ROUTER_ID, status=503, count=1)

    result = run(scripts, id=ROUTER_ID, name="edge-router")

    assert result["edge_script"]["name"] == "edge-router"
    assert writes(scripts) == [("POST", "/compute/script/%d" % ROUTER_ID, {"Name": "edge-router"})] * 2


# Secrets and errors


def test_the_deployment_key_is_masked_and_appears_nowhere_at_any_verbosity(scripts):
    result = run(scripts, diff=True, name="router", code=NEW_CODE, _ansible_verbosity=4)

    assert result["edge_script"]["deployment_key"] == MASK
    assert result["diff"]["before"]["deployment_key"] == MASK
    assert DEPLOYMENT_KEY not in json.dumps(result)


def test_the_deployment_key_of_a_created_script_appears_nowhere(simulator):
    result = run(simulator, name="edge-auth", script_type="cdn", _ansible_verbosity=4)

    key = api_get(simulator, "/compute/script/%s" % result["edge_script"]["id"])["DeploymentKey"]
    assert result["edge_script"]["deployment_key"] == MASK
    assert key not in json.dumps(result)


def test_an_api_refusal_is_one_sentence_with_the_status(scripts):
    scripts.fault(method="POST", path="/code$", status=400, count=1)

    result = run(scripts, name="router", code=NEW_CODE)

    assert result["failed"] is True
    assert result["status"] == 400
    assert result["msg"].startswith("POST /compute/script/%d/code failed with status 400" % ROUTER_ID)


@pytest.mark.parametrize("options, message", [
    ({"name": "n" * 101}, "name must be between 1 and 100 characters long, got 101"),
    ({"name": ""}, "name must be between 1 and 100 characters long, got 0"),
    ({"name": "router", "linked_pull_zone_name": ""}, "linked_pull_zone_name must be at least 1 characters long, got 0"),
    ({"name": "router", "linked_pull_zone_name": "zone"},
     "linked_pull_zone_name names the pull zone create_linked_pull_zone=true creates; set it or leave the name out."),
    ({"name": "router", "code": "a", "code_file": "/tmp/a.js"}, "parameters are mutually exclusive: code|code_file"),
    ({"script_type": "cdn"}, "one of the following is required: id, name"),
    ({"name": "router", "script_type": "worker"}, "value of script_type must be one of: dns, cdn, middleware, got: worker"),
    ({"name": "router", "integration": {"repository_settings": {"name": "r"}}}, "missing required arguments: integration_id found in integration"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []


# The deployment key: rotated, or returned on request


def test_the_deployment_key_is_returned_only_when_asked_and_only_under_secrets(scripts):
    result = run(scripts, diff=True, name="router", return_deployment_key=True)

    assert result["secrets"] == {"deployment_key": DEPLOYMENT_KEY}
    assert result["changed"] is False and writes(scripts) == []
    assert result["edge_script"]["deployment_key"] == MASK
    assert DEPLOYMENT_KEY not in json.dumps((result["edge_script"], result["diff"]))


def test_rotating_the_deployment_key_returns_the_new_one_and_keeps_the_code(scripts):
    checked = run(scripts, check_mode=True, name="router", rotate_deployment_key=True)
    rotated = run(scripts, diff=True, name="router", rotate_deployment_key=True)

    assert checked["changed"] is True and checked["secrets"] == {"deployment_key": None} and checked["rotated"] == ["deployment_key"]
    assert writes(scripts) == [("POST", "/compute/script/%d/deploymentKey/rotate" % ROUTER_ID, None)]
    new_key = api_get(scripts, "/compute/script/%d" % ROUTER_ID)["DeploymentKey"]
    assert rotated["secrets"] == {"deployment_key": new_key} and new_key != DEPLOYMENT_KEY
    assert rotated["edge_script"]["code"] == ROUTER_CODE and rotated["edge_script"]["deployment_key"] == MASK
    assert_prediction_holds(checked["edge_script"], rotated["edge_script"], read_back_script(scripts, ROUTER_ID),
                            server_fields=("last_modified", "deployment_key"))


def test_new_code_and_a_rotation_go_out_in_one_run(scripts):
    result = run(scripts, name="router", code=NEW_CODE, rotate_deployment_key=True)

    assert [path for _method, path, _body in writes(scripts)] == [
        "/compute/script/%d/code" % ROUTER_ID, "/compute/script/%d/deploymentKey/rotate" % ROUTER_ID]
    assert result["edge_script"]["code"] == NEW_CODE


def test_a_rotation_is_never_a_side_effect_of_a_deploy(scripts):
    run(scripts, name="router", code=NEW_CODE, return_deployment_key=True)

    assert api_get(scripts, "/compute/script/%d" % ROUTER_ID)["DeploymentKey"] == DEPLOYMENT_KEY
