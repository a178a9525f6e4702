"""dns_zone against the simulator: the zone's life on the engine, its settings and DNSSEC."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import dns_zone
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.dns_fixtures import (
    DOMAIN,
    ZONE_ID,
    ZONE_PATH,
    api_get,
    bodies,
    example_zone,
    load_world,
    read_zone,
    requests_sent,
    writes,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

LIST_ZONES = ("GET", "/dnszone")
DNSSEC_PATH = ZONE_PATH + "/dnssec"
SERVER_FIELDS = ["id", "date_created", "date_modified", "nameservers_next_check", "records[].id"]
SETTINGS = dict(soa_email="hostmaster@example.com", logging_enabled=True, log_anonymization_type="drop")


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(dns_zone, simulator.api_args(**options), check_mode=check_mode, diff=diff)


@pytest.fixture
def zone(simulator):
    return load_world(simulator)


def read_back(simulator, zone_id):
    return run_module(dns_zone, simulator.api_args(id=zone_id), check_mode=True)["dns_zone"]


# Creating, updating, deleting; check mode predicts each


@pytest.mark.parametrize("options", [
    pytest.param(dict(domain="fresh.example"), id="domain only"),
    pytest.param(dict(domain="fresh.example", custom_nameservers_enabled=True, nameserver1="ns1.example.net", nameserver2="NS2.example.net.",
                      certificate_key_type="rsa", **SETTINGS), id="with settings"),
])
def test_a_new_zone_is_predicted_as_created_and_a_read_shows_it(zone, options):
    checked = run(zone, check_mode=True, **options)
    assert requests_sent(zone) == [LIST_ZONES]
    applied = run(zone, **options)

    assert checked["changed"] is applied["changed"] is True
    assert checked["dns_zone"]["id"] is None
    assert_prediction_holds(checked["dns_zone"], applied["dns_zone"], read_back(zone, applied["dns_zone"]["id"]), server_fields=SERVER_FIELDS)


def test_a_new_zone_with_settings_is_created_then_configured_in_a_second_request(zone):
    run(zone, domain="fresh.example", **SETTINGS)

    assert [method for method, _path in writes(zone)] == ["POST", "POST"]
    assert bodies(zone, "POST") == [{"Domain": "fresh.example"},
                                    {"SoaEmail": "hostmaster@example.com", "LoggingEnabled": True, "LogAnonymizationType": 1}]


def test_an_update_sends_only_the_settings_that_differ_and_is_predicted(zone):
    checked = run(zone, check_mode=True, domain=DOMAIN, logging_enabled=True, log_anonymization=True)
    applied = run(zone, domain=DOMAIN, logging_enabled=True, log_anonymization=True)

    assert bodies(zone, "POST") == [{"LoggingEnabled": True}]
    assert applied["dns_zone"]["log_anonymization_type"] == "one_digit"
    assert_prediction_holds(checked["dns_zone"], applied["dns_zone"], read_back(zone, ZONE_ID), server_fields=["date_modified"])


@pytest.mark.parametrize("options", [
    pytest.param(dict(domain="fresh.example", **SETTINGS), id="create"),
    pytest.param(dict(domain=DOMAIN, soa_email="DNS@Example.com"), id="update"),
    pytest.param(dict(domain=DOMAIN, state="absent"), id="delete"),
    pytest.param(dict(domain=DOMAIN, dnssec=True), id="dnssec"),
])
def test_a_second_run_is_ok_and_only_reads(zone, options):
    run(zone, **options)
    zone.clear_requests()

    again = run(zone, **options)

    assert again["changed"] is False
    assert [method for method, _path in writes(zone) if not _path.endswith("/dnssec")] == []


def test_the_domain_matches_in_any_case_with_a_trailing_dot_or_in_unicode(simulator):
    load_world(simulator, example_zone(Domain="xn--bcher-kva.example"))

    result = run(simulator, domain="BÜCHER.example.")

    assert (result["changed"], result["dns_zone"]["id"]) == (False, ZONE_ID)
    assert requests_sent(simulator) == [LIST_ZONES]
    assert simulator.requests()[0]["query"]["search"] == "xn--bcher-kva.example"


def test_a_new_domain_is_sent_in_ascii_lower_case_without_the_trailing_dot(zone):
    run(zone, domain="Bücher.Example.")

    assert bodies(zone, "POST") == [{"Domain": "xn--bcher-kva.example"}]


def test_the_diff_shows_the_setting_before_and_after(zone):
    result = run(zone, diff=True, domain=DOMAIN, soa_email="dns@example.com")

    assert (result["diff"]["before"]["soa_email"], result["diff"]["after"]["soa_email"]) == ("hostmaster@bunny.net", "dns@example.com")


def test_a_zone_is_deleted_with_its_records_and_check_mode_only_reads(zone):
    checked = run(zone, check_mode=True, domain=DOMAIN, state="absent")
    assert (checked["changed"], writes(zone)) == (True, [])

    deleted = run(zone, domain=DOMAIN, state="absent")

    assert (deleted["changed"], deleted["dns_zone"]) == (True, None)
    assert writes(zone) == [("DELETE", ZONE_PATH)]
    assert api_get(zone, "/dnszone")["Items"] == []


def test_an_id_with_another_domain_fails_before_any_write(zone):
    result = run(zone, id=ZONE_ID, domain="other.example")

    assert result["failed"] is True
    assert "domain can only be set when the DNS zone is created" in result["msg"]
    assert writes(zone) == []


def test_an_id_with_the_same_domain_in_another_spelling_is_the_zone(zone):
    result = run(zone, id=ZONE_ID, domain="EXAMPLE.COM.")

    assert (result.get("failed"), result["changed"]) == (None, False)


def test_an_unknown_id_fails_with_a_sentence(zone):
    result = run(zone, id=99)

    assert result["msg"] == "The DNS zone 99 was not found (HTTP 404)."


def test_custom_nameservers_need_both_names_before_any_write(zone):
    result = run(zone, domain=DOMAIN, custom_nameservers_enabled=True, nameserver1="ns1.example.net")

    assert "custom_nameservers_enabled=true needs nameserver2" in result["msg"]
    assert writes(zone) == []


def test_custom_nameservers_set_before_count_as_given(simulator):
    load_world(simulator, example_zone(CustomNameserversEnabled=True, Nameserver1="ns1.example.net", Nameserver2="ns2.example.net"))

    result = run(simulator, domain=DOMAIN, custom_nameservers_enabled=True, nameserver1="NS1.example.net.")

    assert (result.get("failed"), result["changed"]) == (None, False)


@pytest.mark.parametrize("options, message", [
    (dict(domain="localhost"), "domain must be a domain such as example.com"),
    (dict(domain="bad domain.example"), "domain must be a domain such as example.com"),
    (dict(domain=DOMAIN, soa_email="nobody"), "soa_email must match an email address"),
    (dict(domain=DOMAIN, nameserver1="not a host"), "nameserver1 must be a DNS name"),
    (dict(domain=DOMAIN, log_anonymization_type="hash"), "log_anonymization_type must be one of: one_digit, drop"),
    (dict(id=0), "id must be at least 1"),
])
def test_bad_input_fails_before_any_request(zone, options, message):
    result = run(zone, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert zone.requests() == []


# DNSSEC


def test_dnssec_on_returns_the_ds_record_and_check_mode_predicts_it_on(zone):
    checked = run(zone, check_mode=True, domain=DOMAIN, dnssec=True)
    assert (checked["changed"], checked["dns_zone"]["dns_sec_enabled"], checked["dnssec"], writes(zone)) == (True, True, None, [])

    applied = run(zone, domain=DOMAIN, dnssec=True)

    assert applied["changed"] is True
    assert applied["dns_zone"]["dns_sec_enabled"] is True and read_zone(zone)["DnsSecEnabled"] is True
    assert applied["dnssec"]["ds_record"].startswith("example.com. 3600 IN DS %d " % applied["dnssec"]["key_tag"])
    assert writes(zone) == [("POST", DNSSEC_PATH)]


def test_dnssec_already_on_returns_the_same_ds_record_and_reports_no_change(zone):
    first = run(zone, domain=DOMAIN, dnssec=True)
    zone.clear_requests()

    again = run(zone, domain=DOMAIN, dnssec=True)

    assert again["changed"] is False
    assert again["dnssec"] == first["dnssec"]
    assert requests_sent(zone) == [LIST_ZONES, ("POST", DNSSEC_PATH)]


def test_check_mode_on_a_zone_with_dnssec_on_sends_nothing_but_the_read(zone):
    run(zone, domain=DOMAIN, dnssec=True)
    zone.clear_requests()

    checked = run(zone, check_mode=True, domain=DOMAIN, dnssec=True)

    assert (checked["changed"], checked["dnssec"], requests_sent(zone)) == (False, None, [LIST_ZONES])


def test_dnssec_off_turns_it_off(zone):
    run(zone, domain=DOMAIN, dnssec=True)
    zone.clear_requests()

    result = run(zone, domain=DOMAIN, dnssec=False)

    assert (result["changed"], result["dns_zone"]["dns_sec_enabled"], result["dnssec"]) == (True, False, None)
    assert writes(zone) == [("DELETE", DNSSEC_PATH)]


def test_dnssec_left_out_leaves_it_and_sends_no_dnssec_call(zone):
    run(zone, domain=DOMAIN, dnssec=True)
    zone.clear_requests()

    result = run(zone, domain=DOMAIN)

    assert (result["changed"], result["dnssec"], requests_sent(zone)) == (False, None, [LIST_ZONES])


def test_a_lost_answer_to_dnssec_on_is_settled_by_a_read_and_still_returns_the_ds_record(zone):
    zone.fault(method="POST", path=DNSSEC_PATH + "$", drop_connection=True, apply=True, count=1)

    result = run(zone, domain=DOMAIN, dnssec=True)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert result["dnssec"]["ds_record"]
    assert requests_sent(zone) == [LIST_ZONES, ("POST", DNSSEC_PATH), ("GET", ZONE_PATH), ("POST", DNSSEC_PATH)]


# Lost answers to the zone's writes


def test_a_lost_answer_to_a_create_is_settled_by_a_read_and_makes_one_zone(zone):
    zone.fault(method="POST", path="^/dnszone$", drop_connection=True, apply=True, count=1)

    result = run(zone, domain="fresh.example")

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert [item["Domain"] for item in api_get(zone, "/dnszone")["Items"]] == [DOMAIN, "fresh.example"]
    assert result["dns_zone"]["domain"] == "fresh.example"


def test_a_lost_answer_to_an_update_is_settled_by_a_read(zone):
    zone.fault(method="POST", path=ZONE_PATH + "$", drop_connection=True, apply=True, count=1)

    result = run(zone, domain=DOMAIN, logging_enabled=True)

    assert (result.get("failed"), result["changed"], result["dns_zone"]["logging_enabled"]) == (None, True, True)
    assert requests_sent(zone) == [LIST_ZONES, ("POST", ZONE_PATH), ("GET", ZONE_PATH)]
