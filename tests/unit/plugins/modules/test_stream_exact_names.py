"""The Stream finders take a name exactly: the API's search (any part of a name, without regard to case) only narrows the list.

Each finder is given a library that holds similar names ("Advanced basics" and "basics" for "Basics"): none
of them is taken, and two of the exact name fail, listing both.
"""

from ansible_collections.bunnynet.cloud.plugins.modules import stream_collection, stream_video, stream_video_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.stream_fixtures import LIBRARY_ID, args, collections, library, load, videos

SIMILAR = ["Advanced basics", "basics", "BASICS", "Basics 2"]


def similar_collections(*exact):
    return [{"videoLibraryId": LIBRARY_ID, "guid": "c%d" % number, "name": name} for number, name in enumerate(SIMILAR + list(exact))]


def similar_videos(*exact):
    return [{"videoLibraryId": LIBRARY_ID, "guid": "v%d" % number, "title": name, "originalHash": "AA"}
            for number, name in enumerate(SIMILAR + list(exact))]


def test_a_collection_of_a_similar_name_is_never_taken(simulator):
    load(simulator, collections=similar_collections())
    simulator.clear_requests()

    result = run_module(stream_collection, args(simulator, name="Basics"))

    assert result["changed"] is True and result["collection"]["guid"] not in ["c0", "c1", "c2", "c3"]
    assert sorted(item["name"] for item in collections(simulator)) == sorted(SIMILAR + ["Basics"])
    assert [entry["query"].get("search") for entry in simulator.requests() if entry["path"].endswith("/collections")][:1] == ["Basics"]


def test_two_collections_of_the_exact_name_among_similar_ones_fail_listing_both(simulator):
    load(simulator, collections=similar_collections("Basics", "Basics"))

    for result in (run_module(stream_collection, args(simulator, name="Basics")),
                   run_module(stream_video, args(simulator, title="One", collection="Basics")),
                   run_module(stream_video_info, args(simulator, collection="Basics"))):
        assert result["failed"] is True and "c4" in result["msg"] and "c5" in result["msg"]
    assert simulator.writes() == []


def test_a_video_names_its_collection_exactly(simulator):
    load(simulator, collections=similar_collections())

    refused = run_module(stream_video, args(simulator, title="One", collection="Basics"))
    listed = run_module(stream_video_info, args(simulator, collection="Basics"))

    assert refused["failed"] is True and "Collection 'Basics' does not exist" in refused["msg"]
    assert listed["failed"] is True and "Collection 'Basics' does not exist" in listed["msg"]
    assert simulator.writes() == []


def test_a_video_of_a_similar_title_is_never_taken(simulator):
    load(simulator, videos=similar_videos())

    created = run_module(stream_video, args(simulator, title="Basics", description="new"))
    listed = run_module(stream_video_info, args(simulator, title="basics"))

    assert created["changed"] is True and created["video"]["guid"] not in ["v0", "v1", "v2", "v3"]
    assert {video["guid"]: video["metaTags"] for video in videos(simulator) if video["title"] in SIMILAR} == {
        "v0": [], "v1": [], "v2": [], "v3": []}
    assert [video["guid"] for video in listed["videos"]] == ["v1"]


def test_two_videos_of_the_exact_title_among_similar_ones_fail_listing_both(simulator):
    load(simulator, videos=similar_videos("Basics", "Basics"))

    result = run_module(stream_video, args(simulator, title="Basics", description="new"))

    assert result["failed"] is True and sorted(result["guids"]) == ["v4", "v5"]
    assert simulator.writes() == []


def load_libraries(simulator, *names):
    extra = [{"Id": 20 + number, "Name": name, "ApiKey": "other-key-LEAKCANARY-%d" % number} for number, name in enumerate(names)]
    simulator.load(video_libraries=[library(Name="courses 2")] + extra, settings={"encoding_seconds": 0})


def test_a_library_of_a_similar_name_is_never_taken(simulator):
    load_libraries(simulator, "Courses", "advanced courses", "COURSES")

    for module in (stream_collection, stream_video, stream_video_info):
        options = dict(name="Basics") if module is stream_collection else dict(title="One") if module is stream_video else {}
        result = run_module(module, args(simulator, **options))
        assert result["failed"] is True and "No video library is named 'courses'" in result["msg"]
    assert simulator.writes() == []


def test_two_libraries_of_the_exact_name_among_similar_ones_fail_listing_both(simulator):
    load_libraries(simulator, "Courses", "courses", "courses")

    result = run_module(stream_collection, args(simulator, name="Basics"))

    assert result["failed"] is True and result["ids"] == [21, 22] and "21, 22" in result["msg"]
    assert simulator.writes() == []
