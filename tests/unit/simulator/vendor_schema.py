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


def _is_null(option: Dict[str, Any]) -> bool:
    """The option the vendor's documents write for "or null": `{"type": [], "nullable": true}`."""
    return bool(option.get("nullable")) and option.get("type") == []


def _options(schema: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The alternatives of a `oneOf` or `anyOf` of several schemas (one alone is a reference, see `referenced`)."""
    for combinator in ("oneOf", "anyOf"):
        if len(schema.get(combinator) or []) > 1:
            return schema[combinator]
    return []


def _all_of(schema: Dict[str, Any], vendor: Dict[str, Any]) -> Dict[str, Any]:
    """An `allOf` of several schemas as the one object schema it describes: every part's properties together."""
    merged = {key: value for key, value in schema.items() if key != "allOf"}
    merged["type"] = "object"
    merged["properties"] = {}
    for part in schema["allOf"]:
        reference = referenced(part)
        part = vendor[reference] if reference is not None else part
        if len(part.get("allOf") or []) > 1:
            part = _all_of(part, vendor)
        merged["properties"].update(part.get("properties") or {})
    return merged


def mismatches(value: Any, schema: Dict[str, Any], document: str, where: str) -> List[str]:
    """How `value` differs from the vendor's `schema`: missing or extra properties, wrong types, nulls, values outside an enum.

    `allOf` of several schemas is their properties together; `oneOf` and `anyOf` of several take a
    value that matches one of them; `const` and a tuple's `prefixItems` are held too.
    """
    vendor = models(document)
    reference = referenced(schema)
    options = _options(schema)
    nullable = bool(schema.get("nullable")) or any(_is_null(option) for option in options)
    if reference is not None:
        target = vendor[reference]
        if value is None:
            return [] if nullable or target.get("nullable") else [f"{where} is null; {reference} is not nullable"]
        return mismatches(value, target, document, f"{where}<{reference}>")
    if value is None:
        return [] if nullable else [f"{where} is null; the vendor's type is not nullable"]
    if len(schema.get("allOf") or []) > 1:
        return mismatches(value, _all_of(schema, vendor), document, where)
    alternatives = [option for option in options if not _is_null(option)]
    if alternatives:
        found = [mismatches(value, option, document, where) for option in alternatives]
        if all(found):
            closest = min(found, key=len)
            return [f"{where} matches none of the vendor's {len(alternatives)} alternatives; the closest: {'; '.join(closest)}"]
    kind = schema.get("type") or ("object" if "properties" in schema else None)
    if kind is not None and not JSON_TYPES[kind](value):
        return [f"{where} is {value!r}; the vendor's type is {kind}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where} is {value!r}, not one of the vendor's {schema['enum']}"]
    if "const" in schema and value != schema["const"]:
        return [f"{where} is {value!r}, not the vendor's {schema['const']!r}"]
    problems: List[str] = []
    if kind == "array" and "prefixItems" in schema:
        positions = schema["prefixItems"]
        if len(value) != len(positions) and schema.get("minItems") == schema.get("maxItems") == len(positions):
            problems.append(f"{where} has {len(value)} items; the vendor's tuple has {len(positions)}")
        for position, (item, item_schema) in enumerate(zip(value, positions)):
            problems += mismatches(item, item_schema, document, f"{where}[{position}]")
    elif kind == "array":
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
