"""An application's parts under /mc/apps/{appId}, and the platform's lists and log forwarding under /mc."""

import pytest

WORLD = {
    "registries": [{"id": 1, "hostName": "docker.io", "imageDigests": {"library/nginx:1.27": "sha256:" + "a" * 64}}],
    "apps": [
        {
            "id": "shop",
            "volumes": [{"name": "data", "size": 5, "instances": [{"id": "data-1", "attachedPods": ["pod-1"]}]}, {"name": "spare", "size": 1}],
            "containerTemplates": [
                {"id": "web", "name": "web", "imageRegistryId": "1", "imageNamespace": "library", "imageName": "nginx", "imageTag": "1.26",
                 "endpoints": [{"id": "site", "displayName": "site", "type": "cdn"}]},
                {"id": "cron", "name": "cron", "imageRegistryId": "1", "imageNamespace": "library", "imageName": "busybox", "imageTag": "1",
                 "volumeMounts": [{"name": "data", "mountPath": "/data"}]},
            ],
            "containerInstances": [{"id": "i-1", "templateId": "web", "podId": "pod-1", "nodeIpAddress": "198.51.100.10"}],
        }
    ],
    "settings": {"progressing_seconds": 0},
}  # fmt: skip
TEMPLATE = {"name": "worker", "imageName": "busybox", "imageNamespace": "library", "imageTag": "1", "imageRegistryId": "1"}


@pytest.fixture
def shop(simulator):
    simulator.load_fixtures(WORLD)


def app(api):
    return api.get("/mc/apps/shop").json()


def template(api, name):
    return next(item for item in app(api)["containerTemplates"] if item["name"] == name)


@pytest.mark.usefixtures("shop")
def test_undeploy_makes_the_application_inactive_and_deploy_brings_it_back(simulator, api):
    simulator.update_settings(progressing_seconds=60)
    assert api.post("/mc/apps/shop/undeploy").status_code == 200
    assert (app(api)["status"], app(api)["containerInstances"]) == ("inactive", [])

    assert api.post("/mc/apps/shop/deploy").status_code == 200
    assert app(api)["status"] == "progressing"


@pytest.mark.usefixtures("shop")
def test_a_full_update_replaces_everything_the_request_leaves_out(api):
    replaced = api.request("PUT", "/mc/apps/shop", json={"name": "shop", "runtimeType": "reserved", "autoScaling": {"min": 2, "max": 4},
                                                         "regionSettings": {}, "containerTemplates": [dict(TEMPLATE, id="web", name="web")]})  # fmt: skip

    assert replaced.status_code == 200, replaced.text
    after = app(api)
    assert [(item["id"], item["imageName"]) for item in after["containerTemplates"]] == [("web", "busybox")]
    assert (after["runtimeType"], after["autoScaling"], after["volumes"]) == ("reserved", {"min": 2, "max": 4}, [])
    assert after["containerTemplates"][0]["endpoints"] == []


@pytest.mark.usefixtures("shop")
def test_autoscaling_and_region_settings_are_read_and_set_on_their_own(api):
    assert api.request("PUT", "/mc/apps/shop/autoscaling", json={"min": 2, "max": 5}).status_code == 200
    assert api.get("/mc/apps/shop/autoscaling").json() == {"min": 2, "max": 5}
    assert api.request("PUT", "/mc/apps/shop/autoscaling", json={"min": 6, "max": 5}).status_code == 422

    assert api.request("PUT", "/mc/apps/shop/region-settings", json={"allowedRegionIds": ["DE", "UK"], "maxAllowedRegions": 2}).status_code == 200
    settings = api.get("/mc/apps/shop/region-settings").json()
    assert (settings["allowedRegionIds"], settings["maxAllowedRegions"], settings["provisioningType"]) == (["DE", "UK"], 2, "static")


@pytest.mark.usefixtures("shop")
def test_a_container_template_is_added_given_its_environment_and_deleted(api):
    added = api.post("/mc/apps/shop/containers", json=TEMPLATE)
    assert (added.status_code, added.json()["name"], added.json()["image"]) == (201, "worker", "docker.io/library/busybox:1")
    assert api.post("/mc/apps/shop/containers", json=TEMPLATE).status_code == 400

    environment = api.request("PUT", f"/mc/apps/shop/containers/{added.json()['id']}/env", json={"MODE": "batch", "LEVEL": "2"})
    assert environment.json()["environmentVariables"] == [{"name": "MODE", "value": "batch"}, {"name": "LEVEL", "value": "2"}]
    assert api.request("PUT", "/mc/apps/shop/containers/web/env", json={"N": 1}).status_code == 400

    assert api.delete(f"/mc/apps/shop/containers/{added.json()['id']}").status_code == 200
    assert [item["name"] for item in app(api)["containerTemplates"]] == ["web", "cron"]


def test_the_last_container_template_is_not_deleted(simulator, api):
    simulator.load_fixtures({"registries": [{"id": 1}], "apps": [{"id": "solo", "containerTemplates": [{"id": "only", "name": "only"}]}]})

    assert api.delete("/mc/apps/solo/containers/only").status_code == 400


@pytest.mark.usefixtures("shop")
def test_endpoints_are_listed_added_updated_by_name_and_deleted(api):
    listed = api.get("/mc/apps/shop/endpoints").json()
    assert [(item["displayName"], item["containerName"], item["containerId"]) for item in listed["items"]] == [("site", "web", "web")]

    created = api.post("/mc/apps/shop/containers/cron/endpoints", json={"displayName": "api", "cdn": {"portMappings": [{"containerPort": 8080}]}})
    assert created.status_code == 201
    assert api.post("/mc/apps/shop/containers/web/endpoints", json={"displayName": "api", "cdn": {"portMappings": [{"containerPort": 1}]}}).status_code == 400
    assert api.request("PUT", "/mc/apps/shop/endpoints/api", json={"displayName": "api", "cdn": {"isSslEnabled": True}}).status_code == 200
    assert [item["isSslEnabled"] for item in template(api, "cron")["endpoints"]] == [True]

    assert api.delete(f"/mc/apps/shop/endpoints/{created.json()['id']}").status_code == 200
    assert template(api, "cron")["endpoints"] == []


@pytest.mark.usefixtures("shop")
def test_volumes_list_their_instances_and_a_rename_keeps_the_id_and_the_mounts(api):
    volumes = {item["name"]: item for item in api.get("/mc/apps/shop/volumes").json()["items"]}
    assert (volumes["data"]["attachedInstancesCount"], volumes["data"]["containersCount"], volumes["data"]["size"]) == (1, 1, 5.0)

    renamed = api.patch(f"/mc/apps/shop/volumes/{volumes['data']['id']}", json={"name": "files", "size": 8})

    assert renamed.json() == {"name": "files", "size": 8.0}
    after = {item["name"]: item for item in api.get("/mc/apps/shop/volumes").json()["items"]}
    assert after["files"]["id"] == volumes["data"]["id"]
    assert template(api, "cron")["volumeMounts"] == [{"name": "files", "mountPath": "/data"}]


@pytest.mark.usefixtures("shop")
def test_instances_are_deleted_only_once_the_volume_is_detached(api):
    assert api.delete("/mc/apps/shop/volumes/data").status_code == 400
    assert api.delete("/mc/apps/shop/volumes/data/instances/data-1").status_code == 400

    assert api.post("/mc/apps/shop/volumes/data/detach").json() == {"name": "data"}
    assert template(api, "cron")["volumeMounts"] == []
    assert api.delete("/mc/apps/shop/volumes/data").json() == {"ids": ["data-1"]}
    assert api.get("/mc/apps/shop/volumes").json()["items"][0]["volumeInstances"] == []
    assert api.delete("/mc/apps/shop/volumes/data/instances/data-1").status_code == 404


@pytest.mark.usefixtures("shop")
def test_a_pod_of_the_application_is_recreated_and_another_is_not_found(api):
    assert api.post("/mc/apps/shop/pods/pod-1/recreate").status_code == 200
    assert api.post("/mc/apps/shop/pods/pod-9/recreate").status_code == 404


@pytest.mark.usefixtures("shop")
def test_reports_count_nothing_but_what_the_application_holds(api):
    statistics = api.get("/mc/apps/shop/statistics", params={"fromDate": "2024-03-01T00:00:00Z", "toDate": "2024-03-01T02:00:00Z", "granularity": "Hourly"})
    assert list(statistics.json()["cpuUsageChart"]) == ["2024-03-01T00:00:00Z", "2024-03-01T01:00:00Z", "2024-03-01T02:00:00Z"]
    assert statistics.json()["volumesCapacityChart"]["2024-03-01T00:00:00Z"] == 6.0
    assert api.get("/mc/apps/shop/statistics", params={"fromDate": "2024-03-01T00:00:00Z", "granularity": "Weekly"}).status_code == 400
    backwards = api.get("/mc/apps/shop/statistics", params={"fromDate": "2024-03-02T00:00:00Z", "toDate": "2024-03-01T00:00:00Z", "granularity": "Daily"})
    # The error names the range's parameters as this operation spells them.
    assert (backwards.status_code, backwards.json()["errors"]) == (400, [{"field": "fromDate", "message": "fromDate is after toDate."}])
    assert api.get("/mc/apps/shop/summary").json()["totalVolumeSizeInGb"] == 6.0
    assert api.get("/mc/apps/shop/overview").json()["activeInstances"]["indicator"] == 1


@pytest.mark.usefixtures("shop")
def test_a_registry_lists_the_images_and_tags_it_knows(api):
    images = api.post("/mc/registries/images", json={"registryId": "1"}).json()
    assert images == [{"id": "busybox", "namespace": "library"}, {"id": "nginx", "namespace": "library"}]
    assert api.post("/mc/registries/tags", json={"registryId": "1", "imageNamespace": "library", "imageName": "nginx"}).json() == [
        {"name": "1.27"}, {"name": "1.26"}]  # fmt: skip
    assert api.post("/mc/registries/public-images/search", json={"registryId": "1", "prefix": "ngi"}).json() == [{"id": "nginx", "namespace": "library"}]
    assert api.post("/mc/registries/images", json={"registryId": "9"}).status_code == 422


@pytest.mark.usefixtures("shop")
def test_limits_count_the_applications_and_regions_page_with_a_cursor(api):
    assert api.get("/mc/limits").json()["existingNumberOfApplications"] == 1
    first = api.get("/mc/regions", params={"limit": 2}).json()
    second = api.get("/mc/regions", params={"limit": 2, "nextCursor": first["cursor"]}).json()
    assert len(first["items"]) == 2 and first["items"] != second["items"]
    assert api.get("/mc/regions/optimal").json()["region"] == first["items"][0]
    assert api.get("/mc/nodes/plain").json()[:2] == api.get("/mc/nodes", params={"limit": 2}).json()["items"]


@pytest.mark.usefixtures("shop")
def test_log_forwarding_is_one_configuration_per_application(api):
    body = {"app": "shop", "type": "SyslogTcp", "endpoint": "logs.example.com", "port": 6514, "format": "SyslogRfc5424", "enabled": True}
    created = api.post("/mc/log/forwarding", json=body)
    assert (created.status_code, created.json()["app"]) == (201, "shop")
    assert api.post("/mc/log/forwarding", json=body).status_code == 400
    assert api.post("/mc/log/forwarding", json=dict(body, app="nothing")).status_code == 400

    assert api.request("PUT", "/mc/log/forwarding/shop", json=dict(body, enabled=False)).json()["id"] == created.json()["id"]
    assert api.get("/mc/log/forwarding/shop").json()["enabled"] is False
    assert api.delete("/mc/log/forwarding/shop").status_code == 204
    assert api.get("/mc/log/forwarding").json() == {"items": []}
    assert api.get("/mc/log/forwarding/shop").status_code == 404
