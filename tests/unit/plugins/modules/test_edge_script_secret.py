"""edge_script_secret against the simulator."""

import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import edge_script_secret
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.edge_fixtures import DEPLOYMENT_KEY, ROUTER_ID, read_back_secrets, router, writes
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

SECRETS = "/compute/script/%d/secrets" % ROUTER_ID
NEW_VALUE = "n3w-upstream-token-4f9c2a"


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("script_name", "router")
    options = {option: value for option, value in options.items() if value is not None}
    return run_module(edge_script_secret, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def secret_read_back(simulator, name):
    return next((secret for secret in read_back_secrets(simulator, ROUTER_ID) if secret["name"] == name), None)


@pytest.fixture
def scripts(simulator):
    simulator.load(edge_scripts=[router()])
    return simulator


def test_check_mode_predicts_a_new_secret_and_writes_nothing(scripts):
    result = run(scripts, check_mode=True, name="UPSTREAM_TOKEN", value=NEW_VALUE)

    assert result["changed"] is True
    assert result["secret"] == {"id": None, "name": "UPSTREAM_TOKEN", "last_modified": None}
    assert writes(scripts) == []


def test_creating_posts_the_name_and_value(scripts):
    result = run(scripts, name="UPSTREAM_TOKEN", value=NEW_VALUE)

    assert writes(scripts) == [("POST", SECRETS, {"Name": "UPSTREAM_TOKEN", "Secret": NEW_VALUE})]
    assert result["secret"] == secret_read_back(scripts, "UPSTREAM_TOKEN")


def test_check_mode_predicts_the_created_secret_and_a_read_returns_it(scripts):
    checked = run(scripts, check_mode=True, name="UPSTREAM_TOKEN", value=NEW_VALUE)
    applied = run(scripts, name="UPSTREAM_TOKEN", value=NEW_VALUE)

    assert_prediction_holds(checked["secret"], applied["secret"], secret_read_back(scripts, "UPSTREAM_TOKEN"), ("id", "last_modified"))


def test_an_existing_secret_is_left_alone_on_create_only(scripts):
    result = run(scripts, name="SIGNING_KEY", value=NEW_VALUE)
    rechecked = run(scripts, check_mode=True, name="SIGNING_KEY", value=NEW_VALUE)

    assert result["changed"] is False
    assert rechecked["changed"] is False
    assert result["secret"] == secret_read_back(scripts, "SIGNING_KEY")
    assert writes(scripts) == []


def test_a_second_run_after_creating_is_ok(scripts):
    run(scripts, name="UPSTREAM_TOKEN", value=NEW_VALUE)
    scripts.clear_requests()

    assert run(scripts, name="UPSTREAM_TOKEN", value=NEW_VALUE)["changed"] is False
    assert writes(scripts) == []


def test_update_always_sends_the_value_every_time_and_reports_a_change(scripts):
    first = run(scripts, name="SIGNING_KEY", value=NEW_VALUE, update_secret="always")
    second = run(scripts, name="SIGNING_KEY", value=NEW_VALUE, update_secret="always")

    assert (first["changed"], second["changed"]) == (True, True)
    assert writes(scripts) == [("POST", SECRETS + "/31", {"Secret": NEW_VALUE})] * 2
    assert second["secret"] == secret_read_back(scripts, "SIGNING_KEY")


def test_update_always_in_check_mode_predicts_the_secret_and_writes_nothing(scripts):
    checked = run(scripts, check_mode=True, name="SIGNING_KEY", value=NEW_VALUE, update_secret="always")
    applied = run(scripts, name="SIGNING_KEY", value=NEW_VALUE, update_secret="always")

    assert checked["changed"] is True
    assert_prediction_holds(checked["secret"], applied["secret"], secret_read_back(scripts, "SIGNING_KEY"), ("last_modified",))


def test_update_always_on_a_missing_secret_creates_it(scripts):
    run(scripts, name="UPSTREAM_TOKEN", value=NEW_VALUE, update_secret="always")

    assert writes(scripts) == [("POST", SECRETS, {"Name": "UPSTREAM_TOKEN", "Secret": NEW_VALUE})]


def test_absent_deletes_the_secret(scripts):
    result = run(scripts, name="SIGNING_KEY", state="absent", diff=True)

    assert result["changed"] is True
    assert result["secret"] is None
    assert result["diff"]["before"]["name"] == "SIGNING_KEY"
    assert writes(scripts) == [("DELETE", SECRETS + "/31", None)]
    assert read_back_secrets(scripts, ROUTER_ID) == []


def test_absent_again_is_ok(scripts):
    run(scripts, name="SIGNING_KEY", state="absent")
    scripts.clear_requests()

    assert run(scripts, name="SIGNING_KEY", state="absent")["changed"] is False
    assert writes(scripts) == []


def test_absent_in_check_mode_writes_nothing(scripts):
    result = run(scripts, check_mode=True, name="SIGNING_KEY", state="absent")

    assert result["changed"] is True
    assert writes(scripts) == []


def test_the_script_can_be_given_by_id(scripts):
    run(scripts, script_name=None, script_id=ROUTER_ID, name="UPSTREAM_TOKEN", value=NEW_VALUE)

    assert secret_read_back(scripts, "UPSTREAM_TOKEN") is not None
    assert [entry["path"] for entry in scripts.requests()][0] == SECRETS


def test_an_unknown_script_id_fails_naming_the_script(scripts):
    result = run(scripts, script_name=None, script_id=99, name="UPSTREAM_TOKEN", value=NEW_VALUE)

    assert result["msg"] == "Edge script 99 was not found (HTTP 404)."


def test_a_create_whose_answer_is_lost_is_confirmed_by_reading(scripts):
    scripts.fault(method="POST", path="/secrets$", drop_connection=True, apply=True, count=1)

    result = run(scripts, name="UPSTREAM_TOKEN", value=NEW_VALUE)

    assert result["changed"] is True
    assert result["secret"] == secret_read_back(scripts, "UPSTREAM_TOKEN")
    assert len(writes(scripts)) == 1


def test_a_delete_whose_answer_is_lost_is_confirmed_by_reading(scripts):
    scripts.fault(method="DELETE", path="/secrets/31$", drop_connection=True, apply=True, count=1)

    result = run(scripts, name="SIGNING_KEY", state="absent")

    assert "failed" not in result
    assert result["changed"] is True
    assert len(writes(scripts)) == 1
    assert read_back_secrets(scripts, ROUTER_ID) == []


def test_an_update_whose_answer_is_lost_is_sent_again(scripts):
    scripts.fault(method="POST", path="/secrets/31$", status=503, apply=True, count=1)

    result = run(scripts, name="SIGNING_KEY", value=NEW_VALUE, update_secret="always")

    assert result["changed"] is True
    assert writes(scripts) == [("POST", SECRETS + "/31", {"Secret": NEW_VALUE})] * 2


# A set of secrets


def without_ids_and_times(secrets):
    return [dict(secret, id=None, last_modified=None) for secret in secrets]


def test_a_set_creates_only_the_missing_secrets_and_a_second_run_is_ok(scripts):
    wanted = [dict(name="SIGNING_KEY", value=NEW_VALUE), dict(name="UPSTREAM_TOKEN", value=NEW_VALUE)]

    result = run(scripts, secrets=wanted)
    first_writes = writes(scripts)
    scripts.clear_requests()
    again = run(scripts, secrets=wanted)

    assert first_writes == [("POST", SECRETS, {"Name": "UPSTREAM_TOKEN", "Secret": NEW_VALUE})]
    assert result["secrets"] == read_back_secrets(scripts, ROUTER_ID)
    assert [secret["name"] for secret in result["secrets"]] == ["SIGNING_KEY", "UPSTREAM_TOKEN"]
    assert again["changed"] is False
    assert writes(scripts) == []


def test_purge_deletes_the_secrets_the_set_does_not_list(scripts):
    result = run(scripts, secrets=[dict(name="UPSTREAM_TOKEN", value=NEW_VALUE)], purge=True)

    assert writes(scripts) == [("POST", SECRETS, {"Name": "UPSTREAM_TOKEN", "Secret": NEW_VALUE}), ("DELETE", SECRETS + "/31", None)]
    assert [secret["name"] for secret in read_back_secrets(scripts, ROUTER_ID)] == ["UPSTREAM_TOKEN"]
    assert result["secrets"] == read_back_secrets(scripts, ROUTER_ID)


def test_check_mode_predicts_the_purged_set_and_a_read_returns_it(scripts):
    options = dict(secrets=[dict(name="UPSTREAM_TOKEN", value=NEW_VALUE)], purge=True)
    checked = run(scripts, check_mode=True, diff=True, **options)
    assert writes(scripts) == []
    applied = run(scripts, **options)

    assert checked["changed"] is True
    assert list(checked["diff"]["before"]["secrets"]) == ["SIGNING_KEY"]
    assert list(checked["diff"]["after"]["secrets"]) == ["UPSTREAM_TOKEN"]
    # Ids and times of new secrets are the server's to give.
    assert_prediction_holds(*(without_ids_and_times(secrets) for secrets in (checked["secrets"], applied["secrets"], read_back_secrets(scripts, ROUTER_ID))))


def test_a_set_with_update_always_sets_existing_values_and_creates_missing_ones(scripts):
    run(scripts, secrets=[dict(name="SIGNING_KEY", value=NEW_VALUE), dict(name="UPSTREAM_TOKEN", value=NEW_VALUE)], update_secret="always")

    assert writes(scripts) == [("POST", SECRETS + "/31", {"Secret": NEW_VALUE}), ("POST", SECRETS, {"Name": "UPSTREAM_TOKEN", "Secret": NEW_VALUE})]


def test_a_set_with_absent_deletes_the_listed_secrets_only(scripts):
    run(scripts, name="UPSTREAM_TOKEN", value=NEW_VALUE)
    scripts.clear_requests()

    result = run(scripts, secrets=[dict(name="SIGNING_KEY"), dict(name="MISSING")], state="absent")

    assert result["changed"] is True
    assert writes(scripts) == [("DELETE", SECRETS + "/31", None)]
    assert [secret["name"] for secret in read_back_secrets(scripts, ROUTER_ID)] == ["UPSTREAM_TOKEN"]


def test_no_value_of_a_set_appears_in_the_output(scripts):
    result = run(scripts, diff=True, secrets=[dict(name="SIGNING_KEY", value=NEW_VALUE), dict(name="UPSTREAM_TOKEN", value=NEW_VALUE)],
                 update_secret="always", _ansible_verbosity=4)

    assert result["changed"] is True
    assert NEW_VALUE not in json.dumps(result)


@pytest.mark.parametrize("options", [
    dict(name="UPSTREAM_TOKEN"),
    dict(name="SIGNING_KEY", update_secret="always"),
], ids=["create", "update"])
def test_the_value_appears_nowhere_in_the_output_at_any_verbosity(scripts, options):
    result = run(scripts, diff=True, value=NEW_VALUE, _ansible_verbosity=4, **options)

    assert result["changed"] is True
    assert NEW_VALUE not in json.dumps(result)
    assert DEPLOYMENT_KEY not in json.dumps(result)


def test_the_value_appears_nowhere_in_a_failure(scripts):
    scripts.fault(method="POST", path="/secrets$", status=400, count=1)

    result = run(scripts, name="UPSTREAM_TOKEN", value=NEW_VALUE, _ansible_verbosity=4)

    assert result["failed"] is True
    assert NEW_VALUE not in json.dumps(result)


@pytest.mark.parametrize("options, message", [
    ({"name": "", "value": "v"}, "name must be between 1 and 256 characters long, got 0"),
    ({"name": "N" * 257, "value": "v"}, "name must be between 1 and 256 characters long, got 257"),
    ({"name": "N", "value": "v" * 4097}, "value must be at most 4096 characters long, got 4097"),
    ({"name": "N"}, "value is required with state=present."),
    ({"secrets": [{"name": "A", "value": "s3cret-value"}, {"name": "B"}]}, "secrets[].value is required with state=present; missing for B."),
    ({"value": "s3cret-value"}, "one of the following is required: name, secrets"),
    ({"name": "N", "value": "v", "purge": True}, "purge deletes the secrets that secrets does not list, so it needs secrets and state=present."),
    ({"name": "N", "purge": True}, "purge deletes the secrets that secrets does not list, so it needs secrets and state=present; "
                                   "value is required with state=present."),
    ({"secrets": [{"name": "A", "value": "v"}, {"name": "A", "value": "w"}]}, "name each secret once"),
    ({"secrets": [{"name": "A", "value": "v" * 4097}]}, "secrets[0].value must be at most 4096 characters long, got 4097"),
    ({"name": "N", "value": "s3cret-value", "update_secret": "sometimes"}, "value of update_secret must be one of: always, on_create, got: sometimes"),
    ({"name": "N", "value": "s3cret-value", "script_id": 1}, "parameters are mutually exclusive: script_id|script_name"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []


def test_purge_without_the_list_is_refused_with_exactly_this_sentence(simulator):
    result = run(simulator, name="N", value="v", purge=True)

    assert result["msg"] == "purge deletes the secrets that secrets does not list, so it needs secrets and state=present."
    assert simulator.requests() == []
