"""The one DNS-name rule (dns_names.py): pull zone hostnames and referrers take a name as DNS zones and records do."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import dns_record, pullzone_hostname, pullzone_referrer
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.dns_fixtures import bodies, example_zone
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import ZONE_ID, assets_zone, read_zone, writes

ZONE = "/pullzone/%d" % ZONE_ID


@pytest.fixture
def pull_zone(simulator):
    simulator.load(pull_zones=[assets_zone()])
    return simulator


def test_a_pull_zone_takes_an_internationalised_hostname_and_sends_its_ascii_form(pull_zone):
    added = run_module(pullzone_hostname, pull_zone.api_args(pull_zone_id=ZONE_ID, hostnames=["Bücher.example.com."]))
    again = run_module(pullzone_hostname, pull_zone.api_args(pull_zone_id=ZONE_ID, hostnames=["xn--bcher-kva.example.com"]))

    assert added.get("failed") is None, added.get("msg")
    assert writes(pull_zone) == [("POST", ZONE + "/addHostname", {"Hostname": "xn--bcher-kva.example.com"})]
    assert again["changed"] is False


def test_a_pull_zone_takes_an_internationalised_referrer_and_sends_its_ascii_form(pull_zone):
    added = run_module(pullzone_referrer, pull_zone.api_args(pull_zone_id=ZONE_ID, allowed_referrers=["*.bücher.example"]))

    assert added.get("failed") is None, added.get("msg")
    assert "*.xn--bcher-kva.example" in read_zone(pull_zone)["AllowedReferrers"]


def test_a_name_in_two_spellings_is_listed_twice_for_a_pull_zone_as_for_a_zone(pull_zone):
    result = run_module(pullzone_hostname, pull_zone.api_args(pull_zone_id=ZONE_ID, hostnames=["bücher.example", "XN--BCHER-KVA.example"]))

    assert result["failed"] is True
    assert "'XN--BCHER-KVA.example' twice" in result["msg"]


def test_underscores_are_for_the_names_of_dns_records_and_not_for_host_names(simulator):
    simulator.load(dns_zones=[example_zone()], pull_zones=[assets_zone()])

    record = run_module(dns_record, simulator.api_args(zone="example.com", records=[{"type": "TXT", "name": "_DMARC", "value": "v=DMARC1; p=none"}]))
    hostname = run_module(pullzone_hostname, simulator.api_args(pull_zone_id=ZONE_ID, hostnames=["_dmarc.example.com"]))

    assert bodies(simulator, "PUT") == [{"Type": 3, "Name": "_dmarc", "Value": "v=DMARC1; p=none"}]
    assert (record["changed"], hostname["failed"]) == (True, True)
    assert "'_dmarc.example.com', whose label '_dmarc' is not 1 to 63 letters, digits or inner hyphens" in hostname["msg"]
