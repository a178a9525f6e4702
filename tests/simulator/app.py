"""Builds the simulator: the areas' routers, the control API, error handling and the request log."""

from functools import lru_cache
from typing import Any, Dict, Iterable, Optional, Tuple

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from starlette.exceptions import HTTPException

from . import control
from .areas import AREAS
from .areas.databases import DatabaseStyle
from .areas.stream import StreamStyle
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
    "stream": StreamStyle(),
    "database": DatabaseStyle(),
}


def _style_finder(areas):
    prefixes = [(prefix, area.error_style) for area in areas for prefix in ((area.prefix,) if isinstance(area.prefix, str) else area.prefix)]

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


def create_app(
    api_keys: Iterable[str] = (), state: Optional[SimulatorState] = None, operations: Optional[Iterable[Tuple[str, str, str]]] = None
) -> RecordingMiddleware:
    """The ASGI application to serve: the API (`.app`, a FastAPI app with every route) inside the request log (`.state`).

    `operations` are the vendor's, `(document, METHOD, path template)`, that tell a request for an
    endpoint the simulator does not serve (501) from one for a path of no document (404): those of
    the vendor's documents unless given.

    The log and the faults wrap everything else so that a dropped connection can reach
    uvicorn's transport and a failure anywhere inside is still logged with its status.
    """
    fillers = {}
    for area in AREAS:
        fillers.update(area.fixture_fillers)
    if state is None:
        state = SimulatorState(api_keys=api_keys, fixture_fillers=fillers)
    style_for_path = _style_finder(AREAS)

    # The whole API in one application, for its OpenAPI document and for paths no area has.
    app = FastAPI(
        title="bunnynet.cloud management API simulator",
        version="1.0",
        description="A stateful fake of the bunny.net management API for offline tests. See docs/simulator.md.",
        docs_url=None,
        redoc_url=None,
    )
    control_routers = [control.router] + [router for area in AREAS for router in area.control_routers]
    _serve_from(app, state, style_for_path, [router for area in AREAS for router in area.routers] + control_routers)
    api_routes = [route for area in AREAS for router in area.routers for route in router.routes]

    # Requests are served by an application per area, chosen by the path's first segment: FastAPI
    # tries a request against routes one after another, and with every operation of the documents
    # served, one application would try hundreds of routes before a late area's.
    by_first_segment: Dict[str, Any] = {}
    for area in AREAS:
        area_app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
        _serve_from(area_app, state, style_for_path, list(area.routers))
        for prefix in (area.prefix,) if isinstance(area.prefix, str) else area.prefix:
            by_first_segment[_first_segment(prefix)] = area_app
    control_app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    _serve_from(control_app, state, style_for_path, control_routers)
    by_first_segment[_first_segment(control.router.prefix)] = control_app

    async def dispatch(scope, receive, send):
        await by_first_segment.get(_first_segment(scope.get("path", "")), app)(scope, receive, send)

    @lru_cache(maxsize=1)
    def route_table() -> VendorRouteTable:
        return VendorRouteTable(vendor_operations() if operations is None else operations, served_routes(api_routes))

    @lru_cache(maxsize=1)
    def query_names():
        return query_parameter_names(api_routes)

    served = VendorRouting(dispatch, route_table=route_table, query_names=query_names, document_styles=DOCUMENT_ERROR_STYLES)

    def openapi_with_bodies():
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
            schemas = schema.setdefault("components", {}).setdefault("schemas", {})
            schemas.update(body_schemas())
            _document_validation_answers(schema)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi_with_bodies
    return RecordingMiddleware(app, state, style_for_path, serve=served)


def _first_segment(path: str) -> str:
    return path.split("/", 2)[1] if "/" in path else path


def _serve_from(app: FastAPI, state: SimulatorState, style_for_path, routers) -> None:
    """Give an application the routers, the state and the error handling every part of the simulator has."""
    app.state.simulator = state
    for router in routers:
        app.include_router(router)

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
