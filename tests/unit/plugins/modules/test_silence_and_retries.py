"""An API that never answers is given up within two timeouts with advice that helps; retries leave a trace in the result."""

import time

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core import module as module_base
from ansible_collections.bunnynet.cloud.plugins.modules import pullzone_hostname, pullzone_info
from ansible_collections.bunnynet.cloud.tests.simulator.server import SimulatorServer
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

ZONE = {"Id": 7, "Name": "assets"}
# Far longer than any bound below: a client that waited for the answers would be seen waiting.
HUNG_MS = 30000


@pytest.fixture
def hung_api():
    """A simulator of the test's own whose every answer is held back: its unanswered requests end with it."""
    with SimulatorServer(fixtures=dict(pull_zones=[ZONE])) as server:
        server.add_fault(path="^/", delay_ms=HUNG_MS)
        yield server


def hung_args(server, **options):
    # The default api_retries (5) stays: silence must end the run, not the retry budget.
    return dict(dict(api_url=server.url, api_key=server.api_key, api_timeout=1), **options)


def test_an_api_that_never_answers_a_read_is_given_up_after_two_timeouts_with_what_to_check(hung_api):
    started = time.monotonic()
    result = run_module(pullzone_info, hung_args(hung_api, id=7))
    elapsed = time.monotonic() - started

    # It gave up before the first answer came (the attempts and the silence are in the message).
    assert elapsed < HUNG_MS / 1000
    assert result["failed"] is True
    assert result["msg"] == (
        "GET /pullzone/7 got no answer from the API at %s: it did not answer within api_timeout (1 seconds) on 2 attempts, "
        "2 seconds of silence in all. Check api_url, and any proxy or firewall between this host and the API; if the API is "
        "only slow, raise api_timeout (and api_silence_limit, which ends the wait)." % hung_api.url)
    assert "api_retries" not in result["msg"]


def test_a_write_the_api_never_answers_is_sent_again_only_within_the_same_two_timeouts():
    with SimulatorServer(fixtures=dict(pull_zones=[ZONE])) as server:
        server.add_fault(method="POST", path="^/", delay_ms=HUNG_MS)
        started = time.monotonic()
        # Reads must answer within api_timeout on a busy machine too.
        result = run_module(pullzone_hostname, hung_args(server, pull_zone_id=7, hostnames=["cdn.example.com"], api_timeout=3))
        elapsed = time.monotonic() - started
        requests = server.requests()

    # The add goes unanswered; a read shows it not applied, so it is sent once more; its silence ends the run
    # (on a busy machine a slow read may use up part of the patience instead).
    assert elapsed < HUNG_MS / 1000
    assert result["failed"] is True
    assert "got no answer from the API" in result["msg"]
    assert [request["method"] for request in requests].count("POST") in (1, 2)
    assert len([request for request in requests if request["status"] is None]) <= 2


def test_the_silence_limit_is_one_option_a_user_can_raise(hung_api):
    result = run_module(pullzone_info, hung_args(hung_api, id=7, api_silence_limit=3))

    assert "on 3 attempts, 3 seconds of silence in all" in result["msg"]


def test_a_refused_port_still_fails_at_once_naming_the_url():
    result = run_module(pullzone_info, dict(api_url="http://127.0.0.1:9", api_key="key", id=7))

    # The default api_retries (5) is not spent on a refused port: three attempts, then the URL is blamed.
    assert "after 3 attempts: api_url is wrong or the service is down" in result["msg"]


def test_a_retried_request_says_so_in_the_result_without_its_headers(simulator):
    simulator.load(pull_zones=[ZONE])
    simulator.fault(method="GET", path="^/pullzone/7$", status=429, retry_after=1, count=1)

    result = run_module(pullzone_info, simulator.api_args(id=7, api_retries=2))

    assert result["pull_zones"][0]["name"] == "assets"
    [retried] = result["retried"]
    assert (retried["request"], retried["attempts"], retried["reasons"]) == ("GET /pullzone/7", 2, ["HTTP 429"])
    assert 0.9 <= retried["waited_seconds"] <= 3
    assert simulator.key not in str(result)
    assert not result.get("warnings")


def test_a_long_wait_is_a_warning_too(simulator, monkeypatch):
    monkeypatch.setattr(module_base, "LONG_WAIT_SECONDS", 0.5)
    simulator.load(pull_zones=[ZONE])
    simulator.fault(method="GET", path="^/pullzone/7$", status=503, count=1)
    simulator.fault(method="GET", path="^/pullzone/7$", status=429, retry_after=1, count=1)

    result = run_module(pullzone_info, simulator.api_args(id=7, api_retries=3))

    assert result["retried"][0]["reasons"] == ["HTTP 503", "HTTP 429"]
    assert [warning if isinstance(warning, str) else warning["event"]["msg"] for warning in result["warnings"]] == [
        "The API made this task wait 1 seconds in all, for 1 requests sent again (see the result's retried): "
        "GET /pullzone/7: HTTP 503, HTTP 429."]


def test_a_lost_write_answer_is_in_the_result_with_what_the_read_found(simulator):
    simulator.load(pull_zones=[ZONE])
    simulator.fault(method="POST", path="/addHostname$", drop_connection=True, apply=True, count=1)

    result = run_module(pullzone_hostname, simulator.api_args(pull_zone_id=7, hostnames=["cdn.example.com"]))

    assert result["changed"] is True
    assert {"request": "POST /pullzone/7/addHostname", "attempts": None, "reasons": ["answer lost: a read showed it applied"],
            "waited_seconds": 0.0} in result["retried"]


def test_a_run_without_retries_has_no_trace(simulator):
    simulator.load(pull_zones=[ZONE])

    assert "retried" not in run_module(pullzone_info, simulator.api_args(id=7))
