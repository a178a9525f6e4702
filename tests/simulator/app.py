"""Builds the simulator: the areas' routers, the control API, error handling and the request log."""

from functools import lru_cache
from typing import Iterable, Optional

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from starlette.exceptions import HTTPException

from . import control
from .areas import AREAS
from .areas.databases import DatabaseStyle
from .areas.databases import control_router as database_control_router
from .errors import VALIDATION_TITLE, ApiError, ErrorStyle, LegacyStyle, MagicContainersStyle, ShieldStyle, status_phrase
from .recording import RecordingMiddleware
from .routing import VendorRouteTable, VendorRouting, query_parameter_names, served_routes
from .state import SimulatorState
from .validation import body_schemas, field_errors
from .vendor_facts import operations as vendor_operations

_FALLBACK_STYLE = ErrorStyle()
# The error shape of each vendor document, for endpoints of areas the simulator does not serve at all.
DOCUMENT_ERROR_STYLES = {
    "core": LegacyStyle(),
    "edge_scripting": LegacyStyle(),
    "magic_containers": MagicContainersStyle(),
    "shield": ShieldStyle(),
    "edge_storage": _FALLBACK_STYLE,
    "database": DatabaseStyle(),
}


def _style_finder(areas):
    prefixes = [(area.prefix, area.error_style) for area in areas]

    def style_for_path(path: str) -> ErrorStyle:
        for prefix, style in prefixes:
            if path == prefix or path.startswith(prefix + "/"):
                return style
        return _FALLBACK_STYLE

    return style_for_path


def _document_validation_answers(schema) -> None:
    """FastAPI documents its own 422 answer, which the simulator never sends: invalid input gets 400."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            if operation.get("responses", {}).pop("422", None) is not None:
                operation["responses"]["400"] = {"description": "Invalid input, in the error shape of the area."}
    for name in ("HTTPValidationError", "ValidationError"):
        schema.get("components", {}).get("schemas", {}).pop(name, None)


def create_app(api_keys: Iterable[str] = (), state: Optional[SimulatorState] = None) -> RecordingMiddleware:
    """The ASGI application to serve: the FastAPI app (`.app`) inside the request log (`.state`).

    The log and the faults wrap everything else so that a dropped connection can reach
    uvicorn's transport and a failure anywhere inside is still logged with its status.
    """
    fillers = {}
    for area in AREAS:
        fillers.update(area.fixture_fillers)
    if state is None:
        state = SimulatorState(api_keys=api_keys, fixture_fillers=fillers)
    style_for_path = _style_finder(AREAS)

    app = FastAPI(
        title="bunnynet.cloud management API simulator",
        version="1.0",
        description="A stateful fake of the bunny.net management API for offline tests. See docs/simulator.md.",
        docs_url=None,
        redoc_url=None,
    )
    app.state.simulator = state
    for area in AREAS:
        app.include_router(area.router)
    app.include_router(control.router)
    app.include_router(database_control_router)

    @lru_cache(maxsize=1)
    def route_table() -> VendorRouteTable:
        return VendorRouteTable(vendor_operations(), served_routes(app.openapi()))

    @lru_cache(maxsize=1)
    def query_names():
        return query_parameter_names(app.openapi())

    app.add_middleware(VendorRouting, route_table=route_table, query_names=query_names, document_styles=DOCUMENT_ERROR_STYLES)

    async def api_error(request: Request, exc: ApiError):
        return style_for_path(request.url.path).response(exc, request.url.path)

    async def request_validation_error(request: Request, exc: RequestValidationError):
        error = ApiError(400, VALIDATION_TITLE, errors=field_errors(exc.errors(), strip_location_kind=True))
        return await api_error(request, error)

    async def http_error(request: Request, exc: HTTPException):
        return await api_error(request, ApiError(exc.status_code, exc.detail or status_phrase(exc.status_code), headers=exc.headers))

    async def unexpected_error(request: Request, exc: Exception):
        return await api_error(request, ApiError(500, "The simulator failed unexpectedly; this is a bug in the simulator."))

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(RequestValidationError, request_validation_error)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected_error)
    app.add_exception_handler(control.ControlRequestRefused, control.refused_response)

    def openapi_with_bodies():
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            schemas = schema.setdefault("components", {}).setdefault("schemas", {})
            schemas.update(body_schemas())
            _document_validation_answers(schema)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi_with_bodies
    return RecordingMiddleware(app, state, style_for_path)
