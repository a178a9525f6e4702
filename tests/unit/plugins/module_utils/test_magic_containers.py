"""The Magic Containers conversions, merges and rules, without HTTP."""

import json
import os
import subprocess
import sys

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import validate
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP as APP_RESOURCE
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import (
    ambiguous_templates,
    app_patch,
    app_problems,
    error_describer,
    merge_app,
    with_node_selectors,
    without_node_selectors,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.images import (
    ImageDigests,
    RegistryHosts,
    image_host_problems,
    image_reference,
    parse_image,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import (
    APP_RULES,
    TEMPLATE_RULES,
    app_option_problems,
    template_option_problems,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.templates import (
    merge_template,
    request_problems,
    secret_values,
    template_named,
    template_patch,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.waits import wait_until_active

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


REGISTRY_HOSTS = {"101": "docker.io", "102": "ghcr.io"}


def registry_hosts(registry_id):
    """Stands in for RegistryHosts: the host of each registry the tests name."""
    return REGISTRY_HOSTS[registry_id]


def template_args(**options):
    """A template's options as the argument spec hands them over: every option present."""
    args = dict(
        name=None, image=None, image_name=None, image_namespace=None, image_tag=None, image_digest=None,
        image_registry_id=None, resolve_digest=False, image_pull_policy=None, entry_point=None, purge_entry_point=False, probes=None,
        purge_probes=False, environment_variables=None, secret_environment_variables=None,
        purge_environment_variables=False, endpoints=None, purge_endpoints=False,
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
    predicted = merge_app(APP, app_args(name="storefront", autoscaling={"min": 1, "max": 3}), registry_hosts)
    assert app_patch(APP, predicted) == {}


def test_patch_holds_only_the_top_level_fields_that_change():
    predicted = merge_app(APP, app_args(name="shop", autoscaling={"min": 1, "max": 3}, runtime_type="shared"), registry_hosts)
    assert app_patch(APP, predicted) == {"name": "shop"}


def test_changing_one_volume_sends_every_volume_and_no_templates():
    predicted = merge_app(APP, app_args(volumes=[{"name": "uploads", "size": 20}]), registry_hosts)
    assert app_patch(APP, predicted) == {"volumes": [{"name": "uploads", "size": 20}, {"name": "cache", "size": 2}]}


def test_purge_volumes_leaves_unlisted_volumes_out():
    predicted = merge_app(APP, app_args(volumes=[{"name": "uploads", "size": 5}], purge_volumes=True), registry_hosts)
    assert app_patch(APP, predicted) == {"volumes": [{"name": "uploads", "size": 5}]}


def test_changing_one_template_carries_every_template_with_its_id():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="worker", image_tag="3")]), registry_hosts)
    sent = app_patch(APP, predicted)["containerTemplates"]
    assert [(template.get("id"), template["name"], template["imageTag"]) for template in sent] == [
        ("tpl-web", "web", "1.25"), ("tpl-worker", "worker", "3")]


def test_a_carried_template_keeps_its_variables_endpoints_and_mounts():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="worker", image_tag="3")]), registry_hosts)
    web = app_patch(APP, predicted)["containerTemplates"][0]
    assert web["environmentVariables"] == WEB["environmentVariables"]
    assert web["volumeMounts"] == WEB["volumeMounts"]
    assert web["endpoints"] == [{"displayName": "public", "cdn": {
        "portMappings": [{"containerPort": 80, "exposedPort": 80, "protocols": ["tcp"]}],
        "isSslEnabled": True, "pullZoneId": 4711}}]


def test_a_new_template_is_sent_without_id():
    new = template_args(name="cron", image_name="cron", image_namespace="acme", image_tag="1", image_registry_id="101")
    sent = app_patch(APP, merge_app(APP, app_args(container_templates=[new]), registry_hosts))["containerTemplates"]
    assert [template.get("id") for template in sent] == ["tpl-web", "tpl-worker", None]


def test_purge_container_templates_leaves_unlisted_templates_out():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="web")], purge_container_templates=True), registry_hosts)
    assert [template["id"] for template in app_patch(APP, predicted)["containerTemplates"]] == ["tpl-web"]


def test_a_new_tag_sends_the_image_reference_it_makes():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="web", image_tag="1.27")]), registry_hosts)
    assert app_patch(APP, predicted)["containerTemplates"][0]["image"] == "docker.io/library/nginx:1.27"


def test_a_carried_template_keeps_its_image_reference():
    predicted = merge_app(APP, app_args(container_templates=[template_args(name="worker", image_tag="3")]), registry_hosts)
    assert app_patch(APP, predicted)["containerTemplates"][0]["image"] == "docker.io/library/nginx:1.25"


def test_a_name_shared_by_two_existing_templates_is_ambiguous():
    app = dict(APP, containerTemplates=[WEB, dict(WORKER, name="web")])
    assert ambiguous_templates(app, [template_args(name="web"), template_args(name="cron")]) == ["web"]


def test_a_new_template_without_image_fields_is_a_problem():
    predicted = merge_template({}, template_args(name="cron", image_tag="1"), registry_hosts)
    assert request_problems(predicted, "container template 'cron'") == [
        "container template 'cron' is a new container template, so it needs image_name, image_namespace, image_registry_id"]


def test_region_ids_in_another_order_are_no_change():
    predicted = merge_app(APP, app_args(region_settings=region(allowed_region_ids=["UK", "DE"])), registry_hosts)
    assert app_patch(APP, predicted) == {}


def test_node_selectors_are_replaced_as_a_whole():
    predicted = merge_app(APP, app_args(region_settings=region(node_selectors={"gpu": "none"})), registry_hosts)
    assert app_patch(APP, predicted)["regionSettings"]["nodeSelectors"] == {"gpu": "none"}


def test_a_node_selector_left_out_is_removed():
    app = dict(APP, regionSettings=dict(APP["regionSettings"], nodeSelectors={"diskType": "ssd", "gpu": "none"}))
    predicted = merge_app(app, app_args(region_settings=region(node_selectors={"diskType": "ssd"})), registry_hosts)
    assert app_patch(app, predicted)["regionSettings"]["nodeSelectors"] == {"diskType": "ssd"}


def test_a_region_member_the_read_holds_as_null_is_not_sent():
    app = dict(APP, regionSettings={"allowedRegionIds": ["DE", "UK"], "requiredRegionIds": None, "maxAllowedRegions": 2})
    predicted = merge_app(app, app_args(region_settings=region(max_allowed_regions=3)), registry_hosts)
    assert app_patch(app, predicted) == {"regionSettings": {"allowedRegionIds": ["DE", "UK"], "maxAllowedRegions": 3}}


def test_a_patch_carries_only_the_fields_its_request_allows_whatever_the_read_holds():
    # The read carries more than the PatchApplicationRequest takes: volume ids, sizes as floats, extra members.
    app = dict(APP, autoScaling={"min": 1, "max": 3, "current": 2},
               volumes=[{"id": "vol-1", "name": "uploads", "size": 5.0}, {"id": "vol-2", "name": "cache", "size": 2.0}])
    predicted = merge_app(app, app_args(autoscaling={"min": 2, "max": 3}, volumes=[{"name": "cache", "size": 4}]), registry_hosts)
    body = app_patch(app, predicted)
    assert json.dumps(body, sort_keys=True) == json.dumps({
        "autoScaling": {"min": 2, "max": 3},
        "volumes": [{"name": "uploads", "size": 5}, {"name": "cache", "size": 4}]}, sort_keys=True)


def test_region_settings_are_sent_whole_when_one_part_changes():
    predicted = merge_app(APP, app_args(region_settings=region(max_allowed_regions=3)), registry_hosts)
    assert app_patch(APP, predicted) == {"regionSettings": {
        "allowedRegionIds": ["DE", "UK"], "requiredRegionIds": ["DE"], "maxAllowedRegions": 3,
        "nodeSelectors": {"diskType": "ssd"}}}


def test_projection_keeps_node_selector_labels_and_snake_cases_the_rest():
    projected = APP_RESOURCE.project(APP)
    assert projected["region_settings"]["node_selectors"] == {"diskType": "ssd"}
    assert projected["container_templates"][0]["environment_variables"][0] == {"name": "LOG_LEVEL", "value": "info"}


def test_environment_variables_not_listed_stay():
    predicted = merge_template(WEB, template_args(environment_variables={"MODE": "staging"}), registry_hosts)
    assert template_patch(WEB, predicted) == {"environmentVariables": [
        {"name": "LOG_LEVEL", "value": "info"}, {"name": "MODE", "value": "staging"}]}


def test_purge_environment_variables_removes_unlisted_ones():
    predicted = merge_template(WEB, template_args(environment_variables={"MODE": "prod"}, purge_environment_variables=True), registry_hosts)
    assert template_patch(WEB, predicted) == {"environmentVariables": [{"name": "MODE", "value": "prod"}]}


def test_boolean_environment_values_become_lowercase_strings():
    predicted = merge_template(WEB, template_args(environment_variables={"DEBUG": True}), registry_hosts)
    assert predicted["environmentVariables"][-1] == {"name": "DEBUG", "value": "true"}


def test_an_environment_variable_without_a_value_is_an_empty_string():
    predicted = merge_template(WEB, template_args(environment_variables={"EMPTY": None}), registry_hosts)
    assert template_patch(WEB, predicted)["environmentVariables"][-1] == {"name": "EMPTY", "value": ""}


def test_a_carried_template_sends_what_its_read_holds_in_the_request_shape():
    # A read may hold a variable without a value, extra members of a mount and an empty digest.
    web = dict(WEB, imageDigest="", environmentVariables=[{"name": "EMPTY", "value": None}],
               volumeMounts=[{"name": "uploads", "mountPath": "/data/uploads", "readOnly": False}])
    app = dict(APP, containerTemplates=[web, WORKER])
    predicted = merge_app(app, app_args(container_templates=[template_args(name="worker", image_tag="3")]), registry_hosts)
    sent = app_patch(app, predicted)["containerTemplates"][0]
    assert "imageDigest" not in sent
    assert sent["environmentVariables"] == [{"name": "EMPTY", "value": ""}]
    assert sent["volumeMounts"] == [{"name": "uploads", "mountPath": "/data/uploads"}]


def test_an_existing_template_is_not_held_to_the_fields_a_new_one_needs():
    assert request_problems(dict(WORKER, imageNamespace=""), "worker") == []


def test_choosing_an_http_check_drops_the_tcp_check():
    wanted = probe(http_get=dict(path="/healthz", port_number=8080, expected_status_code="ok"))
    predicted = merge_template(WEB, template_args(probes=dict(startup=None, readiness=None, liveness=wanted)), registry_hosts)
    assert template_patch(WEB, predicted) == {"probes": {"liveness": {
        "periodSeconds": 10,
        "httpGet": {"request": {"path": "/healthz", "portNumber": 8080}, "response": {"expectedStatusCode": "ok"}}}}}


def test_choosing_a_grpc_check_sends_its_port_and_service():
    wanted = probe(grpc=dict(port_number=50051, service_name="health"))
    predicted = merge_template(WEB, template_args(probes=dict(startup=None, readiness=None, liveness=wanted)), registry_hosts)
    assert template_patch(WEB, predicted) == {"probes": {"liveness": {
        "periodSeconds": 10, "grpc": {"request": {"portNumber": 50051, "serviceName": "health"}}}}}


def test_a_probe_counter_alone_keeps_the_check():
    predicted = merge_template(WEB, template_args(probes=dict(startup=None, readiness=None, liveness=probe(period_seconds=30))), registry_hosts)
    assert template_patch(WEB, predicted) == {"probes": {"liveness": {
        "periodSeconds": 30, "tcpSocket": {"request": {"portNumber": 80}}}}}


def test_a_port_mapping_without_exposed_port_keeps_the_one_the_api_chose():
    endpoint = cdn_endpoint("public", port_mappings=[dict(container_port=80, exposed_port=None, protocols=None)])
    predicted = merge_template(WEB, template_args(endpoints=[endpoint]), registry_hosts)
    assert template_patch(WEB, predicted) == {}


@pytest.mark.parametrize("mapping, sent", [
    (dict(container_port=8080, exposed_port=None, protocols=None), {"containerPort": 8080, "exposedPort": 80, "protocols": ["tcp"]}),
    (dict(container_port=80, exposed_port=None, protocols=["udp"]), {"containerPort": 80, "exposedPort": 80, "protocols": ["udp"]}),
])
def test_a_changed_port_mapping_of_an_endpoint_is_sent(mapping, sent):
    predicted = merge_template(WEB, template_args(endpoints=[cdn_endpoint("public", port_mappings=[mapping])]), registry_hosts)
    assert template_patch(WEB, predicted)["endpoints"][0]["cdn"]["portMappings"] == [sent]


def test_the_same_protocols_in_another_order_are_no_change():
    template = dict(WEB, endpoints=[dict(WEB["endpoints"][0], portMappings=[
        {"containerPort": 80, "exposedPort": 80, "protocols": ["tcp", "udp"]}])])
    mapping = dict(container_port=80, exposed_port=80, protocols=["udp", "tcp"])
    predicted = merge_template(template, template_args(endpoints=[cdn_endpoint("public", port_mappings=[mapping])]), registry_hosts)
    assert template_patch(template, predicted) == {}


def test_a_new_endpoint_is_added_after_the_existing_one():
    endpoint = cdn_endpoint("admin", port_mappings=[dict(container_port=9000, exposed_port=None, protocols=["tcp"])])
    predicted = merge_template(WEB, template_args(endpoints=[endpoint]), registry_hosts)
    assert [item["displayName"] for item in template_patch(WEB, predicted)["endpoints"]] == ["public", "admin"]


def test_an_anycast_endpoint_is_sent_as_ipv4():
    endpoint = dict(display_name="dns", cdn=None, anycast=dict(
        port_mappings=[dict(container_port=53, exposed_port=53, protocols=["udp"])]))
    sent = template_patch(WEB, merge_template(WEB, template_args(endpoints=[endpoint]), registry_hosts))["endpoints"][1]
    assert sent == {"displayName": "dns", "anycast": {"type": "iPv4", "portMappings": [
        {"containerPort": 53, "exposedPort": 53, "protocols": ["udp"]}]}}


def test_a_new_endpoint_without_port_mappings_is_a_problem():
    predicted = merge_template(WEB, template_args(endpoints=[cdn_endpoint("admin", is_ssl_enabled=True)]), registry_hosts)
    assert request_problems(predicted, "web") == ["web endpoint 'admin' is new, so it needs port_mappings"]


def test_volume_mounts_are_matched_by_name():
    mounts = [dict(name="uploads", mount_path="/srv/uploads")]
    predicted = merge_template(WEB, template_args(volume_mounts=mounts), registry_hosts)
    assert template_patch(WEB, predicted) == {"volumeMounts": [{"name": "uploads", "mountPath": "/srv/uploads"}]}


class FakeClient:
    def __init__(self, statuses):
        self.statuses = list(statuses)
        self.reads = 0

    def read(self):
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
    app, problem = wait_until_active(client.read, "app-1", 300, sleep=clock.sleep, clock=clock)
    assert (app["status"], problem, client.reads) == ("active", None, 3)


def test_waiting_polls_quickly_at_first_and_backs_off():
    client, clock = FakeClient(["progressing"] * 8 + ["active"]), FakeClock()
    wait_until_active(client.read, "app-1", 300, sleep=clock.sleep, clock=clock)
    assert clock.sleeps == [0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0, 5.0]


def test_waiting_stops_with_the_status_when_the_app_is_failing():
    client, clock = FakeClient(["progressing", "failing"]), FakeClock()
    app, problem = wait_until_active(client.read, "app-1", 300, sleep=clock.sleep, clock=clock)
    assert problem == "Application app-1 is failing instead of becoming active."


def test_waiting_polls_until_the_very_end_of_the_timeout():
    client, clock = FakeClient(["progressing", "progressing", "active"]), FakeClock()
    app, problem = wait_until_active(client.read, "app-1", 0.5, sleep=clock.sleep, clock=clock)
    assert (app["status"], problem, clock.sleeps) == ("active", None, [0.2, 0.3])


def test_waiting_gives_up_at_the_timeout_with_the_last_status():
    client, clock = FakeClient(["progressing"]), FakeClock()
    app, problem = wait_until_active(client.read, "app-1", 10, sleep=clock.sleep, clock=clock)
    assert problem == "Application app-1 did not become active within 10 seconds; its last status was progressing."
    assert clock.now == 10


class AppReader:
    def __init__(self, app):
        self.app = app

    def get(self, path, params=None):
        return self.app


def test_finding_a_template_by_a_name_that_matches_none_lists_the_names():
    template, problem = template_named("app-1", APP["containerTemplates"], "api")
    assert template is None
    assert problem == "Application app-1 has no container template named 'api'; its templates are: 'web', 'worker'."


def test_finding_a_template_in_an_app_without_templates_says_so():
    problem = template_named("app-1", [], "api")[1]
    assert problem == "Application app-1 has no container template named 'api'; its templates are: none."


def test_finding_a_template_by_a_name_that_matches_two_asks_for_the_id():
    app = dict(APP, containerTemplates=[WEB, dict(WORKER, name="web")])
    assert template_named("app-1", app["containerTemplates"], "web")[1] == (
        "Application app-1 has 2 container templates named 'web'; use container_id to choose one.")


@pytest.mark.parametrize("status, sentence", [
    (403, "The API refused to change application app-1 (HTTP 403): the account has an invalid card or is suspended."),
    (404, "Application app-1 was not found (HTTP 404)."),
])
def test_error_statuses_are_explained(status, sentence):
    error = BunnyApiError("PATCH", "/mc/apps/app-1", status, {"title": "x"})
    assert error_describer("app-1")(error) == sentence


@pytest.mark.parametrize("status", [400, 422])
def test_field_errors_are_shown_for_a_rejected_request(status):
    error = BunnyApiError("PATCH", "/mc/apps/app-1", status, {
        "title": "Validation failed", "errors": [{"field": "volumes[0].size", "message": "too large"}]})
    sentence = error_describer("app-1")(error)
    assert sentence.startswith("The API rejected the request for application app-1 (HTTP %d)" % status)
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


def test_a_long_invalid_mount_path_is_refused_at_once():
    # In a process of its own with a deadline: a backtracking pattern holds the interpreter lock
    # inside the regular expression engine, so it would not fail the test, it would never end.
    check = (
        "from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import TEMPLATE_RULES\n"
        "from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import validate\n"
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


# --- Image references ------------------------------------------------------------------------------

@pytest.mark.parametrize("image, parts", [
    ("docker.io/library/nginx:1.27", dict(host="docker.io", namespace="library", name="nginx", tag="1.27", digest=None)),
    ("library/nginx:1.27", dict(host=None, namespace="library", name="nginx", tag="1.27", digest=None)),
    ("registry.local:5000/acme/web:2", dict(host="registry.local:5000", namespace="acme", name="web", tag="2", digest=None)),
    ("registry:5000/acme/web:2", dict(host="registry:5000", namespace="acme", name="web", tag="2", digest=None)),
    ("localhost/acme/web:2", dict(host="localhost", namespace="acme", name="web", tag="2", digest=None)),
    ("acme/team/web:2", dict(host=None, namespace="acme/team", name="web", tag="2", digest=None)),
    ("ghcr.io/acme/web:2@sha256:" + "d" * 64, dict(host="ghcr.io", namespace="acme", name="web", tag="2", digest="sha256:" + "d" * 64)),
])
def test_an_image_reference_is_split_into_its_parts(image, parts):
    assert parse_image(image) == parts


@pytest.mark.parametrize("image, problem", [
    ("docker.io/library/nginx", "no :<tag>"),
    ("registry.local:5000/acme/web", "no :<tag>"),
    ("nginx:1.27", "no <namespace>/ before the name"),
    ("ghcr.io/web:1", "no <namespace>/ before the name"),
    ("acme/web:-1", "the tag '-1' is not letters and digits joined by . / _ -"),
    ("acme/web!:1", "the name 'web!' is not letters and digits joined by . / _ -"),
    ("acme/web:1@sha256:abc", "the digest 'sha256:abc' is not 'sha256:' and 64 lowercase letters or digits"),
])
def test_a_malformed_image_reference_says_what_is_wrong(image, problem):
    with pytest.raises(ValueError) as raised:
        parse_image(image)
    assert str(raised.value) == problem


def test_the_image_reference_is_host_namespace_name_tag_and_digest():
    parts = dict(imageNamespace="acme", imageName="web", imageTag="2", imageDigest="sha256:" + "d" * 64)
    assert image_reference("ghcr.io", parts) == "ghcr.io/acme/web:2@sha256:" + "d" * 64
    assert image_reference("", dict(parts, imageDigest=None)) == "acme/web:2"


def test_changing_no_image_part_keeps_the_image_reference_and_reads_no_registry():
    def no_reads(registry_id):
        raise AssertionError("read registry %s" % registry_id)

    predicted = merge_template(WEB, template_args(image_pull_policy="ifNotPresent", image_tag="1.25"), no_reads)
    assert predicted["image"] == WEB["image"]


@pytest.mark.parametrize("options, image", [
    (dict(image_tag="1.27"), "docker.io/library/nginx:1.27"),
    (dict(image_name="angie"), "docker.io/library/angie:1.25"),
    (dict(image_namespace="acme"), "docker.io/acme/nginx:1.25"),
    (dict(image_registry_id="102"), "ghcr.io/library/nginx:1.25"),
    (dict(image_digest="sha256:" + "d" * 64), "docker.io/library/nginx:1.25@sha256:" + "d" * 64),
])
def test_every_image_part_makes_a_new_image_reference(options, image):
    assert merge_template(WEB, template_args(**options), registry_hosts)["image"] == image


PINNED_WEB = dict(WEB, imageDigest="sha256:" + "a" * 64, image="docker.io/library/nginx:1.25@sha256:" + "a" * 64)


def test_a_new_tag_of_a_pinned_image_unpins_it_in_prediction_and_request():
    predicted = merge_template(PINNED_WEB, template_args(image_tag="2.5"), registry_hosts)

    assert (predicted["imageDigest"], predicted["image"]) == (None, "docker.io/library/nginx:2.5")
    assert template_patch(PINNED_WEB, predicted) == {"image": "docker.io/library/nginx:2.5", "imageTag": "2.5", "imageDigest": None}


@pytest.mark.parametrize("options", [
    dict(image_name="angie"), dict(image_namespace="acme"), dict(image_registry_id="102"), dict(image="docker.io/acme/web:3"),
], ids=["name", "namespace", "registry", "image"])
def test_another_image_reference_without_a_digest_unpins(options):
    predicted = merge_template(PINNED_WEB, template_args(**options), registry_hosts)

    assert predicted["imageDigest"] is None
    assert "@" not in predicted["image"]


def test_a_new_tag_with_a_digest_pins_the_digest_given():
    digest = "sha256:" + "d" * 64
    predicted = merge_template(PINNED_WEB, template_args(image_tag="2.5", image_digest=digest), registry_hosts)

    assert template_patch(PINNED_WEB, predicted) == {"image": "docker.io/library/nginx:2.5@" + digest, "imageTag": "2.5", "imageDigest": digest}


def test_the_same_image_reference_keeps_the_digest():
    predicted = merge_template(PINNED_WEB, template_args(image_tag="1.25", image_registry_id="101", image_pull_policy="ifNotPresent"),
                               registry_hosts)

    assert (predicted["imageDigest"], predicted["image"]) == (PINNED_WEB["imageDigest"], PINNED_WEB["image"])


def test_a_new_tag_of_a_pinned_template_sent_whole_carries_a_null_digest():
    app = dict(APP, containerTemplates=[PINNED_WEB, WORKER])
    sent = app_patch(app, merge_app(app, app_args(container_templates=[template_args(name="web", image_tag="2.5")]), registry_hosts))

    assert (sent["containerTemplates"][0]["imageDigest"], sent["containerTemplates"][0]["image"]) == (None, "docker.io/library/nginx:2.5")


class DigestResolver:
    """Stands in for ImageDigests: each tag resolves to a digest made of its tag's first character."""

    def __init__(self):
        self.asked = []

    def __call__(self, registry_id, namespace, name, tag):
        self.asked.append((registry_id, namespace, name, tag))
        return "sha256:" + tag[0] * 64


def test_resolve_digest_pins_what_the_wanted_tag_resolves_to():
    resolver = DigestResolver()
    predicted = merge_template(PINNED_WEB, template_args(image_tag="2.5", image_registry_id="102", resolve_digest=True),
                               registry_hosts, resolver)

    assert resolver.asked == [("102", "library", "nginx", "2.5")]
    assert (predicted["imageDigest"], predicted["image"]) == ("sha256:" + "2" * 64, "ghcr.io/library/nginx:2.5@sha256:" + "2" * 64)


def test_resolve_digest_to_the_pinned_digest_is_no_change():
    pinned = dict(PINNED_WEB, imageDigest="sha256:" + "1" * 64, image="docker.io/library/nginx:1.25@sha256:" + "1" * 64)
    assert template_patch(pinned, merge_template(pinned, template_args(resolve_digest=True), registry_hosts, DigestResolver())) == {}


def test_resolve_digest_skips_a_new_template_that_lacks_image_parts():
    resolver = DigestResolver()
    merge_template({}, template_args(name="cron", image_tag="1", resolve_digest=True), registry_hosts, resolver)
    assert resolver.asked == []


class DigestClient:
    """Answers digest lookups with ``answer`` and records them; a client that has written nothing yet."""

    def __init__(self, answer):
        self.answer = answer
        self.sent = []
        self.write_applied = False

    def request(self, method, path, json=None, reads=False):
        self.sent.append((method, path, json))
        # As the real client: a POST counts as a write unless it is declared to read.
        self.write_applied = self.write_applied or not reads
        return self.answer


def test_image_digests_are_looked_up_once_per_tag_and_do_not_count_as_writes():
    client = DigestClient({"imageNamespace": "acme", "image": "api", "tag": "2.5", "digest": "sha256:" + "e" * 64})
    digests = ImageDigests(client)

    assert [digests("102", "acme", "api", "2.5"), digests("102", "acme", "api", "2.5")] == ["sha256:" + "e" * 64] * 2
    assert client.sent == [("POST", "/mc/registries/digest", {"registryId": "102", "imageNamespace": "acme", "imageName": "api", "tag": "2.5"})]
    assert client.write_applied is False


def test_an_answer_without_a_digest_fails_rather_than_unpinning():
    with pytest.raises(BunnyApiError, match="the answer names no digest for acme/api:2.5"):
        ImageDigests(DigestClient({"imageNamespace": "acme", "image": "api", "tag": "2.5"}))("102", "acme", "api", "2.5")


def test_a_failed_digest_lookup_is_explained_as_resolve_digest():
    error = BunnyApiError("POST", "/mc/registries/digest", 422, {"title": "x", "detail": "Image acme/api:9 was not found."})
    assert error_describer("app-1")(error) == (
        "resolve_digest could not look up the digest of the image's tag (HTTP 422): "
        "POST /mc/registries/digest failed with status 422: Image acme/api:9 was not found.")


@pytest.mark.parametrize("options, problem", [
    (dict(image_digest="sha256:" + "a" * 64), "image_digest gives one"),
    (dict(image_digest=""), "image_digest gives one"),
    (dict(image="acme/web:1@sha256:" + "a" * 64), "image gives one"),
])
def test_resolve_digest_with_a_digest_given_is_a_problem(options, problem):
    assert template_option_problems(template_args(resolve_digest=True, **options), "container_templates[1].") == [
        "container_templates[1].resolve_digest=true looks the digest up, but container_templates[1].%s; give one or the other" % problem]


def test_resolve_digest_false_next_to_a_digest_is_no_problem():
    assert template_option_problems(template_args(resolve_digest=False, image_digest="sha256:" + "a" * 64)) == []


def test_an_image_gives_every_part_and_unpins_without_a_digest():
    pinned = dict(WEB, imageDigest="sha256:" + "a" * 64)
    predicted = merge_template(pinned, template_args(image="docker.io/acme/web:3"), registry_hosts)
    assert [predicted[field] for field in ("imageNamespace", "imageName", "imageTag", "imageDigest", "image")] == [
        "acme", "web", "3", None, "docker.io/acme/web:3"]


def test_an_image_digest_pins_an_image_given_without_one():
    predicted = merge_template(WEB, template_args(image="docker.io/library/nginx:1.27", image_digest="sha256:" + "d" * 64), registry_hosts)
    assert predicted["imageDigest"] == "sha256:" + "d" * 64


def test_an_empty_digest_unpins_and_is_sent_as_null():
    pinned = dict(WEB, imageDigest="sha256:" + "a" * 64, image="docker.io/library/nginx:1.25@sha256:" + "a" * 64)
    predicted = merge_template(pinned, template_args(image_digest=""), registry_hosts)
    assert template_patch(pinned, predicted) == {"image": "docker.io/library/nginx:1.25", "imageDigest": None}


def test_an_empty_digest_on_an_unpinned_template_is_no_change():
    assert template_patch(WEB, merge_template(WEB, template_args(image_digest=""), registry_hosts)) == {}


def test_an_unpinned_template_sent_whole_carries_a_null_digest():
    app = dict(APP, containerTemplates=[dict(WEB, imageDigest="sha256:" + "a" * 64), WORKER])
    predicted = merge_app(app, app_args(container_templates=[template_args(name="web", image_digest="")]), registry_hosts)
    sent = app_patch(app, predicted)["containerTemplates"]
    assert (sent[0]["imageDigest"], "imageDigest" in sent[1]) == (None, False)


def test_registry_hosts_are_read_once_each():
    class Client:
        def __init__(self):
            self.paths = []

        def get(self, path, params=None):
            self.paths.append(path)
            return {"id": int(path.rsplit("/", 1)[-1]), "hostName": "ghcr.io"}

    client = Client()
    hosts = RegistryHosts(client)
    assert [hosts("102"), hosts("102")] == ["ghcr.io", "ghcr.io"]
    assert client.paths == ["/mc/registries/102"]


def test_a_registry_without_a_host_name_makes_an_image_reference_without_host():
    hosts = RegistryHosts(AppReader({"id": 103, "displayName": "Private"}))
    predicted = merge_template(dict(WEB, imageRegistryId="103"), template_args(image_tag="1.27"), hosts)
    assert predicted["image"] == "library/nginx:1.27"


def test_an_image_for_a_registry_without_a_host_name_is_a_problem():
    options = template_args(image="docker.io/library/nginx:1.27")
    predicted = merge_template(dict(WEB, imageRegistryId="103"), options, lambda registry_id: "")
    assert image_host_problems(options, predicted, lambda registry_id: "") == [
        "image names the registry host docker.io, but image_registry_id 103 is the registry at no host; "
        "give the image_registry_id of the docker.io registry"]


def test_an_image_for_another_registry_host_is_a_problem_before_any_write():
    options = template_args(image="docker.io/library/nginx:1.27")
    predicted = merge_template(dict(WEB, imageRegistryId="102"), options, registry_hosts)
    assert image_host_problems(options, predicted, registry_hosts) == [
        "image names the registry host docker.io, but image_registry_id 102 is the registry at ghcr.io; "
        "give the image_registry_id of the docker.io registry"]


# --- Removing what was set -----------------------------------------------------------------------

def test_purge_entry_point_clears_the_parts_not_given():
    predicted = merge_template(WEB, template_args(entry_point=entry(working_directory="/srv"), purge_entry_point=True), registry_hosts)
    assert template_patch(WEB, predicted) == {"entryPoint": {
        "command": None, "commandArray": None, "arguments": None, "argumentsArray": None, "workingDirectory": "/srv"}}


def test_an_entry_point_without_purge_keeps_the_parts_not_given():
    predicted = merge_template(WEB, template_args(entry_point=entry(working_directory="/srv")), registry_hosts)
    assert predicted["entryPoint"] == {"command": "nginx", "arguments": None, "workingDirectory": "/srv"}


def test_a_cleared_entry_point_is_sent_as_nulls_in_a_whole_template():
    predicted = merge_app(APP, app_args(container_templates=[
        template_args(name="web", entry_point=entry(), purge_entry_point=True)]), registry_hosts)
    assert app_patch(APP, predicted)["containerTemplates"][0]["entryPoint"] == dict.fromkeys(
        ("command", "commandArray", "arguments", "argumentsArray", "workingDirectory"))


def test_purge_probes_removes_the_probes_not_given():
    probes = dict(startup=None, readiness=probe(tcp_socket=dict(port_number=80)), liveness=None)
    predicted = merge_template(WEB, template_args(probes=probes, purge_probes=True), registry_hosts)
    assert template_patch(WEB, predicted) == {"probes": {"readiness": {
        "initialDelaySeconds": 10, "periodSeconds": 10, "timeoutSeconds": 7, "failureThreshold": 3, "successThreshold": 1,
        "tcpSocket": {"request": {"portNumber": 80}}}}}


def test_probes_without_purge_keep_the_probes_not_given():
    probes = dict(startup=None, readiness=probe(tcp_socket=dict(port_number=80)), liveness=None)
    predicted = merge_template(WEB, template_args(probes=probes), registry_hosts)
    assert sorted(predicted["probes"]) == ["liveness", "readiness"]


def test_no_probes_left_are_sent_as_empty_probes():
    predicted = merge_app(APP, app_args(container_templates=[
        template_args(name="web", probes=dict(startup=None, readiness=None, liveness=None), purge_probes=True)]), registry_hosts)
    assert app_patch(APP, predicted)["containerTemplates"][0]["probes"] == {}


def test_purge_volume_mounts_removes_the_mounts_not_given():
    predicted = merge_template(WEB, template_args(volume_mounts=[dict(name="cache", mount_path="/cache")], purge_volume_mounts=True), registry_hosts)
    assert template_patch(WEB, predicted) == {"volumeMounts": [{"name": "cache", "mountPath": "/cache"}]}


# --- Endpoints -------------------------------------------------------------------------------------

def test_the_same_pull_zone_given_as_a_number_is_no_change():
    endpoint = cdn_endpoint("public", pull_zone_id=4711, port_mappings=[dict(container_port=80, exposed_port=None, protocols=None)])
    assert template_patch(WEB, merge_template(WEB, template_args(endpoints=[endpoint]), registry_hosts)) == {}


def test_switching_an_endpoint_to_anycast_keeps_its_id_and_nothing_of_the_cdn():
    endpoint = dict(display_name="public", cdn=None, anycast=dict(port_mappings=[dict(container_port=53, exposed_port=53, protocols=["udp"])]))
    predicted = merge_template(WEB, template_args(endpoints=[endpoint]), registry_hosts)
    assert predicted["endpoints"] == [{"id": "ep-1", "displayName": "public", "type": "anycast", "portMappings": [
        {"containerPort": 53, "exposedPort": 53, "protocols": ["udp"]}]}]
    assert template_patch(WEB, predicted)["endpoints"] == [{"displayName": "public", "anycast": {
        "type": "iPv4", "portMappings": [{"containerPort": 53, "exposedPort": 53, "protocols": ["udp"]}]}}]


def test_endpoints_read_without_a_type_are_anycast_when_they_have_public_addresses():
    # The contract's read shape has no type field.
    cdn = {key: value for key, value in WEB["endpoints"][0].items() if key != "type"}
    anycast = {"id": "ep-2", "displayName": "dns", "publicIpAddresses": [{"address": "192.0.2.1", "region": "DE"}],
               "portMappings": [{"containerPort": 53, "exposedPort": 53, "protocols": ["udp"]}]}
    template = dict(WEB, endpoints=[cdn, anycast])
    app = dict(APP, containerTemplates=[template, WORKER])
    predicted = merge_app(app, app_args(container_templates=[template_args(name="worker", image_tag="3")]), registry_hosts)
    assert request_problems(template, "web") == []
    assert app_patch(app, predicted)["containerTemplates"][0]["endpoints"] == [
        {"displayName": "public", "cdn": {"portMappings": [{"containerPort": 80, "exposedPort": 80, "protocols": ["tcp"]}],
                                          "isSslEnabled": True, "pullZoneId": 4711}},
        {"displayName": "dns", "anycast": {"type": "iPv4", "portMappings": [
            {"containerPort": 53, "exposedPort": 53, "protocols": ["udp"]}]}},
    ]


def test_an_endpoint_of_a_type_requests_cannot_carry_is_a_problem():
    template = dict(WEB, endpoints=WEB["endpoints"] + [{"id": "ep-2", "displayName": "direct", "type": "publicIp", "portMappings": []}])
    assert request_problems(template, "web") == ["web endpoint 'direct' is of type publicIp, which a request cannot carry"]


# --- New templates ---------------------------------------------------------------------------------

def test_a_new_template_is_predicted_in_the_shape_a_read_returns():
    options = template_args(name="cron", image_name="cron", image_namespace="acme", image_tag="1", image_registry_id="102")
    assert merge_template({}, options, registry_hosts) == {
        "name": "cron", "image": "ghcr.io/acme/cron:1", "imageName": "cron", "imageNamespace": "acme", "imageTag": "1",
        "imageRegistryId": "102", "imageDigest": None, "entryPoint": dict.fromkeys(
            ("command", "commandArray", "arguments", "argumentsArray", "workingDirectory")),
        "probes": {}, "environmentVariables": [], "endpoints": [], "volumeMounts": []}


# --- Secrets and node selectors --------------------------------------------------------------------

def test_secret_values_are_the_wanted_and_the_present_ones():
    template = dict(WEB, environmentVariables=[{"name": "TOKEN", "value": "old-token"}, {"name": "MODE", "value": "prod"}])
    assert secret_values(template, template_args(secret_environment_variables={"TOKEN": "new-token", "FLAG": True})) == [
        "new-token", "true", "old-token"]


def test_secret_variables_are_written_with_the_plain_ones():
    predicted = merge_template(WEB, template_args(environment_variables={"MODE": "dev"}, secret_environment_variables={"TOKEN": "t0k3n"}), registry_hosts)
    assert template_patch(WEB, predicted)["environmentVariables"] == [
        {"name": "LOG_LEVEL", "value": "info"}, {"name": "MODE", "value": "dev"}, {"name": "TOKEN", "value": "t0k3n"}]


def test_node_selectors_are_left_out_of_what_a_read_can_confirm():
    params = app_args(region_settings=region(max_allowed_regions=3, node_selectors={"disk": "ssd"}))
    assert without_node_selectors(params)["region_settings"] == region(max_allowed_regions=3)
    assert params["region_settings"]["node_selectors"] == {"disk": "ssd"}


def test_the_node_selectors_sent_are_added_to_the_read():
    read = {"id": "app-1", "regionSettings": {"allowedRegionIds": ["DE"]}}
    body = {"regionSettings": {"allowedRegionIds": ["DE"], "nodeSelectors": {"disk": "ssd"}}}
    assert with_node_selectors(read, body)["regionSettings"] == {"allowedRegionIds": ["DE"], "nodeSelectors": {"disk": "ssd"}}
    assert with_node_selectors(read, {"name": "x"}) is read
    assert read == {"id": "app-1", "regionSettings": {"allowedRegionIds": ["DE"]}}


def test_node_selectors_are_added_to_a_read_without_region_settings():
    read = {"id": "app-1"}
    assert with_node_selectors(read, {"regionSettings": {"nodeSelectors": {"disk": "ssd"}}}) == {
        "id": "app-1", "regionSettings": {"nodeSelectors": {"disk": "ssd"}}}


def test_node_selectors_a_read_does_return_are_the_ones_reported():
    read = {"id": "app-1", "regionSettings": {"nodeSelectors": {"disk": "hdd"}}}
    assert with_node_selectors(read, {"regionSettings": {"nodeSelectors": {"disk": "ssd"}}}) == read


# --- Rules that span options, and the application's volumes --------------------------------------

def test_an_image_pinning_another_digest_than_image_digest_is_a_problem():
    options = template_args(image="acme/web:1@sha256:" + "a" * 64, image_digest="sha256:" + "b" * 64)
    assert template_option_problems(options, "container_templates[0].") == [
        "container_templates[0].image pins sha256:%s but container_templates[0].image_digest is 'sha256:%s'; "
        "give the digest in one of them" % ("a" * 64, "b" * 64)]


def test_variables_both_plain_and_secret_are_a_problem():
    options = template_args(environment_variables={"A": "1", "B": "2", "C": "3"}, secret_environment_variables={"B": "x", "A": "y"})
    assert template_option_problems(options, "container_templates[0].") == [
        "container_templates[0].environment_variables and container_templates[0].secret_environment_variables both name "
        "'A', 'B'; name each variable once"]


def test_the_same_digest_in_image_and_image_digest_is_no_problem():
    digest = "sha256:" + "a" * 64
    assert template_option_problems(template_args(image="acme/web:1@" + digest, image_digest=digest)) == []


def test_purging_every_template_is_a_problem():
    assert app_option_problems(app_args(container_templates=[], purge_container_templates=True)) == [
        "container_templates is empty, so purge_container_templates=true would delete every container template; "
        "an application keeps at least one"]
    assert app_option_problems(app_args(container_templates=[], purge_container_templates=False)) == []


def test_purging_a_mounted_volume_names_the_template_and_the_mount():
    predicted = merge_app(APP, app_args(volumes=[{"name": "cache", "size": 2}], purge_volumes=True), registry_hosts)
    assert app_problems(APP, predicted, app_args()) == [
        "purge_volumes would delete volume 'uploads', which container template 'web' still mounts at /data/uploads; "
        "remove the mount first (its volume_mounts with purge_volume_mounts=true)"]


def test_a_mount_of_a_volume_the_application_will_not_have_is_a_problem():
    params = app_args(container_templates=[template_args(name="worker", volume_mounts=[dict(name="logs", mount_path="/logs")])])
    assert app_problems(APP, merge_app(APP, params, registry_hosts), params) == [
        "container_templates[0].volume_mounts[0].name names volume 'logs', which the application will not have; list it under volumes"]


@pytest.mark.parametrize("params, problem", [
    ({"region_settings": {"max_allowed_regions": 0}}, "region_settings.max_allowed_regions must be at least 1, got 0"),
    ({"region_settings": {"allowed_region_ids": ["DE"], "required_region_ids": ["FR", "DE", "UK"]}},
     "region_settings must list every required region in allowed_region_ids too, got 'FR', 'UK' only in required_region_ids"),
    ({"region_settings": {"node_selectors": {"gpu": {"model": "x"}}}},
     "region_settings.node_selectors must map names to text, numbers or booleans, got 'gpu' holding a dict"),
    ({"app_id": ""}, "app_id must be at least 1 characters long, got 0"),
])
def test_app_rules(params, problem):
    assert validate(params, APP_RULES) == [problem]


@pytest.mark.parametrize("params", [
    {"region_settings": {"allowed_region_ids": ["DE"], "required_region_ids": ["DE"]}},
    {"region_settings": {"required_region_ids": ["FR"]}},
    {"region_settings": {"max_allowed_regions": 1, "node_selectors": {"gpu": True, "zone": 1, "disk": "ssd"}}},
])
def test_app_rules_accept(params):
    assert validate(params, APP_RULES) == []


def entry(**members):
    values = dict(command=None, command_array=None, arguments=None, arguments_array=None, working_directory=None)
    values.update(members)
    return values
