"""mc_registry against the simulator."""

import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Failure
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers import registries as mc_registries
from ansible_collections.bunnynet.cloud.plugins.modules import mc_registry
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import REGISTRIES, read_raw, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

PASSWORD = "ghp-LEAKCANARY-registry-7f3a"
NEW_PASSWORD = "ghp-LEAKCANARY-rotated-0c1d"
# What only the API knows of a registry it adds, or changes with a new password.
SERVER_FIELDS = mc_registries.SERVER_FIELDS


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(mc_registry, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def writes(simulator):
    return [(entry["method"], entry["path"], entry["body"]) for entry in simulator.writes()]


def registries_named(simulator, name):
    return [registry for registry in read_raw(simulator, "/mc/registries")["items"] if registry["display_name"] == name]


@pytest.fixture
def registries(simulator):
    simulator.load(registries=REGISTRIES)
    return simulator


GHCR = dict(display_name="GitHub Packages", type="github", user_name="deploy-bot", password=PASSWORD)


def test_check_mode_predicts_the_new_registry_and_writes_nothing(simulator):
    result = run(simulator, check_mode=True, **GHCR)

    assert result["changed"] is True
    assert result["registry"]["display_name"] == "GitHub Packages"
    assert result["registry"]["user_name"] == "deploy-bot"
    assert result["registry"]["id"] is None
    assert simulator.writes() == []


def test_adding_posts_the_name_type_and_credentials_once(simulator):
    result = run(simulator, **GHCR)

    assert writes(simulator) == [("POST", "/mc/registries", {
        "displayName": "GitHub Packages", "type": "gitHub", "passwordCredentials": {"userName": "deploy-bot", "password": PASSWORD}})]
    assert result["changed"] is True
    assert isinstance(result["registry"]["id"], int)
    assert result["registry"]["host_name"] == "ghcr.io"


def test_check_mode_predicts_what_adding_returns_and_a_read_finds(simulator):
    checked = run(simulator, check_mode=True, diff=True, **GHCR)
    applied = run(simulator, diff=True, **GHCR)

    [stored] = registries_named(simulator, "GitHub Packages")
    assert_prediction_holds(checked["registry"], applied["registry"], stored, SERVER_FIELDS)
    assert checked["diff"] == {"before": {}, "after": checked["registry"]}


def test_a_second_run_is_ok_and_only_reads(simulator):
    run(simulator, **GHCR)
    simulator.clear_requests()

    again = run(simulator, **GHCR)
    checked = run(simulator, check_mode=True, **GHCR)

    assert (again["changed"], checked["changed"]) == (False, False)
    assert simulator.writes() == []


def test_a_new_password_is_not_sent_on_create_only(simulator):
    run(simulator, **GHCR)
    simulator.clear_requests()

    result = run(simulator, **{**GHCR, "password": NEW_PASSWORD})

    assert result["changed"] is False
    assert simulator.writes() == []


def test_update_password_always_puts_the_credentials_with_the_whole_request(simulator):
    created = run(simulator, **GHCR)["registry"]
    simulator.clear_requests()

    result = run(simulator, update_password="always", **{**GHCR, "password": NEW_PASSWORD})

    assert result["changed"] is True
    assert writes(simulator) == [("PUT", "/mc/registries/%d" % created["id"], {
        "displayName": "GitHub Packages", "type": "gitHub", "passwordCredentials": {"userName": "deploy-bot", "password": NEW_PASSWORD}})]
    assert result["registry"]["last_password_symbols"] == NEW_PASSWORD[-2:]


def test_a_new_user_name_sends_the_credentials_even_on_create_only(registries):
    checked = run(registries, check_mode=True, display_name="GitHub Packages", user_name="release-bot", password=NEW_PASSWORD)
    result = run(registries, display_name="GitHub Packages", user_name="release-bot", password=NEW_PASSWORD)

    assert writes(registries) == [("PUT", "/mc/registries/102", {
        "displayName": "GitHub Packages", "passwordCredentials": {"userName": "release-bot", "password": NEW_PASSWORD}})]
    assert_prediction_holds(checked["registry"], result["registry"], read_raw(registries, "/mc/registries/102"),
                            ("first_password_symbols", "last_password_symbols", "last_updated_at"))


def test_renaming_by_id_puts_the_new_name_without_credentials(registries):
    result = run(registries, id=101, display_name="Docker Hub mirror")

    assert writes(registries) == [("PUT", "/mc/registries/101", {"displayName": "Docker Hub mirror"})]
    assert result["registry"]["display_name"] == "Docker Hub mirror"
    assert read_raw(registries, "/mc/registries/101")["display_name"] == "Docker Hub mirror"


def test_the_password_appears_nowhere_in_the_output(simulator):
    created = run(simulator, diff=True, **GHCR)
    rotated = run(simulator, diff=True, update_password="always", **{**GHCR, "password": NEW_PASSWORD})

    for result in (created, rotated):
        assert PASSWORD not in json.dumps(result) and NEW_PASSWORD not in json.dumps(result)


def test_a_stale_id_fails_naming_the_registry_without_a_write(registries):
    result = run(registries, id=999, display_name="Gone")

    assert result["failed"] is True
    assert result["msg"] == "Container registry 999 was not found (HTTP 404)."
    assert registries.writes() == []


def test_a_name_two_registries_share_fails_listing_their_ids(simulator):
    simulator.load(registries=[{"id": 7, "displayName": "Hub"}, {"id": 8, "displayName": "Hub"}])

    result = run(simulator, display_name="Hub", state="absent")

    assert result["failed"] is True
    assert "are named 'Hub' (ids 7, 8); give the id of the one to manage." in result["msg"]
    assert result["ids"] == [7, 8]
    assert simulator.writes() == []


def test_a_create_whose_answer_is_lost_is_confirmed_by_reading_and_not_sent_twice(simulator):
    simulator.fault(method="POST", path="^/mc/registries$", status=503, apply=True, count=1)

    result = run(simulator, **GHCR)

    assert result["changed"] is True
    assert [entry[0] for entry in writes(simulator)] == ["POST"]
    assert len(registries_named(simulator, "GitHub Packages")) == 1
    assert result["registry"]["display_name"] == "GitHub Packages"


def test_absent_deletes_the_registry(registries):
    checked = run(registries, check_mode=True, display_name="GitHub Packages", state="absent")
    assert registries.writes() == []

    result = run(registries, diff=True, display_name="GitHub Packages", state="absent")

    assert (checked["changed"], result["changed"]) == (True, True)
    assert result["registry"] is None
    assert result["diff"]["before"]["id"] == 102
    assert writes(registries) == [("DELETE", "/mc/registries/102", None)]
    assert registries_named(registries, "GitHub Packages") == []


def test_absent_again_is_ok(registries):
    run(registries, display_name="GitHub Packages", state="absent")
    registries.clear_requests()

    result = run(registries, display_name="GitHub Packages", state="absent")

    assert result["changed"] is False
    assert registries.writes() == []


def test_a_registry_a_template_pulls_from_is_not_deleted_and_the_failure_names_the_application(registries):
    registries.load(registries=REGISTRIES, apps=[storefront()])

    result = run(registries, id=101, state="absent")

    assert result["failed"] is True
    assert result["changed"] is False
    assert result["applications"] == ["app-storefront"]
    assert "in use by the application app-storefront" in result["msg"]
    assert read_raw(registries, "/mc/registries/101")["id"] == 101


def test_a_conflict_answer_to_a_delete_says_the_registry_is_in_use(registries):
    registries.fault(method="DELETE", path="^/mc/registries/102$", status=409)

    result = run(registries, id=102, state="absent")

    assert result["failed"] is True
    assert result["status"] == 409
    assert result["msg"].endswith("point its container templates at another registry first.")


@pytest.mark.parametrize("options, message", [
    ({"display_name": ""}, "display_name must be between 1 and 50 characters long, got 0"),
    ({"display_name": "n" * 51}, "display_name must be between 1 and 50 characters long, got 51"),
    ({"display_name": "Hub", "user_name": "bot"}, "parameters are required together: user_name, password"),
    ({"display_name": "Hub", "type": "quay"}, "value of type must be one of: docker_hub, github, bunny_registry, got: quay"),
    ({"id": 0}, "id must be at least 1, got 0"),
    ({"state": "present"}, "one of the following is required: id, display_name"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []


# --- The registry's id, in whichever form the API gives it -------------------------------------

@pytest.mark.parametrize("given, expected", [(1042, 1042), ("1042", 1042), ("docker-hub", "docker-hub"), (None, None)])
def test_a_registry_id_is_an_integer_whether_the_api_sent_a_number_or_a_string(given, expected):
    assert mc_registries.registry_id(given) == expected
    assert mc_registries.with_integer_id({"id": given, "displayName": "Hub"}) == {"id": expected, "displayName": "Hub"}


@pytest.mark.parametrize("status", ["secretsValidationFailed", "invalidInput", "unknownErrorOccured"])
def test_a_save_the_api_answers_with_another_status_than_saved_fails_with_its_reason(status):
    with pytest.raises(Failure) as failure:
        mc_registries.RegistryResource.refuse_unsaved({"id": None, "error": "credentials rejected", "status": status}, "create")

    assert failure.value.result["registry_status"] == status
    assert failure.value.msg.startswith("The API did not create the container registry: credentials rejected (%s)." % status)


def test_a_saved_answer_passes():
    mc_registries.RegistryResource.refuse_unsaved({"id": 5, "error": None, "status": "saved"}, "update")
