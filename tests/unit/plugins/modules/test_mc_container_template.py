"""mc_container_template against the simulator."""

import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import mc_container_template
from ansible_collections.bunnynet.cloud.tests.unit.plugins.module_utils.scripted_api import ScriptedApi
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import (
    APP_ID,
    WEB,
    WEB_ID,
    load_storefront,
    read_raw,
    storefront,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds, without_fields

APP_PATH = "/mc/apps/" + APP_ID
WEB_PATH = "/mc/apps/%s/containers/%s" % (APP_ID, WEB_ID)
DIGEST = "sha256:" + "b" * 64
DIGEST_LOOKUP = ("POST", "/mc/registries/digest")
# What the tags of the web template's image resolve to in its registry.
TAG_DIGESTS = {"library/nginx:1.27": "sha256:" + "7" * 64, "library/nginx:1.25": "sha256:" + "5" * 64, "library/nginx:0.1": None}
# What only the server knows of an endpoint it adds: its id, host and addresses.
NEW_ENDPOINT_FIELDS = ("endpoints[].id", "endpoints[].public_host", "endpoints[].internal_ip_addresses", "endpoints[].public_ip_addresses")
# An endpoint of another kind starts afresh, with the server's defaults for what the request leaves out.
NEW_KIND_FIELDS = NEW_ENDPOINT_FIELDS + ("endpoints[].is_ssl_enabled", "endpoints[].pull_zone_id", "endpoints[].sticky_sessions")


def read_back(simulator):
    return read_raw(simulator, WEB_PATH)


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("name", "web")
    return run_module(mc_container_template, simulator.api_args(app_id=APP_ID, **options), check_mode=check_mode, diff=diff)


def writes(simulator):
    """The writes sent, without the digest lookups, which read although they are POSTs."""
    return [(entry["method"], entry["path"]) for entry in simulator.writes() if (entry["method"], entry["path"]) != DIGEST_LOOKUP]


def digest_lookups(simulator):
    return [entry["body"] for entry in simulator.writes() if (entry["method"], entry["path"]) == DIGEST_LOOKUP]


@pytest.fixture
def storefront_app(simulator):
    return load_storefront(simulator, tag_digests=TAG_DIGESTS)


# --- The prediction: check mode, apply and a read agree --------------------------------------------

def cdn(name, **details):
    return {"display_name": name, "cdn": details}


CHANGES = {
    "tag and pull policy": ({"image_tag": "1.27", "image_pull_policy": "ifNotPresent"}, ()),
    "tag and digest": ({"image_tag": "1.27", "image_digest": DIGEST}, ()),
    "tag, pinned to what it resolves to": ({"image_tag": "1.27", "resolve_digest": True}, ()),
    "pinned to what the tag resolves to now": ({"resolve_digest": True}, ()),
    "registry": ({"image_registry_id": "102"}, ()),
    "image and digest": ({"image": "docker.io/library/nginx:1.27", "image_digest": DIGEST}, ()),
    "unpin the digest": ({"image_digest": ""}, ()),
    "rename by id": ({"container_id": WEB_ID, "name": "frontend"}, ()),
    "entry point": ({"entry_point": {"command_array": ["nginx", "-g", "daemon off;"], "working_directory": "/srv"}}, ()),
    "clear the entry point": ({"entry_point": {}, "purge_entry_point": True}, ()),
    "keep one part of the entry point": ({"entry_point": {"working_directory": "/srv"}, "purge_entry_point": True}, ()),
    "probes": ({"probes": {
        "readiness": {"http_get": {"path": "/healthz", "port_number": 80, "expected_status_code": "ok"}, "period_seconds": 5},
        "liveness": {"grpc": {"port_number": 9090}}}}, ()),
    "replace the probes": ({"probes": {"startup": {"tcp_socket": {"port_number": 80}}}, "purge_probes": True}, ()),
    "variables": ({"environment_variables": {"LOG_LEVEL": "debug", "FEATURE_SEARCH": True}}, ()),
    "purge variables": ({"environment_variables": {"MODE": "prod"}, "purge_environment_variables": True}, ()),
    "a new endpoint": ({"endpoints": [cdn("admin", is_ssl_enabled=False, pull_zone_id=5000, port_mappings=[
        {"container_port": 9000, "exposed_port": 9000, "protocols": ["tcp"]}])]}, NEW_ENDPOINT_FIELDS + ("endpoints[].sticky_sessions",)),
    "another pull zone": ({"endpoints": [cdn("public", pull_zone_id=4712)]}, ()),
    "sticky sessions": ({"endpoints": [cdn("public", sticky_sessions={"enabled": True, "session_headers": ["X-Session"], "cookie_name": "sid"})]}, ()),
    "cdn to anycast": ({"endpoints": [{"display_name": "public", "anycast": {"port_mappings": [
        {"container_port": 80, "exposed_port": 80, "protocols": ["tcp"]}]}}]}, NEW_KIND_FIELDS),
    "mount a second volume": ({"volume_mounts": [{"name": "cache", "mount_path": "/var/cache/nginx"}]}, ()),
    "purge mounts": ({"volume_mounts": [{"name": "cache", "mount_path": "/cache"}], "purge_volume_mounts": True}, ()),
}


@pytest.mark.parametrize("options, server_fields", [pytest.param(*change, id=name) for name, change in CHANGES.items()])
def test_check_mode_predicts_what_applying_returns_and_a_read_finds(storefront_app, options, server_fields):
    checked = run(storefront_app, check_mode=True, diff=True, **options)
    assert checked["changed"] is True, checked
    assert writes(storefront_app) == []

    applied = run(storefront_app, diff=True, **options)
    stored = read_back(storefront_app)

    assert_prediction_holds(checked["container_template"], applied["container_template"], stored, server_fields)
    assert without_fields(applied["diff"]["after"], server_fields) == without_fields(stored, server_fields)
    assert applied["diff"]["before"] == checked["diff"]["before"]


def test_switching_an_endpoint_from_anycast_to_cdn_is_predicted(simulator):
    app = storefront()
    app["containerTemplates"][0]["endpoints"] = [{
        "id": "ep-dns", "displayName": "dns", "type": "anycast",
        "portMappings": [{"containerPort": 53, "exposedPort": 53, "protocols": ["udp"]}]}]
    load_storefront(simulator, app=app)
    options = dict(endpoints=[cdn("dns", is_ssl_enabled=True, pull_zone_id=4800, port_mappings=[
        {"container_port": 8053, "exposed_port": 443, "protocols": ["tcp"]}])])

    checked = run(simulator, check_mode=True, **options)
    applied = run(simulator, **options)

    stored = read_back(simulator)
    assert_prediction_holds(checked["container_template"], applied["container_template"], stored,
                            NEW_ENDPOINT_FIELDS + ("endpoints[].sticky_sessions",))
    assert (stored["endpoints"][0]["id"], stored["endpoints"][0]["type"], stored["endpoints"][0]["public_ip_addresses"]) == (
        "ep-dns", "cdn", [])
    assert simulator.writes()[0]["body"]["endpoints"] == [{"displayName": "dns", "cdn": {
        "portMappings": [{"containerPort": 8053, "exposedPort": 443, "protocols": ["tcp"]}], "isSslEnabled": True, "pullZoneId": 4800}}]


def test_a_new_tag_of_a_pinned_image_drops_the_old_digest_in_prediction_request_and_read_back(storefront_app):
    checked = run(storefront_app, check_mode=True, image_tag="1.27")
    applied = run(storefront_app, image_tag="1.27")

    stored = read_back(storefront_app)
    assert storefront_app.writes()[0]["body"] == {"image": "docker.io/library/nginx:1.27", "imageTag": "1.27", "imageDigest": None}
    assert [(result["image"], result["image_digest"]) for result in (checked["container_template"], applied["container_template"], stored)] == [
        ("docker.io/library/nginx:1.27", None)] * 3


# --- Pinning the digest the tag resolves to -------------------------------------------------------

def test_resolve_digest_asks_for_the_wanted_tag_in_check_mode_and_predicts_it_pinned(storefront_app):
    checked = run(storefront_app, check_mode=True, image_tag="1.27", resolve_digest=True)

    assert digest_lookups(storefront_app) == [{"registryId": "101", "imageNamespace": "library", "imageName": "nginx", "tag": "1.27"}]
    assert writes(storefront_app) == []
    assert (checked["changed"], checked["container_template"]["image"]) == (True, "docker.io/library/nginx:1.27@" + TAG_DIGESTS["library/nginx:1.27"])


def test_resolve_digest_pins_the_digest_in_the_request_and_the_read_back(storefront_app):
    run(storefront_app, image_tag="1.27", resolve_digest=True)

    resolved = TAG_DIGESTS["library/nginx:1.27"]
    assert storefront_app.writes()[-1]["body"] == {"image": "docker.io/library/nginx:1.27@" + resolved, "imageTag": "1.27", "imageDigest": resolved}
    assert read_back(storefront_app)["image_digest"] == resolved


def test_resolve_digest_is_ok_while_the_tag_resolves_to_the_pinned_digest(storefront_app):
    run(storefront_app, image_tag="1.27", resolve_digest=True)
    storefront_app.clear_requests()

    result = run(storefront_app, image_tag="1.27", resolve_digest=True)

    assert result["changed"] is False
    assert writes(storefront_app) == []
    assert len(digest_lookups(storefront_app)) == 1


def test_a_tag_that_now_resolves_to_another_digest_is_a_change(storefront_app):
    result = run(storefront_app, diff=True, image_tag="1.25", resolve_digest=True)

    assert result["changed"] is True
    assert (result["diff"]["before"]["image_digest"], result["diff"]["after"]["image_digest"]) == (
        WEB["imageDigest"], TAG_DIGESTS["library/nginx:1.25"])
    assert storefront_app.writes()[-1]["body"] == {
        "image": "docker.io/library/nginx:1.25@" + TAG_DIGESTS["library/nginx:1.25"], "imageDigest": TAG_DIGESTS["library/nginx:1.25"]}


def test_a_tag_the_registry_does_not_have_fails_naming_resolve_digest_without_a_write(storefront_app):
    result = run(storefront_app, image_tag="0.1", resolve_digest=True)

    assert result["failed"] is True
    assert result["msg"].startswith("resolve_digest could not look up the digest of the image's tag (HTTP 422): ")
    assert "library/nginx:0.1" in result["msg"]
    assert (result["changed"], writes(storefront_app)) == (False, [])


def test_a_digest_lookup_does_not_count_as_a_change_when_the_run_fails_later(storefront_app):
    result = run(storefront_app, resolve_digest=True, volume_mounts=[{"name": "logs", "mount_path": "/logs"}])

    assert result["failed"] is True
    assert len(digest_lookups(storefront_app)) == 1
    assert result["changed"] is False


# --- Finding the template --------------------------------------------------------------------------

def test_finds_the_template_by_name_in_one_read(storefront_app):
    result = run(storefront_app, image_tag="1.25")

    assert result["container_template"]["id"] == WEB_ID
    assert [(entry["method"], entry["path"]) for entry in storefront_app.requests()] == [("GET", APP_PATH)]


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


# --- Writing --------------------------------------------------------------------------------------

def test_apply_patches_only_the_changed_fields(storefront_app):
    result = run(storefront_app, image_pull_policy="ifNotPresent", entry_point={"command": "nginx"})

    assert result["changed"] is True
    assert [(entry["method"], entry["path"], entry["body"]) for entry in storefront_app.writes()] == [
        ("PATCH", WEB_PATH, {"imagePullPolicy": "ifNotPresent"})]


@pytest.mark.parametrize("options, image", [
    ({"image_name": "angie"}, "docker.io/library/angie:1.25"),
    ({"image_namespace": "acme"}, "docker.io/acme/nginx:1.25"),
    ({"image_registry_id": "102"}, "ghcr.io/library/nginx:1.25"),
    ({"image": "docker.io/library/nginx:1.27"}, "docker.io/library/nginx:1.27"),
])
def test_another_image_without_a_digest_unpins(storefront_app, options, image):
    result = run(storefront_app, **options)

    assert writes(storefront_app) == [("PATCH", WEB_PATH)]
    assert storefront_app.writes()[0]["body"]["imageDigest"] is None
    assert (result["container_template"]["image"], read_back(storefront_app)["image_digest"]) == (image, None)


def test_changing_nothing_of_the_image_reference_keeps_the_digest(storefront_app):
    result = run(storefront_app, image_tag="1.25", image_pull_policy="ifNotPresent")

    assert "imageDigest" not in storefront_app.writes()[0]["body"]
    assert result["container_template"]["image"] == read_back(storefront_app)["image"] == WEB["image"]


def test_a_new_tag_with_a_digest_is_sent_with_the_image_reference_it_makes(storefront_app):
    run(storefront_app, image_tag="1.27", image_digest=DIGEST)

    assert [entry["body"] for entry in storefront_app.writes()] == [
        {"image": "docker.io/library/nginx:1.27@" + DIGEST, "imageTag": "1.27", "imageDigest": DIGEST}]


def test_reapplying_reports_ok_and_only_reads(storefront_app):
    options = dict(
        image_tag="1.27",
        environment_variables={"MODE": "staging"},
        probes={"readiness": {"http_get": {"path": "/healthz", "port_number": 80, "expected_status_code": "ok"}}},
        endpoints=[cdn("admin", port_mappings=[{"container_port": 9000}])],
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


def test_the_same_pull_zone_is_no_change(storefront_app):
    result = run(storefront_app, endpoints=[cdn("public", pull_zone_id=4711, port_mappings=[{"container_port": 80}])])

    assert result["changed"] is False
    assert storefront_app.writes() == []


def test_environment_variables_not_listed_stay(storefront_app):
    run(storefront_app, environment_variables={"MODE": "staging", "DEBUG": False})

    assert read_back(storefront_app)["environment_variables"] == [
        {"name": "LOG_LEVEL", "value": "info"}, {"name": "MODE", "value": "staging"}, {"name": "DEBUG", "value": "false"}]


def test_purge_environment_variables_removes_the_ones_not_listed(storefront_app):
    run(storefront_app, environment_variables={"MODE": "prod"}, purge_environment_variables=True)

    assert read_back(storefront_app)["environment_variables"] == [{"name": "MODE", "value": "prod"}]


def test_a_new_endpoint_keeps_the_existing_one(storefront_app):
    run(storefront_app, endpoints=[cdn("admin", port_mappings=[{"container_port": 9000}])])

    endpoints = read_back(storefront_app)["endpoints"]
    assert [(endpoint["display_name"], endpoint["id"]) for endpoint in endpoints][0] == ("public", "ep-public")
    assert [endpoint["display_name"] for endpoint in endpoints] == ["public", "admin"]


def test_purge_endpoints_removes_the_ones_not_listed(storefront_app):
    run(storefront_app, endpoints=[cdn("admin", port_mappings=[{"container_port": 9000}])], purge_endpoints=True)

    assert [endpoint["display_name"] for endpoint in read_back(storefront_app)["endpoints"]] == ["admin"]


def test_volume_mounts_not_listed_stay(storefront_app):
    run(storefront_app, volume_mounts=[{"name": "cache", "mount_path": "/cache"}])

    assert [mount["name"] for mount in read_back(storefront_app)["volume_mounts"]] == ["uploads", "cache"]


def test_purge_volume_mounts_removes_the_ones_not_listed(storefront_app):
    run(storefront_app, volume_mounts=[{"name": "cache", "mount_path": "/cache"}], purge_volume_mounts=True)

    assert read_back(storefront_app)["volume_mounts"] == [{"name": "cache", "mount_path": "/cache"}]


def test_switching_a_probe_to_http_replaces_its_tcp_check(storefront_app):
    run(storefront_app, probes={"liveness": {"http_get": {"path": "/healthz", "port_number": 80}}})

    liveness = read_back(storefront_app)["probes"]["liveness"]
    assert liveness["http_get"]["request"] == {"path": "/healthz", "port_number": 80}
    assert "tcp_socket" not in liveness
    assert liveness["period_seconds"] == 10


def test_purge_probes_removes_the_probes_not_listed(storefront_app):
    run(storefront_app, probes={"readiness": {"tcp_socket": {"port_number": 80}}}, purge_probes=True)

    assert sorted(read_back(storefront_app)["probes"]) == ["readiness"]


def test_an_empty_digest_unpins_the_image(storefront_app):
    result = run(storefront_app, image_digest="")

    assert storefront_app.writes()[0]["body"] == {"image": "docker.io/library/nginx:1.25", "imageDigest": None}
    assert result["container_template"]["image_digest"] is None
    assert read_back(storefront_app)["image_digest"] is None


def test_image_and_digest_are_applied_as_their_parts(storefront_app):
    run(storefront_app, image="docker.io/library/nginx:1.27", image_digest=DIGEST)

    stored = read_back(storefront_app)
    assert (stored["image"], stored["image_tag"], stored["image_digest"]) == ("docker.io/library/nginx:1.27@" + DIGEST, "1.27", DIGEST)


def test_renaming_by_id(storefront_app):
    result = run(storefront_app, container_id=WEB_ID, name="frontend")

    assert result["changed"] is True
    assert read_back(storefront_app)["name"] == "frontend"


def test_diff_shows_before_and_after(storefront_app):
    result = run(storefront_app, diff=True, image_tag="1.27")

    assert result["diff"]["before"]["image_tag"] == "1.25"
    assert result["diff"]["after"]["image_tag"] == "1.27"


@pytest.fixture
def scripted_api():
    api = ScriptedApi()
    yield api
    api.close()


def test_a_patch_that_answers_without_a_body_is_followed_by_a_read(scripted_api):
    changed = dict(WEB, imagePullPolicy="ifNotPresent")
    scripted_api.answer(200, WEB)
    scripted_api.answer(200, None)
    scripted_api.answer(200, changed)

    result = run_module(mc_container_template, dict(
        api_url=scripted_api.url, api_key="scripted-key", api_retries=0, app_id=APP_ID, container_id=WEB_ID,
        image_pull_policy="ifNotPresent"))

    assert [(entry["method"], entry["path"]) for entry in scripted_api.received] == [
        ("GET", WEB_PATH), ("PATCH", WEB_PATH), ("GET", WEB_PATH)]
    assert result["container_template"]["image_pull_policy"] == "ifNotPresent"
    assert result["changed"] is True


# --- Writes whose answer is lost ------------------------------------------------------------------

@pytest.mark.parametrize("fault", [dict(status=504), dict(drop_connection=True)], ids=["504", "dropped connection"])
def test_a_patch_whose_answer_is_lost_after_it_took_effect_is_settled_by_a_read(storefront_app, fault):
    storefront_app.fault(method="PATCH", path="^%s$" % WEB_PATH, apply=True, count=1, **fault)

    result = run(storefront_app, image_tag="1.27")

    assert (result.get("failed"), result["changed"], result["container_template"]["image_tag"]) == (None, True, "1.27")
    assert writes(storefront_app) == [("PATCH", WEB_PATH)]
    assert read_back(storefront_app)["image_tag"] == "1.27"


def test_a_patch_lost_before_it_took_effect_is_sent_again(storefront_app):
    storefront_app.fault(method="PATCH", path="^%s$" % WEB_PATH, status=502, count=1)

    result = run(storefront_app, image_tag="1.27")

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert writes(storefront_app) == [("PATCH", WEB_PATH), ("PATCH", WEB_PATH)]


# --- Secrets in environment variables -------------------------------------------------------------

SECRET = "correct-horse-battery-staple"
OLD_SECRET = "tr0ub4dor-and-3"


@pytest.fixture
def template_with_a_secret(simulator):
    app = storefront()
    app["containerTemplates"][0]["environmentVariables"].append({"name": "DB_PASSWORD", "value": OLD_SECRET})
    return load_storefront(simulator, app=app)


def test_secret_variables_are_written_but_their_values_never_shown(template_with_a_secret):
    options = dict(secret_environment_variables={"DB_PASSWORD": SECRET})

    checked = run(template_with_a_secret, check_mode=True, diff=True, **options)
    applied = run(template_with_a_secret, diff=True, **options)

    assert (checked["changed"], applied["changed"]) == (True, True)
    for output in (checked, applied):
        assert SECRET not in json.dumps(output)
        assert OLD_SECRET not in json.dumps(output)
    assert {"name": "DB_PASSWORD", "value": SECRET} in read_back(template_with_a_secret)["environment_variables"]


def secret_shown(side):
    return [variable["value"] for variable in side["environment_variables"] if variable["name"] == "DB_PASSWORD"]


# A secret handed on from a task that, in check mode, cannot know it yet (a rotation's new key) arrives as null or "".
@pytest.mark.parametrize("value", [SECRET, None, ""], ids=["known", "null", "empty"])
def test_a_secret_variable_shows_as_the_mask_in_the_diff_and_result_in_check_mode_and_in_a_run(template_with_a_secret, value):
    options = dict(secret_environment_variables={"DB_PASSWORD": value})

    checked = run(template_with_a_secret, check_mode=True, diff=True, **options)
    applied = run(template_with_a_secret, diff=True, **options)

    for output in (checked, applied):
        assert (secret_shown(output["diff"]["before"]), secret_shown(output["diff"]["after"])) == (["********"], ["********"])
        assert secret_shown(output["container_template"]) == ["********"]
    assert {"name": "DB_PASSWORD", "value": value or ""} in read_back(template_with_a_secret)["environment_variables"]


def test_secret_variables_are_compared_for_idempotency(template_with_a_secret):
    run(template_with_a_secret, secret_environment_variables={"DB_PASSWORD": SECRET})
    template_with_a_secret.clear_requests()

    result = run(template_with_a_secret, secret_environment_variables={"DB_PASSWORD": SECRET})

    assert result["changed"] is False
    assert template_with_a_secret.writes() == []


def test_an_unchanged_secret_is_hidden_in_the_result_too(template_with_a_secret):
    result = run(template_with_a_secret, diff=True, secret_environment_variables={"DB_PASSWORD": OLD_SECRET})

    assert result["changed"] is False
    assert OLD_SECRET not in json.dumps(result)


def test_secret_and_plain_variables_are_purged_together(template_with_a_secret):
    run(template_with_a_secret, environment_variables={"MODE": "prod"}, secret_environment_variables={"DB_PASSWORD": SECRET},
        purge_environment_variables=True)

    assert read_back(template_with_a_secret)["environment_variables"] == [
        {"name": "MODE", "value": "prod"}, {"name": "DB_PASSWORD", "value": SECRET}]


# --- Failures -------------------------------------------------------------------------------------

def test_a_new_endpoint_without_port_mappings_fails_without_a_write(storefront_app):
    result = run(storefront_app, endpoints=[cdn("admin", is_ssl_enabled=True)])

    assert result["failed"] is True
    assert "endpoint 'admin' is new, so it needs port_mappings" in result["msg"]
    assert storefront_app.writes() == []


def test_an_endpoint_of_a_type_requests_cannot_carry_fails_without_a_write(simulator):
    app = storefront()
    app["containerTemplates"][0]["endpoints"].append({"id": "ep-direct", "displayName": "direct", "type": "publicIp"})
    load_storefront(simulator, app=app)

    result = run(simulator, endpoints=[cdn("admin", port_mappings=[{"container_port": 9000}])])

    assert result["failed"] is True
    assert "endpoint 'direct' is of type publicIp, which a request cannot carry" in result["msg"]
    assert simulator.writes() == []


@pytest.mark.parametrize("find_by, reads", [
    ({}, [APP_PATH]),
    ({"name": None, "container_id": WEB_ID}, [WEB_PATH, APP_PATH]),
])
def test_a_mount_of_a_volume_the_application_lacks_fails_without_a_write(storefront_app, find_by, reads):
    result = run(storefront_app, volume_mounts=[{"name": "logs", "mount_path": "/logs"}], **find_by)

    assert result["failed"] is True
    assert result["msg"] == (
        "Cannot update container template 'web' of application %s: volume_mounts[0].name names volume 'logs', which the "
        "application will not have; add it with bunnynet.cloud.mc_app's volumes first." % APP_ID)
    assert [entry["path"] for entry in storefront_app.requests()] == reads


def test_an_image_from_another_registry_host_fails_without_a_write(storefront_app):
    result = run(storefront_app, image="ghcr.io/library/nginx:1.27")

    assert result["failed"] is True
    assert "image names the registry host ghcr.io, but image_registry_id 101 is the registry at docker.io" in result["msg"]
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
    ({"environment_variables": {"": "x"}}, "environment_variables must map names to text, numbers or booleans, got an empty name"),
    ({"environment_variables": {"HOSTS": ["a", "b"]}},
     "environment_variables must map names to text, numbers or booleans, got 'HOSTS' holding a list"),
    ({"secret_environment_variables": {"TOKENS": {"a": SECRET}}},
     "secret_environment_variables must map names to text, numbers or booleans, got 'TOKENS' holding a dict"),
    ({"environment_variables": {"TOKEN": "x"}, "secret_environment_variables": {"TOKEN": SECRET}},
     "environment_variables and secret_environment_variables both name 'TOKEN'; name each variable once"),
    ({"app_id": ""}, "app_id must be at least 1 characters long, got 0"),
    ({"name": None, "container_id": ""}, "container_id must be at least 1 characters long, got 0"),
    ({"image": "nginx:1.29", "image_tag": "1.27"}, "parameters are mutually exclusive: image|image_tag"),
    ({"image": "nginx:1.29", "image_name": "nginx"}, "parameters are mutually exclusive: image|image_name"),
    ({"image": "library/nginx:1.29", "image_namespace": "library"}, "parameters are mutually exclusive: image|image_namespace"),
    ({"image": "docker.io/library/nginx"}, "image must be [<registry host>/]<namespace>/<name>:<tag>[@<digest>], "
                                           "got 'docker.io/library/nginx' (no :<tag>)"),
    ({"image": "docker.io/library/nginx:1.29@md5:abc"}, "image must be [<registry host>/]<namespace>/<name>:<tag>[@<digest>], "
                                                        "got 'docker.io/library/nginx:1.29@md5:abc' (the digest 'md5:abc' is not"),
    ({"image": "docker.io/library/nginx:1.29@" + DIGEST, "image_digest": "sha256:" + "c" * 64},
     "image pins %s but image_digest is 'sha256:%s'; give the digest in one of them" % (DIGEST, "c" * 64)),
    ({"resolve_digest": True, "image_digest": DIGEST},
     "resolve_digest=true looks the digest up, but image_digest gives one; give one or the other"),
    ({"resolve_digest": True, "image_digest": ""},
     "resolve_digest=true looks the digest up, but image_digest gives one; give one or the other"),
    ({"resolve_digest": True, "image": "docker.io/library/nginx:1.29@" + DIGEST},
     "resolve_digest=true looks the digest up, but image gives one; give one or the other"),
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
    options = dict(options)
    result = run_module(mc_container_template, simulator.api_args(**dict(dict(app_id=APP_ID, name="web"), **options)))

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []
