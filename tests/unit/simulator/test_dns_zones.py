"""Bunny DNS under /dnszone: zones, records and each type's rules, accelerated records, the export and DNSSEC."""

import pytest

from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error

WORLD = {
    "pull_zones": [{"Id": 7, "Name": "assets"}],
    "edge_scripts": [{"Id": 3, "Name": "geo", "ScriptType": 0}, {"Id": 4, "Name": "cdn", "ScriptType": 1}],
    "dns_zones": [
        {
            "Id": 1,
            "Domain": "example.com",
            "Records": [
                {"Id": 10, "Type": "A", "Name": "www", "Value": "192.0.2.1"},
                {"Id": 11, "Type": "TXT", "Name": "", "Value": "v=spf1 -all"},
            ],
        }
    ],
}


@pytest.fixture
def world(simulator):
    simulator.load_fixtures(WORLD)


def zone(api, zone_id=1):
    answer = api.get(f"/dnszone/{zone_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def records_of(api, zone_id=1):
    return {(record["Type"], record["Name"], record["Value"]): record for record in zone(api, zone_id)["Records"]}


def add(api, zone_id=1, **record):
    return api.request("PUT", f"/dnszone/{zone_id}/records", json=record)


# --- Zones ----------------------------------------------------------------------------------------


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("method", "path"), [("GET", "/dnszone/1"), ("PUT", "/dnszone/1/records"), ("POST", "/dnszone/1/dnssec")])
def test_a_request_without_key_gets_401_in_the_legacy_shape(api, method, path):
    assert_legacy_error(api.request(method, path, json={}, headers={}), 401, key="unauthorized")


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/dnszone/99", None),
        ("POST", "/dnszone/99", {"LoggingEnabled": True}),
        ("DELETE", "/dnszone/99", None),
        ("GET", "/dnszone/99/export", None),
        ("PUT", "/dnszone/99/records", {"Type": 0, "Name": "a", "Value": "192.0.2.9"}),
        ("POST", "/dnszone/1/records/99", {"Ttl": 60}),
        ("DELETE", "/dnszone/1/records/99", None),
    ],
)
def test_an_unknown_zone_or_record_gets_404_in_the_legacy_shape(api, method, path, body):
    assert_legacy_error(api.request(method, path, json=body), 404, key="not_found")


def test_a_new_zone_answers_201_with_the_defaults_and_its_records(simulator, api):
    answer = api.post("/dnszone", json={"Domain": "fresh.example", "Records": [{"Type": 0, "Name": "@", "Value": "192.0.2.5"}]})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert (created["Domain"], created["DnsSecEnabled"], created["Nameserver1"], created["SoaEmail"]) == (
        "fresh.example", False, "kiki.bunny.net", "hostmaster@bunny.net")
    assert [(record["Type"], record["Value"], record["Ttl"]) for record in created["Records"]] == [(0, "192.0.2.5", 300)]
    assert zone(api, created["Id"]) == created


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("domain", ["EXAMPLE.com", "example.com."])
def test_a_domain_another_zone_has_in_another_case_or_with_a_trailing_dot_is_refused(api, domain):
    assert_legacy_error(api.post("/dnszone", json={"Domain": domain}), 400, field="Domain", key="dnszone.zone_exists")


@pytest.mark.parametrize("domain", ["localhost", "bad domain.com", "-x.example"])
def test_a_domain_that_is_not_one_is_refused(simulator, api, domain):
    assert_legacy_error(api.post("/dnszone", json={"Domain": domain}), 400, field="Domain", key="dnszone.invalid_domain")


def test_a_zone_whose_records_break_a_rule_is_not_created(simulator, api):
    answer = api.post("/dnszone", json={"Domain": "fresh.example", "Records": [{"Type": 0, "Name": "a", "Value": "not-an-ip"}]})
    assert_legacy_error(answer, 400, field="Value")
    assert api.get("/dnszone").json()["TotalItems"] == 0


def test_the_list_pages_and_searches_domains_without_regard_to_case(simulator, api):
    simulator.load_fixtures({"dns_zones": [{"Domain": f"site{number}.example"} for number in range(7)] + [{"Domain": "Other.test"}]})
    first = api.get("/dnszone", params={"page": 1, "perPage": 5}).json()
    second = api.get("/dnszone", params={"page": 2, "perPage": 5}).json()
    assert (len(first["Items"]), first["HasMoreItems"], len(second["Items"]), second["HasMoreItems"], second["TotalItems"]) == (5, True, 3, False, 8)
    assert [item["Domain"] for item in api.get("/dnszone", params={"search": "OTHER"}).json()["Items"]] == ["Other.test"]


@pytest.mark.usefixtures("world")
def test_the_lite_view_leaves_the_records_out(api):
    assert api.get("/dnszone/1", params={"view": 1}).json()["Records"] is None
    assert len(api.get("/dnszone/1").json()["Records"]) == 2


@pytest.mark.usefixtures("world")
def test_an_update_changes_only_the_properties_sent(api):
    before = zone(api)
    answer = api.post("/dnszone/1", json={"LoggingEnabled": True, "LogAnonymizationType": 1})
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert (after["LoggingEnabled"], after["LogAnonymizationType"]) == (True, 1)
    assert {name: value for name, value in after.items() if name not in ("LoggingEnabled", "LogAnonymizationType", "DateModified")} == {
        name: value for name, value in before.items() if name not in ("LoggingEnabled", "LogAnonymizationType", "DateModified")}


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"CustomNameserversEnabled": True, "Nameserver1": "", "Nameserver2": "ns2.example.net"}, "Nameserver1"),
        ({"SoaEmail": "not-an-address"}, "SoaEmail"),
        ({"Domain": "renamed.example"}, "Domain"),
        ({"LogAnonymizationType": 5}, "LogAnonymizationType"),
    ],
)
def test_an_update_the_vendor_model_or_rules_refuse_gets_400(api, body, field):
    assert_legacy_error(api.post("/dnszone/1", json=body), 400, field=field)


@pytest.mark.usefixtures("world")
def test_custom_nameservers_with_both_names_are_kept(api):
    body = {"CustomNameserversEnabled": True, "Nameserver1": "ns1.example.net", "Nameserver2": "ns2.example.net"}
    assert api.post("/dnszone/1", json=body).status_code == 200
    assert {name: zone(api)[name] for name in body} == body


@pytest.mark.usefixtures("world")
def test_a_deleted_zone_is_gone(api):
    assert api.delete("/dnszone/1").status_code == 204
    assert_legacy_error(api.get("/dnszone/1"), 404)


@pytest.mark.usefixtures("world")
def test_the_export_is_a_zone_file_of_the_enabled_records(api):
    add(api, Type=4, Name="", Value="mail.example.com", Priority=10)
    add(api, Type=0, Name="old", Value="192.0.2.8", Disabled=True)
    answer = api.get("/dnszone/1/export")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/octet-stream"
    lines = answer.text.splitlines()
    assert lines[0] == "$ORIGIN example.com."
    assert "www 300 IN A 192.0.2.1" in lines and '@ 300 IN TXT "v=spf1 -all"' in lines and "@ 300 IN MX 10 mail.example.com." in lines
    assert not any("192.0.2.8" in line for line in lines)


@pytest.mark.usefixtures("world")
def test_dnssec_answers_the_same_ds_record_while_on_and_a_new_key_after_off(api):
    first = api.post("/dnszone/1/dnssec").json()
    again = api.post("/dnszone/1/dnssec").json()
    assert first["Enabled"] and first["DsRecord"].startswith("example.com. 3600 IN DS ") and first == again
    assert zone(api)["DnsSecEnabled"] is True
    off = api.delete("/dnszone/1/dnssec")
    assert off.status_code == 200 and off.json()["Enabled"] is False and off.json()["DsRecord"] is None
    assert zone(api)["DnsSecEnabled"] is False
    assert api.post("/dnszone/1/dnssec").json()["Digest"] != first["Digest"]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(("name", "available"), [("example.com", False), ("EXAMPLE.com.", False), ("fresh.example", True)])
def test_availability_says_whether_a_zone_could_be_added_for_the_domain(api, name, available):
    answer = api.post("/dnszone/checkavailability", json={"Name": name})

    assert answer.status_code == 200, answer.text
    assert answer.json() == {"Available": available}


@pytest.mark.usefixtures("world")
def test_availability_of_something_that_is_not_a_domain_is_refused(api):
    assert_legacy_error(api.post("/dnszone/checkavailability", json={"Name": "not a domain"}), 400, key="dnszone.invalid_domain")


ZONE_FILE = """$ORIGIN example.com.
$TTL 3600
@ IN SOA ns1.example.net. hostmaster.example.com. 1 7200 3600 1209600 300
@ IN NS kiki.bunny.net.
shop 600 IN A 192.0.2.20
     IN AAAA 2001:db8::20
@ IN MX 10 mx.example.net.
@ IN TXT "v=spf1 include:_spf.example.net; -all"
lb IN CNAME edge
_sip._tcp IN SRV 1 5 5060 sip.example.com.
www IN A 192.0.2.1
broken IN A not-an-address
elsewhere.example.org. IN A 192.0.2.9
; cdn 300 IN PullZone 7
"""


@pytest.mark.usefixtures("world")
def test_an_imported_zone_file_adds_its_records_and_answers_the_documented_counts(api):
    answer = api.post("/dnszone/1/import", data=ZONE_FILE, headers={"AccessKey": "sim-api-key", "Content-Type": "text/plain"})

    assert answer.status_code == 200, answer.text
    # Added: shop A and AAAA, MX, TXT, CNAME, SRV; skipped: SOA, apex NS, the www record the zone has, a name outside it; failed: the bad address.
    assert answer.json() == {"RecordsSuccessful": 6, "RecordsFailed": 1, "RecordsSkipped": 4}
    records = records_of(api)
    assert records[(0, "shop", "192.0.2.20")]["Ttl"] == 600 and records[(1, "shop", "2001:db8::20")]["Ttl"] == 3600
    assert records[(4, "", "mx.example.net")]["Priority"] == 10
    assert (3, "", "v=spf1 include:_spf.example.net; -all") in records
    assert (2, "lb", "edge.example.com") in records
    assert records[(8, "_sip._tcp", "sip.example.com")]["Port"] == 5060


@pytest.mark.usefixtures("world")
def test_a_zone_file_uploaded_as_a_form_file_is_imported_and_importing_it_again_adds_nothing(api):
    first = api.post("/dnszone/1/import", files={"file": ("example.com.zone", ZONE_FILE)})
    again = api.post("/dnszone/1/import", files={"file": ("example.com.zone", ZONE_FILE)})

    assert first.json()["RecordsSuccessful"] == 6
    assert again.json() == {"RecordsSuccessful": 0, "RecordsFailed": 1, "RecordsSkipped": 10}


@pytest.mark.usefixtures("world")
def test_the_export_of_a_zone_imports_back_into_a_new_zone_record_for_record(api):
    add(api, Type=4, Name="", Value="mx.example.net", Priority=10)
    exported = api.get("/dnszone/1/export").text
    created = api.post("/dnszone", json={"Domain": "example.com.copy"})
    assert created.status_code == 201, created.text

    imported = api.post(f"/dnszone/{created.json()['Id']}/import", data=exported.replace("example.com.", "example.com.copy."))

    assert imported.json()["RecordsSuccessful"] == 3
    assert set(records_of(api, created.json()["Id"])) == set(records_of(api))


@pytest.mark.usefixtures("world")
def test_statistics_answer_a_zero_for_each_day_of_the_range(api):
    answer = api.get("/dnszone/1/statistics", params={"dateFrom": "2024-03-01T00:00:00Z", "dateTo": "2024-03-03T00:00:00Z"})

    assert answer.status_code == 200, answer.text
    assert answer.json()["QueriesServedChart"] == {"2024-03-01T00:00:00Z": 0.0, "2024-03-02T00:00:00Z": 0.0, "2024-03-03T00:00:00Z": 0.0}
    assert answer.json()["TotalQueriesServed"] == 0


def test_statistics_hold_what_a_fixture_reports(simulator, api):
    simulator.load_fixtures(dict(WORLD, reports={"/dnszone/1/statistics": {"TotalQueriesServed": 1200}}))

    assert api.get("/dnszone/1/statistics").json()["TotalQueriesServed"] == 1200


@pytest.mark.usefixtures("world")
def test_a_scan_of_a_domain_before_its_zone_is_what_the_zones_scan_reads(api):
    triggered = api.post("/dnszone/records/scan", json={"Domain": "later.example"})
    assert triggered.status_code == 200 and triggered.json()["Status"] == 2
    zone_id = api.post("/dnszone", json={"Domain": "later.example"}).json()["Id"]

    latest = api.get(f"/dnszone/{zone_id}/records/scan")

    assert latest.status_code == 200, latest.text
    assert (latest.json()["JobId"], latest.json()["ZoneId"], latest.json()["Records"]) == (triggered.json()["JobId"], zone_id, [])
    assert_legacy_error(api.get("/dnszone/1/records/scan"), 404)
    assert_legacy_error(api.post("/dnszone/records/scan", json={"ZoneId": 1, "Domain": "example.com"}), 400)


@pytest.mark.usefixtures("world")
def test_a_wildcard_certificate_is_issued_for_the_zones_domain_only(api):
    assert api.post("/dnszone/1/certificate/issue").status_code == 200
    assert api.post("/dnszone/1/certificate/issue", json={"Domain": "shop.example.com"}).status_code == 200
    assert_legacy_error(api.post("/dnszone/1/certificate/issue", json={"Domain": "example.org"}), 400, field="Domain")


# --- Records --------------------------------------------------------------------------------------


@pytest.mark.usefixtures("world")
def test_an_added_record_answers_201_with_every_default_and_a_fresh_id(api):
    answer = add(api, Type=1, Name="v6", Value="2001:db8::1")
    assert answer.status_code == 201, answer.text
    record = answer.json()
    assert record["Id"] == 12
    assert (record["Ttl"], record["Weight"], record["Accelerated"], record["LinkName"], record["AutoSslIssuance"]) == (300, 0, False, None, True)
    assert records_of(api)[(1, "v6", "2001:db8::1")] == record


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("record", "field", "key"),
    [
        ({"Name": "x", "Value": "192.0.2.1"}, "Type", None),
        ({"Type": 0, "Name": "x", "Value": "999.0.0.1"}, "Value", "dnsrecord.invalid_value"),
        ({"Type": 1, "Name": "x", "Value": "192.0.2.1"}, "Value", "dnsrecord.invalid_value"),
        ({"Type": 2, "Name": "x", "Value": ""}, "Value", "dnsrecord.invalid_value"),
        ({"Type": 5, "Name": "x", "Value": "example.org"}, "Value", "dnsrecord.invalid_value"),
        ({"Type": 2, "Name": "x", "Value": "t.example.net", "Weight": 5}, "Weight", "dnsrecord.field_not_available"),
        ({"Type": 3, "Name": "x", "Value": "text", "Priority": 5}, "Priority", "dnsrecord.field_not_available"),
        ({"Type": 3, "Name": "x", "Value": "text", "Accelerated": True}, "Accelerated", "dnsrecord.field_not_available"),
        ({"Type": 0, "Name": "x", "Value": "192.0.2.1", "Weight": 101}, "Weight", None),
        ({"Type": 9, "Name": "", "Value": "ca.example", "Flags": 256, "Tag": "issue"}, "Flags", None),
        ({"Type": 7, "Name": "cdn", "PullZoneId": 99}, "PullZoneId", "dnsrecord.invalid_pullzone"),
        ({"Type": 7, "Name": "cdn"}, "PullZoneId", None),
        ({"Type": 11, "Name": "geo", "ScriptId": 4}, "ScriptId", "dnsrecord.invalid_script"),
        ({"Type": 12, "Name": "", "Value": "ns.example.net"}, "Name", "dnsrecord.apex_ns"),
        ({"Type": 0, "Name": "x", "Value": "192.0.2.1", "SmartRoutingType": 1}, "LatencyZone", None),
        ({"Type": 0, "Name": "x", "Value": "192.0.2.1", "Unknown": 1}, "Unknown", None),
    ],
)
def test_a_record_its_type_does_not_allow_gets_400_naming_the_field(api, record, field, key):
    assert_legacy_error(add(api, **record), 400, field=field, key=key)
    assert len(zone(api)["Records"]) == 2


@pytest.mark.usefixtures("world")
def test_srv_records_take_weights_up_to_65535_and_redirects_read_back_a_weight_of_100(api):
    srv = add(api, Type=8, Name="_sip._tcp", Value="sip.example.com", Priority=10, Weight=1000, Port=5060).json()
    redirect = add(api, Type=5, Name="old", Value="https://example.org/").json()
    assert (srv["Weight"], srv["Port"], redirect["Weight"]) == (1000, 5060, 100)


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("record", "key"),
    [
        ({"Type": 2, "Name": "WWW.", "Value": "t.example.net"}, "dnsrecord.cname_conflict"),
        ({"Type": 0, "Name": "Www", "Value": "192.0.2.1"}, "dnsrecord.duplicate"),
        ({"Type": 3, "Name": "", "Value": "v=spf1 -all"}, "dnsrecord.duplicate"),
    ],
)
def test_a_cname_beside_other_records_or_a_record_the_zone_has_is_refused(api, record, key):
    assert_legacy_error(add(api, **record), 400, key=key)


@pytest.mark.usefixtures("world")
def test_a_record_beside_a_cname_is_refused(api):
    assert add(api, Type=2, Name="blog", Value="t.example.net").status_code == 201
    assert_legacy_error(add(api, Type=3, Name="blog", Value="x"), 400, key="dnsrecord.cname_conflict")


@pytest.mark.usefixtures("world")
def test_pull_zone_and_script_records_read_their_link_as_link_name(api):
    pull_zone = add(api, Type=7, Name="cdn", PullZoneId=7).json()
    script = add(api, Type=11, Name="geo", ScriptId=3).json()
    assert (pull_zone["LinkName"], pull_zone["Value"], script["LinkName"]) == ("7", "", "3")


@pytest.mark.usefixtures("world")
def test_an_accelerated_record_makes_one_pull_zone_linked_back_to_it(simulator, api):
    record = add(api, Type=0, Name="shop", Value="192.0.2.20", Accelerated=True).json()
    zones = [item for item in api.get("/pullzone").json() if item["DnsRecordId"] == record["Id"]]
    assert len(zones) == 1
    made = zones[0]
    assert (made["Id"], made["DnsZoneId"], made["OriginType"], made["DnsRecordValue"]) == (record["AcceleratedPullZoneId"], 1, 1, "192.0.2.20")
    assert record["AccelerationStatus"] == 3


@pytest.mark.usefixtures("world")
def test_updating_an_accelerated_record_or_switching_it_off_and_on_keeps_its_one_pull_zone(api):
    record = add(api, Type=0, Name="shop", Value="192.0.2.20", Accelerated=True).json()
    path = f"/dnszone/1/records/{record['Id']}"
    assert api.post(path, json={"Ttl": 60}).status_code == 204
    assert api.post(path, json={"Accelerated": False}).status_code == 204
    assert records_of(api)[(0, "shop", "192.0.2.20")]["AcceleratedPullZoneId"] == 0
    assert api.post(path, json={"Accelerated": True}).status_code == 204
    assert records_of(api)[(0, "shop", "192.0.2.20")]["AcceleratedPullZoneId"] == record["AcceleratedPullZoneId"]
    assert len(api.get("/pullzone").json()) == 2


@pytest.mark.usefixtures("world")
def test_an_update_changes_only_the_fields_sent_and_keeps_the_type_rules(api):
    assert api.post("/dnszone/1/records/10", json={"Ttl": 60, "Comment": "front"}).status_code == 204
    record = records_of(api)[(0, "www", "192.0.2.1")]
    assert (record["Ttl"], record["Comment"], record["Value"]) == (60, "front", "192.0.2.1")
    assert_legacy_error(api.post("/dnszone/1/records/10", json={"Tag": "issue"}), 400, field="Tag")
    assert_legacy_error(api.post("/dnszone/1/records/10", json={"Id": 11, "Ttl": 5}), 400, field="Id")


@pytest.mark.usefixtures("world")
def test_a_deleted_record_is_gone_and_the_others_stay(api):
    assert api.delete("/dnszone/1/records/10").status_code == 204
    assert list(records_of(api)) == [(3, "", "v=spf1 -all")]


@pytest.mark.usefixtures("world")
def test_the_record_list_pages_and_filters_by_type_and_search(api):
    for number in range(6):
        add(api, Type=0, Name=f"host{number}", Value=f"192.0.2.{100 + number}")
    page = api.get("/dnszone/1/records", params={"type": 0, "perPage": 5}).json()
    assert (len(page["Items"]), page["TotalItems"], page["HasMoreItems"]) == (5, 7, True)
    assert [item["Name"] for item in api.get("/dnszone/1/records", params={"search": "HOST5"}).json()["Items"]] == ["host5"]


def test_fixture_records_take_their_type_by_name_and_ids_unique_across_zones(simulator, api):
    simulator.load_fixtures({"dns_zones": [{"Domain": "a.example", "Records": [{"Type": "CNAME", "Name": "x", "Value": "y.example"}]},
                                           {"Domain": "b.example", "Records": [{"Type": "MX", "Name": "", "Value": "m.example"}]}]})
    first, second = zone(api, 1)["Records"][0], zone(api, 2)["Records"][0]
    assert (first["Type"], second["Type"]) == (2, 4)
    assert first["Id"] != second["Id"]


# Absolute host names: stored without the trailing dot, as the service stores them

ABSOLUTE_HOSTS = [
    {"Type": 2, "Name": "lb", "Value": "lb.example.net."},
    {"Type": 4, "Name": "", "Value": "lb.example.net.", "Priority": 10},
    {"Type": 12, "Name": "sub", "Value": "lb.example.net."},
    {"Type": 10, "Name": "1", "Value": "lb.example.net."},
    {"Type": 8, "Name": "_sip._tcp", "Value": "lb.example.net.", "Priority": 1, "Weight": 5, "Port": 5060},
]


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize("record", ABSOLUTE_HOSTS, ids=["CNAME", "MX", "NS", "PTR", "SRV"])
def test_an_absolute_host_value_reads_back_without_its_trailing_dot(api, record):
    added = add(api, **record)

    assert added.status_code == 201, added.text
    assert added.json()["Value"] == "lb.example.net"
    assert [item["Value"] for item in zone(api)["Records"] if item["Id"] == added.json()["Id"]] == ["lb.example.net"]


@pytest.mark.usefixtures("world")
def test_an_update_to_an_absolute_host_value_is_stored_without_the_dot_and_exported_with_one(api):
    record_id = add(api, Type=2, Name="lb", Value="a.example.net").json()["Id"]

    assert api.post(f"/dnszone/1/records/{record_id}", json={"Value": "b.example.net."}).status_code == 204
    assert records_of(api)[(2, "lb", "b.example.net")]["Id"] == record_id
    assert "lb 300 IN CNAME b.example.net." in api.get("/dnszone/1/export").text.splitlines()


@pytest.mark.usefixtures("world")
def test_a_record_with_the_absolute_form_of_a_host_the_zone_has_is_a_duplicate(api):
    add(api, Type=4, Name="", Value="mx.example.net", Priority=10)

    assert_legacy_error(add(api, Type=4, Name="", Value="mx.example.net.", Priority=20), 400, key="dnsrecord.duplicate")
