# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Magic Containers: what mc_app, mc_app_info and mc_container_template share.

The desired state is computed in the shape the API reads back, which is also the projection that
results and diffs show; requests are derived from it afterwards. The two shapes differ (an endpoint
is ``{displayName, cdn: {...}}`` in a request but flat in a response), and computing in the read
shape means that "changed", the prediction and the diff all come from one comparison.
"""

import copy
import re
import time

from ansible.module_utils.common.dict_transformations import snake_dict_to_camel_dict

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.diff import apply_changes, changed_fields, reconcile_keyed
from ansible_collections.bunnynet.cloud.plugins.module_utils.mc_paths import (
    APP_PATH,
    APPS_PATH,
    REGISTRIES_PATH,
    REGISTRY_DIGEST_PATH,
    REGISTRY_PATH,
    TEMPLATE_PATH,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.mc_patterns import (
    APP_NAME_PATTERN,
    IMAGE_DIGEST_PATTERN,
    IMAGE_NAME_PATTERN,
    IMAGE_TAG_PATTERN,
    MOUNT_PATH_PATTERN,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.resource import Field, Paths, Record, Resource
from ansible_collections.bunnynet.cloud.plugins.module_utils.validation import each_named_once

# User-supplied maps whose keys are data, not field names: they keep their spelling in results.
USER_MAPS = ("nodeSelectors",)

HTTP_STATUS_CODES = [
    "continue", "switchingProtocols", "processing", "earlyHints", "ok", "created", "accepted",
    "nonAuthoritativeInformation", "noContent", "resetContent", "partialContent", "multiStatus",
    "alreadyReported", "imUsed", "multipleChoices", "movedPermanently", "found", "seeOther", "notModified",
    "useProxy", "unused", "temporaryRedirect", "permanentRedirect", "badRequest", "unauthorized",
    "paymentRequired", "forbidden", "notFound", "methodNotAllowed", "notAcceptable",
    "proxyAuthenticationRequired", "requestTimeout", "conflict", "gone", "lengthRequired",
    "preconditionFailed", "requestEntityTooLarge", "requestUriTooLong", "unsupportedMediaType",
    "requestedRangeNotSatisfiable", "expectationFailed", "misdirectedRequest", "unprocessableEntity",
    "locked", "failedDependency", "upgradeRequired", "preconditionRequired", "tooManyRequests",
    "requestHeaderFieldsTooLarge", "unavailableForLegalReasons", "internalServerError", "notImplemented",
    "badGateway", "serviceUnavailable", "gatewayTimeout", "httpVersionNotSupported", "variantAlsoNegotiates",
    "insufficientStorage", "loopDetected", "notExtended", "networkAuthenticationRequired",
]

PROBES = ("startup", "readiness", "liveness")
PROBE_COUNTERS = ("initial_delay_seconds", "period_seconds", "timeout_seconds", "failure_threshold", "success_threshold")
# The contract's defaults: a probe that is added takes them for the timings it does not give.
PROBE_DEFAULTS = {"initialDelaySeconds": 10, "periodSeconds": 10, "timeoutSeconds": 7, "failureThreshold": 3, "successThreshold": 1}
# A probe checks one way; choosing one drops the others.
PROBE_CHECKS = ("httpGet", "tcpSocket", "grpc")
ENTRY_POINT_MEMBERS = ("command", "commandArray", "arguments", "argumentsArray", "workingDirectory")

# The fields a ContainerRequest must carry; a template the API does not have yet needs them all.
NEW_TEMPLATE_FIELDS = (
    ("imageName", "image_name"),
    ("imageNamespace", "image_namespace"),
    ("imageTag", "image_tag"),
    ("imageRegistryId", "image_registry_id"),
)
# What the image reference is built from: a change to any of them changes the reference.
IMAGE_PARTS = ("imageName", "imageNamespace", "imageTag", "imageRegistryId", "imageDigest")
# What names an image; a digest belongs to the image these name, so it cannot outlive a change to them.
REFERENCE_PARTS = ("imageRegistryId", "imageNamespace", "imageName", "imageTag")
IMAGE_FORMAT = "[<registry host>/]<namespace>/<name>:<tag>[@<digest>]"
# A full image reference carries these, so giving both would say the same thing twice.
IMAGE_EXCLUSIVE = [("image", "image_name"), ("image", "image_namespace"), ("image", "image_tag")]
TEMPLATE_REQUEST_FIELDS = (
    "name", "image", "imageName", "imageNamespace", "imageTag", "imageDigest", "imageRegistryId",
    "imagePullPolicy", "entryPoint", "probes", "environmentVariables", "endpoints", "volumeMounts",
)
# Fields a template request carries as null or empty to clear them.
CLEARABLE_FIELDS = ("imageDigest", "entryPoint", "probes")
APP_REQUEST_FIELDS = ("name", "runtimeType", "autoScaling", "regionSettings", "containerTemplates", "volumes")
RESTART_CHOICES = ["never", "on_change", "always"]

# Polling starts fast, so a short rollout is seen at once, and backs off for long ones.
FIRST_POLL_INTERVAL = 0.2
MAX_POLL_INTERVAL = 5.0


# --- Options -------------------------------------------------------------------------------------

PORT_MAPPING_OPTIONS = dict(
    container_port=dict(type="int", required=True),
    exposed_port=dict(type="int"),
    protocols=dict(type="list", elements="str", choices=["tcp", "udp", "sctp"]),
)

ENDPOINT_OPTIONS = dict(
    display_name=dict(type="str", required=True),
    cdn=dict(
        type="dict",
        options=dict(
            is_ssl_enabled=dict(type="bool"),
            pull_zone_id=dict(type="int"),
            port_mappings=dict(type="list", elements="dict", options=PORT_MAPPING_OPTIONS),
            sticky_sessions=dict(
                type="dict",
                options=dict(
                    enabled=dict(type="bool"),
                    session_headers=dict(type="list", elements="str", required=True),
                    cookie_name=dict(type="str"),
                ),
            ),
        ),
    ),
    anycast=dict(
        type="dict",
        options=dict(port_mappings=dict(type="list", elements="dict", required=True, options=PORT_MAPPING_OPTIONS)),
    ),
)

PROBE_OPTIONS = dict(
    initial_delay_seconds=dict(type="int"),
    period_seconds=dict(type="int"),
    timeout_seconds=dict(type="int"),
    failure_threshold=dict(type="int"),
    success_threshold=dict(type="int"),
    http_get=dict(
        type="dict",
        options=dict(
            path=dict(type="str"),
            port_number=dict(type="int", required=True),
            expected_status_code=dict(type="str", choices=HTTP_STATUS_CODES),
        ),
    ),
    tcp_socket=dict(type="dict", options=dict(port_number=dict(type="int", required=True))),
    grpc=dict(type="dict", options=dict(port_number=dict(type="int", required=True), service_name=dict(type="str"))),
)

TEMPLATE_OPTIONS = dict(
    image=dict(type="str"),
    image_name=dict(type="str"),
    image_namespace=dict(type="str"),
    image_tag=dict(type="str"),
    image_digest=dict(type="str"),
    image_registry_id=dict(type="str"),
    resolve_digest=dict(type="bool", default=False),
    image_pull_policy=dict(type="str", choices=["always", "ifNotPresent"]),
    entry_point=dict(
        type="dict",
        options=dict(
            command=dict(type="str"),
            command_array=dict(type="list", elements="str"),
            arguments=dict(type="str"),
            arguments_array=dict(type="list", elements="str"),
            working_directory=dict(type="str"),
        ),
    ),
    purge_entry_point=dict(type="bool", default=False),
    probes=dict(
        type="dict",
        options={
            probe: dict(type="dict", options=PROBE_OPTIONS, mutually_exclusive=[("http_get", "tcp_socket", "grpc")])
            for probe in PROBES
        },
    ),
    purge_probes=dict(type="bool", default=False),
    environment_variables=dict(type="dict"),
    # Ansible keeps the values of a no_log option out of every output, the logged arguments included.
    secret_environment_variables=dict(type="dict", no_log=True),
    purge_environment_variables=dict(type="bool", default=False),
    endpoints=dict(
        type="list",
        elements="dict",
        options=ENDPOINT_OPTIONS,
        mutually_exclusive=[("cdn", "anycast")],
        required_one_of=[("cdn", "anycast")],
    ),
    purge_endpoints=dict(type="bool", default=False),
    volume_mounts=dict(
        type="list",
        elements="dict",
        options=dict(name=dict(type="str", required=True), mount_path=dict(type="str", required=True)),
    ),
    purge_volume_mounts=dict(type="bool", default=False),
)


def template_options(**extra):
    """The argument spec of one container template's fields, plus ``extra`` options."""
    return dict(TEMPLATE_OPTIONS, **extra)


def app_options():
    """The argument spec of mc_app (without the shared API options)."""
    return dict(
        app_id=dict(type="str"),
        name=dict(type="str"),
        runtime_type=dict(type="str", choices=["shared", "reserved"]),
        autoscaling=dict(
            type="dict",
            options=dict(min=dict(type="int", required=True), max=dict(type="int", required=True)),
        ),
        region_settings=dict(
            type="dict",
            options=dict(
                allowed_region_ids=dict(type="list", elements="str"),
                required_region_ids=dict(type="list", elements="str"),
                max_allowed_regions=dict(type="int"),
                node_selectors=dict(type="dict"),
            ),
        ),
        volumes=dict(
            type="list",
            elements="dict",
            options=dict(name=dict(type="str", required=True), size=dict(type="int", required=True)),
        ),
        purge_volumes=dict(type="bool", default=False),
        container_templates=dict(
            type="list",
            elements="dict",
            options=template_options(name=dict(type="str", required=True)),
            mutually_exclusive=IMAGE_EXCLUSIVE,
        ),
        purge_container_templates=dict(type="bool", default=False),
        restart=dict(type="str", choices=RESTART_CHOICES, default="never"),
        wait=dict(type="bool", default=False),
        wait_timeout=dict(type="int", default=300),
        state=dict(type="str", choices=["present", "absent"], default="present"),
    )


# --- Rules ---------------------------------------------------------------------------------------

def parse_image(image):
    """The parts of a full image reference, ``[<registry host>/]<namespace>/<name>:<tag>[@<digest>]``.

    The first path segment is a registry host when it holds a dot or a colon or is ``localhost``
    (the convention container tools use); the last segment is the name and the segments between
    them the namespace. Raises ValueError saying which part is missing or malformed.
    """
    reference, at_sign, digest = image.partition("@")
    path, colon, tag = reference.rpartition(":")
    if not colon or "/" in tag:
        raise ValueError("no :<tag>")
    segments = path.split("/")
    host = None
    if len(segments) > 1 and ("." in segments[0] or ":" in segments[0] or segments[0] == "localhost"):
        host = segments.pop(0)
    if len(segments) < 2:
        raise ValueError("no <namespace>/ before the name")
    parts = dict(host=host, namespace="/".join(segments[:-1]), name=segments[-1], tag=tag, digest=digest if at_sign else None)
    for part, pattern in (("namespace", IMAGE_NAME_PATTERN), ("name", IMAGE_NAME_PATTERN), ("tag", IMAGE_TAG_PATTERN)):
        if not _whole_match(pattern, parts[part]):
            raise ValueError("the %s %r is not letters and digits joined by . / _ -" % (part, parts[part]))
    if at_sign and not _whole_match(IMAGE_DIGEST_PATTERN, digest):
        raise ValueError("the digest %r is not 'sha256:' and 64 lowercase letters or digits" % digest)
    return parts


def image_reference(host, template):
    """The full image reference of a template's parts: what the modules send and predict as ``image``."""
    reference = "%s/%s:%s" % (template["imageNamespace"], template["imageName"], template["imageTag"])
    if host:
        reference = "%s/%s" % (host, reference)
    if template.get("imageDigest"):
        reference = "%s@%s" % (reference, template["imageDigest"])
    return reference


def _whole_match(pattern, value):
    return re.match("(?:%s)\\Z" % pattern, value) is not None


def _image_format(image):
    try:
        parse_image(image)
    except ValueError as problem:
        return "%r (%s)" % (image, problem)
    return True


def _plain_values(mapping):
    # The API stores text; a nested value would arrive as Python's rendering of it.
    for key, value in mapping.items():
        if key in (None, ""):
            return "an empty name"
        if isinstance(value, (dict, list)):
            return "%r holding a %s" % (key, "dict" if isinstance(value, dict) else "list")
    return True


def _required_within_allowed(region):
    allowed, required = region.get("allowed_region_ids"), region.get("required_region_ids")
    if allowed is None or required is None:
        return True
    outside = [region_id for region_id in required if region_id not in allowed]
    return "%s only in required_region_ids" % ", ".join(map(repr, outside)) if outside else True


# Import-time code (it builds TEMPLATE_RULES), which mutmut's forked runs never re-execute;
# test_contract_limits.py guards every path and bound it makes.
def _port_rules(path):  # pragma: no mutate block
    return (
        (path + ".container_port", dict(minimum=1, maximum=65535)),
        (path + ".exposed_port", dict(minimum=1, maximum=65535)),
    )


# Import-time code, as _port_rules; test_contract_limits.py guards every path and bound it makes.
def _probe_rules(probe):  # pragma: no mutate block
    path = "probes.%s." % probe
    return (
        (path + "initial_delay_seconds", dict(minimum=1, maximum=3600)),
        (path + "period_seconds", dict(minimum=1, maximum=3600)),
        (path + "timeout_seconds", dict(minimum=1, maximum=3600)),
        (path + "failure_threshold", dict(minimum=1, maximum=1000)),
        (path + "success_threshold", dict(minimum=1, maximum=1000)),
        (path + "http_get.port_number", dict(minimum=1, maximum=65535)),
        (path + "tcp_socket.port_number", dict(minimum=1, maximum=65535)),
        (path + "grpc.port_number", dict(minimum=1, maximum=65535)),
    )


PLAIN_VALUES = (_plain_values, "map names to text, numbers or booleans")

TEMPLATE_RULES = (
    ("name", dict(min_length=1, max_length=50)),
    ("image", dict(satisfies=(_image_format, "be " + IMAGE_FORMAT))),
    ("image_name", dict(min_length=1, pattern=IMAGE_NAME_PATTERN,
                        pattern_hint="letters and digits joined by at most two of . / _ -")),
    ("image_namespace", dict(min_length=1, pattern=IMAGE_NAME_PATTERN,
                             pattern_hint="letters and digits joined by at most two of . / _ -")),
    ("image_tag", dict(min_length=1, pattern=IMAGE_TAG_PATTERN,
                       pattern_hint="letters and digits joined by at most two of . _ -")),
    # An empty digest unpins the image.
    ("image_digest", dict(pattern="(?:%s)?" % IMAGE_DIGEST_PATTERN,
                          pattern_hint="'sha256:' followed by 64 lowercase letters or digits, or empty to unpin")),
    ("image_registry_id", dict(min_length=1)),
    ("environment_variables", dict(satisfies=PLAIN_VALUES)),
    ("secret_environment_variables", dict(satisfies=PLAIN_VALUES)),
    ("endpoints", dict(satisfies=(each_named_once("display_name"), "name each display_name once"))),
    ("endpoints[].display_name", dict(min_length=1, max_length=50)),
    ("endpoints[].cdn.port_mappings", dict(min_items=1, max_items=1)),
    ("endpoints[].cdn.sticky_sessions.session_headers", dict(min_items=1, max_items=3)),
    ("endpoints[].anycast.port_mappings", dict(min_items=1)),
    ("volume_mounts", dict(satisfies=(each_named_once("name"), "mount each volume once"))),
    ("volume_mounts[].name", dict(min_length=1, max_length=50)),
    ("volume_mounts[].mount_path", dict(min_length=1, pattern=MOUNT_PATH_PATTERN,
                                        pattern_hint="an absolute path without //, .. or spaces")),
) + _port_rules("endpoints[].cdn.port_mappings[]") + _port_rules("endpoints[].anycast.port_mappings[]") + tuple(
    rule for probe in PROBES for rule in _probe_rules(probe)
)

APP_RULES = (
    ("app_id", dict(min_length=1)),
    ("name", dict(min_length=1, max_length=100, pattern=APP_NAME_PATTERN,
                  pattern_hint="letters, digits, hyphens and spaces")),
    ("autoscaling.min", dict(minimum=1, maximum=1000)),
    ("autoscaling.max", dict(minimum=1, maximum=1000)),
    ("autoscaling", dict(satisfies=(lambda scaling: scaling["min"] <= scaling["max"], "have min no greater than max"))),
    ("region_settings.max_allowed_regions", dict(minimum=1)),
    ("region_settings", dict(satisfies=(_required_within_allowed, "list every required region in allowed_region_ids too"))),
    ("region_settings.node_selectors", dict(satisfies=PLAIN_VALUES)),
    ("volumes", dict(satisfies=(each_named_once("name"), "name each volume once"))),
    ("volumes[].name", dict(min_length=1, max_length=50)),
    ("volumes[].size", dict(minimum=1, maximum=100)),
    ("container_templates", dict(satisfies=(each_named_once("name"), "name each template once"))),
    ("wait_timeout", dict(minimum=1)),
) + tuple(("container_templates[]." + path, checks) for path, checks in TEMPLATE_RULES)


def template_option_problems(options, prefix=""):
    """What the rules cannot see because it spans two options of one template; ``prefix`` locates the template."""
    problems = []
    image, digest = options.get("image"), options.get("image_digest")
    image_digest = parse_image(image)["digest"] if image else None
    if image_digest is not None and digest is not None and image_digest != digest:
        problems.append("%simage pins %s but %simage_digest is %r; give the digest in one of them" % (
            prefix, image_digest, prefix, digest))
    # Not declared as mutually exclusive options, so that resolve_digest=false may stand next to a digest.
    if options.get("resolve_digest"):
        given = "image_digest" if digest is not None else "image" if image_digest is not None else None
        if given:
            problems.append("%sresolve_digest=true looks the digest up, but %s%s gives one; give one or the other" % (
                prefix, prefix, given))
    plain = set(options.get("environment_variables") or {})
    both = sorted(plain.intersection(options.get("secret_environment_variables") or {}))
    if both:
        problems.append("%senvironment_variables and %ssecret_environment_variables both name %s; name each variable once" % (
            prefix, prefix, ", ".join(map(repr, both))))
    return problems


def app_option_problems(params):
    """The rules of mc_app that span options, checked before any request."""
    problems = []
    if params.get("purge_container_templates") and params.get("container_templates") == []:
        problems.append("container_templates is empty, so purge_container_templates=true would delete every "
                        "container template; an application keeps at least one")
    for index, template in enumerate(params.get("container_templates") or []):
        problems.extend(template_option_problems(template, "container_templates[%d]." % index))
    return problems


# --- Reading -------------------------------------------------------------------------------------

# The list is cursor-paged and has no search: every application is listed and the names compared.
APPS = Resource(
    noun="application", result_key="app", key=Field("name", "name"), fields=(),
    paths=Paths(APPS_PATH, APP_PATH.replace("{app_id}", "{id}"), search=None, pages="cursor"),
    record=Record(id_field="id"),
)

# The read shape of an application the API has just created, before the options are applied.
NEW_APP = {
    "id": None,
    "name": None,
    "displayEndpoint": None,
    "status": None,
    "runtimeType": None,
    "regionSettings": {"allowedRegionIds": [], "requiredRegionIds": [], "maxAllowedRegions": None},
    "containerTemplates": [],
    "containerInstances": [],
    "volumes": [],
    "autoScaling": None,
}
# What AddApplicationRequest requires, by the options that give it.
CREATE_OPTIONS = ("name", "runtime_type", "autoscaling", "region_settings", "container_templates")


def read_app(client, app_id):
    return client.get(build_path(APP_PATH, app_id=app_id))


def find_app(module):
    """The application mc_app names (by ``app_id``, or by exact ``name``), read whole; None when there is none."""
    params = module.params
    found = APPS.find(module, params["app_id"], params["name"] if params["app_id"] is None else None,
                      missing_ok=params["state"] == "absent")
    if found is None or params["app_id"] is not None:
        return found
    # A list item carries the name and status only.
    return read_app(module.client, found["id"])


def create_problems(params):
    """Why mc_app cannot create the application it was asked for: what AddApplicationRequest needs is missing."""
    missing = [option for option in CREATE_OPTIONS if not params.get(option)]
    if not missing:
        return []
    return ["No application is named %r; to create it, give %s too" % (params["name"], ", ".join(missing))]


def app_gone(client, app_id):
    """True once a read of the application answers 404; None while it can still be read."""
    try:
        read_app(client, app_id)
    except BunnyApiError as error:
        if error.status == 404:
            return True
        raise
    return None


def project(resource):
    """The normalised projection results and diffs show: snake_case, user maps kept as given."""
    return to_snake(resource, keep_keys=USER_MAPS)


def find_template(client, app_id, container_id=None, name=None):
    """The template asked for, by ID (its own read) or by exact name (within the app's read).

    Returns ``(template, app, problem)``: ``app`` is the application when it was read (None when
    the template was read by ID); ``problem`` a sentence instead of a template when the name
    matches none or several, since guessing would change the wrong container.
    """
    if container_id is not None:
        return client.get(build_path(TEMPLATE_PATH, app_id=app_id, container_id=container_id)), None, None
    app = read_app(client, app_id)
    templates = app.get("containerTemplates") or []
    matches = [template for template in templates if template.get("name") == name]
    if len(matches) == 1:
        return matches[0], app, None
    if not matches:
        names = ", ".join(sorted(repr(template.get("name")) for template in templates)) or "none"
        return None, app, "Application %s has no container template named %r; its templates are: %s." % (app_id, name, names)
    return None, app, "Application %s has %d container templates named %r; use container_id to choose one." % (
        app_id, len(matches), name)


class RegistryHosts:
    """The host name of each container registry, read once (GET /mc/registries/{id}) when first needed."""

    def __init__(self, client):
        self.client = client
        self.hosts = {}

    def __call__(self, registry_id):
        if registry_id not in self.hosts:
            registry = self.client.get(build_path(REGISTRY_PATH, registry_id=registry_id)) or {}
            self.hosts[registry_id] = registry.get("hostName") or ""
        return self.hosts[registry_id]


class ImageDigests:
    """The digest each image tag resolves to (POST /mc/registries/digest), asked once per tag and run.

    The lookup reads, although it is a POST: it is made in check mode too, and does not count as
    a change when the run fails later.
    """

    def __init__(self, client):
        self.client = client
        self.digests = {}

    def __call__(self, registry_id, namespace, name, tag):
        reference = (registry_id, namespace, name, tag)
        if reference not in self.digests:
            answer = self.client.request("POST", REGISTRY_DIGEST_PATH, reads=True, json=dict(
                registryId=registry_id, imageNamespace=namespace, imageName=name, tag=tag)) or {}
            if not answer.get("digest"):
                # Pinning nothing would unpin the image: refuse rather than guess.
                raise BunnyApiError("POST", REGISTRY_DIGEST_PATH, 200, answer, reason="the answer names no digest for %s/%s:%s" % (
                    namespace, name, tag))
            self.digests[reference] = answer["digest"]
        return self.digests[reference]


def app_converged(client, app_id, params, registry_hosts, image_digests=None):
    """The application as read now, if it already holds what ``params`` ask for; else None.

    Node selectors are left out: the API never reads them back, so they cannot show whether a
    write took effect (a write of node selectors alone is sent without this check).
    """
    app = read_app(client, app_id)
    return None if app_patch(app, merge_app(app, without_node_selectors(params), registry_hosts, image_digests)) else app


def template_converged(client, path, options, registry_hosts, image_digests=None):
    """The container template read from ``path``, if it already holds what ``options`` ask for; else None."""
    template = client.get(path)
    return None if template_patch(template, merge_template(template, options, registry_hosts, image_digests)) else template


def without_node_selectors(params):
    """mc_app's options without node selectors: what a read of the application can confirm."""
    region = params.get("region_settings")
    if not region or region.get("node_selectors") is None:
        return params
    return dict(params, region_settings=dict(region, node_selectors=None))


def with_node_selectors(app, body):
    """The application read back, plus the node selectors ``body`` sent, which reads never return."""
    selectors = ((body or {}).get("regionSettings") or {}).get("nodeSelectors")
    if selectors is None or (app.get("regionSettings") or {}).get("nodeSelectors") is not None:
        return app
    app = copy.deepcopy(app)
    app.setdefault("regionSettings", {})["nodeSelectors"] = selectors
    return app


def secret_values(current, options):
    """The values of the template's secret environment variables, wanted and present, to keep out of all output."""
    secrets = options.get("secret_environment_variables") or {}
    present = [variable.get("value") for variable in (current or {}).get("environmentVariables") or []
               if variable.get("name") in secrets]
    return [_env_value(value) for value in secrets.values()] + present


def wait_until_gone(client, app_id, timeout, sleep=time.sleep, clock=time.monotonic):
    """Poll a deleted application until reads answer 404. Returns a problem sentence, None once it is gone.

    The API accepts a delete at once and carries it out later, so the application can still be
    read for a while; waiting keeps a second run from deleting it again.
    """
    deadline = clock() + timeout
    interval = FIRST_POLL_INTERVAL
    while not app_gone(client, app_id):
        remaining = deadline - clock()
        if remaining <= 0:
            return "Application %s was still there %s seconds after the API accepted its deletion." % (app_id, timeout)
        sleep(min(interval, remaining))
        interval = min(interval * 2, MAX_POLL_INTERVAL)
    return None


def wait_until_active(client, app_id, timeout, sleep=time.sleep, clock=time.monotonic):
    """Poll the application until it is active. Returns ``(app, problem)``, problem None on success.

    A failing application will not recover by itself, so waiting stops there; any other status
    (progressing, inactive, ...) is polled until the timeout.
    """
    deadline = clock() + timeout
    interval = FIRST_POLL_INTERVAL
    while True:
        app = read_app(client, app_id)
        status = app.get("status")
        if status == "active":
            return app, None
        if status == "failing":
            return app, "Application %s is failing instead of becoming active." % app_id
        remaining = deadline - clock()
        if remaining <= 0:
            return app, "Application %s did not become active within %s seconds; its last status was %s." % (
                app_id, timeout, status)
        sleep(min(interval, remaining))
        interval = min(interval * 2, MAX_POLL_INTERVAL)


def error_describer(app_id):
    """What an API error means for this application, in a sentence (None keeps the error's own)."""
    def describe(error):
        if error.path == REGISTRY_DIGEST_PATH:
            return "resolve_digest could not look up the digest of the image's tag (HTTP %s): %s" % (error.status, error)
        if error.status == 404 and error.path.startswith(REGISTRIES_PATH + "/"):
            return "Container registry %s, named by image_registry_id, was not found (HTTP 404)." % (
                error.path.rsplit("/", 1)[-1])
        if app_id is None:
            return None
        if error.status in (400, 422):
            return "The API rejected the request for application %s (HTTP %s): %s" % (app_id, error.status, error)
        if error.status == 403:
            return "The API refused to change application %s (HTTP 403): the account has an invalid card or is suspended." % app_id
        if error.status == 404:
            if "/containers/" in error.path:
                return "Application %s or the container template asked for was not found (HTTP 404)." % app_id
            return "Application %s was not found (HTTP 404)." % app_id
        return None
    return describe


# --- Checks that need the application --------------------------------------------------------

def mount_problems(volume_names, options, prefix="", remedy="add it with bunnynet.cloud.mc_app's volumes first"):
    """Mounts the options give that name a volume the application will not have."""
    return [
        "%svolume_mounts[%d].name names volume %r, which the application will not have; %s" % (
            prefix, index, mount["name"], remedy)
        for index, mount in enumerate(options.get("volume_mounts") or [])
        if mount["name"] not in volume_names
    ]


def app_problems(current, predicted, params):
    """Why the change to the application cannot be sent: volumes still mounted, mounts of missing volumes."""
    kept = {volume["name"] for volume in predicted.get("volumes") or []}
    removed = {volume["name"] for volume in current.get("volumes") or []} - kept
    problems = [
        "purge_volumes would delete volume %r, which container template %r still mounts at %s; remove the mount "
        "first (its volume_mounts with purge_volume_mounts=true)" % (mount["name"], template.get("name"), mount.get("mountPath"))
        for template in predicted.get("containerTemplates") or []
        for mount in template.get("volumeMounts") or []
        if mount["name"] in removed
    ]
    for index, options in enumerate(params.get("container_templates") or []):
        problems.extend(mount_problems(kept | removed, options, "container_templates[%d]." % index, "list it under volumes"))
    return problems


def image_host_problems(options, predicted, registry_hosts, prefix=""):
    """An ``image`` whose registry host is not the host of the template's registry."""
    image = options.get("image")
    host = parse_image(image)["host"] if image else None
    if not host or not predicted.get("imageRegistryId"):
        return []
    registry_host = registry_hosts(predicted["imageRegistryId"])
    if host == registry_host:
        return []
    return ["%simage names the registry host %s, but image_registry_id %s is the registry at %s; give the "
            "image_registry_id of the %s registry" % (prefix, host, predicted["imageRegistryId"], registry_host or "no host", host)]


# --- Desired state, in the read shape ------------------------------------------------------------

def merge_app(current, params, registry_hosts, image_digests=None):
    """The application ``current`` becomes once the mc_app options ``params`` are applied."""
    wanted = dict(
        name=params.get("name"),
        runtimeType=params.get("runtime_type"),
        autoScaling=params.get("autoscaling"),
    )
    predicted = _merge_record(current, wanted)
    region = params.get("region_settings")
    if region is not None:
        predicted["regionSettings"] = _merge_region_settings(current.get("regionSettings") or {}, region)
    volumes = params.get("volumes")
    if volumes is not None:
        predicted["volumes"] = _merge_keyed(
            current.get("volumes") or [], volumes, "name", params.get("purge_volumes"), _merge_record)
    templates = params.get("container_templates")
    if templates is not None:
        predicted["containerTemplates"] = _merge_keyed(
            current.get("containerTemplates") or [], templates, "name", params.get("purge_container_templates"),
            lambda present, options: merge_template(present, options, registry_hosts, image_digests))
    return predicted


def merge_template(current, options, registry_hosts, image_digests=None):
    """The container template ``current`` ({} for a new one) becomes once ``options`` are applied.

    When an image part changes, ``image`` becomes the reference the parts make, with the host of
    the template's registry read through ``registry_hosts``; the requests send it along, so the
    API holds the reference predicted here. With ``resolve_digest``, the digest is the one
    ``image_digests`` resolves the wanted tag to.
    """
    image_parts = _wanted_image_parts(options)
    wanted = dict(image_parts, name=options.get("name"), imagePullPolicy=options.get("image_pull_policy"))
    predicted = _merge_record(current, wanted)
    if image_parts["imageDigest"] is None and any(predicted.get(part) != current.get(part) for part in REFERENCE_PARTS):
        # The API keeps a digest that a request leaves out and pulls by digest, so keeping the old
        # one would run the old image under the new name.
        predicted["imageDigest"] = None
    if predicted.get("imageDigest") == "":
        predicted["imageDigest"] = None
    if options.get("entry_point") is not None:
        predicted["entryPoint"] = _merge_entry_point(
            current.get("entryPoint"), snake_dict_to_camel_dict(options["entry_point"]), options.get("purge_entry_point"))
    if options.get("probes") is not None:
        predicted["probes"] = _merge_probes(current.get("probes"), options["probes"], options.get("purge_probes"))

    variables = _wanted_variables(options)
    if variables is not None:
        predicted["environmentVariables"] = _merge_keyed(
            current.get("environmentVariables") or [], variables, "name",
            options.get("purge_environment_variables"), _merge_record)
    endpoints = options.get("endpoints")
    if endpoints is not None:
        predicted["endpoints"] = _merge_keyed(
            current.get("endpoints") or [], [_wanted_endpoint(endpoint) for endpoint in endpoints],
            "displayName", options.get("purge_endpoints"), _merge_endpoint)
    mounts = options.get("volume_mounts")
    if mounts is not None:
        predicted["volumeMounts"] = _merge_keyed(
            current.get("volumeMounts") or [],
            [{"name": mount["name"], "mountPath": mount["mount_path"]} for mount in mounts],
            "name", options.get("purge_volume_mounts"), _merge_record)

    if not current:
        _fill_new_template(predicted)
    complete = all(predicted.get(field) for field, _option in NEW_TEMPLATE_FIELDS)
    if complete and options.get("resolve_digest"):
        predicted["imageDigest"] = image_digests(*(predicted[part] for part in REFERENCE_PARTS))
    if complete and (not current or any(predicted.get(part) != current.get(part) for part in IMAGE_PARTS)):
        predicted["image"] = image_reference(registry_hosts(predicted["imageRegistryId"]), predicted)
    return predicted


def ambiguous_templates(current, wanted):
    """Names in ``wanted`` that match several existing templates: which one to change is a guess."""
    names = [template.get("name") for template in current.get("containerTemplates") or []]
    return sorted({item["name"] for item in wanted or [] if names.count(item["name"]) > 1})


def request_problems(template, where):
    """Why ``template`` could not be sent whole: fields a new item lacks, endpoints a request cannot hold."""
    problems = []
    if not template.get("id"):
        missing = [option for field, option in NEW_TEMPLATE_FIELDS if not template.get(field)]
        if missing:
            problems.append("%s is a new container template, so it needs %s" % (where, ", ".join(missing)))
    for endpoint in template.get("endpoints") or []:
        if not endpoint.get("id") and not endpoint.get("portMappings"):
            problems.append("%s endpoint %r is new, so it needs port_mappings" % (where, endpoint.get("displayName")))
        if _endpoint_kind(endpoint) not in ("cdn", "anycast"):
            # Sending it back as cdn or anycast would change it, and leaving it out would delete it.
            problems.append("%s endpoint %r is of type %s, which a request cannot carry" % (
                where, endpoint.get("displayName"), endpoint.get("type")))
    return problems


def _wanted_image_parts(options):
    parts = {
        "imageName": options.get("image_name"),
        "imageNamespace": options.get("image_namespace"),
        "imageTag": options.get("image_tag"),
        "imageDigest": options.get("image_digest"),
        "imageRegistryId": options.get("image_registry_id"),
    }
    if options.get("image"):
        # A full reference names every part; one without a digest is unpinned, unless image_digest pins it.
        image = parse_image(options["image"])
        parts.update(imageNamespace=image["namespace"], imageName=image["name"], imageTag=image["tag"])
        if parts["imageDigest"] is None:
            parts["imageDigest"] = image["digest"] or ""
    return parts


def _fill_new_template(template):
    # A template read from the API carries every field; the ones nobody set are empty.
    template.setdefault("imageDigest", None)
    template.setdefault("entryPoint", dict.fromkeys(ENTRY_POINT_MEMBERS))
    template.setdefault("probes", {})
    for field in ("environmentVariables", "endpoints", "volumeMounts"):
        template.setdefault(field, [])


def _merge_record(present, wanted):
    return apply_changes(present, changed_fields(present, wanted))


def _merge_keyed(current, wanted, key, purge, merge_item):
    # Unmentioned items stay, in their order, unless purge says otherwise; new items come last.
    pairs, _removed = reconcile_keyed(current, wanted, key, purge=bool(purge))
    return [present if item is None else merge_item(present or {}, item) for present, item in pairs]


def _merge_region_settings(present, region):
    wanted = {
        "allowedRegionIds": _same_set_keeps_order(present.get("allowedRegionIds"), region.get("allowed_region_ids")),
        "requiredRegionIds": _same_set_keeps_order(present.get("requiredRegionIds"), region.get("required_region_ids")),
        "maxAllowedRegions": region.get("max_allowed_regions"),
        "nodeSelectors": None if region.get("node_selectors") is None else {
            key: _env_value(value) for key, value in region["node_selectors"].items()},
    }
    # Node selectors are one map, replaced as a whole, so a selector left out is removed. The API's
    # read model does not return them: absent from the read, they always count as a change, since
    # claiming they are set without seeing them would be the unsafe guess.
    return apply_changes(present, changed_fields(present, wanted, whole_keys=USER_MAPS), whole_keys=USER_MAPS)


def _same_set_keeps_order(present, wanted):
    # Region ids and protocols are sets: the same values in another order are no change.
    if wanted is not None and present is not None and sorted(wanted) == sorted(present):
        return present
    return wanted


def _merge_entry_point(present, wanted, purge):
    merged = dict(present or {})
    for member in ENTRY_POINT_MEMBERS:
        if wanted.get(member) is not None:
            merged[member] = wanted[member]
        elif purge and merged.get(member) is not None:
            merged[member] = None
    return merged


def _merge_probes(present, probes, purge):
    present = present or {}
    merged = {} if purge else dict(present)
    for name in PROBES:
        if probes.get(name) is not None:
            merged[name] = _merge_probe(present.get(name), _wanted_probe(probes[name]))
    return merged


def _wanted_probe(probe):
    wanted = {_camel_key(counter): probe[counter] for counter in PROBE_COUNTERS}
    if probe.get("http_get"):
        http_get = probe["http_get"]
        wanted["httpGet"] = {
            "request": {"path": http_get["path"], "portNumber": http_get["port_number"]},
            "response": {"expectedStatusCode": http_get["expected_status_code"]},
        }
    if probe.get("tcp_socket"):
        wanted["tcpSocket"] = {"request": {"portNumber": probe["tcp_socket"]["port_number"]}}
    if probe.get("grpc"):
        wanted["grpc"] = {"request": {"portNumber": probe["grpc"]["port_number"], "serviceName": probe["grpc"]["service_name"]}}
    return wanted


def _merge_probe(present, wanted):
    merged = _merge_record(present or PROBE_DEFAULTS, wanted)
    chosen = [check for check in PROBE_CHECKS if wanted.get(check)]
    for check in PROBE_CHECKS:
        if chosen and check != chosen[0]:
            merged.pop(check, None)
    return merged


def _wanted_variables(options):
    variables, secrets = options.get("environment_variables"), options.get("secret_environment_variables")
    if variables is None and secrets is None:
        return None
    return [{"name": name, "value": _env_value(value)} for source in (variables, secrets) for name, value in (source or {}).items()]


def _wanted_endpoint(endpoint):
    wanted = {"displayName": endpoint["display_name"]}
    if endpoint.get("cdn") is not None:
        cdn = endpoint["cdn"]
        wanted.update(
            type="cdn",
            isSslEnabled=cdn["is_ssl_enabled"],
            # The API reads the pull zone id back as a string although requests send an integer.
            pullZoneId=None if cdn["pull_zone_id"] is None else str(cdn["pull_zone_id"]),
            portMappings=_wanted_port_mappings(cdn["port_mappings"]),
            stickySessions=snake_dict_to_camel_dict(cdn["sticky_sessions"]),
        )
    else:
        wanted.update(type="anycast", portMappings=_wanted_port_mappings(endpoint["anycast"]["port_mappings"]))
    return wanted


def _wanted_port_mappings(mappings):
    if mappings is None:
        return None
    return [
        {"containerPort": mapping["container_port"], "exposedPort": mapping["exposed_port"], "protocols": mapping["protocols"]}
        for mapping in mappings
    ]


def _merge_endpoint(present, wanted):
    if present and _endpoint_kind(present) != wanted["type"]:
        # Another kind is another endpoint under the same id: nothing of the old kind carries over.
        present = {"id": present["id"]} if present.get("id") else {}
    wanted = dict(wanted)
    present_mappings = present.get("portMappings") or []
    wanted_mappings = wanted.get("portMappings")
    # A port mapping that leaves exposed_port or protocols out keeps what the API chose for them.
    if wanted_mappings is not None and len(wanted_mappings) == len(present_mappings):
        wanted["portMappings"] = [
            _merge_record(present_mapping, dict(
                wanted_mapping,
                protocols=_same_set_keeps_order(present_mapping.get("protocols"), wanted_mapping["protocols"]),
            ))
            for present_mapping, wanted_mapping in zip(present_mappings, wanted_mappings)
        ]
    elif wanted_mappings is not None:
        wanted["portMappings"] = [_without_none(mapping) for mapping in wanted_mappings]
    return _merge_record(present, wanted)


def _env_value(value):
    # Environment variables and node selectors are strings; YAML booleans are meant as true/false.
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _camel_key(name):
    return next(iter(snake_dict_to_camel_dict({name: None})))


# --- Requests, derived from the read shape -------------------------------------------------------

def app_patch(current, predicted):
    """The PatchApplicationRequest that turns ``current`` into ``predicted``: changed fields only.

    An array that is sent replaces the stored one (items left out are deleted), so it carries every
    item that stays: templates with their id, volumes by name.
    """
    body = {}
    for field in APP_REQUEST_FIELDS:
        if predicted.get(field) == current.get(field):
            continue
        value = predicted[field]
        if field == "regionSettings":
            value = _without_none({key: value.get(key) for key in (
                "allowedRegionIds", "requiredRegionIds", "maxAllowedRegions", "nodeSelectors")})
        elif field == "autoScaling":
            value = {"min": value["min"], "max": value["max"]}
        elif field == "volumes":
            value = [{"name": volume["name"], "size": int(volume["size"])} for volume in value]
        elif field == "containerTemplates":
            current_by_id = {template.get("id"): template for template in current.get("containerTemplates") or []}
            value = [_template_request(template, current_by_id.get(template.get("id"), {})) for template in value]
        body[field] = value
    return body


def template_patch(current, predicted):
    """The body of a container template PATCH: the top-level fields that change."""
    return {
        field: _request_value(field, predicted.get(field))
        for field in TEMPLATE_REQUEST_FIELDS
        if predicted.get(field) != current.get(field)
    }


def _template_request(template, current):
    # The whole template, so that an update by id loses nothing whether the API merges or replaces.
    request = {"id": template["id"]} if template.get("id") else {}
    for field in TEMPLATE_REQUEST_FIELDS:
        value = template.get(field)
        # Nothing is sent for a field nobody set, unless that clears what is there: the API would
        # keep a digest, an entry point or probes that the request leaves out.
        if not _is_unset(value) or (field in CLEARABLE_FIELDS and not _is_unset(current.get(field))):
            request[field] = _request_value(field, value)
    return request


def _is_unset(value):
    if isinstance(value, dict):
        return all(item is None for item in value.values())
    return value in (None, "")


def _request_value(field, value):
    if field == "endpoints":
        return [_endpoint_request(endpoint) for endpoint in value]
    if field == "environmentVariables":
        return [{"name": variable["name"], "value": variable.get("value") or ""} for variable in value]
    if field == "volumeMounts":
        return [{"name": mount["name"], "mountPath": mount["mountPath"]} for mount in value]
    if field == "entryPoint":
        # Every member, null included: a member left out might be kept, a null one is cleared.
        return {member: (value or {}).get(member) for member in ENTRY_POINT_MEMBERS}
    if isinstance(value, dict):
        # Probes, the one other object: sent whole, so a probe left out of them is removed.
        return _without_none(value)
    return value


def _endpoint_request(endpoint):
    mappings = [_port_mapping_request(mapping) for mapping in endpoint.get("portMappings") or []]
    if _endpoint_kind(endpoint) == "anycast":
        # iPv4 is the only address family the contract offers.
        return {"displayName": endpoint["displayName"], "anycast": {"type": "iPv4", "portMappings": mappings}}
    cdn = {"portMappings": mappings}
    if endpoint.get("isSslEnabled") is not None:
        cdn["isSslEnabled"] = endpoint["isSslEnabled"]
    if str(endpoint.get("pullZoneId")).isdigit():
        cdn["pullZoneId"] = int(endpoint["pullZoneId"])
    sticky = endpoint.get("stickySessions")
    # Sticky sessions without headers are how a read says "off"; a request needs one to three headers.
    if sticky and sticky.get("sessionHeaders"):
        cdn["stickySessions"] = _without_none(sticky)
    return {"displayName": endpoint["displayName"], "cdn": cdn}


def _endpoint_kind(endpoint):
    if endpoint.get("type"):
        return endpoint["type"]
    # The contract's read shape has no type: anycast endpoints are the ones with public addresses.
    return "anycast" if endpoint.get("publicIpAddresses") else "cdn"


def _port_mapping_request(mapping):
    request = {"containerPort": mapping["containerPort"]}
    if mapping.get("exposedPort"):
        request["exposedPort"] = mapping["exposedPort"]
    if mapping.get("protocols"):
        request["protocols"] = mapping["protocols"]
    return request


def _without_none(value):
    if isinstance(value, dict):
        return {key: _without_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_none(item) for item in value]
    return value
