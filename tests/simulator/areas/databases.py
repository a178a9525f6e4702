"""Bunny Database under `/database`: every operation of the vendor's document.

The vendor serves its Database API at `https://api.bunny.net/database` (the Terraform provider
reaches the same `v2` operations under `/edgedb`), so the simulator serves it under `/database` of
its one address, from `database-api.json`:

- `v2`, the databases the collection's modules manage: `GET|POST /database/v2/databases` (pages
  of `page`/`per_page` and a `search` over the names), `GET|PATCH|DELETE .../{db_id}`, the tokens
  (`PUT .../auth/generate`, `POST .../auth/revoke`), `.../usage`, `.../statistics` and
  `/database/v2/databases/active_usage`;
- `v1`, the earlier generation: database groups (`/v1/groups`, with the regions) and the
  databases in them (`/v1/databases`, named by a slug), their statistics, usage and tokens, the
  versions of a database, its restore and fork, and the live status of databases and groups;
- `GET /database/v1/config` (the storage, primary and replica regions), `.../optimal`,
  `.../optimal_single` and `.../limits`;
- each database's own SQL endpoint (`https://<host>/v2/pipeline`), under `/sql/<host>`, which
  tells a working token from a revoked, expired or unknown one (401) and runs no SQL.

The document says nothing of how the two generations relate, so the simulator keeps them apart:
a `v1` database is in a group and in no `v2` list, a `v2` database in no group.

Errors are the vendor's `AppError`, `{error, details}`. A token is opaque: each generation gives a
new one, and the simulator remembers every token it gave (`state.database_tokens`), so that a test
can ask `GET /_sim/databases/tokens` which are still valid. A revoke invalidates every token the
database (or the group, its databases' included) has; a deleted database's or group's tokens die
with it. The setting `database_token_marker` puts a word into every new token (the integration
run's leak scan looks for `LEAKCANARY`).

Stored databases are in the shape `Database2` (`v2`) or `Database` (`v1`, without the group's id
and name, which a read adds) reads, groups in the shape of `DatabaseGroup` with their databases
under `_databases`; the simulator's own keys (`_activity`: rows read and written per hour and the
latency, from which usage and statistics are computed; `_created`; a `v1` database's
`_generations`) are beside them, and no answer shows them.
"""

import base64
import copy
import json
import math
import secrets
import time
import uuid
from datetime import date, datetime, timedelta, timezone
from typing import Any, Dict, Iterable, List, Optional, Tuple

from fastapi import APIRouter, Depends, Header, Query, Request

from ..auth import require_access_key
from ..errors import ApiError, ErrorStyle
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import Area, state_of

PREFIX = "/database"
# Each database's own SQL endpoint is a host of its own; the simulator serves them under this prefix, by host.
SQL_PREFIX = "/sql"
CreateRequest = vendor_request_model("database", "CreateDatabaseV2Payload")
UpdateRequest = vendor_request_model("database", "UpdateDatabaseV2Payload")
GenerateRequest = vendor_request_model("database", "GenerateTokenDatabaseV2Payload")
CreateGroupRequest = vendor_request_model("database", "CreateDatabaseGroupPayload")
UpdateGroupRequest = vendor_request_model("database", "UpdateDatabaseGroupPayload")
GenerateGroupTokenRequest = vendor_request_model("database", "GenerateTokenDatabaseGroupPayload")
CreateGroupDatabaseRequest = vendor_request_model("database", "CreateDatabasePayload")
ListVersionsRequest = vendor_request_model("database", "ListVersionsDatabaseGroupPayload")
RestoreRequest = vendor_request_model("database", "RestoreVersionDatabasePayload")
ForkRequest = vendor_request_model("database", "ForkDatabasePayload")
GenerateGroupDatabaseTokenRequest = vendor_request_model("database", "GenerateTokenDatabasePayload")
LiveDatabasesRequest = vendor_request_model("database", "LiveMetricsForDBPayload")
LiveGroupsRequest = vendor_request_model("database", "LiveMetricsForGroupPayload")

# The vendor's name rule: "less than 64 characters" (a v1 group's display name and, by the same rule, a v1 database's slug).
NAME_MAX = 63
# A page holds at most this many databases, whatever per_page asks; 0 (the vendor's default) means this many.
PAGE_SIZE = 100
# The vendor documents the search pattern as `^[a-zA-Z0-9]$` (one character); letters and digits is its evident intent.
SEARCH_PATTERN = "^[a-zA-Z0-9]+$"
# The vendor's CDNServerToken, `(.*)-(.*)-(.*)`, matched as a whole: three parts joined by dashes.
CDN_SERVER_TOKEN_PATTERN = "^(.*)-(.*)-(.*)$"
# Statistics come in hourly buckets; a window longer than this is refused rather than answered with thousands of points.
MAX_STATISTICS_HOURS = 24 * 31
# The size limit of a database on the plans the simulator stands for.
SIZE_MAX_BYTES = 1024**3
# The libSQL version a v1 database reports: the simulator's own value, the document gives none.
LIBSQL_VERSION = "0.24.32"
# The region the optimal configuration is computed from when the CDN server token names none.
DEFAULT_REGION = "DE"

# Crockford's base32, which ULIDs use: a database ID is `db_` and a ULID, a group ID (the simulator's own form) `group_` and one.
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

# Where each storage region is (latitude, longitude), for the optimal configuration's nearest one.
STORAGE_REGION_LOCATIONS = {
    "us-east-1": (38.9, -77.04),
    "us-west-1": (37.34, -121.89),
    "eu-central-1": (50.11, 8.68),
    "ap-southeast-1": (1.35, 103.82),
    "ap-southeast-2": (-33.87, 151.21),
    "sa-east-1": (-23.55, -46.63),
    "af-south-1": (-33.92, 18.42),
}

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

def _ulid() -> str:
    timestamp = int(time.time() * 1000)
    stamp = "".join(_ULID_ALPHABET[(timestamp >> shift) & 31] for shift in range(45, -5, -5))
    return stamp + "".join(secrets.choice(_ULID_ALPHABET) for _position in range(16))


def new_database_id() -> str:
    return "db_" + _ulid()


def new_group_id() -> str:
    return "group_" + _ulid()


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


def _created_at(record: Dict[str, Any]) -> float:
    """When a fixture's record was created: its RFC 3339 `created_at`, else now."""
    if record.get("_created") is not None:
        return record["_created"]
    if record.get("created_at"):
        return _parse_time(record["created_at"], "created_at").timestamp()
    return time.time()


def _fill_group_database(database: Dict[str, Any]) -> Dict[str, Any]:
    database.setdefault("id", new_database_id())
    created = _created_at(database)
    first_generation = [{"created_at": _rfc3339(datetime.fromtimestamp(created, timezone.utc)), "generation": str(uuid.uuid4())}]
    return {
        "name": database.get("name", database["id"]),
        "id": database["id"],
        "url": database.get("url") or database_url(database["id"]),
        "block_reads": database.get("block_reads", False),
        "block_writes": database.get("block_writes", False),
        "allow_attach": database.get("allow_attach", False),
        "is_schema": database.get("is_schema", False),
        "schema": database.get("schema"),
        "version": database.get("version", LIBSQL_VERSION),
        "size_max": database.get("size_max", str(SIZE_MAX_BYTES)),
        "current_size": database.get("current_size", "0"),
        "_activity": dict(NO_ACTIVITY, **(database.get("activity") or database.get("_activity") or {})),
        "_created": created,
        "_generations": copy.deepcopy(database.get("generations") or database.get("_generations") or first_generation),
    }


def _fill_group(group: Dict[str, Any]) -> Dict[str, Any]:
    group.setdefault("id", new_group_id())
    return {
        "id": group["id"],
        "name": group.get("name", group["id"]),
        "storage_region": group.get("storage_region", STORAGE_REGION_IDS[0]),
        "primary_regions": list(group.get("primary_regions", ["DE"])),
        "replicas_regions": list(group.get("replicas_regions", [])),
        "_created": _created_at(group),
        "_databases": [_fill_group_database(database) for database in group.get("databases") or group.get("_databases") or []],
    }


def fill_groups(groups: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    return [_fill_group(group) for group in groups]


def read_model(database: Dict[str, Any]) -> Dict[str, Any]:
    return {name: copy.deepcopy(value) for name, value in database.items() if not name.startswith("_")}


def _group_database_model(group: Dict[str, Any], database: Dict[str, Any]) -> Dict[str, Any]:
    """A v1 database as the vendor's `Database` reads: its own properties and its group's id and name."""
    model = read_model(database)
    model.update(group_id=group["id"], group_name=group["name"])
    return model


def _find(state: SimulatorState, database_id: str) -> Dict[str, Any]:
    for database in state.databases:
        if database["id"] == database_id:
            return database
    raise ApiError(404, f"The database {database_id} was not found.")


def _find_group(state: SimulatorState, group_id: str) -> Dict[str, Any]:
    for group in state.database_groups:
        if group["id"] == group_id:
            return group
    raise ApiError(404, f"The database group {group_id} was not found.")


def _find_group_database(state: SimulatorState, database_id: str) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    for group in state.database_groups:
        for database in group["_databases"]:
            if database["id"] == database_id:
                return group, database
    raise ApiError(404, f"The database {database_id} was not found.")


def _check_name(field: str, name: str) -> None:
    if not name.strip():
        raise _refuse(field, "The name cannot be empty.")
    if len(name) > NAME_MAX:
        raise _refuse(field, f"The name must be less than {NAME_MAX + 1} characters.")


def _check_storage_region(storage_region: str) -> None:
    if storage_region not in STORAGE_REGION_IDS:
        raise _refuse("storage_region", f"Unknown storage region {storage_region!r}; GET /v1/config lists them.")


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


# --- Databases (v2) ----------------------------------------------------------------------------------

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
    _check_name("name", name)
    _check_storage_region(body["storage_region"])
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
        total_size = sum(_size_bytes(database) for database in state.databases)
        return json_response({"active_db": len(active), "total_db": len(state.databases), "total_db_size": str(total_size)})


def _is_active(database: Dict[str, Any]) -> bool:
    activity = database["_activity"]
    return bool(activity["rows_read_per_hour"] or activity["rows_written_per_hour"])


def _size_bytes(database: Dict[str, Any]) -> int:
    return int(database["current_size"]) if database["current_size"].isdigit() else 0


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
        _revoke(state, database_id=db_id)
        return json_response({"db_id": db_id})


# --- Tokens ----------------------------------------------------------------------------------------

def _b64(data: Dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode().rstrip("=")


def _parse_time(value: str, field: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
        if parsed.tzinfo is None:
            raise _refuse(field, f"{value!r} has no time zone; RFC 3339 date-times end in Z or an offset.")
        return parsed.astimezone(timezone.utc)
    except (ValueError, OverflowError):
        raise _refuse(field, f"{value!r} is not an RFC 3339 date-time.") from None


def _parse_date(value: Optional[str], field: str) -> Optional[date]:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise _refuse(field, f"{value!r} is not a date (YYYY-MM-DD).") from None


def _rfc3339(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _expiry(body: Dict[str, Any]) -> Optional[str]:
    """The token's expiry as the answer gives it, from the request's `expires_at`: a date in the past is refused."""
    if body.get("expires_at") is None:
        return None
    expiry = _parse_time(body["expires_at"], "expires_at")
    if expiry <= datetime.now(timezone.utc):
        raise _refuse("expires_at", "The expiry date is in the past.")
    return _rfc3339(expiry)


def _issue_token(state: SimulatorState, authorization: str, expires_at: Optional[str], database_id: Optional[str] = None,
                 group_id: Optional[str] = None) -> Dict[str, Any]:
    """A new token for a database (`database_id`, with `group_id` for a v1 one) or a whole v1 group (`group_id` alone)."""
    issued = datetime.now(timezone.utc)
    header = _b64({"alg": "EdDSA", "typ": "JWT"})
    claims: Dict[str, Any] = {"a": "rw" if authorization == "full-access" else "ro"}
    claims.update({"id": database_id} if database_id is not None else {"gid": group_id})
    claims["iat"] = int(issued.timestamp())
    if expires_at is not None:
        claims["exp"] = int(_parse_time(expires_at, "expires_at").timestamp())
    signature = state.settings.database_token_marker + secrets.token_urlsafe(32)
    token = f"{header}.{_b64(claims)}.{signature}"
    state.database_tokens.append({
        "token": token, "database_id": database_id, "group_id": group_id, "authorization": authorization, "expires_at": expires_at,
        "issued_at": _rfc3339(issued), "revoked_at": None,
    })
    return {"token": token, "expires_at": expires_at}


def _revoke(state: SimulatorState, database_id: Optional[str] = None, group_id: Optional[str] = None) -> None:
    """Every token of the database, or of the group (its databases' tokens included), stops working."""
    now = _rfc3339(datetime.now(timezone.utc))
    for token in state.database_tokens:
        if token["revoked_at"] is None and ((database_id is not None and token["database_id"] == database_id)
                                            or (group_id is not None and token["group_id"] == group_id)):
            token["revoked_at"] = now


@router.put("/v2/databases/{db_id}/auth/generate", openapi_extra=documented_body(GenerateRequest))
async def generate_token(request: Request, db_id: str):
    """A new token each time; the ones given before stay valid until a revoke or their expiry."""
    body = (await read_body(request, GenerateRequest)).model_dump()
    expires_at = _expiry(body)
    state = state_of(request)
    with state.lock:
        _find(state, db_id)
        return json_response(_issue_token(state, body["authorization"], expires_at, database_id=db_id))


@router.post("/v2/databases/{db_id}/auth/revoke")
async def revoke_tokens(request: Request, db_id: str):
    """Every token of the database stops working, whichever authorization it has; a token generated afterwards works."""
    state = state_of(request)
    with state.lock:
        _find(state, db_id)
        _revoke(state, database_id=db_id)
    return empty_response(204)


def _database_exists(state: SimulatorState, database_id: str) -> bool:
    return any(database["id"] == database_id for database in state.databases) or any(
        database["id"] == database_id for group in state.database_groups for database in group["_databases"])


def token_valid(token: Dict[str, Any], state: SimulatorState) -> bool:
    if token["revoked_at"] is not None:
        return False
    if token["database_id"] is not None:
        exists = _database_exists(state, token["database_id"])
    else:
        exists = any(group["id"] == token["group_id"] for group in state.database_groups)
    return exists and (token["expires_at"] is None or _parse_time(token["expires_at"], "expires_at") > datetime.now(timezone.utc))


# --- The SQL API of each database (Hrana over HTTP), for tokens ------------------------------------------

# The vendor documents the SQL API apart from the management API (the libSQL protocol), so it is no
# operation of the simulator's document, and no fuzzing of that document reaches it.
sql_router = APIRouter(prefix=SQL_PREFIX, include_in_schema=False)


def _host(url: str) -> str:
    return url.split("://", 1)[-1].split("/", 1)[0].lower()


@sql_router.post("/{host}/v2/pipeline")
async def pipeline(request: Request, host: str, authorization: Optional[str] = Header(default=None)):
    """A database's own endpoint, `https://<host>/v2/pipeline`, served as `/sql/<host>/v2/pipeline`.

    It authenticates as the service does: a token this database was given (or its group), neither
    revoked nor expired, passes; any other answers 401 before a statement runs. The simulator runs
    no SQL: `SELECT <integer>` answers that integer, other statements an error result, and a
    read-only token's write is refused as the service refuses it.
    """
    state = state_of(request)
    token = (authorization or "")[len("Bearer "):] if (authorization or "").startswith("Bearer ") else None
    with state.lock:
        database = next((database for database in state.databases if _host(database["url"]) == host.lower()), None)
        if database is None:
            database = next((database for group in state.database_groups for database in group["_databases"]
                             if _host(database["url"]) == host.lower()), None)
        if database is None:
            raise ApiError(404, f"No database is served at {host}.")
        group_id = next((group["id"] for group in state.database_groups if database in group["_databases"]), None)
        issued = next((issued for issued in state.database_tokens if issued["token"] == token), None)
        if issued is None or not token_valid(issued, state) or not (
                issued["database_id"] == database["id"] or (issued["database_id"] is None and issued["group_id"] == group_id)):
            raise ApiError(401, "Unauthorized: the token is not valid for this database.")
    body = await request.json()
    results = []
    for step in body.get("requests") or []:
        if step.get("type") == "close":
            results.append({"type": "ok", "response": {"type": "close"}})
            continue
        sql = ((step.get("stmt") or {}).get("sql") or "").strip().rstrip(";").strip()
        words = sql.split()
        if len(words) == 2 and words[0].upper() == "SELECT" and words[1].lstrip("-").isdigit():
            result = {"cols": [{"name": words[1], "decltype": None}], "rows": [[{"type": "integer", "value": words[1]}]],
                      "affected_row_count": 0, "last_insert_rowid": None, "rows_read": 0, "rows_written": 0}
            results.append({"type": "ok", "response": {"type": "execute", "result": result}})
        elif issued["authorization"] == "read-only" and words and words[0].upper() != "SELECT":
            results.append({"type": "error", "error": {"message": "SQLite error: attempt to write a readonly database", "code": "SQLITE_READONLY"}})
        else:
            results.append({"type": "error", "error": {"message": "The simulator runs only SELECT <integer>.", "code": "SQL_NOT_SUPPORTED"}})
    return json_response({"baton": None, "base_url": None, "results": results})


@control_router.get("/tokens")
async def list_tokens(request: Request):
    """Every token the simulator gave, oldest first, with whether it is valid now (control API, for tests)."""
    state = state_of(request)
    with state.lock:
        return json_response([dict(token, valid=token_valid(token, state)) for token in state.database_tokens])


# --- Usage and statistics -----------------------------------------------------------------------------

def _window(start: str, end: str) -> Tuple[datetime, datetime]:
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
        if len(hours) > MAX_STATISTICS_HOURS:
            raise _refuse("from", f"The period covers more than {MAX_STATISTICS_HOURS} hours, the most that can be asked for at once.")
    return hours


def _combined(databases: Iterable[Dict[str, Any]]) -> Dict[str, Any]:
    """A group's activity: its databases' rows added up, their latency averaged."""
    activities = [database["_activity"] for database in databases]
    latency = sum(activity["latency_ms"] for activity in activities) / len(activities) if activities else 0.0
    return {"rows_read_per_hour": sum(activity["rows_read_per_hour"] for activity in activities),
            "rows_written_per_hour": sum(activity["rows_written_per_hour"] for activity in activities), "latency_ms": latency}


def _usage(activity: Dict[str, Any], begin: datetime, finish: datetime) -> Dict[str, Any]:
    """Rows read and written in the period (the hourly activity times the hours), and the average latency."""
    hours = (finish - begin).total_seconds() / 3600
    return {
        "rows_read": int(activity["rows_read_per_hour"] * hours),
        "rows_written": int(activity["rows_written_per_hour"] * hours),
        "avg_latency_ms": float(activity["latency_ms"]),
    }


def _statistics(activity: Dict[str, Any], size_bytes: int, primary_regions: List[str], replicated: bool, hours: List[datetime]) -> Dict[str, Any]:
    """Hourly buckets, each named by the hour it starts; the latency per primary region."""
    stamps = [_rfc3339(hour) for hour in hours]

    def chart(unit: str, value: float) -> Dict[str, Any]:
        return {"unit": unit, "data": [[stamp, float(value)] for stamp in stamps], "diff": None}

    reads, writes = activity["rows_read_per_hour"], activity["rows_written_per_hour"]
    return {
        "row_read_count": chart("NoUnit", reads),
        "row_write_count": chart("NoUnit", writes),
        # Writes that reach a replica are handed to a primary.
        "delegated_write_requests": chart("NoUnit", writes if replicated else 0),
        "storage": chart("megabyte", round(size_bytes / 1024**2, 3)),
        "latency": {"unit": "milliseconds", "data": {
            region: {"data": [[stamp, float(activity["latency_ms"])] for stamp in stamps], "diff": None} for region in primary_regions}},
        "query_count": chart("NoUnit", reads + writes),
    }


@router.get("/v2/databases/{db_id}/usage")
async def database_usage(request: Request, db_id: str, start: str = Query(alias="from"), end: str = Query(alias="to")):
    begin, finish = _window(start, end)
    state = state_of(request)
    with state.lock:
        activity = dict(_find(state, db_id)["_activity"])
    return json_response(_usage(activity, begin, finish))


@router.get("/v2/databases/{db_id}/statistics")
async def database_statistics(request: Request, db_id: str, start: str = Query(alias="from"), end: str = Query(alias="to")):
    hours = _hours(*_window(start, end))
    state = state_of(request)
    with state.lock:
        database = copy.deepcopy(_find(state, db_id))
    return json_response(_statistics(database["_activity"], _size_bytes(database), database["primary_regions"],
                                     bool(database["replicas_regions"]), hours))


# --- Database groups (v1) -----------------------------------------------------------------------------

@router.get("/v1/groups")
async def list_groups(request: Request, search: Optional[str] = None):
    """Every group, oldest first; `search` matches any part of a name, without regard to case."""
    state = state_of(request)
    needle = (search or "").lower()
    with state.lock:
        return json_response({"groups": [read_model(group) for group in state.database_groups if needle in group["name"].lower()]})


def _check_group_name(state: SimulatorState, name: str, group_id: Optional[str] = None) -> None:
    _check_name("display_name", name)
    if any(group["name"] == name and group["id"] != group_id for group in state.database_groups):
        raise ApiError(409, f"A database group named {name!r} already exists.")


@router.post("/v1/groups", openapi_extra=documented_body(CreateGroupRequest))
async def create_group(request: Request):
    """Create a group with its regions; a display name the account has is a conflict (409)."""
    body = (await read_body(request, CreateGroupRequest)).model_dump()
    _check_storage_region(body["storage_region"])
    _check_regions(body["primary_regions"], body["replicas_regions"])
    state = state_of(request)
    with state.lock:
        _check_group_name(state, body["display_name"])
        group = _fill_group({"name": body["display_name"], "storage_region": body["storage_region"], "primary_regions": body["primary_regions"],
                             "replicas_regions": body["replicas_regions"]})
        state.database_groups.append(group)
        return json_response({"group": read_model(group)})


@router.get("/v1/groups/{group_id}")
async def read_group(request: Request, group_id: str):
    state = state_of(request)
    with state.lock:
        return json_response({"group": read_model(_find_group(state, group_id))})


@router.delete("/v1/groups/{group_id}")
async def delete_group(request: Request, group_id: str):
    """Delete the group and the databases in it; every token of the group and of its databases stops working."""
    state = state_of(request)
    with state.lock:
        group = _find_group(state, group_id)
        state.database_groups.remove(group)
        _revoke(state, group_id=group_id)
        return json_response({"group": read_model(group)})


@router.patch("/v1/groups/{group_id}", openapi_extra=documented_body(UpdateGroupRequest))
async def update_group(request: Request, group_id: str):
    """Rename the group or set its regions; what is sent as null (or left out) stays as it is."""
    body = (await read_body(request, UpdateGroupRequest)).model_dump()
    state = state_of(request)
    with state.lock:
        group = _find_group(state, group_id)
        if body.get("display_name") is not None:
            _check_group_name(state, body["display_name"], group_id)
        _check_regions(body.get("primary_regions"), body.get("replicas_regions"), group)
        if body.get("display_name") is not None:
            group["name"] = body["display_name"]
        for field in ("primary_regions", "replicas_regions"):
            if body.get(field) is not None:
                group[field] = list(body[field])
        return json_response({"group": read_model(group)})


@router.get("/v1/groups/{group_id}/stats")
async def group_statistics(request: Request, group_id: str, start: str = Query(alias="from"), end: str = Query(alias="to")):
    """The statistics of the group's databases together, in hourly buckets."""
    hours = _hours(*_window(start, end))
    state = state_of(request)
    with state.lock:
        group = copy.deepcopy(_find_group(state, group_id))
    size = sum(_size_bytes(database) for database in group["_databases"])
    return json_response(_statistics(_combined(group["_databases"]), size, group["primary_regions"], bool(group["replicas_regions"]), hours))


@router.get("/v1/groups/{group_id}/aggregated_usage")
async def group_usage(request: Request, group_id: str, start: str = Query(alias="from"), end: str = Query(alias="to")):
    begin, finish = _window(start, end)
    state = state_of(request)
    with state.lock:
        activity = _combined(_find_group(state, group_id)["_databases"])
    return json_response(_usage(activity, begin, finish))


@router.post("/v1/groups/{group_id}/auth/generate", openapi_extra=documented_body(GenerateGroupTokenRequest))
async def generate_group_token(request: Request, group_id: str):
    """A token for every database of the group, those added later included."""
    body = (await read_body(request, GenerateGroupTokenRequest)).model_dump()
    expires_at = _expiry(body)
    state = state_of(request)
    with state.lock:
        _find_group(state, group_id)
        return json_response(_issue_token(state, body["authorization"], expires_at, group_id=group_id))


@router.post("/v1/groups/{group_id}/auth/invalidate")
async def invalidate_group_tokens(request: Request, group_id: str):
    state = state_of(request)
    with state.lock:
        _find_group(state, group_id)
        _revoke(state, group_id=group_id)
    return empty_response(204)


# --- Databases in groups (v1) ------------------------------------------------------------------------

@router.get("/v1/databases")
async def list_group_databases(request: Request, group_id: Optional[str] = None):
    """Every database of every group (or of the group `group_id` names), oldest group first."""
    state = state_of(request)
    with state.lock:
        listed = [_group_database_model(group, database) for group in state.database_groups
                  if group_id is None or group["id"] == group_id for database in group["_databases"]]
        return json_response({"databases": listed})


def _check_slug(group: Dict[str, Any], slug: str, status: int) -> None:
    _check_name("slug", slug)
    if any(database["name"] == slug for database in group["_databases"]):
        raise _refuse("slug", f"The group already has a database named {slug!r}.", status)


@router.post("/v1/databases", openapi_extra=documented_body(CreateGroupDatabaseRequest))
async def create_group_database(request: Request):
    """Create a database in a group, named by its slug; a slug the group has is a conflict (409)."""
    body = (await read_body(request, CreateGroupDatabaseRequest)).model_dump()
    state = state_of(request)
    with state.lock:
        group = _find_group(state, body["group"])
        _check_slug(group, body["slug"], 409)
        database = _fill_group_database({"name": body["slug"]})
        group["_databases"].append(database)
        return json_response({"database": _group_database_model(group, database)})


@router.get("/v1/databases/{db_id}")
async def read_group_database(request: Request, db_id: str):
    state = state_of(request)
    with state.lock:
        return json_response({"database": _group_database_model(*_find_group_database(state, db_id))})


@router.delete("/v1/databases/{db_id}")
async def delete_group_database(request: Request, db_id: str):
    """Delete the database; its tokens stop working with it (a token of its group keeps working for the others). The answer names it."""
    state = state_of(request)
    with state.lock:
        group, database = _find_group_database(state, db_id)
        group["_databases"].remove(database)
        _revoke(state, database_id=db_id)
        return json_response({"database": database["name"]})


@router.post("/v1/databases/{db_id}/list_versions", openapi_extra=documented_body(ListVersionsRequest))
async def list_versions(request: Request, db_id: str):
    """The database's generations, newest first: created before `older_than`, after `newer_than`, at most `limit` of them."""
    body = (await read_body(request, ListVersionsRequest)).model_dump()
    older_than, newer_than = _parse_date(body.get("older_than"), "older_than"), _parse_date(body.get("newer_than"), "newer_than")
    state = state_of(request)
    with state.lock:
        _group, database = _find_group_database(state, db_id)
        generations = copy.deepcopy(database["_generations"])
    generations.sort(key=lambda generation: generation["created_at"], reverse=True)

    def wanted(generation: Dict[str, Any]) -> bool:
        day = _parse_time(generation["created_at"], "created_at").date()
        return (older_than is None or day < older_than) and (newer_than is None or day > newer_than)

    kept = [generation for generation in generations if wanted(generation)]
    if body.get("limit") is not None:
        kept = kept[: body["limit"]]
    return json_response({"generations": kept, "count": len(kept)})


@router.post("/v1/databases/{db_id}/restore", openapi_extra=documented_body(RestoreRequest))
async def restore_version(request: Request, db_id: str):
    """Put the database back to a generation: the generations after it are dropped, as a destructive restore does."""
    body = (await read_body(request, RestoreRequest)).model_dump()
    state = state_of(request)
    with state.lock:
        _group, database = _find_group_database(state, db_id)
        generations = sorted(database["_generations"], key=lambda generation: generation["created_at"])
        positions = [position for position, generation in enumerate(generations) if generation["generation"] == body["generation"]]
        if not positions:
            raise _refuse("generation", f"The database has no generation {body['generation']}; list_versions lists them.")
        database["_generations"] = generations[: positions[0] + 1]
    return json_response({})


@router.post("/v1/databases/{db_id}/fork", openapi_extra=documented_body(ForkRequest))
async def fork_database(request: Request, db_id: str):
    """A new database of the same group, named `slug`, from the database as it was at `date` (between its creation and now)."""
    body = (await read_body(request, ForkRequest)).model_dump()
    moment = _parse_time(body["date"], "date")
    state = state_of(request)
    with state.lock:
        group, database = _find_group_database(state, db_id)
        if moment.timestamp() < database["_created"] or moment > datetime.now(timezone.utc):
            raise _refuse("date", "The date must be between the database's creation and now.")
        _check_slug(group, body["slug"], 400)
        fork = _fill_group_database({"name": body["slug"], "current_size": database["current_size"], "size_max": database["size_max"]})
        group["_databases"].append(fork)
        return json_response({"database": _group_database_model(group, fork)})


@router.post("/v1/databases/{db_id}/auth/tokens", openapi_extra=documented_body(GenerateGroupDatabaseTokenRequest))
async def generate_group_database_token(request: Request, db_id: str):
    body = (await read_body(request, GenerateGroupDatabaseTokenRequest)).model_dump()
    expires_at = _expiry(body)
    state = state_of(request)
    with state.lock:
        group, _database = _find_group_database(state, db_id)
        return json_response(_issue_token(state, body["authorization"], expires_at, database_id=db_id, group_id=group["id"]))


@router.post("/v1/databases/{db_id}/auth/invalidate")
async def invalidate_group_database_tokens(request: Request, db_id: str):
    """The database's own tokens stop working; a token of its whole group does not."""
    state = state_of(request)
    with state.lock:
        _find_group_database(state, db_id)
        _revoke(state, database_id=db_id)
    return empty_response(204)


# --- Live metrics (v1) ---------------------------------------------------------------------------------

def _live_status(primary_regions: List[str], replicas_regions: List[str], block_reads: bool, block_writes: bool) -> Dict[str, Any]:
    """Live in its first primary region with its replicas; ReplicaOnly when writes are blocked; Offline when reads are too."""
    if block_reads and block_writes:
        return {"state": "Offline"}
    if block_writes:
        return {"state": "ReplicaOnly"}
    return {"state": "Live", "metadata": {"main": primary_regions[0], "replicas": list(replicas_regions)}}


def _listed_ids(listed: List[str], header: Optional[str]) -> List[str]:
    """The ids of the body, then those of the header the description names (comma-separated), each once."""
    ids = list(listed) + [part.strip() for part in (header or "").split(",") if part.strip()]
    return list(dict.fromkeys(ids))


@router.post("/v1/live/live_db", openapi_extra=documented_body(LiveDatabasesRequest))
async def live_databases(request: Request, db_ids: Optional[str] = Header(default=None, alias="db-ids")):
    """The live status of each database named (v2 or v1); an id the account does not have is left out."""
    body = (await read_body(request, LiveDatabasesRequest)).model_dump()
    state = state_of(request)
    metrics = {}
    with state.lock:
        for database_id in _listed_ids(body["db_ids"], db_ids):
            database = next((database for database in state.databases if database["id"] == database_id), None)
            if database is not None:
                regions = database
            else:
                found = next(((group, database) for group in state.database_groups for database in group["_databases"]
                              if database["id"] == database_id), None)
                if found is None:
                    continue
                regions, database = found
            metrics[database_id] = _live_status(regions["primary_regions"], regions["replicas_regions"], database["block_reads"],
                                                database["block_writes"])
    return json_response({"live_metrics": metrics})


@router.post("/v1/live/live_group", openapi_extra=documented_body(LiveGroupsRequest))
async def live_groups(request: Request, group_ids: Optional[str] = Header(default=None, alias="group-ids")):
    """The live status of each group named: Live with its regions when it has a database, Offline without; an unknown id is left out."""
    body = (await read_body(request, LiveGroupsRequest)).model_dump()
    state = state_of(request)
    metrics = {}
    with state.lock:
        for group_id in _listed_ids(body["group_ids"], group_ids):
            group = next((group for group in state.database_groups if group["id"] == group_id), None)
            if group is not None:
                offline = not group["_databases"]
                metrics[group_id] = _live_status(group["primary_regions"], group["replicas_regions"], offline, offline)
    return json_response({"live_metrics": metrics})


# --- Configuration -----------------------------------------------------------------------------------

def _region(region_id: str) -> Dict[str, Any]:
    name, latitude, longitude, group, country = REGIONS[region_id]
    return {"id": region_id, "name": name, "latitude": latitude, "longitude": longitude, "group": group, "country": {"alpha2": country}}


def _storage_region(region_id: str) -> Dict[str, Any]:
    return next({"id": storage_id, "name": name, "group": group} for storage_id, name, group in STORAGE_REGIONS if storage_id == region_id)


@router.get("/v1/config")
async def list_config():
    """The storage regions, and the regions that can hold a primary or a replica."""
    return json_response({
        "storage_region_available": [{"id": region_id, "name": name, "group": group} for region_id, name, group in STORAGE_REGIONS],
        "primary_regions": [_region(region) for region in PRIMARY_REGIONS],
        "replica_regions": [_region(region) for region in REGIONS],
    })


def _distance(start: Tuple[float, float], end: Tuple[float, float]) -> float:
    """The great-circle distance in kilometres."""
    (lat1, lon1), (lat2, lon2) = [(math.radians(latitude), math.radians(longitude)) for latitude, longitude in (start, end)]
    a = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(min(1.0, a)))


def _location(region_id: str) -> Tuple[float, float]:
    return REGIONS[region_id][1], REGIONS[region_id][2]


def _optimal(cdn_server_token: str) -> Tuple[Dict[str, Any], str, List[str]]:
    """The storage region, primary region and replica regions nearest the edge server the token names.

    The simulator reads the region from the token's parts without their digits (`BunnyCDN-DE1-1058`
    names `DE`); a token that names none counts as `DEFAULT_REGION`. The primary is that region, or
    the nearest that can hold a primary; the replicas the two regions nearest it; the storage region
    the one nearest it.
    """
    here = next((part.rstrip("0123456789").upper() for part in cdn_server_token.split("-")
                 if part.rstrip("0123456789").upper() in REGIONS), DEFAULT_REGION)
    primary = min(PRIMARY_REGIONS, key=lambda region: _distance(_location(here), _location(region)))
    replicas = sorted((region for region in REGIONS if region != primary), key=lambda region: _distance(_location(primary), _location(region)))[:2]
    storage = min(STORAGE_REGION_LOCATIONS, key=lambda region: _distance(_location(primary), STORAGE_REGION_LOCATIONS[region]))
    return _storage_region(storage), primary, replicas


@router.get("/v1/config/optimal")
async def optimal_config(cdn_server_token: str = Query(pattern=CDN_SERVER_TOKEN_PATTERN)):
    storage, primary, replicas = _optimal(cdn_server_token)
    return json_response({"storage_region": storage, "primary_regions": [_region(primary)], "replica_regions": [_region(region) for region in replicas]})


@router.get("/v1/config/optimal_single")
async def optimal_single_config(cdn_server_token: str = Query(pattern=CDN_SERVER_TOKEN_PATTERN)):
    storage, primary, _replicas = _optimal(cdn_server_token)
    return json_response({"storage_region": storage, "region": _region(primary)})


# How many databases an account may have.
MAX_DATABASES = 50


@router.get("/v1/config/limits")
async def config_limits(request: Request):
    """The account's databases, of both generations, and how many it may have."""
    state = state_of(request)
    with state.lock:
        count = len(state.databases) + sum(len(group["_databases"]) for group in state.database_groups)
        return json_response({"current_databases": count, "max_databases": MAX_DATABASES})


AREA = Area(
    name="databases",
    prefix=(PREFIX, SQL_PREFIX),
    error_style=DatabaseStyle(),
    routers=(router, sql_router),
    fixture_fillers={"databases": fill_databases, "database_groups": fill_groups},
    control_routers=(control_router,),
)
