"""The kinds added last to the account: a library's Stream catalogue, databases with their tokens as
hand-offs, and the certificates of a pull zone's hostnames.

Each change made by hand is reported with the host's kind, its resource, the field and the value on
each side, as a person reads it; a token's value is never written, and the checks that reach the
database's own endpoint only read.
"""

import base64
import copy
import json

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import (
    database_token,
    mc_container_template,
    pullzone_certificate,
    stream_collection,
    stream_video,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.action.test_account_round_trip import (
    ACCOUNT,
    ADVANCED,
    BASICS,
    DATABASE_ID,
    DEEP_DIVE,
    INTRO,
    round_trip_world,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.certificate_fixtures import fingerprint, not_after


@pytest.fixture
def world(simulator):
    return round_trip_world(simulator)


def host_of(exported, role):
    return next(host for host in exported if host["role"] == role)


def drift_of(world, exported, role):
    findings, _unmanaged = world.audit(exported)
    found = findings[host_of(exported, role)["host"]]
    return found, {item["field"]: (item["inventory"], item["account"]) for item in found["drift"]}


# --- Stream catalogues ---------------------------------------------------------------------------


def test_a_library_s_collections_and_videos_are_exported_as_the_stream_catalogue_role_takes_them(world, simulator):
    simulator.clear_requests()
    exported = world.export()

    host = host_of(exported, "stream_catalogue")
    assert (host["host"], host["kind"], host["name"]) == ("stream_catalogue_lessons", "stream_catalogue", "lessons")
    assert host["role_variables"] == {
        "stream_catalogue_library": "lessons",
        "stream_catalogue_collections": ["Advanced", "Basics"],
        # By title, whatever order the API lists them in.
        "stream_catalogue_videos": [
            {"title": "Deep dive", "guid": DEEP_DIVE, "collection": "Advanced", "sha256": "B2" * 32},
            {"title": "Intro", "guid": INTRO, "collection": "Basics", "description": "Where to start", "meta_tags": {"level": "beginner"},
             "chapters": [{"title": "Welcome", "start": 0, "end": 30}], "moments": [{"label": "Demo", "timestamp": 12}], "sha256": "A1" * 32},
        ],
        # Every video and collection is listed: the catalogue is the whole library.
        "stream_catalogue_purge": True,
    }
    # The library's pull zone comes from the pull zone list, and the Stream reads are the library's, once each.
    paths = [entry["path"] for entry in simulator.requests()]
    assert not [path for path in paths if path.startswith("/pullzone/")]
    assert sorted(path for path in paths if path.startswith("/stream/")) == ["/stream/library/20/collections", "/stream/library/20/videos"]


def test_a_library_without_collections_or_videos_is_no_stream_catalogue(world, simulator):
    simulator.load(**dict(copy.deepcopy(ACCOUNT), stream_collections=[], stream_videos=[]))

    assert [host for host in world.export() if host["kind"] == "stream_catalogue"] == []


def test_a_video_s_title_collection_metadata_chapters_and_moments_changed_by_hand_are_each_drift_with_both_values(world):
    exported = world.export()
    world.run(stream_video, library_id=20, guid=INTRO, title="Introduction", collection="Advanced", description="Start here",
              meta_tags={"level": "expert"}, chapters=[{"title": "Welcome", "start": 0, "end": 45}], moments=[])

    found, fields = drift_of(world, exported, "stream_catalogue")

    assert (found["kind"], found["resource"]) == ("stream_catalogue", "Stream catalogue lessons")
    assert fields == {
        "stream_catalogue_videos[Intro].title": ("Intro", "Introduction"),
        "stream_catalogue_videos[Intro].collection": ("Basics", "Advanced"),
        "stream_catalogue_videos[Intro].description": ("Where to start", "Start here"),
        "stream_catalogue_videos[Intro].meta_tags": ({"level": "beginner"}, {"level": "expert"}),
        "stream_catalogue_videos[Intro].chapters": ([{"title": "Welcome", "start": 0, "end": 30}], [{"title": "Welcome", "start": 0, "end": 45}]),
        "stream_catalogue_videos[Intro].moments": ([{"label": "Demo", "timestamp": 12}], None),
    }


def test_a_video_replaced_by_hand_is_found_by_its_title_and_drifts_by_its_guid_and_its_original_s_sha256(world, simulator):
    exported = world.export()
    replaced = [video for video in ACCOUNT["stream_videos"] if video["guid"] != INTRO] + [
        dict(ACCOUNT["stream_videos"][0], guid="c0ffee00-0000-4000-8000-0000000000a9", originalHash="C3" * 32)]
    simulator.load(**dict(copy.deepcopy(ACCOUNT), stream_videos=replaced))

    _found, fields = drift_of(world, exported, "stream_catalogue")

    assert fields == {"stream_catalogue_videos[Intro].guid": (INTRO, "c0ffee00-0000-4000-8000-0000000000a9"),
                      "stream_catalogue_videos[Intro].sha256": ("A1" * 32, "C3" * 32)}


def test_a_collection_renamed_by_hand_is_drift_from_its_old_name_to_its_new_one(world):
    exported = world.export()
    world.run(stream_collection, library_id=20, guid=ADVANCED, name="Expert")

    _found, fields = drift_of(world, exported, "stream_catalogue")

    assert fields == {"stream_catalogue_collections[Advanced]": ("Advanced", "Expert"),
                      "stream_catalogue_videos[Deep dive].collection": ("Advanced", "Expert")}


def test_a_host_may_name_its_library_by_id_as_the_role_takes_it(world):
    exported = world.export()
    variables = host_of(exported, "stream_catalogue")["role_variables"]
    variables["stream_catalogue_library_id"] = 20
    del variables["stream_catalogue_library"]
    world.run(stream_video, library_id=20, guid=INTRO, title="Introduction")

    _found, fields = drift_of(world, exported, "stream_catalogue")

    assert fields == {"stream_catalogue_videos[Intro].title": ("Intro", "Introduction")}


def test_a_video_added_by_hand_is_drift_only_where_the_inventory_purges(world, simulator):
    exported = world.export()
    extra = {"videoLibraryId": 20, "guid": "c0ffee00-0000-4000-8000-0000000000aa", "title": "Extra", "collectionId": BASICS}
    added = copy.deepcopy(ACCOUNT["stream_videos"]) + [extra]
    simulator.load(**dict(copy.deepcopy(ACCOUNT), stream_videos=added))

    _found, purged = drift_of(world, exported, "stream_catalogue")
    host_of(exported, "stream_catalogue")["role_variables"]["stream_catalogue_purge"] = False
    _found, kept = drift_of(world, exported, "stream_catalogue")

    assert kept == {}
    assert list(purged) == ["stream_catalogue_videos[Extra]"] and purged["stream_catalogue_videos[Extra]"][0] is None


# --- Databases and their tokens --------------------------------------------------------------------


def tokens(simulator):
    return requests.get(simulator.url + "/_sim/databases/tokens", timeout=10).json()


def test_a_database_is_exported_with_its_regions_and_where_its_tokens_are_never_their_values(world, simulator):
    exported = world.export()

    host = host_of(exported, "database_app")
    assert (host["host"], host["kind"], host["name"], host["id"]) == ("database_orders", "database", "orders", DATABASE_ID)
    assert host["role_variables"] == {
        "database_app_name": "orders", "database_app_storage_region": "eu-central-1", "database_app_primary_regions": ["DE"],
        "database_app_replicas_regions": ["UK"],
        "database_app_tokens": [
            {"container_template": {"app_id": "shopApp01", "name": "web", "variable": "BUNNY_DATABASE_AUTH_TOKEN"}, "expires_at": None},
            {"edge_script_secret": {"script_name": "router", "name": "BUNNY_DATABASE_AUTH_TOKEN"}, "expires_at": None},
        ],
        "database_app_container_template": {"app_id": "shopApp01", "name": "web", "variable": "BUNNY_DATABASE_AUTH_TOKEN",
                                            "url_variable": "BUNNY_DATABASE_URL"},
        "database_app_authorization": "full-access",
    }
    written = json.dumps([host["role_variables"] for host in exported if host["kind"] == "database"])
    assert all(token["token"] not in written for token in tokens(simulator))


def test_a_revoked_token_in_a_container_is_drift_told_by_the_database_s_own_endpoint(world, simulator):
    exported = world.export()
    world.run(database_token, database_id=DATABASE_ID, state="absent")
    simulator.clear_requests()

    found, fields = drift_of(world, exported, "database_app")

    assert (found["kind"], found["resource"]) == ("database", "database orders")
    # The script's secret cannot be read, so only the container's token is known to be refused.
    assert fields == {"database_app_tokens[shopApp01/web/BUNNY_DATABASE_AUTH_TOKEN].token": ("a working token", "a token revoked (the database refuses it)")}
    asked = [entry for entry in simulator.requests() if entry["path"].startswith("/sql/")]
    assert [(entry["method"], entry["body"]["requests"][0]["stmt"]["sql"]) for entry in asked] == [("POST", "SELECT 1")]


def a_token(claims):
    """A JWT-shaped token the database never gave: its payload alone says what it is."""
    def encode(data):
        return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
    return "%s.%s.%s" % (encode({"alg": "EdDSA", "typ": "JWT"}), encode(claims), "LEAKCANARY-signature")


def test_an_expired_token_in_a_container_is_drift_by_the_expiry_the_token_itself_holds(world, simulator):
    world.run(mc_container_template, app_id="shopApp01", name="web",
              environment_variables={"BUNNY_DATABASE_AUTH_TOKEN": a_token({"a": "rw", "id": DATABASE_ID, "exp": 1767225600})})
    exported = world.export()
    simulator.clear_requests()

    _found, fields = drift_of(world, exported, "database_app")

    assert host_of(exported, "database_app")["role_variables"]["database_app_tokens"][0]["expires_at"] == "2026-01-01T00:00:00Z"
    assert fields == {"database_app_tokens[shopApp01/web/BUNNY_DATABASE_AUTH_TOKEN].token": ("a working token", "a token expired on 2026-01-01T00:00:00Z")}
    # An expired token is not sent anywhere.
    assert not [entry for entry in simulator.requests() if entry["path"].startswith("/sql/")]


def test_a_token_removed_from_a_destination_or_copied_into_another_is_drift(world):
    exported = world.export()
    world.run(database_token, database_id=DATABASE_ID, edge_script_secret=dict(script_id=4700, name="BUNNY_DATABASE_AUTH_TOKEN"), state="absent")
    world.run(database_token, database_id=DATABASE_ID, container_template=dict(app_id="shopApp01", name="web", variable="REPORTS_DB_TOKEN"))

    _found, fields = drift_of(world, exported, "database_app")

    assert fields["database_app_tokens[router/BUNNY_DATABASE_AUTH_TOKEN]"] == ("a token of database orders", None)
    assert fields["database_app_tokens[shopApp01/web/REPORTS_DB_TOKEN]"] == (
        None, {"container_template": {"app_id": "shopApp01", "name": "web", "variable": "REPORTS_DB_TOKEN"}, "expires_at": None})


def test_a_database_no_destination_holds_a_token_of_is_listed_with_no_role_to_manage_it(world, simulator):
    simulator.load(**copy.deepcopy(ACCOUNT))

    _findings, unmanaged = world.audit([])

    assert [entry for entry in unmanaged if entry["kind"] == "database"] == [
        dict(kind="database", name="orders", id=DATABASE_ID, role=None, reason="no role of the collection manages it")]


# --- Certificates of a pull zone's hostnames -------------------------------------------------------


def test_a_hostname_s_own_certificate_is_exported_by_what_the_api_exposes_of_it_never_its_key(world):
    certificate = world.install_certificate()
    exported = world.export()

    variables = host_of(exported, "pullzone_domains")["role_variables"]
    assert variables["pullzone_domains_certificates"] == [
        {"hostname": "cdn.example.com", "source": "custom", "key_type": "ecdsa", "fingerprint_sha256": fingerprint(certificate),
         "not_after": not_after(certificate)}]
    assert "LEAKCANARY" not in repr(exported) and "PRIVATE KEY" not in repr(exported)


def test_a_certificate_replaced_or_removed_by_hand_is_drift_with_both_values(world):
    exported = world.export()
    before = host_of(exported, "pullzone_domains")["role_variables"]["pullzone_domains_certificates"][0]
    replacement = world.install_certificate(days=30)

    _found, replaced = drift_of(world, exported, "pullzone_domains")
    world.run(pullzone_certificate, pull_zone_id=10, hostname="cdn.example.com", state="absent")
    _found, removed = drift_of(world, exported, "pullzone_domains")

    assert replaced == {
        "pullzone_domains_certificates[cdn.example.com].fingerprint_sha256": (before["fingerprint_sha256"], fingerprint(replacement)),
        "pullzone_domains_certificates[cdn.example.com].not_after": (before["not_after"], not_after(replacement)),
    }
    assert removed["pullzone_domains_certificates[cdn.example.com]"] == (before, None)
