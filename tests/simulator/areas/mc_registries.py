"""Container registries: `GET /mc/registries` and `GET /mc/registries/{registryId}`."""

from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request

from ..auth import require_access_key
from ..ids import new_id, next_int_id, utc_now
from ..pagination import cursor_page
from ..responses import json_response
from ..state import SimulatorState
from .base import find_record, state_of

router = APIRouter(prefix="/mc/registries", tags=["Container registries"], dependencies=[Depends(require_access_key)])

_NULLABLE_FIELDS = ("accountId", "userId", "userName", "firstPasswordSymbols", "lastPasswordSymbols")


def fill_registries(registries: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    next_id = next_int_id(registry["id"] for registry in registries if isinstance(registry.get("id"), int))
    for registry in registries:
        if "id" not in registry:
            registry["id"] = next_id
            next_id += 1
        for name in _NULLABLE_FIELDS:
            registry.setdefault(name, None)
        registry.setdefault("namespaceId", new_id())
        registry.setdefault("displayName", f"registry-{registry['id']}")
        registry.setdefault("hostName", "docker.io")
        registry.setdefault("isPublic", False)
        registry.setdefault("isPlatformManaged", False)
        registry.setdefault("createdAt", utc_now())
        registry.setdefault("lastUpdatedAt", registry["createdAt"])
    return registries


@router.get("")
async def list_registries(
    request: Request,
    next_cursor: Optional[str] = Query(default=None, alias="nextCursor"),
    limit: int = Query(default=20, ge=1, le=1000),
):
    state = state_of(request)
    with state.lock:
        return json_response(cursor_page(state.registries, next_cursor, limit))


@router.get("/{registryId}")
async def get_registry(request: Request, registryId: int):
    state = state_of(request)
    with state.lock:
        return json_response(find_record(state.registries, registryId, f"Container registry {registryId} was not found.", key="id"))
