"""The Stream area of the simulator: the library's key, collections, videos moving through encoding, uploads in one request or by TUS."""

import base64
import hashlib
import time

import pytest
import requests

LIBRARY_KEY = "library-key-LEAKCANARY"
READ_ONLY_KEY = "library-read-only-LEAKCANARY"
BASE = "/stream/library/7"
WORLD = {
    "video_libraries": [{"Id": 7, "Name": "courses", "ApiKey": LIBRARY_KEY, "ReadOnlyApiKey": READ_ONLY_KEY}],
    "stream_collections": [{"videoLibraryId": 7, "guid": "c-intro", "name": "Intro"}],
    "stream_videos": [
        {"videoLibraryId": 7, "guid": "v-welcome", "title": "Welcome", "collectionId": "c-intro", "originalHash": "AA", "storageSize": 10},
        {"videoLibraryId": 7, "guid": "v-outro", "title": "Goodbye"},
    ],
    "settings": {"encoding_seconds": 0},
}
KEY = {"AccessKey": LIBRARY_KEY}


@pytest.fixture
def stream(simulator, api):
    simulator.load_fixtures(WORLD)
    return api


def sha256(data):
    return hashlib.sha256(data).hexdigest().upper()


def new_video(stream, title="Lesson", **body):
    answer = stream.post(BASE + "/videos", json=dict(title=title, **body), headers=KEY)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_account_key_is_refused_and_the_read_only_key_only_reads(stream):
    refused = stream.get(BASE + "/videos")
    assert refused.status_code == 401
    assert refused.json()["success"] is False and refused.json()["statusCode"] == 401
    assert stream.get(BASE + "/videos", headers={"AccessKey": READ_ONLY_KEY}).status_code == 200
    assert stream.post(BASE + "/collections", json={"name": "x"}, headers={"AccessKey": READ_ONLY_KEY}).status_code == 401
    assert stream.get("/stream/library/8/videos", headers=KEY).status_code == 401


def test_an_upload_keeps_the_sha256_of_the_original_and_the_video_moves_to_finished(simulator, stream):
    # Each read moves the encoding one status on, so every status is seen however busy the machine is.
    simulator.update_settings(encoding_steps_per_read=True)
    video = new_video(stream)
    assert (video["status"], video["originalHash"], video["hasOriginal"]) == (0, None, False)

    answer = stream.request("PUT", f"{BASE}/videos/{video['guid']}", data=b"m" * 500_000, headers=KEY)

    assert answer.json() == {"success": True, "message": "Video uploaded.", "statusCode": 200}
    reads = [stream.get(f"{BASE}/videos/{video['guid']}", headers=KEY).json() for _read in range(5)]
    assert [read["status"] for read in reads] == [1, 2, 3, 4, 4]
    assert [read["encodeProgress"] for read in reads] == [0, 0, 50, 100, 100]
    read = reads[-1]
    assert read["originalHash"] == sha256(b"m" * 500_000)
    assert (read["storageSize"], read["encodeProgress"], read["availableResolutions"]) == (500_000, 100, "240p,360p,480p,720p,1080p")


def test_encoding_by_the_clock_moves_through_every_status_by_the_time_since_the_upload(simulator, stream):
    simulator.update_settings(encoding_seconds=3600)
    video = new_video(stream)
    stream.request("PUT", f"{BASE}/videos/{video['guid']}", data=b"m" * 1000, headers=KEY)

    seen = []
    for step in (0, 0.1 * 3600, 0.55 * 3600, 0.35 * 3600):
        simulator.advance_clock(step)
        read = stream.get(f"{BASE}/videos/{video['guid']}", headers=KEY).json()
        seen.append((read["status"], read["encodeProgress"]))
    assert seen == [(1, 0), (2, 0), (3, 50), (4, 100)]


def test_a_video_with_content_refuses_a_second_upload(stream):
    assert stream.request("PUT", f"{BASE}/videos/v-welcome", data=b"again", headers=KEY).status_code == 400


def test_corrupt_content_ends_in_error_with_the_vendors_transcoding_message(stream):
    video = new_video(stream)
    stream.request("PUT", f"{BASE}/videos/{video['guid']}", data=b"CORRUPT and more", headers=KEY)
    read = stream.get(f"{BASE}/videos/{video['guid']}", headers=KEY).json()
    assert read["status"] == 5
    assert [(message["level"], message["issueCode"]) for message in read["transcodingMessages"]] == [(3, 7)]


def test_the_upload_takes_the_encoding_options_and_refuses_unknown_ones(stream):
    video = new_video(stream)
    path = f"{BASE}/videos/{video['guid']}"
    assert stream.request("PUT", path + "?enabledResolutions=999p", data=b"x", headers=KEY).status_code == 400
    stream.request("PUT", path + "?enabledResolutions=360p,720p&enabledOutputCodecs=x264,vp9&jitEnabled=true", data=b"x", headers=KEY)
    read = stream.get(path, headers=KEY).json()
    assert (read["availableResolutions"], read["outputCodecs"], read["jitEncodingEnabled"]) == ("360p,720p", "x264,vp9", True)


def test_an_update_replaces_the_lists_it_sends_and_keeps_the_rest(stream):
    path = f"{BASE}/videos/v-welcome"
    body = {"chapters": [{"title": "A", "start": 0, "end": 4}], "metaTags": [{"property": "description", "value": "Hi"}]}
    assert stream.post(path, json=body, headers=KEY).json()["success"] is True
    stream.post(path, json={"title": "Welcome!", "collectionId": ""}, headers=KEY)
    read = stream.get(path, headers=KEY).json()
    assert (read["title"], read["collectionId"], read["chapters"], read["metaTags"]) == ("Welcome!", "", body["chapters"], body["metaTags"])
    assert stream.post(path, json={"collectionId": "nope"}, headers=KEY).status_code == 400
    assert stream.post(path, json={"chapters": [{"title": "B", "start": 5, "end": 1}]}, headers=KEY).status_code == 400


def test_lists_page_search_filter_by_collection_and_order(stream):
    for number in range(5):
        new_video(stream, f"Part {number}", collectionId="c-intro")
    page = stream.get(BASE + "/videos?itemsPerPage=3&page=2&collection=c-intro&orderBy=title", headers=KEY).json()
    assert (page["totalItems"], page["currentPage"], page["itemsPerPage"]) == (6, 2, 3)
    assert [video["title"] for video in page["items"]] == ["Part 3", "Part 4", "Welcome"]
    assert [video["title"] for video in stream.get(BASE + "/videos?search=bye", headers=KEY).json()["items"]] == ["Goodbye"]
    assert stream.get(BASE + "/videos?orderBy=views", headers=KEY).status_code == 400


def test_a_collection_counts_its_videos_and_deleting_it_deletes_them(stream):
    collection = stream.get(BASE + "/collections/c-intro", headers=KEY).json()
    assert (collection["videoCount"], collection["totalSize"], collection["previewVideoIds"]) == (1, 10, "v-welcome")
    assert stream.post(BASE + "/collections/c-intro", json={"name": "Start"}, headers=KEY).json()["success"] is True
    assert stream.get(BASE + "/collections?search=sta", headers=KEY).json()["items"][0]["name"] == "Start"
    stream.delete(BASE + "/collections/c-intro", headers=KEY)
    assert stream.get(BASE + "/videos/v-welcome", headers=KEY).status_code == 404
    assert stream.get(BASE + "/collections/c-intro", headers=KEY).status_code == 404


def test_a_caption_of_a_language_is_added_then_replaced_with_a_new_version(stream):
    path = f"{BASE}/videos/v-welcome/captions/en"
    vtt = base64.b64encode(b"WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n").decode()
    stream.post(path, json={"srclang": "en", "label": "English", "captionsFile": vtt}, headers=KEY)
    stream.post(path, json={"srclang": "en", "label": "English (UK)", "captionsFile": vtt}, headers=KEY)
    assert stream.get(f"{BASE}/videos/v-welcome", headers=KEY).json()["captions"] == [{"srclang": "en", "label": "English (UK)", "version": 2}]
    refused = stream.post(path, json={"srclang": "en", "captionsFile": base64.b64encode(b"hello").decode()}, headers=KEY)
    assert refused.status_code == 400 and refused.json()["data"]["valid"] is False
    assert stream.delete(path, headers=KEY).json()["success"] is True
    assert stream.delete(path, headers=KEY).status_code == 400


def test_a_thumbnail_from_a_file_gets_a_new_file_name(stream):
    before = stream.get(f"{BASE}/videos/v-welcome", headers=KEY).json()["thumbnailFileName"]
    stream.post(f"{BASE}/videos/v-welcome/thumbnail", data=b"\xff\xd8jpeg", headers=dict(KEY, **{"Content-Type": "application/octet-stream"}))
    assert stream.get(f"{BASE}/videos/v-welcome", headers=KEY).json()["thumbnailFileName"] != before
    assert stream.post(f"{BASE}/videos/v-welcome/thumbnail", headers=KEY).status_code == 400


def test_a_fetch_creates_a_video_with_the_title_and_an_unreachable_origin_answers_422(stream):
    assert stream.post(BASE + "/videos/fetch", json={"url": "https://media.example.com/a.mp4", "title": "Fetched"}, headers=KEY).json()["success"]
    fetched = stream.get(BASE + "/videos?search=Fetched", headers=KEY).json()["items"]
    assert len(fetched) == 1 and fetched[0]["originalHash"]
    assert stream.post(BASE + "/videos/fetch", json={"url": "https://unreachable.example.com/a.mp4"}, headers=KEY).status_code == 422


# TUS


def tus_headers(video_id, key=LIBRARY_KEY, library_id=7, expire=None):
    expire = str(expire or int(time.time()) + 3600)
    signature = hashlib.sha256(f"{library_id}{key}{expire}{video_id}".encode()).hexdigest()
    return {"AuthorizationSignature": signature, "AuthorizationExpire": expire, "LibraryId": str(library_id), "VideoId": video_id,
            "Tus-Resumable": "1.0.0"}


def metadata(**values):
    return ",".join(f"{name} {base64.b64encode(value.encode()).decode()}" for name, value in values.items())


def start_tus(simulator, video_id, length, headers=None):
    headers = dict(headers or tus_headers(video_id), **{"Upload-Length": str(length), "Upload-Metadata": metadata(filetype="video/mp4", title="T")})
    answer = requests.post(simulator.url + "/stream/tusupload", headers=headers, timeout=10)
    return answer


def patch(simulator, location, video_id, offset, data):
    headers = dict(tus_headers(video_id), **{"Upload-Offset": str(offset), "Content-Type": "application/offset+octet-stream"})
    return requests.patch(simulator.url + location, data=data, headers=headers, timeout=10)


def test_a_tus_upload_in_parts_ends_with_the_sha256_of_the_whole(simulator, stream):
    video = new_video(stream)
    created = start_tus(simulator, video["guid"], 10)
    assert created.status_code == 201
    location = created.headers["Location"]
    assert patch(simulator, location, video["guid"], 0, b"01234").headers["Upload-Offset"] == "5"
    assert patch(simulator, location, video["guid"], 0, b"01234").status_code == 409
    head = requests.head(simulator.url + location, headers=tus_headers(video["guid"]), timeout=10)
    assert (head.headers["Upload-Offset"], head.headers["Upload-Length"]) == ("5", "10")
    assert stream.get(f"{BASE}/videos/{video['guid']}", headers=KEY).json()["status"] == 0
    patch(simulator, location, video["guid"], 5, b"56789")
    assert stream.get(f"{BASE}/videos/{video['guid']}", headers=KEY).json()["originalHash"] == sha256(b"0123456789")


def test_a_tus_part_whose_answer_is_lost_is_kept_and_one_whose_connection_drops_is_not(simulator, stream):
    video = new_video(stream)
    location = start_tus(simulator, video["guid"], 10).headers["Location"]
    simulator.add_fault(method="PATCH", path="/stream/tusupload/", status=502, apply=True, count=1)
    assert patch(simulator, location, video["guid"], 0, b"01234").status_code == 502
    simulator.add_fault(method="PATCH", path="/stream/tusupload/", drop_connection=True, count=1)
    with pytest.raises(requests.ConnectionError):
        patch(simulator, location, video["guid"], 5, b"56789")
    assert requests.head(simulator.url + location, headers=tus_headers(video["guid"]), timeout=10).headers["Upload-Offset"] == "5"


@pytest.mark.parametrize("signed", [dict(key="account-key"), dict(expire=int(time.time()) - 10), dict(library_id=8)])
def test_a_tus_upload_needs_a_signature_of_the_librarys_key_that_has_not_expired(simulator, stream, signed):
    video = new_video(stream)
    assert start_tus(simulator, video["guid"], 10, headers=tus_headers(video["guid"], **signed)).status_code == 401
    assert start_tus(simulator, video["guid"], 10).status_code == 201
