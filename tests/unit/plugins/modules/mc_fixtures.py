"""Magic Containers applications in the API's response shape, loaded into the simulator by the MC tests."""

import copy

APP_ID = "app-storefront"
WEB_ID = "tpl-web"
WORKER_ID = "tpl-worker"

WEB = {
    "id": WEB_ID,
    "name": "web",
    "packageId": "pkg-web",
    "image": "docker.io/library/nginx:1.25",
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
    "volumes": [{"name": "uploads", "size": 5}, {"name": "cache", "size": 2}],
    "containerTemplates": [WEB, WORKER],
    "containerInstances": [],
}


def storefront(**changes):
    """A fresh copy of the storefront application, with top-level fields replaced by ``changes``."""
    app = copy.deepcopy(APP)
    app.update(copy.deepcopy(changes))
    return app
