"""Responses built directly, skipping FastAPI's response-model encoding, which costs per request."""

from typing import Any

from starlette.responses import JSONResponse, Response


def json_response(content: Any, status_code: int = 200) -> JSONResponse:
    return JSONResponse(content, status_code=status_code)


def empty_response(status_code: int = 200) -> Response:
    return Response(status_code=status_code)
