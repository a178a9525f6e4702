"""Cursor pagination as the Magic Containers lists use it: `items`, `meta.totalItems`, `cursor`."""

import base64
import binascii
from typing import Any, Dict, List, Optional

from .errors import invalid

_CURSOR_PREFIX = "offset:"


def _encode(offset: int) -> str:
    return base64.urlsafe_b64encode(f"{_CURSOR_PREFIX}{offset}".encode()).decode()


def _decode(cursor: str) -> int:
    try:
        text = base64.urlsafe_b64decode(cursor.encode()).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        text = ""
    if not text.startswith(_CURSOR_PREFIX) or not text[len(_CURSOR_PREFIX) :].isdigit():
        raise invalid("nextCursor", "The cursor is not one this server issued.")
    return int(text[len(_CURSOR_PREFIX) :])


def cursor_page(items: List[Dict[str, Any]], next_cursor: Optional[str], limit: int) -> Dict[str, Any]:
    """One page of `items`; `cursor` is what to send as `nextCursor` for the next page, or null on the last."""
    start = _decode(next_cursor) if next_cursor else 0
    end = start + limit
    return {"items": items[start:end], "meta": {"totalItems": len(items)}, "cursor": _encode(end) if end < len(items) else None}
