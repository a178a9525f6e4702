"""The simulator's core: authentication, error shapes, registries, the control API and faults."""

import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests

from ansible_collections.bunnynet.cloud.tests.simulator.server import SimulatorServer
from ansible_collections.bunnynet.cloud.tests.simulator.state import DEFAULT_API_KEY

REPOSITORY_ROOT = Path(__file__).resolve().parents[3]

PROBLEM_DETAILS_KEYS = {"type", "title", "status", "detail", "instance"}
ERROR_DETAILS_KEYS = {"title", "status", "detail", "instance", "errors", "id"}


def registries(count):
    return [{"id": number, "displayName": f"registry {number}", "hostName": "docker.io"} for number in range(1, count + 1)]


def start_cli(*arguments, fixtures_text=None, fixtures_name="fixtures.json", tmp_path=None):
    command = [sys.executable, "-m", "tests.simulator", "--port", "0", *arguments]
    if fixtures_text is not None:
        fixtures_file = tmp_path / fixtures_name
        fixtures_file.write_text(fixtures_text)
        command += ["--fixtures", str(fixtures_file)]
    process = subprocess.Popen(command, cwd=REPOSITORY_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return process, process.stdout.readline().strip()


def stop_cli(process):
    process.terminate()
    process.wait(timeout=10)
    return process.stderr.read()


# The command line


def test_cli_prints_the_base_url_first_and_accepts_the_given_key(tmp_path):
    process, url = start_cli("--api-key", "cli-key", fixtures_text=json.dumps({"registries": registries(1)}), tmp_path=tmp_path)
    try:
        assert url.startswith("http://127.0.0.1:")
        answer = requests.get(url + "/mc/registries/1", headers={"AccessKey": "cli-key"}, timeout=10)
        assert answer.status_code == 200
        assert answer.json()["displayName"] == "registry 1"
    finally:
        stop_cli(process)


def test_cli_loads_yaml_fixtures_and_writes_no_access_log(tmp_path):
    process, url = start_cli(fixtures_text="registries:\n  - id: 4\n    displayName: from yaml\n", fixtures_name="state.yml", tmp_path=tmp_path)
    try:
        answer = requests.get(url + "/mc/registries/4", headers={"AccessKey": DEFAULT_API_KEY}, timeout=10)
        assert answer.json()["displayName"] == "from yaml"
    finally:
        errors = stop_cli(process)
    assert "GET /mc/registries" not in errors


def test_cli_refuses_a_fixture_file_with_unknown_lists(tmp_path):
    process, _url = start_cli(fixtures_text=json.dumps({"aps": []}), tmp_path=tmp_path)
    assert process.wait(timeout=10) == 2
    assert "aps" in process.stderr.read()


def test_cli_reports_a_port_in_use_without_a_traceback():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        process = subprocess.run(
            [sys.executable, "-m", "tests.simulator", "--port", str(port)], cwd=REPOSITORY_ROOT, capture_output=True, text=True, timeout=30, check=False
        )
    assert process.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in process.stderr
    assert "Traceback" not in process.stderr


# The in-process server


def test_in_process_server_starts_and_stops_without_leaving_its_thread_or_port_behind():
    with SimulatorServer() as server:
        assert requests.get(server.url + "/mc/registries", headers=server.headers, timeout=5).status_code == 200
        thread = server._thread
    # The stop ended the server's thread (the join's time limit did not run out) and closed its port.
    assert not thread.is_alive()
    with pytest.raises(requests.ConnectionError):
        requests.get(server.url + "/mc/registries", headers=server.headers, timeout=5)


# Authentication


def test_a_request_without_key_gets_401_problem_details(api):
    answer = api.get("/mc/registries", headers={})
    assert answer.status_code == 401
    assert set(answer.json()) == PROBLEM_DETAILS_KEYS
    assert answer.json()["status"] == 401


def test_an_unknown_key_gets_401(api):
    assert api.get("/mc/registries", headers={"AccessKey": "not-a-key"}).status_code == 401


def test_the_default_key_works_when_no_key_is_configured(api):
    assert api.get("/mc/registries", headers={"AccessKey": DEFAULT_API_KEY}).status_code == 200


def test_fixture_keys_replace_the_default_key(simulator, api):
    simulator.load_fixtures({"api_keys": {"valid": ["fixture-key"]}})
    assert api.get("/mc/registries", headers={"AccessKey": "fixture-key"}).status_code == 200
    assert api.get("/mc/registries", headers={"AccessKey": DEFAULT_API_KEY}).status_code == 401


def test_a_suspended_key_is_accepted_on_reads(simulator, api):
    simulator.load_fixtures({"api_keys": {"suspended": ["suspended-key"]}})
    assert api.get("/mc/registries", headers={"AccessKey": "suspended-key"}).status_code == 200


def test_a_startup_key_survives_loading_fixtures():
    with SimulatorServer(api_keys=["startup-key"]) as server:
        server.load_fixtures({"api_keys": {"valid": ["other"]}})
        assert requests.get(server.url + "/mc/registries", headers={"AccessKey": "startup-key"}, timeout=5).status_code == 200


# Container registries


def test_get_registry_returns_the_contract_fields(simulator, api):
    simulator.load_fixtures({"registries": registries(1)})
    registry = api.get("/mc/registries/1").json()
    expected = {"id", "accountId", "userId", "namespaceId", "displayName", "hostName", "userName", "firstPasswordSymbols", "lastPasswordSymbols",
                "createdAt", "lastUpdatedAt", "isPublic", "isPlatformManaged"}
    assert set(registry) == expected
    assert registry["id"] == 1


def test_get_unknown_registry_gives_404_problem_details(api):
    answer = api.get("/mc/registries/99")
    assert answer.status_code == 404
    assert set(answer.json()) == PROBLEM_DETAILS_KEYS
    assert "99" in answer.json()["detail"]


def test_get_registry_without_key_gives_401(simulator, api):
    simulator.load_fixtures({"registries": registries(1)})
    assert api.get("/mc/registries/1", headers={}).status_code == 401


def test_a_non_integer_registry_id_is_refused_in_error_details(api):
    answer = api.get("/mc/registries/abc")
    assert answer.status_code == 400
    assert set(answer.json()) == ERROR_DETAILS_KEYS
    assert answer.json()["errors"][0]["field"] == "registryId"


def test_fixture_registries_get_ids_and_utc_timestamps(simulator, api):
    simulator.load_fixtures({"registries": [{"id": 5, "displayName": "a"}, {"displayName": "b"}]})
    generated = api.get("/mc/registries/6").json()
    assert generated["displayName"] == "b"
    assert generated["createdAt"].endswith("Z")


def test_registry_list_walks_every_page_by_cursor(simulator, api):
    simulator.load_fixtures({"registries": registries(5)})
    seen, cursor, pages = [], None, 0
    while True:
        params = {"limit": 2, **({"nextCursor": cursor} if cursor else {})}
        page = api.get("/mc/registries", params=params).json()
        assert page["meta"]["totalItems"] == 5
        seen += [item["id"] for item in page["items"]]
        pages += 1
        cursor = page["cursor"]
        if cursor is None:
            break
    assert seen == [1, 2, 3, 4, 5]
    assert pages == 3


def test_registry_list_defaults_to_twenty_items(simulator, api):
    simulator.load_fixtures({"registries": registries(21)})
    page = api.get("/mc/registries").json()
    assert len(page["items"]) == 20
    assert page["cursor"] is not None


@pytest.mark.parametrize("limit", [1, 1000])
def test_registry_list_accepts_limit_bounds(api, limit):
    assert api.get("/mc/registries", params={"limit": limit}).status_code == 200


@pytest.mark.parametrize("limit", [0, 1001])
def test_registry_list_refuses_limit_outside_bounds(api, limit):
    answer = api.get("/mc/registries", params={"limit": limit})
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "limit"


def test_registry_list_refuses_a_forged_cursor(api):
    answer = api.get("/mc/registries", params={"nextCursor": "bm9wZQ=="})
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "nextCursor"


def test_unknown_path_under_mc_gives_404_problem_details(api):
    answer = api.get("/mc/nothing-here")
    assert answer.status_code == 404
    assert set(answer.json()) == PROBLEM_DETAILS_KEYS


# Control API


def test_loading_fixtures_over_http_replaces_the_state(simulator, api):
    simulator.load_fixtures({"registries": registries(3)})
    answer = requests.post(simulator.url + "/_sim/fixtures", json={"registries": registries(1)}, timeout=5)
    assert answer.json()["loaded"]["registries"] == 1
    assert api.get("/mc/registries").json()["meta"]["totalItems"] == 1


def test_fixtures_with_an_unknown_list_are_refused(simulator):
    answer = requests.post(simulator.url + "/_sim/fixtures", json={"registry": []}, timeout=5)
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "registry"


def test_reset_empties_state_log_and_faults(simulator, api):
    simulator.load_fixtures({"registries": registries(2)})
    simulator.add_fault(path="^/never$", status=500)
    api.get("/mc/registries")
    assert requests.post(simulator.url + "/_sim/reset", timeout=5).status_code == 204
    assert simulator.state.registries == []
    assert simulator.requests() == []
    assert requests.get(simulator.url + "/_sim/faults", timeout=5).json() == []


def test_request_log_records_each_call_oldest_first(simulator, api):
    api.get("/mc/registries", params={"limit": 5})
    api.get("/mc/registries/7", headers={})
    log = requests.get(simulator.url + "/_sim/requests", timeout=5).json()
    assert log == [
        {"method": "GET", "path": "/mc/registries", "query": {"limit": "5"}, "status": 200, "body": None},
        {"method": "GET", "path": "/mc/registries/7", "query": {}, "status": 401, "body": None},
    ]


def test_request_log_parses_json_bodies(simulator, api):
    api.patch("/mc/apps/x", json={"name": "n"})
    assert simulator.requests()[0]["body"] == {"name": "n"}


def test_control_calls_are_not_logged(simulator):
    requests.get(simulator.url + "/_sim/faults", timeout=5)
    assert simulator.requests() == []


def test_deleting_the_request_log_clears_it(simulator, api):
    api.get("/mc/registries")
    assert requests.delete(simulator.url + "/_sim/requests", timeout=5).status_code == 204
    assert simulator.requests() == []


def test_settings_are_read_and_changed_over_http(simulator):
    defaults = {
        "progressing_seconds": 1.0, "failing_image_tags": [], "taken_pull_zone_names": [], "unpointed_hostnames": [], "encoding_seconds": 1.0,
        "database_token_marker": "", "encoding_steps_per_read": False,
    }  # fmt: skip
    assert requests.get(simulator.url + "/_sim/settings", timeout=5).json() == defaults
    changed = requests.post(simulator.url + "/_sim/settings", json={"progressing_seconds": 0.2}, timeout=5).json()
    assert changed == dict(defaults, progressing_seconds=0.2)


def test_negative_progress_delay_is_refused(simulator):
    assert requests.post(simulator.url + "/_sim/settings", json={"progressing_seconds": -1}, timeout=5).status_code == 400


# Faults


def test_a_counted_fault_answers_the_next_matches_then_stops(simulator, api):
    simulator.add_fault(path="^/mc/registries$", status=503, count=2)
    statuses = [api.get("/mc/registries").status_code for _attempt in range(3)]
    assert statuses == [503, 503, 200]


def test_a_fault_sends_retry_after(simulator, api):
    simulator.add_fault(path="registries", status=429, retry_after=3, count=1)
    answer = api.get("/mc/registries")
    assert answer.status_code == 429
    assert answer.headers["Retry-After"] == "3"


def test_a_fault_answers_in_the_area_error_shape(simulator, api):
    simulator.add_fault(path="registries", status=500, count=1)
    answer = api.get("/mc/registries")
    assert set(answer.json()) == ERROR_DETAILS_KEYS
    assert answer.json()["status"] == 500


def test_a_fault_only_matches_its_method(simulator, api):
    simulator.add_fault(method="PATCH", path="^/mc/", status=500)
    assert api.get("/mc/registries").status_code == 200


def test_a_faulted_request_is_logged_with_its_status(simulator, api):
    simulator.add_fault(path="registries", status=503, count=1)
    api.get("/mc/registries")
    assert simulator.requests()[0]["status"] == 503


def test_a_fault_rate_is_reproducible_with_its_seed(simulator, api):
    def pattern():
        simulator.clear_faults()
        simulator.add_fault(path="registries", status=500, rate=0.5, seed=7)
        return [api.get("/mc/registries").status_code for _attempt in range(20)]

    first = pattern()
    assert first == pattern()
    assert {200, 500} == set(first)


def test_a_fault_delay_slows_the_answer(simulator, api):
    simulator.add_fault(path="registries", delay_ms=300, count=1)
    started = time.monotonic()
    answer = api.get("/mc/registries")
    assert answer.status_code == 200
    assert time.monotonic() - started >= 0.3


def test_a_dropped_connection_sends_no_answer(simulator, api):
    simulator.add_fault(path="registries", drop_connection=True, count=1)
    with pytest.raises(requests.ConnectionError):
        api.get("/mc/registries")
    assert simulator.requests()[0]["status"] is None
    assert api.get("/mc/registries").status_code == 200


def test_faults_are_added_over_http(simulator, api):
    answer = requests.post(simulator.url + "/_sim/faults", json={"path": "registries", "status": 502, "count": 1}, timeout=5)
    assert answer.status_code == 201
    assert answer.json()["remaining"] == 1
    assert api.get("/mc/registries").status_code == 502


def test_a_fault_with_both_count_and_rate_is_refused(simulator):
    answer = requests.post(simulator.url + "/_sim/faults", json={"path": "x", "status": 500, "count": 1, "rate": 0.5}, timeout=5)
    assert answer.status_code == 400


def test_deleting_faults_clears_them(simulator, api):
    simulator.add_fault(path="registries", status=500)
    assert requests.delete(simulator.url + "/_sim/faults", timeout=5).status_code == 204
    assert api.get("/mc/registries").status_code == 200


def test_control_calls_are_never_faulted(simulator):
    simulator.add_fault(path=".*", status=500)
    assert requests.get(simulator.url + "/_sim/requests", timeout=5).status_code == 200


def test_an_applied_fault_changes_the_state_and_loses_the_answer(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 1}]})
    simulator.add_fault(method="POST", path="addAllowedReferrer", status=504, apply=True, count=1)

    answer = api.post("/pullzone/1/addAllowedReferrer", json={"Hostname": "example.com"})

    assert answer.status_code == 504
    assert api.get("/pullzone/1").json()["AllowedReferrers"] == ["example.com"]


def test_an_applied_fault_can_drop_the_connection_after_the_change(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 1}]})
    simulator.add_fault(method="POST", path="addAllowedReferrer", drop_connection=True, apply=True, count=1)

    with pytest.raises(requests.ConnectionError):
        api.post("/pullzone/1/addAllowedReferrer", json={"Hostname": "example.com"})

    assert simulator.requests()[0]["status"] is None
    assert api.get("/pullzone/1").json()["AllowedReferrers"] == ["example.com"]


def test_an_unapplied_fault_changes_nothing(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 1}]})
    simulator.add_fault(method="POST", path="addAllowedReferrer", status=504, count=1)

    api.post("/pullzone/1/addAllowedReferrer", json={"Hostname": "example.com"})

    assert api.get("/pullzone/1").json()["AllowedReferrers"] == []


def test_apply_without_an_answer_to_give_is_refused(simulator):
    answer = requests.post(simulator.url + "/_sim/faults", json={"path": "x", "delay_ms": 10, "apply": True}, timeout=5)
    assert answer.status_code == 400


def test_stats_count_one_connection_for_a_keep_alive_client(simulator, api):
    for _attempt in range(5):
        api.get("/mc/registries")
    with requests.Session() as other:
        other.get(simulator.url + "/mc/registries", headers=simulator.headers, timeout=5)

    assert requests.get(simulator.url + "/_sim/stats", timeout=5).json()["connections"] == 2


def test_stats_report_the_most_writes_in_flight_per_resource(simulator):
    simulator.load_fixtures({"pull_zones": [{"Id": 1}, {"Id": 2}]})
    simulator.add_fault(method="POST", path="^/pullzone/1/", delay_ms=300)

    def add(zone, referrer):
        requests.post(simulator.url + "/pullzone/%d/addAllowedReferrer" % zone, json={"Hostname": referrer},
                      headers=simulator.headers, timeout=5)

    threads = [threading.Thread(target=add, args=(1, "r%d.example" % number)) for number in range(3)]
    threads.append(threading.Thread(target=add, args=(2, "only.example")))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert simulator.stats()["most_concurrent_writes"] == {"/pullzone/1": 3, "/pullzone/2": 1}


def test_clearing_the_request_log_clears_the_stats(simulator, api):
    api.get("/mc/registries")
    simulator.clear_requests()

    assert simulator.stats() == {"connections": 0, "most_concurrent_writes": {}}
