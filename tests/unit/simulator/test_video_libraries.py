"""Stream video libraries under /videolibrary: the read, the four referrer operations and their Hostname bound."""

import pytest

from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error

REFERRER_OPERATIONS = {
    "addAllowedReferrer": ("AllowedReferrers", "x", ["a", "x"]),
    "removeAllowedReferrer": ("AllowedReferrers", "a", []),
    "addBlockedReferrer": ("BlockedReferrers", "x", ["a", "x"]),
    "removeBlockedReferrer": ("BlockedReferrers", "a", []),
}
ENDPOINTS = [("GET", "/videolibrary/1", None), *[("POST", f"/videolibrary/1/{operation}", {"Hostname": "x"}) for operation in REFERRER_OPERATIONS]]


@pytest.fixture
def library(simulator):
    simulator.load_fixtures({"video_libraries": [{"Id": 1, "Name": "lessons", "AllowedReferrers": ["a"], "BlockedReferrers": ["a"]}]})


def read(api):
    answer = api.get("/videolibrary/1")
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=[path for _method, path, _body in ENDPOINTS])
def test_a_request_without_key_gets_401_in_the_legacy_shape(api, method, path, body):
    assert_legacy_error(api.request(method, path, json=body, headers={}), 401, key="unauthorized")


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=[path for _method, path, _body in ENDPOINTS])
def test_an_unknown_library_gets_404_in_the_legacy_shape(api, method, path, body):
    assert_legacy_error(api.request(method, path.replace("/1", "/99"), json=body), 404, key="not_found")


@pytest.mark.usefixtures("library")
def test_get_answers_the_library_with_referrers_and_a_secret_api_key(api):
    loaded = read(api)
    assert (loaded["Id"], loaded["Name"], loaded["AllowedReferrers"], loaded["BlockedReferrers"]) == (1, "lessons", ["a"], ["a"])
    assert len(loaded["ApiKey"]) >= 32


def test_fixture_libraries_get_distinct_api_keys_and_utc_dates(simulator, api):
    simulator.load_fixtures({"video_libraries": [{"Name": "one"}, {"Name": "two"}]})
    first, second = api.get("/videolibrary/1").json(), api.get("/videolibrary/2").json()
    assert first["ApiKey"] != second["ApiKey"]
    assert first["DateCreated"].endswith("Z")


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize("operation", REFERRER_OPERATIONS)
def test_a_referrer_operation_with_a_one_character_hostname_answers_200_and_changes_the_list(api, operation):
    list_name, value, expected = REFERRER_OPERATIONS[operation]
    assert api.post(f"/videolibrary/1/{operation}", json={"Hostname": value}).status_code == 200
    assert read(api)[list_name] == expected


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize("operation", REFERRER_OPERATIONS)
def test_a_referrer_operation_refuses_an_empty_hostname(api, operation):
    assert_legacy_error(api.post(f"/videolibrary/1/{operation}", json={"Hostname": ""}), 400, field="Hostname", key="validation_error")


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize("operation", REFERRER_OPERATIONS)
def test_a_referrer_operation_refuses_a_non_string_hostname(api, operation):
    assert_legacy_error(api.post(f"/videolibrary/1/{operation}", json={"Hostname": 5}), 400, field="Hostname")


@pytest.mark.usefixtures("library")
def test_adding_a_listed_referrer_again_keeps_one_entry(api):
    api.post("/videolibrary/1/addBlockedReferrer", json={"Hostname": "A"})
    assert read(api)["BlockedReferrers"] == ["a"]


@pytest.mark.usefixtures("library")
def test_a_referrer_change_moves_date_modified(api):
    before = read(api)["DateModified"]
    api.post("/videolibrary/1/addAllowedReferrer", json={"Hostname": "later.example"})
    assert read(api)["DateModified"] > before


def test_a_library_reads_back_every_setting_a_fixture_gives_and_defaults_for_the_rest(simulator, api):
    simulator.load_fixtures({"video_libraries": [{"Id": 4, "ApiKey": "key-4", "EnableDRM": True, "EncodingTier": 1, "Bitrate720p": 3000}]})
    library = api.get("/videolibrary/4").json()
    assert (library["EnableDRM"], library["EncodingTier"], library["Bitrate720p"]) == (True, 1, 3000)
    assert (library["ApiAccessKey"], library["DrmVersion"], library["AppleFairPlayDrm"], library["KeepOriginalFiles"]) == ("key-4", 0, None, True)


# Keys, watermarks, languages and statistics


@pytest.mark.usefixtures("library")
def test_reset_keys_give_new_ones_and_the_deprecated_key_follows_the_api_key(api):
    before = read(api)
    assert api.post("/videolibrary/1/resetApiKey").status_code == 204
    assert api.post("/videolibrary/1/resetReadOnlyApiKey").status_code == 204

    after = read(api)
    assert after["ApiKey"] != before["ApiKey"] and after["ApiAccessKey"] == after["ApiKey"]
    assert after["ReadOnlyApiKey"] != before["ReadOnlyApiKey"]


@pytest.mark.usefixtures("library")
def test_a_watermark_upload_shows_in_the_library_and_its_delete_takes_it_away(api):
    assert api.request("PUT", "/videolibrary/1/watermark", data=b"\x89PNG").status_code == 204
    assert (read(api)["HasWatermark"], read(api)["WatermarkVersion"]) == (True, 1)

    assert api.delete("/videolibrary/1/watermark").status_code == 204
    assert read(api)["HasWatermark"] is False


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize("kind", ["thumbnail", "watermark"])
def test_a_live_image_needs_content_of_at_most_ten_megabytes(api, kind):
    assert api.request("PUT", f"/videolibrary/1/live/{kind}", data=b"\x89PNG").status_code == 204
    assert_legacy_error(api.request("PUT", f"/videolibrary/1/live/{kind}", data=b""), 400)
    assert_legacy_error(api.request("PUT", f"/videolibrary/1/live/{kind}", data=b"x" * (10 * 1024 * 1024 + 1)), 413)
    assert api.delete(f"/videolibrary/1/live/{kind}").status_code == 204
    assert_legacy_error(api.delete(f"/videolibrary/9/live/{kind}"), 404)


def test_the_languages_are_listed_with_what_each_supports(api):
    languages = {language["ShortCode"]: language for language in api.get("/videolibrary/languages").json()}

    assert languages["en"]["SupportTranscribing"] is True and isinstance(languages["en"]["TranscribingAccuracy"], int)


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize(
    ("path", "total", "chart"),
    [("transcribing", "TotalTranscriptionSeconds", "TranscriptionSecondsChart"), ("drm", "TotalLicensesIssued", "LicensesIssuedChart")],
)
def test_library_statistics_cover_the_last_fourteen_days_by_default(api, path, total, chart):
    answer = api.get(f"/videolibrary/1/{path}/statistics").json()

    assert answer[total] == 0
    assert len(answer[chart]) == 15 and set(answer[chart].values()) == {0.0}
