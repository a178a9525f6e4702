"""The control API under `/_sim/`: fixtures, reset, request log, purge log, faults and settings.

The real API has none of this. These routes need no key, are never logged or faulted, and stay
out of the simulator's OpenAPI document so that fuzzing the API cannot reset the world.
"""

from typing import Type, TypeVar

from fastapi import APIRouter, Request
from pydantic import BaseModel, ValidationError

from .faults import FaultRuleRequest
from .recording import CONTROL_PREFIX
from .responses import empty_response, json_response
from .state import ClockAdvance, Fixtures, SettingsUpdate, SimulatorState
from .validation import field_errors

router = APIRouter(prefix=CONTROL_PREFIX, include_in_schema=False)

ModelT = TypeVar("ModelT", bound=BaseModel)


def _state(request: Request) -> SimulatorState:
    return request.app.state.simulator


class ControlRequestRefused(Exception):
    def __init__(self, exc: ValidationError):
        super().__init__("invalid control request")
        self.response = json_response({"detail": "The control request is not valid.", "errors": field_errors(exc.errors())}, 400)


async def _body_as(request: Request, model: Type[ModelT]) -> ModelT:
    raw = await request.body()
    try:
        return model.model_validate_json(raw if raw.strip() else b"{}")
    except ValidationError as exc:
        raise ControlRequestRefused(exc) from None


async def refused_response(request: Request, exc: ControlRequestRefused):
    return exc.response


@router.post("/fixtures")
async def load_fixtures(request: Request):
    counts = _state(request).load_fixtures(await _body_as(request, Fixtures))
    return json_response({"loaded": counts})


@router.post("/reset")
async def reset(request: Request):
    _state(request).reset()
    return empty_response(204)


@router.get("/requests")
async def read_request_log(request: Request):
    return json_response(_state(request).logged_requests())


@router.delete("/requests")
async def clear_request_log(request: Request):
    _state(request).clear_request_log()
    return empty_response(204)


@router.get("/stats")
async def read_request_stats(request: Request):
    return json_response(_state(request).stats.describe())


@router.get("/purges")
async def read_purges(request: Request):
    state = _state(request)
    with state.lock:
        return json_response(list(state.purges))


@router.delete("/purges")
async def clear_purges(request: Request):
    state = _state(request)
    with state.lock:
        state.purges.clear()
    return empty_response(204)


@router.post("/faults")
async def add_fault(request: Request):
    rule = _state(request).add_fault(await _body_as(request, FaultRuleRequest))
    return json_response(rule.describe(), 201)


@router.get("/faults")
async def list_faults(request: Request):
    return json_response(_state(request).faults.describe())


@router.delete("/faults")
async def clear_faults(request: Request):
    _state(request).faults.clear()
    return empty_response(204)


@router.get("/settings")
async def read_settings(request: Request):
    return json_response(_state(request).settings.model_dump())


@router.post("/settings")
async def update_settings(request: Request):
    settings = _state(request).update_settings(await _body_as(request, SettingsUpdate))
    return json_response(settings.model_dump())


@router.post("/clock")
async def advance_clock(request: Request):
    """Move the clock of time-driven states on (`{"seconds": 30}`), as if that much time had passed."""
    advanced = _state(request).advance_clock((await _body_as(request, ClockAdvance)).seconds)
    return json_response({"advanced_seconds": advanced})
