"""Identifiers and timestamps the simulator generates for new resources."""

import secrets
import string
import uuid
from datetime import datetime, timezone
from typing import Iterable

_ID_ALPHABET = string.ascii_letters + string.digits


def new_id(length: int = 12) -> str:
    """A short random alphanumeric id, the style Magic Containers uses for apps and templates."""
    return "".join(secrets.choice(_ID_ALPHABET) for _position in range(length))


def new_numeric_id() -> int:
    """A random seven-digit id, for numeric ids the platform creates on the side (pull zones)."""
    return 1_000_000 + secrets.randbelow(9_000_000)


def new_guid() -> str:
    return str(uuid.uuid4())


def next_int_id(existing: Iterable[int]) -> int:
    """One more than the largest integer id in use, so fixture ids never collide with generated ones."""
    return max(existing, default=0) + 1


def utc_now() -> str:
    """The current time as an ISO 8601 UTC string with a `Z` suffix."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
