"""The HTTP client against a scripted server: every exchange is exactly the one the test wrote."""

import json
import time

import pytest
from urllib3.util.retry import RequestHistory

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import (
    BACKOFF_CAP_SECONDS,
    ERROR_TEXT_CAP,
    RETRY_AFTER_CAP_SECONDS,
    USER_AGENT,
    ApiRetry,
    BunnyApiError,
    BunnyClient,
    build_path,
    describe_error_body,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.module_utils.scripted_api import API_KEY


def client_for(api, retries=3):
    return BunnyClient(api_key=API_KEY, api_url=api.url, timeout=5, retries=retries, backoff_factor=0)


def test_sends_the_key_the_user_agent_and_json(api):
    api.answer(200, {"id": "app-1"})
    client_for(api).request("PATCH", "/mc/apps/app-1", json={"name": "web"})

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

    assert client_for(api).request("POST", "/compute/script", json={"Name": "x"}) == {"Id": 1}
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


@pytest.mark.parametrize("method", ["POST", "PATCH", "PUT", "DELETE"])
def test_a_gateway_error_on_a_write_is_not_resent_and_leaves_the_outcome_open(api, method):
    api.answer(503, {"title": "Service Unavailable"})
    api.answer(200, {})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).request(method, "/mc/apps/app-1/restart")

    assert len(api.received) == 1
    assert failure.value.attempts == 1
    assert failure.value.outcome_unknown is True
    assert "attempts" not in str(failure.value)


def test_a_refused_write_has_a_known_outcome(api):
    api.answer(400, {"ErrorKey": "validation_error", "Message": "Name is required."})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).request("POST", "/compute/script", json={})

    assert failure.value.outcome_unknown is False


def test_a_failed_read_never_leaves_an_outcome_open(api):
    for _attempt in range(2):
        api.answer(503, {})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=1).get("/mc/apps/app-1")

    assert failure.value.outcome_unknown is False


def test_a_connection_dropped_after_a_write_was_sent_leaves_the_outcome_open(api):
    api.answer(None)

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).request("POST", "/pullzone/1/addHostname", json={"Hostname": "a.example"})

    assert len(api.received) == 1
    assert failure.value.outcome_unknown is True
    assert failure.value.status is None
    assert "connection closed before an answer arrived" in str(failure.value)


def test_a_dropped_read_is_sent_again(api):
    api.answer(None)
    api.answer(200, {"Id": 1})

    assert client_for(api).get("/pullzone/1") == {"Id": 1}
    assert len(api.received) == 2


def test_a_write_that_never_connected_has_a_known_outcome():
    client = BunnyClient(api_key=API_KEY, api_url="http://127.0.0.1:9", timeout=2, retries=1, backoff_factor=0)

    with pytest.raises(BunnyApiError) as failure:
        client.request("POST", "/compute/script", json={"Name": "x"})

    assert failure.value.outcome_unknown is False
    assert failure.value.attempts == 2
    assert "could not connect to http://127.0.0.1:9" in str(failure.value)


def test_a_slow_answer_fails_after_api_timeout_with_a_sentence_naming_it(api):
    api.answer(200, {}, delay=3)
    client = BunnyClient(api_key=API_KEY, api_url=api.url, timeout=1, retries=0, backoff_factor=0)

    started = time.monotonic()
    with pytest.raises(BunnyApiError) as failure:
        client.request("PATCH", "/mc/apps/app-1", json={"name": "x"})

    assert time.monotonic() - started < 2.5
    assert "no answer within api_timeout (1 seconds)" in str(failure.value)
    assert failure.value.outcome_unknown is True


def test_the_retry_budget_of_one_request_can_be_narrowed(api):
    for _attempt in range(5):
        api.answer(429, {}, {"Retry-After": "0"})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=4).request("POST", "/compute/script", json={}, retries=1)

    assert len(api.received) == 2
    assert failure.value.attempts == 2


def test_only_writes_the_api_accepted_are_counted(api):
    api.answer(200, {})
    api.answer(204, None)
    api.answer(400, {"Message": "no"})
    client = client_for(api)

    client.get("/pullzone/1")
    client.request("POST", "/pullzone/1/addHostname", json={"Hostname": "a.example"})
    with pytest.raises(BunnyApiError):
        client.request("POST", "/pullzone/1/addHostname", json={"Hostname": "b.example"})

    assert client.applied_writes == 1


def test_rate_limits_that_outlast_the_retries_say_how_to_wait_longer(api):
    for _attempt in range(3):
        api.answer(429, {"title": "Too Many Requests"}, {"Retry-After": "0"})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=2).request("POST", "/pullzone/1/addHostname", json={"Hostname": "a.example"})

    assert str(failure.value) == (
        "POST /pullzone/1/addHostname was refused with HTTP 429 (the API's rate limit) on 3 attempts. "
        "Raise api_retries (2 now) to wait longer, or run fewer tasks against the API at once."
    )


def test_gateway_errors_that_outlast_the_retries_say_so(api):
    for _attempt in range(2):
        api.answer(503, {})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=1).get("/pullzone/1")

    assert str(failure.value) == (
        "GET /pullzone/1 failed with status 503: Service Unavailable after 2 attempts; "
        "raise api_retries (1 now) to give the API longer to recover."
    )


def test_a_redirect_is_reported_not_followed(api):
    api.answer(302, None, {"Location": "/elsewhere"})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).request("POST", "/compute/script", json={"Name": "x"})

    assert failure.value.status == 302
    assert [request["path"] for request in api.received] == ["/compute/script"]


def test_a_non_json_error_page_is_cut_short(api):
    api.answer(500, b"<html>" + b"x" * 5000 + b"</html>")

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).request("POST", "/compute/script", json={})

    assert len(failure.value.message) == ERROR_TEXT_CAP
    assert failure.value.message.startswith("<html>xxx")


def test_backoff_never_exceeds_its_cap():
    answers = tuple(RequestHistory("GET", "/", None, 503, None) for _attempt in range(30))
    policy = ApiRetry(total=50, backoff_factor=0.5, history=answers)

    assert BACKOFF_CAP_SECONDS / 2 <= policy.get_backoff_time() <= BACKOFF_CAP_SECONDS


class _Answer:
    def __init__(self, retry_after):
        self.headers = {"Retry-After": retry_after}

    def getheader(self, name, default=None):
        return self.headers.get(name, default)


@pytest.mark.parametrize("retry_after, expected", [("5", 5.0), ("86400", RETRY_AFTER_CAP_SECONDS), ("0", 0.0)])
def test_retry_after_is_honoured_up_to_its_cap(retry_after, expected):
    assert ApiRetry(total=3).get_retry_after(_Answer(retry_after)) == expected


def test_502_on_patch_is_not_retried(api):
    api.answer(502, {})

    with pytest.raises(BunnyApiError):
        client_for(api).request("PATCH", "/mc/apps/app-1", json={})

    assert len(api.received) == 1


def test_error_details_give_status_message_and_field_errors(api):
    api.answer(400, {
        "title": "One or more validation errors occurred.",
        "status": 400,
        "detail": "The request is invalid.",
        "errors": [{"field": "autoScaling.min", "message": "must be between 1 and 1000"}],
    })

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).request("PATCH", "/mc/apps/app-1", json={"autoScaling": {"min": 0, "max": 1}})

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
        client_for(api).request("POST", "/pullzone/1/addHostname", json={"Hostname": "cdn.example.com"})

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

    assert client_for(api).request("POST", "/pullzone/1/addAllowedReferrer", json={"Hostname": "a.example"}) is None
