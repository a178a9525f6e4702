"""Reading an uploaded OpenAPI document into API Guardian's configuration title, version and endpoints.

The document is user input, so every part of it is checked for its type before use: whatever it
holds, the answer is either a parsed specification or `NotOpenApi`, never an exception.

Two measures are checked against the zone's plan limits (see `nesting_depth` for how depth is
counted); shield_api_guardian counts them the same way before it uploads, and a unit test holds the
two counts together.
"""

import json
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

import yaml

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
PARAMETER_LOCATIONS = {"path": "Path", "query": "Query", "header": "Header", "cookie": "Cookie"}
JSON_MEDIA_TYPE = "application/json"


class NotOpenApi(ValueError):
    """The uploaded content is not an OpenAPI document; the message says why."""


class Specification:
    def __init__(self, title: str, version: str, endpoints: List[Dict[str, Any]], nesting_depth: int):
        self.title = title
        self.version = version
        # One item per path and method: requestMethod, requestPath, authSchemes, requestBodySchemaYaml,
        # responseBodySchemasYaml and availableParameters.
        self.endpoints = endpoints
        self.nesting_depth = nesting_depth


def _load(content: str) -> Tuple[Any, Dict[str, str]]:
    """The document, and the text of its `openapi`, `info.title` and `info.version` scalars as written in YAML.

    YAML reads `version: 1.10` as the number 1.1 and `version: 2024-05-01` as a date; OpenAPI means
    the text, as a reader of OpenAPI documents keeps it.
    """
    # JSON first: it is what most uploads are, and it parses far faster than YAML.
    try:
        return json.loads(content), {}
    except (ValueError, RecursionError):
        pass
    loader = None
    try:
        # The loader reads its first characters as it is made, so making it can fail too.
        loader = yaml.SafeLoader(content)
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), _scalar_texts(node)
    except (yaml.YAMLError, RecursionError) as exc:
        raise NotOpenApi(f"The content is neither JSON nor YAML: {exc}") from None
    finally:
        if loader is not None:
            loader.dispose()


def _mapping_value(node: Any, key: str) -> Any:
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == key:
                return value_node
    return None


def _scalar_texts(root: Any) -> Dict[str, str]:
    info = _mapping_value(root, "info")
    nodes = {"openapi": _mapping_value(root, "openapi"), "title": _mapping_value(info, "title"), "version": _mapping_value(info, "version")}
    return {name: node.value for name, node in nodes.items() if isinstance(node, yaml.ScalarNode) and node.tag != "tag:yaml.org,2002:null"}


def _as_text(value: Any) -> Optional[str]:
    """A scalar as text: YAML reads `version: 1.0` as a number, which OpenAPI means as the string."""
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def _resolve(document: Dict[str, Any], node: Any) -> Any:
    """Follow a local `$ref` (`#/components/...`); anything else, or a reference that leads nowhere, is returned as it is."""
    seen = set()
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/") and node["$ref"] not in seen:
        seen.add(node["$ref"])
        target: Any = document
        for part in node["$ref"][2:].split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
        if target is None:
            return node
        node = target
    return node


def _schema_yaml(document: Dict[str, Any], holder: Any) -> Optional[str]:
    """The JSON schema of a request body or response, as YAML text, when it has one."""
    holder = _resolve(document, holder)
    content = holder.get("content") if isinstance(holder, dict) else None
    media = content.get(JSON_MEDIA_TYPE) if isinstance(content, dict) else None
    schema = media.get("schema") if isinstance(media, dict) else None
    if schema is None:
        return None
    try:
        return yaml.safe_dump(schema, sort_keys=False)
    except RecursionError:
        raise NotOpenApi("A schema of the document is nested too deeply to read.") from None


def _parameters(document: Dict[str, Any], *lists: Any) -> Dict[str, List[str]]:
    found: Dict[str, List[str]] = {location: [] for location in PARAMETER_LOCATIONS.values()}
    for parameters in lists:
        for parameter in parameters if isinstance(parameters, list) else []:
            parameter = _resolve(document, parameter)
            if not isinstance(parameter, dict):
                continue
            location = PARAMETER_LOCATIONS.get(parameter.get("in"))
            name = _as_text(parameter.get("name"))
            if location and name and name not in found[location]:
                found[location].append(name)
    return found


def _auth_schemes(document: Dict[str, Any], requirements: Any) -> List[Dict[str, Any]]:
    components = document.get("components")
    defined = components.get("securitySchemes") if isinstance(components, dict) else None
    defined = defined if isinstance(defined, dict) else {}
    schemes = []
    for requirement in requirements if isinstance(requirements, list) else []:
        for name in requirement if isinstance(requirement, dict) else {}:
            scheme = _resolve(document, defined.get(name))
            if not isinstance(scheme, dict):
                continue
            if scheme.get("type") == "apiKey":
                schemes.append({"schemeName": name, "credentialName": _as_text(scheme.get("name")), "httpScheme": None})
            elif scheme.get("type") == "http":
                schemes.append({"schemeName": name, "credentialName": "Authorization", "httpScheme": _as_text(scheme.get("scheme"))})
            else:
                schemes.append({"schemeName": name, "credentialName": "Authorization", "httpScheme": "bearer"})
    return schemes


def _endpoint(document: Dict[str, Any], path: str, method: str, path_item: Dict[str, Any], operation: Dict[str, Any]) -> Dict[str, Any]:
    responses = operation.get("responses")
    response_schemas = {}
    for status, response in responses.items() if isinstance(responses, dict) else ():
        schema = _schema_yaml(document, response)
        if schema is not None:
            response_schemas[str(status)] = schema
    security = operation["security"] if "security" in operation else document.get("security")
    return {
        "requestMethod": method.upper(),
        "requestPath": path,
        "authSchemes": _auth_schemes(document, security),
        "requestBodySchemaYaml": _schema_yaml(document, operation.get("requestBody")),
        "responseBodySchemasYaml": response_schemas,
        "availableParameters": _parameters(document, path_item.get("parameters"), operation.get("parameters")),
    }


def _operations(document: Dict[str, Any]) -> Iterator[Tuple[str, str, Dict[str, Any], Dict[str, Any]]]:
    """(path, method, path item, operation) for every operation; `x-` extension keys of `paths` are no paths."""
    for path, path_item in document["paths"].items():
        if isinstance(path, str) and path.startswith("x-"):
            continue
        path_item = _resolve(document, path_item)
        if not isinstance(path, str) or not path.startswith("/") or not isinstance(path_item, dict):
            raise NotOpenApi(f"The path {path!r} is not a path item of an OpenAPI document.")
        for method in HTTP_METHODS:
            operation = path_item.get(method)
            if isinstance(operation, dict):
                yield path, method, path_item, operation


def parse_specification(content: str) -> Specification:
    document, texts = _load(content)
    if not isinstance(document, dict):
        raise NotOpenApi("The content is not an OpenAPI document: it is not a mapping.")
    if not isinstance(texts.get("openapi", document.get("openapi")), str) and document.get("swagger") != "2.0":
        raise NotOpenApi("The content is not an OpenAPI document: it has no 'openapi' version field.")
    info = document.get("info")
    title = texts.get("title", _as_text(info.get("title")) if isinstance(info, dict) else None)
    version = texts.get("version", _as_text(info.get("version")) if isinstance(info, dict) else None)
    if title is None or version is None:
        raise NotOpenApi("The OpenAPI document needs 'info.title' and 'info.version'.")
    if not isinstance(document.get("paths"), dict):
        raise NotOpenApi("The OpenAPI document needs a 'paths' mapping.")
    endpoints = [_endpoint(document, path, method, path_item, operation) for path, method, path_item, operation in _operations(document)]
    try:
        depth = nesting_depth(document)
    except RecursionError:
        raise NotOpenApi("A schema of the document is nested too deeply to read.") from None
    return Specification(title, version, endpoints, depth)


# Nesting depth -------------------------------------------------------------------------------------
#
# The vendor describes maxNestingDepth as the depth of nested `$ref`, `items` and `properties`
# chains. Counted here as: each step into a property, into `items` or through a `$ref` is one
# level (`{type: string}` is 0 deep, an object of strings 1); `allOf`, `anyOf`, `oneOf`, `not` and
# `additionalProperties` are walked without a level of their own. A recursive schema (one whose
# references lead back to itself) is counted once around its loop: while measuring it, a `$ref` to
# a recursive schema is one level and goes no further. The document's depth is the greatest depth
# of the schemas in `components.schemas` and in its operations' parameters, request bodies and
# responses.

COUNTED_KEYS = ("properties", "items")
UNCOUNTED_LIST_KEYS = ("allOf", "anyOf", "oneOf")
UNCOUNTED_SCHEMA_KEYS = ("not", "additionalProperties")


def _nested(schema: Dict[str, Any]) -> Iterator[Tuple[Dict[str, Any], int]]:
    """Each schema written inside `schema` (not through `$ref`), with the levels the step adds."""
    properties = schema.get("properties")
    steps = [(value, 1) for value in properties.values()] if isinstance(properties, dict) else []
    steps.append((schema.get("items"), 1))
    for key in UNCOUNTED_LIST_KEYS:
        steps.extend((value, 0) for value in (schema.get(key) if isinstance(schema.get(key), list) else ()))
    steps.extend((schema.get(key), 0) for key in UNCOUNTED_SCHEMA_KEYS)
    return ((child, levels) for child, levels in steps if isinstance(child, dict))


def _pointer(document: Dict[str, Any], reference: str) -> Any:
    """The node a local reference (`#/components/schemas/Pet`) points at, one step only; None when it leads nowhere."""
    if not reference.startswith("#/"):
        return None
    target: Any = document
    for part in reference[2:].split("/"):
        target = target.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
    return target


def _references_in(schema: Any) -> Set[str]:
    """The `$ref`s written anywhere inside `schema`, without following them."""
    found: Set[str] = set()
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


def _recursive_references(document: Dict[str, Any], roots: List[Any]) -> Set[str]:
    """The references whose target leads back to that same reference."""
    leads_to: Dict[str, Set[str]] = {}
    pending = [reference for root in roots for reference in _references_in(root)]
    while pending:
        reference = pending.pop()
        if reference not in leads_to:
            leads_to[reference] = _references_in(_pointer(document, reference))
            pending.extend(leads_to[reference])
    recursive = set()
    for start in leads_to:
        stack, reached = list(leads_to[start]), set()
        while stack and start not in reached:
            reference = stack.pop()
            if reference not in reached:
                reached.add(reference)
                stack.extend(leads_to.get(reference, ()))
        if start in reached:
            recursive.add(start)
    return recursive


def _media_schemas(holder: Any) -> Iterator[Any]:
    content = holder.get("content") if isinstance(holder, dict) else None
    for media in content.values() if isinstance(content, dict) else ():
        if isinstance(media, dict):
            yield media.get("schema")


def _document_schemas(document: Dict[str, Any]) -> Iterator[Tuple[Any, Optional[str]]]:
    """Every schema the document holds, with its own reference for those of `components.schemas`."""
    components = document.get("components")
    schemas = components.get("schemas") if isinstance(components, dict) else None
    for name, schema in schemas.items() if isinstance(schemas, dict) else ():
        yield schema, "#/components/schemas/" + str(name).replace("~", "~0").replace("/", "~1")
    for _path, _method, path_item, operation in _operations(document):
        for parameters in (path_item.get("parameters"), operation.get("parameters")):
            for parameter in parameters if isinstance(parameters, list) else ():
                parameter = _resolve(document, parameter)
                if isinstance(parameter, dict):
                    yield parameter.get("schema"), None
                    yield from ((schema, None) for schema in _media_schemas(parameter))
        yield from ((schema, None) for schema in _media_schemas(_resolve(document, operation.get("requestBody"))))
        responses = operation.get("responses")
        for response in responses.values() if isinstance(responses, dict) else ():
            yield from ((schema, None) for schema in _media_schemas(_resolve(document, response)))


def nesting_depth(document: Dict[str, Any]) -> int:
    """The document's nesting depth, counted as the comment above says."""
    schemas = list(_document_schemas(document))
    recursive = _recursive_references(document, [schema for schema, _reference in schemas])
    measured: Dict[Tuple[int, bool], int] = {}
    walking: Set[Tuple[int, bool]] = set()

    def depth(schema: Any, in_recursion: bool) -> int:
        if not isinstance(schema, dict):
            return 0
        key = (id(schema), in_recursion)
        if key in measured:
            return measured[key]
        if key in walking:
            # A YAML alias that contains itself: no valid schema does that, and it is not followed round again.
            return 0
        walking.add(key)
        deepest = max([0] + [levels + depth(child, in_recursion) for child, levels in _nested(schema)])
        reference = schema.get("$ref")
        if isinstance(reference, str):
            deepest = max(deepest, 1 + through(reference, in_recursion))
        walking.discard(key)
        measured[key] = deepest
        return deepest

    def through(reference: str, in_recursion: bool) -> int:
        if reference in recursive and in_recursion:
            return 0
        return depth(_pointer(document, reference), reference in recursive)

    return max([0] + [depth(schema, reference in recursive) for schema, reference in schemas])
