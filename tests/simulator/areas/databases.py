"""Bunny Database under `/database`: the `v2` databases, their tokens, usage and statistics, and the region list.

The vendor serves its Database API at `https://api.bunny.net/database` (the Terraform provider
reaches the same `v2` operations under `/edgedb`), so the simulator serves it under `/database` of
its one address, from `database-api.json`:

- `GET|POST /database/v2/databases` (pages of `page`/`per_page` and a `search` over the names),
  `GET|PATCH|DELETE /database/v2/databases/{db_id}`;
- `PUT /database/v2/databases/{db_id}/auth/generate` and `POST .../auth/revoke`;
- `GET /database/v2/databases/{db_id}/usage`, `.../statistics` and `/database/v2/databases/active_usage`;
- `GET /database/v1/config` (the storage, primary and replica regions) and `/database/v1/config/limits`.

Errors are the vendor's `AppError`, `{error, details}`. A token is opaque: each generation gives a
new one, and the simulator remembers every token it gave (`state.database_tokens`), so that a test
can ask `GET /_sim/databases/tokens` which are still valid. A revoke invalidates every token the
database has; a deleted database's tokens die with it. The setting `database_token_marker` puts a
word into every new token (the integration run's leak scan looks for `LEAKCANARY`).

Stored databases are in the shape `Database2` reads, with the simulator's own keys (`_activity`:
rows read and written per hour and the latency, from which usage and statistics are computed;
`_created`) beside it, which no answer shows.
"""

import base64
import copy
import json
import secrets
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request

from ..auth import require_access_key
from ..errors import ApiError, ErrorStyle
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import Area, state_of

PREFIX = "/database"
CreateRequest = vendor_request_model("database", "CreateDatabaseV2Payload")
UpdateRequest = vendor_request_model("database", "UpdateDatabaseV2Payload")
GenerateRequest = vendor_request_model("database", "GenerateTokenDatabaseV2Payload")

# The vendor's name rule: "less than 64 characters".
NAME_MAX = 63
# A page holds at most this many databases, whatever per_page asks; 0 (the vendor's default) means this many.
PAGE_SIZE = 100
# The vendor documents the search pattern as `^[a-zA-Z0-9]$` (one character); letters and digits is its evident intent.
SEARCH_PATTERN = "^[a-zA-Z0-9]+$"
# Statistics come in hourly buckets; a window longer than this is refused rather than answered with thousands of points.
MAX_STATISTICS_HOURS = 24 * 31
# The size limit of a database on the plans the simulator stands for.
SIZE_MAX_BYTES = 1024**3

# Crockford's base32, which ULIDs use: a database ID is `db_` and a ULID.
_ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

# The regions of the vendor's PossibleRegion: name, latitude, longitude, group, country.
REGIONS = {
    "AMS": ("Amsterdam", 52.37, 4.9, "EU", "NL"),
    "ASB": ("Ashburn", 39.04, -77.49, "NA", "US"),
    "AT": ("Vienna", 48.21, 16.37, "EU", "AT"),
    "BE": ("Brussels", 50.85, 4.35, "EU", "BE"),
    "BO": ("Boston", 42.36, -71.06, "NA", "US"),
    "BR": ("Sao Paulo", -23.55, -46.63, "SA", "BR"),
    "BU": ("Bucharest", 44.43, 26.1, "EU", "RO"),
    "CA": ("Toronto", 43.65, -79.38, "NA", "CA"),
    "CO": ("Bogota", 4.71, -74.07, "SA", "CO"),
    "CZ": ("Prague", 50.08, 14.44, "EU", "CZ"),
    "DE": ("Frankfurt", 50.11, 8.68, "EU", "DE"),
    "DEN": ("Denver", 39.74, -104.99, "NA", "US"),
    "DK": ("Copenhagen", 55.68, 12.57, "EU", "DK"),
    "ES": ("Madrid", 40.42, -3.7, "EU", "ES"),
    "FR": ("Paris", 48.86, 2.35, "EU", "FR"),
    "GA": ("Atlanta", 33.75, -84.39, "NA", "US"),
    "GR": ("Athens", 37.98, 23.73, "EU", "GR"),
    "HK": ("Hong Kong", 22.32, 114.17, "ASIA", "HK"),
    "HR": ("Zagreb", 45.81, 15.98, "EU", "HR"),
    "ID": ("Jakarta", -6.21, 106.85, "ASIA", "ID"),
    "IL": ("Chicago", 41.88, -87.63, "NA", "US"),
    "ISR": ("Tel Aviv", 32.09, 34.78, "ASIA", "IL"),
    "IT": ("Milan", 45.46, 9.19, "EU", "IT"),
    "JH": ("Johannesburg", -26.2, 28.05, "AF", "ZA"),
    "JP": ("Tokyo", 35.68, 139.69, "ASIA", "JP"),
    "LA": ("Los Angeles", 34.05, -118.24, "NA", "US"),
    "MI": ("Miami", 25.76, -80.19, "NA", "US"),
    "MX": ("Mexico City", 19.43, -99.13, "NA", "MX"),
    "MY": ("Kuala Lumpur", 3.14, 101.69, "ASIA", "MY"),
    "NG": ("Lagos", 6.52, 3.38, "AF", "NG"),
    "NY": ("New York", 40.71, -74.01, "NA", "US"),
    "PH": ("Manila", 14.6, 120.98, "ASIA", "PH"),
    "PL": ("Warsaw", 52.23, 21.01, "EU", "PL"),
    "SE": ("Stockholm", 59.33, 18.07, "EU", "SE"),
    "SG": ("Singapore", 1.35, 103.82, "ASIA", "SG"),
    "SIL": ("San Jose", 37.34, -121.89, "NA", "US"),
    "SYD": ("Sydney", -33.87, 151.21, "OC", "AU"),
    "TH": ("Bangkok", 13.76, 100.5, "ASIA", "TH"),
    "TR": ("Istanbul", 41.01, 28.98, "EU", "TR"),
    "TX": ("Dallas", 32.78, -96.8, "NA", "US"),
    "UK": ("London", 51.51, -0.13, "EU", "GB"),
    "WA": ("Seattle", 47.61, -122.33, "NA", "US"),
}
# Regions that only hold replicas: a primary there is refused.
REPLICA_ONLY = frozenset(("ID", "JH", "MY", "NG", "PH", "TH"))
PRIMARY_REGIONS = tuple(region for region in REGIONS if region not in REPLICA_ONLY)
STORAGE_REGIONS = (
    ("us-east-1", "US East", "NA"),
    ("us-west-1", "US West", "NA"),
    ("eu-central-1", "Europe Central", "EU"),
    ("ap-southeast-1", "Asia Southeast", "ASIA"),
    ("ap-southeast-2", "Oceania", "OC"),
    ("sa-east-1", "South America East", "SA"),
    ("af-south-1", "Africa South", "AF"),
)
STORAGE_REGION_IDS = tuple(region_id for region_id, _name, _group in STORAGE_REGIONS)

# What a database does in an hour when a fixture says nothing: a new one has done nothing yet.
NO_ACTIVITY = {"rows_read_per_hour": 0, "rows_written_per_hour": 0, "latency_ms": 0.0}

router = APIRouter(prefix=PREFIX, tags=["Database"], dependencies=[Depends(require_access_key)])
control_router = APIRouter(prefix="/_sim/databases", include_in_schema=False)


class DatabaseStyle(ErrorStyle):
    """The vendor's AppError: `{error, details}`; field problems go into the sentence and, as a list, into `details`."""

    def body(self, error: ApiError, instance: str) -> Dict[str, Any]:
        message = error.message
        if error.errors:
            message = "%s: %s" % (message.rstrip("."), "; ".join(
                f"{item['field']}: {item['message']}" if item["field"] else item["message"] for item in error.errors))
        return {"error": message, "details": error.errors or None}


def _refuse(field: str, message: str, status: int = 400) -> ApiError:
    return ApiError(status, message, errors=[{"field": field, "message": message}])


# --- Records -----------------------------------------------------------------------------------------

def new_database_id() -> str:
    timestamp = int(time.time() * 1000)
    stamp = "".join(_ULID_ALPHABET[(timestamp >> shift) & 31] for shift in range(45, -5, -5))
    return "db_" + stamp + "".join(secrets.choice(_ULID_ALPHABET) for _position in range(16))


def database_url(database_id: str) -> str:
    return f"libsql://{database_id.lower().replace('_', '-')}.lite.bunnydb.net"


def _fill_database(database: Dict[str, Any]) -> Dict[str, Any]:
    database.setdefault("id", new_database_id())
    database.setdefault("name", database["id"])
    filled = {
        "name": database["name"],
        "id": database["id"],
        "url": database.get("url") or database_url(database["id"]),
        "block_reads": database.get("block_reads", False),
        "block_writes": database.get("block_writes", False),
        "size_max": database.get("size_max", str(SIZE_MAX_BYTES)),
        "current_size": database.get("current_size", "0"),
        "storage_region": database.get("storage_region", STORAGE_REGION_IDS[0]),
        "primary_regions": list(database.get("primary_regions", ["DE"])),
        "replicas_regions": list(database.get("replicas_regions", [])),
        "_activity": dict(NO_ACTIVITY, **(database.get("activity") or database.get("_activity") or {})),
        "_created": database.get("_created", time.time()),
    }
    return filled


def fill_databases(databases: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    return [_fill_database(database) for database in databases]


def read_model(database: Dict[str, Any]) -> Dict[str, Any]:
    return {name: copy.deepcopy(value) for name, value in database.items() if not name.startswith("_")}


def _find(state: SimulatorState, database_id: str) -> Dict[str, Any]:
    for database in state.databases:
        if database["id"] == database_id:
            return database
    raise ApiError(404, f"The database {database_id} was not found.")


def _check_regions(primary: Optional[List[str]], replicas: Optional[List[str]], current: Optional[Dict[str, Any]] = None) -> None:
    """The rules the vendor's model leaves to the service: a primary region at least, primaries where primaries can be, no region twice."""
    if primary is not None:
        if not primary:
            raise _refuse("primary_regions", "A database needs at least one primary region.")
        replica_only = [region for region in primary if region in REPLICA_ONLY]
        if replica_only:
            raise _refuse("primary_regions", f"{', '.join(replica_only)} can only hold replicas; GET /v1/config lists the primary regions.")
    for field, regions in (("primary_regions", primary), ("replicas_regions", replicas)):
        if regions is not None and len(set(regions)) != len(regions):
            raise _refuse(field, "A region is listed twice.")
    final_primary = primary if primary is not None else (current or {}).get("primary_regions", [])
    final_replicas = replicas if replicas is not None else (current or {}).get("replicas_regions", [])
    both = sorted(set(final_primary) & set(final_replicas))
    if both:
        raise _refuse("replicas_regions", f"{', '.join(both)} is already a primary region of the database.")


# --- Databases -------------------------------------------------------------------------------------

@router.get("/v2/databases")
async def list_databases(
    request: Request,
    page: int = Query(ge=1, le=2**32 - 1),
    per_page: int = Query(default=0, ge=0),
    search: Optional[str] = Query(default=None, pattern=SEARCH_PATTERN),
):
    """A page of the databases, oldest first; `search` matches any part of a name, without regard to case."""
    state = state_of(request)
    size = PAGE_SIZE if per_page == 0 else min(per_page, PAGE_SIZE)
    needle = search.lower() if search else None
    with state.lock:
        matches = [read_model(database) for database in state.databases if needle is None or needle in database["name"].lower()]
    start = (page - 1) * size
    return json_response({
        "databases": matches[start : start + size],
        "page_info": {"current_page": page, "total_items": len(matches), "has_more_items": start + size < len(matches)},
    })


@router.post("/v2/databases", openapi_extra=documented_body(CreateRequest))
async def create_database(request: Request):
    """Create a database; a name the account already has is a conflict (409). The answer is only the new ID."""
    body = (await read_body(request, CreateRequest)).model_dump()
    name = body["name"]
    if not name.strip():
        raise _refuse("name", "The name cannot be empty.")
    if len(name) > NAME_MAX:
        raise _refuse("name", f"The name must be less than {NAME_MAX + 1} characters.")
    if body["storage_region"] not in STORAGE_REGION_IDS:
        raise _refuse("storage_region", f"Unknown storage region {body['storage_region']!r}; GET /v1/config lists them.")
    _check_regions(body["primary_regions"], body["replicas_regions"])
    state = state_of(request)
    with state.lock:
        if any(database["name"] == name for database in state.databases):
            raise ApiError(409, f"A database named {name!r} already exists.")
        database = _fill_database({"id": new_database_id(), "name": name, "storage_region": body["storage_region"],
                                   "primary_regions": body["primary_regions"], "replicas_regions": body["replicas_regions"]})
        state.databases.append(database)
        return json_response({"db_id": database["id"]})


@router.get("/v2/databases/active_usage")
async def active_usage(request: Request):
    """How many databases there are, how many did anything, and what they store."""
    state = state_of(request)
    with state.lock:
        active = [database for database in state.databases if _is_active(database)]
        total_size = sum(int(database["current_size"]) for database in state.databases if database["current_size"].isdigit())
        return json_response({"active_db": len(active), "total_db": len(state.databases), "total_db_size": str(total_size)})


def _is_active(database: Dict[str, Any]) -> bool:
    activity = database["_activity"]
    return bool(activity["rows_read_per_hour"] or activity["rows_written_per_hour"])


@router.get("/v2/databases/{db_id}")
async def read_database(request: Request, db_id: str):
    state = state_of(request)
    with state.lock:
        return json_response({"db": read_model(_find(state, db_id))})


@router.patch("/v2/databases/{db_id}", openapi_extra=documented_body(UpdateRequest))
async def update_database(request: Request, db_id: str):
    """Set the primary and replica regions; a list sent as null (or left out) stays as it is."""
    body = (await read_body(request, UpdateRequest)).model_dump()
    state = state_of(request)
    with state.lock:
        database = _find(state, db_id)
        _check_regions(body.get("primary_regions"), body.get("replicas_regions"), database)
        for field in ("primary_regions", "replicas_regions"):
            if body.get(field) is not None:
                database[field] = list(body[field])
        return json_response({"db": read_model(database)})


@router.delete("/v2/databases/{db_id}")
async def delete_database(request: Request, db_id: str):
    """Delete the database; its tokens stop working with it."""
    state = state_of(request)
    with state.lock:
        database = _find(state, db_id)
        state.databases.remove(database)
        _revoke(state, db_id)
        return json_response({"db_id": db_id})


# --- Tokens ----------------------------------------------------------------------------------------

def _b64(data: Dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode().rstrip("=")


def _parse_time(value: str, field: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise _refuse(field, f"{value!r} is not an RFC 3339 date-time.") from None
    if parsed.tzinfo is None:
        raise _refuse(field, f"{value!r} has no time zone; RFC 3339 date-times end in Z or an offset.")
    return parsed.astimezone(timezone.utc)


def _rfc3339(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _revoke(state: SimulatorState, database_id: str) -> None:
    now = _rfc3339(datetime.now(timezone.utc))
    for token in state.database_tokens:
        if token["database_id"] == database_id and token["revoked_at"] is None:
            token["revoked_at"] = now


@router.put("/v2/databases/{db_id}/auth/generate", openapi_extra=documented_body(GenerateRequest))
async def generate_token(request: Request, db_id: str):
    """A new token each time; the ones given before stay valid until a revoke or their expiry."""
    body = (await read_body(request, GenerateRequest)).model_dump()
    expires_at = None
    if body.get("expires_at") is not None:
        expiry = _parse_time(body["expires_at"], "expires_at")
        if expiry <= datetime.now(timezone.utc):
            raise _refuse("expires_at", "The expiry date is in the past.")
        expires_at = _rfc3339(expiry)
    state = state_of(request)
    with state.lock:
        _find(state, db_id)
        issued = datetime.now(timezone.utc)
        header = _b64({"alg": "EdDSA", "typ": "JWT"})
        claims = {"a": "rw" if body["authorization"] == "full-access" else "ro", "id": db_id, "iat": int(issued.timestamp())}
        if expires_at is not None:
            claims["exp"] = int(_parse_time(expires_at, "expires_at").timestamp())
        signature = state.settings.database_token_marker + secrets.token_urlsafe(32)
        token = f"{header}.{_b64(claims)}.{signature}"
        state.database_tokens.append({
            "token": token, "database_id": db_id, "authorization": body["authorization"], "expires_at": expires_at,
            "issued_at": _rfc3339(issued), "revoked_at": None,
        })
        return json_response({"token": token, "expires_at": expires_at})


@router.post("/v2/databases/{db_id}/auth/revoke")
async def revoke_tokens(request: Request, db_id: str):
    """Every token of the database stops working, whichever authorization it has; a token generated afterwards works."""
    state = state_of(request)
    with state.lock:
        _find(state, db_id)
        _revoke(state, db_id)
    return empty_response(204)


def token_valid(token: Dict[str, Any], databases: List[Dict[str, Any]]) -> bool:
    if token["revoked_at"] is not None or not any(database["id"] == token["database_id"] for database in databases):
        return False
    return token["expires_at"] is None or _parse_time(token["expires_at"], "expires_at") > datetime.now(timezone.utc)


@control_router.get("/tokens")
async def list_tokens(request: Request):
    """Every token the simulator gave, oldest first, with whether it is valid now (control API, for tests)."""
    state = state_of(request)
    with state.lock:
        return json_response([dict(token, valid=token_valid(token, state.databases)) for token in state.database_tokens])


# --- Usage and statistics -----------------------------------------------------------------------------

def _window(start: str, end: str):
    begin, finish = _parse_time(start, "from"), _parse_time(end, "to")
    if finish < begin:
        raise _refuse("to", "The end of the period is before its start.")
    return begin, finish


def _hours(begin: datetime, finish: datetime) -> List[datetime]:
    hour = begin.replace(minute=0, second=0, microsecond=0)
    hours = []
    while hour <= finish:
        hours.append(hour)
        hour += timedelta(hours=1)
    return hours


@router.get("/v2/databases/{db_id}/usage")
async def database_usage(request: Request, db_id: str, start: str = Query(alias="from"), end: str = Query(alias="to")):
    """Rows read and written in the period (the database's hourly activity times the hours), and the average latency."""
    begin, finish = _window(start, end)
    state = state_of(request)
    with state.lock:
        activity = _find(state, db_id)["_activity"]
    hours = (finish - begin).total_seconds() / 3600
    return json_response({
        "rows_read": int(activity["rows_read_per_hour"] * hours),
        "rows_written": int(activity["rows_written_per_hour"] * hours),
        "avg_latency_ms": float(activity["latency_ms"]),
    })


@router.get("/v2/databases/{db_id}/statistics")
async def database_statistics(request: Request, db_id: str, start: str = Query(alias="from"), end: str = Query(alias="to")):
    """Hourly buckets, each named by the hour it starts; the latency per primary region."""
    begin, finish = _window(start, end)
    hours = _hours(begin, finish)
    if len(hours) > MAX_STATISTICS_HOURS:
        raise _refuse("from", f"The period covers {len(hours)} hours; at most {MAX_STATISTICS_HOURS} can be asked for at once.")
    state = state_of(request)
    with state.lock:
        database = copy.deepcopy(_find(state, db_id))
    activity = database["_activity"]
    stamps = [_rfc3339(hour) for hour in hours]
    megabytes = int(database["current_size"]) / 1024**2 if database["current_size"].isdigit() else 0.0

    def chart(unit: str, value: float) -> Dict[str, Any]:
        return {"unit": unit, "data": [[stamp, float(value)] for stamp in stamps], "diff": None}

    reads, writes = activity["rows_read_per_hour"], activity["rows_written_per_hour"]
    return json_response({
        "row_read_count": chart("NoUnit", reads),
        "row_write_count": chart("NoUnit", writes),
        # Writes that reach a replica are handed to a primary.
        "delegated_write_requests": chart("NoUnit", writes if database["replicas_regions"] else 0),
        "storage": chart("megabyte", round(megabytes, 3)),
        "latency": {"unit": "milliseconds", "data": {
            region: {"data": [[stamp, float(activity["latency_ms"])] for stamp in stamps], "diff": None}
            for region in database["primary_regions"]}},
        "query_count": chart("NoUnit", reads + writes),
    })


# --- Configuration -----------------------------------------------------------------------------------

def _region(region_id: str) -> Dict[str, Any]:
    name, latitude, longitude, group, country = REGIONS[region_id]
    return {"id": region_id, "name": name, "latitude": latitude, "longitude": longitude, "group": group, "country": {"alpha2": country}}


@router.get("/v1/config")
async def list_config():
    """The storage regions, and the regions that can hold a primary or a replica."""
    return json_response({
        "storage_region_available": [{"id": region_id, "name": name, "group": group} for region_id, name, group in STORAGE_REGIONS],
        "primary_regions": [_region(region) for region in PRIMARY_REGIONS],
        "replica_regions": [_region(region) for region in REGIONS],
    })


# How many databases an account may have.
MAX_DATABASES = 50


@router.get("/v1/config/limits")
async def config_limits(request: Request):
    state = state_of(request)
    with state.lock:
        return json_response({"current_databases": len(state.databases), "max_databases": MAX_DATABASES})


AREA = Area(
    name="databases",
    prefix=PREFIX,
    error_style=DatabaseStyle(),
    routers=(router,),
    fixture_fillers={"databases": fill_databases},
    control_routers=(control_router,),
)
