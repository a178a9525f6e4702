"""The `AccessKey` header check, as FastAPI dependencies that an area puts on its routes."""

from typing import Optional

from fastapi import Depends, Request, Security
from fastapi.security import APIKeyHeader

from .errors import ApiError

access_key_header = APIKeyHeader(name="AccessKey", auto_error=False, description="The account's API key.")


async def require_access_key(request: Request, key: Optional[str] = Security(access_key_header)) -> str:
    """Any known key passes, a suspended one too: only some endpoints refuse suspended accounts."""
    if key is None:
        raise ApiError(401, "The AccessKey header is missing.")
    state = request.app.state.simulator
    if key not in state.known_keys:
        raise ApiError(401, "The AccessKey is not valid.")
    if state.account_closed:
        raise ApiError(401, "The account of this AccessKey is closed.")
    return key


async def require_active_account(request: Request, key: str = Depends(require_access_key)) -> str:
    """For the endpoints where the contract says a suspended account or invalid card gives 403."""
    if key in request.app.state.simulator.suspended_keys:
        raise ApiError(403, "The account is suspended or its payment card is invalid.")
    return key
