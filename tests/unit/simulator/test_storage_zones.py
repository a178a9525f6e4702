"""Storage zones under /storagezone and their files under /storage, as the vendor's documents describe them."""

import hashlib

import pytest
import requests

from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error

PASSWORD = "zone-password"
READ_ONLY_PASSWORD = "zone-read-only"


def sha256(data):
    return hashlib.sha256(data).hexdigest().upper()


@pytest.fixture
def zones(simulator):
    simulator.load_fixtures(
        {
            "storage_zones": [
                {
                    "Id": 5,
                    "Name": "site",
                    "Password": PASSWORD,
                    "ReadOnlyPassword": READ_ONLY_PASSWORD,
                    "ReplicationRegions": ["NY"],
                    "Files": {"index.html": "<h1>home</h1>", "css/site.css": "body {}", "css/print/a.css": "@page {}"},
                },
                {"Id": 6, "Name": "archive", "Region": "SYD", "Deleted": True},
            ],
            "pull_zones": [{"Id": 10, "Name": "www", "StorageZoneId": 5, "OriginType": 2}],
        }
    )


def files(simulator, method, path, key=PASSWORD, **kwargs):
    headers = dict(kwargs.pop("headers", {}), AccessKey=key)
    return requests.request(method, simulator.url + "/storage" + path, headers=headers, timeout=10, **kwargs)


def names(listing):
    return [(entry["ObjectName"], entry["IsDirectory"]) for entry in listing]


# Zones


@pytest.mark.usefixtures("zones")
def test_a_read_counts_the_zones_files_and_lists_the_pull_zones_it_is_the_origin_of(api):
    zone = api.get("/storagezone/5").json()

    assert (zone["FilesStored"], zone["StorageUsed"]) == (3, len("<h1>home</h1>") + len("body {}") + len("@page {}"))
    assert [pull_zone["Id"] for pull_zone in zone["PullZones"]] == [10]
    assert zone["StorageHostname"] == "storage.bunnycdn.com"


@pytest.mark.usefixtures("zones")
def test_a_deleted_zone_is_listed_only_when_asked_and_cannot_be_read(api):
    assert [zone["Name"] for zone in api.get("/storagezone").json()] == ["site"]
    assert [zone["Name"] for zone in api.get("/storagezone?includeDeleted=true").json()] == ["site", "archive"]
    assert_legacy_error(api.get("/storagezone/6"), 404, key="storagezone.not_found")


@pytest.mark.usefixtures("zones")
def test_a_page_from_one_on_answers_the_paged_object(api):
    body = api.get("/storagezone?page=1&perPage=5").json()

    assert (len(body["Items"]), body["TotalItems"], body["HasMoreItems"]) == (1, 1, False)


def test_a_new_zone_gets_passwords_and_its_regions_host(simulator, api):
    answer = api.post("/storagezone", json={"Name": "media", "Region": "NY", "ReplicationRegions": ["DE", "DE"], "ZoneTier": 1})

    assert answer.status_code == 201, answer.text
    zone = answer.json()
    assert (zone["Region"], zone["ReplicationRegions"], zone["ZoneTier"], zone["StorageHostname"]) == ("NY", ["DE"], 1, "ny.storage.bunnycdn.com")
    assert zone["Password"] and zone["ReadOnlyPassword"] and zone["Password"] != zone["ReadOnlyPassword"]


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(
    "body, field, key",
    [
        ({"Name": "SITE", "Region": "DE"}, "Name", "storagezone.name_taken"),
        ({"Name": "Archive", "Region": "DE"}, "Name", "storagezone.name_taken"),
        ({"Name": "new", "Region": "XX"}, "Region", "storagezone.invalid_region"),
        ({"Name": "new", "Region": "DE", "ReplicationRegions": ["DE"]}, "ReplicationRegions", "storagezone.invalid_region"),
        ({"Name": "new", "Region": "DE", "ReplicationRegions": ["MARS"]}, "ReplicationRegions", "storagezone.invalid_region"),
        ({"Name": "new"}, "Region", None),
        ({"Name": "new", "Region": "DE", "Custom404FilePath": "/404.html"}, "Custom404FilePath", None),
    ],
    ids=["taken name in another case", "name of a deleted zone", "unknown region", "replica of the main region", "unknown replica", "no region",
         "a setting the add model lacks"],
)
def test_a_create_the_api_refuses(api, body, field, key):
    assert_legacy_error(api.post("/storagezone", json=body), 400, field=field, key=key)


@pytest.mark.usefixtures("zones")
def test_an_update_adds_replication_regions_and_sets_the_404_settings(api):
    answer = api.post("/storagezone/5", json={"ReplicationZones": ["NY", "LA"], "Custom404FilePath": "/404.html", "Rewrite404To200": True})

    assert answer.status_code == 204
    zone = api.get("/storagezone/5").json()
    assert (zone["ReplicationRegions"], zone["Custom404FilePath"], zone["Rewrite404To200"]) == (["NY", "LA"], "/404.html", True)


@pytest.mark.usefixtures("zones")
def test_an_update_that_leaves_a_replication_region_out_is_refused_and_changes_nothing(api):
    answer = api.post("/storagezone/5", json={"ReplicationZones": ["LA"], "Rewrite404To200": True})

    assert_legacy_error(answer, 400, field="ReplicationZones", key="storagezone.replication_region_removal")
    assert "NY" in answer.json()["Message"]
    zone = api.get("/storagezone/5").json()
    assert (zone["ReplicationRegions"], zone["Rewrite404To200"]) == (["NY"], False)


@pytest.mark.usefixtures("zones")
def test_an_update_takes_neither_the_region_nor_the_name(api):
    assert_legacy_error(api.post("/storagezone/5", json={"Region": "NY"}), 400, field="Region")


@pytest.mark.usefixtures("zones")
def test_a_delete_marks_the_zone_deleted_drops_its_files_and_unlinks_its_pull_zones(simulator, api):
    assert api.delete("/storagezone/5").status_code == 204

    assert api.get("/storagezone/5").status_code == 404
    assert api.get("/pullzone/10").json()["StorageZoneId"] == 0
    assert files(simulator, "GET", "/site/").status_code == 401


@pytest.mark.usefixtures("zones")
def test_a_delete_can_take_the_linked_pull_zones_along(api):
    assert api.delete("/storagezone/5?deleteLinkedPullZones=true").status_code == 204

    assert api.get("/pullzone/10").status_code == 404


def test_the_regions_name_each_regions_storage_host(api):
    regions = {region["Id"]: region["Url"] for region in api.get("/storagezone/regions").json()}

    assert regions["DE"] == "https://storage.bunnycdn.com"
    assert regions["SYD"] == "https://syd.storage.bunnycdn.com"


# Files: authentication


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(
    "method, key, status",
    [
        ("GET", PASSWORD, 200),
        ("GET", READ_ONLY_PASSWORD, 200),
        ("PUT", READ_ONLY_PASSWORD, 401),
        ("DELETE", READ_ONLY_PASSWORD, 401),
        ("GET", "sim-api-key", 401),
        ("GET", "wrong", 401),
    ],
)
def test_the_file_api_takes_the_zones_password_and_for_reads_its_read_only_password(simulator, method, key, status):
    answer = files(simulator, method, "/site/index.html", key=key, data=b"x" if method == "PUT" else None)

    assert answer.status_code == status, answer.text
    if status == 401:
        assert answer.json() == {"HttpCode": 401, "Message": "Unauthorized"}


@pytest.mark.usefixtures("zones")
def test_an_unknown_zone_answers_as_a_wrong_password_does(simulator):
    assert files(simulator, "GET", "/nowhere/").json() == files(simulator, "GET", "/site/", key="wrong").json()


# Files: listing, download, upload, delete


@pytest.mark.usefixtures("zones")
def test_a_listing_has_the_directories_and_files_directly_in_the_path_with_their_checksums(simulator):
    listing = files(simulator, "GET", "/site/css/").json()

    assert names(listing) == [("print", True), ("site.css", False)]
    directory, stored = listing
    assert (directory["Path"], directory["Length"], directory["Checksum"]) == ("/site/css/", 0, None)
    assert (stored["Length"], stored["Checksum"], stored["StorageZoneId"], stored["StorageZoneName"]) == (7, sha256(b"body {}"), 5, "site")


@pytest.mark.usefixtures("zones")
def test_the_root_and_a_missing_directory_list(simulator):
    assert names(files(simulator, "GET", "/site/").json()) == [("css", True), ("index.html", False)]
    assert files(simulator, "GET", "/site/missing/").json() == []


@pytest.mark.usefixtures("zones")
def test_a_download_answers_the_content_and_a_missing_file_404(simulator):
    assert files(simulator, "GET", "/site/css/print/a.css").content == b"@page {}"

    missing = files(simulator, "GET", "/site/css/none.css")
    assert (missing.status_code, missing.json()) == (404, {"HttpCode": 404, "Message": "Object Not Found"})


@pytest.mark.usefixtures("zones")
def test_an_upload_with_the_right_checksum_is_stored_with_its_directories(simulator):
    content = b"\x00\x01binary" * 1000
    answer = files(simulator, "PUT", "/site/img/logos/logo.bin", data=content, headers={"Checksum": sha256(content).lower()})

    assert answer.status_code == 201, answer.text
    assert files(simulator, "GET", "/site/img/logos/logo.bin").content == content
    assert names(files(simulator, "GET", "/site/img/").json()) == [("logos", True)]
    assert files(simulator, "GET", "/site/img/logos/").json()[0]["Checksum"] == sha256(content)


@pytest.mark.usefixtures("zones")
def test_an_upload_whose_content_does_not_match_its_checksum_is_refused_and_stores_nothing(simulator):
    answer = files(simulator, "PUT", "/site/index.html", data=b"changed", headers={"Checksum": sha256(b"other")})

    assert answer.status_code == 400
    assert "Checksum" in answer.json()["Message"]
    assert files(simulator, "GET", "/site/index.html").content == b"<h1>home</h1>"


@pytest.mark.usefixtures("zones")
def test_a_replaced_file_keeps_its_guid_and_creation_date(simulator):
    before = files(simulator, "GET", "/site/").json()[1]
    files(simulator, "PUT", "/site/index.html", data=b"<h1>new</h1>")
    after = files(simulator, "GET", "/site/").json()[1]

    assert (after["Guid"], after["DateCreated"]) == (before["Guid"], before["DateCreated"])
    assert (after["Length"], after["Checksum"]) == (12, sha256(b"<h1>new</h1>"))


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("path", ["/site/css/", "/site/css/site.css/more.css", "/site/a/%2E%2E/index.html"])
def test_an_upload_to_a_directory_under_a_file_or_with_dot_segments_is_refused(simulator, path):
    assert files(simulator, "PUT", path, data=b"x").status_code == 400


@pytest.mark.usefixtures("zones")
def test_a_delete_of_a_directory_takes_everything_under_it_and_the_zone_counts_follow(simulator, api):
    assert files(simulator, "DELETE", "/site/css/").status_code == 200

    assert names(files(simulator, "GET", "/site/").json()) == [("index.html", False)]
    assert api.get("/storagezone/5").json()["FilesStored"] == 1


@pytest.mark.usefixtures("zones")
def test_an_emptied_directory_stays_until_it_is_deleted(simulator):
    files(simulator, "DELETE", "/site/css/print/a.css")

    assert names(files(simulator, "GET", "/site/css/").json()) == [("print", True), ("site.css", False)]


@pytest.mark.usefixtures("zones")
def test_a_delete_of_a_missing_object_is_404(simulator):
    assert files(simulator, "DELETE", "/site/nothing.txt").status_code == 404


@pytest.mark.usefixtures("zones")
def test_the_root_is_deleted_only_with_allow_root_delete(simulator):
    assert files(simulator, "DELETE", "/site/").status_code == 400
    assert files(simulator, "DELETE", "/site/?allowRootDelete=true").status_code == 200
    assert files(simulator, "GET", "/site/").json() == []


# One process, one log, one set of faults


@pytest.mark.usefixtures("zones")
def test_file_requests_are_in_the_request_log_and_under_the_faults(simulator):
    simulator.clear_requests()
    simulator.add_fault(method="PUT", path="^/storage/site/", status=503, count=1)

    faulted = files(simulator, "PUT", "/site/a.txt", data=b"a")
    stored = files(simulator, "PUT", "/site/a.txt", data=b"a")

    assert (faulted.status_code, faulted.json()["HttpCode"]) == (503, 503)
    assert stored.status_code == 201
    assert [(entry["method"], entry["path"], entry["status"]) for entry in simulator.requests()] == [
        ("PUT", "/storage/site/a.txt", 503),
        ("PUT", "/storage/site/a.txt", 201),
    ]


@pytest.mark.usefixtures("zones")
def test_loading_fixtures_replaces_the_files(simulator):
    files(simulator, "PUT", "/site/uploaded.txt", data=b"a")

    simulator.load_fixtures({"storage_zones": [{"Id": 5, "Name": "site", "Password": PASSWORD, "Files": {"only.txt": "x"}}]})

    assert names(files(simulator, "GET", "/site/").json()) == [("only.txt", False)]


# What the vendor's storage SDK (@bunny.net/storage-sdk) needs besides the documented calls

# The properties the SDK requires of every object it reads, with the JSON type each must have
# (None: null allowed); a listing or description without one of them is refused by the SDK.
SDK_OBJECT = {
    "Guid": (str,),
    "UserId": (str,),
    "LastChanged": (str,),
    "DateCreated": (str,),
    "StorageZoneName": (str,),
    "Path": (str,),
    "ObjectName": (str,),
    "Length": (int,),
    "StorageZoneId": (int,),
    "IsDirectory": (bool,),
    "ServerId": (int,),
    "Checksum": (str, None),
    "ReplicatedZones": (str, None),
    "ContentType": (str,),
}


def sdk_problems(item):
    problems = [name for name in SDK_OBJECT if name not in item]
    for name, types in SDK_OBJECT.items():
        value = item.get(name)
        if name in item and not ((value is None and None in types) or isinstance(value, tuple(kind for kind in types if kind is not None))):
            problems.append(f"{name}={value!r}")
    return problems


@pytest.mark.usefixtures("zones")
def test_every_listed_object_has_what_the_vendors_storage_sdk_requires(simulator):
    listing = files(simulator, "GET", "/site/").json() + files(simulator, "GET", "/site/css/").json()

    assert [sdk_problems(item) for item in listing] == [[]] * len(listing)


@pytest.mark.usefixtures("zones")
def test_a_file_lists_the_regions_it_is_replicated_to_and_its_content_type(simulator):
    directory, page = files(simulator, "GET", "/site/").json()

    assert (page["ObjectName"], page["ReplicatedZones"], page["ContentType"]) == ("index.html", "NY", "text/html")
    assert (directory["ObjectName"], directory["ReplicatedZones"], directory["ContentType"]) == ("css", None, "application/octet-stream")


def test_a_file_of_a_zone_without_replicas_is_replicated_nowhere(simulator):
    simulator.load_fixtures({"storage_zones": [{"Name": "solo", "Password": PASSWORD, "Files": {"a.css": "x"}}]})

    assert files(simulator, "GET", "/solo/").json()[0]["ReplicatedZones"] is None


@pytest.mark.usefixtures("zones")
def test_an_upload_takes_its_listed_content_type_from_override_content_type(simulator):
    headers = {"Content-Type": "application/octet-stream", "Override-Content-Type": "application/x-custom"}
    assert files(simulator, "PUT", "/site/data.bin", data=b"x", headers=headers).status_code == 201
    assert files(simulator, "PUT", "/site/plain.json", data=b"{}").status_code == 201

    types = {item["ObjectName"]: item["ContentType"] for item in files(simulator, "GET", "/site/").json()}
    assert (types["data.bin"], types["plain.json"]) == ("application/x-custom", "application/json")


@pytest.mark.usefixtures("zones")
def test_describe_answers_one_object_as_its_directorys_listing_shows_it(simulator):
    described = files(simulator, "DESCRIBE", "/site/css/site.css", key=READ_ONLY_PASSWORD)

    assert described.status_code == 200, described.text
    assert described.json() == files(simulator, "GET", "/site/css/").json()[1]
    assert files(simulator, "DESCRIBE", "/site/css").json()["IsDirectory"] is True
    assert sdk_problems(described.json()) == []


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("path", "key", "status"), [("/site/none.txt", PASSWORD, 404), ("/site/index.html", "wrong", 401)])
def test_describe_of_a_missing_object_or_with_a_wrong_key_is_refused(simulator, path, key, status):
    answer = files(simulator, "DESCRIBE", path, key=key)

    assert (answer.status_code, answer.json()["HttpCode"]) == (status, status)


@pytest.mark.usefixtures("zones")
def test_a_connection_serves_describe_between_other_requests(simulator):
    with requests.Session() as session:
        session.headers["AccessKey"] = PASSWORD
        base = simulator.url + "/storage/site/"
        statuses = [session.request(method, base + path, timeout=10).status_code for method, path in [("GET", ""), ("DESCRIBE", "index.html"), ("GET", "css/")]]
        statuses.append(session.request("DESCRIBE", base + "index.html", timeout=10).status_code)

    assert statuses == [200, 200, 200, 200]
    assert simulator.stats()["connections"] == 1


@pytest.mark.usefixtures("zones")
def test_a_put_without_content_to_a_path_ending_in_a_slash_creates_the_directory(simulator):
    assert files(simulator, "PUT", "/site/media/photos/").status_code == 201
    assert files(simulator, "PUT", "/site/media/photos/").status_code == 201

    assert names(files(simulator, "GET", "/site/media/").json()) == [("photos", True)]
    assert files(simulator, "GET", "/site/media/photos/").json() == []
    assert files(simulator, "PUT", "/site/index.html/sub/").status_code == 400


# Availability, passwords and statistics


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("name", "available"), [("SITE", False), ("archive", False), ("fresh", True)])
def test_availability_counts_deleted_zones_names_as_taken(api, name, available):
    assert api.post("/storagezone/checkavailability", json={"Name": name}).json() == {"Available": available}


@pytest.mark.usefixtures("zones")
def test_a_reset_password_replaces_the_one_the_file_api_takes(simulator, api):
    assert api.post("/storagezone/5/resetPassword").status_code == 204

    new_password = api.get("/storagezone/5").json()["Password"]
    assert new_password != PASSWORD
    assert files(simulator, "GET", "/site/").status_code == 401
    assert files(simulator, "GET", "/site/", key=new_password).status_code == 200


@pytest.mark.usefixtures("zones")
def test_a_reset_read_only_password_takes_the_zone_id_as_a_query_parameter(simulator, api):
    assert api.post("/storagezone/resetReadOnlyPassword", params={"id": 5}).status_code == 204

    assert files(simulator, "GET", "/site/", key=READ_ONLY_PASSWORD).status_code == 401
    assert files(simulator, "GET", "/site/", key=api.get("/storagezone/5").json()["ReadOnlyPassword"]).status_code == 200
    assert_legacy_error(api.post("/storagezone/resetReadOnlyPassword", params={"id": 6}), 404)


@pytest.mark.usefixtures("zones")
def test_statistics_show_what_the_zone_stores_for_each_day_and_egress_nothing(api):
    range_ = {"dateFrom": "2024-03-01T00:00:00Z", "dateTo": "2024-03-02T00:00:00Z"}
    stored = api.get("/storagezone/5/statistics", params=range_).json()
    egress = api.get("/storagezone/5/statistics/egress", params=range_).json()

    assert stored["FileCountChart"] == {"2024-03-01T00:00:00Z": 3, "2024-03-02T00:00:00Z": 3}
    assert (egress["TotalEgress"], egress["HttpEgressChart"]) == (0, {"2024-03-01T00:00:00Z": 0, "2024-03-02T00:00:00Z": 0})
    assert_legacy_error(api.get("/storagezone/5/statistics", params={"dateFrom": "2024-03-02", "dateTo": "2024-03-01"}), 400)
