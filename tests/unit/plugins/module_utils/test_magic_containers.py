"""The Magic Containers conversions, merges and rules, without HTTP."""

import os
import re
import subprocess
import sys

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers import (
    APP_RULES,
    TEMPLATE_RULES,
    ambiguous_templates,
    app_patch,
    error_describer,
    find_template,
    merge_app,
    merge_template,
    project,
    request_problems,
    template_patch,
    wait_until_active,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.validation import validate

WEB = {
    "id": "tpl-web",
    "name": "web",
    "packageId": "pkg-1",
    "image": "docker.io/library/nginx:1.25",
    "imageName": "nginx",
    "imageNamespace": "library",
    "imageTag": "1.25",
    "imageRegistryId": "101",
    "imagePullPolicy": "always",
    "entryPoint": {"command": "nginx", "arguments": None},
    "probes": {"liveness": {"periodSeconds": 10, "tcpSocket": {"request": {"portNumber": 80}}}},
    "environmentVariables": [{"name": "LOG_LEVEL", "value": "info"}, {"name": "MODE", "value": "prod"}],
    "endpoints": [{
        "id": "ep-1",
        "displayName": "public",
        "type": "cdn",
        "isSslEnabled": True,
        "pullZoneId": "4711",
        "publicHost": "web.b-cdn.net",
        "portMappings": [{"containerPort": 80, "exposedPort": 80, "protocols": ["tcp"]}],
        "stickySessions": {"enabled": False, "sessionHeaders": [], "cookieName": "sid"},
    }],
    "volumeMounts": [{"name": "uploads", "mountPath": "/data/uploads"}],
}
WORKER = {
    "id": "tpl-worker",
    "name": "worker",
    "image": "docker.io/acme/worker:2",
    "imageName": "worker",
    "imageNamespace": "acme",
    "imageTag": "2",
    "imageRegistryId": "101",
    "environmentVariables": [],
    "endpoints": [],
    "volumeMounts": [],
}
APP = {
    "id": "app-1",
    "name": "storefront",
    "status": "active",
    "runtimeType": "shared",
    "autoScaling": {"min": 1, "max": 3},
    "regionSettings": {"allowedRegionIds": ["DE", "UK"], "requiredRegionIds": ["DE"], "maxAllowedRegions": 2,
                       "nodeSelectors": {"diskType": "ssd"}},
    "volumes": [{"name": "uploads", "size": 5.0}, {"name": "cache", "size": 2.0}],
    "containerTemplates": [WEB, WORKER],
}


def template_args(**options):
    """A template's options as the argument spec hands them over: every option present."""
    args = dict(
        name=None, image=None, image_name=None, image_namespace=None, image_tag=None, image_digest=None,
        image_registry_id=None, image_pull_policy=None, entry_point=None, probes=None,
        environment_variables=None, purge_environment_variables=False, endpoints=None, purge_endpoints=False,
        volume_mounts=None, purge_volume_mounts=False,
    )
    args.update(options)
    return args


def app_args(**options):
    args = dict(
        name=None, runtime_type=None, autoscaling=None, region_settings=None, volumes=None, purge_volumes=False,
        container_templates=None, purge_container_templates=False,
    )
    args.update(options)
    return args


def probe(**options):
    values = dict(initial_delay_seconds=None, period_seconds=None, timeout_seconds=None, failure_threshold=None,
                  success_threshold=None, http_get=None, tcp_socket=None, grpc=None)
    values.update(options)
    return values


def cdn_endpoint(display_name, **cdn):
    values = dict(is_ssl_enabled=None, pull_zone_id=None, port_mappings=None, sticky_sessions=None)
    values.update(cdn)
    return dict(display_name=display_name, cdn=values, anycast=None)


def region(**options):
    values = dict(allowed_region_ids=None, required_region_ids=None, max_allowed_regions=None, node_selectors=None)
    values.update(options)
    return values


def test_unchanged_options_make_an_empty_patch():
    predicted = merge_app(APP, app_args(name="storefront", autoscaling={"min": 1, "max": 3}))
    assert app_patch(APP, predicted) == {}


def test_patch_holds_only_the_top_level_fields_that_change():
    predicted = merge_app(APP, app_args(name="shop", autoscaling={"min": 1, "max": 3}, runtime_type="shared"))
    assert app_patch(APP, predicted) == {"name": "shop"}


def test_changing_one_volume_sends_every_volume_and_no_templates():
    predicted = merge_app(APP, app_args(volumes=[{"name": "uploads", "size": 20}]))
    assert app_patch(APP, predicted) == {"volumes": [{"name": "uploads", "size": 20}, {"name": "cache", "size": 2}]}


def test_purge_volumes_leaves_unlisted_volumes_out():
    predicted = merge_app(APP, app_args(volumes=[{"name": "uploads", "size": 5}], purge_volumes=True))
    assert app_patch(APP, predicted) == {"volumes": [{"name": "uploads", "size": 5}]}


def test_changing_one_template_carries_every_template_with_its_id():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="worker", image_tag="3")]))
    sent = app_patch(APP, predicted)["containerTemplates"]
    assert [(template.get("id"), template["name"], template["imageTag"]) for template in sent] == [
        ("tpl-web", "web", "1.25"), ("tpl-worker", "worker", "3")]


def test_a_carried_template_keeps_its_variables_endpoints_and_mounts():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="worker", image_tag="3")]))
    web = app_patch(APP, predicted)["containerTemplates"][0]
    assert web["environmentVariables"] == WEB["environmentVariables"]
    assert web["volumeMounts"] == WEB["volumeMounts"]
    assert web["endpoints"] == [{"displayName": "public", "cdn": {
        "portMappings": [{"containerPort": 80, "exposedPort": 80, "protocols": ["tcp"]}],
        "isSslEnabled": True, "pullZoneId": 4711}}]


def test_a_new_template_is_sent_without_id():
    new = template_args(name="cron", image_name="cron", image_namespace="acme", image_tag="1", image_registry_id="101")
    sent = app_patch(APP, merge_app(APP, app_args(container_templates=[new])))["containerTemplates"]
    assert [template.get("id") for template in sent] == ["tpl-web", "tpl-worker", None]


def test_purge_container_templates_leaves_unlisted_templates_out():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="web")], purge_container_templates=True))
    assert [template["id"] for template in app_patch(APP, predicted)["containerTemplates"]] == ["tpl-web"]


def test_a_stale_image_reference_is_not_sent_next_to_a_new_tag():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="web", image_tag="1.27")]))
    assert "image" not in app_patch(APP, predicted)["containerTemplates"][0]


def test_a_carried_template_keeps_its_image_reference():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="worker", image_tag="3")]))
    assert app_patch(APP, predicted)["containerTemplates"][0]["image"] == "docker.io/library/nginx:1.25"


def test_a_name_shared_by_two_existing_templates_is_ambiguous():
    app = dict(APP, containerTemplates=[WEB, dict(WORKER, name="web")])
    assert ambiguous_templates(app, [template_args(name="web"), template_args(name="cron")]) == ["web"]


def test_a_new_template_without_image_fields_is_a_problem():
    predicted = merge_template({}, template_args(name="cron", image_tag="1"))
    assert request_problems(predicted, "container template 'cron'") == [
        "container template 'cron' is a new container template, so it needs image_name, image_namespace, image_registry_id"]


def test_region_ids_in_another_order_are_no_change():
    predicted = merge_app(APP, app_args(region_settings=region(allowed_region_ids=["UK", "DE"])))
    assert app_patch(APP, predicted) == {}


def test_node_selectors_are_replaced_as_a_whole():
    predicted = merge_app(APP, app_args(region_settings=region(node_selectors={"gpu": "none"})))
    assert app_patch(APP, predicted)["regionSettings"]["nodeSelectors"] == {"gpu": "none"}


def test_region_settings_are_sent_whole_when_one_part_changes():
    predicted = merge_app(APP, app_args(region_settings=region(max_allowed_regions=3)))
    assert app_patch(APP, predicted) == {"regionSettings": {
        "allowedRegionIds": ["DE", "UK"], "requiredRegionIds": ["DE"], "maxAllowedRegions": 3,
        "nodeSelectors": {"diskType": "ssd"}}}


def test_projection_keeps_node_selector_labels_and_snake_cases_the_rest():
    projected = project(APP)
    assert projected["region_settings"]["node_selectors"] == {"diskType": "ssd"}
    assert projected["container_templates"][0]["environment_variables"][0] == {"name": "LOG_LEVEL", "value": "info"}


def test_environment_variables_not_listed_stay():
    predicted = merge_template(WEB, template_args(environment_variables={"MODE": "staging"}))
    assert template_patch(WEB, predicted) == {"environmentVariables": [
        {"name": "LOG_LEVEL", "value": "info"}, {"name": "MODE", "value": "staging"}]}


def test_purge_environment_variables_removes_unlisted_ones():
    predicted = merge_template(WEB, template_args(environment_variables={"MODE": "prod"}, purge_environment_variables=True))
    assert template_patch(WEB, predicted) == {"environmentVariables": [{"name": "MODE", "value": "prod"}]}


def test_boolean_environment_values_become_lowercase_strings():
    predicted = merge_template(WEB, template_args(environment_variables={"DEBUG": True}))
    assert predicted["environmentVariables"][-1] == {"name": "DEBUG", "value": "true"}


def test_choosing_an_http_check_drops_the_tcp_check():
    wanted = probe(http_get=dict(path="/healthz", port_number=8080, expected_status_code="ok"))
    predicted = merge_template(WEB, template_args(probes=dict(startup=None, readiness=None, liveness=wanted)))
    assert template_patch(WEB, predicted) == {"probes": {"liveness": {
        "periodSeconds": 10,
        "httpGet": {"request": {"path": "/healthz", "portNumber": 8080}, "response": {"expectedStatusCode": "ok"}}}}}


def test_a_probe_counter_alone_keeps_the_check():
    predicted = merge_template(WEB, template_args(probes=dict(startup=None, readiness=None, liveness=probe(period_seconds=30))))
    assert template_patch(WEB, predicted) == {"probes": {"liveness": {
        "periodSeconds": 30, "tcpSocket": {"request": {"portNumber": 80}}}}}


def test_a_port_mapping_without_exposed_port_keeps_the_one_the_api_chose():
    endpoint = cdn_endpoint("public", port_mappings=[dict(container_port=80, exposed_port=None, protocols=None)])
    predicted = merge_template(WEB, template_args(endpoints=[endpoint]))
    assert template_patch(WEB, predicted) == {}


def test_a_new_endpoint_is_added_after_the_existing_one():
    endpoint = cdn_endpoint("admin", port_mappings=[dict(container_port=9000, exposed_port=None, protocols=["tcp"])])
    predicted = merge_template(WEB, template_args(endpoints=[endpoint]))
    assert [item["displayName"] for item in template_patch(WEB, predicted)["endpoints"]] == ["public", "admin"]


def test_an_anycast_endpoint_is_sent_as_ipv4():
    endpoint = dict(display_name="dns", cdn=None, anycast=dict(
        port_mappings=[dict(container_port=53, exposed_port=53, protocols=["udp"])]))
    sent = template_patch(WEB, merge_template(WEB, template_args(endpoints=[endpoint])))["endpoints"][1]
    assert sent == {"displayName": "dns", "anycast": {"type": "iPv4", "portMappings": [
        {"containerPort": 53, "exposedPort": 53, "protocols": ["udp"]}]}}


def test_a_new_endpoint_without_port_mappings_is_a_problem():
    predicted = merge_template(WEB, template_args(endpoints=[cdn_endpoint("admin", is_ssl_enabled=True)]))
    assert request_problems(predicted, "web") == ["web endpoint 'admin' is new, so it needs port_mappings"]


def test_volume_mounts_are_matched_by_name():
    mounts = [dict(name="uploads", mount_path="/srv/uploads")]
    predicted = merge_template(WEB, template_args(volume_mounts=mounts))
    assert template_patch(WEB, predicted) == {"volumeMounts": [{"name": "uploads", "mountPath": "/srv/uploads"}]}


class FakeClient:
    def __init__(self, statuses):
        self.statuses = list(statuses)
        self.reads = 0

    def get(self, path):
        self.reads += 1
        status = self.statuses.pop(0) if len(self.statuses) > 1 else self.statuses[0]
        return {"id": "app-1", "status": status}


class FakeClock:
    def __init__(self):
        self.now = 0.0
        self.sleeps = []

    def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.now += seconds

    def __call__(self):
        return self.now


def test_waiting_returns_once_the_app_is_active():
    client, clock = FakeClient(["progressing", "progressing", "active"]), FakeClock()
    app, problem = wait_until_active(client, "app-1", 300, sleep=clock.sleep, clock=clock)
    assert (app["status"], problem, client.reads) == ("active", None, 3)


def test_waiting_polls_quickly_at_first_and_backs_off():
    client, clock = FakeClient(["progressing"] * 8 + ["active"]), FakeClock()
    wait_until_active(client, "app-1", 300, sleep=clock.sleep, clock=clock)
    assert clock.sleeps == [0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0, 5.0]


def test_waiting_stops_with_the_status_when_the_app_is_failing():
    client, clock = FakeClient(["progressing", "failing"]), FakeClock()
    app, problem = wait_until_active(client, "app-1", 300, sleep=clock.sleep, clock=clock)
    assert problem == "Application app-1 is failing instead of becoming active."


def test_waiting_gives_up_at_the_timeout_with_the_last_status():
    client, clock = FakeClient(["progressing"]), FakeClock()
    app, problem = wait_until_active(client, "app-1", 10, sleep=clock.sleep, clock=clock)
    assert problem == "Application app-1 did not become active within 10 seconds; its last status was progressing."
    assert clock.now == 10


class AppReader:
    def __init__(self, app):
        self.app = app

    def get(self, path):
        return self.app


def test_finding_a_template_by_a_name_that_matches_none_lists_the_names():
    template, problem = find_template(AppReader(APP), "app-1", name="api")
    assert template is None
    assert problem == "Application app-1 has no container template named 'api'; its templates are: 'web', 'worker'."


def test_finding_a_template_by_a_name_that_matches_two_asks_for_the_id():
    app = dict(APP, containerTemplates=[WEB, dict(WORKER, name="web")])
    assert find_template(AppReader(app), "app-1", name="web")[1] == (
        "Application app-1 has 2 container templates named 'web'; use container_id to choose one.")


@pytest.mark.parametrize("status, sentence", [
    (401, "The API key was refused (HTTP 401); check api_key or BUNNYNET_API_KEY."),
    (403, "The API refused to change application app-1 (HTTP 403): the account has an invalid card or is suspended."),
    (404, "Application app-1 was not found (HTTP 404)."),
])
def test_error_statuses_are_explained(status, sentence):
    error = BunnyApiError("PATCH", "/mc/apps/app-1", status, {"title": "x"})
    assert error_describer("app-1")(error) == sentence


def test_field_errors_are_shown_for_an_unprocessable_request():
    error = BunnyApiError("PATCH", "/mc/apps/app-1", 422, {
        "title": "Validation failed", "errors": [{"field": "volumes[0].size", "message": "too large"}]})
    sentence = error_describer("app-1")(error)
    assert sentence.startswith("The API rejected the request for application app-1 (HTTP 422)")
    assert "volumes[0].size: too large" in sentence


def test_autoscaling_min_above_max_is_refused():
    assert validate({"autoscaling": {"min": 5, "max": 2}}, APP_RULES) == [
        "autoscaling must have min no greater than max, got {'min': 5, 'max': 2}"]


def test_template_rules_reach_into_every_app_template():
    params = {"container_templates": [{"name": "web"}, {"name": "x" * 51}]}
    assert validate(params, APP_RULES) == ["container_templates[1].name must be between 1 and 50 characters long, got 51"]


def test_a_valid_template_passes_every_rule():
    params = dict(
        name="web", image_name="acme/web", image_namespace="acme", image_tag="1.2.3-rc.1",
        image_digest="sha256:" + "a" * 64, image_registry_id="101",
        environment_variables={"A": "1"},
        endpoints=[dict(display_name="public", cdn=dict(port_mappings=[dict(container_port=80)],
                                                        sticky_sessions=dict(session_headers=["X-Session"])))],
        volume_mounts=[dict(name="uploads", mount_path="/data/uploads/")],
        probes=dict(liveness=dict(period_seconds=3600, failure_threshold=1000, http_get=dict(port_number=65535))),
    )
    assert validate(params, TEMPLATE_RULES) == []


# The contract's pattern, verbatim: the module must accept exactly what it accepts.
CONTRACT_MOUNT_PATH_PATTERN = r"^/(?!.*//)(?!.*\.\.)(?!.*\s)([a-zA-Z0-9._-]+/?)+$"


def mount_path_problems(path):
    return validate({"volume_mounts": [{"name": "data", "mount_path": path}]}, TEMPLATE_RULES)


@pytest.mark.parametrize("path", [
    "/data", "/data/", "/a/b.c/d_e-f", "/.cache", "/a-b/c_d/", "/", "//data", "/data//x", "/a/../b",
    "/a..b", "/a b", "data", "/a/\n", "/ä", "/a\tb", "/-", "/a/b/c/d/e/f/g",
])
def test_mount_paths_are_accepted_exactly_as_the_contract_pattern_accepts_them(path):
    assert (mount_path_problems(path) == []) == bool(re.match(CONTRACT_MOUNT_PATH_PATTERN, path))


def test_a_long_invalid_mount_path_is_refused_at_once():
    # In a process of its own with a deadline: a backtracking pattern holds the interpreter lock
    # inside the regular expression engine, so it would not fail the test, it would never end.
    check = (
        "from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers import TEMPLATE_RULES\n"
        "from ansible_collections.bunnynet.cloud.plugins.module_utils.validation import validate\n"
        "print(validate({'volume_mounts': [{'name': 'data', 'mount_path': '/' + 'a' * 200 + '!'}]}, TEMPLATE_RULES))\n"
    )
    try:
        result = subprocess.run(
            [sys.executable, "-c", check], capture_output=True, text=True, timeout=10, check=False,
            env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
        )
    except subprocess.TimeoutExpired:
        pytest.fail("validating one 202-character mount path took over 10 seconds")

    assert "volume_mounts[0].mount_path must match" in result.stdout, result.stderr
