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
    assert body["error"] == {"statusCode": status, "success": True, "message": None, "errorKey": None}
    return body["data"]


def assert_envelope_error(answer, status, key):
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error", "data"}
    assert body["error"]["statusCode"] == status
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
def test_a_first_upload_takes_title_and_version_from_the_document(api):
    configuration = envelope_data(upload(api, PETSTORE, "POST"))["configuration"]
    assert (configuration["title"], configuration["version"], configuration["isEnabled"]) == ("Pet store", "2.1.0", True)


@pytest.mark.usefixtures("shield_zones")
def test_an_update_takes_title_and_version_from_the_new_document(api):
    upload(api, PETSTORE, "POST")
    configuration = envelope_data(upload(api, {**PETSTORE, "info": {"title": "Pet store", "version": "2.2.0"}}, "PATCH"))["configuration"]
    assert (configuration["title"], configuration["version"]) == ("Pet store", "2.2.0")


# The vendor's reference has POST upload a zone's specification and PATCH update it.


@pytest.mark.usefixtures("shield_zones")
def test_an_update_of_a_zone_without_specification_is_refused(api):
    assert_envelope_error(upload(api, PETSTORE, "PATCH"), 404, "api_guardian.specification_not_found")
    assert envelope_data(api.get(f"{ZONE}/api-guardian"))["configuration"]["title"] is None


@pytest.mark.usefixtures("shield_zones")
def test_a_second_upload_with_post_is_refused_and_changes_nothing(api):
    stored = envelope_data(upload(api, PETSTORE, "POST"))
    assert_envelope_error(upload(api, PETSTORE_YAML, "POST"), 409, "api_guardian.specification_exists")
    assert envelope_data(api.get(f"{ZONE}/api-guardian")) == stored


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
    data = envelope_data(upload(api, PETSTORE_YAML))
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
    answer = api.post(f"{ZONE}/api-guardian/spec", data=body, headers={"AccessKey": api.simulator.api_key, "Content-Type": media_type})
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
    "a character YAML does not allow": "\x84openapi: 3.0.0",
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


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize(("written", "read"), [("1.10", "1.10"), ("2024-05-01", "2024-05-01"), ("'2.0'", "2.0"), ("7", "7")])
def test_a_yaml_version_is_taken_as_written(api, written, read):
    document = f"openapi: 3.1\ninfo:\n  title: Pets\n  version: {written}\npaths: {{}}\n"
    assert envelope_data(upload(api, document))["configuration"]["version"] == read


@pytest.mark.usefixtures("shield_zones")
def test_extension_keys_of_paths_are_not_paths(api):
    document = {**MINIMAL, "paths": {"x-owner": "team-a", "/pets": {"get": {"responses": {}}}}}
    assert [endpoint["requestPath"] for endpoint in envelope_data(upload(api, document))["endpoints"]] == ["/pets"]


# enforceAuthorizationValidation, as the vendor's reference describes it: left out, it defaults to
# true on an upload and keeps each endpoint's setting on an update.


def authorization_flags(data):
    return {(endpoint["requestMethod"], endpoint["requestPath"]): endpoint["validateAuthorization"] for endpoint in data["endpoints"]}


@pytest.mark.usefixtures("shield_zones")
def test_an_upload_without_the_flag_enforces_authorization_where_the_document_asks_for_it(api):
    flags = authorization_flags(envelope_data(upload(api, PETSTORE)))
    assert flags == {("GET", "/pets"): False, ("POST", "/pets"): True, ("DELETE", "/pets/{petId}"): False}


@pytest.mark.usefixtures("shield_zones")
def test_an_upload_with_the_flag_off_enforces_nothing(api):
    flags = authorization_flags(envelope_data(upload(api, PETSTORE, enforceAuthorizationValidation=False)))
    assert set(flags.values()) == {False}


SECURED_EVERYWHERE = {**PETSTORE, "security": [{"apiKey": []}]}


@pytest.mark.usefixtures("shield_zones")
def test_an_update_without_the_flag_keeps_each_endpoint_setting_and_new_endpoints_get_the_default(api):
    upload(api, PETSTORE, enforceAuthorizationValidation=False)
    flags = authorization_flags(envelope_data(upload(api, SECURED_EVERYWHERE, "PATCH")))
    assert flags == {("GET", "/pets"): False, ("POST", "/pets"): False, ("DELETE", "/pets/{petId}"): False}

    extended = {**SECURED_EVERYWHERE, "paths": {**SECURED_EVERYWHERE["paths"], "/owners": {"get": {"responses": {}}}}}
    flags = authorization_flags(envelope_data(upload(api, extended, "PATCH")))
    assert (flags[("POST", "/pets")], flags[("GET", "/owners")]) == (False, True)


@pytest.mark.usefixtures("shield_zones")
def test_an_update_with_the_flag_sets_every_endpoint_that_has_security(api):
    upload(api, PETSTORE, enforceAuthorizationValidation=False)
    flags = authorization_flags(envelope_data(upload(api, PETSTORE, "PATCH", enforceAuthorizationValidation=True)))
    assert flags == {("GET", "/pets"): False, ("POST", "/pets"): True, ("DELETE", "/pets/{petId}"): False}


# Plan limits: maxEndpoints counts operations (path and method pairs); maxNestingDepth counts the
# steps into properties, into items and through $ref (tests/unit/plugins/module_utils/test_shield_utils.py
# holds the counting rules, for the simulator and the module alike).


def operations(count):
    return {**MINIMAL, "paths": {f"/items/{number}": {"get": {"responses": {}}} for number in range(count)}}


def nested(depth):
    schema: dict = {"type": "string"}
    for _level in range(depth):
        schema = {"type": "object", "properties": {"inner": schema}}
    return {**MINIMAL, "components": {"schemas": {"Nested": schema}}}


@pytest.fixture
def limited_zone(simulator):
    simulator.load_fixtures({"shield_zones": [{"shieldZoneId": 1, "apiGuardian": {"configuration": {"maxEndpoints": 3, "maxNestingDepth": 2}}}]})


@pytest.mark.usefixtures("limited_zone")
def test_an_upload_with_as_many_endpoints_as_the_plan_allows_is_accepted(api):
    assert len(envelope_data(upload(api, operations(3)))["endpoints"]) == 3


@pytest.mark.usefixtures("limited_zone")
def test_an_upload_with_more_endpoints_than_the_plan_allows_is_refused_and_stores_nothing(api):
    message = assert_envelope_error(upload(api, operations(4)), 400, "api_guardian.max_endpoints_exceeded")
    assert "4" in message and "3" in message
    assert envelope_data(api.get(f"{ZONE}/api-guardian"))["endpoints"] == []


@pytest.mark.usefixtures("limited_zone")
def test_an_upload_nested_as_deep_as_the_plan_allows_is_accepted(api):
    assert envelope_data(upload(api, nested(2)))["configuration"]["title"] == "t"


@pytest.mark.usefixtures("limited_zone")
def test_an_upload_nested_deeper_than_the_plan_allows_is_refused_and_stores_nothing(api):
    message = assert_envelope_error(upload(api, nested(3)), 400, "api_guardian.max_nesting_depth_exceeded")
    assert "3" in message and "2" in message
    assert envelope_data(api.get(f"{ZONE}/api-guardian"))["configuration"]["title"] is None


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


# The vendor's UpdateBotDetectionRequest: these fields, and integer enums BotDetectionExecutionMode
# (0 LogOnly, 1 Challenge), BotDetectionSensitivity (0 Off .. 3 High) and BrowserFingerprintAggression
# (0 Unknown, 1 Low, 2 Medium, 3 High, 4 Custom).
BOT_DETECTION_ENUMS = [
    (("executionMode",), 1),
    (("requestIntegrity", "sensitivity"), 3),
    (("ipAddress", "sensitivity"), 3),
    (("browserFingerprint", "sensitivity"), 3),
    (("browserFingerprint", "aggression"), 4),
]


def setting(path, value):
    body = value
    for name in reversed(path):
        body = {name: body}
    return body


def test_the_bot_detection_patch_body_has_the_vendor_fields():
    from ansible_collections.bunnynet.cloud.tests.simulator.app import create_app

    schemas = create_app().app.openapi()["components"]["schemas"]
    assert set(schemas["UpdateBotDetectionRequest"]["properties"]) == {"shieldZoneId", "executionMode", "requestIntegrity", "ipAddress", "browserFingerprint"}
    assert set(schemas["BrowserFingerprintSetting"]["properties"]) == {"sensitivity", "aggression", "complexEnabled"}


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize(("path", "highest"), BOT_DETECTION_ENUMS, ids=[".".join(path) for path, _highest in BOT_DETECTION_ENUMS])
def test_bot_detection_patch_takes_every_value_of_the_vendor_enum(api, path, highest):
    for value in range(highest + 1):
        data = envelope_data(api.patch(f"{ZONE}/bot-detection", json=setting(path, value)))
        stored = data
        for name in path:
            stored = stored[name]
        assert stored == value


@pytest.mark.usefixtures("shield_zones")
@pytest.mark.parametrize(("path", "highest"), BOT_DETECTION_ENUMS, ids=[".".join(path) for path, _highest in BOT_DETECTION_ENUMS])
@pytest.mark.parametrize("offset", ["below", "above", "name", "boolean"])
def test_bot_detection_patch_refuses_what_is_not_a_value_of_the_vendor_enum(api, path, highest, offset):
    value = {"below": -1, "above": highest + 1, "name": "Low", "boolean": True}[offset]
    before = envelope_data(api.get(f"{ZONE}/bot-detection"))
    assert ".".join(path) in assert_envelope_error(api.patch(f"{ZONE}/bot-detection", json=setting(path, value)), 400, "validation_error")
    assert envelope_data(api.get(f"{ZONE}/bot-detection")) == before


# The zone itself, its rules and its access lists


@pytest.fixture
def protected(simulator):
    simulator.load_fixtures({
        "pull_zones": [{"Id": 10, "Name": "shop"}, {"Id": 11, "Name": "blog"}],
        "shield_zones": [{"shieldZoneId": 1, "pullZoneId": 10}, {"shieldZoneId": 2, "planType": 0}],
    })


RULE = {"shieldZoneId": 1, "ruleName": "Admin area", "ruleConfiguration": {"actionType": 5, "variableTypes": {"REQUEST_URI": ""}, "operatorType": 0,
        "value": "/admin", "chainedRuleConditions": [{"variableTypes": {"GEO": ""}, "operatorType": 5, "value": "DE"}]}}


@pytest.mark.usefixtures("protected")
def test_a_zone_is_created_for_a_pull_zone_once_and_found_by_it(api):
    created = envelope_data(api.post("/shield/shield-zone", json={"pullZoneId": 11, "shieldZone": {"planType": 2, "wafEnabled": False}}))
    zone_id = created["shieldZone"]["shieldZoneId"]
    found = api.get("/shield/shield-zone/get-by-pullzone/11").json()["data"]

    assert (found["shieldZoneId"], found["planType"], found["wafEnabled"], found["customWafRulesLimit"]) == (zone_id, 2, False, 25)
    assert_envelope_error(api.post("/shield/shield-zone", json={"pullZoneId": 11}), 409, "shield_zone.already_exists")
    assert_envelope_error(api.post("/shield/shield-zone", json={"pullZoneId": 99}), 400, "shield_zone.pullzone_not_found")


@pytest.mark.usefixtures("protected")
def test_a_pull_zone_without_a_shield_zone_is_a_404_in_the_envelope(api):
    assert_envelope_error(api.get("/shield/shield-zone/get-by-pullzone/11"), 404, "shield_zone.not_found")


@pytest.mark.usefixtures("protected")
def test_an_update_sets_what_it_sends_and_keeps_the_rest(api):
    envelope_data(api.patch("/shield/shield-zone", json={"shieldZoneId": 1, "shieldZone": {"dDoSShieldSensitivity": 4}}))
    zone = api.get(ZONE).json()["data"]

    assert (zone["dDoSShieldSensitivity"], zone["wafEnabled"], zone["planType"]) == (4, True, 1)


@pytest.mark.usefixtures("protected")
def test_the_zones_list_is_paged_with_the_next_page(api):
    first_page = api.get("/shield/shield-zones?perPage=1").json()

    assert [zone["shieldZoneId"] for zone in first_page["data"]] == [1]
    assert first_page["page"] == {"totalCount": 2, "totalPages": 2, "currentPage": 1, "nextPage": 2, "pageSize": 1}
    assert api.get("/shield/shield-zones?perPage=1&page=2").json()["page"]["nextPage"] is None


@pytest.mark.usefixtures("protected")
def test_the_api_keeps_a_rules_conditions_in_an_order_of_its_own(api):
    rule = api.post("/shield/waf/custom-rule", json=RULE).json()

    configuration = rule["ruleConfiguration"]
    assert configuration["variableTypes"] == {"GEO": ""}
    assert [condition["variableTypes"] for condition in configuration["chainedRuleConditions"]] == [{"REQUEST_URI": ""}]
    assert rule["errorResponse"]["success"] is True and api.get(ZONE).json()["data"]["wafCustomRuleOrder"] == [rule["id"]]


@pytest.mark.usefixtures("protected")
def test_a_rule_past_the_plans_limit_is_refused_inside_a_200_answer(api):
    answer = api.post("/shield/waf/custom-rule", json=dict(RULE, shieldZoneId=2))

    assert answer.status_code == 200
    assert answer.json()["errorResponse"]["errorKey"] == "waf_rule.limit_reached" and answer.json()["id"] == 0
    assert api.get("/shield/waf/custom-rules/2").json()["data"] == []


@pytest.mark.usefixtures("protected")
@pytest.mark.parametrize("name", ["Admin: area", "admin-area", ""])
def test_a_rule_name_with_anything_but_letters_digits_and_spaces_is_refused(api, name):
    assert_envelope_error(api.post("/shield/waf/custom-rule", json=dict(RULE, ruleName=name)), 400, "waf_rule.invalid_name")


@pytest.mark.usefixtures("protected")
def test_a_rate_limit_is_read_updated_and_deleted_by_its_id(api):
    created = api.post("/shield/rate-limit", json={"shieldZoneId": 1, "ruleName": "Login", "ruleConfiguration": {
        "variableTypes": {"REQUEST_URI": ""}, "value": "/login", "requestCount": 5, "timeframe": 10}}).json()
    path = "/shield/rate-limit/%d" % created["id"]
    updated = api.patch(path, json={"ruleConfiguration": {"variableTypes": {"REQUEST_URI": ""}, "requestCount": 9, "timeframe": 60}}).json()

    assert (updated["ruleName"], updated["ruleConfiguration"]["requestCount"], updated["ruleConfiguration"]["value"]) == ("Login", 9, "")
    assert api.delete(path).json()["success"] is True
    assert_envelope_error(api.get(path), 404, "rate_limit.not_found")


@pytest.mark.usefixtures("protected")
def test_an_access_list_is_checked_by_its_type_and_its_configuration_by_the_plan(api):
    lists = "/shield/shield-zone/2/access-lists"
    assert_envelope_error(api.post(lists, json={"name": "Bad", "type": 0, "content": "10.0.0.0/8"}), 400, "access_list.invalid_entry")
    created = envelope_data(api.post(lists, json={"name": "Good", "type": 3, "content": "DE\nFR"}))
    overview = api.get(lists).json()

    assert created["entryCount"] == 2 and overview["customListCount"] == 1 and overview["customListLimit"] == 1
    assert_envelope_error(api.post(lists, json={"name": "More", "type": 3, "content": "IT"}), 400, "access_list.limit_reached")
    vpn = next(item for item in overview["managedLists"] if item["requiredPlan"] == 1)
    assert_envelope_error(api.patch(f"{lists}/configurations/{vpn['configurationId']}", json={"isEnabled": True}), 400, "not_available.access_list")
