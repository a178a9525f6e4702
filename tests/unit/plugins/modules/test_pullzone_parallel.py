"""Parallel runs on one pull zone: ten module processes at once, as ten forks of a playbook start them.

Each process adds two hostnames to zone 10 while the simulator holds every write for a moment. The
zone's lock must keep the writes one at a time (the simulator counts the most in flight at once)
and every hostname must arrive.
"""

import json
import threading
import time

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.locking import resource_lock
from ansible_collections.bunnynet.cloud.plugins.modules import pullzone, pullzone_hostname
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module, start_module_process
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import ZONE_ID, assets_zone, hostname_values

FORKS = 10
WRITE_DELAY_MS = 150


def start_module(simulator, tmp_path, fork):
    args = simulator.api_args(pull_zone_id=ZONE_ID, hostnames=["fork%02d-a.example.com" % fork, "fork%02d-b.example.com" % fork], lock_timeout=60)
    return start_module_process(pullzone_hostname, args, tmp_path, "fork%02d" % fork)


def test_ten_parallel_runs_on_one_zone_write_one_at_a_time_and_lose_nothing(simulator, tmp_path):
    simulator.load(pull_zones=[assets_zone()])
    simulator.fault(method="POST", path="/addHostname$", delay_ms=WRITE_DELAY_MS)

    processes = [start_module(simulator, tmp_path, fork) for fork in range(FORKS)]
    results = [json.loads(process.communicate(timeout=120)[0]) for process in processes]

    assert [result.get("failed", False) for result in results] == [False] * FORKS
    assert all(result["changed"] for result in results)
    assert simulator.server.stats()["most_concurrent_writes"] == {"/pullzone/%d" % ZONE_ID: 1}
    added = hostname_values(simulator)[4:]
    assert sorted(added) == sorted("fork%02d-%s.example.com" % (fork, half) for fork in range(FORKS) for half in "ab")


def test_parallel_creates_of_pull_zones_are_sent_one_at_a_time(simulator, tmp_path):
    """The API answered 502 to pull zone creates sent in parallel: the collection sends them one after another."""
    simulator.load(pull_zones=[assets_zone()])
    simulator.fault(method="POST", path="^/pullzone$", delay_ms=WRITE_DELAY_MS)

    processes = [
        start_module_process(pullzone, simulator.api_args(name="site-%02d" % fork, origin_url="https://o.example", lock_timeout=60),
                             tmp_path, "create%02d" % fork)
        for fork in range(4)
    ]
    results = [json.loads(process.communicate(timeout=120)[0]) for process in processes]

    assert [(result.get("failed", False), result["changed"]) for result in results] == [(False, True)] * 4
    assert simulator.server.stats()["most_concurrent_writes"] == {"/pullzone": 1}


def test_a_zone_another_task_created_while_the_create_waited_for_the_lock_is_updated_not_created_twice(simulator):
    simulator.load(pull_zones=[assets_zone()])
    outcome = {}
    args = simulator.api_args(name="late", origin_url="https://origin.late.example", lock_timeout=30)

    # Another task holds the lock of creates; it creates the zone after this module found none.
    with resource_lock(simulator.url, "/pullzone (create)", 10):
        runner = threading.Thread(target=lambda: outcome.update(run_module(pullzone, args)))
        runner.start()
        deadline = time.monotonic() + 30
        while not any(entry["method"] == "GET" for entry in simulator.requests()) and time.monotonic() < deadline:
            time.sleep(0.02)
        other = requests.post(simulator.url + "/pullzone", headers={"AccessKey": simulator.key}, timeout=10,
                              json={"Name": "late", "OriginUrl": "https://other.late.example"}).json()
    runner.join(timeout=30)

    assert outcome["changed"] is True and outcome["pull_zone"]["id"] == other["Id"]
    assert [(entry["method"], entry["path"]) for entry in simulator.writes()] == [("POST", "/pullzone"), ("POST", "/pullzone/%d" % other["Id"])]
    assert outcome["pull_zone"]["origin_url"] == "https://origin.late.example"


@pytest.mark.parametrize("options", [{"cache_expiration": 120}, {"state": "absent"}], ids=["an update", "a delete"])
def test_a_write_waits_for_the_zones_lock_that_another_task_holds(simulator, options):
    simulator.load(pull_zones=[assets_zone()])
    outcome = {}
    args = simulator.api_args(id=ZONE_ID, lock_timeout=30, **options)

    with resource_lock(simulator.url, "/pullzone/%d" % ZONE_ID, 10):
        runner = threading.Thread(target=lambda: outcome.update(run_module(pullzone, args)))
        runner.start()
        deadline = time.monotonic() + 30
        while not simulator.requests() and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.5)
        written_while_held = simulator.writes()
    runner.join(timeout=30)

    assert written_while_held == []
    assert outcome["changed"] is True and len(simulator.writes()) == 1
