"""dns_zone_info against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import dns_zone_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.dns_fixtures import DOMAIN, ZONE_ID, example_zone, load_world, requests_sent
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module


def run(simulator, **options):
    return run_module(dns_zone_info, simulator.api_args(**options))


@pytest.fixture
def zones(simulator):
    return load_world(simulator, example_zone(), {"Id": 2, "Domain": "example.org"}, {"Id": 3, "Domain": "xn--bcher-kva.example"})


def domains(result):
    return [zone["domain"] for zone in result["dns_zones"]]


def test_without_options_every_zone_is_returned(zones):
    result = run(zones)

    assert result["changed"] is False
    assert domains(result) == [DOMAIN, "example.org", "xn--bcher-kva.example"]
    assert [record["type"] for record in result["dns_zones"][0]["records"]] == ["A", "CNAME", "MX", "TXT"]


def test_every_page_is_read(simulator):
    load_world(simulator, *({"Domain": "site%d.example" % number} for number in range(1003)))

    result = run(simulator)

    assert len(result["dns_zones"]) == 1003
    assert [entry["query"]["page"] for entry in simulator.requests()] == ["1", "2"]


def test_search_narrows_the_list(zones):
    assert domains(run(zones, search="example.o")) == ["example.org"]


def test_a_domain_is_found_in_any_spelling_and_only_exactly(zones):
    assert domains(run(zones, domain="Bücher.EXAMPLE.")) == ["xn--bcher-kva.example"]
    assert domains(run(zones, domain="ample.com")) == []


def test_an_id_returns_that_zone_and_an_unknown_id_fails(zones):
    assert domains(run(zones, id=2)) == ["example.org"]
    assert run(zones, id=99)["msg"] == "The DNS zone 99 was not found (HTTP 404)."


def test_export_adds_each_zones_zone_file(zones):
    result = run(zones, id=ZONE_ID, export=True)

    zone_file = result["dns_zones"][0]["zone_file"].splitlines()
    assert zone_file[0] == "$ORIGIN example.com."
    assert "www 300 IN CNAME example.com." in zone_file
    assert requests_sent(zones) == [("GET", "/dnszone/1"), ("GET", "/dnszone/1/export")]


def test_without_export_no_zone_file_is_read(zones):
    result = run(zones, id=ZONE_ID)

    assert "zone_file" not in result["dns_zones"][0]
    assert requests_sent(zones) == [("GET", "/dnszone/1")]


@pytest.mark.parametrize("options, message", [
    (dict(id=1, domain=DOMAIN), "mutually exclusive"),
    (dict(domain="nodot"), "domain must be a domain such as example.com"),
    (dict(id=0), "id must be at least 1"),
])
def test_bad_input_fails_before_any_request(zones, options, message):
    result = run(zones, **options)

    assert message in result["msg"]
    assert zones.requests() == []
