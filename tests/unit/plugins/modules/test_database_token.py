"""database_token against the simulator: a token goes into its destination, once, and never into the output."""

import json
import os
import stat

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import database_token
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.database_fixtures import ORDERS_ID, orders, tokens
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.edge_fixtures import ROUTER_ID, router
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, REGISTRIES, WEB_ID, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

GENERATE = "/database/v2/databases/%s/auth/generate" % ORDERS_ID
REVOKE = "/database/v2/databases/%s/auth/revoke" % ORDERS_ID
TEMPLATE = "/mc/apps/%s/containers/%s" % (APP_ID, WEB_ID)
IN_TEMPLATE = dict(container_template=dict(app_id=APP_ID, name="web", variable="BUNNY_DATABASE_AUTH_TOKEN"))
IN_SECRET = dict(edge_script_secret=dict(script_name="router", name="BUNNY_DATABASE_AUTH_TOKEN"))


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(database_token, simulator.api_args(database_name="orders", **options), check_mode=check_mode, diff=diff)


@pytest.fixture
def world(simulator):
    simulator.load(databases=[orders()], apps=[storefront()], registries=REGISTRIES, edge_scripts=[router()],
                   settings={"database_token_marker": "LEAKCANARY"})
    return simulator


def template_variables(simulator):
    with simulator.server.state.lock:
        app = next(app for app in simulator.server.state.apps if app["id"] == APP_ID)
        template = next(template for template in app["containerTemplates"] if template["id"] == WEB_ID)
        return {variable["name"]: variable["value"] for variable in template["environmentVariables"]}


def script_secrets(simulator):
    with simulator.server.state.lock:
        script = next(script for script in simulator.server.state.edge_scripts if script["Id"] == ROUTER_ID)
        return {secret["Name"]: secret["Secret"] for secret in script["Secrets"]}


def valid_tokens(simulator):
    return [token["token"] for token in tokens(simulator) if token["valid"]]


def assert_token_nowhere(result, *known):
    """No token the simulator gave appears anywhere in what the module returned."""
    output = json.dumps(result)
    for token in known:
        assert token not in output
    assert "LEAKCANARY" not in output


# A container template's environment variable


def test_a_template_without_the_variable_gets_a_new_token_in_one_patch_keeping_its_other_variables(world):
    result = run(world, diff=True, **IN_TEMPLATE)

    assert result["changed"] is True
    [token] = valid_tokens(world)
    assert template_variables(world) == {"LOG_LEVEL": "info", "MODE": "prod", "BUNNY_DATABASE_AUTH_TOKEN": token}
    assert [(entry["method"], entry["path"]) for entry in world.writes()] == [("PUT", GENERATE), ("PATCH", TEMPLATE)]
    assert result["database_token"] == {
        "database_id": ORDERS_ID, "database_name": "orders", "token": "generated", "authorization": "full-access", "expires_at": None, "url": None,
        "destination": "environment variable BUNNY_DATABASE_AUTH_TOKEN of container template 'web' of application %s" % APP_ID}
    assert result["diff"]["before"]["token"] == "absent" and result["diff"]["after"]["token"] == "generated"
    assert "token" not in result
    assert_token_nowhere(result, token)


def test_a_second_run_finds_the_token_in_place_and_only_reads(world):
    run(world, **IN_TEMPLATE)
    world.clear_requests()
    again = run(world, **IN_TEMPLATE)
    checked = run(world, check_mode=True, **IN_TEMPLATE)
    assert again["changed"] is False and checked["changed"] is False and world.writes() == []
    assert again["database_token"]["token"] == "present" and len(tokens(world)) == 1


def test_check_mode_predicts_a_generation_and_sends_nothing(world):
    checked = run(world, check_mode=True, diff=True, **IN_TEMPLATE)
    assert checked["changed"] is True and world.writes() == [] and tokens(world) == []
    applied = run(world, **IN_TEMPLATE)
    assert checked["database_token"] == applied["database_token"]


def test_rotate_puts_a_new_token_in_place_and_the_old_one_keeps_working(world):
    run(world, **IN_TEMPLATE)
    rotated = run(world, rotate=True, **IN_TEMPLATE)
    first, second = tokens(world)
    assert rotated["changed"] is True and template_variables(world)["BUNNY_DATABASE_AUTH_TOKEN"] == second["token"]
    assert first["valid"] and second["valid"]
    assert_token_nowhere(rotated, first["token"], second["token"])


def test_an_empty_variable_counts_as_no_token(world):
    app = storefront()
    app["containerTemplates"][0]["environmentVariables"].append({"name": "BUNNY_DATABASE_AUTH_TOKEN", "value": ""})
    world.load(databases=[orders()], apps=[app], registries=REGISTRIES)
    assert run(world, **IN_TEMPLATE)["changed"] is True and template_variables(world)["BUNNY_DATABASE_AUTH_TOKEN"]


def test_the_authorization_and_expiry_go_to_the_api(world):
    result = run(world, authorization="read-only", expires_at="2099-01-01T02:00:00+02:00", **IN_TEMPLATE)
    assert world.writes()[0]["body"] == {"authorization": "read-only", "expires_at": "2099-01-01T00:00:00Z"}
    assert result["database_token"]["expires_at"] == "2099-01-01T00:00:00Z" and tokens(world)[0]["authorization"] == "read-only"


def test_a_template_that_is_not_there_fails_before_any_write(world):
    result = run(world, container_template=dict(app_id=APP_ID, name="api", variable="TOKEN"))
    assert result["failed"] and "no container template named 'api'" in result["msg"] and world.writes() == []


def test_a_lost_patch_answer_is_settled_by_reading_the_template(world):
    world.fault(method="PATCH", path="^/mc/apps/", status=503, count=1, apply=True)
    result = run(world, **IN_TEMPLATE)
    assert result["changed"] is True and [entry["method"] for entry in world.requests()].count("PATCH") == 1
    assert template_variables(world)["BUNNY_DATABASE_AUTH_TOKEN"] == valid_tokens(world)[0]
    assert_token_nowhere(result, *valid_tokens(world))


def test_a_failed_destination_write_fails_changed_and_without_the_token(world):
    world.fault(method="PATCH", path="^/mc/apps/", status=400, count=1)
    result = run(world, **IN_TEMPLATE)
    assert result["failed"] and result["changed"] is True
    assert_token_nowhere(result, *[token["token"] for token in tokens(world)])


def test_with_url_variable_the_url_goes_in_the_same_patch_and_alone_when_only_it_differs(world):
    options = dict(container_template=dict(IN_TEMPLATE["container_template"], url_variable="BUNNY_DATABASE_URL"))
    result = run(world, **options)
    url = result["database_token"]["url"]
    assert url.startswith("libsql://") and template_variables(world)["BUNNY_DATABASE_URL"] == url
    assert [entry["method"] for entry in world.writes()] == ["PUT", "PATCH"]
    assert run(world, **options)["changed"] is False
    with world.server.state.lock:
        template = world.server.state.apps[0]["containerTemplates"][0]
        next(item for item in template["environmentVariables"] if item["name"] == "BUNNY_DATABASE_URL")["value"] = "libsql://old"
    world.clear_requests()
    fixed = run(world, diff=True, **options)
    assert fixed["changed"] is True and [entry["method"] for entry in world.writes()] == ["PATCH"] and len(tokens(world)) == 1
    assert (fixed["diff"]["before"]["url"], fixed["diff"]["after"]["url"]) == ("libsql://old", url)
    assert template_variables(world)["BUNNY_DATABASE_AUTH_TOKEN"] == valid_tokens(world)[0]


# An Edge Script secret


def test_a_script_without_the_secret_gets_it_added_and_a_second_run_is_ok(world):
    result = run(world, **IN_SECRET)
    [token] = valid_tokens(world)
    assert result["changed"] is True and script_secrets(world)["BUNNY_DATABASE_AUTH_TOKEN"] == token
    assert world.writes()[1]["path"] == "/compute/script/%d/secrets" % ROUTER_ID
    assert_token_nowhere(result, token)
    assert run(world, **IN_SECRET)["changed"] is False


def test_a_script_url_variable_is_added_then_left_alone(world):
    options = dict(edge_script_secret=dict(IN_SECRET["edge_script_secret"], url_variable="BUNNY_DATABASE_URL"))
    result = run(world, **options)
    with world.server.state.lock:
        variables = {item["Name"]: item["DefaultValue"] for item in world.server.state.edge_scripts[0]["EdgeScriptVariables"]}
    assert variables["BUNNY_DATABASE_URL"] == result["database_token"]["url"]
    assert run(world, **options)["changed"] is False


def test_rotating_a_secret_sets_its_value(world):
    run(world, **IN_SECRET)
    run(world, rotate=True, **IN_SECRET)
    assert script_secrets(world)["BUNNY_DATABASE_AUTH_TOKEN"] == tokens(world)[1]["token"]
    assert world.writes()[-1]["path"].startswith("/compute/script/%d/secrets/" % ROUTER_ID)


# A file


def test_a_file_gets_the_token_with_mode_0600_and_a_second_run_is_ok(world, tmp_path):
    path = str(tmp_path / "token")
    result = run(world, file=path)
    [token] = valid_tokens(world)
    with open(path, encoding="utf-8") as handle:
        assert handle.read() == token
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600 and os.listdir(str(tmp_path)) == ["token"]
    assert_token_nowhere(result, token)
    assert run(world, file=path)["changed"] is False


def test_a_file_that_holds_a_token_with_a_wider_mode_is_narrowed_without_a_new_token(world, tmp_path):
    path = tmp_path / "token"
    path.write_text("kept")
    os.chmod(str(path), 0o644)
    result = run(world, file=str(path))
    assert result["changed"] is True and world.writes() == [] and stat.S_IMODE(os.stat(str(path)).st_mode) == 0o600
    assert path.read_text() == "kept"


def test_check_mode_writes_no_file(world, tmp_path):
    path = tmp_path / "token"
    assert run(world, check_mode=True, file=str(path))["changed"] is True and not path.exists()


# Without a destination


def test_without_a_destination_every_run_returns_a_new_token(world):
    first = run(world)
    second = run(world)
    assert first["token"] != second["token"] and [token["token"] for token in tokens(world)] == [first["token"], second["token"]]
    assert first["database_token"]["token"] == "generated" and first["database_token"]["destination"] is None


# Revoking


def test_absent_revokes_every_token_and_takes_the_token_out_of_the_template(world):
    run(world, **IN_TEMPLATE)
    run(world)
    revoked = run(world, state="absent", diff=True, **IN_TEMPLATE)
    assert revoked["changed"] is True and revoked["database_token"]["token"] == "revoked"
    assert [token["valid"] for token in tokens(world)] == [False, False]
    assert "BUNNY_DATABASE_AUTH_TOKEN" not in template_variables(world)
    assert world.writes()[-2]["path"] == REVOKE
    assert run(world, state="absent", **IN_TEMPLATE)["changed"] is False


def test_absent_without_a_destination_revokes_on_every_run(world):
    assert run(world, state="absent")["changed"] is True
    assert run(world, state="absent")["changed"] is True
    assert [entry["path"] for entry in world.writes()] == [REVOKE, REVOKE]


def test_absent_deletes_the_secret_and_removes_the_file(world, tmp_path):
    path = tmp_path / "token"
    run(world, file=str(path))
    run(world, **IN_SECRET)
    run(world, state="absent", file=str(path))
    run(world, state="absent", **IN_SECRET)
    assert not path.exists() and "BUNNY_DATABASE_AUTH_TOKEN" not in script_secrets(world)


# Bad input


@pytest.mark.parametrize(("options", "words"), [
    (dict(expires_at="next year", file="/tmp/x"), "expires_at must be an RFC 3339 date-time"),
    (dict(authorization="admin"), "authorization"),
    (dict(file="/tmp/x", **IN_SECRET), "mutually exclusive"),
    (dict(container_template=dict(app_id=APP_ID, name="web", variable="1BAD")), "container_template.variable must match"),
    (dict(container_template=dict(app_id=APP_ID, variable="TOKEN")), "container_id, name"),
    (dict(database_id="orders"), "database_id must match"),
])
def test_bad_input_fails_before_any_request(world, options, words):
    world.clear_requests()
    named = options if "database_id" in options else dict(options, database_name="orders")
    result = run_module(database_token, world.api_args(**named))
    assert result["failed"] and words in result["msg"] and world.requests() == []


def test_a_database_that_is_not_there_fails_naming_it(world):
    result = run_module(database_token, world.api_args(database_name="sales", **IN_TEMPLATE))
    assert result["failed"] and result["msg"] == "No database is named 'sales'." and world.writes() == []
