"""The HTTP client against a scripted server: every exchange is exactly the one the test wrote."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import (
    USER_AGENT,
    BunnyApiError,
    BunnyClient,
    build_path,
    describe_error_body,
)

API_KEY = "k3y-that-must-never-leak-0000"


class ScriptedApi:
    """Answers requests from a queue of (status, body, headers) and records what it received."""

    def __init__(self):
        self.answers = []
        self.received = []
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw_body = self.rfile.read(length) if length else b""
                api.received.append({
                    "method": self.command,
                    "path": self.path,
                    "headers": dict(self.headers),
                    "body": json.loads(raw_body) if raw_body else None,
                    "at": time.monotonic(),
                    "client_port": self.client_address[1],
                })
                status, body, headers = api.answers.pop(0) if api.answers else (200, {}, {})
                payload = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _answer

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()

    def answer(self, status, body=None, headers=None):
        self.answers.append((status, body, headers or {}))

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def api():
    scripted = ScriptedApi()
    yield scripted
    scripted.close()


def client_for(api, retries=3):
    return BunnyClient(api_key=API_KEY, api_url=api.url, timeout=5, retries=retries, backoff_factor=0)


def test_sends_the_key_the_user_agent_and_json(api):
    api.answer(200, {"id": "app-1"})
    client_for(api).patch("/mc/apps/app-1", json={"name": "web"})

    request = api.received[0]
    assert request["headers"]["AccessKey"] == API_KEY
    assert request["headers"]["User-Agent"] == USER_AGENT
    assert request["headers"]["Accept"] == "application/json"
    assert request["body"] == {"name": "web"}


def test_one_session_reuses_one_connection(api):
    for _attempt in range(3):
        api.answer(200, {})
    client = client_for(api)
    for _attempt in range(3):
        client.get("/mc/registries")

    # Keep-alive: every request arrives on the connection the first one opened.
    assert len(api.received) == 3
    assert len({request["client_port"] for request in api.received}) == 1


def test_429_with_retry_after_is_retried_after_about_a_second(api):
    api.answer(429, {"title": "Too Many Requests"}, {"Retry-After": "1"})
    api.answer(200, {"id": 7})

    started = time.monotonic()
    body = client_for(api).get("/mc/registries/7")

    assert body == {"id": 7}
    assert len(api.received) == 2
    waited = api.received[1]["at"] - api.received[0]["at"]
    assert 0.9 <= waited < 3
    assert time.monotonic() - started >= 0.9


def test_429_is_retried_for_a_post_too(api):
    api.answer(429, {}, {"Retry-After": "0"})
    api.answer(200, {"Id": 1})

    assert client_for(api).post("/compute/script", json={"Name": "x"}) == {"Id": 1}
    assert [request["method"] for request in api.received] == ["POST", "POST"]


def test_retries_stop_at_api_retries_and_the_error_counts_the_attempts(api):
    for _attempt in range(10):
        api.answer(503, {"title": "Service Unavailable", "status": 503})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=2).get("/mc/apps/app-1")

    assert len(api.received) == 3
    assert failure.value.attempts == 3
    assert failure.value.status == 503
    assert "after 3 attempts" in str(failure.value)


def test_503_on_get_is_retried(api):
    api.answer(503, {})
    api.answer(200, {"id": "app-1"})

    assert client_for(api).get("/mc/apps/app-1") == {"id": "app-1"}
    assert len(api.received) == 2


def test_503_on_post_is_not_retried(api):
    api.answer(503, {"title": "Service Unavailable"})
    api.answer(200, {})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).post("/mc/apps/app-1/restart")

    assert len(api.received) == 1
    assert failure.value.attempts == 1
    assert "attempts" not in str(failure.value)


def test_502_on_patch_is_not_retried(api):
    api.answer(502, {})

    with pytest.raises(BunnyApiError):
        client_for(api).patch("/mc/apps/app-1", json={})

    assert len(api.received) == 1


def test_error_details_give_status_message_and_field_errors(api):
    api.answer(400, {
        "title": "One or more validation errors occurred.",
        "status": 400,
        "detail": "The request is invalid.",
        "errors": [{"field": "autoScaling.min", "message": "must be between 1 and 1000"}],
    })

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).patch("/mc/apps/app-1", json={"autoScaling": {"min": 0, "max": 1}})

    error = failure.value
    assert (error.status, error.message) == (400, "The request is invalid.")
    assert error.field_errors == [{"field": "autoScaling.min", "message": "must be between 1 and 1000"}]
    assert "autoScaling.min: must be between 1 and 1000" in str(error)


def test_problem_details_give_status_and_message(api):
    api.answer(404, {"type": "https://tools.ietf.org/html/rfc9110#section-15.5.5", "title": "Not Found", "status": 404})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).get("/mc/apps/nope")

    assert (failure.value.status, failure.value.message, failure.value.field_errors) == (404, "Not Found", [])
    assert failure.value.error_key == "https://tools.ietf.org/html/rfc9110#section-15.5.5"


def test_a_problem_without_a_type_has_no_error_key():
    assert describe_error_body({"type": "about:blank", "title": "Not Found", "status": 404}) == ("Not Found", None, [])


def test_legacy_error_gives_key_field_and_message(api):
    api.answer(400, {"ErrorKey": "pullzone.hostname_already_registered", "Field": "Hostname", "Message": "The hostname is already registered."})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).post("/pullzone/1/addHostname", json={"Hostname": "cdn.example.com"})

    error = failure.value
    assert error.status == 400
    assert error.error_key == "pullzone.hostname_already_registered"
    assert error.message == "The hostname is already registered."
    assert error.field_errors == [{"field": "Hostname", "message": "The hostname is already registered."}]


def test_shield_envelope_error_inside_a_2xx_is_an_error(api):
    api.answer(202, {"error": {"success": False, "message": "Not on this plan", "errorKey": "invalid_plan_type.bot_detection"}, "data": None})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).get("/shield/shield-zone/5/bot-detection")

    assert failure.value.status == 202
    assert failure.value.error_key == "invalid_plan_type.bot_detection"
    assert failure.value.message == "Not on this plan"


def test_shield_envelope_without_error_is_success(api):
    envelope = {"error": {"success": True, "message": None, "errorKey": None}, "data": {"shieldZoneId": 5}}
    api.answer(200, envelope)

    assert client_for(api).get("/shield/shield-zone/5/bot-detection") == envelope


def test_validation_problem_details_with_a_field_map_are_parsed():
    message, _error_key, field_errors = describe_error_body({"title": "Invalid", "errors": {"Name": ["is required", "is too short"]}})

    assert message == "Invalid"
    assert field_errors == [{"field": "Name", "message": "is required"}, {"field": "Name", "message": "is too short"}]


def test_page_lists_are_followed_to_the_last_page(api):
    api.answer(200, {"Items": [{"Id": 1}, {"Id": 2}], "CurrentPage": 1, "HasMoreItems": True})
    api.answer(200, {"Items": [{"Id": 3}, {"Id": 4}], "CurrentPage": 2, "HasMoreItems": True})
    api.answer(200, {"Items": [{"Id": 5}], "CurrentPage": 3, "HasMoreItems": False})

    items = list(client_for(api).paginate_pages("/compute/script", params={"type": 1}, per_page=2))

    assert [item["Id"] for item in items] == [1, 2, 3, 4, 5]
    assert [request["path"] for request in api.received] == [
        "/compute/script?type=1&perPage=2&page=1",
        "/compute/script?type=1&perPage=2&page=2",
        "/compute/script?type=1&perPage=2&page=3",
    ]


def test_cursor_lists_are_followed_to_the_last_page(api):
    api.answer(200, {"items": [{"id": "a"}, {"id": "b"}], "meta": {"totalItems": 5}, "cursor": "c2"})
    api.answer(200, {"items": [{"id": "c"}, {"id": "d"}], "meta": {"totalItems": 5}, "cursor": "c3"})
    api.answer(200, {"items": [{"id": "e"}], "meta": {"totalItems": 5}, "cursor": None})

    items = list(client_for(api).paginate_cursor("/mc/apps", limit=2))

    assert [item["id"] for item in items] == ["a", "b", "c", "d", "e"]
    assert [request["path"] for request in api.received] == [
        "/mc/apps?limit=2",
        "/mc/apps?limit=2&nextCursor=c2",
        "/mc/apps?limit=2&nextCursor=c3",
    ]


def test_a_path_parameter_cannot_change_the_request_path(api):
    api.answer(404, {"title": "Not Found", "status": 404})

    with pytest.raises(BunnyApiError):
        client_for(api).get(build_path("/mc/registries/{registry_id}", registry_id="../x"))

    assert api.received[0]["path"] == "/mc/registries/..%2Fx"


@pytest.mark.parametrize("hostile_id, expected_segment", [
    ("..", "%2E%2E"),
    (".", "%2E"),
    ("a/b?c=d#e", "a%2Fb%3Fc%3Dd%23e"),
    ("1 2", "1%202"),
])
def test_every_path_parameter_stays_one_segment(hostile_id, expected_segment):
    assert build_path("/mc/apps/{app_id}/restart", app_id=hostile_id) == "/mc/apps/%s/restart" % expected_segment


def test_a_connection_failure_is_an_api_error_with_its_attempts():
    client = BunnyClient(api_key=API_KEY, api_url="http://127.0.0.1:9", timeout=2, retries=1, backoff_factor=0)

    with pytest.raises(BunnyApiError) as failure:
        client.get("/mc/registries")

    assert failure.value.status is None
    assert failure.value.attempts == 2
    assert "GET /mc/registries failed" in str(failure.value)


def test_the_key_never_appears_in_an_error_a_result_or_a_repr(api):
    api.answer(401, {"title": "Unauthorized", "status": 401})
    client = client_for(api)

    with pytest.raises(BunnyApiError) as failure:
        client.get("/mc/registries")

    assert API_KEY not in str(failure.value)
    assert API_KEY not in repr(failure.value)
    assert API_KEY not in json.dumps(failure.value.as_result())
    assert API_KEY not in repr(client)


def test_an_empty_success_body_is_none(api):
    api.answer(204, None)

    assert client_for(api).post("/pullzone/1/addAllowedReferrer", json={"Hostname": "a.example"}) is None
