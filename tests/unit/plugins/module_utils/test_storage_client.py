"""The storage API's client (module_utils/storage/zones.py StorageClient) against the simulator's file API:
what it sends, which answers it retries, and how it reports what it could not do."""

import socket

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core import api
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import StorageClient
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.storage_fixtures import PASSWORD, site_zone, stored_files


@pytest.fixture
def site(simulator, monkeypatch):
    monkeypatch.setattr(api.ApiRetry, "get_backoff_time", lambda self: 0)
    simulator.load(storage_zones=[site_zone()])
    return simulator


def client(simulator, retries=2, url=None):
    return StorageClient(PASSWORD, url or simulator.url + "/storage", 10, retries)


def test_a_put_sends_the_body_and_headers_it_is_given(site):
    client(site).send("PUT", "/site/a.txt", data=b"hello", headers={"Content-Type": "application/octet-stream"})

    assert stored_files(site) == {"a.txt": b"hello"}
    [put] = [entry for entry in site.requests() if entry["method"] == "PUT"]
    assert put["path"] == "/storage/site/a.txt"


def test_a_put_the_service_refuses_for_a_while_is_resent_within_the_retries(site):
    site.fault(method="PUT", path="^/storage/", status=503, count=2)

    client(site).send("PUT", "/site/a.txt", data=b"hello")

    assert [entry["method"] for entry in site.requests()] == ["PUT", "PUT", "PUT"]
    assert stored_files(site) == {"a.txt": b"hello"}


def test_a_refusal_that_outlasts_the_retries_says_how_many_attempts_it_took(site):
    site.fault(method="PUT", path="^/storage/", status=503)

    with pytest.raises(BunnyApiError) as failed:
        client(site, retries=2).send("PUT", "/site/a.txt", data=b"hello")

    assert (failed.value.status, failed.value.attempts, failed.value.retries_exhausted) == (503, 3, True)
    assert (failed.value.method, failed.value.path) == ("PUT", "/site/a.txt")


def test_an_answer_that_is_not_retried_fails_at_once(site):
    with pytest.raises(BunnyApiError) as failed:
        client(site).send("GET", "/elsewhere/")

    assert failed.value.status in (401, 404)
    assert (failed.value.attempts, failed.value.retries_exhausted) == (1, False)


def test_a_host_that_answers_nothing_is_tried_again_then_fails_with_the_reason_and_no_status():
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]

    with pytest.raises(BunnyApiError) as failed:
        StorageClient(PASSWORD, "http://127.0.0.1:%d" % port, 2, 1).send("PUT", "/site/a.txt", data=b"x")

    assert failed.value.status is None and failed.value.message
    assert (failed.value.attempts, failed.value.retries_exhausted) == (2, True)
