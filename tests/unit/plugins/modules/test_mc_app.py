"""mc_app against the simulator."""

import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import AUTH_REFUSED
from ansible_collections.bunnynet.cloud.plugins.modules import mc_app
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import (
    APP_ID,
    WEB_ID,
    WORKER_ID,
    load_storefront,
    read_raw,
    storefront,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds, without_fields

APP_PATH = "/mc/apps/" + APP_ID
# Only the server knows these: an application that changed is progressing for a while.
SERVER_FIELDS = ("status",)
NEW_TEMPLATE_FIELDS = ("container_templates[].id", "container_templates[].package_id")
DIGEST = "sha256:" + "b" * 64
DIGEST_LOOKUP = ("POST", "/mc/registries/digest")
# What the tags of the templates' images resolve to in their registry.
TAG_DIGESTS = {"library/nginx:1.27": "sha256:" + "7" * 64, "acme/worker:3": "sha256:" + "3" * 64}


def read_back(simulator):
    return read_raw(simulator, APP_PATH)


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("app_id", APP_ID)
    return run_module(mc_app, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def writes(simulator):
    """The writes sent, without the digest lookups, which read although they are POSTs."""
    return [(entry["method"], entry["path"]) for entry in simulator.writes() if (entry["method"], entry["path"]) != DIGEST_LOOKUP]


def digest_lookups(simulator):
    return [entry["body"] for entry in simulator.writes() if (entry["method"], entry["path"]) == DIGEST_LOOKUP]


@pytest.fixture
def storefront_app(simulator):
    return load_storefront(simulator, tag_digests=TAG_DIGESTS, settings={"progressing_seconds": 0.3})


def template(app, name):
    return next(item for item in app["container_templates"] if item["name"] == name)


# --- The prediction: check mode, apply and a read agree --------------------------------------------

CHANGES = {
    "rename and rescale": ({"name": "shop", "autoscaling": {"min": 2, "max": 8}}, ()),
    "runtime type": ({"runtime_type": "reserved"}, ()),
    "regions": ({"region_settings": {"allowed_region_ids": ["SE", "DE", "UK"], "max_allowed_regions": 3}}, ()),
    "grow a volume": ({"volumes": [{"name": "uploads", "size": 20}]}, ()),
    "purge a volume no template mounts": (
        {"volumes": [{"name": "uploads", "size": 5}, {"name": "cache", "size": 2}], "purge_volumes": True}, ()),
    "new tag": ({"container_templates": [{"name": "worker", "image_tag": "3"}]}, ()),
    "new tag of the pinned template": ({"container_templates": [{"name": "web", "image_tag": "1.27"}]}, ()),
    "new tag, pinned to what it resolves to": ({"container_templates": [{"name": "web", "image_tag": "1.27", "resolve_digest": True}]}, ()),
    "new registry": ({"container_templates": [{"name": "web", "image_registry_id": "102"}]}, ()),
    "image and digest": ({"container_templates": [{"name": "web", "image": "docker.io/library/nginx:1.27", "image_digest": DIGEST}]}, ()),
    "unpin the digest": ({"container_templates": [{"name": "web", "image_digest": ""}]}, ()),
    "remove every probe": ({"container_templates": [{"name": "web", "probes": {}, "purge_probes": True}]}, ()),
    "clear the entry point": ({"container_templates": [{"name": "web", "entry_point": {}, "purge_entry_point": True}]}, ()),
    "remove a mount and purge its volume": ({
        "volumes": [{"name": "uploads", "size": 5}], "purge_volumes": True,
        "container_templates": [{"name": "worker", "volume_mounts": [], "purge_volume_mounts": True}]}, ()),
    "a new template": ({"container_templates": [{
        "name": "cron", "image_name": "cron", "image_namespace": "acme", "image_tag": "1", "image_registry_id": "102",
        "image_pull_policy": "always", "environment_variables": {"SCHEDULE": "hourly"},
        "volume_mounts": [{"name": "scratch", "mount_path": "/tmp/cron"}]}]}, NEW_TEMPLATE_FIELDS),
    "purge a template": ({"container_templates": [{"name": "web"}], "purge_container_templates": True}, ()),
}


@pytest.mark.parametrize("options, server_fields", [pytest.param(*change, id=name) for name, change in CHANGES.items()])
def test_check_mode_predicts_what_applying_returns_and_a_read_finds(storefront_app, options, server_fields):
    checked = run(storefront_app, check_mode=True, diff=True, **options)
    assert checked["changed"] is True, checked
    assert writes(storefront_app) == []

    applied = run(storefront_app, diff=True, **options)
    stored = read_back(storefront_app)

    fields = SERVER_FIELDS + server_fields
    assert_prediction_holds(checked["app"], applied["app"], stored, fields)
    assert without_fields(applied["diff"]["after"], fields) == without_fields(stored, fields)
    assert without_fields(applied["diff"]["before"], fields) == without_fields(checked["diff"]["before"], fields)


def test_a_new_tag_predicts_the_image_reference_the_api_then_holds(storefront_app):
    checked = run(storefront_app, check_mode=True, container_templates=[{"name": "worker", "image_tag": "3"}])

    assert template(checked["app"], "worker")["image"] == "docker.io/acme/worker:3"


def test_a_new_tag_of_a_pinned_template_sends_a_null_digest(storefront_app):
    result = run(storefront_app, container_templates=[{"name": "web", "image_tag": "1.27"}])

    sent = storefront_app.writes()[0]["body"]["containerTemplates"]
    assert [(item["id"], item.get("imageDigest", "absent"), item["image"]) for item in sent] == [
        (WEB_ID, None, "docker.io/library/nginx:1.27"), (WORKER_ID, "absent", "docker.io/acme/worker:2")]
    assert template(result["app"], "web")["image_digest"] is None


def test_resolve_digest_pins_only_the_templates_that_ask_for_it(storefront_app):
    run(storefront_app, container_templates=[
        {"name": "web", "image_tag": "1.27", "resolve_digest": True}, {"name": "worker", "image_tag": "3"}])

    stored = read_back(storefront_app)
    assert digest_lookups(storefront_app) == [{"registryId": "101", "imageNamespace": "library", "imageName": "nginx", "tag": "1.27"}]
    assert [(item["image"], item["image_digest"]) for item in stored["container_templates"]] == [
        ("docker.io/library/nginx:1.27@" + TAG_DIGESTS["library/nginx:1.27"], TAG_DIGESTS["library/nginx:1.27"]),
        ("docker.io/acme/worker:3", None)]


def test_resolve_digest_is_ok_while_the_tags_resolve_to_the_pinned_digests(storefront_app):
    options = dict(container_templates=[{"name": "web", "image_tag": "1.27", "resolve_digest": True},
                                        {"name": "worker", "image_tag": "3", "resolve_digest": True}])
    run(storefront_app, **options)
    storefront_app.clear_requests()

    result = run(storefront_app, check_mode=True, **options)

    assert result["changed"] is False
    assert (writes(storefront_app), len(digest_lookups(storefront_app))) == ([], 2)


def test_the_image_reference_takes_the_host_of_the_registry_it_reads(storefront_app):
    checked = run(storefront_app, check_mode=True, container_templates=[{"name": "web", "image_registry_id": "102"}])

    # The digest was taken of the image on the other registry, so it goes with it.
    assert template(checked["app"], "web")["image"] == "ghcr.io/library/nginx:1.25"
    assert ("GET", "/mc/registries/102") in [(entry["method"], entry["path"]) for entry in storefront_app.requests()]


def test_node_selectors_are_predicted_and_reported_although_reads_never_return_them(storefront_app):
    options = dict(region_settings={"node_selectors": {"disk": "ssd"}})

    checked = run(storefront_app, check_mode=True, **options)
    applied = run(storefront_app, **options)

    assert without_fields(checked["app"], SERVER_FIELDS) == without_fields(applied["app"], SERVER_FIELDS)
    assert applied["app"]["region_settings"]["node_selectors"] == {"disk": "ssd"}
    assert "node_selectors" not in read_back(storefront_app)["region_settings"]


# --- Writing --------------------------------------------------------------------------------------

def test_apply_sends_one_patch_with_only_the_changed_fields(storefront_app):
    result = run(storefront_app, name="shop", autoscaling={"min": 1, "max": 3}, runtime_type="shared")

    assert result["changed"] is True
    assert [(entry["method"], entry["path"], entry["body"]) for entry in storefront_app.writes()] == [
        ("PATCH", APP_PATH, {"name": "shop"})]


def test_a_new_runtime_type_is_sent(storefront_app):
    run(storefront_app, runtime_type="reserved")

    assert [entry["body"] for entry in storefront_app.writes()] == [{"runtimeType": "reserved"}]


def test_reapplying_reports_ok_and_only_reads(storefront_app):
    run(storefront_app, name="shop", region_settings={"allowed_region_ids": ["UK", "DE", "SE"]},
        container_templates=[{"name": "worker", "image_tag": "3"}])
    storefront_app.clear_requests()

    result = run(storefront_app, name="shop", region_settings={"allowed_region_ids": ["SE", "DE", "UK"]},
                 container_templates=[{"name": "worker", "image_tag": "3"}])

    assert result["changed"] is False
    assert {entry["method"] for entry in storefront_app.requests()} == {"GET"}


def test_region_settings_are_applied_and_reapplied_in_another_order_as_ok(storefront_app):
    regions = {"allowed_region_ids": ["SE", "DE", "UK"], "required_region_ids": ["UK", "DE"]}
    run(storefront_app, region_settings=regions)
    assert read_back(storefront_app)["region_settings"] == {
        "allowed_region_ids": ["SE", "DE", "UK"], "required_region_ids": ["UK", "DE"], "max_allowed_regions": 2}
    storefront_app.clear_requests()

    result = run(storefront_app, region_settings={"allowed_region_ids": ["UK", "SE", "DE"], "required_region_ids": ["DE", "UK"]})

    assert (result["changed"], storefront_app.writes()) == (False, [])


def test_check_mode_on_the_converged_app_reports_ok(storefront_app):
    run(storefront_app, autoscaling={"min": 2, "max": 8})

    result = run(storefront_app, check_mode=True, autoscaling={"min": 2, "max": 8})

    assert result["changed"] is False


def test_changing_one_volume_leaves_the_other_volumes_and_every_template(storefront_app):
    templates_before = read_back(storefront_app)["container_templates"]

    run(storefront_app, volumes=[{"name": "uploads", "size": 20}])

    app = read_back(storefront_app)
    assert sorted((volume["name"], volume["size"]) for volume in app["volumes"]) == [("cache", 2), ("scratch", 1), ("uploads", 20)]
    assert app["container_templates"] == templates_before


def test_purge_volumes_deletes_the_volumes_not_listed(storefront_app):
    run(storefront_app, volumes=[{"name": "uploads", "size": 5}, {"name": "cache", "size": 2}], purge_volumes=True)

    assert [volume["name"] for volume in read_back(storefront_app)["volumes"]] == ["uploads", "cache"]


def test_changing_one_template_leaves_the_other_template_whole(storefront_app):
    web_before = template(read_back(storefront_app), "web")

    run(storefront_app, container_templates=[{"name": "worker", "image_tag": "3"}])

    app = read_back(storefront_app)
    assert template(app, "web") == web_before
    worker = template(app, "worker")
    assert (worker["id"], worker["image_tag"], worker["environment_variables"]) == (
        WORKER_ID, "3", [{"name": "QUEUE", "value": "orders"}])


def test_a_new_template_is_added_next_to_the_existing_ones(storefront_app):
    run(storefront_app, container_templates=[{
        "name": "cron", "image_name": "cron", "image_namespace": "acme", "image_tag": "1", "image_registry_id": "101"}])

    templates = read_back(storefront_app)["container_templates"]
    assert [item["name"] for item in templates] == ["web", "worker", "cron"]
    assert templates[2]["id"] not in (WEB_ID, WORKER_ID)


def test_purge_container_templates_deletes_the_templates_not_listed(storefront_app):
    run(storefront_app, container_templates=[{"name": "web"}], purge_container_templates=True)

    assert [item["id"] for item in read_back(storefront_app)["container_templates"]] == [WEB_ID]


def test_purge_volume_mounts_removes_the_mounts_not_listed(storefront_app):
    run(storefront_app, container_templates=[{"name": "worker", "volume_mounts": [], "purge_volume_mounts": True}])

    assert template(read_back(storefront_app), "worker")["volume_mounts"] == []


def test_image_and_digest_are_applied_as_their_parts(storefront_app):
    run(storefront_app, container_templates=[{"name": "web", "image": "ghcr.io/library/nginx:1.27", "image_registry_id": "102",
                                              "image_digest": DIGEST}])

    web = template(read_back(storefront_app), "web")
    assert (web["image_registry_id"], web["image_namespace"], web["image_name"], web["image_tag"], web["image_digest"]) == (
        "102", "library", "nginx", "1.27", DIGEST)
    assert web["image"] == "ghcr.io/library/nginx:1.27@" + DIGEST


def test_an_image_without_a_digest_unpins_the_template(storefront_app):
    run(storefront_app, container_templates=[{"name": "web", "image": "docker.io/library/nginx:1.27"}])

    web = template(read_back(storefront_app), "web")
    assert (web["image"], web["image_digest"]) == ("docker.io/library/nginx:1.27", None)


def test_node_selectors_are_sent_with_their_keys_as_given(storefront_app):
    selectors = {"diskType": "nvme", "GPU_Model": "none"}

    result = run(storefront_app, region_settings={"node_selectors": selectors})

    assert result["changed"] is True
    assert storefront_app.writes()[0]["body"]["regionSettings"]["nodeSelectors"] == selectors


def test_boolean_node_selector_values_are_sent_as_true_and_false(storefront_app):
    run(storefront_app, region_settings={"node_selectors": {"gpu": True, "spot": False}})

    assert storefront_app.writes()[0]["body"]["regionSettings"]["nodeSelectors"] == {"gpu": "true", "spot": "false"}


def test_node_selectors_are_sent_again_because_the_api_never_reads_them_back(storefront_app):
    run(storefront_app, region_settings={"node_selectors": {"diskType": "nvme"}})
    storefront_app.clear_requests()

    result = run(storefront_app, region_settings={"node_selectors": {"diskType": "nvme"}})

    assert result["changed"] is True
    assert [entry["method"] for entry in storefront_app.writes()] == ["PATCH"]


def test_diff_shows_before_and_after(storefront_app):
    result = run(storefront_app, diff=True, autoscaling={"min": 2, "max": 8})

    assert result["diff"]["before"]["auto_scaling"] == {"min": 1, "max": 3}
    assert result["diff"]["after"]["auto_scaling"] == {"min": 2, "max": 8}


# --- Restart and wait -----------------------------------------------------------------------------

def test_restart_on_change_restarts_after_a_change_and_not_on_the_next_run(storefront_app):
    first = run(storefront_app, name="shop", restart="on_change")
    assert (first["changed"], writes(storefront_app)) == (True, [("PATCH", APP_PATH), ("POST", APP_PATH + "/restart")])
    storefront_app.clear_requests()

    second = run(storefront_app, name="shop", restart="on_change")

    assert (second["changed"], storefront_app.writes()) == (False, [])


def test_restart_never_is_the_default(storefront_app):
    run(storefront_app, name="shop")

    assert writes(storefront_app) == [("PATCH", APP_PATH)]


def test_restart_always_restarts_an_unchanged_app_and_reports_it(storefront_app):
    result = run(storefront_app, restart="always")

    assert result["changed"] is True
    assert writes(storefront_app) == [("POST", APP_PATH + "/restart")]


def test_a_restart_in_check_mode_is_reported_and_not_sent(storefront_app):
    always = run(storefront_app, check_mode=True, restart="always")
    on_change = run(storefront_app, check_mode=True, name="shop", restart="on_change")

    assert (always["changed"], on_change["changed"]) == (True, True)
    assert storefront_app.writes() == []


def test_restart_on_change_in_check_mode_without_a_change_is_ok(storefront_app):
    result = run(storefront_app, check_mode=True, name="storefront", restart="on_change")

    assert result["changed"] is False


def test_restart_takes_no_boolean(simulator):
    result = run(simulator, restart=True)

    assert result["failed"] is True
    assert "restart must be one of: never, on_change, always" in result["msg"]
    assert simulator.requests() == []


def test_wait_returns_the_app_once_it_is_active(storefront_app):
    result = run(storefront_app, restart="always", wait=True, wait_timeout=30)

    assert result["app"]["status"] == "active"
    assert sum(entry["method"] == "GET" for entry in storefront_app.requests()) >= 2


def test_wait_in_check_mode_reads_once_and_does_not_poll(simulator):
    load_storefront(simulator, app=storefront(status="progressing"), settings={"progressing_seconds": 30})

    result = run(simulator, check_mode=True, restart="always", wait=True, wait_timeout=30)

    assert (result["changed"], result["app"]["status"]) == (True, "progressing")
    assert [(entry["method"], entry["path"]) for entry in simulator.requests()] == [("GET", APP_PATH)]


def test_wait_times_out_with_the_last_status(simulator):
    load_storefront(simulator, settings={"progressing_seconds": 30})

    result = run(simulator, restart="always", wait=True, wait_timeout=1)

    assert result["failed"] is True
    assert result["changed"] is True
    assert result["msg"] == "Application %s did not become active within 1 seconds; its last status was progressing." % APP_ID
    assert result["app_status"] == "progressing"


def test_wait_stops_when_the_app_is_failing(simulator):
    load_storefront(simulator, app=storefront(status="failing"))

    result = run(simulator, wait=True, wait_timeout=30)

    assert result["failed"] is True
    assert result["msg"] == "Application %s is failing instead of becoming active." % APP_ID


# --- Writes whose answer is lost ------------------------------------------------------------------

@pytest.mark.parametrize("options", [
    pytest.param({"name": "shop"}, id="name"),
    pytest.param({"name": "shop", "region_settings": {"node_selectors": {"disk": "ssd"}}}, id="name and node selectors"),
])
def test_a_patch_whose_answer_is_lost_after_it_took_effect_is_settled_by_a_read(storefront_app, options):
    storefront_app.fault(method="PATCH", path="^%s$" % APP_PATH, status=504, apply=True, count=1)

    result = run(storefront_app, **options)

    assert (result.get("failed"), result["changed"], result["app"]["name"]) == (None, True, "shop")
    assert writes(storefront_app) == [("PATCH", APP_PATH)]
    assert read_back(storefront_app)["name"] == "shop"


def test_a_patch_whose_connection_drops_after_it_took_effect_is_not_sent_again(storefront_app):
    storefront_app.fault(method="PATCH", path="^%s$" % APP_PATH, drop_connection=True, apply=True, count=1)

    result = run(storefront_app, container_templates=[{"name": "worker", "image_tag": "3"}])

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert writes(storefront_app) == [("PATCH", APP_PATH)]
    assert template(result["app"], "worker")["image_tag"] == "3"


@pytest.mark.parametrize("options, applied", [
    pytest.param({"name": "shop"}, lambda app: app["name"] == "shop", id="name"),
    # The read that finds the write missing predicts the image reference, which reads the registry.
    pytest.param({"container_templates": [{"name": "worker", "image_tag": "3"}]},
                 lambda app: template(app, "worker")["image"] == "docker.io/acme/worker:3", id="image tag"),
])
def test_a_patch_lost_before_it_took_effect_is_sent_again(storefront_app, options, applied):
    storefront_app.fault(method="PATCH", path="^%s$" % APP_PATH, status=503, count=1)

    result = run(storefront_app, **options)

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert writes(storefront_app) == [("PATCH", APP_PATH), ("PATCH", APP_PATH)]
    assert applied(read_back(storefront_app))


def test_a_restart_that_keeps_failing_after_the_patch_reports_a_change(storefront_app):
    storefront_app.fault(method="POST", path="/restart$", status=503)

    result = run(storefront_app, name="shop", restart="on_change")

    assert (result["failed"], result["changed"]) == (True, True)
    assert result["msg"].startswith("POST %s/restart failed with status 503" % APP_PATH)
    assert "api_retries" in result["msg"]
    assert read_back(storefront_app)["name"] == "shop"


# --- Secrets in environment variables -------------------------------------------------------------

SECRET = "correct-horse-battery-staple"
OLD_SECRET = "tr0ub4dor-and-3"


@pytest.fixture
def app_with_a_secret(simulator):
    app = storefront()
    app["containerTemplates"][0]["environmentVariables"].append({"name": "DB_PASSWORD", "value": OLD_SECRET})
    return load_storefront(simulator, app=app)


def test_secret_variables_are_written_but_their_values_never_shown(app_with_a_secret):
    options = dict(container_templates=[{"name": "web", "secret_environment_variables": {"DB_PASSWORD": SECRET}}])

    checked = run(app_with_a_secret, check_mode=True, diff=True, **options)
    applied = run(app_with_a_secret, diff=True, **options)

    assert (checked["changed"], applied["changed"]) == (True, True)
    for output in (checked, applied):
        assert SECRET not in json.dumps(output)
        assert OLD_SECRET not in json.dumps(output)
    assert {"name": "DB_PASSWORD", "value": SECRET} in template(read_back(app_with_a_secret), "web")["environment_variables"]


def secret_shown(side):
    return [variable["value"] for variable in template(side, "web")["environment_variables"] if variable["name"] == "DB_PASSWORD"]


# A secret handed on from a task that, in check mode, cannot know it yet (a rotation's new key) arrives as null or "".
@pytest.mark.parametrize("value", [SECRET, None, ""], ids=["known", "null", "empty"])
def test_a_secret_variable_shows_as_the_mask_in_the_diff_and_result_in_check_mode_and_in_a_run(app_with_a_secret, value):
    options = dict(container_templates=[{"name": "web", "secret_environment_variables": {"DB_PASSWORD": value}}])

    checked = run(app_with_a_secret, check_mode=True, diff=True, **options)
    applied = run(app_with_a_secret, diff=True, **options)

    for output in (checked, applied):
        assert (secret_shown(output["diff"]["before"]), secret_shown(output["diff"]["after"])) == (["********"], ["********"])
        assert secret_shown(output["app"]) == ["********"]


def test_secret_variables_are_compared_for_idempotency(app_with_a_secret):
    options = dict(container_templates=[{"name": "web", "secret_environment_variables": {"DB_PASSWORD": SECRET}}])
    run(app_with_a_secret, **options)
    app_with_a_secret.clear_requests()

    result = run(app_with_a_secret, **options)

    assert result["changed"] is False
    assert app_with_a_secret.writes() == []


# --- Failures -------------------------------------------------------------------------------------

def test_a_new_template_without_image_fields_fails_before_any_write(storefront_app):
    result = run(storefront_app, container_templates=[{"name": "cron", "image_tag": "1"}])

    assert result["failed"] is True
    assert "image_name, image_namespace, image_registry_id" in result["msg"]
    assert storefront_app.writes() == []


def test_a_template_name_shared_by_two_templates_fails_without_a_write(simulator):
    app = storefront()
    app["containerTemplates"][1]["name"] = "web"
    load_storefront(simulator, app=app)

    result = run(simulator, container_templates=[{"name": "web", "image_tag": "2"}])

    assert result["failed"] is True
    assert "has several container templates named 'web'" in result["msg"]
    assert simulator.writes() == []


@pytest.mark.parametrize("options, message", [
    ({"container_templates": [{"name": "web", "volume_mounts": [{"name": "logs", "mount_path": "/logs"}]}]},
     "container_templates[0].volume_mounts[0].name names volume 'logs', which the application will not have; list it under volumes"),
    ({"volumes": [{"name": "uploads", "size": 5}], "purge_volumes": True},
     "purge_volumes would delete volume 'cache', which container template 'worker' still mounts at /cache"),
    ({"container_templates": [{"name": "web", "image": "ghcr.io/library/nginx:1.27"}]},
     "container_templates[0].image names the registry host ghcr.io, but image_registry_id 101 is the registry at docker.io"),
])
def test_a_change_the_application_cannot_take_fails_without_a_write(storefront_app, options, message):
    result = run(storefront_app, **options)

    assert result["failed"] is True
    assert result["msg"].startswith("Cannot update application %s: " % APP_ID)
    assert message in result["msg"]
    assert storefront_app.writes() == []


def test_an_unknown_app_is_named_in_the_failure(storefront_app):
    result = run(storefront_app, app_id="no-such-app", name="shop")

    assert result["failed"] is True
    assert result["msg"] == "Application no-such-app was not found (HTTP 404)."
    assert result["status"] == 404


def test_an_unknown_registry_is_named_in_the_failure(storefront_app):
    result = run(storefront_app, container_templates=[{"name": "web", "image_registry_id": "999"}])

    assert result["failed"] is True
    assert result["msg"] == "Container registry 999, named by image_registry_id, was not found (HTTP 404)."
    assert storefront_app.writes() == []


def test_a_refused_key_gets_the_collections_sentence_without_the_key(storefront_app):
    result = run(storefront_app, name="shop", api_key="wrong-key-123456")

    assert (result["status"], result["msg"]) == (401, AUTH_REFUSED)
    assert "wrong-key-123456" not in json.dumps(result)


def test_a_suspended_account_is_reported_on_the_patch(simulator):
    simulator.load(apps=[storefront()], api_keys={"valid": [], "suspended": [simulator.key]})

    result = run(simulator, name="shop")

    assert result["status"] == 403
    assert "invalid card or is suspended" in result["msg"]


def test_field_errors_from_the_api_are_shown(storefront_app):
    storefront_app.fault(method="PATCH", path=APP_PATH, status=422)

    result = run(storefront_app, name="shop")

    assert result["status"] == 422
    assert result["msg"].startswith("The API rejected the request for application %s (HTTP 422)" % APP_ID)


def web(**options):
    return {"container_templates": [dict(name="web", **options)]}


@pytest.mark.parametrize("options, message", [
    ({"app_id": ""}, "app_id must be at least 1 characters long, got 0"),
    ({"name": "x" * 101}, "name must be between 1 and 100 characters long, got 101"),
    ({"name": "shop_front"}, "name must match letters, digits, hyphens and spaces, got 'shop_front'"),
    ({"autoscaling": {"min": 0, "max": 3}}, "autoscaling.min must be between 1 and 1000, got 0"),
    ({"autoscaling": {"min": 1, "max": 1001}}, "autoscaling.max must be between 1 and 1000, got 1001"),
    ({"autoscaling": {"min": 5, "max": 2}}, "autoscaling must have min no greater than max"),
    ({"region_settings": {"max_allowed_regions": 0}}, "region_settings.max_allowed_regions must be at least 1, got 0"),
    ({"region_settings": {"allowed_region_ids": ["DE"], "required_region_ids": ["DE", "FR"]}},
     "region_settings must list every required region in allowed_region_ids too, got 'FR' only in required_region_ids"),
    ({"region_settings": {"node_selectors": {"zone": ["a", "b"]}}},
     "region_settings.node_selectors must map names to text, numbers or booleans, got 'zone' holding a list"),
    ({"volumes": [{"name": "v" * 51, "size": 1}]}, "volumes[0].name must be between 1 and 50 characters long, got 51"),
    ({"volumes": [{"name": "", "size": 1}]}, "volumes[0].name must be between 1 and 50 characters long, got 0"),
    ({"volumes": [{"name": "data", "size": 0}]}, "volumes[0].size must be between 1 and 100, got 0"),
    ({"volumes": [{"name": "data", "size": 101}]}, "volumes[0].size must be between 1 and 100, got 101"),
    ({"volumes": [{"name": "data", "size": 1}, {"name": "data", "size": 2}]}, "volumes must name each volume once, got 'data' more than once"),
    ({"container_templates": [], "purge_container_templates": True},
     "container_templates is empty, so purge_container_templates=true would delete every container template"),
    (web(image_tag="-latest"), "container_templates[0].image_tag must match letters and digits joined by at most two of . _ -, got '-latest'"),
    (web(image="nginx:1.29", image_tag="1.27"), "parameters are mutually exclusive: image|image_tag found in container_templates"),
    (web(image="nginx:1.29"), "container_templates[0].image must be [<registry host>/]<namespace>/<name>:<tag>[@<digest>], "
                              "got 'nginx:1.29' (no <namespace>/ before the name)"),
    (web(image="docker.io/library/nginx:1.29@sha256:" + "a" * 64, image_digest=DIGEST),
     "container_templates[0].image pins sha256:%s but container_templates[0].image_digest is '%s'" % ("a" * 64, DIGEST)),
    (web(resolve_digest=True, image_digest=DIGEST),
     "container_templates[0].resolve_digest=true looks the digest up, but container_templates[0].image_digest gives one"),
    (web(environment_variables={"HOSTS": {"a": "b"}}),
     "container_templates[0].environment_variables must map names to text, numbers or booleans, got 'HOSTS' holding a dict"),
    (web(environment_variables={"LOG_LEVEL": "debug"}, secret_environment_variables={"LOG_LEVEL": SECRET}),
     "container_templates[0].environment_variables and container_templates[0].secret_environment_variables both name 'LOG_LEVEL'"),
    ({"wait_timeout": 0}, "wait_timeout must be at least 1, got 0"),
])
def test_bad_input_fails_before_any_request(simulator, options, message):
    result = run(simulator, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert simulator.requests() == []
