"""Error bodies of the management API.

Handlers raise `ApiError` without knowing which body shape their area uses; the application's
exception handler renders it with the `ErrorStyle` registered for the request's path prefix.
The body builders (`problem_details`, `error_details`, `legacy_error`, `shield_envelope`) are
public so an area can also put them in a success response (Shield answers errors with 2xx).
"""

from http import HTTPStatus
from typing import Any, Dict, List, Optional

from starlette.responses import JSONResponse

FieldError = Dict[str, Optional[str]]

VALIDATION_TITLE = "One or more validation errors occurred."


class ApiError(Exception):
    """An error answer: status, a human message, and the field-level problems when there are any.

    `key` is the machine-readable error key of the legacy and Shield shapes (for example
    `pullzone.hostname_already_registered`); `resource_id` fills ErrorDetails' `id` extension.
    """

    def __init__(
        self,
        status: int,
        message: str,
        *,
        errors: Optional[List[FieldError]] = None,
        key: Optional[str] = None,
        resource_id: Optional[str] = None,
        headers: Optional[Dict[str, str]] = None,
    ):
        super().__init__(message)
        self.status = status
        self.message = message
        self.errors = errors or []
        self.key = key
        self.resource_id = resource_id
        self.headers = headers


def field_error(field: Optional[str], message: str) -> FieldError:
    return {"field": field, "message": message}


def invalid(field: Optional[str], message: str, status: int = 400) -> ApiError:
    """A validation failure about one field, the most common error a handler raises."""
    return ApiError(status, VALIDATION_TITLE, errors=[field_error(field, message)])


def status_phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def problem_details(status: int, title: str, detail: Optional[str] = None, instance: Optional[str] = None) -> Dict[str, Any]:
    return {"type": "about:blank", "title": title, "status": status, "detail": detail, "instance": instance}


def error_details(
    status: int,
    title: str,
    detail: Optional[str] = None,
    instance: Optional[str] = None,
    errors: Optional[List[FieldError]] = None,
    resource_id: Optional[str] = None,
) -> Dict[str, Any]:
    return {"title": title, "status": status, "detail": detail, "instance": instance, "errors": errors or None, "id": resource_id}


def legacy_error(key: str, field: str, message: str) -> Dict[str, str]:
    return {"ErrorKey": key, "Field": field, "Message": message}


def shield_envelope(data: Any, *, status: int = 200, error_key: Optional[str] = None, message: Optional[str] = None) -> Dict[str, Any]:
    """Shield's body for every answer: `error.success` is false exactly when an error key is given.

    `status` is the HTTP status of the answer, which the vendor repeats as `error.statusCode`.
    """
    return {"error": {"statusCode": status, "success": error_key is None, "message": message, "errorKey": error_key}, "data": data}


_STATUS_KEYS = {
    400: "validation_error",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    415: "unsupported_media_type",
    422: "unprocessable_entity",
    429: "too_many_requests",
}


def default_error_key(status: int) -> str:
    return _STATUS_KEYS.get(status, "internal_error" if status >= 500 else "error")


class ErrorStyle:
    """Renders an `ApiError` as one area's error body. This base class answers ProblemDetails."""

    def body(self, error: ApiError, instance: str) -> Dict[str, Any]:
        return problem_details(error.status, status_phrase(error.status), error.message, instance)

    def response(self, error: ApiError, instance: str) -> JSONResponse:
        return JSONResponse(self.body(error, instance), status_code=error.status, headers=error.headers)


class MagicContainersStyle(ErrorStyle):
    """ProblemDetails for authentication, routing and media-type failures; ErrorDetails for the rest."""

    problem_statuses = frozenset({401, 404, 405, 415})

    def body(self, error: ApiError, instance: str) -> Dict[str, Any]:
        if error.status in self.problem_statuses:
            return super().body(error, instance)
        if error.errors:
            return error_details(error.status, VALIDATION_TITLE, None, instance, error.errors, error.resource_id)
        return error_details(error.status, status_phrase(error.status), error.message, instance, None, error.resource_id)


class LegacyStyle(ErrorStyle):
    """`{ErrorKey, Field, Message}` of the edge script, pull zone and video library areas.

    The shape has room for one field only, so the first field problem is reported.
    """

    def body(self, error: ApiError, instance: str) -> Dict[str, Any]:
        key = error.key or default_error_key(error.status)
        if error.errors:
            first = error.errors[0]
            return legacy_error(key, first["field"] or "", first["message"] or error.message)
        return legacy_error(key, "", error.message)


class ShieldStyle(ErrorStyle):
    """Shield's envelope, except for 401 which, like the rest of the platform, is ProblemDetails."""

    def body(self, error: ApiError, instance: str) -> Dict[str, Any]:
        if error.status == 401:
            return super().body(error, instance)
        message = error.message
        if error.errors:
            message = "; ".join(f"{item['field']}: {item['message']}" if item["field"] else item["message"] for item in error.errors)
        return shield_envelope(None, status=error.status, error_key=error.key or default_error_key(error.status), message=message)
