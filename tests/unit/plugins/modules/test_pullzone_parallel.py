"""Parallel runs on one pull zone: ten module processes at once, as ten forks of a playbook start them.

Each process adds two hostnames to zone 10 while the simulator holds every write for a moment. The
zone's lock must keep the writes one at a time (the simulator counts the most in flight at once)
and every hostname must arrive.
"""

import json
import os
import subprocess
import sys

from ansible_collections.bunnynet.cloud.plugins.modules import pullzone_hostname
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import ZONE_ID, assets_zone, hostname_values

FORKS = 10
WRITE_DELAY_MS = 150


def start_module(simulator, tmp_path, fork):
    """Run pullzone_hostname in a process of its own, as Ansible does, with its arguments in a file."""
    args = simulator.api_args(pull_zone_id=ZONE_ID, hostnames=["fork%02d-a.example.com" % fork, "fork%02d-b.example.com" % fork], lock_timeout=60)
    args_file = tmp_path / ("fork%02d.json" % fork)
    args_file.write_text(json.dumps({"ANSIBLE_MODULE_ARGS": args}))
    root = os.path.abspath(os.path.join(os.path.dirname(pullzone_hostname.__file__), *[os.pardir] * 5))
    return subprocess.Popen([sys.executable, "-m", pullzone_hostname.__name__, str(args_file)], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=root, TMPDIR=str(tmp_path)))


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
