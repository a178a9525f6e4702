"""ASGI middleware that logs every API request and applies the injected faults.

It wraps the whole FastAPI application, so a faulted request never reaches a handler, and it is
plain ASGI rather than Starlette's BaseHTTPMiddleware, which costs far more per request.
"""

import asyncio
import json
import os
from typing import Any, Callable, Dict, Optional
from urllib.parse import parse_qsl

from .errors import ApiError, ErrorStyle, status_phrase
from .faults import FaultRuleRequest
from .state import SimulatorState

CONTROL_PREFIX = "/_sim"
READ_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))


# Paths under these name a collection; the segment after one is the id of the resource acted on.
COLLECTIONS = ("/mc/apps/", "/mc/registries/", "/compute/script/", "/pullzone/", "/videolibrary/", "/shield/shield-zone/")


def resource_of(path: str) -> str:
    """The resource a write acts on, for counting concurrent writes to it.

    `/pullzone/7/addHostname` and `/pullzone/7/edgerules/x/setEdgeRuleEnabled` both act on
    `/pullzone/7`; a path outside the collections counts as its own resource.
    """
    for collection in COLLECTIONS:
        if path.startswith(collection):
            return collection + path[len(collection):].split("/", 1)[0]
    return path


async def _discard(message) -> None:
    """A `send` that throws the API's answer away."""


def _query_dict(query_string: bytes) -> Dict[str, Any]:
    """A repeated parameter becomes a list of its values; any other maps to its single value."""
    query: Dict[str, Any] = {}
    for name, value in parse_qsl(query_string.decode("latin-1"), keep_blank_values=True):
        if name not in query:
            query[name] = value
        elif isinstance(query[name], list):
            query[name].append(value)
        else:
            query[name] = [query[name], value]
    return query


def _json_or_none(body: bytes) -> Any:
    if not body:
        return None
    try:
        return json.loads(body)
    except ValueError:
        return None


async def _read_body(receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


async def _drop_connection(send) -> None:
    # uvicorn hands the outermost app its request cycle's bound `send`, whose owner holds the transport.
    transport = send.__self__.transport
    transport.close()
    # Let the loop run connection_lost, so uvicorn sees a disconnect instead of an app that never answered.
    await asyncio.sleep(0)
    await asyncio.sleep(0)


class RecordingMiddleware:
    def __init__(self, app, state: SimulatorState, style_for_path: Callable[[str], ErrorStyle], serve=None):
        """`app` is the API as one application; `serve`, when given, the ASGI application that answers its requests."""
        self.app = app
        self.serve = serve or app
        self.state = state
        self.style_for_path = style_for_path
        # A file every request is appended to, control requests included, for a whole run's record
        # (tests/utils/request_recording.py): the request log is cleared by the tests themselves.
        self.record_path = os.environ.get("BUNNYNET_SIMULATOR_RECORD")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"].startswith(CONTROL_PREFIX):
            if scope["type"] == "http" and self.record_path:
                self._record({"method": scope["method"], "path": scope["path"], "query": _query_dict(scope["query_string"])})
            await self.serve(scope, receive, send)
            return
        method = scope["method"]
        path = scope["path"]
        body = await _read_body(receive)
        entry = {"method": method, "path": path, "query": _query_dict(scope["query_string"]), "status": None, "body": _json_or_none(body)}
        with self.state.lock:
            self.state.request_log.append(entry)

        client = scope.get("client")
        writes_to = None if method in READ_METHODS else resource_of(path)
        self.state.stats.request_started(client[1] if client else None, writes_to)
        try:
            await self._answer(scope, receive, send, entry, body)
        finally:
            self.state.stats.request_finished(writes_to)
            if self.record_path:
                self._record(entry)

    def _record(self, entry: Dict[str, Any]) -> None:
        with self.state.lock, open(self.record_path, "a", encoding="utf-8") as record:
            record.write(json.dumps(entry) + "\n")

    async def _answer(self, scope, receive, send, entry, body: bytes) -> None:
        method, path = entry["method"], entry["path"]
        fault = self.state.faults.take(method, path)
        if fault is not None:
            if fault.delay_ms:
                await asyncio.sleep(fault.delay_ms / 1000)
            if fault.apply:
                # The API does the work; only its answer is lost on the way back.
                await self._call_app(scope, body, receive, _discard, {})
            if fault.drop_connection:
                await _drop_connection(send)
                return
            if fault.status is not None:
                entry["status"] = fault.status
                await self._send_fault(fault, path, send)
                return
        await self._call_app(scope, body, receive, send, entry)

    async def _call_app(self, scope, body: bytes, receive, send, entry: Dict[str, Any]) -> None:
        body_delivered = False

        async def replay_body():
            nonlocal body_delivered
            if body_delivered:
                return await receive()
            body_delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def record_status(message):
            if message["type"] == "http.response.start":
                entry["status"] = message["status"]
            await send(message)

        try:
            await self.serve(scope, replay_body, record_status)
        except Exception:
            if entry["status"] is None:
                entry["status"] = 500
            raise

    async def _send_fault(self, fault: FaultRuleRequest, path: str, send) -> None:
        headers: Optional[Dict[str, str]] = None
        if fault.retry_after is not None:
            headers = {"Retry-After": str(fault.retry_after)}
        error = ApiError(fault.status, f"Injected fault: {status_phrase(fault.status)}.", headers=headers)
        response = self.style_for_path(path).response(error, path)
        await response({"type": "http"}, None, send)
