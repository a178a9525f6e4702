"""Shield zones: API Guardian specification uploads and bot detection, in Shield's envelope."""

import json

import pytest

PROBLEM_DETAILS_KEYS = {"type", "title", "status", "detail", "instance"}
ZONE = "/shield/shield-zone/1"
BASIC_ZONE = "/shield/shield-zone/2"

PETSTORE = {
    "openapi": "3.0.3",
    "info": {"title": "Pet store", "version": "2.1.0"},
    "components": {"securitySchemes": {"apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"}}},
    "paths": {
        "/pets": {
            "get": {"parameters": [{"name": "limit", "in": "query"}], "responses": {"200": {"description": "ok"}}},
            "post": {
                "security": [{"apiKey": []}],
                "requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["name"]}}}},
                "responses": {"201": {"description": "created"}},
            },
        },
        "/pets/{petId}": {"parameters": [{"name": "petId", "in": "path", "required": True}], "delete": {"responses": {"204": {"description": "gone"}}}},
    },
}
PETSTORE_YAML = """
openapi: 3.1.0
info:
  title: Pet store
  version: 1.0
paths:
  /pets:
    get:
      responses:
        '200': {description: ok}
"""


@pytest.fixture
def shield_zones(simulator):
    simulator.load_fixtures({"shield_zones": [{"shieldZoneId": 1, "pullZoneId": 10}, {"shieldZoneId": 2, "planType": 0}]})


def upload(api, document, method="POST", zone=ZONE, **fields):
    content = document if isinstance(document, str) else json.dumps(document)
    return api.request(method, f"{zone}/api-guardian/spec", json={"content": content, **fields})


def envelope_data(answer, status=200):
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error", "data"}
    assert body["error"] == {"success": True, "message": None, "errorKey": None}
    return body["data"]


def assert_envelope_error(answer, status, key):
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error", "data"}
    assert body["error"]["success"] is False
    assert body["error"]["errorKey"] == key
    assert body["data"] is None
    return body["error"]["message"]


ENDPOINTS = [
    ("GET", "/api-guardian", None),
    ("POST", "/api-guardian/spec", {"content": json.dumps(PETSTORE)}),
    ("PATCH", "/api-guardian/spec", {"content": json.dumps(PETSTORE)}),
    ("GET", "/bot-detection", None),
    ("PATCH", "/bot-detection", {"executionMode": 1}),
]


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=[f"{method} {path}" for method, path, _body in ENDPOINTS])
def test_a_request_without_key_gets_401_problem_details(api, method, path, body):
    answer = api.request(method, ZONE + path, json=body, headers={})
    assert answer.status_code == 401
    assert set(answer.json()) == PROBLEM_DETAILS_KEYS


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=[f"{method} {path}" for method, path, _body in ENDPOINTS])
def test_an_unknown_zone_gets_404_in_the_envelope(api, method, path, body):
    assert_envelope_error(api.request(method, "/shield/shield-zone/99" + path, json=body), 404, "not_found")


def test_a_non_integer_zone_id_is_refused_in_the_envelope(api):
    message = assert_envelope_error(api.get("/shield/shield-zone/abc/api-guardian"), 400, "validation_error")
    assert "shieldZoneId" in message


# API Guardian


@pytest.mark.usefixtures("shield_zones")
def test_api_guardian_before_any_upload_is_disabled_with_no_endpoints(api):
    data = envelope_data(api.get(f"{ZONE}/api-guardian"))
    assert data["endpoints"] == []
    configuration = data["configuration"]
    assert (configuration["shieldZoneId"], configuration["isEnabled"], configuration["title"]) == (1, False, None)
    assert configuration["createdAt"].endswith("Z")


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize("method", ["POST", "PATCH"])
def test_an_upload_takes_title_and_version_from_the_document(api, method):
    configuration = envelope_data(upload(api, PETSTORE, method))["configuration"]
    assert (configuration["title"], configuration["version"], configuration["isEnabled"]) == ("Pet store", "2.1.0", True)


@pytest.mark.usefixtures("shield_zones")
def test_an_upload_makes_one_endpoint_per_path_and_method(api):
    endpoints = envelope_data(upload(api, PETSTORE))["endpoints"]
    assert [(endpoint["requestMethod"], endpoint["requestPath"]) for endpoint in endpoints] == [
        ("GET", "/pets"),
        ("POST", "/pets"),
        ("DELETE", "/pets/{petId}"),
    ]
    assert len({endpoint["apiGuardianEndpointId"] for endpoint in endpoints}) == 3


@pytest.mark.usefixtures("shield_zones")
def test_an_upload_reads_parameters_request_schemas_and_auth_schemes(api):
    get_pets, post_pets, delete_pet = envelope_data(upload(api, PETSTORE, enforceAuthorizationValidation=True))["endpoints"]
    assert get_pets["availableParameters"]["Query"] == ["limit"]
    assert delete_pet["availableParameters"]["Path"] == ["petId"]
    assert "required:" in post_pets["requestBodySchemaYaml"]
    assert post_pets["authSchemes"] == [{"schemeName": "apiKey", "credentialName": "X-API-Key", "httpScheme": None}]
    assert (post_pets["validateAuthorization"], get_pets["validateAuthorization"]) == (True, False)


@pytest.mark.usefixtures("shield_zones")
def test_an_upload_reads_a_yaml_document(api):
    data = envelope_data(upload(api, PETSTORE_YAML, "PATCH"))
    assert (data["configuration"]["title"], data["configuration"]["version"]) == ("Pet store", "1.0")
    assert [endpoint["requestPath"] for endpoint in data["endpoints"]] == ["/pets"]


@pytest.mark.usefixtures("shield_zones")
def test_the_uploaded_configuration_is_what_the_read_answers(api):
    uploaded = envelope_data(upload(api, PETSTORE))
    assert envelope_data(api.get(f"{ZONE}/api-guardian")) == uploaded


@pytest.mark.usefixtures("shield_zones")
def test_a_new_upload_keeps_the_ids_of_known_endpoints_and_drops_the_rest(api):
    first = {
        (endpoint["requestMethod"], endpoint["requestPath"]): endpoint["apiGuardianEndpointId"]
        for endpoint in envelope_data(upload(api, PETSTORE))["endpoints"]
    }
    second = envelope_data(upload(api, PETSTORE_YAML, "PATCH"))["endpoints"]
    assert [(endpoint["requestMethod"], endpoint["apiGuardianEndpointId"]) for endpoint in second] == [("GET", first[("GET", "/pets")])]


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize("media_type", ["application/json", "text/json", "application/vnd.api+json", "application/json; charset=utf-8"])
def test_a_specification_body_is_accepted_in_each_json_media_type(api, media_type):
    body = json.dumps({"content": json.dumps(PETSTORE)})
    answer = api.patch(f"{ZONE}/api-guardian/spec", data=body, headers={"AccessKey": api.simulator.api_key, "Content-Type": media_type})
    assert envelope_data(answer)["configuration"]["title"] == "Pet store"


@pytest.mark.usefixtures("shield_zones")
def test_a_specification_body_in_another_media_type_is_refused(api):
    answer = api.patch(f"{ZONE}/api-guardian/spec", data="{}", headers={"AccessKey": api.simulator.api_key, "Content-Type": "text/plain"})
    assert_envelope_error(answer, 415, "unsupported_media_type")


MINIMAL = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}}
DEEP: dict = {}
for _level in range(900):
    DEEP = {"items": DEEP}

NOT_OPENAPI = {
    "plain text": "this is not a specification",
    "a JSON list": "[1, 2]",
    "a document without openapi field": json.dumps({"info": {"title": "t", "version": "1"}, "paths": {}}),
    "a document without title": json.dumps({"openapi": "3.0.0", "info": {"version": "1"}, "paths": {}}),
    "a document without paths": json.dumps({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}}),
    "a path not starting with a slash": json.dumps({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"pets": {}}}),
    "broken YAML": "openapi: [3.0",
    "a schema nested beyond reading": json.dumps({**MINIMAL, "paths": {"/a": {"post": {"requestBody": {"content": {"application/json": {"schema": DEEP}}}}}}}),
}


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize("content", NOT_OPENAPI.values(), ids=NOT_OPENAPI.keys())
def test_an_upload_refuses_a_document_that_is_not_openapi(api, content):
    assert_envelope_error(upload(api, content), 400, "api_guardian.invalid_specification")
    assert envelope_data(api.get(f"{ZONE}/api-guardian"))["configuration"]["title"] is None


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize("body", [{}, {"content": ""}, {"content": None}])
def test_an_upload_without_content_is_refused_naming_the_field(api, body):
    message = assert_envelope_error(api.post(f"{ZONE}/api-guardian/spec", json=body), 400, "validation_error")
    assert "content" in message


@pytest.mark.usefixtures("shield_zones")
def test_an_upload_refuses_a_field_the_request_does_not_have(api):
    message = assert_envelope_error(api.post(f"{ZONE}/api-guardian/spec", json={"content": json.dumps(PETSTORE), "spec": "x"}), 400, "validation_error")
    assert "spec" in message


# Bot detection


@pytest.mark.usefixtures("shield_zones")
def test_bot_detection_answers_the_configuration(api):
    data = envelope_data(api.get(f"{ZONE}/bot-detection"))
    assert data["shieldZoneId"] == 1
    assert {"requestIntegrity", "ipAddress", "browserFingerprint"} <= set(data)
    assert isinstance(data["browserFingerprint"]["complexEnabled"], bool)


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize("method", ["GET", "PATCH"])
def test_bot_detection_on_a_basic_plan_zone_answers_202_with_invalid_plan_type(api, method):
    answer = api.request(method, f"{BASIC_ZONE}/bot-detection", json={"executionMode": 1} if method == "PATCH" else None)
    assert_envelope_error(answer, 202, "invalid_plan_type.bot_detection")


@pytest.mark.usefixtures("shield_zones")
def test_bot_detection_patch_changes_only_the_given_settings(api):
    before = envelope_data(api.get(f"{ZONE}/bot-detection"))
    after = envelope_data(api.patch(f"{ZONE}/bot-detection", json={"browserFingerprint": {"complexEnabled": True}, "ipAddress": {"sensitivity": 3}}))
    assert after["browserFingerprint"] == {**before["browserFingerprint"], "complexEnabled": True}
    assert after["ipAddress"] == {"sensitivity": 3}
    assert after["requestIntegrity"] == before["requestIntegrity"]
    assert envelope_data(api.get(f"{ZONE}/bot-detection")) == after


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize(("body", "field"), [({"ipAddress": {"sensitivity": 4}}, "ipAddress.sensitivity"), ({"executionMode": 2}, "executionMode")])
def test_bot_detection_patch_refuses_a_value_outside_its_enum(api, body, field):
    assert field in assert_envelope_error(api.patch(f"{ZONE}/bot-detection", json=body), 400, "validation_error")


def test_fixture_shield_zones_default_to_a_plan_with_bot_detection(simulator, api):
    simulator.load_fixtures({"shield_zones": [{}]})
    assert envelope_data(api.get("/shield/shield-zone/1/bot-detection"))["shieldZoneId"] == 1
