"""Request validation shared by every area: the model base, patterns, and error conversion.

The vendor validates patterns the .NET way: the whole value has to match. JSON Schema and
pydantic only search for the pattern somewhere in the value, so `whole_value` anchors it.
"""

from typing import Any, Dict, Iterable, List, Optional, Sequence, Type, TypeVar, Union

from pydantic import BaseModel, ConfigDict, ValidationError
from starlette.requests import Request

from .errors import VALIDATION_TITLE, ApiError, FieldError, field_error

ModelT = TypeVar("ModelT", bound=BaseModel)

JSON_MEDIA_TYPES = frozenset({"application/json"})
# The application patch endpoints also take these, as ASP.NET's JSON input formatter does.
JSON_OR_TEXT_JSON = frozenset({"application/json", "text/json", "application/*+json"})

_CONTRACT_PATTERNS = {}
# JSON schemas of the request bodies, published under the OpenAPI document's components.
_BODY_SCHEMAS: Dict[str, Dict[str, Any]] = {}


class ContractModel(BaseModel):
    """A request body of the contract: strict JSON types and no fields it does not list."""

    model_config = ConfigDict(extra="forbid", strict=True, regex_engine="python-re")


def whole_value(pattern: str, shown_as: Optional[str] = None) -> str:
    """Anchor a pattern so that it has to match the whole value.

    Error messages quote `shown_as` when given: the contract's wording of a pattern that the
    simulator checks in an equivalent but different form.
    """
    anchored = rf"^(?:{pattern})\Z"
    _CONTRACT_PATTERNS[anchored] = shown_as or pattern
    return anchored


def field_path(loc: Sequence[Union[str, int]]) -> Optional[str]:
    """`('containerTemplates', 0, 'name')` -> `containerTemplates[0].name`; None for the body itself."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else part
    return path or None


def _message(error: dict) -> str:
    if error["type"] == "string_pattern_mismatch":
        pattern = error["ctx"]["pattern"]
        return f"The value does not match the pattern '{_CONTRACT_PATTERNS.get(pattern, pattern)}'."
    if error["type"] == "extra_forbidden":
        return "This field is not allowed here."
    return error["msg"]


def field_errors(errors: Iterable[dict], strip_location_kind: bool = False) -> List[FieldError]:
    """Pydantic's or FastAPI's error list as `[{field, message}]`.

    FastAPI prefixes each location with where the value came from (`query`, `path`, `body`);
    `strip_location_kind` drops that prefix so the field is the parameter's own name.
    """
    problems = []
    for error in errors:
        loc = error["loc"][1:] if strip_location_kind else error["loc"]
        problems.append(field_error(field_path(loc), _message(error)))
    return problems


def media_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";", 1)[0].strip().lower()


def _accepts(media: str, accepted: frozenset) -> bool:
    if media in accepted:
        return True
    return "application/*+json" in accepted and media.startswith("application/") and media.endswith("+json")


async def read_body(request: Request, model: Type[ModelT], accepted: frozenset = JSON_MEDIA_TYPES) -> ModelT:
    """Parse and validate a JSON request body, raising the area-neutral `ApiError` on any problem."""
    media = media_type(request)
    if not _accepts(media, accepted):
        raise ApiError(415, f"Content type '{media or 'none'}' is not supported; send one of: {', '.join(sorted(accepted))}.")
    raw = await request.body()
    if not raw.strip():
        raise ApiError(400, VALIDATION_TITLE, errors=[field_error(None, "A non-empty request body is required.")])
    try:
        return model.model_validate_json(raw)
    except ValidationError as exc:
        raise ApiError(400, VALIDATION_TITLE, errors=field_errors(exc.errors())) from None


async def read_optional_body(request: Request, model: Type[ModelT]) -> Optional[ModelT]:
    """A JSON body the vendor's document does not require: None when the request sends none."""
    if not (await request.body()).strip():
        return None
    return await read_body(request, model)


def documented_optional_body(model: Type[BaseModel]) -> Dict[str, Any]:
    """`openapi_extra` for a route that parses its body with `read_optional_body`."""
    documented = documented_body(model)
    return {"requestBody": {**documented["requestBody"], "required": False}}


def documented_body(model: Type[BaseModel], accepted: frozenset = JSON_MEDIA_TYPES) -> Dict[str, Any]:
    """`openapi_extra` for a route that parses its body with `read_body`, so the OpenAPI document shows it."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    _BODY_SCHEMAS.update(schema.pop("$defs", {}))
    _BODY_SCHEMAS[model.__name__] = schema
    reference = {"$ref": f"#/components/schemas/{model.__name__}"}
    return {"requestBody": {"required": True, "content": {media: {"schema": reference} for media in sorted(accepted)}}}


def body_schemas() -> Dict[str, Dict[str, Any]]:
    return dict(_BODY_SCHEMAS)
