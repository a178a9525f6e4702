"""Shared fixtures: an in-process simulator, reset before each test that uses it.

ansible-test runs every unit test in a forked child that exits without tearing fixtures down, so
the simulator is a thread of the test process (it ends with the child) rather than a process of
its own (which would outlive it).
"""

import pytest

from ansible_collections.bunnynet.cloud.tests.simulator.server import SimulatorServer

SIMULATOR_KEY = "unit-test-key"


class Simulator:
    """The simulator as a module test sees it: where it is, what it holds, what it was sent."""

    def __init__(self, server):
        self.server = server
        self.url = server.url
        self.key = SIMULATOR_KEY

    def api_args(self, **module_args):
        """Module arguments pointing at the simulator, with retries that do not slow tests down."""
        args = dict(api_url=self.url, api_key=self.key, api_retries=1)
        args.update(module_args)
        return args

    def reset(self):
        self.server.reset()

    def load(self, **fixtures):
        """Replace the simulator's state; the test key stays valid."""
        self.server.reset()
        self.server.load_fixtures(fixtures)

    def fault(self, **rule):
        self.server.add_fault(**rule)

    def requests(self):
        return self.server.requests()

    def writes(self):
        return [entry for entry in self.requests() if entry["method"] != "GET"]

    def clear_requests(self):
        self.server.clear_requests()


@pytest.fixture(scope="session")
def simulator_session():
    with SimulatorServer(api_keys=[SIMULATOR_KEY]) as server:
        yield Simulator(server)


@pytest.fixture
def simulator(simulator_session):
    simulator_session.reset()
    return simulator_session
