"""Storage zones under `/storagezone`, and the edge storage API for their files under `/storage`.

The vendor serves the file API on a host of its own per region (`storage.bunnycdn.com`,
`ny.storage.bunnycdn.com`, ...); the simulator serves it under `/storage` of its one address, so
one sandbox holds both the zones and their files, and file requests share the request log and the
faults. A file request authenticates with the zone's password (its read-only password for reads),
never with the account's key.

Stored zones are in the shape `GET /storagezone/{id}` returns, without the properties a read
computes (`PullZones` from the pull zones whose origin the zone is, `FilesStored` and
`StorageUsed` from its files). A deleted zone is kept, marked `Deleted`, as the vendor does: lists
show it only with `includeDeleted=true`, a read by id answers 404, and its name stays taken.

Files are kept beside the state rather than in it (the state knows nothing of files): each zone's
files and directories, with their content spooled to a temporary file once it passes a megabyte,
so a large upload does not stay in memory. Directories are objects of their own, as on the
vendor's storage: an upload creates the directories above the file, and they stay when emptied
until they are deleted.
"""

import hashlib
import mimetypes
import tempfile
import weakref
from datetime import datetime
from typing import Any, Dict, Iterator, List, Optional, Tuple

from fastapi import APIRouter, Depends, Header, Query, Request
from starlette.responses import Response

from ..auth import require_access_key
from ..errors import ApiError, ErrorStyle, LegacyStyle, field_error, status_phrase
from ..ids import new_guid, next_int_id, utc_now
from ..reports import DATE_FROM, DATE_TO, chart, chart_keys, report
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import Area, state_of
from .pull_zones import CERTIFICATE_FIELDS

router = APIRouter(prefix="/storagezone", tags=["Storage zones"], dependencies=[Depends(require_access_key)])
files_router = APIRouter(prefix="/storage", tags=["Edge storage"])

INT32_MAX = 2**31 - 1
# The regions a zone can be stored in, with the host of each region's file API. The vendor's
# document names DE, NY, LA, SG and SYD; UK, SE, BR and JH are the regions the service added since.
REGIONS = {
    "DE": ("Falkenstein", "storage.bunnycdn.com"),
    "UK": ("London", "uk.storage.bunnycdn.com"),
    "SE": ("Stockholm", "se.storage.bunnycdn.com"),
    "NY": ("New York", "ny.storage.bunnycdn.com"),
    "LA": ("Los Angeles", "la.storage.bunnycdn.com"),
    "SG": ("Singapore", "sg.storage.bunnycdn.com"),
    "SYD": ("Sydney", "syd.storage.bunnycdn.com"),
    "BR": ("Sao Paulo", "br.storage.bunnycdn.com"),
    "JH": ("Johannesburg", "jh.storage.bunnycdn.com"),
}
# Every property of the vendor's StorageZoneModel, in its order, at the value a new zone reads back
# with; Id, UserId, Name, the passwords, DateModified and StorageHostname are filled in per zone.
ZONE_DEFAULTS = {
    "Id": None,
    "UserId": None,
    "Name": None,
    "Password": None,
    "DateModified": None,
    "Deleted": False,
    "StorageUsed": 0,
    "FilesStored": 0,
    "Region": "DE",
    "ReplicationRegions": [],
    "PullZones": [],
    "ReadOnlyPassword": None,
    "Rewrite404To200": False,
    "Custom404FilePath": None,
    "StorageHostname": None,
    "S3Hostname": None,
    "ZoneTier": 0,
    "ReplicationChangeInProgress": False,
    "PriceOverride": 0.0,
    "Discount": 0,
    "StorageZoneType": 0,
}
# What a read computes and the store does not keep.
COMPUTED = ("PullZones", "FilesStored", "StorageUsed")
ACCOUNT_USER_ID = "6eb577ca-556c-4e23-970c-a5afde191042"
# One number for every file: the simulator has one server.
SERVER_ID = 1
# Content smaller than this stays in memory; larger content goes to a temporary file.
SPOOL_BYTES = 1024 * 1024
CHUNK_BYTES = 64 * 1024
# Content types by file extension: Python's built-in table only, not the machine's mime.types, so
# that every machine lists a file alike.
CONTENT_TYPES = mimetypes.MimeTypes()
DEFAULT_CONTENT_TYPE = "application/octet-stream"

StorageZoneAddRequest = vendor_request_model("core", "StorageZoneModelAdd")
StorageZoneSettingsRequest = vendor_request_model("core", "StorageZoneSettingsModel")
ZoneAvailabilityRequest = vendor_request_model("core", "ZoneAvailabilityRequestModel")


# --- Files -------------------------------------------------------------------------------------


class StoredFile:
    """One file's content and what a listing says of it."""

    def __init__(self, content, length: int, checksum: str, content_type: str):
        self.content = content
        self.length = length
        self.checksum = checksum
        self.content_type = content_type
        self.guid = new_guid()
        self.date_created = utc_now()
        self.last_changed = self.date_created

    @classmethod
    def from_bytes(cls, data: bytes, path: str) -> "StoredFile":
        # The stored file owns its content until it is replaced or deleted.
        content = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115
        content.write(data)
        return cls(content, len(data), hashlib.sha256(data).hexdigest().upper(), content_type_of(path))

    def chunks(self) -> Iterator[bytes]:
        self.content.seek(0)
        while True:
            chunk = self.content.read(CHUNK_BYTES)
            if not chunk:
                return
            yield chunk

    def discard(self) -> None:
        self.content.close()


def content_type_of(path: str) -> str:
    """The type the service gives a file it was not told the type of: by its extension."""
    return CONTENT_TYPES.guess_type(path, strict=False)[0] or DEFAULT_CONTENT_TYPE


class ZoneFiles:
    """The files and directories of one zone, by their path in the zone (`css/site.css`, `css`)."""

    def __init__(self):
        self.files: Dict[str, StoredFile] = {}
        self.directories: Dict[str, Dict[str, str]] = {}

    def make_parents(self, path: str) -> None:
        self.make_directory("/".join(path.split("/")[:-1]))

    def make_directory(self, path: str) -> None:
        """The directory and the ones above it, those it lacks created now."""
        segments = path.split("/") if path else []
        for depth in range(1, len(segments) + 1):
            directory = "/".join(segments[:depth])
            if directory not in self.directories:
                now = utc_now()
                self.directories[directory] = {"Guid": new_guid(), "DateCreated": now, "LastChanged": now}

    def put(self, path: str, stored: StoredFile) -> None:
        self.make_parents(path)
        replaced = self.files.get(path)
        if replaced is not None:
            stored.guid, stored.date_created = replaced.guid, replaced.date_created
            replaced.discard()
        self.files[path] = stored

    def remove(self, path: str) -> bool:
        """Remove a file, or a directory with everything under it; False when there is no such object."""
        if path in self.files:
            self.files.pop(path).discard()
            return True
        if path not in self.directories and path != "":
            return False
        prefix = path + "/" if path else ""
        for name in [name for name in self.files if name.startswith(prefix)]:
            self.files.pop(name).discard()
        for name in [name for name in self.directories if name == path or name.startswith(prefix)]:
            del self.directories[name]
        return True

    def children(self, directory: str) -> Tuple[List[str], List[str]]:
        """The directories and the files directly in `directory` ("" for the root)."""
        prefix = directory + "/" if directory else ""

        def direct(name: str) -> bool:
            return name.startswith(prefix) and "/" not in name[len(prefix) :]

        return sorted(name for name in self.directories if direct(name)), sorted(name for name in self.files if direct(name))

    def discard(self) -> None:
        for stored in self.files.values():
            stored.discard()
        self.files.clear()
        self.directories.clear()


class FileStore:
    """Every zone's files, by zone id, for the zone list it was made for.

    A state that holds another zone list (fixtures loaded, a reset) has none of these files, so the
    store is made anew whenever the list it was made for is no longer the state's.
    """

    def __init__(self, zones: List[Dict[str, Any]]):
        self.zones = zones
        self.by_zone: Dict[int, ZoneFiles] = {}

    def of(self, zone_id: int) -> ZoneFiles:
        return self.by_zone.setdefault(zone_id, ZoneFiles())

    def drop(self, zone_id: int) -> None:
        files = self.by_zone.pop(zone_id, None)
        if files is not None:
            files.discard()


_STORES: "weakref.WeakKeyDictionary[SimulatorState, FileStore]" = weakref.WeakKeyDictionary()


def file_store(state: SimulatorState) -> FileStore:
    """The state's file store; call it with the state's lock held."""
    store = _STORES.get(state)
    if store is None or store.zones is not state.storage_zones:
        if store is not None:
            for files in store.by_zone.values():
                files.discard()
        store = _STORES[state] = FileStore(state.storage_zones)
    return store


# --- Zones -------------------------------------------------------------------------------------


def storage_hostname(region: str) -> str:
    return REGIONS.get(region, REGIONS["DE"])[1]


# The vendor's StorageZoneS3Type of a zone that also answers the S3-compatible API.
S3_SUPPORTED = 1


def s3_hostname(region: str) -> str:
    """The S3-compatible endpoint's host of a zone in ``region`` (the vendor's storage guide: https://[region]-s3.storage.bunnycdn.com)."""
    return f"{region.lower()}-s3.storage.bunnycdn.com"


def _new_password() -> str:
    return f"{new_guid()}-{new_guid()[:13]}"


def _fill_zone(zone: Dict[str, Any], next_id: int) -> Dict[str, Any]:
    if "Id" not in zone:
        zone["Id"] = next_id
    zone.setdefault("Name", f"storagezone-{zone['Id']}")
    zone.setdefault("UserId", ACCOUNT_USER_ID)
    zone.setdefault("Password", _new_password())
    zone.setdefault("ReadOnlyPassword", _new_password())
    zone.setdefault("DateModified", utc_now())
    zone.setdefault("StorageHostname", storage_hostname(zone.get("Region", ZONE_DEFAULTS["Region"])))
    if zone.get("StorageZoneType") == S3_SUPPORTED:
        zone.setdefault("S3Hostname", s3_hostname(zone.get("Region", ZONE_DEFAULTS["Region"])))
    filled = {name: zone.get(name, value) for name, value in ZONE_DEFAULTS.items() if name not in COMPUTED}
    filled.update({name: value for name, value in zone.items() if name not in COMPUTED})
    filled["ReplicationRegions"] = list(filled["ReplicationRegions"] or [])
    # The vendor types it as a decimal: a JSON number with a fraction part, whatever the fixture gave.
    filled["PriceOverride"] = float(filled["PriceOverride"])
    return filled


def fill_storage_zones(zones: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    """Complete the fixture zones; a zone's `Files` (path to text) become its files."""
    next_id = next_int_id(zone["Id"] for zone in zones if isinstance(zone.get("Id"), int))
    filled = []
    given_files = []
    for zone in zones:
        files = zone.pop("Files", None) or {}
        record = _fill_zone(zone, next_id)
        next_id = max(next_id, record["Id"] + 1)
        filled.append(record)
        given_files.append((record["Id"], files))
    store = FileStore(filled)
    for zone_id, files in given_files:
        for path, text in files.items():
            store.of(zone_id).put(path.strip("/"), StoredFile.from_bytes(text.encode("utf-8"), path))
    old = _STORES.get(state)
    if old is not None:
        for files in old.by_zone.values():
            files.discard()
    _STORES[state] = store
    return filled


def _linked_pull_zone(zone: Dict[str, Any]) -> Dict[str, Any]:
    return {**zone, "Hostnames": [{**hostname, **dict.fromkeys(CERTIFICATE_FIELDS)} for hostname in zone["Hostnames"]]}


def _read_model(state: SimulatorState, zone: Dict[str, Any]) -> Dict[str, Any]:
    files = file_store(state).of(zone["Id"]).files
    computed = {
        "PullZones": [_linked_pull_zone(pull_zone) for pull_zone in state.pull_zones if pull_zone.get("StorageZoneId") == zone["Id"]],
        "FilesStored": len(files),
        "StorageUsed": sum(stored.length for stored in files.values()),
    }
    return {name: computed[name] if name in computed else zone.get(name, value) for name, value in ZONE_DEFAULTS.items()}


def _live_zone(state: SimulatorState, zone_id: int) -> Dict[str, Any]:
    for zone in state.storage_zones:
        if zone["Id"] == zone_id and not zone["Deleted"]:
            return zone
    raise ApiError(404, f"The storage zone {zone_id} was not found.", key="storagezone.not_found")


def _refuse(field: str, message: str, key: str) -> ApiError:
    return ApiError(400, message, errors=[field_error(field, message)], key=key)


def _check_regions(field: str, primary: str, replicas: List[str]) -> None:
    for region in replicas:
        if region not in REGIONS:
            raise _refuse(field, f"'{region}' is not a storage region; the regions are {', '.join(REGIONS)}.", "storagezone.invalid_region")
        if region == primary:
            raise _refuse(field, f"'{region}' is the zone's main region and cannot also be a replication region.", "storagezone.invalid_region")


@router.get("")
async def list_storage_zones(
    request: Request,
    page: int = Query(default=0, ge=0, le=INT32_MAX),
    per_page: int = Query(default=1000, alias="perPage", ge=5, le=1000),
    include_deleted: bool = Query(default=False, alias="includeDeleted"),
    search: Optional[str] = None,
):
    """Page 0 (the default) answers every zone as a plain array, a page from 1 on the vendor's paged object.

    The search term matches the zone names, without regard to case.
    """
    state = state_of(request)
    needle = search.lower() if search else None
    with state.lock:
        zones = [
            _read_model(state, zone)
            for zone in state.storage_zones
            if (include_deleted or not zone["Deleted"]) and (needle is None or needle in zone["Name"].lower())
        ]
    if page == 0:
        return json_response(zones)
    start = (page - 1) * per_page
    return json_response(
        {"Items": zones[start : start + per_page], "CurrentPage": page, "TotalItems": len(zones), "HasMoreItems": start + per_page < len(zones)}
    )


@router.post("", openapi_extra=documented_body(StorageZoneAddRequest))
async def create_storage_zone(request: Request):
    body = await read_body(request, StorageZoneAddRequest)
    if body.Region not in REGIONS:
        raise _refuse("Region", f"'{body.Region}' is not a storage region; the regions are {', '.join(REGIONS)}.", "storagezone.invalid_region")
    replicas = list(dict.fromkeys(body.ReplicationRegions or []))
    _check_regions("ReplicationRegions", body.Region, replicas)
    state = state_of(request)
    with state.lock:
        # Names are unique without regard to case, and a deleted zone keeps its name.
        if any(zone["Name"].lower() == body.Name.lower() for zone in state.storage_zones):
            raise _refuse("Name", f"The storage zone name '{body.Name}' is already taken.", "storagezone.name_taken")
        zone = _fill_zone(
            {
                "Name": body.Name,
                "Region": body.Region,
                "ReplicationRegions": replicas,
                "ZoneTier": body.ZoneTier if body.ZoneTier is not None else 0,
                "StorageZoneType": body.StorageZoneType if body.StorageZoneType is not None else 0,
            },
            next_int_id(zone["Id"] for zone in state.storage_zones),
        )
        state.storage_zones.append(zone)
        return json_response(_read_model(state, zone), 201)


# Declared before /{id}, which would otherwise take "regions" for a zone id.
@router.get("/regions")
async def list_storage_regions():
    return json_response([{"Id": code, "Name": name, "Url": f"https://{host}"} for code, (name, host) in REGIONS.items()])


@router.post("/checkavailability", openapi_extra=documented_body(ZoneAvailabilityRequest))
async def check_storage_zone_availability(request: Request):
    """Whether a zone could take the name: names are unique without regard to case, and a deleted zone keeps its name."""
    body = await read_body(request, ZoneAvailabilityRequest)
    if not body.Name:
        raise _refuse("Name", "A name to check is required.", "storagezone.validation_error")
    state = state_of(request)
    with state.lock:
        return json_response({"Available": not any(zone["Name"].lower() == body.Name.lower() for zone in state.storage_zones)})


@router.post("/resetReadOnlyPassword")
async def reset_read_only_password(request: Request, id: int):
    """The vendor takes this zone's id as a query parameter; the old read-only password stops working at once."""
    state = state_of(request)
    with state.lock:
        zone = _live_zone(state, id)
        zone["ReadOnlyPassword"] = _new_password()
        zone["DateModified"] = utc_now()
    return empty_response(204)


@router.get("/{id}")
async def get_storage_zone(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        return json_response(_read_model(state, _live_zone(state, id)))


@router.post("/{id}", openapi_extra=documented_body(StorageZoneSettingsRequest))
async def update_storage_zone(request: Request, id: int):
    """Only the properties sent change. Replication regions can be added but never removed.

    OriginUrl is accepted and not kept: the read model has no such property.
    """
    body = await read_body(request, StorageZoneSettingsRequest)
    state = state_of(request)
    with state.lock:
        zone = _live_zone(state, id)
        if body.ReplicationZones is not None:
            wanted = list(dict.fromkeys(body.ReplicationZones))
            _check_regions("ReplicationZones", zone["Region"], wanted)
            removed = [region for region in zone["ReplicationRegions"] if region not in wanted]
            if removed:
                raise _refuse(
                    "ReplicationZones",
                    f"Replication regions can be added but not removed; the update leaves out {', '.join(removed)}.",
                    "storagezone.replication_region_removal",
                )
            zone["ReplicationRegions"] = zone["ReplicationRegions"] + [region for region in wanted if region not in zone["ReplicationRegions"]]
        if body.Custom404FilePath is not None:
            zone["Custom404FilePath"] = body.Custom404FilePath
        if body.Rewrite404To200 is not None:
            zone["Rewrite404To200"] = body.Rewrite404To200
        zone["DateModified"] = utc_now()
    return empty_response(204)


@router.post("/{id}/resetPassword")
async def reset_password(request: Request, id: int):
    """A new password: the file API refuses the old one from now on."""
    state = state_of(request)
    with state.lock:
        zone = _live_zone(state, id)
        zone["Password"] = _new_password()
        zone["DateModified"] = utc_now()
    return empty_response(204)


@router.get("/{id}/statistics")
async def storage_zone_statistics(request: Request, id: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO):
    """The zone keeps no history: each day of the range shows what it stores now."""
    keys = chart_keys(date_from, date_to)
    state = state_of(request)
    with state.lock:
        zone = _read_model(state, _live_zone(state, id))
        empty = {"StorageUsedChart": chart(keys, zone["StorageUsed"]), "FileCountChart": chart(keys, zone["FilesStored"])}
        return json_response(report(state, request.url.path, empty))


@router.get("/{id}/statistics/egress")
async def storage_zone_egress_statistics(
    request: Request, id: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO, hourly: bool = False
):
    keys = chart_keys(date_from, date_to, hourly)
    state = state_of(request)
    with state.lock:
        _live_zone(state, id)
        channels = ("Http", "S3", "S3Presigned", "Ftp", "Sftp")
        empty = {f"{channel}EgressChart": chart(keys, 0) for channel in channels}
        empty["TotalEgressChart"] = chart(keys, 0)
        empty.update({f"{channel}EgressTotal": 0 for channel in channels})
        empty["TotalEgress"] = 0
        return json_response(report(state, request.url.path, empty))


@router.delete("/{id}")
async def delete_storage_zone(request: Request, id: int, delete_linked_pull_zones: bool = Query(default=False, alias="deleteLinkedPullZones")):
    """Delete the zone and its files; its pull zones go too when asked, and otherwise lose their origin."""
    state = state_of(request)
    with state.lock:
        zone = _live_zone(state, id)
        zone["Deleted"] = True
        file_store(state).drop(id)
        linked = [pull_zone for pull_zone in state.pull_zones if pull_zone.get("StorageZoneId") == id]
        for pull_zone in linked:
            if delete_linked_pull_zones:
                state.pull_zones.remove(pull_zone)
            else:
                pull_zone["StorageZoneId"] = 0
    return empty_response(204)


# --- The file API ------------------------------------------------------------------------------


class StorageStyle(ErrorStyle):
    """The edge storage API's ErrorObject: `{HttpCode, Message}`.

    The vendor's document shows a list of them for a 404; the service answers one object for every
    error, which is what the simulator does.
    """

    def body(self, error: ApiError, instance: str) -> Dict[str, Any]:
        return {"HttpCode": error.status, "Message": error.message if error.message else status_phrase(error.status)}


def _object_path(request: Request) -> Tuple[str, str, bool]:
    """The zone name, the path in the zone without outer slashes, and whether it names a directory."""
    rest = request.scope["path"][len(files_router.prefix) + 1 :]
    zone_name, _separator, path = rest.partition("/")
    segments = path.split("/")
    if any(segment in (".", "..") for segment in segments):
        raise ApiError(400, "The path may not contain . or .. segments.")
    return zone_name, "/".join(segment for segment in segments if segment), path == "" or path.endswith("/")


# The vendor's document declares the key a header parameter of the file operations; a request without
# it is answered 401 like one with a wrong key, so the parameter is optional here and checked below.
ACCESS_KEY = Header(default=None, alias="AccessKey", min_length=1, description="The storage zone's password, or its read-only password for reads.")
CHECKSUM = Header(default=None, alias="Checksum", pattern="^[0-9A-Fa-f]{64}$", description="The SHA-256 of the content, in hex.")
# The vendor's storage SDK names the type a listing gives the file with this header; without it the type follows the extension.
OVERRIDE_CONTENT_TYPE = Header(default=None, alias="Override-Content-Type", min_length=1, description="The content type the file lists with.")
RAW_BODY = {"requestBody": {"required": True, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}


def _authorised_zone(request: Request, zone_name: str, key: Optional[str], write: bool) -> Dict[str, Any]:
    """The zone the AccessKey opens: its password, or for reads its read-only password."""
    state = state_of(request)
    for zone in state.storage_zones:
        if zone["Name"].lower() == zone_name.lower() and not zone["Deleted"]:
            if key is not None and (key == zone["Password"] or (not write and key == zone["ReadOnlyPassword"])):
                return zone
            break
    # An unknown zone and a wrong password answer alike, so that names cannot be probed.
    raise ApiError(401, "Unauthorized")


def _storage_object(zone: Dict[str, Any], directory: str, name: str, stored: Optional[StoredFile], directory_meta: Optional[Dict[str, str]]):
    meta = directory_meta or {"Guid": stored.guid, "DateCreated": stored.date_created, "LastChanged": stored.last_changed}
    return {
        "Guid": meta["Guid"],
        "StorageZoneName": zone["Name"],
        "Path": f"/{zone['Name']}/{directory + '/' if directory else ''}",
        "ObjectName": name,
        "Length": stored.length if stored else 0,
        "LastChanged": meta["LastChanged"],
        "IsDirectory": stored is None,
        "ServerId": SERVER_ID,
        "UserId": zone["UserId"],
        "DateCreated": meta["DateCreated"],
        "StorageZoneId": zone["Id"],
        # Not in the vendor's StorageObject, but in every object the service answers, and required
        # by the vendor's storage SDK: the SHA-256 of the content (upper-case hex, null for a
        # directory), the regions the object is replicated to (a comma list, null for a directory
        # or a zone without replicas), and its content type (the SDK's own tests give a directory
        # application/octet-stream).
        "Checksum": stored.checksum if stored else None,
        "ReplicatedZones": ",".join(zone["ReplicationRegions"]) if stored and zone["ReplicationRegions"] else None,
        "ContentType": stored.content_type if stored else DEFAULT_CONTENT_TYPE,
    }


def _described(zone: Dict[str, Any], files: ZoneFiles, path: str) -> Dict[str, Any]:
    """The object at `path` as a listing of its directory shows it; 404 when there is none."""
    directory, _separator, name = path.rpartition("/")
    if path in files.files:
        return _storage_object(zone, directory, name, files.files[path], None)
    if path in files.directories:
        return _storage_object(zone, directory, name, None, files.directories[path])
    raise ApiError(404, "Object Not Found")


async def list_or_download(request: Request, access_key: Optional[str] = ACCESS_KEY):
    """A path ending in / lists that directory (empty when there is none); any other path downloads the file."""
    zone_name, path, is_directory = _object_path(request)
    state = state_of(request)
    with state.lock:
        zone = _authorised_zone(request, zone_name, access_key, write=False)
        files = file_store(state).of(zone["Id"])
        if is_directory:
            directories, names = files.children(path)
            listing = [_storage_object(zone, path, name.rsplit("/", 1)[-1], None, files.directories[name]) for name in directories]
            listing += [_storage_object(zone, path, name.rsplit("/", 1)[-1], files.files[name], None) for name in names]
            return json_response(listing)
        stored = files.files.get(path)
        if stored is None:
            raise ApiError(404, "Object Not Found")
        content = b"".join(stored.chunks())
    return Response(content, media_type="application/octet-stream")


async def describe(request: Request, access_key: Optional[str] = ACCESS_KEY):
    """The vendor's storage SDK reads one object's description with the method DESCRIBE: the object as its directory's listing shows it."""
    zone_name, path, _is_directory = _object_path(request)
    state = state_of(request)
    with state.lock:
        zone = _authorised_zone(request, zone_name, access_key, write=False)
        if not path:
            raise ApiError(404, "Object Not Found")
        return json_response(_described(zone, file_store(state).of(zone["Id"]), path))


def _refuse_a_file_in_the_way(files: ZoneFiles, directory: str) -> None:
    segments = directory.split("/") if directory else []
    if any("/".join(segments[: depth + 1]) in files.files for depth in range(len(segments))):
        raise ApiError(400, f"A file is in the way of the directory '{directory}'.")


async def upload(
    request: Request,
    access_key: Optional[str] = ACCESS_KEY,
    checksum: Optional[str] = CHECKSUM,
    override_content_type: Optional[str] = OVERRIDE_CONTENT_TYPE,
):
    """Store the body as the file; with a Checksum header, only when the content's SHA-256 matches it.

    A path ending in / without content creates that directory (and those above it) instead, as
    the vendor's storage SDK does; content sent there has no file name to be stored under.
    """
    zone_name, path, is_directory = _object_path(request)
    state = state_of(request)
    with state.lock:
        _authorised_zone(request, zone_name, access_key, write=True)
    if is_directory and path and not await request.body():
        with state.lock:
            files = file_store(state).of(_authorised_zone(request, zone_name, access_key, write=True)["Id"])
            _refuse_a_file_in_the_way(files, path)
            files.make_directory(path)
        return json_response({"HttpCode": 201, "Message": "Directory created."}, 201)
    if is_directory or not path:
        raise ApiError(400, "A file name is required to upload a file.")
    # Kept by the stored file once the upload succeeds, closed on every way out before that.
    content = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)  # noqa: SIM115
    digest = hashlib.sha256()
    length = 0
    async for chunk in request.stream():
        content.write(chunk)
        digest.update(chunk)
        length += len(chunk)
    digest_hex = digest.hexdigest().upper()
    if checksum is not None and checksum.upper() != digest_hex:
        content.close()
        raise ApiError(400, "Upload failed: the content's SHA-256 does not match the Checksum header.")
    with state.lock:
        zone = _authorised_zone(request, zone_name, access_key, write=True)
        files = file_store(state).of(zone["Id"])
        if path in files.directories:
            content.close()
            raise ApiError(400, f"'{path}' is a directory.")
        try:
            _refuse_a_file_in_the_way(files, path.rpartition("/")[0])
        except ApiError:
            content.close()
            raise
        files.put(path, StoredFile(content, length, digest_hex, override_content_type or content_type_of(path)))
    return json_response({"HttpCode": 201, "Message": "File uploaded."}, 201)


async def delete_object(
    request: Request, access_key: Optional[str] = ACCESS_KEY, allow_root_delete: Optional[str] = Query(default=None, alias="allowRootDelete")
):
    """Delete a file, or a directory with everything in it; the root only with allowRootDelete."""
    zone_name, path, _is_directory = _object_path(request)
    state = state_of(request)
    with state.lock:
        zone = _authorised_zone(request, zone_name, access_key, write=True)
        # The vendor takes the switch as a query parameter or as a header.
        root_allowed = "true" in (allow_root_delete, request.headers.get("allowRootDelete"))
        if not path and not root_allowed:
            raise ApiError(400, "Deleting the root of the storage zone needs allowRootDelete=true.")
        if not file_store(state).of(zone["Id"]).remove(path):
            raise ApiError(404, "Object Not Found")
    return json_response({"HttpCode": 200, "Message": "File deleted successfuly."})


# The vendor's templates, for the OpenAPI document (and so for the routing that tells served
# endpoints from those answered with 501); the hidden routes take paths of any depth.
VENDOR_FILE_TEMPLATE = "/{storageZoneName}/{path}/{fileName}"
VENDOR_DIRECTORY_TEMPLATE = "/{storageZoneName}/{path}/"
ANY_DEPTH = "/{storageZoneName}/{objectPath:path}"
files_router.add_api_route(VENDOR_DIRECTORY_TEMPLATE, list_or_download, methods=["GET"], name="list_files")
files_router.add_api_route(VENDOR_FILE_TEMPLATE, list_or_download, methods=["GET"], name="download_file")
files_router.add_api_route(VENDOR_FILE_TEMPLATE, upload, methods=["PUT"], name="upload_file", openapi_extra=RAW_BODY)
files_router.add_api_route(VENDOR_FILE_TEMPLATE, delete_object, methods=["DELETE"], name="delete_file")
files_router.add_api_route(ANY_DEPTH, list_or_download, methods=["GET"], include_in_schema=False)
files_router.add_api_route(ANY_DEPTH, upload, methods=["PUT"], include_in_schema=False)
files_router.add_api_route(ANY_DEPTH, delete_object, methods=["DELETE"], include_in_schema=False)
# Not in the vendor's document (nor, being no standard method, in the simulator's OpenAPI one).
files_router.add_api_route(ANY_DEPTH, describe, methods=["DESCRIBE"], include_in_schema=False)


AREA = Area(name="storage_zones", prefix="/storagezone", error_style=LegacyStyle(), routers=(router,), fixture_fillers={"storage_zones": fill_storage_zones})
FILES_AREA = Area(name="edge_storage", prefix="/storage", error_style=StorageStyle(), routers=(files_router,))
