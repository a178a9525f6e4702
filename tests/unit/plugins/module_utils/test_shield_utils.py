"""Reading OpenAPI documents for API Guardian, and the nesting depth the module and the simulator both count."""

import json
import time

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield import api_guardian, bot_detection
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield import common as shield
from ansible_collections.bunnynet.cloud.tests.simulator.areas import shield_openapi


def document(schemas=None, paths=None, **extra):
    body = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": paths or {}}
    if schemas is not None:
        body["components"] = {"schemas": schemas}
    body.update(extra)
    return body


def obj(**properties):
    return {"type": "object", "properties": properties}


def ref(name):
    return {"$ref": "#/components/schemas/" + name}


STRING = {"type": "string"}

# The counting rules, one case each: (document, depth). Both implementations must give the depth.
DEPTHS = {
    "no schemas": (document(), 0),
    "a string": (document({"S": STRING}), 0),
    "an object of strings": (document({"O": obj(a=STRING)}), 1),
    "an array of strings": (document({"A": {"type": "array", "items": STRING}}), 1),
    "an array of objects": (document({"A": {"type": "array", "items": obj(a=STRING)}}), 2),
    "the deepest property counts": (document({"O": obj(flat=STRING, deep=obj(deeper=obj(x=STRING)))}), 3),
    "a $ref is one level and continues into its target": (document({"A": obj(b=ref("B")), "B": obj(c=STRING)}), 3),
    "a chain of $refs": (document({"A": ref("B"), "B": ref("C"), "C": obj(x=STRING)}), 3),
    "a $ref that leads nowhere is one level": (document({"A": obj(b=ref("Missing"))}), 2),
    "a remote $ref is one level": (document({"A": {"$ref": "other.yaml#/Pet"}}), 1),
    "allOf, anyOf and oneOf add no level": (
        document({"A": {"allOf": [obj(x=STRING)], "anyOf": [{"oneOf": [obj(y=obj(z=STRING))]}]}}), 2),
    "not and additionalProperties add no level": (
        document({"A": {"not": obj(x=STRING), "additionalProperties": obj(y=obj(z=STRING))}}), 2),
    "a schema that refers to itself counts its loop once": (
        document({"Node": obj(children={"type": "array", "items": ref("Node")})}), 3),
    "a $ref into a recursive schema adds the loop once": (
        document({"Tree": obj(root=ref("Node")), "Node": obj(children={"type": "array", "items": ref("Node")})}), 5),
    "mutually recursive schemas count the loop once": (
        document({"A": obj(b=ref("B")), "B": obj(a=ref("A"))}), 2),
    "inside a loop, a $ref to another recursive schema is one level": (
        document({"A": obj(b=ref("B"), n=ref("Node")), "B": obj(a=ref("A")), "Node": obj(next=ref("Node"))}), 2),
    "a request body schema counts, with what it refers to": (
        document({"O": obj(x=STRING)}, {"/o": {"post": {"requestBody": {"content": {"application/json": {"schema": {"items": ref("O")}}}}}}}), 3),
    "a response schema counts": (
        document(None, {"/o": {"get": {"responses": {"200": {"content": {"text/yaml": {"schema": obj(a=obj(b=STRING))}}}}}}}), 2),
    "a parameter schema counts": (
        document(None, {"/o": {"parameters": [{"name": "f", "in": "query", "schema": obj(a=obj(b=obj(c=STRING)))}], "get": {}}}), 3),
    "a request body given by $ref counts through it without a level": (
        document(None, {"/o": {"post": {"requestBody": {"$ref": "#/components/requestBodies/Order"}}}},
                 components={"requestBodies": {"Order": {"content": {"application/json": {"schema": obj(a=STRING)}}}}}), 1),
    "schemas of extension keys of paths do not count, nor stop the paths after them": (
        document(None, {"x-note": {"get": {"responses": {"200": {"content": {"a/b": {"schema": obj(a=obj(b=STRING))}}}}}},
                        "/a": {"get": {"responses": {"200": {"content": {"a/b": {"schema": obj(a=STRING)}}}}}}}), 1),
}
# Each keyword that adds no level, alone holding the deepest schema.
DEPTHS.update({
    "%s adds no level" % keyword: (document({"A": {keyword: [obj(y=obj(z=STRING))]}}), 2) for keyword in ("allOf", "anyOf", "oneOf")
})
DEPTHS.update({
    "%s adds no level" % keyword: (document({"A": {keyword: obj(y=obj(z=STRING))}}), 2) for keyword in ("not", "additionalProperties")
})
DEPTHS.update({
    "a $ref to a name holding / and ~ follows the escapes": (document({"A": ref("a~1b~0c"), "a/b~c": obj(x=STRING)}), 2),
    "a recursive schema whose name holds / and ~ counts its loop once": (document({"a/b~c": obj(next=ref("a~1b~0c"))}), 2),
    "a $ref to another file is one level, even when its path reads like a local one": (
        document({"A": {"$ref": "./components/schemas/B"}, "B": obj(c=obj(d=STRING))}), 2),
    "a $ref into mutually recursive schemas adds their loop once": (
        document({"T": obj(a=ref("A")), "A": obj(b=ref("B")), "B": obj(a=ref("A"))}), 4),
    "a loop of three schemas counts once": (document({"A": obj(x=ref("B")), "B": obj(x=ref("C")), "C": obj(x=ref("A"))}), 2),
    "a loop reached through a chain of $refs counts once": (
        document({"Top": obj(r=ref("R")), "R": obj(a=ref("A")), "A": obj(b=ref("B")), "B": obj(a=ref("A"))}), 6),
    "a loop listed before the chain that reaches it counts once": (
        document({"A": obj(b=ref("B")), "B": obj(a=ref("A")), "R": obj(a=ref("A")), "Top": obj(r=ref("R"))}), 6),
    "a loop listed after schemas already measured counts once": (
        document({"C": obj(d=ref("D")), "D": obj(c=ref("C")), "X": ref("Y"), "Top": ref("X"), "Y": STRING}), 2),
    "a path item given by $ref has its schemas counted": (
        document(None, {"/a": {"$ref": "#/x-items/a"}},
                 **{"x-items": {"a": {"get": {"responses": {"200": {"content": {"a/b": {"schema": obj(a=obj(b=STRING))}}}}}}}}), 2),
    "an operation's parameter schema counts": (
        document(None, {"/o": {"get": {"parameters": [{"name": "f", "in": "query", "schema": obj(a=obj(b=STRING))}]}}}), 2),
    "a parameter given by $ref counts": (
        document(None, {"/o": {"get": {"parameters": [{"$ref": "#/components/parameters/F"}]}}},
                 components={"parameters": {"F": {"name": "f", "in": "query", "schema": obj(a=obj(b=STRING))}}}), 2),
    "a parameter's content schema counts": (
        document(None, {"/o": {"get": {"parameters": [{"name": "f", "in": "query", "content": {"a/b": {"schema": obj(a=obj(b=STRING))}}}]}}}), 2),
    "a response given by $ref counts": (
        document(None, {"/o": {"get": {"responses": {"200": {"$ref": "#/components/responses/R"}}}}},
                 components={"responses": {"R": {"content": {"a/b": {"schema": obj(a=obj(b=STRING))}}}}}), 2),
})


@pytest.mark.parametrize(("body", "depth"), DEPTHS.values(), ids=DEPTHS.keys())
def test_the_module_counts_nesting_depth_by_the_documented_rules(body, depth):
    assert api_guardian.read_document(json.dumps(body)).nesting_depth == depth


@pytest.mark.parametrize(("body", "depth"), DEPTHS.values(), ids=DEPTHS.keys())
def test_the_simulator_counts_nesting_depth_as_the_module_does(body, depth):
    assert shield_openapi.parse_specification(json.dumps(body)).nesting_depth == depth


def test_a_yaml_alias_that_contains_itself_is_not_followed_round_again():
    content = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Loop: &loop {type: object, properties: {again: *loop}}\n"

    assert api_guardian.read_document(content).nesting_depth == 1


def test_schemas_shared_through_yaml_aliases_are_measured_once():
    # Each level refers to the one below twice: walked naively, 2 ** 40 paths.
    lines = ["openapi: 3.0.0", "info: {title: t, version: '1'}", "paths: {}", "components:", "  schemas:", "    Level0: &l0 {type: string}"]
    lines += ["    Level%d: &l%d {type: object, properties: {a: *l%d, b: *l%d}}" % (level, level, level - 1, level - 1) for level in range(1, 41)]
    started = time.monotonic()

    depth = api_guardian.read_document("\n".join(lines)).nesting_depth

    assert depth == 40
    # Walked naively it would not end in a lifetime; measured once, it takes milliseconds even on a busy machine.
    assert time.monotonic() - started < 30


def test_schemas_shared_through_refs_are_measured_once():
    schemas = {"L0": STRING}
    schemas.update({"L%d" % level: obj(a=ref("L%d" % (level - 1)), b=ref("L%d" % (level - 1))) for level in range(1, 41)})
    started = time.monotonic()

    depth = api_guardian.read_document(json.dumps(document(schemas))).nesting_depth

    assert depth == 80
    assert time.monotonic() - started < 30


def test_schemas_shared_by_a_parsed_mapping_are_counted_as_its_text_is():
    # A template can give one object in several places; the loop through A and B is still seen.
    shared = {"type": "string"}
    body = document({"A": obj(b=ref("B"), first=shared, second=shared), "B": obj(a=ref("A"))})

    assert api_guardian.read_document(body).nesting_depth == api_guardian.read_document(json.dumps(body)).nesting_depth == 2


def test_a_document_nested_beyond_reading_is_refused_not_crashed():
    deep = "{items: " * 3000 + "{type: string}" + "}" * 3000
    content = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents: {schemas: {Deep: %s}}\n" % deep

    # Refused naming the option, whichever gives up first: the count of the schemas' depth, or the YAML
    # reader itself (PyYAML 6.0.4 and later limit nesting, in words of their own).
    with pytest.raises(api_guardian.NotOpenApi) as refused:
        api_guardian.read_document(content)
    assert str(refused.value).startswith("content ")


# Reading the document


def test_yaml_scalars_are_read_as_the_text_they_are_written_as():
    content = "openapi: 3.1\ninfo:\n  title: 2024\n  version: 1.10\npaths: {}\n"

    read = api_guardian.read_document(content)

    assert (read.title, read.version) == ("2024", "1.10")


def test_yaml_merge_keys_keep_their_meaning():
    content = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\nx-get: &get {responses: {}}\npaths:\n  /a:\n    get:\n      <<: *get\n"

    assert set(api_guardian.read_document(content).operations) == {("GET", "/a")}


def test_the_text_given_is_what_is_uploaded():
    content = "# our API\n" + json.dumps(document())

    assert api_guardian.read_document(content).text == content


def test_operations_are_method_and_path_pairs_of_every_http_method():
    paths = {"/a": {method: {} for method in api_guardian.HTTP_METHODS}, "/b": {"summary": "no operation here", "parameters": []}}

    operations = api_guardian.read_document(json.dumps(document(paths=paths))).operations

    assert sorted(operations) == sorted(("%s" % method.upper(), "/a") for method in api_guardian.HTTP_METHODS)


def test_extension_keys_of_paths_are_skipped_and_the_paths_after_them_read():
    paths = {"x-note": {"get": {}}, "/a": {"get": {}}}

    assert set(api_guardian.read_document(json.dumps(document(paths=paths))).operations) == {("GET", "/a")}


def test_a_path_item_whose_ref_chain_loops_has_no_operations():
    body = document(paths={"/a": {"$ref": "#/x-items/a"}, "/b": {"get": {}}}, **{"x-items": {"a": {"$ref": "#/x-items/b"}, "b": {"$ref": "#/x-items/a"}}})

    assert set(api_guardian.read_document(json.dumps(body)).operations) == {("GET", "/b")}


def test_text_yaml_cannot_begin_to_read_fails_as_neither_json_nor_yaml():
    # A lone surrogate cannot be encoded for the parser, so making the loader fails already.
    with pytest.raises(api_guardian.NotOpenApi, match="^content is neither JSON nor YAML: "):
        api_guardian.read_document("openapi: 3.0.0\ninfo: \ud800\n")


def test_a_yaml_error_is_told_on_one_line_with_its_position():
    with pytest.raises(api_guardian.NotOpenApi) as refused:
        api_guardian.read_document("openapi: [3.0\ninfo: x\n")

    message = str(refused.value)
    assert message.startswith("content is neither JSON nor YAML: while parsing a flow sequence")
    assert "line 1, column 10" in message
    assert "\n" not in message and "  " not in message


def test_a_path_item_given_by_ref_has_its_operations():
    body = document(paths={"/a": {"$ref": "#/x-items/a"}}, **{"x-items": {"a": {"get": {}}}})

    assert set(api_guardian.read_document(json.dumps(body)).operations) == {("GET", "/a")}


SECURED = {"components": {"securitySchemes": {"key": {"type": "apiKey", "name": "X-Key", "in": "header"}}}}


@pytest.mark.parametrize("components", [None, {}, {"securitySchemes": ["key"]}], ids=["no components", "no schemes", "schemes not a mapping"])
def test_an_operation_in_a_document_without_security_schemes_requires_no_authorization(components):
    body = document(paths={"/a": {"get": {"security": [{"key": []}]}}})
    if components is not None:
        body["components"] = components

    assert api_guardian.read_document(json.dumps(body)).operations == {("GET", "/a"): False}


@pytest.mark.parametrize(
    ("root_security", "operation", "requires"),
    [
        (None, {}, False),
        (None, {"security": [{"key": []}]}, True),
        ([{"key": []}], {}, True),
        ([{"key": []}], {"security": []}, False),
        (None, {"security": [{}]}, False),
        (None, {"security": [{"undefined": []}]}, False),
    ],
    ids=["none", "the operation's", "the document's", "the operation opts out", "anonymous allowed", "an undefined scheme"],
)
def test_an_operation_requires_authorization_when_a_requirement_names_a_defined_scheme(root_security, operation, requires):
    body = document(paths={"/a": {"get": operation}}, **SECURED)
    if root_security is not None:
        body["security"] = root_security

    assert api_guardian.read_document(json.dumps(body)).operations == {("GET", "/a"): requires}


@pytest.mark.parametrize(
    ("root_security", "operation"),
    [(None, {"security": [{"key": []}]}), ([{"key": []}], {"security": []}), (None, {"security": [{"undefined": []}]})],
    ids=["the operation's", "the operation opts out", "an undefined scheme"],
)
def test_the_simulator_enforces_authorization_where_the_module_expects_it(root_security, operation):
    body = document(paths={"/a": {"get": operation}}, **SECURED)
    if root_security is not None:
        body["security"] = root_security

    simulated = shield_openapi.parse_specification(json.dumps(body)).endpoints[0]["authSchemes"]
    assert bool(simulated) is api_guardian.read_document(json.dumps(body)).operations[("GET", "/a")]


# Shield's envelope and the projections


def test_envelope_data_unwraps_an_envelope_and_passes_anything_else():
    assert shield.envelope_data({"error": {"success": True}, "data": {"a": 1}}) == {"a": 1}
    assert shield.envelope_data({"configuration": {}}) == {"configuration": {}}
    assert shield.envelope_data({"data": {"a": 1}}) == {"data": {"a": 1}}
    assert shield.envelope_data(None) is None


def test_endpoints_are_shown_sorted_by_path_and_method():
    guardian = {"configuration": {}, "endpoints": [
        {"apiGuardianEndpointId": 1, "requestMethod": "POST", "requestPath": "/b"},
        {"apiGuardianEndpointId": 2, "requestMethod": "GET", "requestPath": "/b"},
        {"apiGuardianEndpointId": 3, "requestMethod": "GET", "requestPath": "/a"},
    ]}

    assert [endpoint["api_guardian_endpoint_id"] for endpoint in api_guardian.project_guardian(guardian)["endpoints"]] == [3, 2, 1]


@pytest.mark.parametrize("maximum", [0, None, True])
def test_a_maximum_that_states_no_limit_refuses_nothing(maximum):
    read = api_guardian.read_document(json.dumps(document({"O": obj(a=obj(b=STRING))}, {"/a": {"get": {}}})))

    assert api_guardian.limit_problems(read, {"configuration": {"maxEndpoints": maximum, "maxNestingDepth": maximum}}) == []


def test_a_maximum_of_one_is_a_limit():
    read = api_guardian.read_document(json.dumps(document({"O": obj(a=obj(b=STRING))}, {"/a": {"get": {}}, "/b": {"get": {}}})))

    assert len(api_guardian.limit_problems(read, {"configuration": {"maxEndpoints": 1, "maxNestingDepth": 1}})) == 2


def test_operations_added_and_removed_are_listed_by_path_then_method():
    paths = {"/b": {"get": {}}, "/a": {method: {} for method in ("put", "get", "delete", "post", "patch")}}
    read = api_guardian.read_document(json.dumps(document(paths=paths)))
    guardian = {"endpoints": [{"requestMethod": "GET", "requestPath": "/c"}, {"requestMethod": "DELETE", "requestPath": "/c"}]}

    assert api_guardian.operation_changes(guardian, read) == (
        ["DELETE /a", "GET /a", "PATCH /a", "POST /a", "PUT /a", "GET /b"], ["DELETE /c", "GET /c"])


def shield_error(status, key):
    body = {"error": {"success": False, "message": "m", "errorKey": key}, "data": None}
    return BunnyApiError("PATCH", "/shield/shield-zone/4/api-guardian/spec", status, body)


def test_a_missing_zone_is_named():
    assert shield.zone_error_describer(4)(shield_error(404, "not_found")) == "Shield zone 4 was not found (HTTP 404)."


def test_a_404_with_a_key_of_its_own_keeps_the_api_sentence():
    assert shield.zone_error_describer(4)(shield_error(404, "api_guardian.specification_not_found")) is None


# Bot detection


def test_a_configuration_without_some_sections_is_projected_with_what_it_has():
    assert bot_detection.project_bot_detection({"executionMode": 1, "ipAddress": None}) == {"execution_mode": "challenge", "ip_address": None}


def test_the_patch_body_carries_every_value_set_past_unset_ones():
    # A setting added to the API after this module, and a number the names do not cover, go back as read.
    predicted = {
        "execution_mode": 5,
        "request_integrity": None,
        "ip_address": {"sensitivity": None, "future_setting_name": "low"},
        "browser_fingerprint": {"sensitivity": "off", "aggression": 9, "complex_enabled": True},
    }

    assert bot_detection.bot_detection_request(predicted, 4) == {
        "shieldZoneId": 4,
        "executionMode": 5,
        "ipAddress": {"futureSettingName": "low"},
        "browserFingerprint": {"sensitivity": 0, "aggression": 9, "complexEnabled": True},
    }
