"""The module base's promises, checked with a small module of the test's own against the simulator.

The module adds allowed referrers to pull zone 1 (one POST each) and can read zone 2, which does
not exist, so a test can make a run fail after a write.
"""

import contextlib
import io
import json

import pytest
from ansible.module_utils._internal import _traceback
from ansible.module_utils.testing import patch_module_args

from ansible_collections.bunnynet.cloud.plugins.module_utils.core import module as module_base
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import AUTH_REFUSED, MASK, BunnyModule

ZONE = "/pullzone/1"
ADD_REFERRER = ZONE + "/addAllowedReferrer"


def referrers_module(module):
    """Add each referrer of ``referrers`` (confirmed by reading the zone), then read ``then_read``."""
    for referrer in module.params["referrers"]:
        module.write("POST", ADD_REFERRER, {"Hostname": referrer}, confirm=lambda referrer=referrer: referrer_listed(module, referrer))
    if module.params["then_read"]:
        module.client.get(module.params["then_read"])
    zone = module.client.get(ZONE)
    module.exit_resource(bool(module.params["referrers"]), {}, {"allowed_referrers": zone["AllowedReferrers"], "token": "t0ps3cret-token"})


def referrer_listed(module, referrer):
    module.confirmations.append(referrer)
    return referrer in module.client.get(ZONE)["AllowedReferrers"]


def run_base(simulator, action=referrers_module, diff=False, secret_keys=("token",), **args):
    """Run ``action`` in a BunnyModule with the simulator's credentials; returns (result, module)."""
    options = dict(referrers=[], then_read=None)
    options.update(args)
    module_args = dict(simulator.api_args(**options), _ansible_diff=diff)
    spec = dict(referrers=dict(type="list", elements="str"), then_read=dict(type="str"))
    output = io.StringIO()
    holder = {}
    with patch_module_args(module_args), contextlib.redirect_stdout(output), contextlib.suppress(SystemExit):
        module = BunnyModule(argument_spec=spec, result_key="zone", secret_keys=secret_keys)
        module.confirmations = []
        holder["module"] = module
        module.run(action)
    return json.loads(output.getvalue()), holder.get("module")


@pytest.fixture
def zone(simulator):
    simulator.load(pull_zones=[{"Id": 1, "Name": "assets"}])
    return simulator


def posts(simulator):
    return [entry["body"]["Hostname"] for entry in simulator.requests() if entry["method"] == "POST"]


def test_a_failure_after_an_applied_write_reports_changed(zone):
    result, _module = run_base(zone, referrers=["a.example"], then_read="/pullzone/2")

    assert result["failed"] is True
    assert result["status"] == 404
    assert result["changed"] is True


def test_a_failure_before_any_write_reports_unchanged(zone):
    result, _module = run_base(zone, then_read="/pullzone/2")

    assert (result["failed"], result["changed"]) == (True, False)


def test_a_write_whose_answer_was_lost_is_confirmed_by_reading_and_not_sent_twice(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=504, apply=True, count=1)

    result, module = run_base(zone, referrers=["a.example"])

    assert result["changed"] is True
    assert result["zone"]["allowed_referrers"] == ["a.example"]
    assert posts(zone) == ["a.example"]
    assert module.confirmations == ["a.example"]


def test_a_dropped_connection_after_the_write_is_confirmed_by_reading(zone):
    zone.fault(method="POST", path="addAllowedReferrer", drop_connection=True, apply=True, count=1)

    result, _module = run_base(zone, referrers=["a.example"])

    assert result["changed"] is True
    assert posts(zone) == ["a.example"]


def test_a_write_that_did_not_take_effect_is_sent_again(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=503, count=1)

    result, module = run_base(zone, referrers=["a.example"])

    assert result["zone"]["allowed_referrers"] == ["a.example"]
    assert posts(zone) == ["a.example", "a.example"]
    assert module.confirmations == ["a.example"]


def test_resending_stops_at_the_retry_budget_and_says_so(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=503)

    result, _module = run_base(zone, referrers=["a.example"], api_retries=2)

    assert result["failed"] is True
    assert posts(zone) == ["a.example"] * 3
    assert "after 3 attempts" in result["msg"]
    assert "raise api_retries (2 now)" in result["msg"]
    # Every read showed that nothing was applied.
    assert result["changed"] is False


def test_an_unknown_outcome_that_a_read_cannot_settle_says_so_and_reports_changed(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=504, apply=True, count=1)
    zone.fault(method="GET", path="^/pullzone/1$", status=500)

    result, _module = run_base(zone, referrers=["a.example"])

    assert result["failed"] is True
    assert result["changed"] is True
    assert result["msg"] == (
        "POST /pullzone/1/addAllowedReferrer may or may not have been applied: it got no clear answer "
        "(Injected fault: Gateway Timeout), and reading the resource to find out failed too (GET /pullzone/1 "
        "failed with status 500: Injected fault: Internal Server Error). Check the resource before running the task again."
    )
    assert posts(zone) == ["a.example"]


def test_a_refused_resend_is_settled_by_reading(zone):
    # The first answer is lost after the write took effect, and the first read misses it (a
    # replica behind, say); the resend is then refused. A second read settles it.
    zone.fault(method="POST", path="addAllowedReferrer", status=502, apply=True, count=1)
    zone.fault(method="POST", path="addAllowedReferrer", status=400, count=1)
    answers = iter([False, True])

    def add_with_a_stale_read(module):
        module.write("POST", ADD_REFERRER, {"Hostname": "a.example"}, confirm=lambda: next(answers))
        module.exit_resource(True, {}, {})

    result, _module = run_base(zone, action=add_with_a_stale_read)

    assert result.get("failed") is not True
    assert result["changed"] is True
    assert posts(zone) == ["a.example", "a.example"]


def test_a_refused_write_is_not_confirmed_or_resent(zone):
    result, module = run_base(zone, referrers=[""])

    assert result["failed"] is True
    assert result["status"] == 400
    assert module.confirmations == []
    assert posts(zone) == [""]


def test_a_repeatable_write_is_sent_again_without_a_read(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=503, count=1)

    def add_twice_if_needed(module):
        module.write("POST", ADD_REFERRER, {"Hostname": "a.example"}, confirm=None)
        module.exit_resource(True, {}, {})

    result, _module = run_base(zone, action=add_twice_if_needed)

    assert result["changed"] is True
    assert [entry["method"] for entry in zone.requests()] == ["POST", "POST"]


def test_a_repeatable_write_whose_outcome_stays_unknown_reports_changed(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=503)

    def add(module):
        module.write("POST", ADD_REFERRER, {"Hostname": "a.example"}, confirm=None)

    result, _module = run_base(zone, action=add, api_retries=1)

    assert (result["failed"], result["changed"]) == (True, True)
    assert len(zone.requests()) == 2


def test_a_refused_key_gets_one_sentence_in_every_module(zone):
    result, _module = run_base(zone, then_read=ZONE, api_key="wrong-key")

    assert result["msg"] == AUTH_REFUSED
    assert result["status"] == 401
    assert "wrong-key" not in json.dumps(result)


def test_secret_keys_are_masked_in_the_result_and_the_diff_and_appear_nowhere(zone):
    result, _module = run_base(zone, diff=True, referrers=["a.example"])

    assert result["zone"]["token"] == MASK
    assert result["diff"]["after"]["token"] == MASK
    assert "t0ps3cret-token" not in json.dumps(result)


def test_a_list_resource_is_shown_in_the_diff_under_the_result_key(zone):
    def listing(module):
        module.exit_resource(True, [{"name": "a"}], [{"name": "a"}, {"name": "b", "token": "t0ps3cret-token"}])

    result, _module = run_base(zone, action=listing, diff=True)

    assert result["zone"] == [{"name": "a"}, {"name": "b", "token": MASK}]
    assert result["diff"] == {"before": {"zone": [{"name": "a"}]}, "after": {"zone": [{"name": "a"}, {"name": "b", "token": MASK}]}}


def test_an_info_result_masks_each_record_s_secrets_where_they_stand_without_a_no_log_value_each(zone):
    records = [{"name": "zone-%d" % number, "token": "t0ps3cret-%d" % number} for number in range(200)]

    def listing(module):
        module.exit_info(records)

    result, module = run_base(zone, action=listing)

    # Ansible tries every no_log value on every string of a result: one per record would make a
    # long list quadratic, so an info result masks structurally and leaves no_log alone.
    assert [record["token"] for record in result["zone"]] == [MASK] * 200
    assert not any(value.startswith("t0ps3cret") for value in module.ansible.no_log_values)


def test_hidden_values_disappear_from_every_part_of_the_output(zone):
    def echo(module):
        module.hide_values(["hunter2-value"])
        module.exit_resource(False, {}, {"note": "hunter2-value", "referrers": module.params["referrers"]})

    result, _module = run_base(zone, action=echo, referrers=["hunter2-value"], _ansible_verbosity=4)

    assert "hunter2-value" not in json.dumps(result)


@pytest.mark.parametrize("option, value, message", [
    ("api_timeout", 0, "api_timeout must be at least 1, got 0"),
    ("api_retries", -1, "api_retries must be between 0 and 20, got -1"),
    ("api_retries", 21, "api_retries must be between 0 and 20, got 21"),
])
def test_api_options_out_of_bounds_fail_before_any_request(zone, option, value, message):
    result, _module = run_base(zone, referrers=["a.example"], **{option: value})

    assert result["failed"] is True
    assert message in result["msg"]
    assert zone.requests() == []


def test_the_api_options_fall_back_to_the_environment(zone, monkeypatch):
    monkeypatch.setenv("BUNNYNET_API_URL", zone.url)
    monkeypatch.setenv("BUNNYNET_API_KEY", zone.key)
    monkeypatch.setenv("BUNNYNET_API_TIMEOUT", "7")
    monkeypatch.setenv("BUNNYNET_API_RETRIES", "3")

    def report_client(module):
        client = module.client
        module.exit_resource(False, {}, {"url": client.api_url, "timeout": client.timeout, "retries": client.retries})

    output = io.StringIO()
    with patch_module_args({}), contextlib.redirect_stdout(output), contextlib.suppress(SystemExit):
        BunnyModule(argument_spec={}, result_key="zone").run(report_client)

    assert json.loads(output.getvalue())["zone"] == {"url": zone.url, "timeout": 7, "retries": 3}


def test_a_missing_requests_library_fails_with_the_install_hint(zone, monkeypatch):
    monkeypatch.setattr(module_base, "HAS_REQUESTS", False)

    result, _module = run_base(zone, referrers=["a.example"])

    assert result["failed"] is True
    assert "requests" in result["msg"]
    assert "pip" in result["msg"] or "install" in result["msg"]
    assert zone.requests() == []


# Certificate checks are off on purpose here; urllib3 warns about exactly that.
@pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning")
def test_validate_certs_false_accepts_a_self_signed_certificate(tls_api):
    tls_api.answer(200, {"AllowedReferrers": []})

    def read_zone(module):
        module.exit_resource(False, {}, module.client.get(ZONE))

    args = dict(api_url=tls_api.url, api_key="k", validate_certs=False)
    output = io.StringIO()
    with patch_module_args(args), contextlib.redirect_stdout(output), contextlib.suppress(SystemExit):
        BunnyModule(argument_spec={}, result_key="zone").run(read_zone)

    assert json.loads(output.getvalue())["zone"] == {"AllowedReferrers": []}


def test_a_self_signed_certificate_is_refused_by_default_with_a_hint(tls_api):
    def read_zone(module):
        module.client.get(ZONE)

    args = dict(api_url=tls_api.url, api_key="k", api_retries=0)
    output = io.StringIO()
    with patch_module_args(args), contextlib.redirect_stdout(output), contextlib.suppress(SystemExit):
        BunnyModule(argument_spec={}, result_key="zone").run(read_zone)

    result = json.loads(output.getvalue())
    assert result["failed"] is True
    assert "TLS connection to %s failed" % tls_api.url in result["msg"]
    assert "validate_certs=false" in result["msg"]
    assert tls_api.received == []


def test_a_certificate_that_fails_verification_is_not_retried(tls_api):
    client = module_base.BunnyClient(api_key="k", api_url=tls_api.url, timeout=5, retries=3, backoff_factor=0)

    with pytest.raises(module_base.BunnyApiError) as failure:
        client.get(ZONE)

    assert failure.value.attempts == 1
    assert tls_api.connections == 1


def test_the_attempts_of_one_write_share_one_retry_budget(zone):
    # 429, then a 503 whose outcome a read settles as not applied, then a 429 the budget no longer covers.
    zone.fault(method="POST", path="addAllowedReferrer", status=429, retry_after=0, count=1)
    zone.fault(method="POST", path="addAllowedReferrer", status=503, count=1)
    zone.fault(method="POST", path="addAllowedReferrer", status=429, retry_after=0, count=1)

    result, _module = run_base(zone, referrers=["a.example"], api_retries=2)

    assert result["failed"] is True
    assert result["status"] == 429
    assert posts(zone) == ["a.example"] * 3


def test_a_write_carries_its_query_parameters(zone):
    def add_with_a_query(module):
        module.write("POST", ADD_REFERRER, {"Hostname": "a.example"}, params={"note": "from ansible"}, confirm=None)
        module.exit_resource(True, {}, {})

    run_base(zone, action=add_with_a_query)

    assert zone.requests()[0]["query"] == {"note": "from ansible"}


def test_a_write_settled_by_reading_makes_the_run_changed_whatever_the_module_says(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=504, apply=True, count=1)

    def add_and_claim_nothing(module):
        module.write("POST", ADD_REFERRER, {"Hostname": "a.example"}, confirm=lambda: True)
        module.exit_resource(False, {}, {})

    result, _module = run_base(zone, action=add_and_claim_nothing)

    assert result["changed"] is True


def test_a_write_that_outlasts_its_retries_reports_its_status_attempts_and_body(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=503)

    result, _module = run_base(zone, referrers=["a.example"], api_retries=1)

    assert result["msg"] == (
        "POST /pullzone/1/addAllowedReferrer failed with status 503: Injected fault: Service Unavailable "
        "after 2 attempts; raise api_retries (1 now) to give the API longer to recover."
    )
    assert result["status"] == 503
    assert result["api_error"]["attempts"] == 2
    assert result["api_error"]["path"] == ADD_REFERRER
    assert result["api_error"]["method"] == "POST"
    assert result["api_error"]["body"]["Message"] == "Injected fault: Service Unavailable."


def test_an_unsettled_write_reports_the_write_s_status_and_attempts(zone):
    zone.fault(method="POST", path="addAllowedReferrer", status=504, apply=True, count=1)
    zone.fault(method="GET", path="^/pullzone/1$", status=500)

    result, _module = run_base(zone, referrers=["a.example"])

    assert result["status"] == 504
    assert result["api_error"]["attempts"] == 1
    assert result["api_error"]["message"] == "Injected fault: Gateway Timeout."
    assert result["api_error"]["body"]["Message"] == "Injected fault: Gateway Timeout."


def test_a_secret_in_an_error_body_is_masked_and_hidden_from_the_message(zone):
    def fail_with_a_secret_in_the_body(module):
        error = module_base.BunnyApiError("GET", ZONE, 500, {"Message": "key t0ps3cret-token is bad", "token": "t0ps3cret-token"})
        module.fail_api(error)

    result, _module = run_base(zone, action=fail_with_a_secret_in_the_body)

    assert result["api_error"]["body"]["token"] == MASK
    assert "t0ps3cret-token" not in json.dumps(result)


def test_a_secret_seen_in_a_result_is_hidden_from_a_later_failure_message(zone):
    def show_then_fail(module):
        module.mask({"token": "t0ps3cret-token"})
        module.fail("the token t0ps3cret-token was refused")

    result, _module = run_base(zone, action=show_then_fail)

    assert "t0ps3cret-token" not in result["msg"]


def test_empty_values_are_never_hidden(zone):
    def hide_nothing(module):
        module.hide_values(["", None])
        module.exit_resource(False, {}, {"note": "visible"})

    result, _module = run_base(zone, action=hide_nothing)

    assert result["zone"] == {"note": "visible"}


def test_bad_api_options_are_all_named_in_one_failure(zone):
    result, _module = run_base(zone, api_timeout=0, api_retries=99)

    assert result["msg"] == "Invalid input: api_timeout must be at least 1, got 0; api_retries must be between 0 and 20, got 99."
    assert result["invalid_options"] == ["api_timeout must be at least 1, got 0", "api_retries must be between 0 and 20, got 99"]


@pytest.mark.parametrize("url", ["api.bunny.net", "ftp://api.bunny.net", "https:///mc", "https://api bunny.net"])
def test_an_api_url_that_is_not_an_http_url_fails_before_any_request(zone, url):
    result, _module = run_base(zone, api_url=url)

    assert "api_url must match an http:// or https:// URL" in result["msg"]
    assert zone.requests() == []


def test_a_missing_requests_library_says_exactly_what_to_install_and_why_the_import_failed(zone, monkeypatch):
    monkeypatch.setattr(module_base, "HAS_REQUESTS", False)
    monkeypatch.setattr(module_base, "REQUESTS_IMPORT_ERROR", "ModuleNotFoundError: No module named 'requests'")

    # As with ANSIBLE_DISPLAY_TRACEBACK=error: the controller asks for the tracebacks of errors.
    monkeypatch.setattr(_traceback, "_is_traceback_enabled", lambda event: event is _traceback.TracebackEvent.ERROR)

    result, _module = run_base(zone)

    assert result["msg"] == module_base.missing_required_lib("requests")
    assert result["exception"] == "ModuleNotFoundError: No module named 'requests'"


def test_a_write_whose_connection_keeps_dropping_says_so_when_the_retries_run_out(zone):
    zone.fault(method="POST", path="addAllowedReferrer", drop_connection=True)

    result, _module = run_base(zone, referrers=["a.example"], api_retries=1)

    assert result["msg"].startswith(
        "POST /pullzone/1/addAllowedReferrer failed: the connection closed before an answer arrived (")
    assert result["msg"].endswith(" after 2 attempts; raise api_retries (1 now) to give the API longer to recover.")
    assert posts(zone) == ["a.example"] * 2


def test_a_write_the_api_takes_as_a_get_counts_as_a_write(zone):
    def write_by_get_then_fail(module):
        module.write("GET", ZONE, confirm=None)
        module.fail("a later step failed")

    result, _module = run_base(zone, action=write_by_get_then_fail)

    assert (result["failed"], result["changed"]) == (True, True)
