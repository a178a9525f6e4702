"""Routing as on the vendor's stack: query names without regard to case, empty values as absent, 501 for what the simulator does not implement."""

import asyncio
import json

import pytest

from ansible_collections.bunnynet.cloud.tests.simulator.app import create_app
from ansible_collections.bunnynet.cloud.tests.simulator.vendor_facts import operations as vendor_operations
from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error

NOT_IMPLEMENTED = "simulator.not_implemented"


@pytest.fixture
def world(simulator):
    simulator.load_fixtures(
        {
            "pull_zones": [{"Id": 1, "Name": "assets", "Hostnames": [{"Value": "cdn.example.com", "Certificate": "Q0VSVA", "HasCertificate": True}]}],
            "edge_scripts": [{"Id": 1, "Name": "router", "LinkedPullZones": [{"Id": 1, "PullZoneName": "assets", "DefaultHostname": "assets.b-cdn.net"}]}],
            "shield_zones": [{"shieldZoneId": 1}],
        }
    )


def certificate_of(answer):
    assert answer.status_code == 200, answer.text
    return [hostname for hostname in answer.json()["Hostnames"] if hostname["Value"] == "cdn.example.com"][0]["Certificate"]


# Query parameter names bind without regard to case


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("name", ["includeLinkedPullzones", "includeLinkedPullZones", "INCLUDELINKEDPULLZONES"])
def test_a_query_parameter_name_binds_in_any_case(api, name):
    answer = api.get("/compute/script", params={name: "true"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["Items"][0]["LinkedPullZones"] == [{"Id": 1, "PullZoneName": "assets", "DefaultHostname": "assets.b-cdn.net"}]


@pytest.mark.usefixtures("world")
def test_a_script_list_without_the_parameter_leaves_the_linked_zones_out(api):
    assert api.get("/compute/script").json()["Items"][0]["LinkedPullZones"] == []


@pytest.mark.usefixtures("world")
def test_include_certificate_binds_in_any_case(api):
    assert certificate_of(api.get("/pullzone/1", params={"IncludeCertificate": "true"})) == "Q0VSVA"
    assert certificate_of(api.get("/pullzone/1")) is None


@pytest.mark.usefixtures("world")
def test_a_value_in_another_case_is_validated_as_the_declared_parameter(api):
    assert_legacy_error(api.get("/compute/script", params={"PERPAGE": "4"}), 400, field="perPage")


# An optional parameter sent empty is absent


@pytest.mark.usefixtures("world")
def test_empty_page_parameters_are_the_defaults(api):
    answer = api.get("/compute/script?page=&perPage=&search=")
    assert answer.status_code == 200, answer.text
    assert answer.json()["CurrentPage"] == 1
    assert [item["Name"] for item in answer.json()["Items"]] == ["router"]


@pytest.mark.usefixtures("world")
def test_an_empty_include_certificate_is_false(api):
    assert certificate_of(api.get("/pullzone/1?includeCertificate=")) is None


@pytest.mark.usefixtures("world")
def test_an_empty_required_parameter_is_missing(api):
    assert_legacy_error(api.post("/purge?url="), 400, field="url")


@pytest.mark.usefixtures("world")
def test_the_request_log_keeps_the_query_as_sent(simulator, api):
    simulator.clear_requests()
    api.get("/pullzone?Search=&page=1")
    assert simulator.requests()[0]["query"] == {"Search": "", "page": "1"}


# 501 for endpoints of the vendor's documents the simulator does not implement
#
# The simulator serves every operation of the documents it knows, so these tests give its router
# operations of their own that no route serves, and call the application in process.

FICTITIOUS = [
    ("core", "POST", "/pullzone/{id}/fictitiousOperation"),
    ("core", "GET", "/videolibrary/fictitious"),
    ("shield", "GET", "/shield/fictitious/{shieldZoneId}"),
    ("magic_containers", "GET", "/mc/fictitious"),
    ("stream", "GET", "/stream/library/{libraryId}/fictitious"),
    ("database", "GET", "/database/v1/fictitious"),
]


@pytest.fixture(scope="module")
def fictitious_app():
    app = create_app(operations=vendor_operations() + FICTITIOUS)
    app.state.load_fixtures({"pull_zones": [{"Id": 1, "Name": "assets"}]})
    return app


def call(app, method, path):
    """One request to the ASGI application: its status and its JSON body."""
    messages = []

    async def receive():
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message):
        messages.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http", "path": path,
        "raw_path": path.encode(), "query_string": b"", "root_path": "", "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80),
        "headers": [(b"accesskey", b"sim-api-key"), (b"content-type", b"application/json")],
    }  # fmt: skip
    asyncio.run(app(scope, receive, send))
    body = b"".join(message.get("body", b"") for message in messages if message["type"] == "http.response.body")
    return messages[0]["status"], json.loads(body)


NOT_SERVED = [
    ("POST", "/pullzone/1/fictitiousOperation", "legacy"),
    ("GET", "/shield/fictitious/1", "shield"),
    ("GET", "/mc/fictitious", "magic_containers"),
    ("GET", "/stream/library/1/fictitious", "stream"),
    ("GET", "/database/v1/fictitious", "database"),
]


@pytest.mark.parametrize(("method", "path", "shape"), NOT_SERVED, ids=[f"{method} {path}" for method, path, _shape in NOT_SERVED])
def test_an_endpoint_of_the_vendor_the_simulator_does_not_serve_answers_501_saying_so(fictitious_app, method, path, shape):
    status, body = call(fictitious_app, method, path)
    assert status == 501, body
    if shape == "legacy":
        assert set(body) == {"ErrorKey", "Field", "Message"} and body["ErrorKey"] == NOT_IMPLEMENTED
        message = body["Message"]
    elif shape == "shield":
        assert body["error"] == {"statusCode": 501, "success": False, "message": body["error"]["message"], "errorKey": NOT_IMPLEMENTED}
        message = body["error"]["message"]
    elif shape == "stream":
        assert body == {"success": False, "message": body["message"], "statusCode": 501}
        message = body["message"]
    elif shape == "database":
        assert set(body) == {"error", "details"}
        message = body["error"]
    else:
        assert body["status"] == 501
        message = body["detail"]
    assert "does not implement" in message and method in message


def test_a_501_names_the_vendor_template_and_is_logged(fictitious_app):
    fictitious_app.state.clear_request_log()
    status, body = call(fictitious_app, "POST", "/pullzone/1/fictitiousOperation")
    assert body["Message"] == "The simulator does not implement POST /pullzone/{id}/fictitiousOperation of the vendor's API."
    assert fictitious_app.state.logged_requests()[0]["status"] == status == 501


def test_a_literal_vendor_path_wins_over_a_served_template(fictitious_app):
    """A literal segment of the vendor's beats a parameter: `/videolibrary/fictitious` is not library id "fictitious"."""
    assert call(fictitious_app, "GET", "/videolibrary/fictitious")[0] == 501
    assert call(fictitious_app, "GET", "/videolibrary/abc")[0] == 400


@pytest.mark.usefixtures("world")
def test_a_resource_that_does_not_exist_on_a_served_path_stays_404(api):
    assert_legacy_error(api.get("/pullzone/99"), 404, key="not_found")
    assert_legacy_error(api.get("/compute/script/1/variables/99"), 404)


@pytest.mark.usefixtures("world")
def test_a_path_in_no_vendor_document_stays_404(api):
    assert api.get("/nothing/here").status_code == 404
    assert api.get("/pullzone/1/nothing").status_code == 404


@pytest.mark.usefixtures("world")
def test_a_method_the_vendor_does_not_have_on_a_served_path_is_not_501(api):
    assert api.patch("/pullzone/1", json={}).status_code == 405


# Methods: the HTTP server hands every method to routing


@pytest.mark.parametrize("method", ["DESCRIBE", "PURGE", "FROBNICATE"])
def test_a_method_no_route_takes_is_refused_by_routing_not_by_the_http_parser(api, method):
    assert_legacy_error(api.request(method, "/pullzone"), 405)
