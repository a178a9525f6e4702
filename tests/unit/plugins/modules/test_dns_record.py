"""dns_record against the simulator: one read of the zone, one write per differing record."""

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import dns_record, pullzone
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.dns_fixtures import (
    DNS_SCRIPT_ID,
    DOMAIN,
    PULL_ZONE_ID,
    RECORDS_PATH,
    ZONE_ID,
    ZONE_PATH,
    api_get,
    bodies,
    example_zone,
    load_world,
    requests_sent,
    stored_records,
    writes,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

LIST_ZONES = ("GET", "/dnszone")
SERVER_FIELDS = ["records[].id", "records[].accelerated_pull_zone_id", "records[].acceleration_status", "records[].monitor_status",
                 "records[].ip_geo_location_info", "records[].geolocation_info"]
APEX_A = {"type": "A", "name": "@", "value": "192.0.2.10"}
WWW = {"type": "CNAME", "name": "www", "value": "example.com"}
MX = {"type": "MX", "name": "@", "value": "mail.example.com", "priority": 10}
SPF = {"type": "TXT", "name": "", "value": "v=spf1 mx -all"}
SITE = [APEX_A, WWW, MX, SPF]


def run(simulator, check_mode=False, diff=False, **options):
    if "zone_id" not in options:
        options.setdefault("zone", DOMAIN)
    return run_module(dns_record, simulator.api_args(**options), check_mode=check_mode, diff=diff)


@pytest.fixture
def zone(simulator):
    return load_world(simulator)


def keyed(records):
    return {(record["type"], record["name"], record["value"]): record for record in records}


def read_back(simulator):
    return {"records": run(simulator, check_mode=True, records=[])["records"]}


# Check mode, prediction, diff and idempotency


CHANGES = [
    pytest.param(dict(records=SITE + [{"type": "AAAA", "name": "@", "value": "2001:db8::10", "ttl": 600}]), id="add"),
    pytest.param(dict(records=[dict(WWW, value="cdn.example.net", ttl=60, comment="moved")]), id="update"),
    pytest.param(dict(records=[APEX_A, {"type": "SRV", "name": "_sip._tcp", "value": "sip.example.com", "priority": 1, "weight": 5, "port": 5060}],
                      purge=True), id="purge"),
    pytest.param(dict(records=[MX, {"type": "TXT", "name": "@", "value": "absent anyway"}], state="absent"), id="absent"),
    pytest.param(dict(records=[{"type": "Redirect", "name": "old", "value": "https://example.org/"},
                               {"type": "PullZone", "name": "cdn", "pull_zone_id": PULL_ZONE_ID},
                               {"type": "Script", "name": "geo", "script_id": DNS_SCRIPT_ID},
                               {"type": "CAA", "name": "@", "value": "letsencrypt.org", "flags": 0, "tag": "issue"},
                               {"type": "A", "name": "eu", "value": "192.0.2.30", "smart_routing": "geolocation",
                                "geolocation_latitude": 50.1, "geolocation_longitude": 8.7, "monitor_type": "http"}]), id="bunny types"),
]


@pytest.mark.parametrize("options", CHANGES)
def test_check_mode_only_reads_and_predicts_what_applying_returns_and_a_read_shows(zone, options):
    checked = run(zone, check_mode=True, **options)
    assert requests_sent(zone) == [LIST_ZONES]
    zone.clear_requests()

    applied = run(zone, **options)

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds({"records": checked["records"]}, {"records": applied["records"]}, read_back(zone), server_fields=SERVER_FIELDS)
    for key in ("added", "updated", "deleted"):
        assert_prediction_holds({"records": checked[key]}, {"records": applied[key]}, {"records": applied[key]}, server_fields=SERVER_FIELDS)


@pytest.mark.parametrize("options", CHANGES)
def test_a_second_run_reads_once_and_writes_nothing(zone, options):
    run(zone, **options)
    zone.clear_requests()

    again = run(zone, **options)

    assert again["changed"] is False
    assert (again["added"], again["updated"], again["deleted"], again["accelerated_pull_zones"]) == ([], [], [], [])
    assert requests_sent(zone) == [LIST_ZONES]


def test_the_diff_shows_only_the_records_that_change_each_by_its_type_name_and_value(zone):
    result = run(zone, diff=True, records=[dict(APEX_A, ttl=120), {"type": "A", "name": "new", "value": "192.0.2.50"}, WWW], purge=True)
    before, after = result["diff"]["before"]["records"], result["diff"]["after"]["records"]

    # A changed record shows only what changes, beside its key; an added or deleted one shows whole; www stays out.
    assert before["A 192.0.2.10"] == {"ttl": 300} and after["A 192.0.2.10"] == {"ttl": 120}
    assert set(before) == {"A 192.0.2.10", "MX mail.example.com", "TXT v=spf1 mx -all"}
    assert set(after) == {"A 192.0.2.10", "A new 192.0.2.50"}
    # An added record shows without the fields it holds no value of.
    assert any(after["A new 192.0.2.50"].items() <= record.items() for record in read_back(zone)["records"])
    assert None not in after["A new 192.0.2.50"].values()
    assert before["MX mail.example.com"]["priority"] == 10


@pytest.mark.parametrize("check_mode", [True, False], ids=["check mode", "applied"])
def test_a_record_whose_value_changes_shows_in_the_diff_as_its_value_under_its_type_and_name(zone, check_mode):
    result = run(zone, check_mode=check_mode, diff=True, records=[dict(APEX_A, value="192.0.2.20"), WWW, MX, SPF], purge=True)
    before, after = result["diff"]["before"]["records"], result["diff"]["after"]["records"]

    assert result["changed"] is True
    # One line pair for the value (and the id a new record gets), not the old record whole and the new one whole.
    assert set(before) == set(after) == {"A"}
    assert before["A"]["value"] == "192.0.2.10" and after["A"]["value"] == "192.0.2.20"
    assert set(before["A"]) - {"value", "id"} == set() and set(after["A"]) - {"value", "id"} == set()


def test_the_result_names_what_was_added_updated_and_deleted(zone):
    result = run(zone, records=[dict(APEX_A, ttl=120), {"type": "A", "name": "new", "value": "192.0.2.50"}, WWW], purge=True)

    assert [(record["type"], record["name"]) for record in result["added"]] == [("A", "new")]
    assert [(record["name"], record["ttl"]) for record in result["updated"]] == [("", 120)]
    assert sorted(record["type"] for record in result["deleted"]) == ["MX", "TXT"]
    assert result["zone_id"] == ZONE_ID


# Matching: what makes a listed record the zone's record


@pytest.mark.parametrize("record", [
    pytest.param(dict(WWW, name="WWW.Example.com.", value="Example.COM."), id="case and trailing dots"),
    pytest.param(dict(APEX_A, name=""), id="empty name for the apex"),
    pytest.param(dict(APEX_A, value=" 192.0.2.10"), id="address with a space"),
    pytest.param(dict(MX, name="@", value="MAIL.example.com"), id="mx exchange in capitals"),
])
def test_a_record_in_another_spelling_of_the_same_names_is_the_zones_record(zone, record):
    result = run(zone, records=[record])

    assert (result.get("failed"), result["changed"]) == (None, False)
    assert writes(zone) == []


def test_internationalised_names_match_in_either_form_and_are_sent_in_ascii(simulator):
    load_world(simulator, example_zone({"Id": 100, "Type": "A", "Name": "xn--bcher-kva", "Value": "192.0.2.10"}))

    unchanged = run(simulator, records=[{"type": "A", "name": "Bücher", "value": "192.0.2.10"}])
    added = run(simulator, records=[{"type": "CNAME", "name": "www.bücher", "value": "Bücher.example.com."}])

    assert unchanged["changed"] is False
    assert bodies(simulator, "PUT") == [{"Type": 2, "Name": "www.xn--bcher-kva", "Value": "xn--bcher-kva.example.com"}]
    assert added["added"][0]["name"] == "www.xn--bcher-kva"


def test_ipv6_addresses_match_in_any_notation(simulator):
    load_world(simulator, example_zone({"Id": 100, "Type": "AAAA", "Name": "", "Value": "2001:db8::1"}))

    result = run(simulator, records=[{"type": "AAAA", "name": "@", "value": "2001:DB8:0:0::1"}])

    assert result["changed"] is False


def test_txt_values_are_compared_with_their_case(zone):
    result = run(zone, records=[dict(SPF, value="V=SPF1 MX -ALL")])

    assert [record["value"] for record in result["added"]] == ["V=SPF1 MX -ALL"]


def test_a_single_valued_type_with_a_new_value_is_one_update_of_the_record(zone):
    result = run(zone, records=[dict(WWW, value="cdn.example.net")])

    assert writes(zone) == [("POST", RECORDS_PATH + "/101")]
    assert bodies(zone, "POST") == [{"Value": "cdn.example.net", "Type": 2}]
    assert result["updated"][0]["value"] == "cdn.example.net"


def test_a_multi_valued_type_with_a_new_value_is_another_record_and_purge_deletes_the_old(zone):
    run(zone, records=[dict(APEX_A, value="192.0.2.11")])
    assert writes(zone) == [("PUT", RECORDS_PATH)]
    zone.clear_requests()

    run(zone, records=[dict(APEX_A, value="192.0.2.11"), WWW, MX, SPF], purge=True)

    assert writes(zone) == [("DELETE", RECORDS_PATH + "/100")]
    assert sorted(record["Value"] for record in stored_records(zone) if record["Type"] == 0) == ["192.0.2.11"]


def test_an_update_sends_only_the_fields_that_differ(zone):
    run(zone, records=[dict(MX, priority=20, ttl=300)])

    assert bodies(zone, "POST") == [{"Priority": 20, "Type": 4}]


def test_a_field_left_out_is_left_as_the_record_has_it(simulator):
    load_world(simulator, example_zone({"Id": 100, "Type": "A", "Name": "", "Value": "192.0.2.10", "Ttl": 60, "Comment": "keep"}))

    result = run(simulator, records=[APEX_A])

    assert result["changed"] is False
    assert (result["records"][0]["ttl"], result["records"][0]["comment"]) == (60, "keep")


def test_a_name_that_changes_from_an_address_to_a_cname_deletes_before_it_adds(simulator):
    load_world(simulator, example_zone({"Id": 100, "Type": "A", "Name": "blog", "Value": "192.0.2.10"}))

    result = run(simulator, records=[{"type": "CNAME", "name": "blog", "value": "target.example.net"}], purge=True)

    assert result.get("failed") is None, result.get("msg")
    assert writes(simulator) == [("DELETE", RECORDS_PATH + "/100"), ("PUT", RECORDS_PATH)]


def test_a_pull_zone_record_compares_the_pull_zone_it_points_at(simulator):
    load_world(simulator, example_zone({"Id": 100, "Type": "PullZone", "Name": "cdn", "PullZoneId": PULL_ZONE_ID}))

    unchanged = run(simulator, records=[{"type": "PullZone", "name": "cdn", "pull_zone_id": PULL_ZONE_ID}])

    assert unchanged["changed"] is False
    assert unchanged["records"][0]["link_name"] == str(PULL_ZONE_ID)


def test_state_absent_deletes_the_listed_records_only(zone):
    result = run(zone, records=[MX, {"type": "CNAME", "name": "www"}], state="absent")

    assert sorted(writes(zone)) == [("DELETE", RECORDS_PATH + "/101"), ("DELETE", RECORDS_PATH + "/102")]
    assert [record["Id"] for record in stored_records(zone)] == [100, 103]
    assert len(result["deleted"]) == 2


def test_purge_with_an_empty_list_deletes_every_record(zone):
    run(zone, records=[], purge=True)

    assert stored_records(zone) == []


# Accelerated records and the pull zones bunny.net makes for them


def pull_zones_of(simulator):
    return api_get(simulator, "/pullzone")


def test_an_accelerated_record_reports_the_pull_zone_bunny_net_made_and_a_rerun_makes_no_other(zone):
    shop = {"type": "A", "name": "shop", "value": "192.0.2.20", "accelerated": True}
    checked = run(zone, check_mode=True, records=[shop])
    applied = run(zone, records=[shop])
    zone.clear_requests()
    again = run(zone, records=[shop])

    made = [item for item in pull_zones_of(zone) if item["DnsZoneId"] == ZONE_ID]
    assert len(made) == 1
    assert checked["accelerated_pull_zones"] == [{"record": "A shop 192.0.2.20", "pull_zone_id": None, "pull_zone_name": None}]
    assert applied["accelerated_pull_zones"] == [{"record": "A shop 192.0.2.20", "pull_zone_id": made[0]["Id"], "pull_zone_name": made[0]["Name"]}]
    assert applied["added"][0]["accelerated_pull_zone_id"] == made[0]["Id"]
    assert (again["changed"], again["accelerated_pull_zones"], writes(zone)) == (False, [], [])


def test_accelerating_an_existing_record_reads_the_zone_again_for_its_pull_zone(zone):
    result = run(zone, records=[dict(APEX_A, accelerated=True)])
    sent = requests_sent(zone)

    made = [item for item in pull_zones_of(zone) if item["DnsRecordId"] == 100]
    assert [entry["pull_zone_name"] for entry in result["accelerated_pull_zones"]] == [made[0]["Name"]]
    assert result["updated"][0]["accelerated_pull_zone_id"] == made[0]["Id"]
    assert sent == [LIST_ZONES, ("POST", RECORDS_PATH + "/100"), ("GET", ZONE_PATH), ("GET", "/pullzone/%d" % made[0]["Id"])]


def test_the_pull_zone_of_an_accelerated_record_is_configured_by_its_name_not_created_again(zone):
    made = run(zone, records=[{"type": "A", "name": "shop", "value": "192.0.2.20", "accelerated": True}])["accelerated_pull_zones"][0]
    zone.clear_requests()

    result = run_module(pullzone, zone.api_args(name=made["pull_zone_name"], cache_expiration=3600))

    assert result["pull_zone"]["id"] == made["pull_zone_id"]
    assert [method for method, _path in writes(zone)] == ["POST"]
    assert len(pull_zones_of(zone)) == 2


# Absolute names: a name that ends in a dot


def legacy_zone(simulator):
    return load_world(simulator, example_zone({"Id": 100, "Type": "A", "Name": "", "Value": "192.0.2.10"}, Domain="legacy.example"))


def test_an_absolute_name_in_the_zone_is_taken_relative_to_it_in_check_mode_and_applied(simulator):
    legacy_zone(simulator)
    vpn = {"type": "A", "name": "vpn.legacy.example.", "value": "192.0.2.20"}

    checked = run(simulator, check_mode=True, zone="legacy.example", records=[vpn])
    applied = run(simulator, zone="legacy.example", records=[vpn])

    assert [record["name"] for record in checked["added"]] == ["vpn"]
    assert bodies(simulator, "PUT") == [{"Type": 0, "Name": "vpn", "Value": "192.0.2.20"}]
    assert (applied["added"][0]["name"], run(simulator, zone="legacy.example", records=[vpn])["changed"]) == ("vpn", False)


def test_the_zones_own_name_with_a_dot_is_the_apex(simulator):
    legacy_zone(simulator)

    result = run(simulator, zone="legacy.example", records=[{"type": "A", "name": "Legacy.Example.", "value": "192.0.2.10"}])

    assert (result.get("failed"), result["changed"]) == (None, False)


def test_an_absolute_name_outside_the_zone_is_refused_before_any_request_naming_the_zone(simulator):
    legacy_zone(simulator)

    result = run(simulator, zone="legacy.example", records=[{"type": "A", "name": "vpn.other.example.", "value": "192.0.2.20"}])

    assert result["failed"] is True
    assert result["msg"] == ("Invalid input: records[0].name is 'vpn.other.example.', a name outside the zone legacy.example "
                             "(a name that ends in a dot is absolute).")
    assert simulator.requests() == []


def test_with_zone_id_an_absolute_name_outside_the_zone_is_refused_after_the_read_and_before_any_write(simulator):
    legacy_zone(simulator)

    result = run(simulator, zone_id=ZONE_ID, records=[{"type": "A", "name": "legacy.example.com.", "value": "192.0.2.20"}])

    assert "a name outside the zone legacy.example" in result["msg"]
    assert requests_sent(simulator) == [("GET", ZONE_PATH)]


def test_a_name_without_the_dot_stays_relative_even_when_it_ends_in_the_zones_name(simulator):
    legacy_zone(simulator)

    run(simulator, zone="legacy.example", records=[{"type": "A", "name": "vpn.legacy.example", "value": "192.0.2.20"}])

    assert bodies(simulator, "PUT") == [{"Type": 0, "Name": "vpn.legacy.example", "Value": "192.0.2.20"}]


# The zone


def test_the_zone_can_be_named_by_id(zone):
    result = run(zone, zone_id=ZONE_ID, records=[APEX_A])

    assert result["changed"] is False
    assert requests_sent(zone) == [("GET", ZONE_PATH)]


def test_the_zone_is_found_by_its_domain_in_any_case_and_with_a_trailing_dot(zone):
    result = run(zone, zone="Example.COM.", records=[APEX_A])

    assert (result["changed"], result["zone_id"]) == (False, ZONE_ID)


def test_a_zone_that_does_not_exist_fails_naming_dns_zone(zone):
    result = run(zone, zone="missing.example", records=[APEX_A])

    assert result["failed"] is True
    assert "missing.example" in result["msg"] and "dns_zone" in result["msg"]


def test_check_mode_predicts_the_records_of_a_zone_that_does_not_exist_yet(zone):
    result = run(zone, check_mode=True, zone="fresh.example", records=[APEX_A])

    assert result["changed"] is True
    assert [record["value"] for record in result["added"]] == ["192.0.2.10"]
    assert result["zone_id"] is None
    # ansible-core 2.19 gives warnings as structures, older releases as strings.
    assert "The DNS zone fresh.example does not exist yet" in str(result["warnings"])


def test_an_unknown_zone_id_fails_with_a_sentence(zone):
    result = run(zone, zone_id=99, records=[APEX_A])

    assert result["failed"] is True
    assert result["msg"] == "The DNS zone 99 was not found (HTTP 404)."


# Input refused before any request


@pytest.mark.parametrize("records, state, message", [
    ([{"type": "CNAME", "name": "www", "value": "a.example", "weight": 5}], "present",
     "records[0].weight is not taken by a CNAME record (weight is for A, AAAA and SRV records only)"),
    ([{"type": "PullZone", "name": "cdn", "value": "x", "pull_zone_id": 1}], "present", "records[0].value is not taken by a PullZone record"),
    ([{"type": "MX", "name": "@", "value": "mail.example.com", "port": 25}], "present", "records[0].port is not taken by a MX record"),
    ([{"type": "A", "name": "x", "value": "192.0.2.1", "weight": 101}], "present", "records[0].weight must be between 0 and 100 for a A record, got 101"),
    ([{"type": "SRV", "name": "_x._tcp", "value": "t.example", "weight": 65536}], "present", "records[0].weight must be between 0 and 65535"),
    ([{"type": "A", "name": "x", "value": "2001:db8::1"}], "present", "records[0].value must be an IPv4 address"),
    ([{"type": "AAAA", "name": "x", "value": "192.0.2.1"}], "present", "records[0].value must be an IPv6 address"),
    ([{"type": "Redirect", "name": "x", "value": "example.org"}], "present", "records[0].value must be an http:// or https:// URL"),
    ([{"type": "CNAME", "name": "x", "value": "not a name"}], "present", "records[0].value must be a DNS name"),
    ([{"type": "A", "name": "bad name", "value": "192.0.2.1"}], "present", "records[0].name must be @, empty for the apex"),
    ([{"type": "CNAME", "name": "x"}], "present", "records[0].value is required for a CNAME record"),
    ([{"type": "A", "name": "x"}], "absent", "records[0].value is required for a A record"),
    ([{"type": "PullZone", "name": "cdn"}], "present", "records[0].pull_zone_id is required for a PullZone record"),
    ([{"type": "Script", "name": "geo"}], "present", "records[0].script_id is required for a Script record"),
    ([{"type": "CAA", "name": "@", "value": "letsencrypt.org"}], "present", "records[0].tag is required for a CAA record"),
    ([{"type": "NS", "name": "@", "value": "ns1.example.net"}], "present", "records[0].name must not be the apex for an NS record"),
    ([{"type": "A", "name": "x", "value": "192.0.2.1", "smart_routing": "latency"}], "present",
     "records[0].latency_zone is required with smart_routing=latency"),
    ([{"type": "A", "name": "x", "value": "192.0.2.1", "geolocation_latitude": 91.0}], "present",
     "records[0].geolocation_latitude must be between -90 and 90, got 91.0"),
    ([{"type": "CNAME", "name": "www", "value": "a.example"}, {"type": "CNAME", "name": "WWW.example.COM.", "value": "b.example"}], "present",
     "records[1] is the same record as records[0] (CNAME www); list each record once"),
    ([{"type": "A", "name": "x", "value": "192.0.2.1"}, {"type": "A", "name": "x", "value": "192.0.2.1", "ttl": 5}], "present",
     "records[1] is the same record as records[0] (A x 192.0.2.1)"),
])
def test_input_a_type_does_not_take_fails_before_any_request_naming_the_item_and_the_rule(zone, records, state, message):
    result = run(zone, records=records, state=state)

    assert result["failed"] is True
    assert message in result["msg"]
    assert zone.requests() == []


def test_purge_with_state_absent_is_refused(zone):
    result = run(zone, records=[APEX_A], state="absent", purge=True)

    assert "purge=true goes with state=present" in result["msg"]
    assert zone.requests() == []


# Lost answers are settled by reading the zone


EACH_WRITE = [
    pytest.param(("PUT", RECORDS_PATH), dict(records=[{"type": "A", "name": "new", "value": "192.0.2.50"}]),
                 lambda records: sum(record["Name"] == "new" for record in records) == 1, id="add"),
    pytest.param(("POST", RECORDS_PATH + "/101"), dict(records=[dict(WWW, value="cdn.example.net")]),
                 lambda records: any(record["Value"] == "cdn.example.net" for record in records), id="update"),
    pytest.param(("DELETE", RECORDS_PATH + "/103"), dict(records=[SPF], state="absent"),
                 lambda records: all(record["Id"] != 103 for record in records), id="delete"),
]


@pytest.mark.parametrize("write, options, took_effect", EACH_WRITE)
def test_a_write_whose_connection_drops_after_it_was_applied_is_settled_by_a_read(zone, write, options, took_effect):
    zone.fault(method=write[0], path=write[1] + "$", drop_connection=True, apply=True, count=1)

    result = run(zone, **options)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [LIST_ZONES, write, ("GET", ZONE_PATH)]
    assert took_effect(stored_records(zone))


@pytest.mark.parametrize("write, options, took_effect", EACH_WRITE)
def test_a_write_that_got_a_gateway_error_before_it_was_applied_is_sent_again(zone, write, options, took_effect):
    zone.fault(method=write[0], path=write[1] + "$", status=502, count=1)

    result = run(zone, **options)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(zone) == [LIST_ZONES, write, ("GET", ZONE_PATH), write]
    assert took_effect(stored_records(zone))


def test_an_api_refusal_fails_with_the_apis_sentence_and_reports_earlier_writes(zone):
    zone.fault(method="PUT", path=RECORDS_PATH + "$", status=400, count=1)

    result = run(zone, records=[{"type": "A", "name": "new", "value": "192.0.2.50"}, SPF], state="present", purge=True)

    assert (result["failed"], result["changed"]) == (True, True)
    assert result["status"] == 400


# Size: a large zone costs one read and one write per differing record


def large_zone(size):
    return example_zone(*({"Id": 1000 + number, "Type": "A", "Name": "host%d" % number, "Value": "10.0.%d.%d" % (number // 250, number % 250)}
                          for number in range(size)))


def test_a_zone_of_1000_records_converges_with_one_read_and_one_write_per_differing_record(simulator):
    load_world(simulator, large_zone(1000))
    wanted = [{"type": "A", "name": "host%d" % number, "value": "10.0.%d.%d" % (number // 250, number % 250)} for number in range(1000)]
    wanted[5]["ttl"] = 60
    wanted[6]["value"] = "10.9.9.9"
    wanted.append({"type": "TXT", "name": "@", "value": "fresh"})

    first = run(simulator, records=wanted, purge=True)
    log = requests_sent(simulator)
    simulator.clear_requests()
    second = run(simulator, records=wanted, purge=True)

    assert first["changed"] is True
    assert log[0] == LIST_ZONES and len(log) == 1 + 4
    assert sorted(method for method, _path in log[1:]) == ["DELETE", "POST", "PUT", "PUT"]
    assert (second["changed"], requests_sent(simulator)) == (False, [LIST_ZONES])
    assert len(second["records"]) == 1001


def test_a_read_that_names_the_apex_with_an_at_sign_is_the_apex(simulator):
    load_world(simulator, example_zone({"Id": 101, "Type": "CNAME", "Name": "www", "Value": "example.com"}))
    # Added past the module, as the dashboard or another tool would, with the apex spelled "@".
    added = requests.put(simulator.url + RECORDS_PATH, json={"Type": 0, "Name": "@", "Value": "192.0.2.10"},
                         headers={"AccessKey": simulator.key}, timeout=10)
    added.raise_for_status()
    simulator.clear_requests()

    result = run(simulator, records=[APEX_A, WWW], purge=True)

    assert result["changed"] is False
    assert writes(simulator) == []
