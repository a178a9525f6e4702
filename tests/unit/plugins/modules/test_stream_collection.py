"""stream_collection against the simulator: a library's collections created, renamed and deleted by name or GUID."""

from ansible_collections.bunnynet.cloud.plugins.modules import stream_collection
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.stream_fixtures import (
    INTRO,
    LIBRARY_ID,
    LIBRARY_KEY,
    args,
    collections,
    load,
    read,
    stream_writes,
)


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(stream_collection, args(simulator, **options), check_mode=check_mode, diff=diff)


def test_a_new_name_creates_the_collection_and_check_mode_predicts_it(simulator):
    load(simulator)

    checked = run(simulator, name="Basics", check_mode=True, diff=True)
    assert simulator.writes() == []
    applied = run(simulator, name="Basics")

    assert checked["changed"] and applied["changed"]
    assert checked["diff"] == {"before": {}, "after": checked["collection"]}
    stored = read(simulator, "/collections/" + applied["collection"]["guid"])
    assert_prediction_holds(checked["collection"], applied["collection"], {
        "video_library_id": stored["videoLibraryId"], "guid": stored["guid"], "name": stored["name"], "video_count": stored["videoCount"],
        "total_size": stored["totalSize"], "preview_video_ids": stored["previewVideoIds"], "preview_image_urls": stored["previewImageUrls"]},
        server_fields=["guid"])


def test_a_second_run_only_reads(simulator):
    load(simulator, collections=[{"videoLibraryId": LIBRARY_ID, "guid": INTRO, "name": "Basics"}])
    simulator.clear_requests()

    result = run(simulator, name="Basics")

    assert (result["changed"], result["collection"]["guid"]) == (False, INTRO)
    assert simulator.writes() == []


def test_the_guid_and_a_name_rename_it_with_one_write(simulator):
    load(simulator, collections=[{"videoLibraryId": LIBRARY_ID, "guid": INTRO, "name": "Basics"}])
    simulator.clear_requests()

    result = run(simulator, guid=INTRO, name="Getting started", diff=True)

    assert result["changed"] is True
    assert (result["diff"]["before"]["name"], result["diff"]["after"]["name"]) == ("Basics", "Getting started")
    assert stream_writes(simulator) == [("POST", "/stream/library/7/collections/" + INTRO)]
    assert [item["name"] for item in collections(simulator)] == ["Getting started"]


def test_absent_deletes_an_empty_collection_and_refuses_one_with_videos_unless_asked(simulator):
    load(simulator, collections=[{"videoLibraryId": LIBRARY_ID, "guid": INTRO, "name": "Basics"}],
         videos=[{"videoLibraryId": LIBRARY_ID, "title": "One", "collectionId": INTRO}])
    simulator.clear_requests()

    refused = run(simulator, name="Basics", state="absent")
    assert refused["failed"] is True and "holds 1 videos" in refused["msg"] and simulator.writes() == []

    deleted = run(simulator, name="Basics", state="absent", delete_videos=True)
    assert (deleted["changed"], deleted["collection"]) == (True, None)
    assert collections(simulator) == []
    assert run(simulator, name="Basics", state="absent")["changed"] is False


def test_two_collections_of_the_name_fail_listing_their_guids(simulator):
    load(simulator, collections=[{"videoLibraryId": LIBRARY_ID, "guid": "a", "name": "Basics"}, {"videoLibraryId": LIBRARY_ID, "guid": "b", "name": "Basics"}])

    result = run(simulator, name="Basics")

    assert result["failed"] is True and sorted(result["guids"]) == ["a", "b"]
    assert simulator.writes() == []


def test_the_library_is_found_by_name_and_its_key_never_shows(simulator):
    load(simulator)

    result = run(simulator, name="Basics", api_retries=0)

    assert LIBRARY_KEY not in str(result)
    assert [entry["path"] for entry in simulator.requests()][:2] == ["/videolibrary", "/pullzone/%d" % read_zone_id(simulator)]


def read_zone_id(simulator):
    return simulator.server.state.video_libraries[0]["PullZoneId"]


def test_a_missing_library_fails_before_any_write(simulator):
    load(simulator)

    result = run(simulator, name="Basics", library="nope")

    assert result["failed"] is True and "No video library is named 'nope'" in result["msg"]
    assert simulator.writes() == []


def test_a_refused_library_key_is_told_apart_from_a_refused_account_key(simulator):
    load(simulator)
    simulator.fault(path="^/stream/", status=401)

    result = run(simulator, name="Basics")

    assert result["failed"] is True and result["status"] == 401
    assert "refused the library's API key" in result["msg"] and "stream_api_url" in result["msg"]
