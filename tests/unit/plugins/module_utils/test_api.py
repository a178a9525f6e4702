"""The HTTP client against a scripted server: every exchange is exactly the one the test wrote."""

import json
import random
import time
from http.client import RemoteDisconnected

import pytest
import requests
from urllib3.exceptions import ConnectTimeoutError, DecodeError, MaxRetryError, NewConnectionError, ProtocolError, ReadTimeoutError, SSLError
from urllib3.util.retry import RequestHistory

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import (
    BACKOFF_CAP_SECONDS,
    ERROR_TEXT_CAP,
    RETRY_AFTER_CAP_SECONDS,
    UNREACHABLE_RETRIES,
    USER_AGENT,
    ApiRetry,
    BunnyApiError,
    BunnyClient,
    build_path,
    describe_error_body,
    is_shield_error,
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
    # The second attempt waited for Retry-After, not for much longer (the cap is far above).
    assert 0.9 <= waited < 15
    assert time.monotonic() - started >= 0.9


def test_429_without_retry_after_is_retried_after_the_clients_own_backoff(api):
    # Many rate limiters answer 429 without saying when to come back.
    for _attempt in range(2):
        api.answer(429, {"title": "Too Many Requests"})
    api.answer(200, {"id": 7})
    client = BunnyClient(api_key=API_KEY, api_url=api.url, timeout=5, retries=3, backoff_factor=0.5)

    assert client.get("/mc/registries/7") == {"id": 7}

    # As after a 503: the first retry at once, the second after 0.5 * 2 seconds, half of it jitter.
    first, second, third = (request["at"] for request in api.received)
    assert second - first < 0.4
    assert 0.5 <= third - second < 1.5


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
    assert str(failure.value) == (
        "POST /pullzone/1/addHostname failed: the connection closed before an answer arrived "
        "(Remote end closed connection without response)."
    )


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
    assert str(failure.value) == (
        "POST /compute/script failed: could not connect to http://127.0.0.1:9 ([Errno 111] Connection refused) "
        "after 2 attempts: api_url is wrong or the service is down; check api_url or BUNNYNET_API_URL."
    )


def test_a_refused_connection_is_tried_briefly_and_blames_the_url_not_the_retries():
    client = BunnyClient(api_key=API_KEY, api_url="http://127.0.0.1:9", timeout=2, retries=20)

    started = time.monotonic()
    with pytest.raises(BunnyApiError) as failure:
        client.get("/mc/registries")

    # Briefly: twenty retries with their backoff would take minutes; three attempts take well under a second.
    assert time.monotonic() - started < 15
    assert failure.value.attempts == 1 + UNREACHABLE_RETRIES
    assert failure.value.unreachable is True
    assert failure.value.retries_exhausted is False
    assert str(failure.value) == (
        "GET /mc/registries failed: could not connect to http://127.0.0.1:9 ([Errno 111] Connection refused) "
        "after 3 attempts: api_url is wrong or the service is down; check api_url or BUNNYNET_API_URL."
    )


def test_a_refused_connection_without_retries_is_tried_once():
    client = BunnyClient(api_key=API_KEY, api_url="http://127.0.0.1:9", timeout=2, retries=0)

    with pytest.raises(BunnyApiError) as failure:
        client.get("/mc/registries")

    assert failure.value.attempts == 1
    assert str(failure.value).endswith(": api_url is wrong or the service is down; check api_url or BUNNYNET_API_URL.")


def test_a_slow_answer_fails_after_api_timeout_with_a_sentence_naming_it(api):
    api.answer(200, {}, delay=3)
    client = BunnyClient(api_key=API_KEY, api_url=api.url, timeout=1, retries=0, backoff_factor=0)

    with pytest.raises(BunnyApiError) as failure:
        client.request("PATCH", "/mc/apps/app-1", json={"name": "x"})

    # Had the client waited for the answer (3 s), it would have succeeded.
    assert failure.value.attempts == 1
    assert "did not answer within api_timeout (1 seconds) on 1 attempt" in str(failure.value)
    assert failure.value.outcome_unknown is True


def test_the_retry_budget_of_one_request_can_be_narrowed(api):
    for _attempt in range(5):
        api.answer(429, {}, {"Retry-After": "0"})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=4).request("POST", "/compute/script", json={}, retries=1)

    assert len(api.received) == 2
    assert failure.value.attempts == 2


def test_rate_limits_that_outlast_the_retries_say_how_to_wait_longer_and_what_the_api_said(api):
    for _attempt in range(3):
        api.answer(429, {"title": "Too Many Requests", "detail": "At most 100 requests a minute on plan X."}, {"Retry-After": "0"})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=2).request("POST", "/pullzone/1/addHostname", json={"Hostname": "a.example"})

    assert str(failure.value) == (
        "POST /pullzone/1/addHostname was refused with HTTP 429 (the API's rate limit: At most 100 requests a minute on plan X) on 3 attempts. "
        "Raise api_retries (2 now) to wait longer, or run fewer tasks against the API at once."
    )


def test_rate_limits_that_outlast_the_retries_without_a_word_from_the_api_add_nothing_to_the_sentence(api):
    for _attempt in range(2):
        api.answer(429, None, {"Retry-After": "0"}, reason="")

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=1).request("GET", "/pullzone/1")

    assert str(failure.value) == (
        "GET /pullzone/1 was refused with HTTP 429 (the API's rate limit) on 2 attempts. "
        "Raise api_retries (1 now) to wait longer, or run fewer tasks against the API at once."
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


def refused():
    """urllib3's error for a refused connection, which says why in the socket error it was raised from."""
    error = NewConnectionError(None, "Failed to establish a new connection")
    error.__cause__ = ConnectionRefusedError(111, "Connection refused")
    return error


TRANSPORT_FAILURES = [
    (requests.ConnectionError(MaxRetryError(None, "/x", refused())),
     "could not connect to http://api.test ([Errno 111] Connection refused)", False),
    (requests.ConnectTimeout(MaxRetryError(None, "/x", ConnectTimeoutError(None, "timed out"))),
     "could not connect to http://api.test within api_timeout (7 seconds)", False),
    (requests.ReadTimeout(ReadTimeoutError(None, "/x", "Read timed out.")), "no answer within api_timeout (7 seconds)", True),
    (requests.ConnectionError(MaxRetryError(None, "/x", ReadTimeoutError(None, "/x", "Read timed out."))),
     "no answer within api_timeout (7 seconds)", True),
    (requests.exceptions.SSLError(MaxRetryError(None, "/x", SSLError("certificate verify failed"))),
     "the TLS connection to http://api.test failed (certificate verify failed); validate_certs=false turns "
     "certificate checks off, for test systems only", False),
    (requests.ConnectionError(ProtocolError("Connection aborted.", RemoteDisconnected("Remote end closed connection"))),
     "the connection closed before an answer arrived (Remote end closed connection)", True),
    (requests.exceptions.ContentDecodingError(DecodeError("could not decode the body")),
     "ContentDecodingError: could not decode the body", True),
]


@pytest.mark.parametrize("failure, sentence, sent", TRANSPORT_FAILURES, ids=[item[1].split(" (")[0] for item in TRANSPORT_FAILURES])
def test_a_failure_below_http_is_told_in_words_with_whether_it_reached_the_api(failure, sentence, sent):
    client = BunnyClient(api_key=API_KEY, api_url="http://api.test/", timeout=7, retries=2)

    assert client._transport_failure(failure) == (sentence, sent)


@pytest.mark.parametrize("suffix, path", [("/", "/mc/registries/1"), ("/gateway/X/", "/gateway/X/mc/registries/1")],
                         ids=["a slash", "a base path and a slash"])
def test_the_api_url_may_end_with_a_slash(api, suffix, path):
    api.answer(200, {"id": 1})
    client = BunnyClient(api_key=API_KEY, api_url=api.url + suffix, timeout=5, retries=0)

    client.get("/mc/registries/1")

    assert api.received[0]["path"] == path


def test_a_request_can_be_given_no_retries_at_all(api):
    api.answer(503, {})
    api.answer(200, {})

    with pytest.raises(BunnyApiError):
        client_for(api, retries=3).request("GET", "/pullzone/1", retries=0)

    assert len(api.received) == 1


def test_a_dropped_delete_is_not_resent(api):
    api.answer(None)
    api.answer(204, None)

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).request("DELETE", "/pullzone/1/removeHostname", json={"Hostname": "a.example"})

    assert len(api.received) == 1
    assert failure.value.outcome_unknown is True


# Certificate checks are off on purpose here; urllib3 warns about exactly that.
@pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning")
def test_gateway_errors_are_retried_over_https_too(tls_api):
    tls_api.answer(503, {})
    tls_api.answer(200, {"Id": 1})
    client = BunnyClient(api_key=API_KEY, api_url=tls_api.url, timeout=5, retries=2, validate_certs=False, backoff_factor=0)

    assert client.get("/pullzone/1") == {"Id": 1}


def test_retries_after_the_first_back_off(api):
    for _attempt in range(2):
        api.answer(503, {})
    api.answer(200, {})
    client = BunnyClient(api_key=API_KEY, api_url=api.url, timeout=5, retries=3, backoff_factor=0.5)

    client.get("/pullzone/1")

    # urllib3 retries the first failure at once; the second waits 0.5 * 2 seconds, half of it jitter.
    first, second, third = (request["at"] for request in api.received)
    assert second - first < 0.4
    assert third - second >= 0.5


@pytest.mark.parametrize("status", [300, 302])
def test_a_redirect_status_is_an_error(api, status):
    api.answer(status, None, {"Location": "/elsewhere"})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).get("/pullzone/1")

    assert failure.value.status == status


def test_a_refused_write_without_retries_does_not_suggest_more_retries(api):
    api.answer(400, {"ErrorKey": "validation_error", "Field": "Name", "Message": "Name is required."})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=0).request("POST", "/compute/script", json={})

    assert str(failure.value) == "POST /compute/script failed with status 400: Name is required (Name: Name is required)."


def test_an_unanswered_write_without_retries_does_not_suggest_more_retries(api):
    api.answer(503, {})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=0).request("POST", "/compute/script", json={})

    assert str(failure.value) == "POST /compute/script failed with status 503: Service Unavailable."


def test_one_rate_limited_attempt_is_counted_in_the_singular(api):
    api.answer(429, {})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=0).request("POST", "/compute/script", json={})

    assert "on 1 attempt." in str(failure.value)
    assert "(0 now)" in str(failure.value)


def test_every_accepted_write_is_remembered(api):
    client = client_for(api)
    api.answer(200, {})
    client.get("/pullzone/1")
    assert client.write_applied is False

    api.answer(204, None)
    client.request("POST", "/pullzone/1/addHostname", json={"Hostname": "a.example"})
    assert client.write_applied is True


def test_the_client_describes_itself_without_the_key(api):
    assert repr(client_for(api, retries=2)) == "BunnyClient(api_url=%r, timeout=5, retries=2)" % api.url


def test_page_lists_ask_for_the_largest_page_by_default(api):
    api.answer(200, {"Items": [], "HasMoreItems": False})

    assert list(client_for(api).paginate_pages("/compute/script")) == []
    assert api.received[0]["path"] == "/compute/script?perPage=1000&page=1"


def test_an_error_needs_only_a_method_and_a_path():
    error = BunnyApiError("GET", "/pullzone/1")

    assert str(error) == "GET /pullzone/1 failed."
    assert (error.status, error.attempts, error.outcome_unknown, error.retries_exhausted) == (None, 1, False, False)


def test_an_error_gives_every_detail_as_a_result():
    body = {"ErrorKey": "pullzone.hostname_already_registered", "Field": "Hostname", "Message": "Taken."}
    error = BunnyApiError("POST", "/pullzone/1/addHostname", 400, body, attempts=2)

    assert error.as_result() == {
        "status": 400,
        "api_error": {
            "method": "POST",
            "path": "/pullzone/1/addHostname",
            "message": "Taken.",
            "error_key": "pullzone.hostname_already_registered",
            "field_errors": [{"field": "Hostname", "message": "Taken."}],
            "attempts": 2,
            "body": body,
        },
    }


def test_field_errors_without_a_field_are_listed_by_message():
    body = {"title": "Invalid", "errors": [{"field": None, "message": "min must not exceed max"}, {"field": "name", "message": "too long"}]}

    assert str(BunnyApiError("PATCH", "/mc/apps/a", 400, body)) == (
        "PATCH /mc/apps/a failed with status 400: Invalid (min must not exceed max; name: too long)."
    )


def test_only_the_full_stops_that_end_the_api_s_sentences_are_dropped():
    body = {"title": "Not allowed on plan X.", "errors": [{"field": None, "message": "Too many on plan X."}, {"field": "tier", "message": "Must be X."}]}

    assert str(BunnyApiError("PATCH", "/mc/apps/a", 400, body)) == (
        "PATCH /mc/apps/a failed with status 400: Not allowed on plan X (Too many on plan X; tier: Must be X)."
    )


@pytest.mark.parametrize("body, expected", [
    ({"Message": "Not found.", "Field": None}, ("Not found.", None, [])),
    ({"ErrorKey": "not_found"}, ("", "not_found", [])),
    ({"ErrorKey": "x", "Message": None}, ("", "x", [])),
    ({"error": {"success": False, "errorKey": "zone.missing"}, "data": None}, ("", "zone.missing", [])),
    ({"errors": [{"field": "a"}]}, ("", None, [{"field": "a", "message": ""}])),
    ({"errors": {"Name": "is required"}}, ("", None, [{"field": "Name", "message": "is required"}])),
    (None, ("", None, [])),
])
def test_every_error_shape_gives_message_key_and_field_errors(body, expected):
    assert describe_error_body(body) == expected


@pytest.mark.parametrize("body, is_error", [
    ({"error": {"success": False, "errorKey": "k"}, "data": None}, True),
    ({"error": {"errorKey": "k"}, "data": None}, True),
    ({"error": {"message": "m"}}, True),
    ({"error": {"success": True, "message": "done", "errorKey": "ok"}, "data": {}}, False),
    ({"error": {"success": False, "message": None, "errorKey": None}, "data": {}}, False),
    ({"error": None, "data": {}}, False),
    ({"data": {"shieldZoneId": 1}}, False),
    ({"Id": 1}, False),
    ([{"error": {"errorKey": "k"}}], False),
])
def test_a_shield_envelope_is_an_error_only_when_it_carries_one(body, is_error):
    assert is_shield_error(body) is is_error


def test_the_first_retry_is_immediate():
    policy = ApiRetry(total=5, backoff_factor=0.5, history=(RequestHistory("GET", "/", None, 503, None),))

    assert policy.get_backoff_time() == 0


def test_no_history_means_no_wait():
    assert ApiRetry(total=5, backoff_factor=0.5).get_backoff_time() == 0


def test_backoff_waits_between_half_and_all_of_the_exponential_delay():
    answers = tuple(RequestHistory("GET", "/", None, 503, None) for _attempt in range(3))
    policy = ApiRetry(total=5, backoff_factor=0.25, history=answers)
    random.seed(4)

    waits = [policy.get_backoff_time() for _sample in range(200)]

    # 0.25 * 2 ** (3 - 1) = 1 second at most, 0.5 at least.
    assert 0.5 <= min(waits) < 0.6
    assert 0.9 < max(waits) <= 1.0


def test_a_post_declared_to_read_is_retried_after_a_gateway_error_and_is_no_write(api):
    api.answer(503, {})
    api.answer(200, {"digest": "sha256:" + "a" * 64})
    client = client_for(api)

    assert client.request("POST", "/mc/registries/digest", json={"tag": "1"}, reads=True) == {"digest": "sha256:" + "a" * 64}
    assert len(api.received) == 2
    assert client.write_applied is False


def test_a_post_declared_to_read_that_fails_has_a_known_outcome(api):
    api.answer(503, {})

    with pytest.raises(BunnyApiError) as failure:
        client_for(api, retries=0).request("POST", "/mc/registries/digest", json={"tag": "1"}, reads=True)

    assert failure.value.outcome_unknown is False
    assert failure.value.retries_exhausted is True


def test_a_plain_post_is_a_write_and_is_not_resent_after_a_gateway_error(api):
    api.answer(503, {})
    api.answer(200, {})
    client = client_for(api)

    with pytest.raises(BunnyApiError) as failure:
        client.request("POST", "/mc/registries/digest", json={"tag": "1"})

    assert failure.value.outcome_unknown is True
    assert len(api.received) == 1


# A 404 from whatever answers under a wrong api_url, told from the API's own "not found".


@pytest.mark.parametrize("body", [
    None, "Not Found", "<html><body>404 Not Found</body></html>", {"detail": "Not Found"},
    {"type": "about:blank", "title": "Not Found", "status": 404, "detail": "Not Found", "instance": "/api/pullzone"},
], ids=["empty", "text", "html", "bare detail", "router's problem details"])
def test_a_404_that_names_nothing_missing_names_the_base_url_and_says_it_may_be_wrong(api, body):
    api.answer(404, body, reason="Not Found")

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).get("/pullzone")

    assert str(failure.value).startswith("GET /pullzone failed with status 404: ")
    assert str(failure.value).endswith(
        ". The answer does not say which resource is missing: if the path's IDs are right, the base URL used, %s, may be wrong: "
        "check api_url (or BUNNYNET_API_URL); bunny.net's API is https://api.bunny.net." % api.url)
    assert failure.value.status == 404


MISSING = "The pull zone 7 was not found."


# Stream's and the database API's shapes are not read for a message: the status line's phrase stands for it.
@pytest.mark.parametrize(("body", "said"), [
    ({"ErrorKey": "pullzone.not_found", "Field": "", "Message": MISSING}, MISSING),
    ({"type": "about:blank", "title": "Not Found", "status": 404, "detail": MISSING}, MISSING),
    ({"error": {"success": False, "message": MISSING, "errorKey": "not_found"}, "data": None}, MISSING),
    ({"HttpCode": 404, "Message": MISSING}, MISSING),
    ({"success": False, "message": MISSING, "statusCode": 404}, "Not Found."),
    ({"error": MISSING, "details": None}, "Not Found."),
], ids=["legacy", "problem details", "shield", "storage", "stream", "database"])
def test_the_apis_own_404_for_a_missing_resource_keeps_its_wording_without_the_hint(api, body, said):
    api.answer(404, body, reason="Not Found")

    with pytest.raises(BunnyApiError) as failure:
        client_for(api).get("/pullzone/7")

    assert str(failure.value) == "GET /pullzone/7 failed with status 404: %s" % said
