"""Request bodies validated by the vendor's own models, built from `vendor_facts.json`.

Some bodies are too wide to restate by hand (the pull zone settings model has 147 properties);
for those the simulator builds its pydantic model from the vendor's model: the same names,
JSON types, nullability, enums (as the vendor's integers), bounds and required properties.
Read models are never built this way: they are written out in the areas, so that the unit
tests comparing them with the vendor's models compare two independent things.
"""

from functools import lru_cache
from typing import Any, Dict, List, Literal, Optional, Tuple, Type

from pydantic import Field, create_model
from typing_extensions import Annotated

from .validation import ContractModel
from .vendor_facts import models

_INTEGER_BOUNDS = {"int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1)}


def _referenced(schema: Dict[str, Any]) -> Optional[str]:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    for combinator in ("oneOf", "allOf", "anyOf"):
        options = schema.get(combinator) or []
        if len(options) == 1 and "$ref" in options[0]:
            return options[0]["$ref"].rsplit("/", 1)[-1]
    return None


def _scalar(schema: Dict[str, Any]) -> Any:
    kind = schema.get("type")
    if kind == "boolean":
        return bool
    if kind == "integer":
        low, high = _INTEGER_BOUNDS.get(schema.get("format"), _INTEGER_BOUNDS["int64"])
        return Annotated[int, Field(ge=max(low, schema.get("minimum", low)), le=min(high, schema.get("maximum", high)))]
    if kind == "number":
        return Annotated[float, Field(ge=schema.get("minimum"), le=schema.get("maximum"))]
    if kind == "string":
        return Annotated[str, Field(min_length=schema.get("minLength"), max_length=schema.get("maxLength"))]
    raise ValueError(f"no Python type for the schema {schema}")


def _python_type(document: str, schema: Dict[str, Any]) -> Any:
    reference = _referenced(schema)
    if reference is not None:
        target = models(document)[reference]
        if "enum" in target:
            return Literal[tuple(target["enum"])]
        if target.get("type") not in (None, "object"):
            # A named scalar or list, such as the Database document's DatabaseId (a string).
            return _python_type(document, target)
        return vendor_request_model(document, reference)
    if schema.get("type") == "array":
        return List[_python_type(document, schema.get("items") or {})]
    if schema.get("type") == "object" or "additionalProperties" in schema:
        values = schema.get("additionalProperties")
        return Dict[str, _python_type(document, values) if isinstance(values, dict) else Any]
    return _scalar(schema)


def _field(document: str, schema: Dict[str, Any], required: bool) -> Tuple[Any, Any]:
    python_type = _python_type(document, schema)
    if schema.get("nullable"):
        python_type = Optional[python_type]
    # A property that is neither required nor nullable may be left out but not sent as null:
    # the default is not validated, an explicit null is.
    return (python_type, ... if required else None)


@lru_cache(maxsize=None)
def vendor_request_model(document: str, name: str) -> Type[ContractModel]:
    """The vendor's model `name` of `document` as a strict request body: no property it does not list."""
    schema = models(document)[name]
    required = set(schema.get("required") or ())
    fields = {prop: _field(document, prop_schema, prop in required) for prop, prop_schema in (schema.get("properties") or {}).items()}
    return create_model(name, __base__=ContractModel, **fields)
