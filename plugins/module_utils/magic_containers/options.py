# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Magic Containers options: the argument specs of mc_app and mc_container_template, and the rules
their values are held to before any request.

What the options do lives with what they change: mc_apps.py (the application), mc_templates.py
(its container templates), mc_images.py (image references and the registries' answers).
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import each_named_once
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.images import IMAGE_FORMAT, parse_image
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.patterns import (
    APP_NAME_PATTERN,
    IMAGE_DIGEST_PATTERN,
    IMAGE_NAME_PATTERN,
    IMAGE_TAG_PATTERN,
    MOUNT_PATH_PATTERN,
)

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
# A full image reference carries these, so giving both would say the same thing twice.
IMAGE_EXCLUSIVE = [("image", "image_name"), ("image", "image_namespace"), ("image", "image_tag")]
RESTART_CHOICES = ["never", "on_change", "always"]


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
        state=dict(type="str", choices=["present", "started", "stopped", "absent"], default="present"),
    )


# --- Rules ---------------------------------------------------------------------------------------

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
    if params.get("state") == "stopped":
        # A stopped application runs no pod to restart, and never becomes active.
        if params.get("restart") not in (None, "never"):
            problems.append("restart=%s restarts the pods, which state=stopped stops; use one or the other" % params["restart"])
        if params.get("wait"):
            problems.append("wait=true waits until the application is active, which state=stopped never lets it be")
    return problems
