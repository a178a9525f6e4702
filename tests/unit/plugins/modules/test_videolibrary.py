"""videolibrary and videolibrary_info against the simulator."""

import json

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import SERVER_FIELDS, library_problems
from ansible_collections.bunnynet.cloud.plugins.modules import videolibrary, videolibrary_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds, without_fields

API_KEY = "LEAKCANARY-library-key-9d4e"
READ_ONLY_KEY = "LEAKCANARY-read-only-key-2b7f"
COURSES = {"Id": 7, "Name": "courses", "ApiKey": API_KEY, "ApiAccessKey": API_KEY, "ReadOnlyApiKey": READ_ONLY_KEY,
           "ReplicationRegions": ["UK"], "EnabledResolutions": "360p,720p"}
NEW_LIBRARY = dict(
    name="lectures", replication_regions=["UK", "NY"], enabled_resolutions=["720p", "1080p"], keep_original_files=False,
    token_authentication=True, token_ip_validation=True, player_key_color="#112233", player_controls=["play", "progress"],
    playback_speeds=["1", "1.5"], watermark={"position_left": 80, "width": 15}, settings={"Bitrate1080p": 6000},
)


def run(simulator, check_mode=False, diff=False, module=videolibrary, **options):
    return run_module(module, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def api(simulator, path):
    answer = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10)
    answer.raise_for_status()
    return answer.json()


def writes(simulator):
    return [(entry["method"], entry["path"], entry["body"]) for entry in simulator.writes()]


def read_back(simulator, library_id):
    """The library as videolibrary reports it, read directly: the library, and token authentication from its zone."""
    result = run(simulator, module=videolibrary_info, id=library_id)
    return result["video_libraries"][0]


def libraries_named(simulator, name):
    return [library for library in api(simulator, "/videolibrary") if library["Name"] == name]


@pytest.fixture
def libraries(simulator):
    simulator.load(video_libraries=[dict(COURSES)])
    return simulator


# --- Creating --------------------------------------------------------------------------------------

def test_check_mode_predicts_the_new_library_and_writes_nothing(simulator):
    result = run(simulator, check_mode=True, **NEW_LIBRARY)

    assert result["changed"] is True
    library = result["video_library"]
    assert (library["id"], library["name"], library["replication_regions"]) == (None, "lectures", ["UK", "NY"])
    assert library["enabled_resolutions"] == "720p,1080p"
    assert library["enable_token_authentication"] is True
    assert simulator.writes() == []


def test_creating_posts_the_create_model_then_updates_the_rest(simulator):
    result = run(simulator, **NEW_LIBRARY)

    [create, update] = writes(simulator)
    assert create == ("POST", "/videolibrary", {"Name": "lectures", "ReplicationRegions": ["UK", "NY"], "EnabledResolutions": "720p,1080p",
                                                "KeepOriginalFiles": False})
    library_id = result["video_library"]["id"]
    assert update == ("POST", "/videolibrary/%d" % library_id, {
        "EnableTokenAuthentication": True, "EnableTokenIPVerification": True, "PlayerKeyColor": "#112233", "Controls": "play,progress",
        "PlaybackSpeeds": "1,1.5", "WatermarkPositionLeft": 80, "WatermarkWidth": 15, "Bitrate1080p": 6000})
    zone = api(simulator, "/pullzone/%d" % result["video_library"]["pull_zone_id"])
    assert (zone["ZoneSecurityEnabled"], zone["ZoneSecurityIncludeHashRemoteIP"], zone["VideoLibraryId"]) == (True, True, library_id)


def test_check_mode_predicts_what_creating_returns_and_a_read_finds(simulator):
    checked = run(simulator, check_mode=True, diff=True, **NEW_LIBRARY)
    applied = run(simulator, diff=True, **NEW_LIBRARY)
    stored = read_back(simulator, applied["video_library"]["id"])

    # What the API fills in with its defaults is not predicted: compare what the options set.
    predicted = without_fields(checked["video_library"], SERVER_FIELDS)
    assert {key: applied["video_library"][key] for key in predicted} == predicted
    assert applied["video_library"] == stored
    assert checked["diff"]["before"] == {}


def test_a_library_with_only_create_settings_is_created_with_one_request(simulator):
    run(simulator, name="lectures", replication_regions=["UK"])

    assert [entry[:2] for entry in writes(simulator)] == [("POST", "/videolibrary")]


def test_a_second_run_is_ok_and_only_reads(simulator):
    run(simulator, **NEW_LIBRARY)
    simulator.clear_requests()

    again = run(simulator, **NEW_LIBRARY)
    checked = run(simulator, check_mode=True, **NEW_LIBRARY)

    assert (again["changed"], checked["changed"]) == (False, False)
    assert simulator.writes() == []


def test_a_create_whose_answer_is_lost_is_confirmed_by_reading_and_not_sent_twice(simulator):
    simulator.fault(method="POST", path="^/videolibrary$", status=503, apply=True, count=1)

    result = run(simulator, **NEW_LIBRARY)

    assert result["changed"] is True
    assert [entry[:2] for entry in writes(simulator)][0] == ("POST", "/videolibrary")
    assert len(libraries_named(simulator, "lectures")) == 1
    assert result["video_library"]["enable_token_authentication"] is True


# --- Updating --------------------------------------------------------------------------------------

def test_only_the_settings_that_differ_are_sent(libraries):
    result = run(libraries, name="courses", enabled_resolutions=["720p", "360p"], player_key_color="#000000", token_authentication=True)

    assert writes(libraries) == [("POST", "/videolibrary/7", {"PlayerKeyColor": "#000000", "EnableTokenAuthentication": True})]
    assert result["changed"] is True


def test_check_mode_predicts_an_update_and_a_read_returns_it(libraries):
    options = dict(name="courses", token_authentication=True, allow_early_play=True, captions_font_size=24,
                   settings={"EnableTranscribingChaptersGeneration": True})
    checked = run(libraries, check_mode=True, diff=True, **options)
    assert libraries.writes() == []
    applied = run(libraries, diff=True, **options)

    assert_prediction_holds(checked["video_library"], applied["video_library"], read_back(libraries, 7), ("date_modified",))
    # The API exposes the originals with early play, and transcribes for chapter generation.
    assert (applied["video_library"]["expose_originals"], applied["video_library"]["enable_transcribing"]) == (True, True)
    assert checked["diff"]["before"]["enable_token_authentication"] is False
    assert checked["diff"]["after"]["enable_token_authentication"] is True


def test_token_authentication_is_read_from_the_library_s_pull_zone(libraries):
    zone_id = api(libraries, "/videolibrary/7")["PullZoneId"]
    requests.post(libraries.url + "/pullzone/%d" % zone_id, json={"ZoneSecurityEnabled": True}, headers={"AccessKey": libraries.key}, timeout=10)

    result = run(libraries, name="courses", token_authentication=True)

    assert result["changed"] is False
    assert libraries.writes()[-1]["path"] == "/pullzone/%d" % zone_id


def test_renaming_by_id_sends_the_name(libraries):
    result = run(libraries, id=7, name="lessons")

    assert writes(libraries) == [("POST", "/videolibrary/7", {"Name": "lessons"})]
    assert result["video_library"]["name"] == "lessons"


def test_other_replication_regions_of_an_existing_library_fail_without_a_write(libraries):
    result = run(libraries, name="courses", replication_regions=["UK", "SG"])

    assert result["failed"] is True
    assert "replication_regions can only be set when the video library is created" in result["msg"]
    assert libraries.writes() == []


def test_the_same_replication_regions_in_another_order_are_no_change(simulator):
    simulator.load(video_libraries=[dict(COURSES, ReplicationRegions=["UK", "NY"])])

    assert run(simulator, name="courses", replication_regions=["NY", "UK"])["changed"] is False


def test_the_api_keys_are_masked_and_appear_nowhere(libraries):
    result = run(libraries, diff=True, name="courses", player_key_color="#000000")
    info = run(libraries, module=videolibrary_info)

    assert result["video_library"]["api_key"] == "********"
    assert info["video_libraries"][0]["read_only_api_key"] == "********"
    for output in (result, info):
        assert API_KEY not in json.dumps(output) and READ_ONLY_KEY not in json.dumps(output)


# --- Rotating the API keys -------------------------------------------------------------------------

def collections_opened_by(simulator, key):
    """The status of a Stream API read of the library's collections with ``key``."""
    return requests.get(simulator.url + "/stream/library/7/collections", headers={"AccessKey": key}, timeout=10).status_code


def test_rotating_the_api_key_resets_it_once_and_returns_the_new_one_under_secrets_only(libraries):
    checked = run(libraries, check_mode=True, diff=True, name="courses", rotate_api_key=True)
    assert libraries.writes() == []
    rotated = run(libraries, diff=True, name="courses", rotate_api_key=True)

    assert checked["changed"] is True and checked["rotated"] == ["api_key"]
    assert checked["secrets"] == {"api_key": None, "api_access_key": None, "read_only_api_key": READ_ONLY_KEY}
    assert writes(libraries) == [("POST", "/videolibrary/7/resetApiKey", None)]
    new_key = api(libraries, "/videolibrary/7")["ApiKey"]
    assert new_key != API_KEY
    assert rotated["changed"] is True and rotated["rotated"] == ["api_key"]
    assert rotated["secrets"] == {"api_key": new_key, "api_access_key": new_key, "read_only_api_key": READ_ONLY_KEY}
    assert_prediction_holds(checked["video_library"], rotated["video_library"], read_back(libraries, 7), server_fields=["date_modified"])
    assert (collections_opened_by(libraries, new_key), collections_opened_by(libraries, API_KEY)) == (200, 401)


def test_a_rotated_key_appears_nowhere_but_under_secrets(libraries):
    rotated = run(libraries, diff=True, name="courses", rotate_api_key=True, rotate_read_only_api_key=True)

    new_keys = {rotated["secrets"]["api_key"], rotated["secrets"]["read_only_api_key"]}
    elsewhere = json.dumps(dict(rotated, secrets=None))
    assert not [key for key in new_keys | {API_KEY, READ_ONLY_KEY} if key in elsewhere]
    assert rotated["video_library"]["api_key"] == rotated["diff"]["after"]["read_only_api_key"] == "********"
    assert rotated["rotated"] == ["api_key", "read_only_api_key"]


def test_a_rotation_also_masks_the_keys_that_return_api_keys_would_show(libraries):
    rotated = run(libraries, name="courses", rotate_read_only_api_key=True, return_api_keys=True)

    assert rotated["video_library"]["read_only_api_key"] == rotated["video_library"]["api_key"] == "********"
    assert rotated["secrets"]["api_key"] == API_KEY
    assert rotated["secrets"]["read_only_api_key"] == api(libraries, "/videolibrary/7")["ReadOnlyApiKey"] != READ_ONLY_KEY


def test_the_read_only_key_is_reset_with_its_own_request(libraries):
    result = run(libraries, name="courses", rotate_read_only_api_key=True)

    assert writes(libraries) == [("POST", "/videolibrary/7/resetReadOnlyApiKey", None)]
    assert api(libraries, "/videolibrary/7")["ApiKey"] == API_KEY
    assert result["secrets"]["read_only_api_key"] == api(libraries, "/videolibrary/7")["ReadOnlyApiKey"] != READ_ONLY_KEY


def test_a_rotation_is_never_a_side_effect_and_a_run_without_it_is_ok(libraries):
    run(libraries, name="courses", player_key_color="#000000", return_api_keys=True)
    libraries.clear_requests()
    again = run(libraries, name="courses", player_key_color="#000000")

    assert api(libraries, "/videolibrary/7")["ApiKey"] == API_KEY
    assert again["changed"] is False and "secrets" not in again and "rotated" not in again
    assert libraries.writes() == []


def test_a_lost_reset_answer_is_settled_by_reading_a_new_key_and_not_sent_again(libraries):
    libraries.fault(method="POST", path="/resetApiKey$", drop_connection=True, apply=True, count=1)

    result = run(libraries, name="courses", rotate_api_key=True)

    assert result["changed"] is True and len(libraries.writes()) == 1
    assert result["secrets"]["api_key"] == api(libraries, "/videolibrary/7")["ApiKey"] != API_KEY


# --- Deleting --------------------------------------------------------------------------------------

def test_absent_deletes_the_library_and_its_zone(libraries):
    zone_id = api(libraries, "/videolibrary/7")["PullZoneId"]
    checked = run(libraries, check_mode=True, name="courses", state="absent")
    assert libraries.writes() == []

    result = run(libraries, name="courses", state="absent")

    assert (checked["changed"], result["changed"], result["video_library"]) == (True, True, None)
    assert writes(libraries) == [("DELETE", "/videolibrary/7", None)]
    assert libraries_named(libraries, "courses") == []
    assert requests.get(libraries.url + "/pullzone/%d" % zone_id, headers={"AccessKey": libraries.key}, timeout=10).status_code == 404


def test_absent_again_is_ok(libraries):
    run(libraries, name="courses", state="absent")
    libraries.clear_requests()

    assert run(libraries, name="courses", state="absent")["changed"] is False
    assert libraries.writes() == []


# --- Reading ---------------------------------------------------------------------------------------

def test_info_reads_one_by_name_by_id_or_all(simulator):
    simulator.load(video_libraries=[dict(COURSES), {"Id": 8, "Name": "courses archive"}])

    by_name = run(simulator, module=videolibrary_info, name="courses")["video_libraries"]
    by_id = run(simulator, module=videolibrary_info, id=8)["video_libraries"]
    searched = run(simulator, module=videolibrary_info, search="archive")["video_libraries"]
    every = run(simulator, module=videolibrary_info)["video_libraries"]

    assert [library["id"] for library in by_name] == [7]
    assert [library["id"] for library in by_id] == [8]
    assert [library["id"] for library in searched] == [8]
    assert [library["id"] for library in every] == [7, 8]
    assert all("enable_token_authentication" in library for library in every)


def test_info_of_an_unknown_id_fails_with_its_404(libraries):
    result = run(libraries, module=videolibrary_info, id=99)

    assert result["failed"] is True
    assert result["status"] == 404


# --- Bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("options, message", [
    ({"name": ""}, "name must be at least 1 characters long, got 0"),
    ({"name": "x", "enabled_resolutions": []}, "enabled_resolutions must have at least 1 items, got 0"),
    ({"name": "x", "enabled_resolutions": ["4k"]}, "value of enabled_resolutions must be one or more of"),
    ({"name": "x", "watermark": {"width": 101}}, "watermark.width must be between 0 and 100, got 101"),
    ({"name": "x", "settings": {"Bitrate1080": 1}}, "Bitrate1080 is not a property of the video library update model "
                                                    "(did you mean Bitrate1080p"),
    ({"name": "x", "settings": {"Bitrate1080p": "fast"}}, "settings.Bitrate1080p must be an integer, got 'fast'"),
    ({"name": "x", "settings": {"PlayerKeyColor": "#000"}}, "settings.PlayerKeyColor is set with the option player_key_color"),
    ({"name": "x", "settings": {"ResetToken": True}}, "settings.ResetToken cannot be managed"),
    ({"name": "x", "allow_early_play": True, "settings": {"ExposeOriginals": False}}, "settings.ExposeOriginals=false cannot hold"),
    ({"id": 0}, "id must be at least 1, got 0"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"], result["msg"]
    assert simulator.requests() == []


@pytest.mark.parametrize("current, desired, problems", [
    ({"AllowEarlyPlay": True}, {"ExposeOriginals": False},
     ["settings.ExposeOriginals=false cannot hold while allow_early_play is true: early play serves the original files"]),
    ({"AllowEarlyPlay": True}, {"AllowEarlyPlay": False, "ExposeOriginals": False}, []),
    (None, {"ExposeOriginals": False}, []),
    ({"EnableTranscribingMomentsGeneration": True}, {"EnableTranscribing": False},
     ["settings.EnableTranscribing=false cannot hold while EnableTranscribingMomentsGeneration is true: generating them needs transcripts"]),
    ({"EnableTranscribingMomentsGeneration": True}, {"EnableTranscribingMomentsGeneration": False, "EnableTranscribing": False}, []),
    (None, {"EnableTranscribingTitleGeneration": True, "EnableTranscribing": True}, []),
    (None, {"EnabledResolutions": " , "}, ["enabled_resolutions must name at least one resolution"]),
    (None, {"EnabledResolutions": "720p,1080p"}, []),
], ids=["early play kept from the library", "early play turned off with it", "nothing to contradict",
        "a generation switch kept from the library", "the switch turned off with it", "transcribing on",
        "no resolution in the list", "resolutions"])
def test_settings_that_contradict_each_other_are_refused_with_the_reason(current, desired, problems):
    assert library_problems(current, desired) == problems
