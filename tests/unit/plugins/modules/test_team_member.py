"""team_member against the simulator (its endpoints are the Terraform provider's; see tests/simulator/areas/team.py)."""

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import team_member
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

PASSWORD = "Correct-Horse-42"
GRACE = {"Email": "grace@example.com", "FirstName": "Grace", "LastName": "Hopper", "Roles": ["SubuserSupport"]}
ADA = dict(email="ada@example.com", first_name="Ada", last_name="Lovelace", roles=["zones"], password=PASSWORD)
EXCHANGE = ("POST", "/apikey/exchange")


@pytest.fixture
def team(simulator):
    simulator.load(team_members=[GRACE])
    return simulator


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(team_member, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def changes(simulator):
    """The requests that change the team (the key's exchange for a token changes nothing)."""
    return [entry for entry in simulator.writes() if (entry["method"], entry["path"]) != EXCHANGE]


def members(simulator):
    """The team as the API lists it, by address."""
    token = requests.post(simulator.url + "/apikey/exchange", json={"AccessKey": simulator.key}, timeout=10).json()["Token"]
    listed = requests.get(simulator.url + "/team/member", headers={"Authorization": token}, timeout=10).json()["Items"]
    return {member["Email"]: member for member in listed}


def read_back(simulator, email):
    result = run(simulator, email=email)
    assert result["changed"] is False
    return result["team_member"]


def test_check_mode_predicts_an_invitation_and_sends_nothing_but_the_token_exchange(team):
    checked = run(team, check_mode=True, diff=True, **ADA)

    assert checked["changed"] is True
    assert [(entry["method"], entry["path"]) for entry in team.writes()] == [EXCHANGE]
    assert checked["team_member"] == {"id": None, "email": "ada@example.com", "first_name": "Ada", "last_name": "Lovelace", "roles": ["zones"]}
    assert "ada@example.com" not in members(team)


def test_an_invitation_sends_the_password_once_with_the_roles_the_api_names_and_the_token(team):
    checked = run(team, check_mode=True, **ADA)
    applied = run(team, **ADA)

    assert [(entry["method"], entry["path"], entry["body"]) for entry in changes(team)] == [
        ("POST", "/team/member", {"FirstName": "Ada", "LastName": "Lovelace", "Email": "ada@example.com", "Roles": ["SubuserManage"], "Password": PASSWORD})]
    assert_prediction_holds(checked["team_member"], applied["team_member"], read_back(team, "ada@example.com"), ("id",))
    assert members(team)["ada@example.com"]["Roles"] == ["Subuser", "SubuserManage"]
    assert PASSWORD not in str(applied)


def test_a_second_run_finds_the_member_by_its_address_without_regard_to_case_and_is_ok(team):
    run(team, **ADA)
    team.clear_requests()

    again = run(team, **{**ADA, "email": "Ada@Example.com"})

    assert again["changed"] is False
    assert changes(team) == []
    assert [(entry["method"], entry["path"]) for entry in team.requests()] == [EXCHANGE, ("GET", "/team/member")]


def test_a_change_of_roles_sends_the_whole_member_and_reads_it_back(team):
    checked = run(team, check_mode=True, diff=True, email="grace@example.com", roles=["support", "abuse"])
    applied = run(team, email="grace@example.com", roles=["support", "abuse"])

    grace_id = members(team)["grace@example.com"]["Id"]
    assert [(entry["method"], entry["path"], entry["body"]) for entry in changes(team)] == [
        ("POST", "/team/member/" + grace_id, {"FirstName": "Grace", "LastName": "Hopper", "Email": "grace@example.com",
                                              "Roles": ["SubuserSupport", "SubuserAbuse"]})]
    assert (checked["diff"]["before"]["roles"], checked["diff"]["after"]["roles"]) == (["support"], ["support", "abuse"])
    assert_prediction_holds(checked["team_member"], applied["team_member"], read_back(team, "grace@example.com"))


def test_roles_compare_as_a_set_and_the_password_of_a_member_is_never_sent_again(team):
    run(team, email="grace@example.com", roles=["support", "abuse"])
    team.clear_requests()

    result = run(team, email="grace@example.com", roles=["abuse", "support"], password=PASSWORD)

    assert result["changed"] is False and changes(team) == []


def test_a_member_is_found_by_its_id(team):
    grace_id = members(team)["grace@example.com"]["Id"]

    result = run(team, id=grace_id, last_name="Murray Hopper")

    assert result["team_member"]["last_name"] == "Murray Hopper"
    assert members(team)["grace@example.com"]["LastName"] == "Murray Hopper"


def test_absent_removes_the_member_and_a_second_run_is_ok(team):
    checked = run(team, check_mode=True, email="grace@example.com", state="absent")
    assert changes(team) == []
    removed = run(team, email="grace@example.com", state="absent")
    again = run(team, email="grace@example.com", state="absent")

    assert (checked["changed"], removed["changed"], again["changed"]) == (True, True, False)
    assert removed["team_member"] is None
    assert "grace@example.com" not in members(team)


def test_a_lost_answer_to_the_invitation_is_settled_by_finding_the_member(team):
    team.fault(method="POST", path="^/team/member$", status=503, apply=True, count=1)

    result = run(team, **ADA)

    assert result["changed"] is True and "failed" not in result
    assert len(changes(team)) == 1
    assert result["team_member"]["email"] == "ada@example.com"


def test_a_lost_answer_to_a_change_is_settled_by_reading(team):
    team.fault(method="POST", path="^/team/member/", status=502, apply=True, count=1)

    result = run(team, email="grace@example.com", first_name="Amazing Grace")

    assert result["changed"] is True and "failed" not in result
    assert members(team)["grace@example.com"]["FirstName"] == "Amazing Grace"


def test_a_member_not_in_the_team_needs_what_an_invitation_takes(team):
    result = run(team, email="new@example.com", roles=["zones"])

    assert result["failed"] is True
    assert "first_name and last_name and password are required to create it" in result["msg"]
    assert changes(team) == []


def test_a_refused_key_fails_with_the_sentence_every_module_gives(team):
    result = run(team, **dict(ADA, api_key="wrong"))

    assert result["failed"] is True and "The API key was refused (HTTP 401)" in result["msg"]


@pytest.mark.parametrize(("options", "named"), [
    (dict(ADA, email="ada-at-example.com"), "email must match an email address"),
    (dict(ADA, roles=["owner"]), "roles"),
    (dict(ADA, roles=[]), "roles must have at least 1 items"),
    (dict(ADA, first_name=""), "first_name must be at least 1 characters long"),
    (dict(ADA, password="short-A1"), "password must be at least 12 characters long"),
    (dict(ADA, password="no-digits-Here!"), "it lacks a digit"),
    (dict(first_name="Ada"), "one of the following is required: id, email"),
])
def test_bad_input_fails_before_any_request(team, options, named):
    result = run(team, **options)

    assert result["failed"] is True and named in result["msg"]
    assert team.requests() == []
