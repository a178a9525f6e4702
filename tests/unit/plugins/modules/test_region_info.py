"""region_info against the simulator: every service's regions in one shape, and codes checked against them."""

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.regions import SERVICES
from ansible_collections.bunnynet.cloud.plugins.modules import region_info, storage_zone
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module


def run(simulator, **options):
    return run_module(region_info, simulator.api_args(**options))


def read(simulator, path):
    return requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10)


@pytest.fixture
def database_area(simulator):
    """The simulator, serving the Database API's area (its configuration answers)."""
    assert read(simulator, "/database/v1/config").status_code == 200
    return simulator


def test_each_service_lists_its_regions_in_one_shape(simulator):
    result = run(simulator, service=["cdn", "storage", "magic_containers"])

    assert result["changed"] is False
    cdn = read(simulator, "/region").json()
    storage = read(simulator, "/storagezone/regions").json()
    assert [(region["service"], region["code"], region["name"]) for region in result["regions"]] == (
        [("cdn", region["RegionCode"], region["Name"]) for region in cdn]
        + [("storage", region["Id"], region["Name"]) for region in storage]
        + [("magic_containers", region["id"], region["name"]) for region in read(simulator, "/mc/regions?limit=1000").json()["items"]])
    assert result["codes"]["storage"] == sorted(region["Id"] for region in storage)


def test_what_a_service_says_of_a_region_is_kept_in_snake_case(simulator):
    regions = run(simulator, service=["cdn", "storage", "magic_containers"])["regions"]

    frankfurt = next(region for region in regions if region["service"] == "cdn" and region["code"] == "DE")
    assert {"continent_code", "country_code", "latitude", "longitude", "price_per_gigabyte", "allow_latency_routing"} <= set(frankfurt)
    assert next(region for region in regions if region["service"] == "storage" and region["code"] == "NY")["url"] == "https://ny.storage.bunnycdn.com"
    assert "has_anycast_support" in next(region for region in regions if region["service"] == "magic_containers")


def test_every_page_of_the_magic_containers_list_is_read(simulator):
    result = run(simulator, service=["magic_containers"])

    pages = [entry for entry in simulator.requests() if entry["path"] == "/mc/regions"]
    assert len(result["regions"]) == len(read(simulator, "/mc/regions?limit=1000").json()["items"]) > 0
    assert len(pages) == 1 and pages[0]["query"]["limit"] == "1000"


def test_codes_narrow_the_list_to_those_regions(simulator):
    result = run(simulator, service=["storage", "cdn"], codes=["DE", "NY"])

    assert sorted((region["service"], region["code"]) for region in result["regions"]) == [
        ("cdn", "DE"), ("cdn", "NY"), ("storage", "DE"), ("storage", "NY")]
    assert result["codes"] == {"storage": ["DE", "NY"], "cdn": ["DE", "NY"]}


def test_a_code_a_service_does_not_offer_fails_naming_the_closest(simulator):
    result = run(simulator, service=["storage"], codes=["DE", "SY"])

    assert result["failed"] is True
    assert result["msg"].startswith("codes SY is not a storage region (did you mean SYD or SG or SE?); the storage regions are DE, UK, SE")


def test_the_database_regions_are_listed_once_with_the_uses_they_take(database_area):
    result = run(database_area, service=["database"])

    config = read(database_area, "/database/v1/config").json()
    regions = {region["code"]: region for region in result["regions"]}
    for use, listed in (("primary", "primary_regions"), ("replica", "replica_regions"), ("storage", "storage_region_available")):
        assert sorted(code for code, region in regions.items() if region[use]) == sorted(region["id"] for region in config[listed])
    assert len(result["regions"]) == len(regions)


class ConfigAnswer:
    """A client whose every read answers the Database API's region list, in the vendor document's shape."""

    def get(self, path, params=None):
        assert path == "/database/v1/config"
        frankfurt = {"id": "DE", "name": "Frankfurt", "latitude": 50.1, "longitude": 8.7, "group": "EU", "country": "DE"}
        manila = {"id": "PH", "name": "Manila", "latitude": 14.6, "longitude": 121.0, "group": "ASIA", "country": "PH"}
        return {"storage_region_available": [{"id": "eu-central-1", "name": "Europe Central", "group": "EU"}],
                "primary_regions": [frankfurt], "replica_regions": [frankfurt, manila]}


def test_a_database_region_is_one_entry_saying_which_uses_it_takes():
    regions = SERVICES["database"].regions(ConfigAnswer())

    assert [(region["code"], region["name"], region["primary"], region["replica"], region["storage"]) for region in regions] == [
        ("DE", "Frankfurt", True, True, False), ("PH", "Manila", False, True, False), ("eu-central-1", "Europe Central", False, False, True)]
    assert regions[0]["service"] == "database" and regions[0]["group"] == "EU"


def test_every_service_by_default(database_area):
    result = run(database_area)

    assert set(result["codes"]) == {"cdn", "storage", "magic_containers", "database"}


def test_bad_input_fails_before_any_request(simulator):
    result = run(simulator, service=["edge"], codes=[""])

    assert result["failed"] is True
    assert "service" in result["msg"] and simulator.requests() == []


# --- storage_zone checks its regions against the storage list ----------------------------------------

def test_a_new_storage_zone_in_a_region_storage_does_not_offer_fails_before_any_write(simulator):
    for check_mode in (True, False):
        result = run_module(storage_zone, simulator.api_args(name="files", region="FR", replication_regions=["NYC"]), check_mode=check_mode)

        assert result["failed"] is True
        assert "region FR is not a storage region" in result["msg"]
        assert "replication_regions NYC is not a storage region (did you mean NY?)" in result["msg"]
    assert simulator.writes() == []


def test_a_zone_that_changes_no_region_reads_no_region_list(simulator):
    simulator.load(storage_zones=[{"Id": 30, "Name": "site", "Region": "DE", "ReplicationRegions": ["NY"]}])

    run_module(storage_zone, simulator.api_args(name="site", region="DE", replication_regions=["NY"], rewrite_404_to_200=True))

    assert "/storagezone/regions" not in [entry["path"] for entry in simulator.requests()]
