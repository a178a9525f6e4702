"""pullzone_hostname against the simulator."""

import json
import threading
import time

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.locking import resource_lock
from ansible_collections.bunnynet.cloud.plugins.modules import pullzone_hostname
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import (
    OTHER_ZONE_ID,
    ZONE_ID,
    assets_zone,
    hostname_values,
    media_zone,
    read_back_hostnames,
    read_zone,
    requests_sent,
    writes,
)

ZONE = "/pullzone/%d" % ZONE_ID
ADD = ZONE + "/addHostname"
REMOVE = ZONE + "/removeHostname"
FORCE_SSL = ZONE + "/setForceSSL"
FREE_CERTIFICATE = "/pullzone/loadFreeCertificate"
EXTERNAL_CERTIFICATE = "/pullzone/completeExternalDnsCertificate"


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("pull_zone_id", ZONE_ID)
    return run_module(pullzone_hostname, simulator.api_args(**options), check_mode=check_mode, diff=diff)


@pytest.fixture
def zone(simulator):
    simulator.load(pull_zones=[assets_zone(), media_zone()])
    return simulator


def hostname(result, value):
    return next(item for item in result["hostnames"] if item["value"] == value)


# Check mode, prediction, diff and idempotency


def test_check_mode_reports_the_change_and_only_reads(zone):
    result = run(zone, check_mode=True, hostnames=["new.example.com"], purge=True)

    assert result["changed"] is True
    assert requests_sent(zone) == [("GET", ZONE)]


@pytest.mark.parametrize("options", [
    pytest.param(dict(hostnames=["new.example.com", {"name": "cdn.example.com", "force_ssl": True}], free_certificate=True), id="add, force SSL, certificates"),
    pytest.param(dict(hostnames=["cdn.example.com", "Fresh.Example.com."], purge=True), id="purge"),
    pytest.param(dict(hostnames=["cdn.example.com", "secure.example.com"], state="absent"), id="absent"),
    pytest.param(dict(hostnames=[{"name": "secure.example.com", "force_ssl": False}]), id="force SSL off"),
])
def test_check_mode_predicts_what_applying_returns_and_a_read_shows(zone, options):
    checked = run(zone, check_mode=True, **options)
    applied = run(zone, **options)

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds(
        {"hostnames": checked["hostnames"]}, {"hostnames": applied["hostnames"]}, {"hostnames": read_back_hostnames(zone)},
        server_fields=["hostnames[].id"])


def test_the_diff_shows_the_hostnames_that_change_each_by_its_name(zone):
    result = run(zone, diff=True, hostnames=["cdn.example.com", "new.example.com"], purge=True)

    # Purged: the custom hostname the list leaves out; added: the new one; the platform's hostnames and cdn stay out of it.
    assert set(result["diff"]["before"]["hostnames"]) == {"secure.example.com"}
    (added,) = [hostname for hostname in read_back_hostnames(zone) if hostname["value"] == "new.example.com"]
    assert list(result["diff"]["after"]["hostnames"]) == ["new.example.com"]
    shown = result["diff"]["after"]["hostnames"]["new.example.com"]
    compared = ("value", "force_ssl", "has_certificate")
    assert {name: shown[name] for name in compared} == {name: added[name] for name in compared}


def test_reapplying_reports_ok_with_one_read(zone):
    options = dict(hostnames=["new.example.com", {"name": "cdn.example.com", "force_ssl": True}], free_certificate=True, purge=True)
    run(zone, **options)
    zone.clear_requests()

    result = run(zone, **options)

    assert result["changed"] is False
    assert requests_sent(zone) == [("GET", ZONE)]


def test_check_mode_on_the_converged_zone_reports_ok(zone):
    run(zone, hostnames=["new.example.com"])

    assert run(zone, check_mode=True, hostnames=["new.example.com"])["changed"] is False


# Adding and comparing


def test_a_missing_hostname_is_added_in_lower_case_without_the_trailing_dot(zone):
    result = run(zone, hostnames="New.Example.COM.")

    assert writes(zone) == [("POST", ADD, {"Hostname": "new.example.com"})]
    assert hostname(result, "new.example.com")["id"] is None
    assert hostname_values(zone)[-1] == "new.example.com"


def test_hostnames_already_there_in_another_case_or_with_a_trailing_dot_are_no_change(zone):
    result = run(zone, hostnames=["CDN.example.com.", "Secure.Example.Com"])

    assert result["changed"] is False
    assert writes(zone) == []


@pytest.mark.parametrize("state", ["present", "absent"])
def test_a_hostname_the_zone_holds_in_another_case_is_the_same_hostname(zone, state):
    zone.load(pull_zones=[assets_zone(Hostnames=[{"Value": "Shop.Example.COM"}, {"Value": "other.example.com"}])])

    result = run(zone, hostnames=["shop.example.com", "other.example.com"], state=state, purge=True)

    expected = {"present": [], "absent": [("DELETE", REMOVE, {"Hostname": "Shop.Example.COM"}), ("DELETE", REMOVE, {"Hostname": "other.example.com"})]}
    assert result["changed"] is (state == "absent")
    assert writes(zone) == expected[state]
    # The zone keeps the hostname as it spells it: the prediction too.
    expected = {"present": ["assets.b-cdn.net", "Shop.Example.COM", "other.example.com"], "absent": ["assets.b-cdn.net"]}[state]
    assert [hostname["value"] for hostname in result["hostnames"]] == expected


def test_two_hundred_missing_hostnames_take_one_read_and_one_write_each_over_one_connection(zone):
    names = ["host%03d.example.com" % number for number in range(200)]

    first = run(zone, hostnames=names)

    assert first["changed"] is True
    assert requests_sent(zone) == [("GET", ZONE)] + [("POST", ADD)] * 200
    assert [body["Hostname"] for _method, _path, body in writes(zone)] == names
    assert zone.server.stats()["connections"] == 1
    zone.clear_requests()

    second = run(zone, hostnames=names)

    assert second["changed"] is False
    assert requests_sent(zone) == [("GET", ZONE)]


def test_a_hostname_registered_on_another_zone_fails_with_the_api_message(zone):
    result = run(zone, hostnames=["media.example.com"])

    assert result["failed"] is True
    assert result["changed"] is False
    assert result["status"] == 400
    assert result["api_error"]["error_key"] == "pullzone.hostname_already_registered"
    assert "media.example.com" in hostname_values(zone, OTHER_ZONE_ID)


def test_another_zones_system_hostnames_are_refused_before_any_write(zone):
    result = run(zone, hostnames=["media.b-cdn.net", "new.example.com", "other.b-cdn.net"])

    assert result["failed"] is True
    assert result["msg"] == ("The hostname media.b-cdn.net is a bunny.net system hostname that pull zone 10 does not have, "
                             "so it cannot be added; The hostname other.b-cdn.net is a bunny.net system hostname that pull zone 10 "
                             "does not have, so it cannot be added.")
    assert writes(zone) == []


def test_the_zones_own_system_hostname_can_be_listed_to_force_ssl(zone):
    result = run(zone, hostnames=[{"name": "assets.b-cdn.net", "force_ssl": True}])

    assert writes(zone) == [("POST", FORCE_SSL, {"Hostname": "assets.b-cdn.net", "ForceSSL": True})]
    assert hostname(result, "assets.b-cdn.net")["force_ssl"] is True


def test_an_unknown_zone_is_named(zone):
    result = run(zone, pull_zone_id=99, hostnames=["new.example.com"])

    assert result["msg"] == "Pull zone 99 was not found (HTTP 404)."
    assert result["changed"] is False


# Removing


def test_purge_removes_custom_hostnames_but_never_system_or_managed_ones(zone):
    result = run(zone, hostnames=[], purge=True)

    assert writes(zone) == [
        ("DELETE", REMOVE, {"Hostname": "cdn.example.com"}),
        ("DELETE", REMOVE, {"Hostname": "secure.example.com"}),
    ]
    assert hostname_values(zone) == ["assets.b-cdn.net", "edge.example.net"]
    assert [item["value"] for item in result["hostnames"]] == ["assets.b-cdn.net", "edge.example.net"]


def test_without_purge_unlisted_hostnames_stay(zone):
    run(zone, hostnames=["new.example.com"])

    assert hostname_values(zone) == ["assets.b-cdn.net", "edge.example.net", "cdn.example.com", "secure.example.com", "new.example.com"]


def test_absent_removes_the_listed_hostnames_it_finds_and_ignores_the_others(zone):
    result = run(zone, hostnames=["CDN.example.com.", "never-there.example.com"], state="absent")

    assert result["changed"] is True
    assert writes(zone) == [("DELETE", REMOVE, {"Hostname": "cdn.example.com"})]
    assert result["hostnames"] == read_back_hostnames(zone)


@pytest.mark.parametrize("system_hostname", ["Assets.B-CDN.net.", {"name": "Assets.B-CDN.net."}], ids=["string", "dict"])
def test_absent_refuses_a_b_cdn_net_hostname_before_any_request(zone, system_hostname):
    result = run(zone, hostnames=["cdn.example.com", system_hostname], state="absent")

    assert result["failed"] is True
    assert result["msg"] == "Invalid input: hostnames[1] must not be a bunny.net system hostname (*.b-cdn.net) with state=absent, got 'Assets.B-CDN.net.'."
    assert zone.requests() == []


def test_absent_refuses_a_hostname_the_zone_marks_as_managed_and_writes_nothing(zone):
    result = run(zone, hostnames=["cdn.example.com", "edge.example.net"], state="absent")

    assert result["failed"] is True
    assert result["msg"] == "The hostname edge.example.net is a system hostname of pull zone 10, which bunny.net manages, so it cannot be removed."
    assert writes(zone) == []


# Force SSL


def test_force_ssl_is_sent_only_for_hostnames_whose_switch_differs(zone):
    run(zone, hostnames=[{"name": "cdn.example.com", "force_ssl": True}, {"name": "secure.example.com", "force_ssl": True}, "new.example.com"])

    assert writes(zone) == [
        ("POST", ADD, {"Hostname": "new.example.com"}),
        ("POST", FORCE_SSL, {"Hostname": "cdn.example.com", "ForceSSL": True}),
    ]


def test_a_new_hostname_with_force_ssl_is_added_then_switched(zone):
    result = run(zone, hostnames=[{"name": "new.example.com", "force_ssl": True}, {"name": "plain.example.com", "force_ssl": False}])

    assert writes(zone) == [
        ("POST", ADD, {"Hostname": "new.example.com"}),
        ("POST", ADD, {"Hostname": "plain.example.com"}),
        ("POST", FORCE_SSL, {"Hostname": "new.example.com", "ForceSSL": True}),
    ]
    assert (hostname(result, "new.example.com")["force_ssl"], hostname(result, "plain.example.com")["force_ssl"]) == (True, False)


def test_force_ssl_can_be_switched_off(zone):
    run(zone, hostnames=[{"name": "secure.example.com", "force_ssl": "no"}])

    assert writes(zone) == [("POST", FORCE_SSL, {"Hostname": "secure.example.com", "ForceSSL": False})]


@pytest.mark.parametrize("item", ["secure.example.com", {"name": "secure.example.com"}], ids=["string", "dict"])
def test_a_hostname_without_force_ssl_leaves_the_switch_alone(zone, item):
    result = run(zone, hostnames=[item])

    assert result["changed"] is False
    assert hostname(result, "secure.example.com")["force_ssl"] is True


# Certificates


def test_free_certificates_are_requested_only_for_listed_hostnames_without_one(zone):
    result = run(zone, hostnames=["assets.b-cdn.net", "cdn.example.com", "secure.example.com", "new.example.com"], free_certificate=True)

    certificate_requests = [entry["query"] for entry in zone.requests() if entry["path"] == FREE_CERTIFICATE]
    assert certificate_requests == [{"hostname": "cdn.example.com"}, {"hostname": "new.example.com"}]
    assert [item["has_certificate"] for item in result["hostnames"]] == [True] * 5
    assert [item["has_certificate"] for item in read_back_hostnames(zone)] == [True] * 5


def test_certificates_come_before_force_ssl_is_switched_on(zone):
    run(zone, hostnames=[{"name": "new.example.com", "force_ssl": True}], free_certificate=True)

    assert requests_sent(zone) == [("GET", ZONE), ("POST", ADD), ("GET", FREE_CERTIFICATE), ("POST", FORCE_SSL)]


def test_complete_external_dns_certificate_is_sent_for_hostnames_without_one(zone):
    result = run(zone, hostnames=["cdn.example.com", "secure.example.com"], complete_external_dns_certificate=True)

    assert writes(zone) == [("POST", "/pullzone/completeExternalDnsCertificate", {"Hostname": "cdn.example.com"})]
    assert hostname(result, "cdn.example.com")["has_certificate"] is True


def test_a_rate_limited_certificate_request_is_retried_after_the_time_the_api_asks(zone):
    zone.fault(method="GET", path=FREE_CERTIFICATE, status=429, retry_after=1, count=1)
    started = time.monotonic()

    result = run(zone, hostnames=["cdn.example.com"], free_certificate=True)

    assert result.get("failed") is not True
    assert time.monotonic() - started >= 1.0
    assert [entry["status"] for entry in zone.requests() if entry["path"] == FREE_CERTIFICATE] == [429, 200]


def certificates_refused_after_the_first(zone):
    # The first certificate request goes through (a rule that only delays it), every later one is refused.
    zone.fault(method="GET", path=FREE_CERTIFICATE, delay_ms=1, count=1)
    zone.fault(method="GET", path=FREE_CERTIFICATE, status=429, retry_after=0)


def test_certificate_retries_running_out_say_which_hostnames_got_one_and_which_did_not(zone):
    certificates_refused_after_the_first(zone)

    result = run(zone, hostnames=["a.example.com", "b.example.com", "c.example.com"], free_certificate=True)

    assert result["failed"] is True
    assert result["changed"] is True
    assert (result["certificates_obtained"], result["certificates_missing"]) == (["a.example.com"], ["b.example.com", "c.example.com"])
    assert result["msg"].startswith(
        "Certificates were requested for 3 hostnames of pull zone 10: a.example.com got one; b.example.com, c.example.com did not. "
        "GET /pullzone/loadFreeCertificate was refused with HTTP 429")
    assert "Raise api_retries" in result["msg"]
    assert [item["has_certificate"] for item in read_back_hostnames(zone)[-3:]] == [True, False, False]


def test_after_certificate_retries_run_out_the_next_run_requests_only_the_missing_ones(zone):
    certificates_refused_after_the_first(zone)
    run(zone, hostnames=["a.example.com", "b.example.com"], free_certificate=True)
    zone.server.clear_faults()
    zone.clear_requests()

    result = run(zone, hostnames=["a.example.com", "b.example.com"], free_certificate=True)

    assert result["changed"] is True
    assert [entry["query"]["hostname"] for entry in zone.requests() if entry["path"] == FREE_CERTIFICATE] == ["b.example.com"]


def test_a_certificate_obtained_before_the_failure_counts_as_a_change_without_any_other_write(zone):
    zone.load(pull_zones=[assets_zone(Hostnames=[{"Value": "a.example.com"}, {"Value": "b.example.com"}])])
    certificates_refused_after_the_first(zone)

    result = run(zone, hostnames=["a.example.com", "b.example.com"], free_certificate=True)

    assert (result["failed"], result["changed"]) == (True, True)
    assert writes(zone) == []


def test_a_first_certificate_request_that_fails_reports_no_change(zone):
    zone.fault(method="GET", path=FREE_CERTIFICATE, status=429, retry_after=0)

    result = run(zone, hostnames=["cdn.example.com"], free_certificate=True)

    assert (result["failed"], result["changed"]) == (True, False)
    assert result["certificates_missing"] == ["cdn.example.com"]
    assert result["msg"].startswith("Certificates were requested for 1 hostnames of pull zone 10: none got one; cdn.example.com did not. ")


def test_a_certificate_request_whose_answer_and_read_are_both_lost_may_have_changed_the_zone(zone):
    zone.fault(method="GET", path=ZONE + "$", delay_ms=1, count=1)
    zone.fault(method="GET", path=ZONE + "$", status=500)
    zone.fault(method="POST", path=EXTERNAL_CERTIFICATE, drop_connection=True, apply=True)

    result = run(zone, hostnames=["cdn.example.com"], complete_external_dns_certificate=True)

    assert (result["failed"], result["changed"]) == (True, True)
    assert result["certificates_missing"] == ["cdn.example.com"]
    assert "POST /pullzone/completeExternalDnsCertificate may or may not have been applied" in result["msg"]


def test_the_two_certificate_options_exclude_each_other(zone):
    result = run(zone, hostnames=["cdn.example.com"], free_certificate=True, complete_external_dns_certificate=True)

    assert "mutually exclusive: free_certificate|complete_external_dns_certificate" in result["msg"]
    assert zone.requests() == []


# Unknown outcomes


# One write of each kind, and what the zone shows once it took effect.
EACH_WRITE = [
    pytest.param(("POST", ADD), dict(hostnames=["new.example.com"]),
                 lambda zone: hostname_values(zone).count("new.example.com") == 1, id="add"),
    pytest.param(("POST", FORCE_SSL), dict(hostnames=[{"name": "cdn.example.com", "force_ssl": True}]),
                 lambda zone: read_back_hostnames(zone)[2]["force_ssl"] is True, id="force SSL on"),
    pytest.param(("POST", FORCE_SSL), dict(hostnames=[{"name": "secure.example.com", "force_ssl": False}]),
                 lambda zone: read_back_hostnames(zone)[3]["force_ssl"] is False, id="force SSL off"),
    pytest.param(("DELETE", REMOVE), dict(hostnames=["cdn.example.com"], state="absent"),
                 lambda zone: "cdn.example.com" not in hostname_values(zone), id="remove"),
    pytest.param(("POST", EXTERNAL_CERTIFICATE), dict(hostnames=["cdn.example.com"], complete_external_dns_certificate=True),
                 lambda zone: read_back_hostnames(zone)[2]["has_certificate"] is True, id="external DNS certificate"),
]


@pytest.mark.parametrize("write, options, took_effect", EACH_WRITE)
def test_a_write_whose_connection_drops_after_it_was_applied_is_settled_by_a_read(zone, write, options, took_effect):
    zone.fault(method=write[0], path=write[1], drop_connection=True, apply=True, count=1)

    result = run(zone, **options)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [("GET", ZONE), write, ("GET", ZONE)]
    assert took_effect(zone)


@pytest.mark.parametrize("write, options, took_effect", EACH_WRITE)
def test_a_write_that_got_a_gateway_error_before_it_was_applied_is_sent_again(zone, write, options, took_effect):
    zone.fault(method=write[0], path=write[1], status=502, count=1)

    result = run(zone, **options)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [("GET", ZONE), write, ("GET", ZONE), write]
    assert took_effect(zone)


@pytest.mark.parametrize("write, options, _took_effect", EACH_WRITE)
def test_a_refused_write_fails_naming_the_call(zone, write, options, _took_effect):
    zone.fault(method=write[0], path=write[1], status=400, count=1)

    result = run(zone, **options)

    assert result["failed"] is True
    assert "%s %s failed with status 400" % write in result["msg"]
    assert (result["api_error"]["method"], result["api_error"]["path"]) == write


def test_already_registered_after_an_uncertain_attempt_is_success_when_a_read_shows_the_hostname(zone):
    # The first add gets a 502 while the API carries on with it: the read that follows does not
    # show it yet, and it lands before the resend is handled, which is then refused as a duplicate.
    zone.fault(method="POST", path=ADD, status=502, count=1)
    zone.fault(method="POST", path=ADD, delay_ms=1500, count=1)
    landed = threading.Thread(target=land_late_when_resent, args=(zone, "new.example.com"))
    landed.start()

    result = run(zone, hostnames=["new.example.com"])
    landed.join()

    assert result.get("failed") is not True
    assert result["changed"] is True
    adds = [entry["status"] for entry in zone.requests() if entry["path"] == ADD]
    assert adds == [502, 400, 204]
    assert [entry["path"] for entry in zone.requests()][-1] == ZONE
    assert hostname_values(zone).count("new.example.com") == 1


def land_late_when_resent(simulator, name, timeout=10):
    """Apply the first attempt's add once the resend has reached the simulator (which holds it back)."""
    deadline = time.monotonic() + timeout
    while sum(entry["path"] == ADD for entry in simulator.requests()) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    requests.post(simulator.url + ADD, json={"Hostname": name}, headers={"AccessKey": simulator.key}, timeout=10)


# The lock


def test_a_run_waits_for_the_zones_lock_and_gives_up_after_lock_timeout(zone):
    with resource_lock(zone.url, ZONE, timeout=5):
        started = time.monotonic()
        result = run(zone, hostnames=["new.example.com"], lock_timeout=1)

    assert result["failed"] is True
    assert time.monotonic() - started >= 1.0
    assert result["msg"].startswith("Another task on this machine kept writing to /pullzone/10 for longer than 1 seconds (process ")
    assert "raise lock_timeout to wait longer" in result["msg"]
    assert zone.requests() == []


def test_check_mode_does_not_wait_for_the_lock(zone):
    with resource_lock(zone.url, ZONE, timeout=5):
        result = run(zone, check_mode=True, hostnames=["new.example.com"], lock_timeout=30)

    assert result["changed"] is True


def test_another_zones_lock_does_not_hold_a_run_up(zone):
    with resource_lock(zone.url, "/pullzone/%d" % OTHER_ZONE_ID, timeout=5):
        result = run(zone, hostnames=["new.example.com"], lock_timeout=1)

    assert result["changed"] is True


# Bad input


DNS_NAME = "must be a DNS name such as cdn.example.com, got "
ITEM_SHAPE = "must be a hostname, or a dict with name and optionally force_ssl, got "


@pytest.mark.parametrize("options, message", [
    ({"hostnames": ["https://cdn.example.com"]}, "hostnames[0] " + DNS_NAME + "'https://cdn.example.com', which has a scheme"),
    ({"hostnames": ["cdn.example.com:8443"]}, "hostnames[0] " + DNS_NAME + "'cdn.example.com:8443', which has a port"),
    ({"hostnames": ["cdn.example.com/assets"]}, "hostnames[0] " + DNS_NAME + "'cdn.example.com/assets', which has a path"),
    ({"hostnames": ["cdn example.com"]}, "hostnames[0] " + DNS_NAME + "'cdn example.com', which contains white space"),
    ({"hostnames": ["ok.example.com", ""]}, "hostnames[1] " + DNS_NAME + "an empty string"),
    ({"hostnames": ["-cdn.example.com"]}, "hostnames[0] " + DNS_NAME + "'-cdn.example.com', whose label '-cdn'"),
    ({"hostnames": ["cdn..example.com"]}, "whose label '' is not 1 to 63 letters, digits or inner hyphens"),
    ({"hostnames": ["%s.example.com" % ("a" * 64)]}, "whose label '%s'" % ("a" * 64)),
    ({"hostnames": [".".join(["a" * 60] * 5)]}, "hostnames[0] " + DNS_NAME + "a name of 304 characters, longer than 253"),
    ({"hostnames": [{"name": "cdn.example.com:80"}]}, "hostnames[0].name " + DNS_NAME + "'cdn.example.com:80', which has a port"),
    ({"hostnames": [{"force_ssl": True}]}, "hostnames[0] " + ITEM_SHAPE + "{'force_ssl': True}, which has no name"),
    ({"hostnames": [{"name": "a.example.com", "ssl": True, "port": 443}]},
     "got {'name': 'a.example.com', 'ssl': True, 'port': 443}, which has the unknown key port, ssl (allowed: name, force_ssl)."),
    ({"hostnames": [{"name": "a.example.com", "force_ssl": "maybe"}]},
     "got {'name': 'a.example.com', 'force_ssl': 'maybe'}, whose force_ssl is not a boolean."),
    ({"hostnames": [["a.example.com"]]}, "hostnames[0] " + ITEM_SHAPE + "['a.example.com'], which is neither"),
    ({"hostnames": ["cdn.example.com", "CDN.example.com."]}, "hostnames must name each hostname once, got 'CDN.example.com.' twice"),
    ({"hostnames": ["a.example.com"], "pull_zone_id": 0}, "pull_zone_id must be at least 1, got 0"),
    ({"hostnames": ["a.example.com"], "lock_timeout": 0}, "lock_timeout must be at least 1, got 0"),
    ({"hostnames": ["a.example.com"], "state": "gone"}, "value of state must be one of: present, absent, got: gone"),
])
def test_bad_input_fails_before_any_request_naming_the_option_and_rule(zone, options, message):
    result = run(zone, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert zone.requests() == []


def test_a_wildcard_hostname_is_accepted(zone):
    result = run(zone, hostnames=["*.cdn.example.com"])

    assert writes(zone) == [("POST", ADD, {"Hostname": "*.cdn.example.com"})]
    assert result["changed"] is True


def test_certificate_material_is_neither_asked_for_nor_returned(zone):
    run(zone, hostnames=["cdn.example.com"], free_certificate=True)
    key = read_zone(zone, includeCertificate="true")["Hostnames"][2]["CertificateKey"]
    zone.clear_requests()

    result = run(zone, diff=True, hostnames=["cdn.example.com"], free_certificate=True)

    assert all(entry["query"] == {} for entry in zone.requests() if entry["path"] == ZONE)
    assert key and key not in json.dumps(result)
