"""shield_api_guardian against the simulator."""

import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.shield import api_guardian
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.settings import API_GUARDIAN_CONFIGURATION
from ansible_collections.bunnynet.cloud.plugins.modules import shield_api_guardian
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import (
    GUARDIAN_PATH,
    GUARDIAN_SERVER_FIELDS,
    NEW_ENDPOINT_FIELDS,
    SHOP_DEPTH,
    SHOP_OPERATIONS,
    SHOP_V2,
    SHOP_V2_JSON,
    SHOP_YAML,
    SPEC_PATH,
    ZONE_ID,
    nested_document,
    operations_document,
    read_api,
    shield_zones,
)


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("shield_zone_id", ZONE_ID)
    return run_module(shield_api_guardian, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def read_back(simulator):
    """The zone's API Guardian as a read returns it, in the module's projection."""
    return api_guardian.project_guardian(read_api(simulator, GUARDIAN_PATH))


def writes(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.writes()]


def operations_of(result):
    return sorted("%s %s" % (endpoint["request_method"], endpoint["request_path"]) for endpoint in result["api_guardian"]["endpoints"])


@pytest.fixture
def zone(simulator):
    simulator.load(shield_zones=shield_zones())
    return simulator


@pytest.fixture
def shop_zone(zone):
    """The zone with the shop API's first version uploaded, authorization not enforced."""
    run(zone, content=SHOP_YAML, enforce_authorization_validation=False)
    zone.clear_requests()
    return zone


# Uploading


def test_a_yaml_document_is_posted_to_a_zone_without_one(zone):
    result = run(zone, content=SHOP_YAML)

    assert result["changed"] is True
    assert zone.writes()[0]["body"] == {"content": SHOP_YAML}
    assert writes(zone) == [("POST", SPEC_PATH)]
    configuration = result["api_guardian"]["configuration"]
    assert (configuration["title"], configuration["version"]) == ("Shop API", "1.10")
    assert operations_of(result) == sorted(SHOP_OPERATIONS)


def test_a_json_document_replaces_the_zone_document_with_patch(shop_zone):
    result = run(shop_zone, content=SHOP_V2_JSON)

    assert writes(shop_zone) == [("PATCH", SPEC_PATH)]
    assert shop_zone.writes()[0]["body"] == {"content": SHOP_V2_JSON}
    assert result["api_guardian"]["configuration"]["version"] == "2.0"
    assert operations_of(result) == ["GET /orders", "POST /orders", "POST /orders/{orderId}/cancel"]


def test_a_mapping_is_uploaded_as_json(zone):
    result = run(zone, content=SHOP_V2)

    assert json.loads(zone.writes()[0]["body"]["content"]) == SHOP_V2
    assert result["api_guardian"]["configuration"]["title"] == "Shop API"


def test_the_authorization_flag_is_sent_when_given(zone):
    run(zone, content=SHOP_V2_JSON, enforce_authorization_validation=False)

    assert zone.writes()[0]["body"] == {"content": SHOP_V2_JSON, "enforceAuthorizationValidation": False}


def test_operations_added_and_removed_are_reported(shop_zone):
    result = run(shop_zone, content=SHOP_V2_JSON)

    assert result["operations_added"] == ["POST /orders/{orderId}/cancel"]
    assert result["operations_removed"] == ["GET /orders/{orderId}"]


def test_the_document_and_the_zone_maxima_are_reported(zone):
    result = run(zone, content=SHOP_YAML)

    assert result["document"] == {"title": "Shop API", "version": "1.10", "operations": 3, "nesting_depth": SHOP_DEPTH}
    assert result["limits"] == {key: value for key, value in result["api_guardian"]["configuration"].items() if key.startswith("max_")}
    assert result["limits"]["max_endpoints"] == 500


# Idempotency: title, version, operations and the authorization flag


def test_reapplying_reads_once_and_reports_ok(shop_zone):
    result = run(shop_zone, content=SHOP_YAML, enforce_authorization_validation=False)

    assert result["changed"] is False
    assert [(entry["method"], entry["path"]) for entry in shop_zone.requests()] == [("GET", GUARDIAN_PATH)]
    assert (result["operations_added"], result["operations_removed"]) == ([], [])


@pytest.mark.parametrize(
    ("change", "replace"),
    [
        ("the title", ("title: Shop API", "title: Shop")),
        ("the version", ("version: 1.10", "version: 1.11")),
        ("an operation", ("    post:\n      security", "    put:\n      security")),
    ],
)
def test_a_changed_title_version_or_operation_is_uploaded(shop_zone, change, replace):
    result = run(shop_zone, content=SHOP_YAML.replace(*replace), enforce_authorization_validation=False)

    assert result["changed"] is True, change
    assert writes(shop_zone) == [("PATCH", SPEC_PATH)]


ORDER_BODY_CHANGED = SHOP_YAML.replace("schema: {$ref: '#/components/schemas/Order'}", "schema: {type: object, required: [lines]}")


def request_body_schema(simulator, method, path):
    endpoints = read_api(simulator, GUARDIAN_PATH)["endpoints"]
    return next(endpoint["requestBodySchemaYaml"] for endpoint in endpoints if (endpoint["requestMethod"], endpoint["requestPath"]) == (method, path))


def test_a_schema_change_under_the_same_version_is_not_seen(shop_zone):
    result = run(shop_zone, content=ORDER_BODY_CHANGED, enforce_authorization_validation=False)

    assert result["changed"] is False
    assert shop_zone.writes() == []


def test_force_uploads_what_the_comparison_cannot_see(shop_zone):
    result = run(shop_zone, content=ORDER_BODY_CHANGED, force=True)

    assert result["changed"] is True
    assert writes(shop_zone) == [("PATCH", SPEC_PATH)]
    assert "required:" in request_body_schema(shop_zone, "POST", "/orders")


def test_authorization_that_differs_from_the_flag_is_uploaded_again(shop_zone):
    result = run(shop_zone, content=SHOP_YAML, enforce_authorization_validation=True)

    assert result["changed"] is True
    endpoints = {endpoint["request_method"] + " " + endpoint["request_path"]: endpoint for endpoint in read_back(shop_zone)["endpoints"]}
    assert endpoints["POST /orders"]["validate_authorization"] is True
    # Nothing to enforce where the document asks for no authentication.
    assert endpoints["GET /orders"]["validate_authorization"] is False


def test_operations_without_security_do_not_count_against_the_flag(zone):
    run(zone, content=SHOP_YAML, enforce_authorization_validation=True)
    zone.clear_requests()

    result = run(zone, content=SHOP_YAML, enforce_authorization_validation=True)

    assert result["changed"] is False
    assert zone.writes() == []


def test_without_the_flag_authorization_is_not_compared(shop_zone):
    result = run(shop_zone, content=SHOP_YAML)

    assert result["changed"] is False


# Check mode and --diff


PREDICTIONS = {
    "a first upload": (None, dict(content=SHOP_YAML)),
    "a first upload without authorization": (None, dict(content=SHOP_YAML, enforce_authorization_validation=False)),
    "a replacement keeping each endpoint's authorization": (dict(content=SHOP_YAML, enforce_authorization_validation=False), dict(content=SHOP_V2_JSON)),
    "a replacement enforcing authorization": (dict(content=SHOP_YAML, enforce_authorization_validation=False),
                                              dict(content=SHOP_V2_JSON, enforce_authorization_validation=True)),
    "a forced upload": (dict(content=SHOP_YAML), dict(content=SHOP_YAML, force=True)),
}


@pytest.mark.parametrize(("earlier", "options"), PREDICTIONS.values(), ids=PREDICTIONS.keys())
def test_check_mode_predicts_what_the_upload_gives_and_writes_nothing(zone, earlier, options):
    if earlier:
        run(zone, **earlier)
    zone.clear_requests()

    checked = run(zone, check_mode=True, **options)
    assert zone.writes() == []
    applied = run(zone, **options)

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds(checked["api_guardian"], applied["api_guardian"], read_back(zone), GUARDIAN_SERVER_FIELDS + NEW_ENDPOINT_FIELDS)


def test_check_mode_keeps_the_ids_of_endpoints_the_zone_has(shop_zone):
    known = {(endpoint["request_method"], endpoint["request_path"]): endpoint["api_guardian_endpoint_id"] for endpoint in read_back(shop_zone)["endpoints"]}

    checked = run(shop_zone, check_mode=True, content=SHOP_V2_JSON)

    ids = {(endpoint["request_method"], endpoint["request_path"]): endpoint["api_guardian_endpoint_id"] for endpoint in checked["api_guardian"]["endpoints"]}
    assert ids == {("GET", "/orders"): known[("GET", "/orders")], ("POST", "/orders"): known[("POST", "/orders")], ("POST", "/orders/{orderId}/cancel"): None}


def test_check_mode_on_the_uploaded_document_reports_ok(shop_zone):
    assert run(shop_zone, check_mode=True, content=SHOP_YAML, enforce_authorization_validation=False)["changed"] is False


def test_diff_shows_the_endpoints_before_and_after_the_upload(shop_zone):
    before = read_back(shop_zone)

    result = run(shop_zone, diff=True, content=SHOP_V2_JSON)

    assert result["diff"]["before"] == before
    assert result["diff"]["after"] == read_back(shop_zone)
    removed = [endpoint for endpoint in result["diff"]["before"]["endpoints"] if endpoint["request_path"] == "/orders/{orderId}"]
    added = [endpoint for endpoint in result["diff"]["after"]["endpoints"] if endpoint["request_path"] == "/orders/{orderId}/cancel"]
    assert (len(removed), len(added)) == (1, 1)


def test_the_result_shows_the_zone_configuration_as_read(shop_zone):
    result = run(shop_zone, content=SHOP_YAML)

    assert result["api_guardian"]["configuration"] == API_GUARDIAN_CONFIGURATION.project(read_api(shop_zone, GUARDIAN_PATH)["configuration"])
    assert result["api_guardian"]["configuration"]["execution_mode"] == "log"


# The zone's plan maxima, at and beyond the bound


@pytest.mark.parametrize("count", [3, 4])
def test_a_document_with_as_many_operations_as_the_zone_allows_is_uploaded(simulator, count):
    simulator.load(shield_zones=shield_zones(maxEndpoints=count))

    assert run(simulator, content=operations_document(count))["changed"] is True


@pytest.mark.parametrize("check_mode", [False, True])
def test_a_document_with_more_operations_than_the_zone_allows_fails_before_uploading(simulator, check_mode):
    simulator.load(shield_zones=shield_zones(maxEndpoints=3))

    result = run(simulator, check_mode=check_mode, content=operations_document(4))

    assert result["failed"] is True
    assert result["msg"] == (
        "Shield zone %d cannot take this OpenAPI document: it has 4 operations (method and path pairs) and the zone allows "
        "at most 3 (max_endpoints). Nothing was uploaded." % ZONE_ID)
    assert result["limits"]["max_endpoints"] == 3
    assert result["document"]["operations"] == 4
    assert result["changed"] is False
    assert simulator.writes() == []


def test_a_document_as_deep_as_the_zone_allows_is_uploaded(simulator):
    simulator.load(shield_zones=shield_zones(maxNestingDepth=3))

    assert run(simulator, content=nested_document(3))["changed"] is True


def test_a_document_deeper_than_the_zone_allows_fails_before_uploading(simulator):
    simulator.load(shield_zones=shield_zones(maxNestingDepth=3))

    result = run(simulator, content=nested_document(4))

    assert result["failed"] is True
    assert result["msg"] == (
        "Shield zone %d cannot take this OpenAPI document: its schemas nest 4 levels deep (steps into properties, into items "
        "and through $ref) and the zone allows at most 3 (max_nesting_depth). Nothing was uploaded." % ZONE_ID)
    assert (result["limits"]["max_nesting_depth"], result["document"]["nesting_depth"]) == (3, 4)
    assert simulator.writes() == []


# Bad input fails before any request


HEADER = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\n"
LACKS = "content is not an OpenAPI 3 document: it lacks "
NOT_A_MAPPING = "content is not an OpenAPI document: it is not a mapping of fields"
NOT_UPLOADABLE = {
    "plain text": ("just some words", NOT_A_MAPPING),
    "a JSON list": ("[1, 2]", NOT_A_MAPPING),
    "an empty text": ("  \n", "content is empty"),
    "a number": (17, "content must be the text of an OpenAPI document, got int"),
    "a document with no info and paths": ('{"openapi": "3.0.0"}', LACKS + "info (with title and version), paths (a mapping)"),
    "a document without title": ('{"openapi": "3.0.0", "info": {"version": "1"}, "paths": {}}', LACKS + "info.title (as text)"),
    "a version that is a JSON number": ('{"openapi": "3.0.0", "info": {"title": "t", "version": 1}, "paths": {}}', LACKS + "info.version (as text)"),
    "a document without openapi": ('{"info": {"title": "t", "version": "1"}, "paths": {}}', LACKS + "openapi (a version 3.x, as text)"),
    "an openapi version 2": ('{"openapi": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}', LACKS + "openapi (a version 3.x, as text)"),
    "an OpenAPI 2 document": (
        '{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}',
        "content is a Swagger 2.0 document; API Guardian takes OpenAPI 3 (openapi: 3.x)"),
    "a path without its slash": (HEADER + "paths: {pets: {}}", "content's paths has 'pets', which does not start with '/'"),
    "a path that is no mapping": (HEADER + "paths: {/pets: [get]}", "content's path /pets is not a mapping of operations"),
    "JSON nested beyond reading": ('{"a": ' * 3000 + "1" + "}" * 3000, "content nests too deeply to read"),
}


@pytest.mark.parametrize(("content", "message"), NOT_UPLOADABLE.values(), ids=NOT_UPLOADABLE.keys())
def test_content_that_is_not_an_openapi_3_document_fails_before_any_request(zone, content, message):
    result = run(zone, content=content)

    assert result["failed"] is True
    assert result["msg"] == "Invalid input: %s." % message
    assert zone.requests() == []


def test_schemas_nested_beyond_counting_are_refused_naming_content_before_any_request(zone):
    # YAML nested 3000 deep: up to PyYAML 6.0.3 the count of the schemas' depth gives up ("content nests
    # its schemas too deeply to read"), from 6.0.4 the YAML reader itself, in words of its own. Either
    # way the module refuses the option, without a traceback and before any request.
    content = HEADER + "paths: {}\ncomponents: {schemas: {Deep: %s}}\n" % ("{items: " * 3000 + "{type: string}" + "}" * 3000)

    result = run(zone, content=content)

    assert result["failed"] is True
    assert result["msg"].startswith("Invalid input: content ")
    assert "exception" not in result and "Traceback" not in result["msg"]
    assert zone.requests() == []


def test_content_that_is_neither_json_nor_yaml_fails_with_the_yaml_error_before_any_request(zone):
    result = run(zone, content="openapi: [3.0")

    assert result["failed"] is True
    assert result["msg"].startswith("Invalid input: content is neither JSON nor YAML: while parsing a flow sequence")
    assert zone.requests() == []


def test_yaml_content_without_pyyaml_fails_naming_the_library(zone, monkeypatch):
    monkeypatch.setattr(api_guardian, "HAS_YAML", False)

    result = run(zone, content=SHOP_YAML)

    assert result["failed"] is True
    assert "reading it as YAML needs PyYAML" in result["msg"]
    assert "PyYAML" in result["msg"].split("needs PyYAML", 1)[1]
    assert zone.requests() == []


def test_json_content_needs_no_pyyaml(zone, monkeypatch):
    monkeypatch.setattr(api_guardian, "HAS_YAML", False)

    assert run(zone, content=SHOP_V2_JSON)["changed"] is True


# API errors and unknown outcomes


def test_an_unknown_zone_is_named_in_the_failure(zone):
    result = run(zone, shield_zone_id=99, content=SHOP_YAML)

    assert result["failed"] is True
    assert result["msg"] == "Shield zone 99 was not found (HTTP 404)."
    assert result["status"] == 404


def test_a_read_that_keeps_failing_fails_the_task_without_a_write(zone):
    zone.fault(method="GET", path="/api-guardian$", status=503, count=5)

    result = run(zone, content=SHOP_YAML)

    assert result["failed"] is True
    assert result["status"] == 503
    assert zone.writes() == []


def test_an_upload_whose_answer_is_lost_is_confirmed_by_reading_and_not_sent_again(zone):
    zone.fault(method="POST", path="/api-guardian/spec$", drop_connection=True, apply=True, count=1)

    result = run(zone, content=SHOP_YAML)

    assert result["changed"] is True
    assert "failed" not in result
    assert writes(zone) == [("POST", SPEC_PATH)]
    assert operations_of(result) == sorted(SHOP_OPERATIONS)


def test_an_upload_that_did_not_arrive_is_sent_again(zone):
    zone.fault(method="POST", path="/api-guardian/spec$", status=503, count=1)

    result = run(zone, content=SHOP_YAML)

    assert result["changed"] is True
    assert writes(zone) == [("POST", SPEC_PATH), ("POST", SPEC_PATH)]


def test_a_forced_upload_whose_answer_is_lost_is_confirmed_by_its_update_time(shop_zone):
    shop_zone.fault(method="PATCH", path="/api-guardian/spec$", drop_connection=True, apply=True, count=1)

    result = run(shop_zone, content=SHOP_YAML, force=True)

    assert result["changed"] is True
    assert writes(shop_zone) == [("PATCH", SPEC_PATH)]


def test_a_forced_upload_that_did_not_arrive_is_sent_again(shop_zone):
    shop_zone.fault(method="PATCH", path="/api-guardian/spec$", status=502, count=1)

    result = run(shop_zone, content=SHOP_YAML, force=True)

    assert result["changed"] is True
    assert writes(shop_zone) == [("PATCH", SPEC_PATH), ("PATCH", SPEC_PATH)]


# Enforcement: the configuration and the endpoints' settings

ENDPOINT_PATH = GUARDIAN_PATH + "/endpoint/%d"
ORDER_LIMIT = dict(method="POST", path="/orders", validate_request_body=True, rate_limit=dict(enabled=True, type="ip", requests=20, timeframe=60))
ORDER_INJECTION = dict(method="GET", path="/orders/{orderId}", injection_detection=dict(path=["orderId"]), detect_sqli=True)


def endpoint_ids(simulator):
    endpoints = read_api(simulator, GUARDIAN_PATH)["endpoints"]
    return {(endpoint["requestMethod"], endpoint["requestPath"]): endpoint["apiGuardianEndpointId"] for endpoint in endpoints}


def stored_enabled(simulator):
    return read_api(simulator, GUARDIAN_PATH)["configuration"]["isEnabled"]


def stored_endpoint(simulator, method, path):
    endpoints = read_api(simulator, GUARDIAN_PATH)["endpoints"]
    return next(endpoint for endpoint in endpoints if (endpoint["requestMethod"], endpoint["requestPath"]) == (method, path))


def test_the_configuration_is_one_patch_of_every_setting_with_the_vendor_values(shop_zone):
    checked = run(shop_zone, check_mode=True, diff=True, enabled=False, execution_mode="block", unmatched_path_action="ignore")
    assert shop_zone.writes() == []
    applied = run(shop_zone, enabled=False, execution_mode="block", unmatched_path_action="ignore")

    assert [(entry["method"], entry["path"], entry["body"]) for entry in shop_zone.writes()] == [
        ("PATCH", GUARDIAN_PATH, {"isEnabled": False, "executionMode": 1, "bodyLimitAction": 0, "unmatchedPathAction": 2})]
    assert checked["diff"]["before"]["configuration"]["execution_mode"] == "log"
    assert_prediction_holds(checked["api_guardian"], applied["api_guardian"], read_back(shop_zone), ("configuration.updated_at",))
    assert applied["api_guardian"]["configuration"]["unmatched_path_action"] == "ignore"


def test_settings_in_place_read_once_and_report_ok(shop_zone):
    options = dict(execution_mode="block", endpoints=[ORDER_LIMIT])
    run(shop_zone, **options)
    shop_zone.clear_requests()

    result = run(shop_zone, **options)

    assert result["changed"] is False
    assert [(entry["method"], entry["path"]) for entry in shop_zone.requests()] == [("GET", GUARDIAN_PATH)]


def test_each_endpoint_gets_one_patch_of_the_settings_that_differ(shop_zone):
    ids = endpoint_ids(shop_zone)

    checked = run(shop_zone, check_mode=True, endpoints=[ORDER_LIMIT, ORDER_INJECTION])
    assert shop_zone.writes() == []
    applied = run(shop_zone, endpoints=[ORDER_LIMIT, ORDER_INJECTION])

    assert [(entry["method"], entry["path"], entry["body"]) for entry in shop_zone.writes()] == [
        ("PATCH", ENDPOINT_PATH % ids[("POST", "/orders")], {"rateLimitingEnabled": True, "rateLimitingType": "IP", "rateLimitingRequestCount": 20}),
        ("PATCH", ENDPOINT_PATH % ids[("GET", "/orders/{orderId}")], {"detectParameterSqli": True}),
    ]
    assert_prediction_holds(checked["api_guardian"], applied["api_guardian"], read_back(shop_zone), ("configuration.updated_at",))
    post = stored_endpoint(shop_zone, "POST", "/orders")
    assert (post["rateLimitingEnabled"], post["rateLimitingType"], post["rateLimitingRequestCount"], post["rateLimitingTimeframe"]) == (True, "IP", 20, 60)


def test_injection_detection_is_the_whole_set_compared_without_order(shop_zone):
    run(shop_zone, endpoints=[dict(method="GET", path="/orders/{orderId}", injection_detection=dict())])
    assert stored_endpoint(shop_zone, "GET", "/orders/{orderId}")["injectionDetectionParameters"]["Path"] == []
    shop_zone.clear_requests()

    result = run(shop_zone, endpoints=[dict(method="GET", path="/orders/{orderId}", injection_detection=dict(path=[]))])

    assert result["changed"] is False and shop_zone.writes() == []


def test_one_run_uploads_the_document_then_enforces_it_and_sets_new_endpoints_by_the_ids_the_upload_gave(zone):
    options = dict(content=SHOP_YAML, enabled=True, execution_mode="block", endpoints=[ORDER_LIMIT, ORDER_INJECTION])

    checked = run(zone, check_mode=True, **options)
    assert zone.writes() == []
    applied = run(zone, **options)

    ids = endpoint_ids(zone)
    assert [(entry["method"], entry["path"]) for entry in zone.writes()] == [
        ("POST", SPEC_PATH), ("PATCH", GUARDIAN_PATH),
        ("PATCH", ENDPOINT_PATH % ids[("POST", "/orders")]), ("PATCH", ENDPOINT_PATH % ids[("GET", "/orders/{orderId}")])]
    # What a new endpoint starts with is the zone's; what the task sets is predicted.
    assert_prediction_holds(checked["api_guardian"], applied["api_guardian"], read_back(zone), GUARDIAN_SERVER_FIELDS + NEW_ENDPOINT_FIELDS)
    predicted = {(endpoint["request_method"], endpoint["request_path"]): endpoint for endpoint in checked["api_guardian"]["endpoints"]}
    stored = {(endpoint["request_method"], endpoint["request_path"]): endpoint for endpoint in read_back(zone)["endpoints"]}
    given = (("POST", "/orders", ("validate_request_body", "rate_limit")), ("GET", "/orders/{orderId}", ("injection_detection", "detect_sqli")))
    for method, path, settings in given:
        assert {name: predicted[(method, path)][name] for name in settings} == {name: stored[(method, path)][name] for name in settings}
    assert checked["api_guardian"]["configuration"]["is_enabled"] is stored_enabled(zone) is True
    assert run(zone, **options)["changed"] is False


def test_after_an_upload_the_settings_given_are_sent_again_though_the_zone_had_them(shop_zone):
    run(shop_zone, execution_mode="block", endpoints=[ORDER_LIMIT])
    shop_zone.clear_requests()

    run(shop_zone, content=SHOP_YAML, force=True, execution_mode="block", endpoints=[ORDER_LIMIT])

    assert [(entry["method"], entry["path"]) for entry in shop_zone.writes()] == [
        ("PATCH", SPEC_PATH), ("PATCH", GUARDIAN_PATH), ("PATCH", ENDPOINT_PATH % endpoint_ids(shop_zone)[("POST", "/orders")])]
    assert shop_zone.writes()[2]["body"] == {"validateRequestBodySchema": True, "rateLimitingEnabled": True, "rateLimitingType": "IP",
                                             "rateLimitingRequestCount": 20, "rateLimitingTimeframe": 60}


@pytest.mark.parametrize("check_mode", [False, True])
def test_an_operation_the_document_lacks_fails_before_any_write(shop_zone, check_mode):
    result = run(shop_zone, check_mode=check_mode, execution_mode="block", endpoints=[dict(method="DELETE", path="/orders", enabled=False)])

    assert result["failed"] is True
    assert "the OpenAPI document of Shield zone %d has no operation DELETE /orders" % ZONE_ID in result["msg"]
    assert shop_zone.writes() == []


def test_an_operation_of_the_document_uploaded_in_the_same_run_is_found(shop_zone):
    result = run(shop_zone, content=SHOP_V2_JSON, endpoints=[dict(method="POST", path="/orders/{orderId}/cancel", enabled=False)])

    assert "failed" not in result
    assert stored_endpoint(shop_zone, "POST", "/orders/{orderId}/cancel")["isEnabled"] is False


def test_an_injection_parameter_the_operation_does_not_declare_fails_before_any_write(shop_zone):
    result = run(shop_zone, endpoints=[dict(method="GET", path="/orders/{orderId}", injection_detection=dict(path=["orderId"], query=["q"]))])

    assert result["failed"] is True
    assert "endpoint GET /orders/{orderId} has no query parameter q" in result["msg"]
    assert shop_zone.writes() == []


def test_a_lost_answer_to_an_endpoint_patch_is_settled_by_reading(shop_zone):
    shop_zone.fault(method="PATCH", path="/api-guardian/endpoint/", status=503, apply=True, count=1)

    result = run(shop_zone, endpoints=[ORDER_LIMIT])

    assert result["changed"] is True and "failed" not in result
    assert [entry["method"] for entry in shop_zone.writes()] == ["PATCH"]
    assert stored_endpoint(shop_zone, "POST", "/orders")["rateLimitingRequestCount"] == 20


@pytest.mark.parametrize(("options", "named"), [
    (dict(endpoints=[dict(method="GET", path="orders")]), "endpoints[0].path must match a path template of the document, starting with /"),
    (dict(endpoints=[dict(method="GET", path="/orders", rate_limit=dict(requests=0))]), "endpoints[0].rate_limit.requests must be at least 1"),
    (dict(endpoints=[dict(method="FETCH", path="/orders")]), "method must be one of"),
    (dict(endpoints=[dict(method="GET", path="/orders", rate_limit=dict(timeframe=30))]), "timeframe must be one of"),
    (dict(endpoints=[dict(method="GET", path="/orders"), dict(method="GET", path="/orders", enabled=True)]),
     "endpoints must name each operation (method and path) once"),
    (dict(execution_mode="deny"), "execution_mode must be one of: log, block"),
    (dict(force=True), "force is True but all of the following are missing: content"),
    (dict(enforce_authorization_validation=True), "missing parameter(s) required by 'enforce_authorization_validation': content"),
])
def test_bad_enforcement_input_fails_before_any_request(zone, options, named):
    result = run(zone, **options)

    assert result["failed"] is True and named in result["msg"]
    assert zone.requests() == []
