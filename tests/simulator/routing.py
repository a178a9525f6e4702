"""Routing as the vendor's stack does it, in one ASGI step in front of every area.

Query strings: ASP.NET binds query parameter names without regard to case and treats an
optional parameter sent empty (`page=`) as not sent. Before a request reaches FastAPI, each
parameter name is rewritten to the spelling a route of the simulator declares, and every empty
value is dropped, so the handlers see what the vendor's handlers would.

Endpoints the simulator does not implement: a request is matched against the operations of the
vendor's documents the way ASP.NET picks a route (among the templates that match the path and
the method, the one with literal segments earliest wins). When that operation is not one the
simulator serves, the answer is 501 in the error shape of that document's area, never a 404
that a client would read as "that resource does not exist". A path that no vendor document has
keeps FastAPI's 404.
"""

import re
from typing import Any, Callable, Dict, Iterable, List, Optional, Pattern, Set, Tuple
from urllib.parse import parse_qsl, urlencode

from fastapi.routing import APIRoute

from .errors import ApiError, ErrorStyle

NOT_IMPLEMENTED_KEY = "simulator.not_implemented"
_PARAMETER = re.compile(r"\{[^}]*\}")
_METHODS = frozenset(("GET", "PUT", "POST", "DELETE", "PATCH", "HEAD", "OPTIONS"))


def template_shape(template: str) -> str:
    """A path template with its parameter names erased: `/pullzone/{id}` and `/pullzone/{pullZoneId}` are one shape."""
    return _PARAMETER.sub("{}", template)


class VendorOperation:
    def __init__(self, document: str, method: str, template: str):
        self.document = document
        self.method = method
        self.template = template
        self.shape = template_shape(template)
        segments = template.strip("/").split("/")
        pattern = "/".join("[^/]+".join(re.escape(literal) for literal in _PARAMETER.split(segment)) for segment in segments)
        self.pattern: Pattern[str] = re.compile(f"^/{pattern}/?$")
        # ASP.NET's route precedence: at the first segment where two templates differ, a literal beats a parameter.
        self.precedence = tuple(1 if _PARAMETER.search(segment) else 0 for segment in segments)


def _first_segment(path: str) -> str:
    return path.split("/", 2)[1] if path.count("/") else path


class VendorRouteTable:
    def __init__(self, operations: Iterable[Tuple[str, str, str]], served: Set[Tuple[str, str]]):
        """`operations` are `(vendor document, METHOD, path template)`; `served` what `served_routes` gives."""
        self.operations = [VendorOperation(document, method, template) for document, method, template in operations]
        self.served = served
        # Every request is matched here before it reaches the routes: the operations are indexed by
        # method and first path segment (none of the documents starts a template with a parameter),
        # so a request is tried against a handful of templates rather than all of them.
        self._by_method_and_first_segment: Dict[Tuple[str, str], List[VendorOperation]] = {}
        for operation in self.operations:
            self._by_method_and_first_segment.setdefault((operation.method, _first_segment(operation.template)), []).append(operation)

    def operation_for(self, method: str, path: str) -> Optional[VendorOperation]:
        """The vendor operation a request addresses, or None when no vendor document has its path and method."""
        candidates = [operation for operation in self._by_method_and_first_segment.get((method, _first_segment(path)), ()) if operation.pattern.match(path)]
        return min(candidates, key=lambda operation: operation.precedence, default=None)

    def unimplemented(self, method: str, path: str) -> Optional[VendorOperation]:
        operation = self.operation_for(method, path)
        if operation is None or (operation.method, operation.shape) in self.served:
            return None
        return operation


def _documented_routes(routes: Iterable[Any]) -> Iterable[APIRoute]:
    """The API routes the simulator's OpenAPI document shows: read from the routes themselves, since building that document takes seconds."""
    return [route for route in routes if isinstance(route, APIRoute) and route.include_in_schema]


def _query_parameters(dependant: Any) -> List[Any]:
    """The query parameters of a route's handler and of the dependencies it declares."""
    return list(dependant.query_params) + [parameter for sub in dependant.dependencies for parameter in _query_parameters(sub)]


def served_routes(routes: Iterable[Any]) -> Set[Tuple[str, str]]:
    """`(METHOD, template shape)` of every documented API route."""
    return {(method, template_shape(route.path)) for route in _documented_routes(routes) for method in route.methods if method in _METHODS}


def query_parameter_names(routes: Iterable[Any]) -> Dict[str, str]:
    """Every query parameter name a documented route declares, by its lower-case form."""
    names: Dict[str, str] = {}
    for route in _documented_routes(routes):
        for parameter in _query_parameters(route.dependant):
            spelling = parameter.alias
            known = names.setdefault(spelling.lower(), spelling)
            if known != spelling:
                raise ValueError(f"The query parameters '{known}' and '{spelling}' differ only in case; they cannot both bind without regard to case.")
    return names


def normalise_query(query_string: bytes, names: Dict[str, str]) -> bytes:
    pairs: List[Tuple[str, str]] = []
    for name, value in parse_qsl(query_string.decode("latin-1"), keep_blank_values=True):
        if value == "":
            continue
        pairs.append((names.get(name.lower(), name), value))
    return urlencode(pairs).encode("latin-1")


class VendorRouting:
    """ASGI middleware: normalise the query string, and answer 501 for vendor endpoints the simulator does not serve."""

    def __init__(
        self,
        app,
        route_table: Callable[[], VendorRouteTable],
        query_names: Callable[[], Dict[str, str]],
        document_styles: Dict[str, ErrorStyle],
    ):
        self.app = app
        # Built on first use: the routes are all registered by then.
        self._route_table = route_table
        self._query_names = query_names
        # A 501 answers in the error shape of the vendor document the endpoint is in.
        self.document_styles = document_styles

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        operation = self._route_table().unimplemented(scope["method"], scope["path"])
        if operation is not None:
            message = f"The simulator does not implement {operation.method} {operation.template} of the vendor's API."
            style = self.document_styles.get(operation.document, ErrorStyle())
            response = style.response(ApiError(501, message, key=NOT_IMPLEMENTED_KEY), scope["path"])
            await response(scope, receive, send)
            return
        if scope.get("query_string"):
            scope = {**scope, "query_string": normalise_query(scope["query_string"], self._query_names())}
        await self.app(scope, receive, send)
