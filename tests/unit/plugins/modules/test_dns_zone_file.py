"""dns_record's zone_file: the records of a BIND zone file, converged like the records listed."""

import sys

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.dns import records as dns_records
from ansible_collections.bunnynet.cloud.plugins.modules import dns_record
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.dns_fixtures import (
    ZONE_ID,
    ZONE_PATH,
    bodies,
    example_zone,
    load_world,
    requests_sent,
    stored_records,
    writes,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

DOMAIN = "legacy.example"
LIST_ZONES = ("GET", "/dnszone")
SERVER_FIELDS = ["records[].id", "records[].accelerated_pull_zone_id", "records[].acceleration_status", "records[].monitor_status",
                 "records[].ip_geo_location_info", "records[].geolocation_info"]
TLSA_DATA = "8f4e5b7c2a1d9e6f3b0c8a7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f"
# A zone as another provider exports it: its SOA and apex NS (bunny.net's to set), every type the
# module takes, $TTL and $ORIGIN, relative and absolute names, a record over two lines.
ZONE_FILE = """\
$ORIGIN legacy.example.
$TTL 3600
@       IN SOA ns1.old-dns.example. hostmaster.legacy.example. (
                2024010101 7200 3600 1209600 300 )
        IN NS  ns1.old-dns.example.
        IN NS  ns2.old-dns.example.
@   300 IN A     192.0.2.10
@       IN AAAA  2001:db8::10
www     IN CNAME legacy.example.
vpn.legacy.example. IN A 192.0.2.20
@       IN MX    10 mail
@       IN TXT   "v=spf1 mx " "-all"
@       IN CAA   0 issue "letsencrypt.org"
_sip._tcp IN SRV 10 5 5060 sip.legacy.example.
@       IN HTTPS 1 . alpn=h2,h3
_api    IN SVCB  2 svc.example.net. port=8443 alpn=h3
_443._tcp.www IN TLSA 3 1 1 %s
bücher  IN A     192.0.2.30
$ORIGIN lab.legacy.example.
$TTL 60
@       IN NS    ns1.lab-dns.example.
10      IN PTR   host10.lab.legacy.example.
""" % TLSA_DATA
IMPORTED = [
    {"Type": 0, "Name": "", "Value": "192.0.2.10", "Ttl": 300},
    {"Type": 1, "Name": "", "Value": "2001:db8::10", "Ttl": 3600},
    {"Type": 2, "Name": "www", "Value": "legacy.example", "Ttl": 3600},
    {"Type": 0, "Name": "vpn", "Value": "192.0.2.20", "Ttl": 3600},
    {"Type": 4, "Name": "", "Value": "mail.legacy.example", "Priority": 10, "Ttl": 3600},
    {"Type": 3, "Name": "", "Value": "v=spf1 mx -all", "Ttl": 3600},
    {"Type": 9, "Name": "", "Value": "letsencrypt.org", "Flags": 0, "Tag": "issue", "Ttl": 3600},
    {"Type": 8, "Name": "_sip._tcp", "Value": "sip.legacy.example", "Priority": 10, "Weight": 5, "Port": 5060, "Ttl": 3600},
    {"Type": 14, "Name": "", "Value": ". alpn=h2,h3", "Priority": 1, "Ttl": 3600},
    {"Type": 13, "Name": "_api", "Value": "svc.example.net. alpn=h3 port=8443", "Priority": 2, "Ttl": 3600},
    {"Type": 15, "Name": "_443._tcp.www", "Value": "3 1 1 " + TLSA_DATA, "Ttl": 3600},
    {"Type": 0, "Name": "xn--bcher-kva", "Value": "192.0.2.30", "Ttl": 3600},
    {"Type": 12, "Name": "lab", "Value": "ns1.lab-dns.example", "Ttl": 60},
    {"Type": 10, "Name": "10.lab", "Value": "host10.lab.legacy.example", "Ttl": 60},
]


def run(simulator, check_mode=False, **options):
    if "zone_id" not in options:
        options.setdefault("zone", DOMAIN)
    return run_module(dns_record, simulator.api_args(**options), check_mode=check_mode)


@pytest.fixture
def zone(simulator):
    """legacy.example on Bunny DNS, holding a stale record the move replaces."""
    return load_world(simulator, example_zone({"Id": 100, "Type": "A", "Name": "", "Value": "198.51.100.1"}, Domain=DOMAIN))


def test_every_record_of_the_zone_file_is_added_once_and_a_second_run_changes_nothing(zone):
    applied = run(zone, zone_file=ZONE_FILE, purge=True)
    zone.clear_requests()
    again = run(zone, zone_file=ZONE_FILE, purge=True)

    assert applied.get("failed") is None, applied.get("msg")
    assert bodies(zone, "PUT") == []
    assert [method for method, _path in writes(zone)] == []
    assert (again["changed"], requests_sent(zone)) == (False, [LIST_ZONES])
    stored = [{key: record[key] for key in wanted} for record, wanted in zip(stored_records(zone), IMPORTED)]
    assert stored == IMPORTED


def test_the_import_sends_one_add_per_record_in_the_files_order_after_deleting_what_the_file_lacks(zone):
    run(zone, zone_file=ZONE_FILE, purge=True)

    assert [method for method, _path in writes(zone)] == ["DELETE"] + ["PUT"] * len(IMPORTED)
    assert [{key: body[key] for key in ("Type", "Name", "Value")} for body in bodies(zone, "PUT")] == [
        {key: record[key] for key in ("Type", "Name", "Value")} for record in IMPORTED]


def test_check_mode_predicts_the_import_reading_only_and_a_read_back_shows_it(zone):
    checked = run(zone, check_mode=True, zone_file=ZONE_FILE, purge=True)
    assert requests_sent(zone) == [LIST_ZONES]

    applied = run(zone, zone_file=ZONE_FILE, purge=True)

    read_back = run(zone, check_mode=True, records=[])
    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds({"records": checked["records"]}, {"records": applied["records"]}, {"records": read_back["records"]},
                            server_fields=SERVER_FIELDS)


def test_a_lower_ttl_in_the_file_updates_every_record_that_has_the_default(zone):
    run(zone, zone_file=ZONE_FILE, purge=True)
    zone.clear_requests()

    run(zone, zone_file=ZONE_FILE.replace("$TTL 3600", "$TTL 300"), purge=True)

    assert {tuple(sorted(body)) for body in bodies(zone, "POST")} == {("Ttl", "Type")}
    assert len(bodies(zone, "POST")) == sum(record["Ttl"] == 3600 for record in IMPORTED)


def test_the_zone_file_and_the_records_listed_converge_as_one_list(zone):
    redirect = {"type": "Redirect", "name": "old", "value": "https://legacy.example/"}

    run(zone, zone_file=ZONE_FILE, records=[redirect], purge=True)

    assert [record["Name"] for record in stored_records(zone)][-1] == "old"
    assert len(stored_records(zone)) == len(IMPORTED) + 1


def test_a_zone_named_by_id_gives_relative_names_its_domain(zone):
    result = run(zone, zone_id=ZONE_ID, zone_file="$TTL 300\nwww IN A 192.0.2.50\n")

    assert bodies(zone, "PUT") == [{"Type": 0, "Name": "www", "Value": "192.0.2.50", "Ttl": 300}]
    assert requests_sent(zone)[0] == ("GET", ZONE_PATH)
    assert result["changed"] is True


def test_state_absent_deletes_the_records_of_the_zone_file(zone):
    run(zone, zone_file=ZONE_FILE)
    zone.clear_requests()

    run(zone, zone_file=ZONE_FILE, state="absent")

    assert [record["Value"] for record in stored_records(zone)] == ["198.51.100.1"]


@pytest.mark.parametrize("zone_file, problem", [
    pytest.param("$TTL 300\nwww IN A 192.0.2.1\nold IN DNAME other.example.\n",
                 "zone_file line 3: a DNAME record, which dns_record does not take (it takes A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS, "
                 "SVCB, HTTPS and TLSA)", id="a type the module does not take"),
    pytest.param("$TTL 300\nwww IN A 192.0.2.1\nvpn.other.example. IN A 192.0.2.2\n",
                 "zone_file line 3: vpn.other.example. is outside the zone legacy.example", id="a name outside the zone"),
    pytest.param("$TTL 300\n\nwww IN A 192.0.2.300\n", "zone_file line 3: ", id="a value the parser refuses"),
    pytest.param("$TTL 300\nwww IN FOO bar\n", "zone_file line 2: unknown rdatatype 'FOO'", id="a type nobody knows"),
    pytest.param("www IN A 192.0.2.1\n", "zone_file line 1: Missing default TTL value", id="no TTL"),
    pytest.param("$INCLUDE /etc/hosts\n", "zone_file line 1: zone file directive '$INCLUDE' is not allowed", id="an include"),
    pytest.param("$TTL 300\n@ IN TXT \"\"\n", "zone_file line 2: value must be a non-empty string, got an empty value", id="a rule of the module"),
    pytest.param("$TTL 300\nwww IN CNAME a.example.\nwww IN CNAME b.example.\n",
                 "zone_file line 3 is the same record as zone_file line 2 (CNAME www)", id="a record twice"),
])
def test_a_record_the_module_cannot_take_is_refused_by_its_line_before_any_request(zone, zone_file, problem):
    result = run(zone, zone_file=zone_file)

    assert result["failed"] is True
    assert problem in result["msg"]
    assert zone.requests() == []


def test_a_record_of_the_file_and_a_listed_one_that_are_the_same_are_refused(zone):
    result = run(zone, zone_file="$TTL 300\nwww IN A 192.0.2.1\n", records=[{"type": "A", "name": "WWW", "value": "192.0.2.1"}])

    assert "records[0] is the same record as zone_file line 2 (A www 192.0.2.1)" in result["msg"]


def test_without_dnspython_a_zone_file_fails_naming_the_library_and_records_alone_need_none(zone, monkeypatch):
    monkeypatch.setattr(dns_records, "HAS_DNSPYTHON", False)

    failed = run(zone, zone_file=ZONE_FILE)
    listed = run(zone, records=[{"type": "A", "name": "www", "value": "192.0.2.50"}])

    assert failed["failed"] is True
    assert failed["msg"].startswith("zone_file needs the Python package dnspython, which the Python that runs this module (%s) cannot "
                                    "import. Install it there with: %s -m pip install dnspython" % (sys.executable, sys.executable))
    assert listed.get("failed") is None


def test_records_or_a_zone_file_is_required(zone):
    result = run(zone)

    assert result["failed"] is True
    assert "one of the following is required: records, zone_file" in result["msg"]
