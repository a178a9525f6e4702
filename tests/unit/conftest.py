"""Shared fixtures: a simulator process for the session, reset before each test that uses it."""

import os
import subprocess
import sys

import pytest
import requests

COLLECTION_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIMULATOR_KEY = "unit-test-key"


class Simulator:
    """The simulator's control API (``/_sim/``) as a test sees it."""

    def __init__(self, url, key):
        self.url = url
        self.key = key
        self.control = requests.Session()

    def api_args(self, **module_args):
        """Module arguments pointing at the simulator, with retries that do not slow tests down."""
        args = dict(api_url=self.url, api_key=self.key, api_retries=1)
        args.update(module_args)
        return args

    def reset(self):
        self.control.post(self.url + "/_sim/reset").raise_for_status()

    def load(self, **fixtures):
        """Replace the simulator's state; the test key is always valid."""
        self.reset()
        fixtures.setdefault("api_keys", {"valid": [self.key]})
        self.control.post(self.url + "/_sim/fixtures", json=fixtures).raise_for_status()

    def fault(self, **rule):
        self.control.post(self.url + "/_sim/faults", json=rule).raise_for_status()

    def requests(self):
        response = self.control.get(self.url + "/_sim/requests")
        response.raise_for_status()
        return response.json()

    def writes(self):
        return [entry for entry in self.requests() if entry["method"] != "GET"]

    def clear_requests(self):
        self.control.delete(self.url + "/_sim/requests").raise_for_status()


@pytest.fixture(scope="session")
def simulator_process():
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.simulator", "--port", "0", "--api-key", SIMULATOR_KEY],
        cwd=COLLECTION_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    url = process.stdout.readline().strip()
    if not url.startswith("http://"):
        process.kill()
        pytest.fail("the simulator did not print its address, it printed %r" % url)
    yield Simulator(url, SIMULATOR_KEY)
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def simulator(simulator_process):
    simulator_process.reset()
    simulator_process.load()
    return simulator_process
