"""Applications and container templates: endpoints, merge-patch semantics and the status transition."""

import pytest

from ansible_collections.bunnynet.cloud.tests.simulator.state import DEFAULT_API_KEY

PROBLEM_DETAILS_KEYS = {"type", "title", "status", "detail", "instance"}
ERROR_DETAILS_KEYS = {"title", "status", "detail", "instance", "errors", "id"}
TEMPLATE_KEYS = {
    "id", "name", "packageId", "image", "imageName", "imageNamespace", "imageTag", "imageRegistryId", "imageDigest", "imagePullPolicy",
    "entryPoint", "probes", "environmentVariables", "endpoints", "volumeMounts",
}  # fmt: skip
ENDPOINT_KEYS = {
    "id", "displayName", "publicHost", "type", "isSslEnabled", "pullZoneId", "portMappings", "stickySessions", "internalIpAddresses", "publicIpAddresses",
}  # fmt: skip


def web_template(**fields):
    template = {"name": "web", "imageRegistryId": "1", "imageNamespace": "library", "imageName": "nginx", "imageTag": "1.27"}
    template.update(fields)
    return template


def cdn_endpoint(name, port=80):
    return {"displayName": name, "cdn": {"isSslEnabled": True, "portMappings": [{"containerPort": port}]}}


APPS = [
    {
        "id": "app1",
        "name": "first",
        "runtimeType": "shared",
        "autoScaling": {"min": 1, "max": 3},
        "volumes": [{"name": "data", "size": 5}, {"name": "cache", "size": 1}, {"name": "logs", "size": 2}],
        "containerTemplates": [
            {
                "id": "tpl1",
                **web_template(),
                "environmentVariables": [{"name": "MODE", "value": "prod"}],
                "endpoints": [{"displayName": "public", "type": "cdn", "portMappings": [{"containerPort": 80}]}],
                "volumeMounts": [{"name": "data", "mountPath": "/data"}],
                "probes": {"liveness": {"tcpSocket": {"request": {"portNumber": 80}}}},
            },
            {"id": "tpl2", **web_template(name="sidecar", imageName="envoy")},
        ],
    },
    {"id": "app2", "name": "second", "containerTemplates": [{"id": "only", **web_template()}]},
    {"id": "app3", "name": "third"},
]


@pytest.fixture
def apps(simulator):
    simulator.load_fixtures({"registries": [{"id": 1, "hostName": "docker.io"}], "apps": APPS})
    simulator.update_settings(progressing_seconds=PROGRESSING_SECONDS)


# Long enough that no busy machine gets there by itself: the tests move the simulator's clock on instead.
PROGRESSING_SECONDS = 30


def read_app(api, app_id="app1"):
    return api.get(f"/mc/apps/{app_id}").json()


def status_once_progressed(simulator, api, seconds=PROGRESSING_SECONDS):
    """The application's status once the simulator's clock has moved on by the progressing delay."""
    simulator.advance_clock(seconds)
    return read_app(api)["status"]


# GET /mc/apps and GET /mc/apps/{appId}


@pytest.mark.usefixtures("apps")
def test_get_app_returns_the_application_shape(api):
    app = read_app(api)
    required = {"id", "name", "status", "runtimeType", "regionSettings", "containerTemplates", "containerInstances", "volumes"}
    assert required <= set(app)
    assert app["status"] == "active"
    assert app["autoScaling"] == {"min": 1, "max": 3}


@pytest.mark.usefixtures("apps")
def test_fixture_templates_get_the_full_response_shape(api):
    template = read_app(api)["containerTemplates"][0]
    assert set(template) == TEMPLATE_KEYS
    assert template["image"] == "docker.io/library/nginx:1.27"
    assert set(template["endpoints"][0]) == ENDPOINT_KEYS


@pytest.mark.usefixtures("apps")
def test_get_unknown_app_gives_404_problem_details(api):
    answer = api.get("/mc/apps/nope")
    assert answer.status_code == 404
    assert set(answer.json()) == PROBLEM_DETAILS_KEYS


@pytest.mark.usefixtures("apps")
def test_get_app_without_key_gives_401(api):
    assert api.get("/mc/apps/app1", headers={}).status_code == 401


@pytest.mark.usefixtures("apps")
def test_app_list_walks_every_page_by_cursor(api):
    first = api.get("/mc/apps", params={"limit": 2}).json()
    second = api.get("/mc/apps", params={"limit": 2, "nextCursor": first["cursor"]}).json()
    assert [item["id"] for item in first["items"] + second["items"]] == ["app1", "app2", "app3"]
    assert first["meta"]["totalItems"] == 3
    assert second["cursor"] is None


@pytest.mark.usefixtures("apps")
def test_app_list_items_carry_id_name_and_status(api):
    item = api.get("/mc/apps").json()["items"][0]
    assert {"id": item["id"], "name": item["name"], "status": item["status"]} == {"id": "app1", "name": "first", "status": "active"}


@pytest.mark.usefixtures("apps")
def test_app_list_refuses_limit_above_1000(api):
    answer = api.get("/mc/apps", params={"limit": 1001})
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] == "limit"


@pytest.mark.usefixtures("apps")
def test_app_list_without_key_gives_401(api):
    assert api.get("/mc/apps", headers={}).status_code == 401


# PATCH /mc/apps/{appId}: answers


@pytest.mark.usefixtures("apps")
def test_patch_answers_with_the_id(api):
    answer = api.patch("/mc/apps/app1", json={"name": "renamed"})
    assert answer.status_code == 200
    assert answer.json() == {"id": "app1"}


@pytest.mark.usefixtures("apps")
def test_patch_unknown_app_gives_404_problem_details(api):
    answer = api.patch("/mc/apps/nope", json={"name": "x"})
    assert answer.status_code == 404
    assert set(answer.json()) == PROBLEM_DETAILS_KEYS


@pytest.mark.usefixtures("apps")
def test_patch_without_key_gives_401(api):
    assert api.patch("/mc/apps/app1", json={"name": "x"}, headers={}).status_code == 401


def test_patch_with_a_suspended_key_gives_403_error_details(simulator, api):
    simulator.load_fixtures({"apps": APPS, "api_keys": {"suspended": ["suspended-key"]}})
    answer = api.patch("/mc/apps/app1", json={"name": "x"}, headers={"AccessKey": "suspended-key"})
    assert answer.status_code == 403
    assert set(answer.json()) == ERROR_DETAILS_KEYS
    assert api.get("/mc/apps/app1", headers={"AccessKey": DEFAULT_API_KEY}).json()["name"] == "first"


# PATCH /mc/apps/{appId}: merge-patch semantics


@pytest.mark.usefixtures("apps")
def test_patch_changes_only_the_given_fields(api):
    before = read_app(api)
    api.patch("/mc/apps/app1", json={"name": "renamed"})
    after = read_app(api)
    assert after["name"] == "renamed"
    assert {key: value for key, value in after.items() if key not in ("name", "status")} == {
        key: value for key, value in before.items() if key not in ("name", "status")
    }


@pytest.mark.usefixtures("apps")
def test_null_top_level_fields_leave_values_alone(api):
    api.patch("/mc/apps/app1", json={"name": None, "volumes": None, "containerTemplates": None})
    app = read_app(api)
    assert app["name"] == "first"
    assert len(app["volumes"]) == 3
    assert len(app["containerTemplates"]) == 2


@pytest.mark.usefixtures("apps")
def test_a_template_left_out_is_deleted(api):
    api.patch("/mc/apps/app1", json={"containerTemplates": [{"id": "tpl1", **web_template()}]})
    assert [template["id"] for template in read_app(api)["containerTemplates"]] == ["tpl1"]


@pytest.mark.usefixtures("apps")
def test_a_template_without_id_is_added_with_a_generated_id(api):
    body = {"containerTemplates": [{"id": "tpl1", **web_template()}, {"id": "tpl2", **web_template(name="sidecar")}, web_template(name="new")]}
    api.patch("/mc/apps/app1", json=body)
    templates = read_app(api)["containerTemplates"]
    assert [template["name"] for template in templates] == ["web", "sidecar", "new"]
    assert templates[2]["id"] not in ("", None, "tpl1", "tpl2")
    assert templates[2]["packageId"]


@pytest.mark.usefixtures("apps")
def test_a_template_with_id_is_updated_in_place(api):
    api.patch("/mc/apps/app1", json={"containerTemplates": [{"id": "tpl1", **web_template(imageTag="1.28")}]})
    template = read_app(api)["containerTemplates"][0]
    assert template["id"] == "tpl1"
    assert template["imageTag"] == "1.28"
    assert template["image"] == "docker.io/library/nginx:1.28"


@pytest.mark.usefixtures("apps")
def test_a_template_update_keeps_fields_it_does_not_carry(api):
    api.patch("/mc/apps/app1", json={"containerTemplates": [{"id": "tpl1", **web_template(imageTag="1.28")}]})
    template = read_app(api)["containerTemplates"][0]
    assert template["environmentVariables"] == [{"name": "MODE", "value": "prod"}]
    assert [endpoint["displayName"] for endpoint in template["endpoints"]] == ["public"]


@pytest.mark.usefixtures("apps")
def test_an_unknown_template_id_is_unprocessable(api):
    answer = api.patch("/mc/apps/app1", json={"containerTemplates": [{"id": "ghost", **web_template()}]})
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["field"] == "containerTemplates[0].id"
    assert len(read_app(api)["containerTemplates"]) == 2


@pytest.mark.usefixtures("apps")
def test_duplicate_template_names_are_unprocessable(api):
    answer = api.patch("/mc/apps/app1", json={"containerTemplates": [web_template(), web_template()]})
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["field"] == "containerTemplates[1].name"


@pytest.mark.usefixtures("apps")
def test_a_template_id_given_twice_is_unprocessable_at_its_second_place(api):
    body = {"containerTemplates": [web_template(name="new"), {"id": "tpl1", **web_template()}, {"id": "tpl1", **web_template(name="again")}]}
    answer = api.patch("/mc/apps/app1", json=body)
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["field"] == "containerTemplates[2].id"


@pytest.mark.usefixtures("apps")
def test_duplicate_volume_names_are_unprocessable(api):
    answer = api.patch("/mc/apps/app1", json={"volumes": [{"name": "data", "size": 1}, {"name": "data", "size": 2}]})
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["field"] == "volumes[1].name"


@pytest.mark.usefixtures("apps")
def test_a_volume_matched_by_name_is_updated(api):
    api.patch("/mc/apps/app1", json={"volumes": [{"name": "data", "size": 50}, {"name": "cache", "size": 1}, {"name": "logs", "size": 2}]})
    assert read_app(api)["volumes"] == [{"name": "data", "size": 50}, {"name": "cache", "size": 1}, {"name": "logs", "size": 2}]


@pytest.mark.usefixtures("apps")
def test_a_volume_left_out_is_deleted_and_a_new_one_added(api):
    api.patch("/mc/apps/app1", json={"volumes": [{"name": "data", "size": 5}, {"name": "media", "size": 9}]})
    assert read_app(api)["volumes"] == [{"name": "data", "size": 5}, {"name": "media", "size": 9}]


@pytest.mark.usefixtures("apps")
def test_an_endpoint_matched_by_display_name_keeps_its_id(api):
    before = read_app(api)["containerTemplates"][0]["endpoints"][0]
    api.patch("/mc/apps/app1", json={"containerTemplates": [{"id": "tpl1", **web_template(endpoints=[cdn_endpoint("public", 8080)])}]})
    after = read_app(api)["containerTemplates"][0]["endpoints"][0]
    assert after["id"] == before["id"]
    assert after["portMappings"] == [{"containerPort": 8080, "exposedPort": 8080, "protocols": ["tcp"]}]


@pytest.mark.usefixtures("apps")
def test_an_endpoint_left_out_is_deleted(api):
    api.patch("/mc/apps/app1", json={"containerTemplates": [{"id": "tpl1", **web_template(endpoints=[cdn_endpoint("other")])}]})
    assert [endpoint["displayName"] for endpoint in read_app(api)["containerTemplates"][0]["endpoints"]] == ["other"]


@pytest.mark.usefixtures("apps")
def test_probe_timings_left_out_take_the_contract_defaults(api):
    body = {"containerTemplates": [{"id": "tpl1", **web_template(probes={"liveness": {"tcpSocket": {"request": {"portNumber": 80}}}})}]}
    api.patch("/mc/apps/app1", json=body)
    liveness = read_app(api)["containerTemplates"][0]["probes"]["liveness"]
    assert (liveness["initialDelaySeconds"], liveness["periodSeconds"], liveness["timeoutSeconds"]) == (10, 10, 7)
    assert (liveness["failureThreshold"], liveness["successThreshold"]) == (3, 1)


@pytest.mark.usefixtures("apps")
def test_region_settings_are_merged_field_by_field(api):
    api.patch("/mc/apps/app1", json={"regionSettings": {"allowedRegionIds": ["DE", "UK"]}})
    api.patch("/mc/apps/app1", json={"regionSettings": {"maxAllowedRegions": 2}})
    settings = read_app(api)["regionSettings"]
    assert (settings["allowedRegionIds"], settings["maxAllowedRegions"]) == (["DE", "UK"], 2)


def test_the_clock_is_moved_on_only_forward_and_by_a_number_of_seconds(api):
    assert api.post("/_sim/clock", json={"seconds": -1}).status_code == 400
    assert api.post("/_sim/clock", json={"minutes": 1}).status_code == 400


# Status transitions


@pytest.mark.usefixtures("apps")
def test_a_change_makes_the_app_progressing_then_active(simulator, api):
    api.patch("/mc/apps/app1", json={"name": "renamed"})
    assert read_app(api)["status"] == "progressing"
    assert status_once_progressed(simulator, api, PROGRESSING_SECONDS - 1) == "progressing"
    assert status_once_progressed(simulator, api, 1) == "active"


@pytest.mark.usefixtures("apps")
def test_a_patch_that_changes_nothing_keeps_the_app_active(api):
    api.patch("/mc/apps/app1", json={"name": "first"})
    assert read_app(api)["status"] == "active"


def test_the_progressing_delay_follows_the_settings(simulator, api):
    simulator.load_fixtures({"apps": APPS, "settings": {"progressing_seconds": 90}})
    api.patch("/mc/apps/app1", json={"name": "renamed"})
    assert status_once_progressed(simulator, api, 89) == "progressing"
    assert status_once_progressed(simulator, api, 1) == "active"


def test_a_fixture_app_that_is_progressing_becomes_active(simulator, api):
    simulator.load_fixtures({"apps": [{"id": "app1", "status": "progressing"}], "settings": {"progressing_seconds": PROGRESSING_SECONDS}})
    assert read_app(api)["status"] == "progressing"
    assert status_once_progressed(simulator, api) == "active"


def test_an_app_on_a_failing_image_tag_turns_failing_and_recovers_on_another(simulator, api):
    simulator.load_fixtures({"apps": APPS, "settings": {"progressing_seconds": PROGRESSING_SECONDS, "failing_image_tags": ["2.0-broken"]}})
    api.patch("/mc/apps/app1/containers/tpl2", json={"imageTag": "2.0-broken"})
    assert read_app(api)["status"] == "progressing"
    assert status_once_progressed(simulator, api) == "failing"
    api.patch("/mc/apps/app1/containers/tpl2", json={"imageTag": "1.27"})
    assert status_once_progressed(simulator, api) == "active"


def test_failing_image_tags_are_a_setting_of_the_control_api(simulator, api):
    simulator.load_fixtures({"apps": APPS})
    answer = api.post("/_sim/settings", json={"failing_image_tags": ["1.27"], "progressing_seconds": PROGRESSING_SECONDS})
    assert answer.json()["failing_image_tags"] == ["1.27"]
    api.post("/mc/apps/app1/restart")
    # The control API moves the clock on too.
    assert api.post("/_sim/clock", json={"seconds": PROGRESSING_SECONDS}).status_code == 200
    assert read_app(api)["status"] == "failing"


@pytest.mark.usefixtures("apps")
def test_restart_answers_200_and_makes_the_app_progressing(simulator, api):
    answer = api.post("/mc/apps/app1/restart")
    assert answer.status_code == 200
    assert read_app(api)["status"] == "progressing"
    assert status_once_progressed(simulator, api) == "active"


@pytest.mark.usefixtures("apps")
def test_restart_of_unknown_app_gives_404(api):
    answer = api.post("/mc/apps/nope/restart")
    assert answer.status_code == 404
    assert set(answer.json()) == PROBLEM_DETAILS_KEYS


@pytest.mark.usefixtures("apps")
def test_restart_without_key_gives_401(api):
    assert api.post("/mc/apps/app1/restart", headers={}).status_code == 401


def test_restart_with_a_suspended_key_is_accepted(simulator, api):
    simulator.load_fixtures({"apps": APPS, "api_keys": {"suspended": ["suspended-key"]}})
    assert api.post("/mc/apps/app1/restart", headers={"AccessKey": "suspended-key"}).status_code == 200


# GET and PATCH /mc/apps/{appId}/containers/{containerId}


@pytest.mark.usefixtures("apps")
def test_get_template_returns_the_container_template_shape(api):
    template = api.get("/mc/apps/app1/containers/tpl1").json()
    assert set(template) == TEMPLATE_KEYS
    assert template["imagePullPolicy"] == "ifNotPresent"


@pytest.mark.usefixtures("apps")
@pytest.mark.parametrize("path", ["/mc/apps/nope/containers/tpl1", "/mc/apps/app1/containers/nope"], ids=["unknown app", "unknown template"])
def test_get_unknown_template_gives_404(api, path):
    answer = api.get(path)
    assert answer.status_code == 404
    assert set(answer.json()) == PROBLEM_DETAILS_KEYS


@pytest.mark.usefixtures("apps")
def test_get_template_without_key_gives_401(api):
    assert api.get("/mc/apps/app1/containers/tpl1", headers={}).status_code == 401


@pytest.mark.usefixtures("apps")
def test_template_patch_returns_the_changed_template(api):
    answer = api.patch("/mc/apps/app1/containers/tpl1", json={"imageTag": "2.0", "imagePullPolicy": "always"})
    assert answer.status_code == 200
    assert (answer.json()["imageTag"], answer.json()["imagePullPolicy"]) == ("2.0", "always")
    assert set(answer.json()) == TEMPLATE_KEYS


@pytest.mark.usefixtures("apps")
def test_template_patch_changes_only_the_fields_it_carries(api):
    before = api.get("/mc/apps/app1/containers/tpl1").json()
    api.patch("/mc/apps/app1/containers/tpl1", json={"environmentVariables": [{"name": "MODE", "value": "dev"}]})
    after = api.get("/mc/apps/app1/containers/tpl1").json()
    assert after["environmentVariables"] == [{"name": "MODE", "value": "dev"}]
    assert {key: value for key, value in after.items() if key != "environmentVariables"} == {
        key: value for key, value in before.items() if key != "environmentVariables"
    }


@pytest.mark.usefixtures("apps")
def test_template_patch_returns_endpoints_in_the_response_shape(api):
    endpoint = {"displayName": "api", "cdn": {"stickySessions": {"sessionHeaders": ["X-User"]}, "pullZoneId": 42, "portMappings": [{"containerPort": 81}]}}
    template = api.patch("/mc/apps/app1/containers/tpl1", json={"endpoints": [endpoint]}).json()
    returned = template["endpoints"][0]
    assert set(returned) == ENDPOINT_KEYS
    assert (returned["pullZoneId"], returned["stickySessions"]["sessionHeaders"]) == ("42", ["X-User"])


@pytest.mark.usefixtures("apps")
def test_template_patch_makes_the_app_progressing(api):
    api.patch("/mc/apps/app1/containers/tpl1", json={"imageTag": "2.0"})
    assert read_app(api)["status"] == "progressing"


@pytest.mark.usefixtures("apps")
def test_template_patch_refuses_a_name_another_template_has(api):
    answer = api.patch("/mc/apps/app1/containers/tpl1", json={"name": "sidecar"})
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["field"] == "name"


@pytest.mark.usefixtures("apps")
@pytest.mark.parametrize("path", ["/mc/apps/nope/containers/tpl1", "/mc/apps/app1/containers/nope"], ids=["unknown app", "unknown template"])
def test_template_patch_of_unknown_template_gives_404(api, path):
    assert api.patch(path, json={"imageTag": "2.0"}).status_code == 404


@pytest.mark.usefixtures("apps")
def test_template_patch_without_key_gives_401(api):
    assert api.patch("/mc/apps/app1/containers/tpl1", json={"imageTag": "2.0"}, headers={}).status_code == 401


# What a template holds, as the vendor's read model has it


def read_template(api, template_id="tpl1"):
    return api.get(f"/mc/apps/app1/containers/{template_id}").json()


@pytest.mark.usefixtures("apps")
def test_a_template_without_probes_has_no_probe_keys(api):
    assert read_template(api, "tpl2")["probes"] == {}


@pytest.mark.usefixtures("apps")
def test_a_probe_has_only_the_check_it_makes(api):
    probes = read_template(api)["probes"]
    assert set(probes) == {"liveness"}
    assert {"httpGet", "grpc"}.isdisjoint(probes["liveness"])
    assert probes["liveness"]["tcpSocket"] == {"request": {"portNumber": 80}}


@pytest.mark.usefixtures("apps")
def test_the_probes_a_patch_gives_replace_the_stored_ones(api):
    readiness = {"httpGet": {"request": {"path": "/", "portNumber": 80}}}
    api.patch("/mc/apps/app1/containers/tpl1", json={"probes": {"readiness": readiness}})
    probes = read_template(api)["probes"]
    assert set(probes) == {"readiness"}
    assert probes["readiness"]["httpGet"] == readiness["httpGet"]


@pytest.mark.usefixtures("apps")
def test_empty_probes_remove_every_probe(api):
    api.patch("/mc/apps/app1", json={"containerTemplates": [{"id": "tpl1", **web_template(probes={})}, {"id": "tpl2", **web_template(name="sidecar")}]})
    assert read_template(api)["probes"] == {}


@pytest.mark.usefixtures("apps")
def test_removing_a_volume_a_template_mounts_is_refused_naming_the_template(api):
    answer = api.patch("/mc/apps/app1", json={"volumes": [{"name": "cache", "size": 1}, {"name": "logs", "size": 2}]})
    assert answer.status_code == 400
    assert answer.json()["errors"] == [{"field": "volumes", "message": "Volume 'data' is still mounted by container template 'web'; detach it first."}]
    assert [volume["name"] for volume in read_app(api)["volumes"]] == ["data", "cache", "logs"]


@pytest.mark.usefixtures("apps")
def test_a_volume_is_removed_together_with_its_last_mount(api):
    body = {
        "volumes": [{"name": "cache", "size": 1}, {"name": "logs", "size": 2}],
        "containerTemplates": [{"id": "tpl1", **web_template(volumeMounts=[])}, {"id": "tpl2", **web_template(name="sidecar")}],
    }
    assert api.patch("/mc/apps/app1", json=body).status_code == 200
    assert [volume["name"] for volume in read_app(api)["volumes"]] == ["cache", "logs"]


@pytest.mark.usefixtures("apps")
def test_a_mount_of_a_volume_the_application_lacks_is_refused(api):
    mounts = [{"name": "data", "mountPath": "/data"}, {"name": "media", "mountPath": "/media"}]
    answer = api.patch("/mc/apps/app1", json={"containerTemplates": [{"id": "tpl1", **web_template(volumeMounts=mounts)}]})
    assert answer.status_code == 400
    assert answer.json()["errors"] == [{"field": "containerTemplates[0].volumeMounts[1].name", "message": "The application has no volume 'media'."}]


@pytest.mark.usefixtures("apps")
def test_a_template_patch_mounting_a_volume_the_application_lacks_is_refused(api):
    answer = api.patch("/mc/apps/app1/containers/tpl1", json={"volumeMounts": [{"name": "media", "mountPath": "/media"}]})
    assert answer.status_code == 400
    assert answer.json()["errors"] == [{"field": "volumeMounts[0].name", "message": "The application has no volume 'media'."}]
    assert read_template(api)["volumeMounts"] == [{"name": "data", "mountPath": "/data"}]


@pytest.mark.usefixtures("apps")
def test_the_last_container_template_cannot_be_deleted(api):
    answer = api.patch("/mc/apps/app2", json={"containerTemplates": []})
    assert answer.status_code == 400
    assert answer.json()["errors"] == [{"field": "containerTemplates", "message": "Cannot delete the last container template."}]
    assert len(read_app(api, "app2")["containerTemplates"]) == 1


@pytest.mark.usefixtures("apps")
def test_a_null_digest_unpins_the_template(api):
    digest = "sha256:" + "c" * 64
    pinned = api.patch("/mc/apps/app1/containers/tpl1", json={"imageDigest": digest}).json()
    unpinned = api.patch("/mc/apps/app1/containers/tpl1", json={"imageDigest": None}).json()
    assert (pinned["imageDigest"], pinned["image"]) == (digest, "docker.io/library/nginx:1.27@" + digest)
    assert (unpinned["imageDigest"], unpinned["image"]) == (None, "docker.io/library/nginx:1.27")


@pytest.mark.usefixtures("apps")
def test_parts_without_an_image_make_the_image_reference_from_the_registry_host(simulator, api):
    simulator.load_fixtures({"registries": [{"id": 1, "hostName": "docker.io"}, {"id": 2, "hostName": "ghcr.io"}], "apps": APPS})
    template = api.patch("/mc/apps/app1/containers/tpl1", json={"imageRegistryId": "2", "imageNamespace": "acme"}).json()
    assert template["image"] == "ghcr.io/acme/nginx:1.27"


@pytest.mark.usefixtures("apps")
def test_an_image_given_is_kept_as_given(api):
    template = api.patch("/mc/apps/app1/containers/tpl1", json={"imageTag": "1.28", "image": "mirror.example/library/nginx:1.28"}).json()
    assert template["image"] == "mirror.example/library/nginx:1.28"
