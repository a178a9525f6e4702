"""storage_zone_info against the simulator."""

import json

from ansible_collections.bunnynet.cloud.plugins.modules import storage_zone_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.storage_fixtures import PASSWORD, ZONE_ID, site_zone


def run(simulator, **options):
    return run_module(storage_zone_info, simulator.api_args(**options))


def test_every_zone_is_read_from_every_page_and_deleted_zones_are_left_out(simulator):
    zones = [{"Id": number, "Name": "zone-%04d" % number} for number in range(1, 1003)] + [{"Id": 2000, "Name": "gone", "Deleted": True}]
    simulator.load(storage_zones=zones)

    result = run(simulator)

    assert [zone["id"] for zone in result["storage_zones"]] == list(range(1, 1003))
    assert [(entry["query"]["page"], entry["query"]["perPage"]) for entry in simulator.requests()] == [("1", "1000"), ("2", "1000")]


def test_a_zone_by_name_is_matched_exactly(simulator):
    simulator.load(storage_zones=[site_zone(), {"Id": 31, "Name": "site-old"}])

    assert [zone["id"] for zone in run(simulator, name="site")["storage_zones"]] == [ZONE_ID]
    assert run(simulator, name="sit")["storage_zones"] == []


def test_a_zone_by_id_and_a_missing_id(simulator):
    simulator.load(storage_zones=[site_zone()])

    found = run(simulator, id=ZONE_ID)
    missing = run(simulator, id=99)

    assert [zone["name"] for zone in found["storage_zones"]] == ["site"]
    assert (missing["failed"], missing["status"]) == (True, 404)


def test_the_result_is_the_modules_projection_with_passwords_masked(simulator):
    simulator.load(storage_zones=[site_zone(ZoneTier=1, Rewrite404To200=True)])

    zone = run(simulator, name="site")["storage_zones"][0]

    assert (zone["zone_tier"], zone["rewrite_404_to_200"], zone["password"]) == ("edge", True, "********")
    assert PASSWORD not in json.dumps(zone)
