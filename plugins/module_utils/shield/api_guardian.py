# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""API Guardian of a Shield zone: the OpenAPI document it protects the zone's API with (what
shield_api_guardian reads from ``content``), the zone's API Guardian state, and the plan of an upload."""

import json

from ansible.module_utils.basic import missing_required_lib
from ansible.module_utils.common.yaml import HAS_YAML, SafeLoader

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import envelope_data
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.settings import API_GUARDIAN_CONFIGURATION

API_GUARDIAN_PATH = "/shield/shield-zone/{zone_id}/api-guardian"
SPECIFICATION_PATH = "/shield/shield-zone/{zone_id}/api-guardian/spec"


# --- The OpenAPI document ------------------------------------------------------------------------

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


class NotOpenApi(ValueError):
    """``content`` is not an OpenAPI 3 document API Guardian can take; the message says why."""


class MissingYaml(ValueError):
    """``content`` is not JSON, and reading YAML needs PyYAML, which is not installed."""


if HAS_YAML:
    class _TextLoader(SafeLoader):
        """YAML where every plain scalar stays the text it is written as.

        OpenAPI means ``version: 1.10`` as the text 1.10, where YAML would read the number 1.1 (and
        ``2024-05-01`` as a date). Only merge keys (``<<``) keep their YAML meaning.
        """

        yaml_implicit_resolvers = {
            first: [(tag, pattern) for tag, pattern in resolvers if tag == "tag:yaml.org,2002:merge"]
            for first, resolvers in SafeLoader.yaml_implicit_resolvers.items()
            if any(tag == "tag:yaml.org,2002:merge" for tag, _pattern in resolvers)
        }


class OpenApiDocument:
    """What shield_api_guardian needs of an OpenAPI document: title, version, operations and depth.

    ``operations`` maps each ``(METHOD, path)`` to whether the operation has a security
    requirement naming a defined scheme, that is whether there is authorization to enforce.
    ``text`` is what is uploaded.
    """

    def __init__(self, text, title, version, operations, nesting_depth):
        self.text = text
        self.title = title
        self.version = version
        self.operations = operations
        self.nesting_depth = nesting_depth

    def summary(self):
        return dict(title=self.title, version=self.version, operations=len(self.operations), nesting_depth=self.nesting_depth)


def read_document(content):
    """Parse ``content`` (text, or a mapping a template already parsed) into an ``OpenApiDocument``.

    Raises ``NotOpenApi`` with a sentence naming what is wrong or missing, or ``MissingYaml``.
    """
    if isinstance(content, dict):
        text, document = json.dumps(content), content
    elif isinstance(content, str):
        if not content.strip():
            raise NotOpenApi("content is empty")
        text, document = content, _load(content)
    else:
        raise NotOpenApi("content must be the text of an OpenAPI document, got %s" % type(content).__name__)
    if not isinstance(document, dict):
        raise NotOpenApi("content is not an OpenAPI document: it is not a mapping of fields")
    _check_fields(document)
    try:
        operations = _operations(document)
        depth = nesting_depth(document)
    except RecursionError:
        raise NotOpenApi("content nests its schemas too deeply to read") from None
    return OpenApiDocument(text, document["info"]["title"], document["info"]["version"], operations, depth)


def _load(text):
    # JSON first: most uploads are JSON, and JSON is read the same way everywhere.
    try:
        return json.loads(text)
    except ValueError:
        pass
    except RecursionError:
        raise NotOpenApi("content nests too deeply to read") from None
    if not HAS_YAML:
        raise MissingYaml()
    loader = None
    try:
        # The loader reads its first characters as it is made, so making it can fail too.
        loader = _TextLoader(text)
        return loader.get_single_data()
    except RecursionError:
        raise NotOpenApi("content nests too deeply to read") from None
    except Exception as exc:  # PyYAML's errors; its module is only reached through ansible's wrapper
        raise NotOpenApi("content is neither JSON nor YAML: %s" % " ".join(str(exc).split())) from None
    finally:
        if loader is not None:
            loader.dispose()


def _check_fields(document):
    version = document.get("openapi")
    if version is None and document.get("swagger") is not None:
        raise NotOpenApi("content is a Swagger 2.0 document; API Guardian takes OpenAPI 3 (openapi: 3.x)")
    info = document.get("info")
    missing = []
    if not isinstance(version, str) or not version.startswith("3."):
        missing.append("openapi (a version 3.x, as text)")
    if not isinstance(info, dict):
        missing.append("info (with title and version)")
    else:
        missing.extend("info.%s (as text)" % field for field in ("title", "version") if not isinstance(info.get(field), str))
    if not isinstance(document.get("paths"), dict):
        missing.append("paths (a mapping)")
    if missing:
        raise NotOpenApi("content is not an OpenAPI 3 document: it lacks %s" % ", ".join(missing))


def _operations(document):
    operations = {}
    for path, path_item in document["paths"].items():
        if isinstance(path, str) and path.startswith("x-"):
            continue  # an extension of the Paths object, not a path
        path_item = _follow(document, path_item)
        if not isinstance(path, str) or not path.startswith("/"):
            raise NotOpenApi("content's paths has %r, which does not start with '/'" % (path,))
        if not isinstance(path_item, dict):
            raise NotOpenApi("content's path %s is not a mapping of operations" % path)
        for method in HTTP_METHODS:
            operation = path_item.get(method)
            if isinstance(operation, dict):
                operations[(method.upper(), path)] = _requires_authorization(document, operation)
    return operations


def _requires_authorization(document, operation):
    # An operation's own security replaces the document's; only a scheme the document defines counts.
    requirements = operation["security"] if "security" in operation else document.get("security")
    components = document.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, dict) else None
    schemes = schemes if isinstance(schemes, dict) else {}
    return any(
        isinstance(_follow(document, schemes.get(name)), dict)
        for requirement in (requirements if isinstance(requirements, list) else [])
        if isinstance(requirement, dict)
        for name in requirement
    )


def _pointer(document, reference):
    """The node a local reference (``#/components/schemas/Pet``) points at, one step; None if none."""
    if not isinstance(reference, str) or not reference.startswith("#/"):
        return None
    node = document
    for part in reference[2:].split("/"):
        if not isinstance(node, dict):
            return None
        node = node.get(part.replace("~1", "/").replace("~0", "~"))
    return node


def _follow(document, node):
    """A path item, parameter, request body or response, through any local ``$ref`` chain to what it names."""
    seen = set()
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"] not in seen:
        seen.add(node["$ref"])
        target = _pointer(document, node["$ref"])
        if target is None:
            return node
        node = target
    return node


# --- Nesting depth -------------------------------------------------------------------------------
#
# The vendor describes max_nesting_depth as the depth of nested $ref, items and properties chains.
# Counted here, and by the simulator, as: each step into a property, into items or through a $ref
# is one level ({type: string} is 0 deep, an object of strings 1); allOf, anyOf, oneOf, not and
# additionalProperties are walked without a level of their own. A recursive schema (one whose
# references lead back to itself) is counted once around its loop: while measuring it, a $ref to a
# recursive schema is one level and goes no further. The document's depth is the greatest depth of
# the schemas in components.schemas and in its operations' parameters, request bodies and responses.
# When the count and the API's differ, the API's refusal is reported as any API error is.

def _nested(schema):
    """``(child, levels)`` for each schema written inside ``schema`` (not through ``$ref``)."""
    properties = schema.get("properties")
    steps = [(value, 1) for value in properties.values()] if isinstance(properties, dict) else []
    steps.append((schema.get("items"), 1))
    for key in ("allOf", "anyOf", "oneOf"):
        steps.extend((value, 0) for value in (schema.get(key) if isinstance(schema.get(key), list) else ()))
    steps.extend((schema.get(key), 0) for key in ("not", "additionalProperties"))
    return [(child, levels) for child, levels in steps if isinstance(child, dict)]


def _references_in(schema):
    found = set()
    pending, seen = [schema], set()
    while pending:
        node = pending.pop()
        if not isinstance(node, dict) or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node.get("$ref"), str):
            found.add(node["$ref"])
        pending.extend(child for child, _levels in _nested(node))
    return found


def _recursive(graph):
    """The references on a cycle of ``graph`` (reference -> references its target holds, each of them a key too): Tarjan's SCCs, iteratively."""
    index, low, on_stack, stack, recursive = {}, {}, set(), [], set()
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    recursive.update(component)
    return recursive


def _document_schemas(document):
    """``(schema, own reference or None)`` for every schema the document holds."""
    schemas = []
    components = document.get("components")
    named = components.get("schemas") if isinstance(components, dict) else None
    for name, schema in (named.items() if isinstance(named, dict) else ()):
        schemas.append((schema, "#/components/schemas/" + str(name).replace("~", "~0").replace("/", "~1")))
    holders = []
    for path, path_item in document["paths"].items():
        path_item = _follow(document, path_item)
        if isinstance(path, str) and path.startswith("x-") or not isinstance(path_item, dict):
            continue
        for method in HTTP_METHODS:
            operation = path_item.get(method)
            if not isinstance(operation, dict):
                continue
            for parameters in (path_item.get("parameters"), operation.get("parameters")):
                for parameter in parameters if isinstance(parameters, list) else ():
                    parameter = _follow(document, parameter)
                    if isinstance(parameter, dict):
                        schemas.append((parameter.get("schema"), None))
                        holders.append(parameter)
            holders.append(_follow(document, operation.get("requestBody")))
            responses = operation.get("responses")
            holders.extend(_follow(document, response) for response in (responses.values() if isinstance(responses, dict) else ()))
    for holder in holders:
        content = holder.get("content") if isinstance(holder, dict) else None
        for media in (content.values() if isinstance(content, dict) else ()):
            if isinstance(media, dict):
                schemas.append((media.get("schema"), None))
    return [(schema, reference) for schema, reference in schemas if isinstance(schema, dict)]


def nesting_depth(document):
    """The document's nesting depth, counted as the comment above says."""
    schemas = _document_schemas(document)
    graph = {}
    pending = [reference for schema, _own in schemas for reference in _references_in(schema)]
    while pending:
        reference = pending.pop()
        if reference not in graph:
            graph[reference] = _references_in(_pointer(document, reference))
            pending.extend(graph[reference])
    recursive = _recursive(graph)
    measured = {}
    walking = set()

    def depth(schema, in_recursion):
        key = (id(schema), in_recursion)
        if key in measured:
            return measured[key]
        if key in walking:
            return 0  # a YAML alias inside itself: no valid schema does that; not followed round again
        walking.add(key)
        deepest = max([0] + [levels + depth(child, in_recursion) for child, levels in _nested(schema)])
        reference = schema.get("$ref")
        if isinstance(reference, str):
            target = _pointer(document, reference)
            followed = isinstance(target, dict) and not (in_recursion and reference in recursive)
            deepest = max(deepest, 1 + (depth(target, reference in recursive) if followed else 0))
        measured[key] = deepest
        return deepest

    return max([0] + [depth(schema, own in recursive) for schema, own in schemas])


# --- API Guardian state --------------------------------------------------------------------------

def has_specification(guardian):
    # Every upload sets the title (an OpenAPI document must have one): a zone without one has none.
    configuration = (guardian or {}).get("configuration") or {}
    return configuration.get("title") is not None


def zone_operations(guardian):
    return {
        (str(endpoint.get("requestMethod") or "").upper(), endpoint.get("requestPath"))
        for endpoint in (guardian or {}).get("endpoints") or []
    }


def limits(guardian):
    """The zone's plan maxima, in snake_case."""
    configuration = (guardian or {}).get("configuration") or {}
    return to_snake({key: value for key, value in configuration.items() if key.startswith("max")})


def limit_problems(document, guardian):
    """Why the zone's plan cannot take the document, in words; empty when it can."""
    configuration = (guardian or {}).get("configuration") or {}
    problems = []
    # A maximum that is absent or not positive is no stated limit: the API's own check still applies.
    max_endpoints = configuration.get("maxEndpoints")
    if _positive_int(max_endpoints) and len(document.operations) > max_endpoints:
        problems.append("it has %d operations (method and path pairs) and the zone allows at most %d (max_endpoints)" % (
            len(document.operations), max_endpoints))
    max_depth = configuration.get("maxNestingDepth")
    if _positive_int(max_depth) and document.nesting_depth > max_depth:
        problems.append("its schemas nest %d levels deep (steps into properties, into items and through $ref) and the zone "
                        "allows at most %d (max_nesting_depth)" % (document.nesting_depth, max_depth))
    return problems


def _positive_int(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def guardian_holds(guardian, document, enforce_authorization):
    """Whether the zone reports what uploading ``document`` would give it, as far as a read can tell.

    The read does not return the uploaded text, so this compares title, version and the set of
    operations, and the authorization flag of every endpoint that has authentication schemes. A
    schema changed under an unchanged title, version and operations is not seen (``force`` uploads anyway).
    """
    configuration = (guardian or {}).get("configuration") or {}
    if not has_specification(guardian):
        return False
    if (configuration.get("title"), configuration.get("version")) != (document.title, document.version):
        return False
    if zone_operations(guardian) != set(document.operations):
        return False
    return enforce_authorization is None or all(
        bool(endpoint.get("validateAuthorization")) == enforce_authorization
        for endpoint in guardian.get("endpoints") or [] if endpoint.get("authSchemes")
    )


def predict_guardian(guardian, document, enforce_authorization):
    """The API Guardian state an upload of ``document`` gives the zone, in the read's shape.

    Endpoints known by method and path keep their id; new ones get theirs from the server. Left out,
    the authorization flag defaults to true on a zone's first upload and keeps each endpoint's
    setting on an update, as the vendor's reference says; an operation without security
    requirements has nothing to enforce.
    """
    updating = has_specification(guardian)
    known = {
        (str(endpoint.get("requestMethod") or "").upper(), endpoint.get("requestPath")): endpoint
        for endpoint in (guardian or {}).get("endpoints") or []
    }
    endpoints = []
    for (method, path), requires_authorization in document.operations.items():
        previous = known.get((method, path))
        if enforce_authorization is not None:
            enforced = enforce_authorization
        elif updating and previous is not None:
            enforced = bool(previous.get("validateAuthorization"))
        else:
            enforced = True
        # An endpoint the zone knows keeps its own settings (its id is kept, so it is the same endpoint).
        endpoint = dict(previous or {})
        endpoint.update(apiGuardianEndpointId=(previous or {}).get("apiGuardianEndpointId"), requestMethod=method, requestPath=path,
                        validateAuthorization=requires_authorization and enforced)
        endpoints.append(endpoint)
    configuration = dict((guardian or {}).get("configuration") or {})
    configuration.update(title=document.title, version=document.version)
    return {"configuration": configuration, "endpoints": endpoints}


def project_guardian(guardian):
    """What results and diffs show: the configuration (enums by name), and each endpoint's id, method,
    path and settings (shield_api_guardian_endpoints.project_endpoint).

    Endpoints are sorted by path and method, so that the order the API lists them in is no change.
    """
    if guardian is None:
        return None
    endpoints = [project_endpoint(endpoint) for endpoint in guardian.get("endpoints") or []]
    endpoints.sort(key=lambda endpoint: (str(endpoint["request_path"]), str(endpoint["request_method"])))
    return {"configuration": API_GUARDIAN_CONFIGURATION.project(guardian.get("configuration") or {}), "endpoints": endpoints}


# --- An endpoint's settings ------------------------------------------------------------------------
#
# Each endpoint (an operation of the document) has settings of its own, changed one endpoint at a
# time (``PATCH .../api-guardian/endpoint/{id}``). They are declared once here: the option, the API
# property, and readable names where the API has numbers or codes.

ENDPOINT_SWITCHES = (
    ("enabled", "isEnabled"),
    ("validate_request_body", "validateRequestBodySchema"),
    ("validate_response_body", "validateResponseBodySchema"),
    ("validate_authorization", "validateAuthorization"),
    ("detect_xss", "detectParameterXss"),
    ("detect_sqli", "detectParameterSqli"),
)
# The parameter locations of injection detection, by option and by the API's key.
PARAMETER_LOCATIONS = (("path", "Path"), ("query", "Query"), ("header", "Header"), ("cookie", "Cookie"))
INJECTION_PARAMETERS = "injectionDetectionParameters"
# The vendor's ApiGuardianRateLimitType and RateLimitTimeframe (seconds).
RATE_LIMIT_TYPES = {"global": "Global", "ip": "IP"}
RATE_LIMIT_TIMEFRAMES = (1, 10, 60, 300, 900, 3600)
RATE_LIMIT_SETTINGS = (
    ("enabled", "rateLimitingEnabled"), ("type", "rateLimitingType"), ("requests", "rateLimitingRequestCount"), ("timeframe", "rateLimitingTimeframe"),
)


def endpoint_options():
    """The suboptions of an item of shield_api_guardian's ``endpoints``."""
    options = dict(
        method=dict(type="str", required=True, choices=[method.upper() for method in HTTP_METHODS]),
        path=dict(type="str", required=True),
    )
    options.update((option, dict(type="bool")) for option, _api in ENDPOINT_SWITCHES)
    options["injection_detection"] = dict(type="dict", options={option: dict(type="list", elements="str") for option, _api in PARAMETER_LOCATIONS})
    options["rate_limit"] = dict(type="dict", options=dict(
        enabled=dict(type="bool"), type=dict(type="str", choices=list(RATE_LIMIT_TYPES)), requests=dict(type="int"),
        timeframe=dict(type="int", choices=list(RATE_LIMIT_TIMEFRAMES)),
    ))
    return options


def endpoint_request(item):
    """An item of ``endpoints`` in the API's shape; what it leaves out is None. Injection detection is the whole set when given."""
    wanted = {"requestMethod": item["method"].upper(), "requestPath": item["path"]}
    wanted.update((api, item.get(option)) for option, api in ENDPOINT_SWITCHES)
    injection = item.get("injection_detection")
    wanted[INJECTION_PARAMETERS] = None if injection is None else {api: list(injection.get(option) or []) for option, api in PARAMETER_LOCATIONS}
    rate_limit = item.get("rate_limit") or {}
    for option, api in RATE_LIMIT_SETTINGS:
        value = rate_limit.get(option)
        wanted[api] = RATE_LIMIT_TYPES[value] if option == "type" and value is not None else value
    return wanted


def project_endpoint(endpoint):
    """An endpoint as results show it, its settings by the options' names."""
    injection = endpoint.get(INJECTION_PARAMETERS)
    projected = {
        "api_guardian_endpoint_id": endpoint.get("apiGuardianEndpointId"),
        "request_method": endpoint.get("requestMethod"),
        "request_path": endpoint.get("requestPath"),
    }
    projected.update((option, endpoint.get(api)) for option, api in ENDPOINT_SWITCHES)
    projected["injection_detection"] = None if injection is None else {option: list(injection.get(api) or []) for option, api in PARAMETER_LOCATIONS}
    projected["rate_limit"] = {option: endpoint.get(api) for option, api in RATE_LIMIT_SETTINGS}
    rate_type = projected["rate_limit"]["type"]
    projected["rate_limit"]["type"] = next((name for name, code in RATE_LIMIT_TYPES.items() if code == rate_type), rate_type)
    return projected


def operation_changes(guardian, document):
    """``(added, removed)``: the operations the upload adds and removes, as ``METHOD /path`` lines."""
    present, wanted = zone_operations(guardian), set(document.operations)
    return _lines(wanted - present), _lines(present - wanted)


def _lines(operations):
    return ["%s %s" % (method, path) for method, path in sorted(operations, key=lambda operation: (operation[1], operation[0]))]


# --- The upload --------------------------------------------------------------------------------------

def read_content(module):
    """The document in ``content``, read before any request; bad input ends the run here."""
    try:
        return read_document(module.params["content"])
    except NotOpenApi as problem:
        module.fail("Invalid input: %s." % problem)
    except MissingYaml:
        module.fail("Invalid input: content is not JSON, and reading it as YAML needs PyYAML. %s" % missing_required_lib("PyYAML"))
    return None


def read_guardian(client, zone_id):
    """The zone's API Guardian: its configuration (with the plan's maxima) and its endpoints."""
    return envelope_data(client.get(build_path(API_GUARDIAN_PATH, zone_id=zone_id)))


def upload_plan(module, current, document):
    """The part of shield_api_guardian that uploads ``document`` unless the zone reports it already (or ``force``).

    ``current`` is the zone's API Guardian as read; ``document`` what read_content made of ``content``. The plan's ``record`` is API Guardian as the upload
    leaves it (predicted until the answer replaces it), in the read's shape, for the settings that
    follow it; ``plan.uploading`` says whether it uploads. Its one write is the upload, a POST to a zone
    without a document and a PATCH to a zone that has one.
    """
    params = module.params
    zone_id = params["shield_zone_id"]
    enforce = params["enforce_authorization_validation"]
    report = dict(limits=limits(current), document=document.summary())
    problems = limit_problems(document, current)
    if problems:
        module.fail("Shield zone %s cannot take this OpenAPI document: %s. Nothing was uploaded." % (zone_id, "; ".join(problems)), **report)
    plan = Plan(before=project_guardian(current), after=project_guardian(current), record=current,
                result=dict(operations_added=[], operations_removed=[], **report))
    plan.uploading = False
    held = guardian_holds(current, document, enforce)
    if held and not params["force"]:
        return plan
    added, removed = operation_changes(current, document)
    plan.result.update(operations_added=added, operations_removed=removed)
    plan.record = predict_guardian(current, document, enforce)
    plan.after = project_guardian(plan.record)
    plan.uploading = True
    body = {"content": document.text}
    if enforce is not None:
        body["enforceAuthorizationValidation"] = enforce

    def uploaded():
        # Matching the document proves the upload only when the zone did not match before;
        # a forced upload is proven by the configuration's new update time.
        read = read_guardian(module.client, zone_id) or {}
        updated = (read.get("configuration") or {}).get("updatedAt") != (current.get("configuration") or {}).get("updatedAt")
        return read if guardian_holds(read, document, enforce) and (updated or not held) else None

    def answered(answer):
        data = envelope_data(answer)
        plan.record = data if isinstance(data, dict) and "endpoints" in data else read_guardian(module.client, zone_id)
        plan.after = project_guardian(plan.record)

    plan.add(Write("PATCH" if has_specification(current) else "POST", build_path(SPECIFICATION_PATH, zone_id=zone_id), body,
                   confirm=uploaded, answered=answered))
    return plan
