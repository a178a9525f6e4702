"""Team members, as the Terraform provider's client uses them (areas/team.py: not in the vendor's documents)."""

import pytest

PASSWORD = "Correct-Horse-42"
MEMBER = {"FirstName": "Ada", "LastName": "Lovelace", "Email": "ada@example.com", "Password": PASSWORD, "Roles": ["SubuserManage"]}


@pytest.fixture
def team(api):
    """The api with a token for the team endpoints."""
    answer = api.post("/apikey/exchange", json={"AccessKey": api.simulator.headers["AccessKey"]})
    assert answer.status_code == 200
    api.token = {"Authorization": answer.json()["Token"]}
    return api


def test_a_key_is_exchanged_for_a_token_and_a_wrong_key_is_refused(api):
    assert api.post("/apikey/exchange", json={"AccessKey": "nope"}).status_code == 401
    assert api.post("/apikey/exchange", json={}).status_code == 400


def test_the_team_endpoints_take_the_token_not_the_access_key(team):
    assert team.get("/team/member").status_code == 401
    assert team.get("/team/member", headers={"Authorization": "forged"}).status_code == 401
    assert team.get("/team/member", headers=team.token).json() == {"Items": [], "CurrentPage": 1, "TotalItems": 0, "HasMoreItems": False}


def test_a_member_is_invited_read_changed_and_removed(team):
    invited = team.post("/team/member", json=MEMBER, headers=team.token)
    assert invited.status_code == 201
    member = invited.json()
    assert (member["Email"], member["Roles"]) == ("ada@example.com", ["Subuser", "SubuserManage"])
    assert "Password" not in member

    changed = dict(MEMBER, Roles=["SubuserBilling", "SubuserUsers"], LastName="King")
    del changed["Password"]
    assert team.post("/team/member/" + member["Id"], json=changed, headers=team.token).status_code == 204
    read = team.get("/team/member/" + member["Id"], headers=team.token).json()
    assert (read["LastName"], read["Roles"]) == ("King", ["Subuser", "SubuserBilling", "SubuserUsers"])

    assert team.delete("/team/member/" + member["Id"], headers=team.token).status_code == 204
    assert team.get("/team/member/" + member["Id"], headers=team.token).status_code == 404
    assert team.delete("/team/member/" + member["Id"], headers=team.token).status_code == 404


@pytest.mark.parametrize(("change", "field"), [
    (dict(Email="ada@localhost"), "Email"),
    (dict(Roles=["Owner"]), "Roles"),
    (dict(Roles=[]), "Roles"),
    (dict(Password="short-1A"), "Password"),
    (dict(Password="no-digits-Here!"), "Password"),
])
def test_an_invitation_the_api_would_refuse_is_refused_naming_the_field(team, change, field):
    answer = team.post("/team/member", json=dict(MEMBER, **change), headers=team.token)

    assert answer.status_code == 400
    assert answer.json()["Field"] == field


def test_an_address_already_in_the_team_is_refused(team):
    team.post("/team/member", json=MEMBER, headers=team.token)

    answer = team.post("/team/member", json=dict(MEMBER, Email="ADA@example.com"), headers=team.token)

    assert answer.status_code == 400 and answer.json()["Field"] == "Email"


def test_fixture_members_read_with_their_id_and_the_member_role(simulator, team):
    simulator.load_fixtures({"team_members": [{"Email": "grace@example.com", "FirstName": "Grace", "LastName": "Hopper", "Roles": ["SubuserSupport"]}]})
    answer = team.post("/apikey/exchange", json={"AccessKey": team.simulator.headers["AccessKey"]})

    members = team.get("/team/member", headers={"Authorization": answer.json()["Token"]}).json()["Items"]

    assert [(member["Email"], member["Roles"]) for member in members] == [("grace@example.com", ["Subuser", "SubuserSupport"])]
    assert len(members[0]["Id"]) == 36
