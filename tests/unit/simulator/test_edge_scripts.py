"""Edge Scripting under /compute/script: every endpoint, the list bounds, secrets, and the release semantics."""

import pytest

from ansible_collections.bunnynet.cloud.tests.simulator.app import create_app
from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error

SCRIPT_FIELDS = {
    "Id", "Name", "LastModified", "ScriptType", "CurrentReleaseId", "EdgeScriptVariables", "Deleted", "LinkedPullZones", "Integration",
    "DefaultHostname", "SystemHostname", "DeploymentKey", "RepositoryId", "IntegrationId", "MonthlyCost", "MonthlyRequestCount", "MonthlyCpuTime",
}  # fmt: skip
INT32_MAX = 2**31 - 1
STORED_SECRET = "s3cr3t-value-from-the-fixture"
SECRET_FIELDS = {"Id", "Name", "LastModified"}


def script(number, **fields):
    return {"Id": number, "Name": f"script {number}", **fields}


@pytest.fixture
def scripts(simulator):
    simulator.load_fixtures(
        {
            "edge_scripts": [
                script(
                    1,
                    Code="export default {}",
                    EdgeScriptVariables=[{"Id": 1, "Name": "TOKEN", "Required": True, "DefaultValue": "a"}],
                    Secrets=[{"Id": 1, "Name": "API_TOKEN", "Secret": STORED_SECRET}],
                ),
                script(2),
            ]
        }
    )


# Every endpoint: 401 without a key, 404 for what does not exist

ENDPOINTS = [
    ("POST", "/compute/script", {"Name": "n", "ScriptType": 1}),
    ("GET", "/compute/script", None),
    ("GET", "/compute/script/1", None),
    ("POST", "/compute/script/1", {"Name": "n"}),
    ("DELETE", "/compute/script/1", None),
    ("GET", "/compute/script/1/code", None),
    ("POST", "/compute/script/1/code", {"Code": "c"}),
    ("POST", "/compute/script/1/variables/add", {"Name": "V", "Required": False}),
    ("GET", "/compute/script/1/variables/1", None),
    ("POST", "/compute/script/1/variables/1", {"DefaultValue": "b"}),
    ("DELETE", "/compute/script/1/variables/1", None),
    ("GET", "/compute/script/1/secrets", None),
    ("POST", "/compute/script/1/secrets", {"Name": "NEW", "Secret": "v"}),
    ("PUT", "/compute/script/1/secrets", {"Name": "API_TOKEN", "Secret": "v"}),
    ("POST", "/compute/script/1/secrets/1", {"Secret": "v"}),
    ("DELETE", "/compute/script/1/secrets/1", None),
    ("POST", "/compute/script/1/publish/release-1", {"Note": "n"}),
    ("POST", "/compute/script/1/publish", {"Note": "n"}),
    ("GET", "/compute/script/1/releases/active", None),
    ("GET", "/compute/script/1/releases", None),
]
SCRIPT_ENDPOINTS = [endpoint for endpoint in ENDPOINTS if endpoint[1].startswith("/compute/script/")]


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=[f"{method} {path}" for method, path, _body in ENDPOINTS])
def test_a_request_without_key_gets_401_in_the_legacy_shape(api, method, path, body):
    assert_legacy_error(api.request(method, path, json=body, headers={}), 401, key="unauthorized")


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize(("method", "path", "body"), SCRIPT_ENDPOINTS, ids=[f"{method} {path}" for method, path, _body in SCRIPT_ENDPOINTS])
def test_an_unknown_script_gets_404_in_the_legacy_shape(api, method, path, body):
    assert_legacy_error(api.request(method, path.replace("/script/1", "/script/99"), json=body), 404, key="not_found")


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize("method", ["POST", "DELETE"])
def test_an_unknown_variable_gets_404(api, method):
    assert_legacy_error(api.request(method, "/compute/script/1/variables/99", json={"Required": True}), 404)


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize("method", ["POST", "DELETE"])
def test_an_unknown_secret_gets_404(api, method):
    assert_legacy_error(api.request(method, "/compute/script/1/secrets/99", json={"Secret": "v"}), 404, key="not_found")


def test_an_unknown_script_is_named_in_the_message(api):
    assert api.get("/compute/script/99").json()["Message"] == "The edge script 99 does not exist."


def test_a_non_integer_script_id_is_refused_naming_the_parameter(api):
    assert_legacy_error(api.get("/compute/script/abc"), 400, field="id")


# Create


def test_create_answers_201_with_every_field_of_the_record(api):
    answer = api.post("/compute/script", json={"Name": "edge", "ScriptType": 1, "Code": "x"})
    assert answer.status_code == 201
    assert set(answer.json()) == SCRIPT_FIELDS


def test_create_generates_the_id_timestamp_and_a_secret_deployment_key(api):
    first = api.post("/compute/script", json={"Name": "a", "ScriptType": 0}).json()
    second = api.post("/compute/script", json={"Name": "b", "ScriptType": 2}).json()
    assert second["Id"] == first["Id"] + 1
    assert first["LastModified"].endswith("Z")
    assert len(first["DeploymentKey"]) >= 32
    assert first["DeploymentKey"] != second["DeploymentKey"]


def test_created_script_is_readable_with_its_code(api):
    created = api.post("/compute/script", json={"Name": "edge", "ScriptType": 1, "Code": "return 1"}).json()
    assert api.get(f"/compute/script/{created['Id']}").json() == created
    assert api.get(f"/compute/script/{created['Id']}/code").json()["Code"] == "return 1"


@pytest.mark.parametrize("script_type", [0, 1, 2])
def test_create_accepts_each_script_type(api, script_type):
    assert api.post("/compute/script", json={"Name": "edge", "ScriptType": script_type}).json()["ScriptType"] == script_type


@pytest.mark.parametrize("script_type", [-1, 3, True, "1"])
def test_create_refuses_a_script_type_outside_0_to_2(api, script_type):
    assert_legacy_error(api.post("/compute/script", json={"Name": "edge", "ScriptType": script_type}), 400, field="ScriptType", key="validation_error")


def test_create_refuses_a_body_without_name(api):
    assert_legacy_error(api.post("/compute/script", json={"ScriptType": 1}), 400, field="Name")


def test_create_refuses_a_field_the_contract_does_not_list(api):
    assert_legacy_error(api.post("/compute/script", json={"Name": "edge", "ScriptType": 1, "Type": 1}), 400, field="Type")


def test_create_with_linked_pull_zone_creates_the_zone(api):
    created = api.post("/compute/script", json={"Name": "edge", "ScriptType": 1, "CreateLinkedPullZone": True, "LinkedPullZoneName": "edge-zone"}).json()
    linked = created["LinkedPullZones"][0]
    assert linked["PullZoneName"] == "edge-zone"
    assert created["DefaultHostname"] == linked["DefaultHostname"]
    zone = api.get(f"/pullzone/{linked['Id']}").json()
    assert zone["EdgeScriptId"] == created["Id"]


def test_create_without_linked_pull_zone_creates_none(api):
    created = api.post("/compute/script", json={"Name": "edge", "ScriptType": 1}).json()
    assert created["LinkedPullZones"] == []
    assert created["DefaultHostname"] == created["SystemHostname"]


def test_create_with_integration_stores_the_booleans_left_out_as_false(api):
    integration = {"IntegrationId": 7, "RepositorySettings": {"Name": "repo"}, "DeployConfiguration": {"Branch": "main"}}
    created = api.post("/compute/script", json={"Name": "edge", "ScriptType": 1, "Integration": integration}).json()
    assert created["Integration"]["RepositorySettings"]["Private"] is False
    assert created["Integration"]["DeployConfiguration"]["CreateWorkflow"] is False


def test_create_with_integration_records_its_ids(api):
    integration = {"IntegrationId": 7, "RepositorySettings": {"Id": 70, "Name": "repo", "Private": True}, "DeployConfiguration": {"Branch": "main"}}
    created = api.post("/compute/script", json={"Name": "edge", "ScriptType": 1, "Integration": integration}).json()
    assert (created["IntegrationId"], created["RepositoryId"]) == (7, 70)
    assert created["Integration"]["DeployConfiguration"]["Branch"] == "main"


# List


@pytest.fixture
def many_scripts(simulator):
    simulator.load_fixtures(
        {
            "edge_scripts": [
                script(1, Name="Alpha web", ScriptType=1, LinkedPullZones=[{"Id": 5, "PullZoneName": "z", "DefaultHostname": "z.b-cdn.net"}]),
                script(2, Name="beta dns", ScriptType=0),
                script(3, Name="gamma middleware", ScriptType=2, Integration={"IntegrationId": 9}),
                *[script(number, ScriptType=1) for number in range(4, 8)],
            ]
        }
    )


def listed(api, **params):
    answer = api.get("/compute/script", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.usefixtures("many_scripts")
def test_list_answers_the_envelope_with_every_script(api):
    page = listed(api)
    assert set(page) == {"Items", "CurrentPage", "TotalItems", "HasMoreItems"}
    assert (page["CurrentPage"], page["TotalItems"], page["HasMoreItems"]) == (1, 7, False)
    assert set(page["Items"][0]) == SCRIPT_FIELDS


@pytest.mark.usefixtures("many_scripts")
def test_list_pages_by_number_and_size(api):
    first, second = listed(api, page=1, perPage=5), listed(api, page=2, perPage=5)
    assert [item["Id"] for item in first["Items"]] == [1, 2, 3, 4, 5]
    assert first["HasMoreItems"] is True
    assert [item["Id"] for item in second["Items"]] == [6, 7]
    assert second["HasMoreItems"] is False


@pytest.mark.usefixtures("many_scripts")
def test_list_filters_by_each_given_type(api):
    assert [item["Id"] for item in listed(api, type=[0, 2])["Items"]] == [2, 3]


@pytest.mark.usefixtures("many_scripts")
def test_list_searches_names_without_regard_to_case(api):
    assert [item["Id"] for item in listed(api, search="ALPHA")["Items"]] == [1]


@pytest.mark.usefixtures("many_scripts")
def test_list_filters_by_integration(api):
    assert [item["Id"] for item in listed(api, integrationId=9)["Items"]] == [3]


@pytest.mark.usefixtures("many_scripts")
def test_list_leaves_out_linked_pull_zones_unless_asked(api):
    assert listed(api, search="alpha")["Items"][0]["LinkedPullZones"] == []
    assert listed(api, search="alpha", includeLinkedPullzones="true")["Items"][0]["LinkedPullZones"][0]["Id"] == 5


def test_list_takes_the_query_parameters_the_vendor_reference_names():
    # The contract leaves the names "not shown"; these are the vendor reference's, in its order.
    parameters = create_app().app.openapi()["paths"]["/compute/script"]["get"]["parameters"]
    assert [parameter["name"] for parameter in parameters] == ["type", "page", "perPage", "search", "includeLinkedPullzones", "integrationId"]


@pytest.mark.usefixtures("many_scripts")
def test_list_pages_reach_the_last_page(api):
    pages = [listed(api, page=number, perPage=5) for number in (1, 2)]
    assert [page["HasMoreItems"] for page in pages] == [True, False]
    assert [item["Id"] for page in pages for item in page["Items"]] == list(range(1, 8))


LIST_PATHS = ["/compute/script", "/compute/script/1/releases"]
# (parameter, smallest accepted, largest accepted, just below, just above): the contract's Limits table.
LIST_BOUNDS = [("page", 1, INT32_MAX, 0, INT32_MAX + 1), ("perPage", 5, 1000, 4, 1001)]


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize("path", LIST_PATHS)
@pytest.mark.parametrize(("parameter", "value"), [(name, value) for name, low, high, _below, _above in LIST_BOUNDS for value in (low, high)])
def test_a_list_accepts_the_bounds_of_page_and_page_size(api, path, parameter, value):
    answer = api.get(path, params={parameter: value})
    assert answer.status_code == 200, answer.text
    if parameter == "page":
        assert answer.json()["CurrentPage"] == value


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize("path", LIST_PATHS)
@pytest.mark.parametrize(("parameter", "value"), [(name, value) for name, _low, _high, below, above in LIST_BOUNDS for value in (below, above)])
def test_a_list_refuses_page_and_page_size_just_outside_the_bounds(api, path, parameter, value):
    assert_legacy_error(api.get(path, params={parameter: value}), 400, field=parameter, key="validation_error")


def test_list_refuses_an_unknown_type(api):
    assert api.get("/compute/script", params={"type": 3}).status_code == 400


# Read, rename, delete


@pytest.mark.usefixtures("scripts")
def test_get_answers_the_script(api):
    answer = api.get("/compute/script/1")
    assert answer.status_code == 200
    assert answer.json()["Name"] == "script 1"
    assert answer.json()["EdgeScriptVariables"] == [{"Id": 1, "Name": "TOKEN", "Required": True, "DefaultValue": "a"}]


@pytest.mark.usefixtures("scripts")
def test_rename_changes_the_name_and_answers_the_script(api):
    answer = api.post("/compute/script/1", json={"Name": "renamed"})
    assert answer.status_code == 200
    assert answer.json()["Name"] == "renamed"
    assert api.get("/compute/script/1").json()["Name"] == "renamed"


@pytest.mark.usefixtures("scripts")
def test_rename_refuses_an_empty_name(api):
    assert_legacy_error(api.post("/compute/script/1", json={"Name": ""}), 400, field="Name")


@pytest.mark.usefixtures("scripts")
def test_delete_answers_204_and_the_script_is_gone(api):
    assert api.delete("/compute/script/1").status_code == 204
    assert api.get("/compute/script/1").status_code == 404


def test_delete_keeps_linked_pull_zones_unless_asked(api):
    created = api.post("/compute/script", json={"Name": "edge", "ScriptType": 1, "CreateLinkedPullZone": True}).json()
    zone_id = created["LinkedPullZones"][0]["Id"]
    api.delete(f"/compute/script/{created['Id']}")
    assert api.get(f"/pullzone/{zone_id}").status_code == 200


def test_delete_with_linked_pull_zones_deletes_them_too(api):
    created = api.post("/compute/script", json={"Name": "edge", "ScriptType": 1, "CreateLinkedPullZone": True}).json()
    zone_id = created["LinkedPullZones"][0]["Id"]
    api.delete(f"/compute/script/{created['Id']}", params={"deleteLinkedPullZones": "true"})
    assert api.get(f"/pullzone/{zone_id}").status_code == 404


# Code


@pytest.mark.usefixtures("scripts")
def test_get_code_answers_code_and_its_timestamp(api):
    code = api.get("/compute/script/1/code").json()
    assert code["Code"] == "export default {}"
    assert code["LastModified"].endswith("Z")


@pytest.mark.usefixtures("scripts")
def test_set_code_answers_204_and_replaces_the_code(api):
    assert api.post("/compute/script/1/code", json={"Code": "new"}).status_code == 204
    assert api.get("/compute/script/1/code").json()["Code"] == "new"


# Variables


@pytest.mark.usefixtures("scripts")
def test_add_variable_answers_the_variable_with_a_new_id(api):
    answer = api.post("/compute/script/1/variables/add", json={"Name": "REGION", "Required": False, "DefaultValue": "eu"})
    assert answer.status_code == 200
    assert answer.json() == {"Id": 2, "Name": "REGION", "Required": False, "DefaultValue": "eu"}
    assert len(api.get("/compute/script/1").json()["EdgeScriptVariables"]) == 2


@pytest.mark.usefixtures("scripts")
def test_add_variable_refuses_a_name_the_script_already_has(api):
    assert_legacy_error(api.post("/compute/script/1/variables/add", json={"Name": "TOKEN", "Required": False}), 400, field="Name")


@pytest.mark.usefixtures("scripts")
def test_add_variable_requires_required(api):
    assert_legacy_error(api.post("/compute/script/1/variables/add", json={"Name": "X"}), 400, field="Required")


@pytest.mark.usefixtures("scripts")
def test_update_variable_changes_only_the_given_fields(api):
    answer = api.post("/compute/script/1/variables/1", json={"DefaultValue": "b"})
    assert answer.status_code == 200
    assert answer.json() == {"Id": 1, "Name": "TOKEN", "Required": True, "DefaultValue": "b"}


@pytest.mark.usefixtures("scripts")
def test_delete_variable_answers_204_and_removes_it(api):
    assert api.delete("/compute/script/1/variables/1").status_code == 204
    assert api.get("/compute/script/1").json()["EdgeScriptVariables"] == []


# Secrets: write-only, as in the vendor's reference


def secrets_of(api, script_id=1):
    answer = api.get(f"/compute/script/{script_id}/secrets")
    assert answer.status_code == 200, answer.text
    return answer.json()["Secrets"]


@pytest.mark.usefixtures("scripts")
def test_list_secrets_answers_names_and_timestamps_never_values(api):
    answer = api.get("/compute/script/1/secrets")
    assert set(answer.json()) == {"Secrets"}
    [secret] = answer.json()["Secrets"]
    assert set(secret) == SECRET_FIELDS
    assert (secret["Id"], secret["Name"]) == (1, "API_TOKEN")
    assert STORED_SECRET not in answer.text


@pytest.mark.usefixtures("scripts")
def test_a_script_without_secrets_lists_none(api):
    assert secrets_of(api, 2) == []


@pytest.mark.usefixtures("scripts")
def test_add_secret_answers_the_secret_without_its_value(api):
    answer = api.post("/compute/script/1/secrets", json={"Name": "SIGNING_KEY", "Secret": "added-value-123"})
    assert answer.status_code == 200
    assert set(answer.json()) == SECRET_FIELDS
    assert answer.json()["Name"] == "SIGNING_KEY"
    assert answer.json()["Id"] == 2
    assert "added-value-123" not in answer.text
    assert [secret["Name"] for secret in secrets_of(api)] == ["API_TOKEN", "SIGNING_KEY"]


@pytest.mark.usefixtures("scripts")
def test_add_secret_refuses_a_name_the_script_already_has(api):
    assert_legacy_error(api.post("/compute/script/1/secrets", json={"Name": "API_TOKEN", "Secret": "v"}), 400, field="Name", key="edgescript.secret_exists")
    assert len(secrets_of(api)) == 1


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"Secret": "v"}, "Name"),
        ({"Name": "", "Secret": "v"}, "Name"),
        ({"Name": "N" * 257, "Secret": "v"}, "Name"),
        ({"Name": "N", "Secret": "v" * 4097}, "Secret"),
        ({"Name": "N", "Secret": 5}, "Secret"),
        ({"Name": "N", "Value": "v"}, "Value"),
    ],
    ids=["no name", "empty name", "name too long", "value too long", "value not a string", "unknown field"],
)
def test_add_secret_refuses_a_body_outside_the_reference(api, body, field):
    assert_legacy_error(api.post("/compute/script/1/secrets", json=body), 400, field=field, key="validation_error")


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize("length", [1, 256])
def test_add_secret_accepts_names_at_the_bounds(api, length):
    assert api.post("/compute/script/1/secrets", json={"Name": "N" * length, "Secret": "v" * 4096}).status_code == 200


@pytest.mark.usefixtures("scripts")
def test_update_secret_answers_the_secret_with_a_new_timestamp_and_no_value(api):
    before = secrets_of(api)[0]
    answer = api.post("/compute/script/1/secrets/1", json={"Secret": "rotated-value-456"})
    assert answer.status_code == 200
    assert set(answer.json()) == SECRET_FIELDS
    assert answer.json()["LastModified"] > before["LastModified"]
    assert "rotated-value-456" not in answer.text


@pytest.mark.usefixtures("scripts")
def test_upsert_secret_adds_a_new_name_with_200(api):
    answer = api.request("PUT", "/compute/script/1/secrets", json={"Name": "NEW", "Secret": "upserted-789"})
    assert answer.status_code == 200
    assert set(answer.json()) == SECRET_FIELDS
    assert [secret["Name"] for secret in secrets_of(api)] == ["API_TOKEN", "NEW"]


@pytest.mark.usefixtures("scripts")
def test_upsert_secret_updates_a_known_name_with_204(api):
    answer = api.request("PUT", "/compute/script/1/secrets", json={"Name": "API_TOKEN", "Secret": "upserted-789"})
    assert answer.status_code == 204
    assert len(secrets_of(api)) == 1


@pytest.mark.usefixtures("scripts")
def test_upsert_secret_refuses_a_body_without_name(api):
    assert_legacy_error(api.request("PUT", "/compute/script/1/secrets", json={"Secret": "v"}), 400, field="Name")


@pytest.mark.usefixtures("scripts")
def test_delete_secret_answers_204_and_removes_it(api):
    assert api.delete("/compute/script/1/secrets/1").status_code == 204
    assert secrets_of(api) == []


@pytest.mark.usefixtures("scripts")
def test_no_answer_ever_carries_a_secret_value(api):
    api.post("/compute/script/1/secrets", json={"Name": "A", "Secret": "value-of-a-0001"})
    api.post("/compute/script/1/secrets/1", json={"Secret": "value-of-b-0002"})
    answers = [api.get(path) for path in ("/compute/script", "/compute/script/1", "/compute/script/1/secrets", "/compute/script/1/code")]
    for answer in answers:
        assert answer.status_code == 200
        for value in (STORED_SECRET, "value-of-a-0001", "value-of-b-0002"):
            assert value not in answer.text


# Releases


@pytest.mark.usefixtures("scripts")
def test_publish_answers_204_and_makes_the_code_the_active_release(api):
    assert api.post("/compute/script/1/publish/release-1", json={"Note": "first"}).status_code == 204
    active = api.get("/compute/script/1/releases/active").json()
    assert (active["Uuid"], active["Note"], active["Code"], active["Status"]) == ("release-1", "first", "export default {}", 1)
    assert api.get("/compute/script/1").json()["CurrentReleaseId"] == active["Id"]


@pytest.mark.usefixtures("scripts")
def test_publish_without_code_is_refused_with_no_active_code(api):
    answer = api.post("/compute/script/2/publish/release-1", json={"Note": "n"})
    assert_legacy_error(answer, 400, key="edgescript.no_active_code")
    assert "no active code" in answer.json()["Message"]


@pytest.mark.usefixtures("scripts")
def test_publishing_a_known_uuid_makes_that_release_live_again(api):
    api.post("/compute/script/1/publish/one", json={"Note": "1"})
    api.post("/compute/script/1/code", json={"Code": "v2"})
    api.post("/compute/script/1/publish/two", json={"Note": "2"})
    api.post("/compute/script/1/publish/one", json={"Note": "again"})
    releases = api.get("/compute/script/1/releases").json()["Items"]
    assert [(release["Uuid"], release["Status"]) for release in releases] == [("two", 0), ("one", 1)]
    assert api.get("/compute/script/1/releases/active").json()["Code"] == "export default {}"


@pytest.mark.usefixtures("scripts")
def test_active_release_is_404_when_nothing_was_published(api):
    assert_legacy_error(api.get("/compute/script/1/releases/active"), 404)


@pytest.mark.usefixtures("scripts")
def test_releases_list_newest_first_in_the_envelope(api):
    api.post("/compute/script/1/publish/one", json={"Note": "1"})
    api.post("/compute/script/1/publish/two", json={"Note": "2"})
    page = api.get("/compute/script/1/releases").json()
    assert (page["TotalItems"], page["CurrentPage"], page["HasMoreItems"]) == (2, 1, False)
    assert [release["Uuid"] for release in page["Items"]] == ["two", "one"]


# Fixtures


def test_fixture_secrets_get_ids_and_timestamps(simulator, api):
    simulator.load_fixtures({"edge_scripts": [{"Id": 4, "Secrets": [{"Name": "A"}, {"Id": 9, "Name": "B"}]}, {"Id": 5, "Secrets": [{"Name": "C"}]}]})
    listed_secrets = secrets_of(api, 4) + secrets_of(api, 5)
    assert [secret["Name"] for secret in listed_secrets] == ["A", "B", "C"]
    assert listed_secrets[1]["Id"] == 9
    # As for variables and releases, generated ids come after the largest id the fixture gives.
    assert len({secret["Id"] for secret in listed_secrets}) == 3
    assert min(listed_secrets[0]["Id"], listed_secrets[2]["Id"]) > 9
    assert all(secret["LastModified"].endswith("Z") for secret in secrets_of(api, 4))


def test_fixture_scripts_fill_in_what_the_api_would_hold(simulator, api):
    simulator.load_fixtures(
        {"edge_scripts": [{"Name": "!!!", "Code": "c", "EdgeScriptVariables": [{"Name": "A"}, {"Name": "B"}], "Releases": [{"Uuid": "r1"}, {"Uuid": "r2"}]}]}
    )
    loaded = api.get("/compute/script/1").json()
    assert loaded["Deleted"] is False
    assert loaded["SystemHostname"] == "script-1.b-cdn.net"
    assert [(variable["Id"], variable["Required"]) for variable in loaded["EdgeScriptVariables"]] == [(1, False), (2, False)]
    releases = api.get("/compute/script/1/releases").json()["Items"]
    assert [release["Id"] for release in releases] == [2, 1]
    assert all(release["Deleted"] is False and release["DateReleased"] and release["DatePublished"] for release in releases)
    assert loaded["CurrentReleaseId"] == 0


def test_fixture_ids_of_variables_and_releases_never_collide(simulator, api):
    simulator.load_fixtures(
        {
            "edge_scripts": [
                {"Id": 4, "Code": "c", "EdgeScriptVariables": [{"Name": "A"}, {"Id": 9, "Name": "B"}], "Releases": [{"Uuid": "a"}, {"Id": 9, "Uuid": "b"}]},
                {"Id": 5, "Code": "c", "EdgeScriptVariables": [{"Name": "C"}], "Releases": [{"Uuid": "c"}]},
            ]
        }
    )
    variables = [variable["Id"] for number in (4, 5) for variable in api.get(f"/compute/script/{number}").json()["EdgeScriptVariables"]]
    releases = [release["Id"] for number in (4, 5) for release in api.get(f"/compute/script/{number}/releases").json()["Items"]]
    assert len(set(variables)) == len(set(releases)) == 3


def test_fixture_scripts_get_generated_fields(simulator, api):
    simulator.load_fixtures({"edge_scripts": [{"Name": "from fixture", "Releases": [{"Uuid": "r1", "Status": 1, "Code": "c"}]}]})
    loaded = api.get("/compute/script/1").json()
    assert set(loaded) == SCRIPT_FIELDS
    assert loaded["DeploymentKey"]
    assert loaded["CurrentReleaseId"] == api.get("/compute/script/1/releases/active").json()["Id"]


# The vendor's UpdateEdgeScriptModel: Name nullable, ScriptType allowed


@pytest.mark.usefixtures("scripts")
def test_an_update_with_only_the_script_type_changes_the_type_and_keeps_the_name(api):
    answer = api.post("/compute/script/1", json={"ScriptType": 2})
    assert answer.status_code == 200, answer.text
    assert (answer.json()["ScriptType"], answer.json()["Name"]) == (2, "script 1")
    assert api.get("/compute/script/1").json()["ScriptType"] == 2


@pytest.mark.usefixtures("scripts")
def test_an_update_with_a_null_name_keeps_the_name(api):
    answer = api.post("/compute/script/1", json={"Name": None, "ScriptType": 0})
    assert answer.status_code == 200, answer.text
    assert (answer.json()["Name"], answer.json()["ScriptType"]) == ("script 1", 0)


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize("body", [{"ScriptType": 3}, {"ScriptType": None}, {"ScriptType": "1"}, {"Name": "x" * 101}])
def test_an_update_refuses_what_the_vendor_update_model_does_not_allow(api, body):
    assert_legacy_error(api.post("/compute/script/1", json=body), 400, field=next(iter(body)))
    assert api.get("/compute/script/1").json()["ScriptType"] == 1


# A variable read on its own; publishing without a uuid


@pytest.mark.usefixtures("scripts")
def test_a_variable_reads_on_its_own(api):
    answer = api.get("/compute/script/1/variables/1")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"Id": 1, "Name": "TOKEN", "Required": True, "DefaultValue": "a"}


@pytest.mark.usefixtures("scripts")
@pytest.mark.parametrize("path", ["/compute/script/1/variables/9", "/compute/script/9/variables/1"])
def test_an_unknown_variable_or_script_is_404(api, path):
    assert_legacy_error(api.get(path), 404)


@pytest.mark.usefixtures("scripts")
def test_publish_without_uuid_makes_a_new_live_release_with_a_uuid_of_its_own(api):
    assert api.post("/compute/script/1/publish", json={"Note": "first"}).status_code == 204
    assert api.post("/compute/script/1/publish", json={"Note": "second"}).status_code == 204
    releases = api.get("/compute/script/1/releases").json()["Items"]
    assert [(release["Note"], release["Status"]) for release in releases] == [("second", 1), ("first", 0)]
    assert releases[0]["Uuid"] and releases[0]["Uuid"] != releases[1]["Uuid"]
    assert api.get("/compute/script/1").json()["CurrentReleaseId"] == releases[0]["Id"]


@pytest.mark.usefixtures("scripts")
def test_publish_without_uuid_and_without_code_is_refused(api):
    assert_legacy_error(api.post("/compute/script/2/publish", json={"Note": "n"}), 400, key="edgescript.no_active_code")


# Upserting a variable, rotating the deployment key, statistics


def variables_of(api, script_id=1):
    return {variable["Name"]: variable for variable in api.get(f"/compute/script/{script_id}").json()["EdgeScriptVariables"]}


@pytest.mark.usefixtures("scripts")
def test_an_upserted_variable_is_added_with_200_and_changed_with_204(api):
    added = api.request("PUT", "/compute/script/1/variables", json={"Name": "REGION", "DefaultValue": "eu"})
    assert (added.status_code, added.json()["Name"], added.json()["Required"]) == (200, "REGION", False)

    changed = api.request("PUT", "/compute/script/1/variables", json={"Name": "TOKEN", "Required": False})
    assert (changed.status_code, changed.content) == (204, b"")
    assert variables_of(api)["TOKEN"] == {"Id": 1, "Name": "TOKEN", "Required": False, "DefaultValue": "a"}
    assert_legacy_error(api.request("PUT", "/compute/script/1/variables", json={"Required": True}), 400, field="Name")


@pytest.mark.usefixtures("scripts")
def test_a_rotated_deployment_key_is_a_new_one(api):
    before = api.get("/compute/script/1").json()["DeploymentKey"]

    assert api.post("/compute/script/1/deploymentKey/rotate").status_code == 204
    assert api.get("/compute/script/1").json()["DeploymentKey"] != before
    assert_legacy_error(api.post("/compute/script/9/deploymentKey/rotate"), 404)


@pytest.mark.usefixtures("scripts")
def test_statistics_of_a_script_that_ran_nothing(api):
    answer = api.get("/compute/script/1/statistics", params={"dateFrom": "2024-03-01T00:00:00Z", "dateTo": "2024-03-01T00:00:00Z", "loadLatest": "true"})

    assert answer.status_code == 200, answer.text
    assert answer.json()["RequestsServedChart"] == {"2024-03-01T00:00:00Z": 0.0}
    assert (answer.json()["TotalRequestsServed"], answer.json()["TotalMonthlyCost"]) == (0, 0.0)
