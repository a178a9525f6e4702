"""PATCH /mc/apps/{appId} and the container template PATCH against every bound and pattern of the contract."""

import copy
import time

import pytest

APP_ID = "app1"
TEMPLATE_ID = "tpl1"
TEMPLATE = ("containerTemplates", 0)
CDN = (*TEMPLATE, "endpoints", 0, "cdn")
ANYCAST = (*TEMPLATE, "endpoints", 1, "anycast")
PROBES = (*TEMPLATE, "probes")
ERROR_DETAILS_KEYS = {"title", "status", "detail", "instance", "errors", "id"}


def probe(kind, details):
    timings = {"initialDelaySeconds": 5, "periodSeconds": 5, "timeoutSeconds": 5, "failureThreshold": 5, "successThreshold": 1}
    return {**timings, kind: details}


def full_patch():
    """A PatchApplicationRequest that uses every field of the contract, all valid."""
    return {
        "name": "demo app",
        "runtimeType": "shared",
        "autoScaling": {"min": 1, "max": 1000},
        "regionSettings": {"allowedRegionIds": ["DE"], "requiredRegionIds": ["DE"], "maxAllowedRegions": 1, "nodeSelectors": {"disk": "ssd"}},
        "volumes": [{"name": "data", "size": 10}],
        "containerTemplates": [
            {
                "name": "web",
                "image": "docker.io/library/nginx:1.27",
                "imageRegistryId": "1",
                "imageNamespace": "library",
                "imageName": "nginx",
                "imageTag": "1.27",
                "imageDigest": "sha256:" + "0" * 64,
                "imagePullPolicy": "always",
                "entryPoint": {"command": "nginx", "commandArray": ["nginx"], "arguments": "-g", "argumentsArray": ["-g"], "workingDirectory": "/"},
                "probes": {
                    "startup": probe("httpGet", {"request": {"path": "/", "portNumber": 80}, "response": {"expectedStatusCode": "ok"}}),
                    "readiness": probe("tcpSocket", {"request": {"portNumber": 80}}),
                    "liveness": probe("grpc", {"request": {"portNumber": 9000, "serviceName": "health"}}),
                },
                "environmentVariables": [{"name": "A", "value": "1"}],
                "endpoints": [
                    {
                        "displayName": "web",
                        "cdn": {
                            "isSslEnabled": True,
                            "pullZoneId": 5,
                            "stickySessions": {"enabled": True, "sessionHeaders": ["X-Session"], "cookieName": "s"},
                            "portMappings": [{"containerPort": 80, "exposedPort": 80, "protocols": ["tcp"]}],
                        },
                    },
                    {"displayName": "dns", "anycast": {"type": "iPv4", "portMappings": [{"containerPort": 53, "exposedPort": 53, "protocols": ["udp"]}]}},
                ],
                "volumeMounts": [{"name": "data", "mountPath": "/data"}],
            }
        ],
    }


# A volume and its mount name each other: changing one name alone would mount a volume the application lacks.
VOLUME_NAME = ("volumes", 0, "name")
MOUNT_NAME = (*TEMPLATE, "volumeMounts", 0, "name")
LINKED = {VOLUME_NAME: MOUNT_NAME, MOUNT_NAME: VOLUME_NAME}


def with_value(path, value):
    body = full_patch()
    for each in (path, LINKED.get(tuple(path))):
        if each is not None:
            target = body
            for key in each[:-1]:
                target = target[key]
            target[each[-1]] = value
    return body


def field_of(path):
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


@pytest.fixture
def app(simulator):
    simulator.load_fixtures({"apps": [{"id": APP_ID, "name": "app", "containerTemplates": [{"id": TEMPLATE_ID, "name": "web"}]}]})


def patch_app(api, body, **kwargs):
    return api.patch(f"/mc/apps/{APP_ID}", json=body, **kwargs)


def assert_refused(answer, field):
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert set(body) == ERROR_DETAILS_KEYS
    assert body["status"] == 400
    assert field in [error["field"] for error in body["errors"]], body["errors"]


def string_of(length):
    return "a" * length


def port_mapping(count):
    return [{"containerPort": 80 + number} for number in range(count)]


# (path, smallest accepted, largest accepted, just below, just above); None where the contract has no bound on that side.
LIMITS = {
    "application name": (("name",), string_of(1), string_of(100), string_of(0), string_of(101)),
    "container name": ((*TEMPLATE, "name"), string_of(1), string_of(50), string_of(0), string_of(51)),
    "volume name": (VOLUME_NAME, string_of(1), string_of(50), string_of(0), string_of(51)),
    "volume mount name": (MOUNT_NAME, string_of(1), string_of(50), string_of(0), string_of(51)),
    "endpoint displayName": ((*TEMPLATE, "endpoints", 0, "displayName"), string_of(1), string_of(50), string_of(0), string_of(51)),
    "autoScaling min": (("autoScaling", "min"), 1, 1000, 0, 1001),
    "autoScaling max": (("autoScaling", "max"), 1, 1000, 0, 1001),
    "volume size": (("volumes", 0, "size"), 1, 100, 0, 101),
    "cdn containerPort": ((*CDN, "portMappings", 0, "containerPort"), 1, 65535, 0, 65536),
    "cdn exposedPort": ((*CDN, "portMappings", 0, "exposedPort"), 1, 65535, 0, 65536),
    "anycast containerPort": ((*ANYCAST, "portMappings", 0, "containerPort"), 1, 65535, 0, 65536),
    "anycast exposedPort": ((*ANYCAST, "portMappings", 0, "exposedPort"), 1, 65535, 0, 65536),
    "httpGet portNumber": ((*PROBES, "startup", "httpGet", "request", "portNumber"), 1, 65535, 0, 65536),
    "tcpSocket portNumber": ((*PROBES, "readiness", "tcpSocket", "request", "portNumber"), 1, 65535, 0, 65536),
    "grpc portNumber": ((*PROBES, "liveness", "grpc", "request", "portNumber"), 1, 65535, 0, 65536),
    "probe initialDelaySeconds": ((*PROBES, "liveness", "initialDelaySeconds"), 1, 3600, 0, 3601),
    "probe periodSeconds": ((*PROBES, "startup", "periodSeconds"), 1, 3600, 0, 3601),
    "probe timeoutSeconds": ((*PROBES, "readiness", "timeoutSeconds"), 1, 3600, 0, 3601),
    "probe failureThreshold": ((*PROBES, "liveness", "failureThreshold"), 1, 1000, 0, 1001),
    "probe successThreshold": ((*PROBES, "startup", "successThreshold"), 1, 1000, 0, 1001),
    "cdn portMappings": ((*CDN, "portMappings"), port_mapping(1), port_mapping(1), port_mapping(0), port_mapping(2)),
    "anycast portMappings": ((*ANYCAST, "portMappings"), port_mapping(1), port_mapping(20), port_mapping(0), None),
    "sessionHeaders": ((*CDN, "stickySessions", "sessionHeaders"), ["a"], ["a", "b", "c"], [], ["a", "b", "c", "d"]),
}

ACCEPTED = [
    pytest.param(path, value, id=f"{name}={side}")
    for name, (path, low, high, _below, _above) in LIMITS.items()
    for side, value in (("min", low), ("max", high))
]
REFUSED = [
    pytest.param(path, value, id=f"{name}={side}")
    for name, (path, _low, _high, below, above) in LIMITS.items()
    for side, value in (("below", below), ("above", above))
    if value is not None
]


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize(("path", "value"), ACCEPTED)
def test_a_bound_value_is_accepted(api, path, value):
    answer = patch_app(api, with_value(path, value))
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"id": APP_ID}


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize(("path", "value"), REFUSED)
def test_a_value_outside_a_bound_is_refused(api, path, value):
    assert_refused(patch_app(api, with_value(path, value)), field_of(path))


# (path, accepted values, refused values)
PATTERNS = {
    "application name": (("name",), ["my app-1", "A\tB"], ["my_app", "app!", "ünïcode"]),
    "imageName": ((*TEMPLATE, "imageName"), ["a", "my-image", "a..b", "a__b", "org/sub.name"], ["-a", "a-", "a...b", "a___b", "a:b"]),
    "imageNamespace": ((*TEMPLATE, "imageNamespace"), ["library", "my.org/team"], ["/library", "team/", "a b"]),
    "imageTag": ((*TEMPLATE, "imageTag"), ["1", "v1.2-rc_1", "latest"], [".v1", "v1/2", "v1.", "v1...2"]),
    "imageDigest": (
        (*TEMPLATE, "imageDigest"),
        ["sha256:" + "a" * 64, "sha256:" + "09" * 32],
        ["sha256:" + "a" * 63, "sha256:" + "a" * 65, "sha256:" + "A" * 64, "md5:" + "a" * 64],
    ),
    "mountPath": (
        (*TEMPLATE, "volumeMounts", 0, "mountPath"),
        ["/a", "/var/lib/data/", "/a.b/c_d-e"],
        ["/", "data", "/a//b", "/a/../b", "/a..b", "/a b", "/a\n", "/a$"],
    ),
}

PATTERN_ACCEPTED = [pytest.param(path, value, id=f"{name}={value!r}") for name, (path, good, _bad) in PATTERNS.items() for value in good]
PATTERN_REFUSED = [pytest.param(path, value, id=f"{name}={value!r}") for name, (path, _good, bad) in PATTERNS.items() for value in bad]


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize(("path", "value"), PATTERN_ACCEPTED)
def test_a_value_matching_a_pattern_is_accepted(api, path, value):
    answer = patch_app(api, with_value(path, value))
    assert answer.status_code == 200, answer.text


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize(("path", "value"), PATTERN_REFUSED)
def test_a_value_not_matching_a_pattern_is_refused(api, path, value):
    assert_refused(patch_app(api, with_value(path, value)), field_of(path))


@pytest.mark.usefixtures("app")
def test_a_long_invalid_mount_path_is_refused_at_once(api):
    path = (*TEMPLATE, "volumeMounts", 0, "mountPath")
    started = time.monotonic()
    assert_refused(patch_app(api, with_value(path, "/" + "a" * 200 + "!")), field_of(path))
    # A pattern that backtracks would take years on 200 characters; a busy machine takes well under a second.
    assert time.monotonic() - started < 30


ENUMS = {
    "runtimeType": ("runtimeType",),
    "imagePullPolicy": (*TEMPLATE, "imagePullPolicy"),
    "anycast type": (*ANYCAST, "type"),
    "protocol": (*CDN, "portMappings", 0, "protocols", 0),
    "expectedStatusCode": (*PROBES, "startup", "httpGet", "response", "expectedStatusCode"),
}


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize("path", [pytest.param(path, id=name) for name, path in ENUMS.items()])
def test_a_value_outside_an_enum_is_refused(api, path):
    assert_refused(patch_app(api, with_value(path, "iPv6")), field_of(path))


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize(
    ("path", "value"),
    [(("runtimeType",), "reserved"), ((*TEMPLATE, "imagePullPolicy"), "ifNotPresent"), ((*CDN, "portMappings", 0, "protocols"), ["tcp", "udp", "sctp"])],
)
def test_every_enum_value_is_accepted(api, path, value):
    assert patch_app(api, with_value(path, value)).status_code == 200


REQUIRED = {
    "container name": (*TEMPLATE, "name"),
    "imageName": (*TEMPLATE, "imageName"),
    "imageNamespace": (*TEMPLATE, "imageNamespace"),
    "imageTag": (*TEMPLATE, "imageTag"),
    "imageRegistryId": (*TEMPLATE, "imageRegistryId"),
    "autoScaling min": ("autoScaling", "min"),
    "autoScaling max": ("autoScaling", "max"),
    "volume name": ("volumes", 0, "name"),
    "volume size": ("volumes", 0, "size"),
    "volume mount name": (*TEMPLATE, "volumeMounts", 0, "name"),
    "volume mount path": (*TEMPLATE, "volumeMounts", 0, "mountPath"),
    "endpoint displayName": (*TEMPLATE, "endpoints", 0, "displayName"),
    "containerPort": (*CDN, "portMappings", 0, "containerPort"),
    "sessionHeaders": (*CDN, "stickySessions", "sessionHeaders"),
    "anycast type": (*ANYCAST, "type"),
    "anycast portMappings": (*ANYCAST, "portMappings"),
    "environment variable name": (*TEMPLATE, "environmentVariables", 0, "name"),
}


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize("path", [pytest.param(path, id=name) for name, path in REQUIRED.items()])
def test_a_missing_required_field_is_refused(api, path):
    body = full_patch()
    target = body
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    assert_refused(patch_app(api, body), field_of(path))


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize("path", [("colour",), (*TEMPLATE, "colour"), (*CDN, "colour"), (*PROBES, "liveness", "colour"), ("autoScaling", "colour")])
def test_an_unknown_field_is_refused(api, path):
    assert_refused(patch_app(api, with_value(path, 1)), field_of(path))


@pytest.mark.usefixtures("app")
def test_a_string_where_an_integer_belongs_is_refused(api):
    assert_refused(patch_app(api, with_value(("volumes", 0, "size"), "10")), "volumes[0].size")


@pytest.mark.usefixtures("app")
def test_an_endpoint_of_no_kind_is_refused(api):
    assert_refused(patch_app(api, with_value((*TEMPLATE, "endpoints", 0), {"displayName": "x"})), "containerTemplates[0].endpoints[0]")


@pytest.mark.usefixtures("app")
def test_every_problem_of_a_request_is_reported(api):
    body = with_value(("name",), "bad_name")
    body["volumes"][0]["size"] = 0
    fields = {error["field"] for error in patch_app(api, body).json()["errors"]}
    assert fields == {"name", "volumes[0].size"}


@pytest.mark.usefixtures("app")
def test_a_body_that_is_not_an_object_is_refused(api):
    answer = api.patch(f"/mc/apps/{APP_ID}", data="[1]", headers={**api.simulator.headers, "Content-Type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["field"] is None


@pytest.mark.usefixtures("app")
def test_an_empty_body_is_refused(api):
    answer = api.patch(f"/mc/apps/{APP_ID}", data="", headers={**api.simulator.headers, "Content-Type": "application/json"})
    assert answer.status_code == 400


@pytest.mark.usefixtures("app")
def test_a_refused_patch_names_the_application(api):
    assert patch_app(api, with_value(("name",), "")).json()["id"] == APP_ID


@pytest.mark.usefixtures("app")
def test_a_refused_patch_changes_nothing(simulator, api):
    before = copy.deepcopy(simulator.state.apps)
    patch_app(api, with_value(("volumes", 0, "size"), 0))
    assert simulator.state.apps == before


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize("content_type", ["text/json", "application/merge-patch+json", "application/json; charset=utf-8"])
def test_json_media_types_are_accepted(api, content_type):
    answer = api.patch(f"/mc/apps/{APP_ID}", data='{"name": "x"}', headers={**api.simulator.headers, "Content-Type": content_type})
    assert answer.status_code == 200


@pytest.mark.usefixtures("app")
def test_other_media_types_are_refused_with_415(api):
    answer = api.patch(f"/mc/apps/{APP_ID}", data='{"name": "x"}', headers={**api.simulator.headers, "Content-Type": "text/plain"})
    assert answer.status_code == 415
    assert answer.json()["status"] == 415


@pytest.mark.usefixtures("app")
def test_min_above_max_is_unprocessable(api):
    answer = patch_app(api, {"autoScaling": {"min": 5, "max": 2}})
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["field"] == "autoScaling.min"


# The container template PATCH applies the same rules to the fields it carries, at the top level of its body.


def patch_template(api, body):
    return api.patch(f"/mc/apps/{APP_ID}/containers/{TEMPLATE_ID}", json=body)


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": string_of(51)}, "name"),
        ({"imageTag": "v1/2"}, "imageTag"),
        ({"imageDigest": "sha256:abc"}, "imageDigest"),
        ({"probes": {"liveness": {"timeoutSeconds": 3601}}}, "probes.liveness.timeoutSeconds"),
        ({"endpoints": [{"displayName": "web", "cdn": {"portMappings": []}}]}, "endpoints[0].cdn.portMappings"),
        ({"volumeMounts": [{"name": "data", "mountPath": "relative"}]}, "volumeMounts[0].mountPath"),
        ({"colour": "blue"}, "colour"),
    ],
    ids=["name", "imageTag", "imageDigest", "probe", "cdn portMappings", "mountPath", "unknown field"],
)
def test_a_template_patch_outside_the_contract_is_refused(api, body, field):
    assert_refused(patch_template(api, body), field)


@pytest.mark.usefixtures("app")
def test_a_template_patch_at_the_bounds_is_accepted(api):
    body = {"name": string_of(50), "probes": {"liveness": {"initialDelaySeconds": 3600, "failureThreshold": 1000}}}
    assert patch_template(api, body).status_code == 200
