"""storage_sync against the simulator: the zone's path ends up holding exactly the local files, with the fewest requests."""

import json
import os
import subprocess
import sys

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.storage import zones as storage
from ansible_collections.bunnynet.cloud.plugins.modules import storage_sync
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.storage_fixtures import (
    PASSWORD,
    READ_ONLY_PASSWORD,
    ZONE_ID,
    sha256,
    site_zone,
    stored_files,
    write_tree,
)

SITE = {
    "index.html": "<h1>home</h1>",
    "about/index.html": "<h1>about</h1>",
    "assets/app.js": "console.log(1)",
    "assets/img/logo.svg": "<svg/>",
}


def run(simulator, src, check_mode=False, diff=False, **options):
    """Run storage_sync on the zone "site" through the simulator's file API; an option given as None is left out."""
    options = dict(dict(storage_zone="site", storage_url=simulator.url + "/storage"), **options)
    args = {name: value for name, value in simulator.api_args(src=src, **options).items() if value is not None}
    return run_module(storage_sync, args, check_mode=check_mode, diff=diff)


def file_requests(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.requests() if entry["path"].startswith("/storage/")]


def uploads(simulator):
    return sorted(path for method, path in file_requests(simulator) if method == "PUT")


@pytest.fixture
def zone(simulator):
    simulator.load(storage_zones=[site_zone()])
    return simulator


@pytest.fixture
def site(tmp_path):
    return write_tree(tmp_path / "build", SITE)


# The first upload, the re-run, a change


def test_the_first_run_uploads_every_file_and_the_zone_holds_them(zone, site):
    result = run(zone, site)

    assert result["changed"] is True
    assert result["uploaded"] == sorted(SITE)
    assert (result["deleted"], result["unchanged"], result["bytes_sent"]) == ([], 0, sum(len(text) for text in SITE.values()))
    assert stored_files(zone) == {path: text.encode() for path, text in SITE.items()}


def test_a_rerun_on_an_unchanged_directory_lists_and_uploads_nothing(zone, site):
    run(zone, site)
    zone.clear_requests()

    result = run(zone, site)

    assert (result["changed"], result["uploaded"], result["unchanged"], result["bytes_sent"]) == (False, [], 4, 0)
    assert zone.writes() == []
    assert sorted(file_requests(zone)) == [
        ("GET", "/storage/site/"), ("GET", "/storage/site/about/"), ("GET", "/storage/site/assets/"), ("GET", "/storage/site/assets/img/")]


def test_only_the_changed_files_are_uploaded_even_when_their_size_is_the_same(zone, site, tmp_path):
    run(zone, site)
    zone.clear_requests()
    (tmp_path / "build" / "assets" / "app.js").write_text("console.log(2)")
    (tmp_path / "build" / "new.txt").write_text("new")

    result = run(zone, site)

    assert result["uploaded"] == ["assets/app.js", "new.txt"]
    assert result["unchanged"] == 3
    assert uploads(zone) == ["/storage/site/assets/app.js", "/storage/site/new.txt"]
    assert stored_files(zone)["assets/app.js"] == b"console.log(2)"


def test_files_go_under_dest_and_are_compared_there(zone, site):
    run(zone, site, dest="/releases/v2/")

    assert sorted(stored_files(zone)) == sorted("releases/v2/" + path for path in SITE)
    assert run(zone, site, dest="releases/v2")["changed"] is False


def test_names_with_spaces_and_unicode_are_quoted_per_segment(zone, tmp_path):
    src = write_tree(tmp_path / "odd", {"a dir/ü file#1.txt": "x"})

    assert run(zone, src)["uploaded"] == ["a dir/ü file#1.txt"]
    assert stored_files(zone) == {"a dir/ü file#1.txt": b"x"}
    assert run(zone, src)["changed"] is False


def test_the_zone_is_found_by_id_and_its_regions_host_is_used_without_storage_url(zone, site):
    result = run(zone, site, storage_zone=None, storage_zone_id=ZONE_ID, storage_url=None)

    # The simulator is not storage.bunnycdn.com: the failure shows where the module went.
    assert result["failed"] is True
    assert "https://storage.bunnycdn.com" in json.dumps(result)


def test_the_storage_url_comes_from_the_environment(zone, site, monkeypatch):
    monkeypatch.setenv("BUNNYNET_STORAGE_URL", zone.url + "/storage")

    assert run(zone, site, storage_url=None)["uploaded"] == sorted(SITE)


def test_a_zone_no_one_has_fails_naming_it(zone, site):
    result = run(zone, site, storage_zone="nowhere")

    assert result["failed"] is True
    assert result["msg"] == "No storage zone of the account is named 'nowhere'."
    assert file_requests(zone) == []


# Deleting and excluding


@pytest.fixture
def stale_zone(simulator):
    """The zone holds what an older build left: a changed page, files the build no longer has, and a draft."""
    files = {
        "index.html": "<h1>old home</h1>",
        "old.html": "gone",
        "assets/app.js": "console.log(1)",
        "assets/old/app.1.js": "1",
        "assets/old/app.2.js": "2",
        "drafts/post.md": "draft",
    }
    simulator.load(storage_zones=[site_zone(Files=files)])
    return simulator


def test_without_delete_files_the_directory_lacks_stay(stale_zone, site):
    result = run(stale_zone, site)

    assert result["deleted"] == []
    assert "old.html" in stored_files(stale_zone)


def test_delete_removes_what_the_directory_lacks_a_directory_at_a_time_where_it_can(stale_zone, site):
    result = run(stale_zone, site, delete=True)

    assert result["deleted"] == ["assets/old/app.1.js", "assets/old/app.2.js", "drafts/post.md", "old.html"]
    assert sorted(path for method, path in file_requests(stale_zone) if method == "DELETE") == [
        "/storage/site/assets/old/", "/storage/site/drafts/", "/storage/site/old.html"]
    assert stored_files(stale_zone) == {path: text.encode() for path, text in SITE.items()}
    assert run(stale_zone, site, delete=True)["changed"] is False


def test_excluded_files_are_neither_uploaded_nor_deleted_and_excluded_directories_not_listed(stale_zone, tmp_path):
    src = write_tree(tmp_path / "build", dict(SITE, **{"assets/app.js.map": "{}", ".git/HEAD": "ref"}))

    result = run(stale_zone, src, delete=True, exclude=["*.map", ".git", "drafts"])

    assert ("GET", "/storage/site/drafts/") not in file_requests(stale_zone)
    assert result["uploaded"] == ["about/index.html", "assets/img/logo.svg", "index.html"]
    assert "drafts/post.md" in stored_files(stale_zone)


@pytest.mark.parametrize("pattern, path, excluded", [
    ("*.map", "assets/app.js.map", True),
    (".git", ".git/objects/ab", True),
    ("drafts/*", "drafts/post.md", True),
    ("drafts/*", "blog/drafts/post.md", False),
    ("assets/*.psd", "assets/logo.psd", True),
    ("*.psd", "assets/logo.PSD", False),
])
def test_a_pattern_without_a_slash_matches_any_name_and_one_with_a_slash_from_the_top(pattern, path, excluded):
    assert storage.is_excluded(path, [pattern]) is excluded


# Check mode and --diff


def test_check_mode_lists_what_would_change_sends_no_write_and_matches_the_run(stale_zone, site):
    checked = run(stale_zone, site, check_mode=True, delete=True)
    assert stale_zone.writes() == []

    applied = run(stale_zone, site, delete=True)

    assert checked["changed"] is True
    for key in ("uploaded", "deleted", "unchanged", "bytes_sent"):
        assert checked[key] == applied[key], key


def test_the_diff_shows_each_changing_file_by_size_and_checksum(stale_zone, site):
    result = run(stale_zone, site, check_mode=True, diff=True, delete=True)

    before, after = result["diff"]["before"]["files"], result["diff"]["after"]["files"]
    assert before["index.html"] == "17 bytes, SHA-256 %s" % sha256(b"<h1>old home</h1>")
    assert after["index.html"] == "13 bytes, SHA-256 %s" % sha256(b"<h1>home</h1>")
    assert "old.html" in before and "old.html" not in after
    assert "about/index.html" in after and "about/index.html" not in before
    assert "assets/app.js" not in before and "assets/app.js" not in after


# Uploads in parallel, within the retry rules


def test_uploads_run_in_parallel_over_at_most_the_given_connections(zone, tmp_path):
    src = write_tree(tmp_path / "many", {"file%02d.txt" % number: str(number) for number in range(9)})
    zone.fault(method="PUT", path="^/storage/", delay_ms=150)

    result = run(zone, src, connections=3)

    assert len(result["uploaded"]) == 9
    # One connection of the management client, and the three of the storage clients, all used.
    assert zone.server.stats()["connections"] == 4


@pytest.mark.parametrize("fault", [
    dict(status=429, retry_after=0, count=2),
    dict(status=503, count=1),
    dict(drop_connection=True, count=1),
], ids=["rate limited twice", "gateway error", "dropped connection"])
def test_an_upload_is_sent_again_after_a_rate_limit_a_gateway_error_or_a_lost_connection(zone, tmp_path, fault):
    src = write_tree(tmp_path / "one", {"a.txt": "a"})
    zone.fault(method="PUT", path="^/storage/site/a.txt$", **fault)

    result = run(zone, src, api_retries=3)

    assert result["uploaded"] == ["a.txt"]
    assert stored_files(zone) == {"a.txt": b"a"}


def test_a_failure_part_way_says_what_was_and_was_not_uploaded_and_a_rerun_finishes(stale_zone, tmp_path):
    src = write_tree(tmp_path / "build", {"a.txt": "a", "b.txt": "b", "c.txt": "c", "d.txt": "d"})
    stale_zone.fault(method="PUT", path="^/storage/site/c.txt$", status=500, count=1)

    failed = run(stale_zone, src, connections=1, delete=True)

    assert failed["failed"] is True and failed["changed"] is True
    assert (failed["uploaded"], failed["not_uploaded"], failed["deleted"]) == (["a.txt", "b.txt"], ["c.txt", "d.txt"], [])
    assert list(failed["failures"]) == ["c.txt"]
    assert failed["msg"].startswith("2 of 4 files were uploaded before an upload failed: c.txt (PUT /site/c.txt failed with status 500")
    assert "Not uploaded: c.txt, d.txt. No file was deleted." in failed["msg"]
    stale_zone.clear_requests()

    finished = run(stale_zone, src, connections=1, delete=True)

    assert (finished["uploaded"], finished["unchanged"]) == (["c.txt", "d.txt"], 2)
    assert sorted(stored_files(stale_zone)) == ["a.txt", "b.txt", "c.txt", "d.txt"]


def test_every_upload_carries_the_files_checksum_so_the_api_refuses_other_content(zone, site, monkeypatch):
    monkeypatch.setattr(storage, "sha256_of", lambda path: "0" * 64)

    result = run(zone, site, connections=1)

    assert result["failed"] is True
    assert result["uploaded"] == []
    assert "does not match the Checksum header" in result["msg"]
    assert stored_files(zone) == {}


def test_a_file_listed_without_a_checksum_is_uploaded_once_to_get_one():
    local = {"a.txt": storage.LocalFile(__file__, os.path.getsize(__file__))}
    tree = storage.RemoteTree()
    tree.files["a.txt"] = (os.path.getsize(__file__), None)

    assert storage.SyncPlan(local, tree, delete=False).uploads == ["a.txt"]
    tree.files["a.txt"] = (os.path.getsize(__file__), local["a.txt"].checksum.lower())
    assert storage.SyncPlan(local, tree, delete=False).uploads == []


def test_a_refused_password_is_explained_and_the_password_never_shows(zone, site):
    zone.fault(method="GET", path="^/storage/", status=401)

    result = run(zone, site, diff=True)

    assert result["failed"] is True
    assert result["msg"].startswith("The storage API at %s/storage refused the zone's password (HTTP 401)" % zone.url)
    assert PASSWORD not in json.dumps(result) and READ_ONLY_PASSWORD not in json.dumps(result)


def test_the_password_shows_nowhere_in_a_run_with_diff(zone, site):
    result = run(zone, site, diff=True)

    assert PASSWORD not in json.dumps(result)


def test_src_that_is_not_a_directory_fails_before_any_request(zone, tmp_path):
    (tmp_path / "file").write_text("x")

    result = run(zone, str(tmp_path / "file"))

    assert result["msg"] == "Invalid input: src %s is not a directory." % (tmp_path / "file")
    assert zone.requests() == []


def test_a_bad_dest_and_a_src_that_is_no_directory_are_refused_together_before_any_request(zone, tmp_path):
    result = run(zone, str(tmp_path / "missing"), dest="a/../b")

    assert result["msg"] == ("Invalid input: dest must be a path with forward slashes and without . or .. parts, got 'a/../b'; "
                             "src %s is not a directory." % (tmp_path / "missing"))
    assert result["invalid_options"] == ["dest must be a path with forward slashes and without . or .. parts, got 'a/../b'",
                                         "src %s is not a directory" % (tmp_path / "missing")]
    assert zone.requests() == []


# Memory

# The module's own high-water mark of resident memory. Not ru_maxrss: Linux carries that over an
# exec from the forking process, which here is the test process holding the simulator's uploads.
MEASURE = """
import runpy, sys
try:
    runpy.run_module("ansible_collections.bunnynet.cloud.plugins.modules.storage_sync", run_name="__main__")
finally:
    with open("/proc/self/status") as status:
        sys.stderr.write("".join(line for line in status if line.startswith("VmHWM:")))
"""


def peak_memory_kib(simulator, src, tmp_path):
    args_file = tmp_path / "args.json"
    args_file.write_text(json.dumps({"ANSIBLE_MODULE_ARGS": simulator.api_args(src=src, storage_zone="site", storage_url=simulator.url + "/storage")}))
    root = os.path.abspath(os.path.join(os.path.dirname(storage_sync.__file__), *[os.pardir] * 5))
    done = subprocess.run([sys.executable, "-c", MEASURE, str(args_file)], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=root), check=False)
    assert '"uploaded"' in done.stdout, done.stdout + done.stderr
    return int(done.stderr.rsplit("VmHWM:", 1)[1].split()[0])


def test_memory_does_not_grow_with_the_size_of_the_file(zone, tmp_path):
    small = tmp_path / "small"
    large = tmp_path / "large"
    write_tree(small, {"file.bin": os.urandom(1024 * 1024)})
    write_tree(large, {"file.bin": os.urandom(48 * 1024 * 1024)})

    with_small = peak_memory_kib(zone, str(small), tmp_path)
    zone.load(storage_zones=[site_zone()])
    with_large = peak_memory_kib(zone, str(large), tmp_path)

    # A file read whole would add its 48 MiB; streamed, the peak stays within a few MiB.
    assert with_large - with_small < 8 * 1024, (with_small, with_large)


# Purging the pull zone that serves the files

CDN = "https://site-cdn.b-cdn.net/"


def purges(simulator):
    return [(entry["path"], entry["query"]) for entry in simulator.writes() if entry["path"] == "/purge" or entry["path"].endswith("/purgeCache")]


@pytest.fixture
def served(simulator):
    """The site's zone with an older build, served by a pull zone with a custom hostname it does not vary its cache by."""
    simulator.load(storage_zones=[site_zone(Files={"index.html": "<h1>old home</h1>", "old.html": "gone", "assets/app.js": "console.log(1)"})],
                   pull_zones=[{"Id": 8, "Name": "site-cdn", "OriginType": 2, "StorageZoneId": ZONE_ID,
                                "Hostnames": [{"Value": "site-cdn.b-cdn.net", "IsSystemHostname": True}, {"Value": "www.example.com"}]}])
    return simulator


def test_only_the_urls_of_the_changed_files_are_purged_and_check_mode_predicts_them(served, site):
    checked = run(served, site, check_mode=True, delete=True, purge_pull_zone_id=8)
    assert served.writes() == []

    applied = run(served, site, delete=True, purge_pull_zone_id=8)

    # index.html changed (and its folder's URL with it), old.html deleted, three files new; app.js unchanged is kept in cache.
    expected = [CDN + path for path in ("index.html", "", "about/index.html", "about/", "assets/img/logo.svg", "old.html")]
    assert sorted(applied["purged"]["urls"]) == sorted(expected) and applied["purged"]["whole_zone"] is False
    assert checked["purged"] == applied["purged"]
    assert sorted(query["url"] for _path, query in purges(served)) == sorted(expected)
    assert {query["exactPath"] for _path, query in purges(served)} == {"true"}
    served.clear_requests()
    assert run(served, site, delete=True, purge_pull_zone_id=8)["purged"] == {"whole_zone": False, "urls": []}
    assert purges(served) == []


def test_more_changed_urls_than_the_limit_purge_the_whole_zone_in_one_request(served, site):
    result = run(served, site, delete=True, purge_pull_zone_id=8, purge_max_urls=3)

    assert result["purged"] == {"whole_zone": True, "urls": []}
    assert purges(served) == [("/pullzone/8/purgeCache", {})]


def test_a_zone_that_varies_its_cache_by_hostname_is_purged_on_every_hostname(simulator, tmp_path):
    simulator.load(storage_zones=[site_zone(Files={"index.html": "<h1>old home</h1>"})],
                   pull_zones=[{"Id": 8, "Name": "site-cdn", "OriginType": 2, "StorageZoneId": ZONE_ID, "EnableHostnameVary": True,
                                "Hostnames": [{"Value": "site-cdn.b-cdn.net", "IsSystemHostname": True}, {"Value": "www.example.com"}]}])

    result = run(simulator, write_tree(tmp_path / "build", {"index.html": "<h1>home</h1>"}), purge_pull_zone_id=8)

    assert sorted(result["purged"]["urls"]) == sorted([CDN + "index.html", CDN, "https://www.example.com/index.html", "https://www.example.com/"])


def test_a_failed_transfer_purges_nothing_and_a_missing_pull_zone_fails_before_any_file_moves(served, site):
    served.fault(method="PUT", path="^/storage/site/index.html$", status=500, count=5)
    failed = run(served, site, purge_pull_zone_id=8, connections=1)
    assert failed["failed"] is True and purges(served) == []

    served.clear_requests()
    missing = run(served, site, purge_pull_zone_id=99)
    assert missing["failed"] is True and "99" in missing["msg"]
    assert served.writes() == []


def test_the_whole_zone_is_purged_when_asked_even_for_one_file(served, site):
    result = run(served, site, purge_pull_zone_id=8, purge_whole_zone=True)

    assert result["purged"]["whole_zone"] is True and purges(served) == [("/pullzone/8/purgeCache", {})]


def test_a_purge_that_fails_after_the_upload_says_the_files_changed(served, site):
    served.fault(method="POST", path="^/purge$", status=400, count=20)

    result = run(served, site, delete=True, purge_pull_zone_id=8)

    assert result["failed"] is True and result["changed"] is True
    assert "index.html" in stored_files(served)
