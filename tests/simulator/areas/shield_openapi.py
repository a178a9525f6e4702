"""Reading an uploaded OpenAPI document into API Guardian's configuration title, version and endpoints.

The document is user input, so every part of it is checked for its type before use: whatever it
holds, the answer is either a parsed specification or `NotOpenApi`, never an exception.
"""

import json
from typing import Any, Dict, List, Optional

import yaml

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
PARAMETER_LOCATIONS = {"path": "Path", "query": "Query", "header": "Header", "cookie": "Cookie"}
JSON_MEDIA_TYPE = "application/json"


class NotOpenApi(ValueError):
    """The uploaded content is not an OpenAPI document; the message says why."""


class Specification:
    def __init__(self, title: str, version: str, endpoints: List[Dict[str, Any]]):
        self.title = title
        self.version = version
        # One item per path and method: requestMethod, requestPath, authSchemes, requestBodySchemaYaml,
        # responseBodySchemasYaml and availableParameters.
        self.endpoints = endpoints


def _load(content: str) -> Any:
    # JSON first: it is what most uploads are, and it parses far faster than YAML.
    try:
        return json.loads(content)
    except (ValueError, RecursionError):
        pass
    try:
        return yaml.safe_load(content)
    except (yaml.YAMLError, RecursionError) as exc:
        raise NotOpenApi(f"The content is neither JSON nor YAML: {exc}") from None


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


def parse_specification(content: str) -> Specification:
    document = _load(content)
    if not isinstance(document, dict):
        raise NotOpenApi("The content is not an OpenAPI document: it is not a mapping.")
    if not isinstance(document.get("openapi"), str) and document.get("swagger") != "2.0":
        raise NotOpenApi("The content is not an OpenAPI document: it has no 'openapi' version field.")
    info = document.get("info")
    title = _as_text(info.get("title")) if isinstance(info, dict) else None
    version = _as_text(info.get("version")) if isinstance(info, dict) else None
    if title is None or version is None:
        raise NotOpenApi("The OpenAPI document needs 'info.title' and 'info.version'.")
    paths = document.get("paths")
    if not isinstance(paths, dict):
        raise NotOpenApi("The OpenAPI document needs a 'paths' mapping.")
    endpoints = []
    for path, path_item in paths.items():
        path_item = _resolve(document, path_item)
        if not isinstance(path, str) or not path.startswith("/") or not isinstance(path_item, dict):
            raise NotOpenApi(f"The path {path!r} is not a path item of an OpenAPI document.")
        for method in HTTP_METHODS:
            operation = path_item.get(method)
            if isinstance(operation, dict):
                endpoints.append(_endpoint(document, path, method, path_item, operation))
    return Specification(title, version, endpoints)
