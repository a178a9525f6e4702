"""Magic Containers applications in the API's response shape, loaded into the simulator by the MC tests."""

import copy

import requests
from ansible.module_utils.common.dict_transformations import camel_dict_to_snake_dict

APP_ID = "app-storefront"
REGISTRIES = [
    {"id": 101, "displayName": "Docker Hub", "hostName": "docker.io", "isPublic": True},
    {"id": 102, "displayName": "GitHub Packages", "hostName": "ghcr.io", "userName": "ci-bot"},
]
WEB_ID = "tpl-web"
WORKER_ID = "tpl-worker"

WEB = {
    "id": WEB_ID,
    "name": "web",
    "packageId": "pkg-web",
    "image": "docker.io/library/nginx:1.25@sha256:" + "a" * 64,
    "imageName": "nginx",
    "imageNamespace": "library",
    "imageTag": "1.25",
    "imageRegistryId": "101",
    "imageDigest": "sha256:" + "a" * 64,
    "imagePullPolicy": "always",
    "entryPoint": {"command": "nginx", "arguments": "-g 'daemon off;'"},
    "probes": {"liveness": {"periodSeconds": 10, "tcpSocket": {"request": {"portNumber": 80}}}},
    "environmentVariables": [{"name": "LOG_LEVEL", "value": "info"}, {"name": "MODE", "value": "prod"}],
    "endpoints": [{
        "id": "ep-public",
        "displayName": "public",
        "type": "cdn",
        "publicHost": "storefront.b-cdn.net",
        "isSslEnabled": True,
        "pullZoneId": "4711",
        "portMappings": [{"containerPort": 80, "exposedPort": 80, "protocols": ["tcp"]}],
    }],
    "volumeMounts": [{"name": "uploads", "mountPath": "/data/uploads"}],
}

WORKER = {
    "id": WORKER_ID,
    "name": "worker",
    "packageId": "pkg-worker",
    "image": "docker.io/acme/worker:2",
    "imageName": "worker",
    "imageNamespace": "acme",
    "imageTag": "2",
    "imageRegistryId": "101",
    "imagePullPolicy": "ifNotPresent",
    "environmentVariables": [{"name": "QUEUE", "value": "orders"}],
    "endpoints": [],
    "volumeMounts": [{"name": "cache", "mountPath": "/cache"}],
}

APP = {
    "id": APP_ID,
    "name": "storefront",
    "status": "active",
    "runtimeType": "shared",
    "autoScaling": {"min": 1, "max": 3},
    "regionSettings": {
        "allowedRegionIds": ["DE", "UK"],
        "requiredRegionIds": ["DE"],
        "maxAllowedRegions": 2,
    },
    "volumes": [{"name": "uploads", "size": 5}, {"name": "cache", "size": 2}, {"name": "scratch", "size": 1}],
    "containerTemplates": [WEB, WORKER],
    "containerInstances": [],
}


def storefront(**changes):
    """A fresh copy of the storefront application, with top-level fields replaced by ``changes``."""
    app = copy.deepcopy(APP)
    app.update(copy.deepcopy(changes))
    return app


def load_storefront(simulator, app=None, tag_digests=None, **fixtures):
    """The storefront application and the registries its templates pull from, loaded into the simulator.

    ``tag_digests`` maps ``<namespace>/<name>:<tag>`` to the digest it resolves to in the Docker Hub
    registry (101), or to None for an image that registry does not have.
    """
    registries = copy.deepcopy(REGISTRIES)
    if tag_digests is not None:
        registries[0]["imageDigests"] = dict(tag_digests)
    simulator.load(apps=[app or storefront()], registries=registries, **fixtures)
    return simulator


def read_raw(simulator, path):
    """What the simulator holds at ``path``, read directly (so the module under test proves nothing), in snake_case."""
    response = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10)
    response.raise_for_status()
    return camel_dict_to_snake_dict(response.json())
