"""storage_zone against the simulator."""

import json

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import STORAGE_ZONE, describe_error, storage_url_of
from ansible_collections.bunnynet.cloud.plugins.modules import storage_zone
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.storage_fixtures import (
    PASSWORD,
    READ_ONLY_PASSWORD,
    SERVER_FIELDS,
    ZONE_ID,
    read,
    site_zone,
)

ZONE = "/storagezone/%d" % ZONE_ID


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(storage_zone, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def writes(simulator):
    return [(entry["method"], entry["path"], entry["body"]) for entry in simulator.writes()]


def read_back(simulator, zone_id):
    """The zone as storage_zone_info would return it, read and projected without the module under test."""
    zone = read(simulator, "/storagezone/%d" % zone_id)
    projected = STORAGE_ZONE.project(zone)
    projected.update(password="********", read_only_password="********")
    return projected


@pytest.fixture
def site(simulator):
    simulator.load(storage_zones=[site_zone()])
    return simulator


# Creating


NEW_ZONE = dict(name="media", region="SYD", replication_regions=["SG"], zone_tier="edge")


def test_check_mode_predicts_the_new_zone_and_only_reads(simulator):
    checked = run(simulator, check_mode=True, **NEW_ZONE)

    assert checked["changed"] is True
    assert simulator.writes() == []
    assert checked["storage_zone"]["id"] is None
    applied = run(simulator, **NEW_ZONE)
    assert_prediction_holds(checked["storage_zone"], applied["storage_zone"], read_back(simulator, applied["storage_zone"]["id"]),
                            server_fields=SERVER_FIELDS)


def test_a_create_sends_the_add_model_with_its_own_name_for_replication_regions(simulator):
    result = run(simulator, **NEW_ZONE)

    assert result["changed"] is True
    assert writes(simulator) == [("POST", "/storagezone", {"Name": "media", "Region": "SYD", "ReplicationRegions": ["SG"], "ZoneTier": 1})]
    assert (result["storage_zone"]["zone_tier"], result["storage_zone"]["storage_hostname"]) == ("edge", "syd.storage.bunnycdn.com")


def test_an_s3_zone_is_created_with_its_type_and_returns_its_s3_endpoint(simulator):
    options = dict(name="backups", region="NY", zone_type="s3")

    checked = run(simulator, check_mode=True, diff=True, **options)
    applied = run(simulator, **options)

    assert writes(simulator) == [("POST", "/storagezone", {"Name": "backups", "Region": "NY", "StorageZoneType": 1})]
    assert (checked["storage_zone"]["storage_zone_type"], checked["storage_zone"]["s3_hostname"]) == ("s3", None)
    assert (applied["storage_zone"]["storage_zone_type"], applied["storage_zone"]["s3_hostname"]) == ("s3", "ny-s3.storage.bunnycdn.com")
    assert_prediction_holds(checked["storage_zone"], applied["storage_zone"], read_back(simulator, applied["storage_zone"]["id"]),
                            server_fields=SERVER_FIELDS)
    assert run(simulator, **options)["changed"] is False


def test_a_zone_created_without_a_type_is_a_standard_zone_without_an_s3_endpoint(simulator):
    result = run(simulator, name="plain", region="DE")

    assert (result["storage_zone"]["storage_zone_type"], result["storage_zone"]["s3_hostname"]) == ("standard", None)
    assert "StorageZoneType" not in writes(simulator)[0][2]


def test_a_create_with_404_settings_adds_the_zone_then_updates_them_and_predicts_both(simulator):
    options = dict(name="app", region="DE", custom_404_file_path="/index.html", rewrite_404_to_200=True)
    checked = run(simulator, check_mode=True, **options)

    applied = run(simulator, **options)

    zone_id = applied["storage_zone"]["id"]
    assert writes(simulator) == [
        ("POST", "/storagezone", {"Name": "app", "Region": "DE"}),
        ("POST", "/storagezone/%d" % zone_id, {"Custom404FilePath": "/index.html", "Rewrite404To200": True}),
    ]
    assert (applied["storage_zone"]["custom_404_file_path"], applied["storage_zone"]["rewrite_404_to_200"]) == ("/index.html", True)
    assert_prediction_holds(checked["storage_zone"], applied["storage_zone"], read_back(simulator, zone_id), server_fields=SERVER_FIELDS)


def test_a_lost_answer_to_the_update_after_a_create_is_settled_by_reading_and_not_sent_again(simulator):
    simulator.fault(method="POST", path=r"^/storagezone/\d+$", status=503, apply=True, count=1)

    result = run(simulator, name="app", region="DE", rewrite_404_to_200=True)

    assert result["changed"] is True and result["storage_zone"]["rewrite_404_to_200"] is True
    assert [method for method, _path, _body in writes(simulator)] == ["POST", "POST"]


def test_a_create_without_a_region_fails_after_the_lookup_without_writing(simulator):
    result = run(simulator, name="media")

    assert result["failed"] is True
    assert result["msg"] == "Storage zone 'media' does not exist; region is required to create it."
    assert simulator.writes() == []


def test_a_lost_answer_to_the_create_is_settled_by_finding_the_zone(simulator):
    simulator.fault(method="POST", path="^/storagezone$", status=503, apply=True, count=1)

    result = run(simulator, **NEW_ZONE)

    assert result["changed"] is True
    assert result["storage_zone"]["name"] == "media"
    assert [zone["Name"] for zone in read(simulator, "/storagezone")] == ["media"]
    assert [method for method, _path, _body in writes(simulator)] == ["POST"]


def test_the_name_of_a_deleted_zone_is_refused_with_the_reason(simulator):
    simulator.load(storage_zones=[site_zone(Deleted=True)])

    result = run(simulator, name="site", region="DE")

    assert result["failed"] is True
    assert "unique across all of bunny.net, and a deleted zone's name is not free again" in result["msg"]


# Updating


def test_one_differing_setting_is_the_only_property_sent(site):
    result = run(site, name="site", region="DE", replication_regions=["NY"], custom_404_file_path="/404.html", diff=True)

    assert writes(site) == [("POST", ZONE, {"Custom404FilePath": "/404.html"})]
    assert result["diff"]["before"]["custom_404_file_path"] is None
    assert result["diff"]["after"]["custom_404_file_path"] == "/404.html"


def test_a_replication_region_is_added_with_the_whole_list_and_predicted(site):
    checked = run(site, check_mode=True, name="site", replication_regions=["LA", "NY"])
    applied = run(site, name="site", replication_regions=["LA", "NY"])

    assert writes(site) == [("POST", ZONE, {"ReplicationZones": ["LA", "NY"]})]
    assert sorted(applied["storage_zone"]["replication_regions"]) == ["LA", "NY"]
    assert_prediction_holds(checked["storage_zone"], applied["storage_zone"], read_back(site, ZONE_ID),
                            server_fields=["date_modified", "replication_regions"])
    assert sorted(checked["storage_zone"]["replication_regions"]) == sorted(read_back(site, ZONE_ID)["replication_regions"])


def test_replication_regions_in_another_order_are_no_change(site):
    site.load(storage_zones=[site_zone(ReplicationRegions=["NY", "LA"])])

    assert run(site, name="site", replication_regions=["LA", "NY"])["changed"] is False
    assert site.writes() == []


def test_removing_a_replication_region_is_refused_before_any_write_naming_it(site):
    result = run(site, name="site", replication_regions=["LA"])

    assert result["failed"] is True
    assert "replication_regions cannot lose NY: the API adds replication regions to a storage zone but never removes them" in result["msg"]
    assert site.writes() == []


def test_the_main_region_as_a_replication_region_is_refused(site):
    result = run(site, name="site", replication_regions=["NY", "DE"])

    assert result["failed"] is True
    assert "replication_regions cannot include DE, the zone's main region" in result["msg"]
    assert site.writes() == []


def test_a_new_zone_with_its_own_region_as_a_replication_region_is_refused_before_the_create(simulator):
    result = run(simulator, name="media", region="SYD", replication_regions=["SG", "SYD"])

    assert result["failed"] is True
    assert "replication_regions cannot include SYD, the zone's main region" in result["msg"]
    assert simulator.writes() == []


@pytest.mark.parametrize("option, value", [("region", "NY"), ("zone_tier", "edge"), ("zone_type", "s3")])
def test_a_different_region_tier_or_type_fails_saying_it_is_set_at_creation(site, option, value):
    result = run(site, name="site", **{option: value})

    assert result["failed"] is True
    assert "%s can only be set when the storage zone is created" % option in result["msg"]
    assert site.writes() == []


def test_a_zone_found_by_id_cannot_be_renamed(site):
    result = run(site, id=ZONE_ID, name="other")

    assert result["failed"] is True
    assert "name can only be set when the storage zone is created" in result["msg"]


def test_a_stale_id_fails_and_creates_nothing(site):
    result = run(site, id=99, name="site", region="DE")

    assert result["failed"] is True
    assert result["status"] == 404
    assert site.writes() == []


def test_reapplying_and_checking_the_converged_zone_are_ok_with_reads_only(site):
    options = dict(name="site", region="DE", replication_regions=["NY", "UK"], rewrite_404_to_200=True)
    run(site, **options)
    site.clear_requests()

    assert run(site, **options)["changed"] is False
    assert run(site, check_mode=True, **options)["changed"] is False
    assert site.writes() == []


# Deleting


def test_absent_deletes_the_zone_and_check_mode_only_predicts_it(site):
    checked = run(site, check_mode=True, name="site", state="absent")
    assert (checked["changed"], site.writes()) == (True, [])

    deleted = run(site, name="site", state="absent", diff=True)

    assert deleted["changed"] is True and deleted["storage_zone"] is None
    assert deleted["diff"]["before"]["name"] == "site" and deleted["diff"]["after"] == {}
    assert writes(site) == [("DELETE", ZONE, None)]
    assert run(site, name="site", state="absent")["changed"] is False


# Secrets


def test_the_passwords_are_masked_everywhere_in_the_output(site):
    result = run(site, name="site", custom_404_file_path="/404.html", diff=True)

    output = json.dumps(result)
    assert PASSWORD not in output and READ_ONLY_PASSWORD not in output
    assert result["storage_zone"]["password"] == result["diff"]["before"]["read_only_password"] == "********"


def test_the_secrets_of_the_pull_zones_a_zone_lists_are_masked(site):
    site.load(storage_zones=[site_zone()], pull_zones=[{"Id": 10, "Name": "www", "StorageZoneId": ZONE_ID, "ZoneSecurityKey": "zone-key-LEAKCANARY"}])

    result = run(site, name="site")

    assert result["storage_zone"]["pull_zones"][0]["zone_security_key"] == "********"
    assert "zone-key-LEAKCANARY" not in json.dumps(result)


@pytest.mark.parametrize("zone, url", [
    ({"StorageHostname": "ny.storage.bunnycdn.com", "Region": "DE"}, "https://ny.storage.bunnycdn.com"),
    ({"Region": "DE"}, "https://storage.bunnycdn.com"),
    ({"Region": "SYD"}, "https://syd.storage.bunnycdn.com"),
    ({}, "https://storage.bunnycdn.com"),
], ids=["the host the zone names", "Falkenstein's own host", "a region's host", "no region: Falkenstein"])
def test_the_file_api_is_reached_on_the_host_the_zone_names_or_its_regions(zone, url):
    assert storage_url_of(zone) == url


@pytest.mark.parametrize("method, path, status, body", [
    ("POST", "/storagezone", 400, {"ErrorKey": "storagezone.name_taken", "Message": "Taken."}),
    ("POST", "/storagezone", 400, {"ErrorKey": "validation", "Field": "Name", "Message": "Taken."}),
])
def test_a_taken_name_is_explained_whether_the_api_names_the_field_or_the_key(method, path, status, body):
    described = describe_error(BunnyApiError(method, path, status, body))

    assert described.startswith(str(BunnyApiError(method, path, status, body)))
    assert described.endswith("The name of a storage zone is unique across all of bunny.net, and a deleted zone's name is not "
                              "free again; choose another name.")


def test_other_errors_are_left_as_the_api_gave_them():
    # Which errors mean a taken name is the engine's name_taken (test_resource.py).
    assert describe_error(BunnyApiError("POST", "/storagezone/1", 400, {"ErrorKey": "x", "Field": "Name", "Message": "Taken."})) is None


# The passwords: rotated, or returned on request


def test_the_passwords_are_returned_only_when_asked_and_only_under_secrets(site):
    plain = run(site, name="site")
    asked = run(site, name="site", return_passwords=True, diff=True)

    assert "secrets" not in plain and PASSWORD not in repr(plain)
    assert asked["secrets"] == {"password": PASSWORD, "read_only_password": READ_ONLY_PASSWORD}
    assert asked["changed"] is False and site.writes() == []
    assert (asked["storage_zone"]["password"], asked["storage_zone"]["read_only_password"]) == ("********", "********")
    assert PASSWORD not in repr((asked["storage_zone"], asked["diff"]))


def test_rotating_the_password_resets_it_and_returns_the_new_one_which_the_file_api_takes(site):
    checked = run(site, check_mode=True, diff=True, name="site", rotate_password=True)
    rotated = run(site, name="site", rotate_password=True)

    assert checked["changed"] is True and checked["rotated"] == ["password"]
    assert checked["secrets"] == {"password": None, "read_only_password": READ_ONLY_PASSWORD}
    assert writes(site) == [("POST", ZONE + "/resetPassword", None)]
    new_password = read(site, ZONE)["Password"]
    assert rotated["secrets"] == {"password": new_password, "read_only_password": READ_ONLY_PASSWORD} and new_password != PASSWORD
    assert_prediction_holds(checked["storage_zone"], rotated["storage_zone"], read_back(site, ZONE_ID), server_fields=["date_modified"])
    listing = requests.get(site.url + "/storage/site/", headers={"AccessKey": new_password}, timeout=10)
    assert listing.status_code == 200
    assert requests.get(site.url + "/storage/site/", headers={"AccessKey": PASSWORD}, timeout=10).status_code == 401


def test_the_read_only_password_is_reset_with_the_zone_given_as_a_query(site):
    result = run(site, name="site", rotate_read_only_password=True)

    assert writes(site) == [("POST", "/storagezone/resetReadOnlyPassword", None)]
    assert site.writes()[0]["query"] == {"id": str(ZONE_ID)}
    assert result["secrets"]["read_only_password"] == read(site, ZONE)["ReadOnlyPassword"] != READ_ONLY_PASSWORD


def test_a_rotation_is_never_a_side_effect_of_an_update(site):
    run(site, name="site", rewrite_404_to_200=True, return_passwords=True)

    assert read(site, ZONE)["Password"] == PASSWORD
    assert [path for _method, path, _body in writes(site)] == [ZONE]


def test_a_lost_reset_answer_is_settled_by_reading_a_new_password_and_not_sent_again(site):
    site.fault(method="POST", path="/resetPassword$", drop_connection=True, apply=True, count=1)

    result = run(site, name="site", rotate_password=True)

    assert result["changed"] is True and len(site.writes()) == 1
    assert result["secrets"]["password"] == read(site, ZONE)["Password"] != PASSWORD
