"""mc_registry_info against the simulator."""

import json

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import AUTH_REFUSED
from ansible_collections.bunnynet.cloud.plugins.modules import mc_registry_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import read_raw
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

REGISTRIES = [
    {"id": 101, "displayName": "Docker Hub", "hostName": "docker.io", "userName": "deployer", "isPublic": True, "isPlatformManaged": True},
    {"id": 102, "displayName": "GitHub Packages", "hostName": "ghcr.io", "userName": "ci-bot", "isPublic": False},
]


def test_reads_every_registry_in_snake_case(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args())

    assert result["changed"] is False
    assert sorted(registry["host_name"] for registry in result["registries"]) == ["docker.io", "ghcr.io"]
    assert [entry["method"] for entry in simulator.requests()] == ["GET"]


def test_every_registry_is_what_the_list_returns(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args())

    assert result["registries"] == read_raw(simulator, "/mc/registries")["items"]
    assert [registry["is_platform_managed"] for registry in result["registries"]] == [True, False]


def test_reads_every_registry_across_three_cursor_pages(simulator):
    simulator.load(registries=[{"id": number} for number in range(1, 2502)])

    result = run_module(mc_registry_info, simulator.api_args())

    assert [registry["id"] for registry in result["registries"]] == list(range(1, 2502))
    requests = simulator.requests()
    assert [entry["path"] for entry in requests] == ["/mc/registries"] * 3
    assert [entry["query"].get("nextCursor") is None for entry in requests] == [True, False, False]


def test_reads_one_registry_by_id(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args(registry_id=102))

    assert result["registries"] == [read_raw(simulator, "/mc/registries/102")]
    assert simulator.requests()[0]["path"] == "/mc/registries/102"


def test_check_mode_reads_the_same(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args(registry_id=101), check_mode=True)

    assert result["registries"][0]["host_name"] == "docker.io"


def test_a_missing_registry_fails_naming_the_id_and_status(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args(registry_id=999))

    assert result["failed"] is True
    assert result["status"] == 404
    assert result["msg"] == "Container registry 999 was not found (HTTP 404)."
    assert "exception" not in result


def test_a_refused_key_gets_the_collections_sentence_and_never_shows_the_key(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args(api_key="wrong-key-0123456789"))

    assert (result["failed"], result["status"], result["msg"]) == (True, 401, AUTH_REFUSED)
    assert "wrong-key-0123456789" not in json.dumps(result)


def test_retries_out_of_bounds_are_refused_before_any_request(simulator):
    result = run_module(mc_registry_info, simulator.api_args(api_retries=50))

    assert result["failed"] is True
    assert "api_retries must be between 0 and 20, got 50" in result["msg"]
    assert simulator.requests() == []
