"""stream_video against the simulator: uploaded once by content, metadata kept, replaced only when the file differs, waited for."""

import base64
import re

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.stream import videos as stream_videos
from ansible_collections.bunnynet.cloud.plugins.modules import stream_video
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.stream_fixtures import (
    INTRO,
    LIBRARY_ID,
    LIBRARY_KEY,
    args,
    load,
    read,
    sha256,
    stream_writes,
    videos,
)

# What only the API knows of a video it made or encoded: the prediction leaves them null.
SERVER_FIELDS = list(stream_videos.SERVER_FIELDS)
CONTENT = b"\x00\x00\x00\x18ftypmp42" + b"lesson one" * 10_000
VTT = b"WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n"
COLLECTIONS = [{"videoLibraryId": LIBRARY_ID, "guid": INTRO, "name": "Basics"}]


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(stream_video, args(simulator, **options), check_mode=check_mode, diff=diff)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "lesson.mp4").write_bytes(CONTENT)
    (tmp_path / "lesson.en.vtt").write_bytes(VTT)
    (tmp_path / "lesson.jpg").write_bytes(b"\xff\xd8\xff\xe0jpeg")
    return tmp_path


def lesson(files, **options):
    base = dict(title="Lesson 1", collection="Basics", src=str(files / "lesson.mp4"), description="Setting up",
                chapters=[{"title": "Install", "start": 0, "end": 30}],
                captions=[{"language": "en", "label": "English", "src": str(files / "lesson.en.vtt")}],
                thumbnail=str(files / "lesson.jpg"), wait=True)
    return {**base, **options}


def read_back(simulator, guid):
    from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.collections import StreamLibrary
    library = StreamLibrary({"Id": LIBRARY_ID, "Name": "courses"}, read_cdn(simulator))
    return stream_videos.project_video(read(simulator, "/videos/" + guid), library)


def read_cdn(simulator):
    zone_id = simulator.server.state.video_libraries[0]["PullZoneId"]
    zone = next(zone for zone in simulator.server.state.pull_zones if zone["Id"] == zone_id)
    return next(hostname["Value"] for hostname in zone["Hostnames"] if hostname["IsSystemHostname"])


# The first upload, the re-run, a changed file


def test_the_first_run_creates_uploads_and_sets_everything_as_check_mode_predicted(simulator, files):
    load(simulator, collections=COLLECTIONS)

    checked = run(simulator, check_mode=True, diff=True, **lesson(files))
    assert stream_writes(simulator) == []
    applied = run(simulator, **lesson(files))

    assert checked["changed"] is True and applied["changed"] is True
    video = applied["video"]
    assert (video["status"], video["original_hash"], video["collection_id"]) == ("finished", sha256(CONTENT), INTRO)
    assert video["meta_tags"] == {"description": "Setting up"}
    assert [caption["srclang"] for caption in video["captions"]] == ["en"]
    assert video["urls"]["playlist"] == "https://%s/%s/playlist.m3u8" % (read_cdn(simulator), video["guid"])
    assert video["urls"]["embed"] == "https://iframe.mediadelivery.net/embed/%d/%s" % (LIBRARY_ID, video["guid"])
    assert applied["uploaded"] == {"bytes": len(CONTENT), "sha256": sha256(CONTENT), "method": "put"}
    assert_prediction_holds(checked["video"], video, read_back(simulator, video["guid"]), server_fields=SERVER_FIELDS)
    writes = [method + " " + path.replace(video["guid"], "{guid}") for method, path in stream_writes(simulator)]
    # The caption goes before the update that records its file's hash.
    assert writes == ["POST /stream/library/7/videos", "PUT /stream/library/7/videos/{guid}", "POST /stream/library/7/videos/{guid}/captions/en",
                      "POST /stream/library/7/videos/{guid}", "POST /stream/library/7/videos/{guid}/thumbnail"]
    assert video["captions"][0]["sha256"] == sha256(VTT)


def test_a_rerun_with_the_same_file_reads_only(simulator, files):
    load(simulator, collections=COLLECTIONS)
    first = run(simulator, **lesson(files))
    simulator.clear_requests()

    again = run(simulator, diff=True, **lesson(files))

    assert again["changed"] is False and "uploaded" not in again
    assert simulator.writes() == []
    assert again["video"]["guid"] == first["video"]["guid"]
    assert again["diff"]["before"] == again["diff"]["after"]


def test_a_changed_file_replaces_the_video_with_one_upload_and_keeps_its_metadata(simulator, files):
    load(simulator, collections=COLLECTIONS)
    first = run(simulator, **lesson(files, meta_tags={"level": "beginner"}))
    (files / "lesson.mp4").write_bytes(CONTENT + b"a new ending")
    simulator.clear_requests()

    result = run(simulator, **lesson(files))

    assert result["changed"] is True and result["replaced"] == first["video"]["guid"]
    new = result["video"]
    assert new["guid"] != first["video"]["guid"] and new["original_hash"] == sha256(CONTENT + b"a new ending")
    assert new["meta_tags"] == {"level": "beginner", "description": "Setting up"}
    assert [method for method, _path in stream_writes(simulator)].count("PUT") == 1
    assert [video["guid"] for video in videos(simulator)] == [new["guid"]]


def test_replace_never_refuses_a_changed_file_and_writes_nothing(simulator, files):
    load(simulator, collections=COLLECTIONS)
    first = run(simulator, **lesson(files))
    (files / "lesson.mp4").write_bytes(b"another film")
    simulator.clear_requests()

    result = run(simulator, replace="never", **lesson(files))

    assert result["failed"] is True and result["guid"] == first["video"]["guid"]
    assert sha256(b"another film") in result["msg"] and "replace is never" in result["msg"]
    assert simulator.writes() == []


def test_check_mode_predicts_a_replacement_and_sends_nothing(simulator, files):
    load(simulator, collections=COLLECTIONS)
    run(simulator, **lesson(files))
    (files / "lesson.mp4").write_bytes(b"another film")
    simulator.clear_requests()

    checked = run(simulator, check_mode=True, **lesson(files))

    assert checked["changed"] is True and checked["video"]["guid"] is None
    assert checked["video"]["original_hash"] == sha256(b"another film")
    assert simulator.writes() == []


# Uploads that survive the network


def test_a_large_file_goes_by_tus_in_parts_and_a_lost_part_resumes_from_the_offset_the_api_holds(simulator, files, monkeypatch):
    monkeypatch.setattr(stream_videos, "TUS_THRESHOLD", 1000)
    monkeypatch.setattr(stream_videos, "TUS_CHUNK", 30_000)
    load(simulator, collections=COLLECTIONS)
    # The second part arrives, its answer does not; the third part's connection drops before it arrives.
    simulator.fault(method="PATCH", path="^/stream/tusupload/", status=502, apply=True, count=1)

    result = run(simulator, api_retries=3, **lesson(files, captions=None, thumbnail=None, chapters=None, description=None))

    assert result["changed"] is True and result["uploaded"]["method"] == "tus"
    assert result["video"]["original_hash"] == sha256(CONTENT)
    patches = [entry for entry in simulator.requests() if entry["method"] == "PATCH"]
    # 100 012 bytes in parts of 30 000: four parts, the lost one not sent again.
    assert len(patches) == 4
    assert [entry["method"] for entry in simulator.requests() if entry["path"].startswith("/stream/tusupload/")].count("HEAD") == 1
    assert any("offset read back" in " ".join(entry["reasons"]) for entry in result["retried"])


def test_a_dropped_part_is_sent_again_from_the_offset_the_api_holds(simulator, files, monkeypatch):
    monkeypatch.setattr(stream_videos, "TUS_THRESHOLD", 1000)
    monkeypatch.setattr(stream_videos, "TUS_CHUNK", 30_000)
    load(simulator, collections=COLLECTIONS)
    simulator.fault(method="PATCH", path="^/stream/tusupload/", drop_connection=True, count=1)

    result = run(simulator, api_retries=3, title="Lesson 1", src=str(files / "lesson.mp4"), wait=True)

    assert result["video"]["original_hash"] == sha256(CONTENT)
    assert len([entry for entry in simulator.requests() if entry["method"] == "PATCH"]) == 5


def test_a_put_whose_answer_is_lost_is_settled_by_reading_the_hash_not_sent_again(simulator, files):
    load(simulator, collections=COLLECTIONS)
    simulator.fault(method="PUT", path="^/stream/library/7/videos/", status=502, apply=True, count=1)

    result = run(simulator, api_retries=3, title="Lesson 1", src=str(files / "lesson.mp4"))

    assert result["changed"] is True and result["video"]["original_hash"] == sha256(CONTENT)
    assert [entry["method"] for entry in simulator.requests()].count("PUT") == 1
    assert any("a read showed it applied" in " ".join(entry["reasons"]) for entry in result["retried"])


def test_a_put_that_never_arrived_is_sent_again_after_a_read_shows_no_content(simulator, files):
    load(simulator, collections=COLLECTIONS)
    simulator.fault(method="PUT", path="^/stream/library/7/videos/", drop_connection=True, count=1)

    result = run(simulator, api_retries=3, title="Lesson 1", src=str(files / "lesson.mp4"))

    assert result["video"]["original_hash"] == sha256(CONTENT)
    assert [entry["method"] for entry in simulator.requests()].count("PUT") == 2


def test_the_encoding_options_go_with_the_upload(simulator, files):
    load(simulator)

    result = run(simulator, title="Lesson 1", src=str(files / "lesson.mp4"), wait=True,
                 encoding={"resolutions": ["360p", "720p"], "output_codecs": ["x264", "vp9"], "jit_encoding": False})

    put = next(entry for entry in simulator.requests() if entry["method"] == "PUT")
    assert put["query"] == {"enabledResolutions": "360p,720p", "enabledOutputCodecs": "x264,vp9", "jitEnabled": "false"}
    assert result["video"]["available_resolutions"] == "360p,720p"


# Waiting


def test_wait_follows_the_encoding_to_finished(simulator, files):
    # Each read moves the encoding one status on: uploaded, processing, transcoding, then finished.
    load(simulator, encoding_steps_per_read=True)

    result = run(simulator, title="Lesson 1", src=str(files / "lesson.mp4"), wait=True)

    assert (result["video"]["status"], result["video"]["encode_progress"]) == ("finished", 100)
    assert len([entry for entry in simulator.requests() if entry["method"] == "GET" and entry["path"].count("/") == 5]) >= 4


def test_a_failed_encoding_fails_with_the_vendors_transcoding_messages(simulator, tmp_path):
    load(simulator)
    (tmp_path / "bad.mp4").write_bytes(b"CORRUPT bytes")

    result = run(simulator, title="Broken", src=str(tmp_path / "bad.mp4"), wait=True)

    assert result["failed"] is True and result["changed"] is True
    assert "failed to encode (status error)" in result["msg"] and "corrupted" in result["msg"]
    assert result["transcoding_messages"][0]["issue_code"] == 7


def test_wait_gives_up_after_wait_timeout_and_says_how_far_it_got(simulator, files):
    load(simulator, encoding_seconds=60)

    result = run(simulator, title="Lesson 1", src=str(files / "lesson.mp4"), wait=True, wait_timeout=1)

    assert result["failed"] is True and "after wait_timeout (1 seconds)" in result["msg"]


# Metadata, captions, lookups


def test_only_the_metadata_given_is_compared_and_other_meta_tags_are_kept(simulator):
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v1", "title": "Tour", "originalHash": "AA",
                             "metaTags": [{"property": "owner", "value": "marketing"}], "chapters": [{"title": "A", "start": 0, "end": 9}]}])
    simulator.clear_requests()

    result = run(simulator, title="Tour", meta_tags={"level": "all"}, diff=True)

    assert result["changed"] is True
    assert stream_writes(simulator) == [("POST", "/stream/library/7/videos/v1")]
    assert simulator.writes()[0]["body"] == {"metaTags": [{"property": "owner", "value": "marketing"}, {"property": "level", "value": "all"}]}
    assert result["video"]["chapters"] == [{"title": "A", "start": 0, "end": 9}]
    assert run(simulator, title="Tour", meta_tags={"level": "all"})["changed"] is False


def test_captions_are_added_by_language_once_and_purged_when_asked(simulator, files):
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v1", "title": "Tour", "originalHash": "AA",
                             "captions": [{"srclang": "fr", "label": "Français", "version": 1}]}])
    caption = [{"language": "en", "label": "English", "src": str(files / "lesson.en.vtt")}]

    added = run(simulator, title="Tour", captions=caption)
    simulator.clear_requests()
    again = run(simulator, title="Tour", captions=caption)
    purged = run(simulator, title="Tour", captions=caption, purge_captions=True)

    assert added["changed"] and not again["changed"] and purged["changed"]
    assert [item["srclang"] for item in added["video"]["captions"]] == ["fr", "en"]
    assert [item["srclang"] for item in purged["video"]["captions"]] == ["en"]
    assert stream_writes(simulator) == [("DELETE", "/stream/library/7/videos/v1/captions/fr")]


def test_an_edited_caption_file_is_sent_again_and_the_diff_names_its_language(simulator, files):
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v1", "title": "Tour", "originalHash": "AA"}])
    captions = [{"language": "en", "label": "English", "src": str(files / "lesson.en.vtt")},
                {"language": "de", "label": "Deutsch", "src": str(files / "lesson.en.vtt")}]
    run(simulator, title="Tour", captions=captions)
    edited = VTT + b"\n00:02.000 --> 00:04.000\nA line added\n"
    (files / "lesson.de.vtt").write_bytes(edited)
    captions[1]["src"] = str(files / "lesson.de.vtt")
    simulator.clear_requests()

    checked = run(simulator, title="Tour", captions=captions, check_mode=True, diff=True)
    assert simulator.writes() == []
    applied = run(simulator, title="Tour", captions=captions, diff=True)
    again = run(simulator, title="Tour", captions=captions)

    assert checked["changed"] and applied["changed"] and not again["changed"]
    assert stream_writes(simulator) == [("POST", "/stream/library/7/videos/v1/captions/de"), ("POST", "/stream/library/7/videos/v1")]
    sent = simulator.writes()[0]["body"]
    assert sent["srclang"] == "de" and base64.b64decode(sent["captionsFile"]) == edited
    # The diff names the language that changes, with the old and the new file's hash, and nothing of English.
    for result in (checked, applied):
        assert list(result["diff"]["before"]["captions"]) == ["de"] and list(result["diff"]["after"]["captions"]) == ["de"]
        assert result["diff"]["before"]["captions"]["de"]["sha256"] == sha256(VTT)
        assert result["diff"]["after"]["captions"]["de"]["sha256"] == sha256(edited)
    assert applied["video"]["meta_tags"] == {}
    assert {caption["srclang"]: caption["sha256"] for caption in applied["video"]["captions"]} == {"en": sha256(VTT), "de": sha256(edited)}


def test_a_caption_the_module_did_not_send_is_sent_once_since_its_text_cannot_be_read(simulator, files):
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v1", "title": "Tour", "originalHash": "AA",
                             "captions": [{"srclang": "en", "label": "English", "version": 1}]}])
    caption = [{"language": "en", "label": "English", "src": str(files / "lesson.en.vtt")}]

    first = run(simulator, title="Tour", captions=caption)
    second = run(simulator, title="Tour", captions=caption)

    assert first["changed"] and not second["changed"]
    assert [path for _method, path in stream_writes(simulator)] == ["/stream/library/7/videos/v1/captions/en", "/stream/library/7/videos/v1"]


def test_a_metadata_change_shows_only_the_fields_that_change_beside_guid_and_title(simulator):
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v1", "title": "Tour", "originalHash": "AA",
                             "metaTags": [{"property": "owner", "value": "marketing"}], "chapters": [{"title": "A", "start": 0, "end": 9}]}])

    result = run(simulator, guid="v1", title="Tour 2", meta_tags={"level": "all"}, diff=True)

    assert result["diff"] == {"before": {"guid": "v1", "title": "Tour", "meta_tags": {}},
                              "after": {"guid": "v1", "title": "Tour 2", "meta_tags": {"level": "all"}}}


def test_a_replacement_diff_names_both_hashes_the_guids_and_the_fields_set(simulator, files):
    load(simulator, collections=COLLECTIONS)
    first = run(simulator, **lesson(files))
    (files / "lesson.mp4").write_bytes(b"another film")

    for check_mode in (True, False):
        result = run(simulator, check_mode=check_mode, diff=True, **lesson(files))
        before, after = result["diff"]["before"], result["diff"]["after"]
        assert before == {"guid": first["video"]["guid"], "title": "Lesson 1", "original_hash": sha256(CONTENT)}
        assert after["guid"] == (None if check_mode else result["video"]["guid"]) and after["replaces"] == first["video"]["guid"]
        assert after["original_hash"] == sha256(b"another film")
        assert sorted(after) == ["captions", "chapters", "collection_id", "guid", "meta_tags", "original_hash", "replaces", "title"]
        assert after["meta_tags"] == {"description": "Setting up"} and after["collection_id"] == INTRO


def test_two_videos_of_the_title_fail_listing_their_guids(simulator):
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "a", "title": "Tour"}, {"videoLibraryId": LIBRARY_ID, "guid": "b", "title": "Tour"},
                            {"videoLibraryId": LIBRARY_ID, "guid": "c", "title": "Tour (cut)"}])

    result = run(simulator, title="Tour", description="x")

    assert result["failed"] is True and sorted(result["guids"]) == ["a", "b"]
    assert simulator.writes() == []


def test_a_url_is_fetched_once_when_the_video_is_created(simulator):
    load(simulator, collections=COLLECTIONS)

    first = run(simulator, title="Webinar", url="https://media.example.com/webinar.mp4", url_headers={"Authorization": "Bearer LEAKCANARY"},
                collection="Basics")
    simulator.clear_requests()
    again = run(simulator, title="Webinar", url="https://media.example.com/webinar.mp4", collection="Basics")

    assert first["changed"] is True and first["video"]["collection_id"] == INTRO and first["video"]["has_original"] is True
    assert "LEAKCANARY" not in str(first)
    assert again["changed"] is False and simulator.writes() == []


def test_absent_deletes_the_video_and_a_second_run_is_ok(simulator):
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v1", "title": "Tour"}])

    deleted = run(simulator, title="Tour", state="absent")

    assert (deleted["changed"], deleted["video"]) == (True, None)
    assert videos(simulator) == []
    assert run(simulator, title="Tour", state="absent")["changed"] is False


def test_a_missing_collection_fails_before_any_write(simulator, files):
    load(simulator)

    result = run(simulator, title="Lesson 1", collection="Nope")

    assert result["failed"] is True and "stream_collection" in result["msg"]
    assert simulator.writes() == []


@pytest.mark.parametrize(("options", "words"), [
    (dict(chapters=[{"title": "A", "start": -1, "end": 3}]), "chapters[0].start"),
    (dict(captions=[{"language": "English", "src": "x.vtt"}]), "captions[0].language"),
    (dict(wait_timeout=0), "wait_timeout"),
    (dict(src="a.mp4", url="https://example.com/a.mp4"), "mutually exclusive"),
])
def test_bad_input_fails_naming_the_option_before_any_request(simulator, options, words):
    load(simulator)
    simulator.clear_requests()

    result = run(simulator, title="Lesson", **options)

    assert result["failed"] is True and words in result["msg"]
    assert simulator.requests() == []


def test_the_library_key_never_shows_at_any_point(simulator, files):
    load(simulator, collections=COLLECTIONS)

    result = run(simulator, diff=True, **lesson(files))

    assert LIBRARY_KEY not in str(result)


@pytest.mark.parametrize("method, path", [("POST", "^/stream/library/7/videos$"), ("POST", "^/stream/library/7/videos/[^/]+$"),
                                          ("POST", "/captions/en$")])
def test_a_write_whose_answer_is_lost_is_settled_by_reading_and_not_sent_twice(simulator, files, method, path):
    load(simulator, collections=COLLECTIONS)
    simulator.fault(method=method, path=path, status=502, apply=True, count=1)

    result = run(simulator, api_retries=3, **lesson(files, thumbnail=None))

    assert result["changed"] is True and result["video"]["status"] == "finished"
    assert len(videos(simulator)) == 1
    sent = [entry for entry in simulator.requests() if entry["method"] == method and re.search(path, entry["path"])]
    assert len(sent) == 1
    assert any("a read showed it applied" in " ".join(entry["reasons"]) for entry in result["retried"])
    assert run(simulator, **lesson(files, thumbnail=None))["changed"] is False
