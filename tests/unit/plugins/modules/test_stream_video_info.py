"""stream_video_info against the simulator: every page of a library's videos, narrowed as asked, with the collections and the URLs."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.stream import collections as stream
from ansible_collections.bunnynet.cloud.plugins.modules import stream_video_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.stream_fixtures import INTRO, LIBRARY_ID, LIBRARY_KEY, args, load

VIDEOS = [{"videoLibraryId": LIBRARY_ID, "guid": "v%d" % number, "title": "Part %d" % number, "collectionId": INTRO if number % 2 else "",
           "originalHash": "AB"} for number in range(7)]
COLLECTIONS = [{"videoLibraryId": LIBRARY_ID, "guid": INTRO, "name": "Odd"}]


def run(simulator, **options):
    return run_module(stream_video_info, args(simulator, **options))


def test_every_page_is_read(simulator, monkeypatch):
    monkeypatch.setattr(stream, "PER_PAGE", 3)
    load(simulator, collections=COLLECTIONS, videos=VIDEOS)

    result = run(simulator, order_by="title")

    assert [video["title"] for video in result["videos"]] == ["Part %d" % number for number in range(7)]
    video_pages = [entry["query"]["page"] for entry in simulator.requests() if entry["path"].endswith("/videos")]
    assert video_pages == ["1", "2", "3"]
    assert result["changed"] is False and simulator.writes() == []


def test_a_collection_by_name_and_a_search_narrow_the_list(simulator):
    load(simulator, collections=COLLECTIONS, videos=VIDEOS)

    odd = run(simulator, collection="Odd", order_by="title")
    searched = run(simulator, search="Part 6")

    assert [video["guid"] for video in odd["videos"]] == ["v1", "v3", "v5"]
    assert [video["guid"] for video in searched["videos"]] == ["v6"]
    assert [item["name"] for item in odd["collections"]] == ["Odd"]


def test_one_video_by_guid_or_title_with_its_urls_and_the_librarys_hostname(simulator):
    load(simulator, videos=VIDEOS)

    by_guid = run(simulator, guid="v2")
    by_title = run(simulator, title="Part 2")

    assert by_guid["videos"] == by_title["videos"]
    hostname = by_guid["library"]["cdn_hostname"]
    assert hostname.startswith("vz-") and by_guid["videos"][0]["urls"]["playlist"] == "https://%s/v2/playlist.m3u8" % hostname
    assert LIBRARY_KEY not in str(by_guid)


def test_a_missing_guid_and_a_missing_collection_are_errors(simulator):
    load(simulator, videos=VIDEOS)

    assert "was not found" in run(simulator, guid="nope")["msg"]
    assert "does not exist" in run(simulator, collection="Nope")["msg"]
