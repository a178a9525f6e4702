"""mc_container_template against the simulator."""

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import mc_container_template
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, WEB_ID, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

WEB_PATH = "/mc/apps/%s/containers/%s" % (APP_ID, WEB_ID)


def read_back(simulator):
    """The web template as the simulator now holds it, read directly."""
    response = requests.get(simulator.url + WEB_PATH, headers={"AccessKey": simulator.key}, timeout=10)
    response.raise_for_status()
    return response.json()


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("name", "web")
    return run_module(mc_container_template, simulator.api_args(app_id=APP_ID, **options), check_mode=check_mode, diff=diff)


@pytest.fixture
def storefront_app(simulator):
    simulator.load(apps=[storefront()])
    return simulator


def test_finds_the_template_by_name_in_one_read(storefront_app):
    result = run(storefront_app, image_tag="1.25")

    assert result["container_template"]["id"] == WEB_ID
    assert [(entry["method"], entry["path"]) for entry in storefront_app.requests()] == [("GET", "/mc/apps/" + APP_ID)]


def test_finds_the_template_by_id(storefront_app):
    result = run(storefront_app, name=None, container_id=WEB_ID)

    assert result["container_template"]["name"] == "web"
    assert [entry["path"] for entry in storefront_app.requests()] == [WEB_PATH]


def test_a_name_that_matches_no_template_fails_without_a_write(storefront_app):
    result = run(storefront_app, name="api", image_tag="2")

    assert result["failed"] is True
    assert result["msg"] == "Application %s has no container template named 'api'; its templates are: 'web', 'worker'." % APP_ID
    assert storefront_app.writes() == []


def test_an_unknown_container_id_fails_with_404(storefront_app):
    result = run(storefront_app, name=None, container_id="tpl-missing")

    assert result["status"] == 404
    assert result["msg"] == "Application %s or the container template asked for was not found (HTTP 404)." % APP_ID


def test_check_mode_reports_the_change_and_writes_nothing(storefront_app):
    result = run(storefront_app, check_mode=True, image_tag="1.27")

    assert result["changed"] is True
    assert result["container_template"]["image_tag"] == "1.27"
    assert storefront_app.writes() == []


def test_apply_patches_only_the_changed_fields(storefront_app):
    result = run(storefront_app, image_tag="1.27", image_pull_policy="always")

    assert result["changed"] is True
    assert [(entry["method"], entry["path"], entry["body"]) for entry in storefront_app.writes()] == [
        ("PATCH", WEB_PATH, {"imageTag": "1.27"})]
    assert read_back(storefront_app)["imageTag"] == "1.27"


def test_reapplying_reports_ok_and_only_reads(storefront_app):
    options = dict(
        environment_variables={"MODE": "staging"},
        probes={"readiness": {"http_get": {"path": "/healthz", "port_number": 80, "expected_status_code": "ok"}}},
        endpoints=[{"display_name": "admin", "cdn": {"port_mappings": [{"container_port": 9000}]}}],
        volume_mounts=[{"name": "uploads", "mount_path": "/srv/uploads"}],
    )
    run(storefront_app, **options)
    storefront_app.clear_requests()

    result = run(storefront_app, **options)

    assert result["changed"] is False
    assert storefront_app.writes() == []


def test_check_mode_on_the_converged_template_reports_ok(storefront_app):
    run(storefront_app, entry_point={"working_directory": "/app"})

    result = run(storefront_app, check_mode=True, entry_point={"working_directory": "/app"})

    assert result["changed"] is False


def test_environment_variables_not_listed_stay(storefront_app):
    run(storefront_app, environment_variables={"MODE": "staging", "DEBUG": False})

    assert read_back(storefront_app)["environmentVariables"] == [
        {"name": "LOG_LEVEL", "value": "info"}, {"name": "MODE", "value": "staging"}, {"name": "DEBUG", "value": "false"}]


def test_purge_environment_variables_removes_the_ones_not_listed(storefront_app):
    run(storefront_app, environment_variables={"MODE": "prod"}, purge_environment_variables=True)

    assert read_back(storefront_app)["environmentVariables"] == [{"name": "MODE", "value": "prod"}]


def test_a_new_endpoint_keeps_the_existing_one(storefront_app):
    run(storefront_app, endpoints=[{"display_name": "admin", "cdn": {"port_mappings": [{"container_port": 9000}]}}])

    endpoints = read_back(storefront_app)["endpoints"]
    assert [(endpoint["displayName"], endpoint["id"]) for endpoint in endpoints][0] == ("public", "ep-public")
    assert [endpoint["displayName"] for endpoint in endpoints] == ["public", "admin"]


def test_purge_endpoints_removes_the_ones_not_listed(storefront_app):
    run(storefront_app, endpoints=[{"display_name": "admin", "cdn": {"port_mappings": [{"container_port": 9000}]}}],
        purge_endpoints=True)

    assert [endpoint["displayName"] for endpoint in read_back(storefront_app)["endpoints"]] == ["admin"]


def test_switching_a_probe_to_http_replaces_its_tcp_check(storefront_app):
    run(storefront_app, probes={"liveness": {"http_get": {"path": "/healthz", "port_number": 80}}})

    liveness = read_back(storefront_app)["probes"]["liveness"]
    assert liveness["httpGet"]["request"] == {"path": "/healthz", "portNumber": 80}
    assert not liveness.get("tcpSocket")
    assert liveness["periodSeconds"] == 10


def test_renaming_by_id(storefront_app):
    result = run(storefront_app, container_id=WEB_ID, name="frontend")

    assert result["changed"] is True
    assert read_back(storefront_app)["name"] == "frontend"


def test_diff_shows_before_and_after(storefront_app):
    result = run(storefront_app, diff=True, image_tag="1.27")

    assert result["diff"]["before"]["image_tag"] == "1.25"
    assert result["diff"]["after"]["image_tag"] == "1.27"


def test_a_new_endpoint_without_port_mappings_fails_without_a_write(storefront_app):
    result = run(storefront_app, endpoints=[{"display_name": "admin", "cdn": {"is_ssl_enabled": True}}])

    assert result["failed"] is True
    assert "endpoint 'admin' is new, so it needs port_mappings" in result["msg"]
    assert storefront_app.writes() == []


def test_name_or_container_id_is_required(simulator):
    result = run_module(mc_container_template, simulator.api_args(app_id=APP_ID, image_tag="1"))

    assert result["failed"] is True
    assert "one of the following is required: container_id, name" in result["msg"]
    assert simulator.requests() == []


def endpoint(**cdn):
    return [{"display_name": "public", "cdn": dict({"port_mappings": [{"container_port": 80}]}, **cdn)}]


def probe(check):
    return {"liveness": check}


@pytest.mark.parametrize("options, message", [
    ({"container_id": WEB_ID, "name": "n" * 51}, "name must be between 1 and 50 characters long, got 51"),
    ({"container_id": WEB_ID, "name": ""}, "name must be between 1 and 50 characters long, got 0"),
    ({"image_name": "nginx!"}, "image_name must match letters and digits joined by at most two of . / _ -, got 'nginx!'"),
    ({"image_name": ""}, "image_name must be at least 1 characters long, got 0"),
    ({"image_namespace": "acme//.x"}, "image_namespace must match letters and digits joined by at most two of . / _ -"),
    ({"image_tag": "1/2"}, "image_tag must match letters and digits joined by at most two of . _ -, got '1/2'"),
    ({"image_digest": "sha256:" + "A" * 64}, "image_digest must match 'sha256:' followed by 64 lowercase letters or digits"),
    ({"image_digest": "sha256:" + "a" * 63}, "image_digest must match 'sha256:' followed by 64 lowercase letters or digits"),
    ({"image_registry_id": ""}, "image_registry_id must be at least 1 characters long, got 0"),
    ({"environment_variables": {"": "x"}}, "environment_variables must name every variable"),
    ({"probes": probe({"initial_delay_seconds": 0})}, "probes.liveness.initial_delay_seconds must be between 1 and 3600, got 0"),
    ({"probes": probe({"period_seconds": 3601})}, "probes.liveness.period_seconds must be between 1 and 3600, got 3601"),
    ({"probes": probe({"timeout_seconds": 0})}, "probes.liveness.timeout_seconds must be between 1 and 3600, got 0"),
    ({"probes": probe({"failure_threshold": 1001})}, "probes.liveness.failure_threshold must be between 1 and 1000, got 1001"),
    ({"probes": probe({"success_threshold": 0})}, "probes.liveness.success_threshold must be between 1 and 1000, got 0"),
    ({"probes": {"startup": {"http_get": {"port_number": 0}}}}, "probes.startup.http_get.port_number must be between 1 and 65535, got 0"),
    ({"probes": {"readiness": {"tcp_socket": {"port_number": 65536}}}},
     "probes.readiness.tcp_socket.port_number must be between 1 and 65535, got 65536"),
    ({"probes": probe({"grpc": {"port_number": 0}})}, "probes.liveness.grpc.port_number must be between 1 and 65535, got 0"),
    ({"probes": probe({"grpc": {"port_number": 80}, "tcp_socket": {"port_number": 80}})},
     "parameters are mutually exclusive: http_get|tcp_socket|grpc found in probes -> liveness"),
    ({"endpoints": [{"display_name": "e" * 51, "cdn": {"port_mappings": [{"container_port": 80}]}}]},
     "endpoints[0].display_name must be between 1 and 50 characters long, got 51"),
    ({"endpoints": endpoint(port_mappings=[{"container_port": 80}, {"container_port": 81}])},
     "endpoints[0].cdn.port_mappings must have exactly 1 items, got 2"),
    ({"endpoints": endpoint(port_mappings=[])}, "endpoints[0].cdn.port_mappings must have exactly 1 items, got 0"),
    ({"endpoints": endpoint(port_mappings=[{"container_port": 0}])},
     "endpoints[0].cdn.port_mappings[0].container_port must be between 1 and 65535, got 0"),
    ({"endpoints": endpoint(port_mappings=[{"container_port": 80, "exposed_port": 70000}])},
     "endpoints[0].cdn.port_mappings[0].exposed_port must be between 1 and 65535, got 70000"),
    ({"endpoints": endpoint(sticky_sessions={"session_headers": []})},
     "endpoints[0].cdn.sticky_sessions.session_headers must have between 1 and 3 items, got 0"),
    ({"endpoints": endpoint(sticky_sessions={"session_headers": ["a", "b", "c", "d"]})},
     "endpoints[0].cdn.sticky_sessions.session_headers must have between 1 and 3 items, got 4"),
    ({"endpoints": [{"display_name": "dns", "anycast": {"port_mappings": []}}]},
     "endpoints[0].anycast.port_mappings must have at least 1 items, got 0"),
    ({"endpoints": [{"display_name": "dns", "anycast": {"port_mappings": [{"container_port": 65536}]}}]},
     "endpoints[0].anycast.port_mappings[0].container_port must be between 1 and 65535, got 65536"),
    ({"endpoints": [{"display_name": "both", "cdn": {}, "anycast": {"port_mappings": [{"container_port": 53}]}}]},
     "parameters are mutually exclusive: cdn|anycast found in endpoints"),
    ({"endpoints": endpoint() + endpoint()}, "endpoints must name each display_name once"),
    ({"volume_mounts": [{"name": "m" * 51, "mount_path": "/data"}]},
     "volume_mounts[0].name must be between 1 and 50 characters long, got 51"),
    ({"volume_mounts": [{"name": "data", "mount_path": "data"}]},
     "volume_mounts[0].mount_path must match an absolute path without //, .. or spaces, got 'data'"),
    ({"volume_mounts": [{"name": "data", "mount_path": "/data//x"}]}, "volume_mounts[0].mount_path must match"),
    ({"volume_mounts": [{"name": "data", "mount_path": "/data/../etc"}]}, "volume_mounts[0].mount_path must match"),
    ({"volume_mounts": [{"name": "data", "mount_path": "/my data"}]}, "volume_mounts[0].mount_path must match"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []
