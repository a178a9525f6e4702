"""Pytest fixtures for tests that talk to the simulator. Import them into a conftest.py:

    from ansible_collections.bunnynet.cloud.tests.simulator.pytest_fixtures import simulator, simulator_server  # noqa: F401 pylint: disable=unused-import
"""

import pytest

from .server import SimulatorServer


@pytest.fixture(scope="session")
def simulator_server():
    """One simulator for the whole session; use `simulator` to get it freshly reset."""
    with SimulatorServer() as server:
        yield server


@pytest.fixture
def simulator(simulator_server):
    """The session's simulator, reset: no resources, no log, no faults, default settings."""
    simulator_server.reset()
    return simulator_server
