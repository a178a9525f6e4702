"""The module base's promises, checked with a small module of the test's own against the simulator.

The module adds allowed referrers to pull zone 1 (one POST each) and can read zone 2, which does
not exist, so a test can make a run fail after a write.
"""

import contextlib
import io
import json

import pytest
from ansible.module_utils.testing import patch_module_args

from ansible_collections.bunnynet.cloud.plugins.module_utils import module as module_base
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import AUTH_REFUSED, MASK, BunnyModule

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
    assert result["msg"].startswith("POST /pullzone/1/addAllowedReferrer may or may not have been applied")
    assert "GET /pullzone/1 failed with status 500" in result["msg"]
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
    client = module_base.BunnyClient(api_key="k", api_url=tls_api.url, retries=3, backoff_factor=0)

    with pytest.raises(module_base.BunnyApiError) as failure:
        client.get(ZONE)

    assert failure.value.attempts == 1
    assert tls_api.connections == 1
