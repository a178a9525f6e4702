"""mc_registry_info against the simulator."""

from ansible_collections.bunnynet.cloud.plugins.modules import mc_registry_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

REGISTRIES = [
    {"id": 101, "displayName": "Docker Hub", "hostName": "docker.io", "userName": "deployer", "isPublic": True},
    {"id": 102, "displayName": "GitHub Packages", "hostName": "ghcr.io", "userName": "ci-bot", "isPublic": False},
]


def test_reads_every_registry_in_snake_case(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args())

    assert result["changed"] is False
    assert sorted(registry["host_name"] for registry in result["registries"]) == ["docker.io", "ghcr.io"]
    assert [entry["method"] for entry in simulator.requests()] == ["GET"]


def test_reads_one_registry_by_id(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args(registry_id=102))

    assert [registry["display_name"] for registry in result["registries"]] == ["GitHub Packages"]
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
    assert "999" in result["msg"] and "404" in result["msg"]
    assert "exception" not in result


def test_a_refused_key_fails_with_401_and_never_shows_the_key(simulator):
    simulator.load(registries=REGISTRIES)

    result = run_module(mc_registry_info, simulator.api_args(api_key="wrong-key-0123456789"))

    assert result["failed"] is True
    assert result["status"] == 401
    assert "401" in result["msg"]
    assert "wrong-key-0123456789" not in str(result)


def test_retries_out_of_bounds_are_refused_before_any_request(simulator):
    result = run_module(mc_registry_info, simulator.api_args(api_retries=50))

    assert result["failed"] is True
    assert "api_retries must be between 0 and 20, got 50" in result["msg"]
    assert simulator.requests() == []
