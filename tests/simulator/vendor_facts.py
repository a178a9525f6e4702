"""The facts the simulator takes from the vendor's OpenAPI documents: their operations and models.

`vendor_facts.json` beside this module holds, per document, the path prefix the simulator serves
it under, every operation (method and path template) with its documented answers (each status
and the schema of its body), and every model reduced to its facts: names, types, nullability,
enums, bounds and defaults, without the documents' prose. The simulator reads the operations to
tell a request for an endpoint it does not implement (501) from one for a path no vendor
document has (404); the unit tests read the answers and models to hold the simulator's routes,
statuses and read models to the vendor's.

Regenerate it after updating the reference copies of the documents:

    python -m tests.simulator.vendor_facts /path/to/reference
"""

import hashlib
import json
import os
import sys
from functools import lru_cache
from typing import Any, Dict, List, Tuple

FACTS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vendor_facts.json")

# Each document, the area it covers, and the prefix its paths take on the simulator's one host:
# Magic Containers is served by the vendor under /mc, edge storage and Stream on hosts of their own, Bunny
# Database under /database.
DOCUMENTS = (
    ("core", "core-api-v1.0.0.json", ""),
    ("edge_scripting", "edge-scripting-api-v1.0.0.json", ""),
    ("magic_containers", "magic-containers-api-v1.0.0.json", "/mc"),
    ("shield", "shield-api-v1.0.0.json", ""),
    ("edge_storage", "edge-storage-api-v1.0.0.json", "/storage"),
    ("stream", "stream-api-v1.5.23.json", "/stream"),
    ("database", "database-api.json", "/database"),
)
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options")
# Schema keywords that state facts; everything else (descriptions, examples, x- extensions) is left out.
FACT_KEYWORDS = frozenset(
    (
        "type", "format", "nullable", "enum", "const", "items", "prefixItems", "$ref", "oneOf", "anyOf", "allOf", "properties", "required",
        "additionalProperties", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "minItems",
        "maxItems", "default",
    )
)  # fmt: skip


def _reduce(schema: Any) -> Any:
    if isinstance(schema, list):
        return [_reduce(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    reduced = {}
    for key, value in schema.items():
        if key == "properties":
            reduced[key] = {name: _reduce(prop) for name, prop in value.items()}
        elif key in FACT_KEYWORDS:
            reduced[key] = _reduce(value)
    return reduced


def _answers(operation: Dict[str, Any]) -> Dict[str, Any]:
    """Each documented status with the reduced schema of its body (JSON's when several media types are given), or None."""
    answers = {}
    for status, response in (operation.get("responses") or {}).items():
        content = response.get("content") or {}
        media = content.get("application/json") or next(iter(content.values()), None)
        answers[status] = _reduce(media["schema"]) if media and "schema" in media else None
    return answers


def extract(reference_dir: str) -> Dict[str, Any]:
    documents = {}
    for name, file_name, prefix in DOCUMENTS:
        with open(os.path.join(reference_dir, file_name), "rb") as handle:
            raw = handle.read()
        document = json.loads(raw)
        operations = [[method.upper(), path] for path, item in document.get("paths", {}).items() for method in HTTP_METHODS if method in item]
        answers = {f"{method} {path}": _answers(document["paths"][path][method.lower()]) for method, path in operations}
        schemas = document.get("components", {}).get("schemas", {})
        documents[name] = {
            "file": file_name,
            "sha256": hashlib.sha256(raw).hexdigest(),
            "prefix": prefix,
            "operations": operations,
            "answers": answers,
            "models": {model: _reduce(schema) for model, schema in schemas.items()},
        }
    return {"documents": documents}


def write(facts: Dict[str, Any], path: str = FACTS_FILE) -> None:
    """One model per line, so that a change to a document shows as a readable diff."""
    lines = ["{", '"documents": {']
    names = list(facts["documents"])
    for position, name in enumerate(names):
        document = facts["documents"][name]
        lines.append(f"{json.dumps(name)}: {{")
        for key in ("file", "sha256", "prefix"):
            lines.append(f"{json.dumps(key)}: {json.dumps(document[key])},")
        lines.append('"operations": [')
        lines.append(",\n".join(json.dumps(operation) for operation in document["operations"]))
        lines.append("],")
        lines.append('"answers": {')
        lines.append(",\n".join(f"{json.dumps(key)}: {json.dumps(value, sort_keys=True)}" for key, value in document["answers"].items()))
        lines.append("},")
        lines.append('"models": {')
        lines.append(",\n".join(f"{json.dumps(model)}: {json.dumps(schema, sort_keys=True)}" for model, schema in document["models"].items()))
        lines.append("}")
        lines.append("}," if position < len(names) - 1 else "}")
    lines.append("}")
    lines.append("}")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


@lru_cache(maxsize=1)
def load() -> Dict[str, Any]:
    with open(FACTS_FILE, encoding="utf-8") as handle:
        return json.load(handle)


def operations() -> List[Tuple[str, str, str]]:
    """`(area document, METHOD, path template as the simulator serves it)` for every vendor operation."""
    return [(name, method, document["prefix"] + path) for name, document in load()["documents"].items() for method, path in document["operations"]]


def answers(document: str, method: str, template: str) -> Dict[str, Any]:
    """The documented statuses of an operation (its template as the document has it) and their bodies' schemas."""
    return load()["documents"][document]["answers"][f"{method} {template}"]


def models(document: str) -> Dict[str, Any]:
    return load()["documents"][document]["models"]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.simulator.vendor_facts REFERENCE_DIR")
    write(extract(sys.argv[1]))
