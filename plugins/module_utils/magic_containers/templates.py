# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Magic Containers container templates: the merge of options into a template, its requests, and
the template as a resource of its own (mc_container_template).

The desired state is computed in the shape the API reads back, which is also the projection that
results and diffs show; requests are derived from it afterwards. The two shapes differ (an endpoint
is ``{displayName, cdn: {...}}`` in a request but flat in a response), and computing in the read
shape means that "changed", the prediction and the diff all come from one comparison. mc_app merges
each of its ``container_templates`` the same way and sends them whole (``template_request``).
"""

from ansible.module_utils.common.dict_transformations import snake_dict_to_camel_dict

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import apply_changes, changed_fields, reconcile_keyed
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import MASK
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, refused
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.images import (
    image_host_problems,
    image_lookups,
    image_reference,
    parse_image,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import PROBES, template_option_problems
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.paths import TEMPLATE_PATH

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
TEMPLATE_REQUEST_FIELDS = (
    "name", "image", "imageName", "imageNamespace", "imageTag", "imageDigest", "imageRegistryId",
    "imagePullPolicy", "entryPoint", "probes", "environmentVariables", "endpoints", "volumeMounts",
)
# Fields a template request carries as null or empty to clear them.
CLEARABLE_FIELDS = ("imageDigest", "entryPoint", "probes")


# --- The merge, in the read shape ------------------------------------------------------------------

def merge_template(current, options, registry_hosts, image_digests=None):
    """The container template ``current`` ({} for a new one) becomes once ``options`` are applied.

    When an image part changes, ``image`` becomes the reference the parts make, with the host of
    the template's registry read through ``registry_hosts``; the requests send it along, so the
    API holds the reference predicted here. With ``resolve_digest``, the digest is the one
    ``image_digests`` resolves the wanted tag to.
    """
    image_parts = _wanted_image_parts(options)
    wanted = dict(image_parts, name=options.get("name"), imagePullPolicy=options.get("image_pull_policy"))
    predicted = merge_record(current, wanted)
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
        predicted["environmentVariables"] = merge_keyed(
            current.get("environmentVariables") or [], variables, "name",
            options.get("purge_environment_variables"), merge_record)
    endpoints = options.get("endpoints")
    if endpoints is not None:
        predicted["endpoints"] = merge_keyed(
            current.get("endpoints") or [], [_wanted_endpoint(endpoint) for endpoint in endpoints],
            "displayName", options.get("purge_endpoints"), _merge_endpoint)
    mounts = options.get("volume_mounts")
    if mounts is not None:
        predicted["volumeMounts"] = merge_keyed(
            current.get("volumeMounts") or [],
            [{"name": mount["name"], "mountPath": mount["mount_path"]} for mount in mounts],
            "name", options.get("purge_volume_mounts"), merge_record)

    if not current:
        _fill_new_template(predicted)
    complete = all(predicted.get(field) for field, _option in NEW_TEMPLATE_FIELDS)
    if complete and options.get("resolve_digest"):
        predicted["imageDigest"] = image_digests(*(predicted[part] for part in REFERENCE_PARTS))
    if complete and (not current or any(predicted.get(part) != current.get(part) for part in IMAGE_PARTS)):
        predicted["image"] = image_reference(registry_hosts(predicted["imageRegistryId"]), predicted)
    return predicted


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


def secret_values(current, options):
    """The values of the template's secret environment variables, wanted and present, to keep out of all output."""
    secrets = options.get("secret_environment_variables") or {}
    present = [variable.get("value") for variable in (current or {}).get("environmentVariables") or []
               if variable.get("name") in secrets]
    return [env_value(value) for value in secrets.values()] + present


def masked_variables(template, names):
    """``template`` (as results show it) with the values of its environment variables ``names`` as the mask.

    Ansible's no_log replacement would show a secret that changes as a placeholder before and, in
    check mode where a handed-on secret is often not known yet, as ``""`` after: the mask on both
    sides, in check mode and in a run alike, says only that the variable is a secret.
    """
    if not template or not names or template.get("environment_variables") is None:
        return template
    return dict(template, environment_variables=[dict(variable, value=MASK) if variable.get("name") in names else variable
                                                 for variable in template["environment_variables"]])


def mask_secret_variables(plan, mask):
    """Once the plan's writes are answered (or, in check mode, in their place), ``mask(side)`` masks its before and after."""
    def step(check_mode):
        plan.before, plan.after = mask(plan.before), mask(plan.after)
    plan.then(step)


def mount_problems(volume_names, options, prefix="", remedy="add it with bunnynet.cloud.mc_app's volumes first"):
    """Mounts the options give that name a volume the application will not have."""
    return [
        "%svolume_mounts[%d].name names volume %r, which the application will not have; %s" % (
            prefix, index, mount["name"], remedy)
        for index, mount in enumerate(options.get("volume_mounts") or [])
        if mount["name"] not in volume_names
    ]


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


def merge_record(present, wanted):
    return apply_changes(present, changed_fields(present, wanted))


def merge_keyed(current, wanted, key, purge, merge_item):
    # Unmentioned items stay, in their order, unless purge says otherwise; new items come last.
    pairs, _removed = reconcile_keyed(current, wanted, key, purge=bool(purge))
    return [present if item is None else merge_item(present or {}, item) for present, item in pairs]


def same_set_keeps_order(present, wanted):
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
    merged = merge_record(present or PROBE_DEFAULTS, wanted)
    chosen = [check for check in PROBE_CHECKS if wanted.get(check)]
    for check in PROBE_CHECKS:
        if chosen and check != chosen[0]:
            merged.pop(check, None)
    return merged


def _wanted_variables(options):
    variables, secrets = options.get("environment_variables"), options.get("secret_environment_variables")
    if variables is None and secrets is None:
        return None
    return [{"name": name, "value": env_value(value)} for source in (variables, secrets) for name, value in (source or {}).items()]


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
            merge_record(present_mapping, dict(
                wanted_mapping,
                protocols=same_set_keeps_order(present_mapping.get("protocols"), wanted_mapping["protocols"]),
            ))
            for present_mapping, wanted_mapping in zip(present_mappings, wanted_mappings)
        ]
    elif wanted_mappings is not None:
        wanted["portMappings"] = [without_none(mapping) for mapping in wanted_mappings]
    return merge_record(present, wanted)


def env_value(value):
    # Environment variables and node selectors are strings; YAML booleans are meant as true/false.
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _camel_key(name):
    return next(iter(snake_dict_to_camel_dict({name: None})))


# --- Requests, derived from the read shape -------------------------------------------------------

def template_patch(current, predicted):
    """The body of a container template PATCH: the top-level fields that change."""
    return {
        field: _request_value(field, predicted.get(field))
        for field in TEMPLATE_REQUEST_FIELDS
        if predicted.get(field) != current.get(field)
    }


def template_request(template, current):
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
        return without_none(value)
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
        cdn["stickySessions"] = without_none(sticky)
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


def without_none(value):
    if isinstance(value, dict):
        return {key: without_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_none(item) for item in value]
    return value


# --- The template as a resource ------------------------------------------------------------------

class ContainerTemplateResource(Resource):
    """One container template of an application, on the engine: read and patched at its own path,
    which carries the application (``/mc/apps/{app_id}/containers/{id}``).

    A resource rather than ``Items`` of the application: the template has a read and a PATCH of
    its own, mc_container_template changes one template that exists and never adds or removes one
    (mc_app does, in the application's PATCH), and what it sends is a merge of options with the
    registries' answers, not a difference of properties. ``app`` is the application's resource, by
    which a template named within the application is found and the application's volumes read.
    ``desired`` is the module's options: what they change is known once merged into the template read.
    """

    def __init__(self, app, app_id):
        super().__init__(
            noun="container template", result_key="container_template", key=Field("name", "name"), fields=(),
            paths=Paths(app.path(app_id), TEMPLATE_PATH, search=None, pages=None), record=Record(id_field="id"),
        )
        self.app = app
        self.app_id = app_id
        # The application, once a template has been found in its read: the volumes check needs it too.
        self.app_record = None

    def path(self, record_id):
        return build_path(self.paths.item, app_id=self.app_id, id=record_id)

    def list(self, client, search=None):
        self.app_record = self.app.read(client, self.app_id)
        return self.app_record.get("containerTemplates") or []

    def find(self, module, record_id=None, name=None, missing_ok=False):
        """The template with ``record_id`` (its own read), or the one of the application's templates named ``name``."""
        if record_id is not None:
            return self.read(module.client, record_id)
        template, problem = template_named(self.app_id, self.list(module.client), name)
        if problem:
            module.fail(problem)
        return template

    def plan(self, module, desired):
        """One PATCH with the top-level fields the options change; what a request cannot carry fails before it."""
        problems = template_option_problems(desired)
        if problems:
            return Plan(problems=problems)
        current = self.find(module, desired["container_id"], desired["name"])
        module.hide_values(secret_values(current, desired))
        registry_hosts, image_digests = image_lookups(module.client)
        predicted = merge_template(current, desired, registry_hosts, image_digests)
        body = template_patch(current, predicted)
        problems = image_host_problems(desired, predicted, registry_hosts)
        if desired["volume_mounts"] is not None:
            app = self.app_record or self.app.read(module.client, self.app_id)
            problems.extend(mount_problems({volume["name"] for volume in app.get("volumes") or []}, desired))
        if "endpoints" in body:
            problems.extend(request_problems(predicted, "container template %r" % predicted.get("name")))
        if problems:
            return refused("Cannot update container template %r of application %s: %s" % (current.get("name"), self.app_id, "; ".join(problems)))
        plan = Plan(before=self.project(current), after=self.project(predicted), record=current)
        if body:
            # The PATCH answers with the template; when it answers with no body, the engine reads it.
            plan.add(Write("PATCH", self.path(current["id"]), body,
                           confirm=lambda: self.converged(module.client, current["id"], desired, registry_hosts, image_digests),
                           answered=lambda answer: self.answered(module, plan, "update", answer)))
        secrets = set(desired.get("secret_environment_variables") or ())
        mask_secret_variables(plan, lambda template: masked_variables(template, secrets))
        return plan

    def converged(self, client, record_id, options, registry_hosts, image_digests):
        """The template, read now, if it already holds what ``options`` ask for; else None."""
        template = self.read(client, record_id)
        return None if template_patch(template, merge_template(template, options, registry_hosts, image_digests)) else template


def template_named(app_id, templates, name):
    """``(template, problem)``: the one of ``templates`` (the application's) named exactly ``name``, or
    a sentence when none or several are, since guessing would change the wrong container."""
    matches = [template for template in templates if template.get("name") == name]
    if len(matches) == 1:
        return matches[0], None
    if not matches:
        names = ", ".join(sorted(repr(template.get("name")) for template in templates)) or "none"
        return None, "Application %s has no container template named %r; its templates are: %s." % (app_id, name, names)
    return None, "Application %s has %d container templates named %r; use container_id to choose one." % (app_id, len(matches), name)
