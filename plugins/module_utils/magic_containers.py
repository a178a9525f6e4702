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
import time

from ansible.module_utils.common.dict_transformations import snake_dict_to_camel_dict

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.diff import apply_changes, changed_fields, reconcile_keyed
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.validation import each_named_once

APP_PATH = "/mc/apps/{app_id}"
APPS_PATH = "/mc/apps"
RESTART_PATH = "/mc/apps/{app_id}/restart"
TEMPLATE_PATH = "/mc/apps/{app_id}/containers/{container_id}"

# User-supplied maps whose keys are data, not field names: they keep their spelling in results.
USER_MAPS = ("nodeSelectors",)

# The contract's patterns, which the API's validators match against the whole value.
APP_NAME_PATTERN = r"[A-Za-z0-9-\s]+"
IMAGE_NAME_PATTERN = r"[a-zA-Z0-9]+(?:[./_-]{1,2}[a-zA-Z0-9]+)*"
IMAGE_TAG_PATTERN = r"[a-zA-Z0-9]+(?:[._-]{1,2}[a-zA-Z0-9]+)*"
IMAGE_DIGEST_PATTERN = r"sha256:[a-z0-9]{64}"
# The contract's mount path pattern, ^/(?!.*//)(?!.*\.\.)(?!.*\s)([a-zA-Z0-9._-]+/?)+$, nests quantifiers, so a long value that fails backtracks exponentially
# (a 40-character typo would stall the module for hours). This one accepts the same values in
# linear time: after the leading slash, path characters starting with a non-slash; the look-aheads
# still refuse "//", ".." and white space.
MOUNT_PATH_PATTERN = r"/(?!.*//)(?!.*\.\.)(?!.*\s)[a-zA-Z0-9._-][a-zA-Z0-9._/-]*"

# The contract lists the codes up to requestTimeout and leaves the rest "not shown"; the rest come
# from the vendor's reference document.
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
# A probe checks one way; choosing one drops the others.
PROBE_CHECKS = ("httpGet", "tcpSocket", "grpc")

# The fields a ContainerRequest must carry; a template the API does not have yet needs them all.
NEW_TEMPLATE_FIELDS = (
    ("imageName", "image_name"),
    ("imageNamespace", "image_namespace"),
    ("imageTag", "image_tag"),
    ("imageRegistryId", "image_registry_id"),
)
IMAGE_PARTS = ("imageName", "imageNamespace", "imageTag", "imageRegistryId")
TEMPLATE_REQUEST_FIELDS = (
    "name", "image", "imageName", "imageNamespace", "imageTag", "imageDigest", "imageRegistryId",
    "imagePullPolicy", "entryPoint", "probes", "environmentVariables", "endpoints", "volumeMounts",
)
APP_REQUEST_FIELDS = ("name", "runtimeType", "autoScaling", "regionSettings", "containerTemplates", "volumes")

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
    probes=dict(
        type="dict",
        options={
            probe: dict(type="dict", options=PROBE_OPTIONS, mutually_exclusive=[("http_get", "tcp_socket", "grpc")])
            for probe in PROBES
        },
    ),
    environment_variables=dict(type="dict"),
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
    options = copy.deepcopy(TEMPLATE_OPTIONS)
    options.update(extra)
    return options


def app_options():
    """The argument spec of mc_app (without the shared API options)."""
    return dict(
        app_id=dict(type="str", required=True),
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
        ),
        purge_container_templates=dict(type="bool", default=False),
        restart=dict(type="bool", default=False),
        wait=dict(type="bool", default=False),
        wait_timeout=dict(type="int", default=300),
    )


# --- Rules ---------------------------------------------------------------------------------------

def _port_rules(path):
    return (
        (path + ".container_port", dict(minimum=1, maximum=65535)),
        (path + ".exposed_port", dict(minimum=1, maximum=65535)),
    )


def _probe_rules(probe):
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


TEMPLATE_RULES = (
    ("name", dict(min_length=1, max_length=50)),
    ("image_name", dict(min_length=1, pattern=IMAGE_NAME_PATTERN,
                        pattern_hint="letters and digits joined by at most two of . / _ -")),
    ("image_namespace", dict(min_length=1, pattern=IMAGE_NAME_PATTERN,
                             pattern_hint="letters and digits joined by at most two of . / _ -")),
    ("image_tag", dict(min_length=1, pattern=IMAGE_TAG_PATTERN,
                       pattern_hint="letters and digits joined by at most two of . _ -")),
    ("image_digest", dict(pattern=IMAGE_DIGEST_PATTERN,
                          pattern_hint="'sha256:' followed by 64 lowercase letters or digits")),
    ("image_registry_id", dict(min_length=1)),
    ("environment_variables", dict(satisfies=(all, "name every variable"))),
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
    ("name", dict(min_length=1, max_length=100, pattern=APP_NAME_PATTERN,
                  pattern_hint="letters, digits, hyphens and spaces")),
    ("autoscaling.min", dict(minimum=1, maximum=1000)),
    ("autoscaling.max", dict(minimum=1, maximum=1000)),
    ("autoscaling", dict(satisfies=(lambda scaling: scaling["min"] <= scaling["max"], "have min no greater than max"))),
    ("volumes", dict(satisfies=(each_named_once("name"), "name each volume once"))),
    ("volumes[].name", dict(min_length=1, max_length=50)),
    ("volumes[].size", dict(minimum=1, maximum=100)),
    ("container_templates", dict(satisfies=(each_named_once("name"), "name each template once"))),
    ("wait_timeout", dict(minimum=1)),
) + tuple(("container_templates[]." + path, checks) for path, checks in TEMPLATE_RULES)


# --- Reading -------------------------------------------------------------------------------------

def read_app(client, app_id):
    return client.get(build_path(APP_PATH, app_id=app_id))


def project(resource):
    """The normalised projection results and diffs show: snake_case, user maps kept as given."""
    return to_snake(resource, keep_keys=USER_MAPS)


def find_template(client, app_id, container_id=None, name=None):
    """The template asked for, by ID (its own read) or by exact name (within the app's read).

    Returns ``(template, problem)``: a sentence instead of a template when the name matches none or
    several, since guessing would change the wrong container.
    """
    if container_id is not None:
        return client.get(build_path(TEMPLATE_PATH, app_id=app_id, container_id=container_id)), None
    templates = read_app(client, app_id).get("containerTemplates") or []
    matches = [template for template in templates if template.get("name") == name]
    if len(matches) == 1:
        return matches[0], None
    if not matches:
        names = ", ".join(sorted(repr(template.get("name")) for template in templates)) or "none"
        return None, "Application %s has no container template named %r; its templates are: %s." % (app_id, name, names)
    return None, "Application %s has %d container templates named %r; use container_id to choose one." % (
        app_id, len(matches), name)


def app_converged(client, app_id, params):
    """The application as read now, if it already holds what ``params`` ask for; else None."""
    app = read_app(client, app_id)
    return None if app_patch(app, merge_app(app, params)) else app


def template_converged(client, path, options):
    """The container template read from ``path``, if it already holds what ``options`` ask for; else None."""
    template = client.get(path)
    return None if template_patch(template, merge_template(template, options)) else template


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
        if error.status in (400, 422):
            return "The API rejected the request for application %s (HTTP %s): %s" % (app_id, error.status, error)
        if error.status == 401:
            return "The API key was refused (HTTP 401); check api_key or BUNNYNET_API_KEY."
        if error.status == 403:
            return "The API refused to change application %s (HTTP 403): the account has an invalid card or is suspended." % app_id
        if error.status == 404:
            if "/containers/" in error.path:
                return "Application %s or the container template asked for was not found (HTTP 404)." % app_id
            return "Application %s was not found (HTTP 404)." % app_id
        return None
    return describe


# --- Desired state, in the read shape ------------------------------------------------------------

def merge_app(current, params):
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
            merge_template)
    return predicted


def merge_template(current, options):
    """The container template ``current`` ({} for a new one) becomes once ``options`` are applied."""
    wanted = {
        "name": options.get("name"),
        "image": options.get("image"),
        "imageName": options.get("image_name"),
        "imageNamespace": options.get("image_namespace"),
        "imageTag": options.get("image_tag"),
        "imageDigest": options.get("image_digest"),
        "imageRegistryId": options.get("image_registry_id"),
        "imagePullPolicy": options.get("image_pull_policy"),
        "entryPoint": _camel(options.get("entry_point")),
        "probes": _wanted_probes(options.get("probes")),
    }
    predicted = _merge_record(current, wanted)
    for probe_name, probe in (wanted["probes"] or {}).items():
        _keep_one_check(predicted["probes"][probe_name], probe)

    variables = options.get("environment_variables")
    if variables is not None:
        predicted["environmentVariables"] = _merge_keyed(
            current.get("environmentVariables") or [],
            [{"name": name, "value": _env_value(value)} for name, value in variables.items()],
            "name", options.get("purge_environment_variables"), _merge_record)
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


def _wanted_probes(probes):
    if probes is None:
        return None
    return {name: _wanted_probe(probe) for name, probe in probes.items() if probe is not None}


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


def _keep_one_check(predicted_probe, wanted_probe):
    chosen = [check for check in PROBE_CHECKS if wanted_probe.get(check)]
    if chosen:
        for check in PROBE_CHECKS:
            if check != chosen[0] and predicted_probe.get(check) is not None:
                predicted_probe[check] = None


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
            stickySessions=_camel(cdn["sticky_sessions"]),
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


def _camel(options):
    return None if options is None else snake_dict_to_camel_dict(options)


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
        field: _request_value(field, predicted[field])
        for field in TEMPLATE_REQUEST_FIELDS
        if predicted.get(field) != current.get(field)
    }


def _template_request(template, current):
    # The whole template, so that an update by id loses nothing whether the API merges or replaces.
    request = {"id": template["id"]} if template.get("id") else {}
    for field in TEMPLATE_REQUEST_FIELDS:
        value = template.get(field)
        if value in (None, ""):
            continue
        # The read-back image reference is derived from its parts: it is repeated as it is while the
        # parts stay, but a stale one must not contradict a new tag, registry or name.
        if field == "image" and value == current.get("image") and _image_parts_change(current, template):
            continue
        request[field] = _request_value(field, value)
    return request


def _image_parts_change(current, template):
    return any(template.get(field) != current.get(field) for field in IMAGE_PARTS)


def _request_value(field, value):
    if field == "endpoints":
        return [_endpoint_request(endpoint) for endpoint in value]
    if field == "environmentVariables":
        return [{"name": variable["name"], "value": variable.get("value") or ""} for variable in value]
    if field == "volumeMounts":
        return [{"name": mount["name"], "mountPath": mount["mountPath"]} for mount in value]
    if isinstance(value, dict):
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
    if str(endpoint.get("pullZoneId") or "").isdigit():
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
