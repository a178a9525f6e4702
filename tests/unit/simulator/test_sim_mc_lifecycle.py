"""Whole lifecycles in Magic Containers: applications created and deleted (asynchronously), registries added, updated and deleted."""

import pytest

from ansible_collections.bunnynet.cloud.tests.simulator.state import DEFAULT_API_KEY

TEMPLATE = {"name": "web", "imageRegistryId": "1", "imageNamespace": "library", "imageName": "nginx", "imageTag": "1.27"}
NEW_APP = {
    "name": "checkout",
    "runtimeType": "shared",
    "autoScaling": {"min": 1, "max": 2},
    "regionSettings": {"allowedRegionIds": ["DE"], "requiredRegionIds": ["DE"], "nodeSelectors": {"tier": "gpu"}},
    "volumes": [{"name": "data", "size": 5}],
    "containerTemplates": [dict(TEMPLATE, volumeMounts=[{"name": "data", "mountPath": "/data"}])],
}
CREDENTIALS = {"userName": "deploy-bot", "password": "ghp-secret-token"}


@pytest.fixture
def world(simulator):
    simulator.load_fixtures({"registries": [{"id": 1, "hostName": "docker.io"}], "apps": [{"id": "app1", "name": "first", "containerTemplates": [TEMPLATE]}]})
    # Long enough that no busy machine gets there by itself: the tests move the simulator's clock on instead.
    simulator.update_settings(progressing_seconds=30)


# --- Applications -----------------------------------------------------------------------------------

@pytest.mark.usefixtures("world")
def test_a_created_application_answers_201_with_its_id_and_reads_as_requested(api):
    answer = api.post("/mc/apps", json=NEW_APP)
    assert answer.status_code == 201
    app_id = answer.json()["id"]
    assert list(answer.json()) == ["id"]

    app = api.get(f"/mc/apps/{app_id}").json()
    assert (app["name"], app["runtimeType"], app["autoScaling"], app["status"]) == ("checkout", "shared", {"min": 1, "max": 2}, "progressing")
    assert app["regionSettings"] == {"allowedRegionIds": ["DE"], "requiredRegionIds": ["DE"], "maxAllowedRegions": None}
    assert app["volumes"] == [{"name": "data", "size": 5}]
    [template] = app["containerTemplates"]
    assert (template["image"], template["volumeMounts"]) == ("docker.io/library/nginx:1.27", [{"name": "data", "mountPath": "/data"}])
    assert app_id in [item["id"] for item in api.get("/mc/apps").json()["items"]]


@pytest.mark.usefixtures("world")
def test_a_created_application_becomes_active(simulator, api):
    app_id = api.post("/mc/apps", json=NEW_APP).json()["id"]
    simulator.advance_clock(30)
    assert api.get(f"/mc/apps/{app_id}").json()["status"] == "active"


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("left_out", ["name", "runtimeType", "autoScaling", "regionSettings"])
def test_a_create_without_a_required_field_is_refused_naming_it(api, left_out):
    answer = api.post("/mc/apps", json={key: value for key, value in NEW_APP.items() if key != left_out})
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == left_out


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("change, field, status", [
    ({"containerTemplates": []}, "containerTemplates", 400),
    ({"containerTemplates": [dict(TEMPLATE, id="x1")]}, "containerTemplates[0].id", 422),
    ({"volumes": []}, "containerTemplates[0].volumeMounts[0].name", 400),
    ({"autoScaling": {"min": 3, "max": 2}}, "autoScaling.min", 422),
], ids=["no template", "a template with an id", "a mount of a missing volume", "min above max"])
def test_a_create_the_api_cannot_hold_is_refused_and_creates_nothing(api, change, field, status):
    answer = api.post("/mc/apps", json=dict(NEW_APP, **change))
    assert answer.status_code == status
    assert answer.json()["errors"][0]["field"] == field
    assert [item["name"] for item in api.get("/mc/apps").json()["items"]] == ["first"]


def test_a_suspended_account_cannot_create_or_delete(simulator, api):
    simulator.load_fixtures({"apps": [{"id": "app1", "name": "first", "containerTemplates": [TEMPLATE]}], "api_keys": {"suspended": ["frozen"]}})
    frozen = {"AccessKey": "frozen"}
    assert api.post("/mc/apps", json=NEW_APP, headers=frozen).status_code == 403
    assert api.delete("/mc/apps/app1", headers=frozen).status_code == 403


@pytest.mark.usefixtures("world")
def test_a_delete_is_accepted_at_once_and_carried_out_later(simulator, api):
    assert api.delete("/mc/apps/app1").status_code == 200
    assert api.get("/mc/apps/app1").status_code == 200
    # A delete of an application already being deleted is accepted again, and does not start the delay over.
    simulator.advance_clock(20)
    assert api.delete("/mc/apps/app1").status_code == 200
    assert api.get("/mc/apps/app1").status_code == 200
    simulator.advance_clock(10)
    assert api.get("/mc/apps/app1").status_code == 404
    assert api.get("/mc/apps").json()["items"] == []
    assert api.delete("/mc/apps/app1").status_code == 404


def test_a_delete_goes_through_with_no_delay(simulator, api):
    simulator.load_fixtures({"apps": [{"id": "app1", "name": "first"}], "settings": {"progressing_seconds": 0}})
    assert api.delete("/mc/apps/app1").status_code == 200
    assert api.get("/mc/apps/app1").status_code == 404


@pytest.mark.usefixtures("world")
def test_a_pending_deletion_does_not_outlive_new_fixtures(simulator, api):
    api.delete("/mc/apps/app1")
    simulator.load_fixtures({"apps": [{"id": "app1", "name": "again", "containerTemplates": [TEMPLATE]}], "settings": {"progressing_seconds": 30}})
    simulator.advance_clock(60)
    assert api.get("/mc/apps/app1").json()["name"] == "again"


# --- Registries -------------------------------------------------------------------------------------

@pytest.mark.usefixtures("world")
def test_an_added_registry_answers_the_saved_status_with_an_integer_id(api):
    answer = api.post("/mc/registries", json={"displayName": "GitHub", "type": "gitHub", "passwordCredentials": CREDENTIALS})
    assert answer.status_code == 200
    assert answer.json() == {"id": 2, "error": None, "status": "saved"}

    registry = api.get("/mc/registries/2").json()
    assert (registry["displayName"], registry["hostName"], registry["userName"]) == ("GitHub", "ghcr.io", "deploy-bot")
    assert (registry["firstPasswordSymbols"], registry["lastPasswordSymbols"]) == ("gh", "en")
    assert "ghp-secret-token" not in str(registry)


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("body, field", [
    ({"type": "gitHub"}, "displayName"),
    ({"displayName": "x" * 51}, "displayName"),
    ({"displayName": "Hub", "type": "quay"}, "type"),
    ({"displayName": "Hub", "passwordCredentials": {"userName": "bot"}}, "passwordCredentials.password"),
    ({"displayName": "Hub", "passwordCredentials": {"userName": "", "password": "p"}}, "passwordCredentials.userName"),
])
def test_a_registry_request_outside_the_model_is_refused(api, body, field):
    answer = api.post("/mc/registries", json=body)
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == field


@pytest.mark.usefixtures("world")
def test_an_update_replaces_the_name_and_keeps_credentials_it_leaves_out(api):
    api.request("PUT", "/mc/registries/1", json={"displayName": "Hub", "passwordCredentials": CREDENTIALS})
    answer = api.request("PUT", "/mc/registries/1", json={"displayName": "Renamed"})
    assert answer.json() == {"id": 1, "error": None, "status": "saved"}
    registry = api.get("/mc/registries/1").json()
    assert (registry["displayName"], registry["userName"]) == ("Renamed", "deploy-bot")


@pytest.mark.usefixtures("world")
def test_an_update_of_an_unknown_registry_is_404(api):
    assert api.request("PUT", "/mc/registries/9", json={"displayName": "Hub"}).status_code == 404


@pytest.mark.usefixtures("world")
def test_a_registry_a_template_pulls_from_is_in_use_and_stays(api):
    answer = api.delete("/mc/registries/1")
    assert answer.status_code == 200
    assert answer.json() == {"status": "inUse", "applications": ["app1"]}
    assert api.get("/mc/registries/1").status_code == 200


@pytest.mark.usefixtures("world")
def test_a_delete_removes_an_unused_registry_and_an_unknown_one_is_not_found_with_200(api):
    registry_id = api.post("/mc/registries", json={"displayName": "Spare"}).json()["id"]
    assert api.delete(f"/mc/registries/{registry_id}").json() == {"status": "removed", "applications": None}
    assert api.get(f"/mc/registries/{registry_id}").status_code == 404
    answer = api.delete(f"/mc/registries/{registry_id}")
    assert (answer.status_code, answer.json()) == (200, {"status": "notFound", "applications": None})


@pytest.mark.usefixtures("world")
def test_registry_writes_need_the_access_key(api):
    assert api.post("/mc/registries", json={"displayName": "Hub"}, headers={}).status_code == 401
    assert api.delete("/mc/registries/1", headers={"AccessKey": "wrong"}).status_code == 401
    assert api.request("PUT", "/mc/registries/1", json={"displayName": "Hub"}, headers={"AccessKey": DEFAULT_API_KEY}).status_code == 200
