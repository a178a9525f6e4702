"""How a value the simulator answers differs from a schema of the vendor's documents.

The vendor's models come from `tests/simulator/vendor_facts.json`, extracted from its OpenAPI
documents; the simulator writes its answers out by hand, so the two are compared rather than one
derived from the other.
"""

from typing import Any, Dict, List, Optional

from ansible_collections.bunnynet.cloud.tests.simulator.vendor_facts import models


def referenced(schema: Dict[str, Any]) -> Optional[str]:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    for combinator in ("oneOf", "allOf", "anyOf"):
        options = schema.get(combinator) or []
        if len(options) == 1 and "$ref" in options[0]:
            return options[0]["$ref"].rsplit("/", 1)[-1]
    return None


JSON_TYPES = {
    "integer": lambda value: isinstance(value, int) and not isinstance(value, bool),
    # A JSON number the vendor types as a double or a decimal has a fraction part (0.0, not 0): strict clients refuse an integer there.
    "number": lambda value: isinstance(value, float),
    "boolean": lambda value: isinstance(value, bool),
    "string": lambda value: isinstance(value, str),
    "array": lambda value: isinstance(value, list),
    "object": lambda value: isinstance(value, dict),
}


def mismatches(value: Any, schema: Dict[str, Any], document: str, where: str) -> List[str]:
    """How `value` differs from the vendor's `schema`: missing or extra properties, wrong types, nulls, values outside an enum."""
    vendor = models(document)
    reference = referenced(schema)
    nullable = bool(schema.get("nullable"))
    if reference is not None:
        target = vendor[reference]
        if value is None:
            return [] if nullable or target.get("nullable") else [f"{where} is null; {reference} is not nullable"]
        return mismatches(value, target, document, f"{where}<{reference}>")
    if value is None:
        return [] if nullable else [f"{where} is null; the vendor's type is not nullable"]
    kind = schema.get("type") or ("object" if "properties" in schema else None)
    if kind is not None and not JSON_TYPES[kind](value):
        return [f"{where} is {value!r}; the vendor's type is {kind}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where} is {value!r}, not one of the vendor's {schema['enum']}"]
    problems: List[str] = []
    if kind == "array":
        for position, item in enumerate(value):
            problems += mismatches(item, schema.get("items") or {}, document, f"{where}[{position}]")
    elif kind == "object" and "properties" in schema:
        properties = schema["properties"]
        problems += [f"{where}.{name} is missing" for name in properties if name not in value]
        problems += [f"{where}.{name} is not in the vendor's model" for name in value if name not in properties]
        for name, prop in properties.items():
            if name in value:
                problems += mismatches(value[name], prop, document, f"{where}.{name}")
    elif kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        for name, item in value.items():
            problems += mismatches(item, schema["additionalProperties"], document, f"{where}[{name!r}]")
    return problems
