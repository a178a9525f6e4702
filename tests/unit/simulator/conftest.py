import pytest
import requests

# Imported to make them fixtures of these tests.
from ansible_collections.bunnynet.cloud.tests.simulator.pytest_fixtures import simulator, simulator_server  # noqa: F401 pylint: disable=unused-import


class ApiClient:
    """requests against the simulator with the accepted key, unless a test passes its own headers."""

    def __init__(self, server):
        self.simulator = server
        self.session = requests.Session()

    def request(self, method, path, headers=None, **kwargs):
        kwargs.setdefault("timeout", 10)
        return self.session.request(method, self.simulator.url + path, headers=self.simulator.headers if headers is None else headers, **kwargs)

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, **kwargs):
        return self.request("POST", path, **kwargs)

    def put(self, path, **kwargs):
        return self.request("PUT", path, **kwargs)

    def patch(self, path, **kwargs):
        return self.request("PATCH", path, **kwargs)

    def delete(self, path, **kwargs):
        return self.request("DELETE", path, **kwargs)


@pytest.fixture
def api(simulator):  # noqa: F811 - the fixture imported above, injected by name
    client = ApiClient(simulator)
    yield client
    client.session.close()
