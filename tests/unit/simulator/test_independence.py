"""The simulator shares no code with the collection: it neither imports nor reads anything under plugins/.

A rule both sides took from one definition would be wrong on both sides of the wire at once, and
no test could see it. Two checks: its sources name nothing of the collection's code, and a copy of
it with no plugins/ beside it starts and validates requests.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import requests

SIMULATOR = Path(__file__).resolve().parents[2] / "simulator"
# What would reach the collection's code: its package (other than the simulator's own), its
# folders, or a path climbing out of tests/.
REACHES_THE_COLLECTION = re.compile(r"ansible_collections(?!\.bunnynet\.cloud\.tests\.simulator)|plugins|module_utils|parents\[[2-9]\]|\.\.[/\\]\.\.")


def test_no_source_of_the_simulator_names_the_collections_code():
    sources = sorted(SIMULATOR.rglob("*.py"))
    assert sources
    found = [
        f"{path.relative_to(SIMULATOR)}:{number}: {line.strip()}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if REACHES_THE_COLLECTION.search(line)
    ]
    assert found == []


def test_a_copy_without_plugins_starts_and_checks_a_pattern(tmp_path):
    shutil.copytree(SIMULATOR, tmp_path / "tests" / "simulator", ignore=shutil.ignore_patterns("__pycache__"))
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.simulator", "--port", "0"], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://"), process.stderr.read()
        fixtures = {"registries": [{"id": 1}], "apps": [{"id": "a", "containerTemplates": [{"id": "t", "name": "web"}]}]}
        assert requests.post(url + "/_sim/fixtures", json=fixtures, timeout=10).status_code == 200
        answer = requests.patch(url + "/mc/apps/a/containers/t", json={"imageTag": "not a tag"}, headers={"AccessKey": "sim-api-key"}, timeout=10)
        assert answer.status_code == 400
        assert answer.json()["errors"][0]["field"] == "imageTag"
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stdout.close()
        process.stderr.close()
