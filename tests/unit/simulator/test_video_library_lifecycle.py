"""Stream video libraries created, listed, updated and deleted, with the pull zone each delivers through."""

import pytest

from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error


@pytest.fixture
def library(simulator):
    simulator.load_fixtures({"video_libraries": [{"Id": 1, "Name": "lessons"}, {"Id": 2, "Name": "archive"}]})


def zone_of(api, library):
    answer = api.get(f"/pullzone/{library['PullZoneId']}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_created_library_answers_201_with_the_whole_library_and_a_zone_of_its_own(simulator, api):
    answer = api.post("/videolibrary", json={"Name": "courses", "ReplicationRegions": ["UK", "NY"], "EnabledResolutions": "720p,1080p"})
    assert answer.status_code == 201
    created = answer.json()
    assert (created["Id"], created["Name"], created["ReplicationRegions"], created["EnabledResolutions"]) == (1, "courses", ["UK", "NY"], "720p,1080p")
    zone = zone_of(api, created)
    assert (zone["Name"], zone["VideoLibraryId"], zone["ZoneSecurityEnabled"]) == ("vz-1", 1, False)
    assert api.get("/videolibrary/1").json() == created


@pytest.mark.parametrize("body, field", [
    ({}, "Name"),
    ({"Name": ""}, "Name"),
    ({"Name": "x", "PlayerKeyColor": "#000"}, "PlayerKeyColor"),
    ({"Name": "x", "EnabledResolutions": "4k"}, "EnabledResolutions"),
    ({"Name": "x", "EnabledResolutions": ""}, "EnabledResolutions"),
    ({"Name": "x", "EncodingTier": 5}, "EncodingTier"),
], ids=["no name", "empty name", "an update-only property", "unknown resolution", "no resolution", "encoding tier outside the enum"])
def test_a_create_outside_the_create_model_is_refused_in_the_legacy_shape(api, body, field):
    answer = api.post("/videolibrary", json=body)
    assert_legacy_error(answer, 400)
    assert answer.json()["Field"] == field
    assert api.get("/videolibrary").json() == []


@pytest.mark.usefixtures("library")
def test_the_list_is_a_plain_array_without_a_page_and_the_vendor_s_page_object_with_one(api):
    assert [library["Name"] for library in api.get("/videolibrary").json()] == ["lessons", "archive"]
    page = api.get("/videolibrary", params={"page": 2, "perPage": 5}).json()
    assert (page["Items"], page["CurrentPage"], page["TotalItems"], page["HasMoreItems"]) == ([], 2, 2, False)
    assert [library["Id"] for library in api.get("/videolibrary", params={"search": "ARCH"}).json()] == [2]


@pytest.mark.usefixtures("library")
def test_an_update_changes_what_it_sends_and_answers_the_whole_library(api):
    answer = api.post("/videolibrary/1", json={"PlayerKeyColor": "#000000", "Controls": "play,progress", "WatermarkWidth": 20})
    assert answer.status_code == 200
    updated = answer.json()
    assert (updated["PlayerKeyColor"], updated["Controls"], updated["WatermarkWidth"]) == ("#000000", "play,progress", 20)
    assert updated["Name"] == "lessons"


@pytest.mark.usefixtures("library")
def test_token_authentication_is_kept_by_the_library_s_pull_zone(api):
    library = api.get("/videolibrary/1").json()
    key = zone_of(api, library)["ZoneSecurityKey"]
    updated = api.post("/videolibrary/1", json={"EnableTokenAuthentication": True, "EnableTokenIPVerification": True}).json()
    assert "EnableTokenAuthentication" not in updated
    zone = zone_of(api, library)
    assert (zone["ZoneSecurityEnabled"], zone["ZoneSecurityIncludeHashRemoteIP"], zone["ZoneSecurityKey"]) == (True, True, key)
    api.post("/videolibrary/1", json={"ResetToken": True})
    assert zone_of(api, library)["ZoneSecurityKey"] != key


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize("body, moved", [
    ({"AllowEarlyPlay": True}, {"ExposeOriginals": True}),
    ({"EnableTranscribingMomentsGeneration": True}, {"EnableTranscribing": True}),
], ids=["early play exposes the originals", "smart generation turns transcribing on"])
def test_an_update_moves_what_the_vendor_documents_along_with_it(api, body, moved):
    updated = api.post("/videolibrary/1", json=body).json()
    assert {name: updated[name] for name in moved} == moved


@pytest.mark.usefixtures("library")
def test_a_delete_removes_the_library_and_its_zone(api):
    library = api.get("/videolibrary/1").json()
    assert api.delete("/videolibrary/1").status_code == 204
    assert_legacy_error(api.get("/videolibrary/1"), 404, key="not_found")
    assert api.get(f"/pullzone/{library['PullZoneId']}").status_code == 404
    assert [item["Id"] for item in api.get("/videolibrary").json()] == [2]


@pytest.mark.usefixtures("library")
@pytest.mark.parametrize("method, path, body", [("POST", "/videolibrary/99", {"Name": "x"}), ("DELETE", "/videolibrary/99", None)])
def test_writes_to_an_unknown_library_are_404(api, method, path, body):
    assert_legacy_error(api.request(method, path, json=body), 404, key="not_found")


def test_a_fixture_library_that_names_its_zone_keeps_it(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 5, "Name": "videos"}], "video_libraries": [{"Id": 1, "Name": "lessons", "PullZoneId": 5}]})
    assert api.get("/videolibrary/1").json()["PullZoneId"] == 5
    assert [zone["Name"] for zone in api.get("/pullzone").json()] == ["videos"]
