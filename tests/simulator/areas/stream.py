"""The Stream API under `/stream`: a library's collections and videos, uploads (one request or TUS), captions, thumbnails.

The vendor serves Stream on a host of its own (`https://video.bunnycdn.com`); the simulator serves
it under `/stream` of its one address, beside the management API whose video libraries it belongs
to, so one sandbox holds both and Stream requests share the request log and the faults.

Authentication is the library's: the `AccessKey` header carries the library's `ApiKey` (its
`ReadOnlyApiKey` for reads). The account's key is refused with 401, as on the service.

Stored collections and videos are kept in the shape the vendor's read models have
(`CollectionModel`, `VideoModel`), each with the id of its library; what only the simulator needs
(when encoding started, the upload's encoding options) is kept under keys starting with `_`, which
no answer shows. Content is never kept: an upload is read as a stream, and only its length, its
SHA-256 (`originalHash`) and its first bytes stay. A video moves from created (0) through uploaded
(1), processing (2) and transcoding (3) to finished (4) over the `encoding_seconds` setting, as it
is read; content that starts with `CORRUPT` ends in error (5) with the vendor's transcoding
messages instead, and so does a fixture video given status 5.

Resumable uploads follow the vendor's TUS endpoint (`/tusupload`, tus 1.0.0): a POST names the
video and the length in its headers (signed `sha256(library_id + api_key + expiration + video_id)`),
HEAD tells the offset reached, PATCH appends at that offset. A PATCH whose connection drops keeps
nothing of its body; one whose answer is lost (the `apply` fault) keeps all of it, and HEAD tells.
"""

import base64
import copy
import hashlib
import time
import weakref
from typing import Any, Dict, List, Optional
from urllib.parse import urlparse

from fastapi import APIRouter, Header, Query, Request
from starlette.responses import Response

from ..errors import ApiError, ErrorStyle, field_error
from ..ids import new_guid, new_id, utc_now
from ..responses import json_response
from ..state import SimulatorState
from ..validation import documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import Area, state_of

router = APIRouter(prefix="/stream", tags=["Stream"])

CreateCollection = vendor_request_model("stream", "UpdateCollectionModel")
CreateVideo = vendor_request_model("stream", "CreateVideoModel")
UpdateVideo = vendor_request_model("stream", "UpdateVideoModel")
FetchVideo = vendor_request_model("stream", "FetchVideoRequest")
AddCaption = vendor_request_model("stream", "CaptionModelAdd")
Transcribe = vendor_request_model("stream", "TranscribeSettings")
SmartGenerate = vendor_request_model("stream", "SmartGenerateModel")

STATUS = {"created": 0, "uploaded": 1, "processing": 2, "transcoding": 3, "finished": 4, "error": 5, "upload_failed": 6}
RESOLUTIONS = ("240p", "360p", "480p", "720p", "1080p", "1440p", "2160p")
CODECS = ("x264", "vp9", "hevc", "av1")
ORDERS = ("date", "title")
CORRUPT_MARK = b"CORRUPT"
TUS_VERSION = "1.0.0"
# Severity 3 (Error), issue code 7 (OriginalCorrupted), as the vendor's enums number them.
CORRUPT_MESSAGE = {"level": 3, "issueCode": 7, "message": "The original file is corrupted and could not be processed.", "value": None}
# Every property of the vendor's VideoModel, in its order, at the value a new video reads back with.
VIDEO_DEFAULTS = {
    "videoLibraryId": None,
    "guid": None,
    "title": None,
    "description": None,
    "dateUploaded": None,
    "views": 0,
    "isPublic": False,
    "length": 0,
    "status": 0,
    "framerate": 0.0,
    "rotation": None,
    "width": 0,
    "height": 0,
    "availableResolutions": None,
    "outputCodecs": "x264",
    "thumbnailCount": 0,
    "encodeProgress": 0,
    "storageSize": 0,
    "captions": [],
    "hasMP4Fallback": False,
    "collectionId": "",
    "thumbnailFileName": "thumbnail.jpg",
    "thumbnailUrl": None,
    "thumbnailBlurhash": None,
    "averageWatchTime": 0,
    "totalWatchTime": 0,
    "category": "unknown",
    "chapters": [],
    "moments": [],
    "metaTags": [],
    "transcodingMessages": [],
    "jitEncodingEnabled": False,
    "smartGenerateStatus": None,
    "smartGenerateFeaturesStatus": None,
    "hasOriginal": False,
    "originalHash": None,
    "hasHighQualityPreview": False,
}


class StreamStyle(ErrorStyle):
    """The Stream API's StatusModel: `{success: false, message, statusCode}`."""

    def body(self, error: ApiError, instance: str) -> Dict[str, Any]:
        message = error.message
        if error.errors:
            message = "; ".join(f"{item['field']}: {item['message']}" if item["field"] else item["message"] for item in error.errors)
        return {"success": False, "message": message, "statusCode": error.status}


def _ok(message: str = "OK", status: int = 200, **extra: Any):
    return json_response({"success": True, "message": message, "statusCode": status, **extra}, status)


# --- Fixtures ----------------------------------------------------------------------------------


def _fill_video(video: Dict[str, Any]) -> Dict[str, Any]:
    video.setdefault("guid", new_guid())
    video.setdefault("title", video["guid"])
    video.setdefault("dateUploaded", utc_now())
    filled = {name: video[name] if name in video else copy.deepcopy(value) for name, value in VIDEO_DEFAULTS.items()}
    filled.update(video)
    if filled["originalHash"] and filled["status"] == STATUS["created"]:
        filled["status"] = STATUS["finished"]
    if filled["status"] != STATUS["created"]:
        filled["hasOriginal"] = filled["originalHash"] is not None or filled["hasOriginal"]
    if filled["status"] == STATUS["error"] and not filled["transcodingMessages"]:
        filled["transcodingMessages"] = [dict(CORRUPT_MESSAGE, timeStamp=utc_now())]
    return filled


def fill_videos(videos: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    return [_fill_video(video) for video in videos]


def fill_collections(collections: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    return [{"videoLibraryId": collection["videoLibraryId"], "guid": collection.get("guid") or new_guid(), "name": collection.get("name")}
            for collection in collections]


# --- Authentication and lookups ------------------------------------------------------------------


def _library(request: Request, library_id: int, write: bool) -> Dict[str, Any]:
    """The library the AccessKey opens: its API key, or for reads its read-only key. The account's key opens none."""
    key = request.headers.get("AccessKey")
    state = state_of(request)
    for library in state.video_libraries:
        if library["Id"] == library_id:
            if key is not None and (key == library["ApiKey"] or (not write and key == library["ReadOnlyApiKey"])):
                return library
            break
    # An unknown library and a wrong key answer alike, so that library ids cannot be probed.
    raise ApiError(401, "The request authentication failed: the AccessKey is not this library's API key.")


def _collections(state: SimulatorState, library_id: int) -> List[Dict[str, Any]]:
    return [collection for collection in state.stream_collections if collection["videoLibraryId"] == library_id]


def _videos(state: SimulatorState, library_id: int) -> List[Dict[str, Any]]:
    return [video for video in state.stream_videos if video["videoLibraryId"] == library_id]


def _collection(state: SimulatorState, library_id: int, guid: str) -> Dict[str, Any]:
    for collection in _collections(state, library_id):
        if collection["guid"] == guid:
            return collection
    raise ApiError(404, "The requested collection was not found.")


def _video(state: SimulatorState, library_id: int, guid: str) -> Dict[str, Any]:
    for video in _videos(state, library_id):
        if video["guid"] == guid:
            _settle(state, video)
            return video
    raise ApiError(404, "The requested video was not found.")


def _public(video: Dict[str, Any]) -> Dict[str, Any]:
    return {name: copy.deepcopy(value) for name, value in video.items() if not name.startswith("_")}


def _collection_model(state: SimulatorState, collection: Dict[str, Any], include_thumbnails: bool, cdn: Optional[str]) -> Dict[str, Any]:
    videos = [video for video in _videos(state, collection["videoLibraryId"]) if video["collectionId"] == collection["guid"]]
    preview = [video["guid"] for video in videos[:3]]
    return {
        "videoLibraryId": collection["videoLibraryId"],
        "guid": collection["guid"],
        "name": collection["name"],
        "videoCount": len(videos),
        "totalSize": sum(video["storageSize"] for video in videos),
        "previewVideoIds": ",".join(preview) or None,
        "previewImageUrls": [f"https://{cdn}/{guid}/thumbnail.jpg" for guid in preview] if include_thumbnails else None,
    }


def _cdn_hostname(state: SimulatorState, library: Dict[str, Any]) -> str:
    zone = next((zone for zone in state.pull_zones if zone["Id"] == library["PullZoneId"]), None)
    for hostname in (zone or {}).get("Hostnames") or []:
        if hostname.get("IsSystemHostname"):
            return hostname["Value"]
    return f"vz-{library['Id']}.b-cdn.net"


def _page(items: List[Dict[str, Any]], page: int, per_page: int) -> Dict[str, Any]:
    start = (page - 1) * per_page
    return {"totalItems": len(items), "currentPage": page, "itemsPerPage": per_page, "items": items[start : start + per_page]}


def _refuse(field: Optional[str], message: str) -> ApiError:
    return ApiError(400, message, errors=[field_error(field, message)])


# --- Encoding ----------------------------------------------------------------------------------


def _settle(state: SimulatorState, video: Dict[str, Any]) -> None:
    """Move a video along its encoding by the time since its upload; checked whenever it is read."""
    started = video.get("_uploadedAt")
    if started is None or video["status"] not in (STATUS["uploaded"], STATUS["processing"], STATUS["transcoding"]):
        return
    if state.settings.encoding_steps_per_read:
        # One status on per read: uploaded at the first read after the upload, then processing,
        # transcoding (half way) and finished, whatever the time.
        step = video.get("_reads", 0)
        video["_reads"] = step + 1
        if step >= 3:
            _finish(state, video)
        elif step == 2:
            video.update(status=STATUS["transcoding"], encodeProgress=50)
        elif step == 1:
            video["status"] = STATUS["processing"]
        return
    total = state.settings.encoding_seconds
    elapsed = state.now() - started
    if elapsed >= total:
        _finish(state, video)
    elif elapsed >= 0.3 * total:
        video["status"] = STATUS["transcoding"]
        video["encodeProgress"] = min(99, int(100 * (elapsed - 0.3 * total) / (0.7 * total)))
    elif elapsed >= 0.1 * total:
        video["status"] = STATUS["processing"]


def _finish(state: SimulatorState, video: Dict[str, Any]) -> None:
    if video.get("_corrupt"):
        video.update(status=STATUS["error"], encodeProgress=0, transcodingMessages=[dict(CORRUPT_MESSAGE, timeStamp=utc_now())])
        return
    library = next((library for library in state.video_libraries if library["Id"] == video["videoLibraryId"]), {})
    encoding = video.get("_encoding") or {}
    resolutions = encoding.get("resolutions") or [item for item in (library.get("EnabledResolutions") or "").split(",") if item]
    size = video["storageSize"]
    video.update(
        status=STATUS["finished"],
        encodeProgress=100,
        availableResolutions=",".join(resolutions),
        # The simulator cannot decode a video: its length grows with its size, and every video is 1080p at 30 frames.
        length=max(1, size // 250_000),
        width=1920,
        height=1080,
        framerate=30.0,
        thumbnailCount=max(1, size // 2_500_000),
        hasMP4Fallback=bool(library.get("EnableMP4Fallback")),
        hasHighQualityPreview=True,
        transcodingMessages=[],
    )


def _uploaded(state: SimulatorState, video: Dict[str, Any], length: int, digest: str, head: bytes, encoding: Dict[str, Any]) -> None:
    video.update(
        status=STATUS["uploaded"], encodeProgress=0, storageSize=length, originalHash=digest, hasOriginal=True,
        _uploadedAt=state.now(), _reads=0, _corrupt=head.startswith(CORRUPT_MARK), _encoding=encoding,
    )
    if encoding.get("codecs"):
        video["outputCodecs"] = ",".join(encoding["codecs"])
    if encoding.get("jit") is not None:
        video["jitEncodingEnabled"] = encoding["jit"]


def _word_list(field: str, value: Optional[str], allowed) -> List[str]:
    words = [word.strip() for word in (value or "").split(",") if word.strip()]
    unknown = [word for word in words if word not in allowed]
    if unknown:
        raise _refuse(field, f"Unknown value {unknown[0]}; possible values: {', '.join(allowed)}.")
    return words


# --- Collections -------------------------------------------------------------------------------


@router.get("/library/{libraryId}/collections")
async def list_collections(
    request: Request,
    libraryId: int,
    page: int = Query(default=1, ge=1),
    itemsPerPage: int = Query(default=100, ge=1, le=1000),
    search: Optional[str] = None,
    orderBy: str = Query(default="date"),
    includeThumbnails: bool = False,
):
    """The search matches collection names without regard to case; `date` lists the newest first."""
    state = state_of(request)
    with state.lock:
        library = _library(request, libraryId, write=False)
        if orderBy not in ORDERS:
            raise _refuse("orderBy", f"orderBy must be one of {', '.join(ORDERS)}.")
        needle = search.lower() if search else None
        found = [collection for collection in _collections(state, libraryId) if needle is None or needle in (collection["name"] or "").lower()]
        found = sorted(found, key=lambda item: item["name"] or "") if orderBy == "title" else list(reversed(found))
        cdn = _cdn_hostname(state, library)
        return json_response(_page([_collection_model(state, item, includeThumbnails, cdn) for item in found], page, itemsPerPage))


@router.post("/library/{libraryId}/collections", openapi_extra=documented_body(CreateCollection))
async def create_collection(request: Request, libraryId: int):
    body = await read_body(request, CreateCollection)
    state = state_of(request)
    with state.lock:
        library = _library(request, libraryId, write=True)
        if not body.name:
            raise _refuse("name", "The collection name is required.")
        collection = {"videoLibraryId": libraryId, "guid": new_guid(), "name": body.name}
        state.stream_collections.append(collection)
        return json_response(_collection_model(state, collection, False, _cdn_hostname(state, library)))


@router.get("/library/{libraryId}/collections/{collectionId}")
async def get_collection(request: Request, libraryId: int, collectionId: str, includeThumbnails: bool = False):
    state = state_of(request)
    with state.lock:
        library = _library(request, libraryId, write=False)
        return json_response(_collection_model(state, _collection(state, libraryId, collectionId), includeThumbnails, _cdn_hostname(state, library)))


@router.post("/library/{libraryId}/collections/{collectionId}", openapi_extra=documented_body(CreateCollection))
async def update_collection(request: Request, libraryId: int, collectionId: str):
    body = await read_body(request, CreateCollection)
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        collection = _collection(state, libraryId, collectionId)
        if body.name is not None:
            if not body.name:
                raise _refuse("name", "The collection name cannot be empty.")
            collection["name"] = body.name
        return _ok()


@router.delete("/library/{libraryId}/collections/{collectionId}")
async def delete_collection(request: Request, libraryId: int, collectionId: str):
    """Deleting a collection deletes the videos in it, as the service does."""
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        collection = _collection(state, libraryId, collectionId)
        state.stream_collections.remove(collection)
        state.stream_videos[:] = [
            video for video in state.stream_videos if not (video["videoLibraryId"] == libraryId and video["collectionId"] == collectionId)
        ]
        return _ok()


# --- Videos ------------------------------------------------------------------------------------


@router.get("/library/{libraryId}/videos")
async def list_videos(
    request: Request,
    libraryId: int,
    page: int = Query(default=1, ge=1),
    itemsPerPage: int = Query(default=100, ge=1, le=1000),
    search: Optional[str] = None,
    collection: Optional[str] = None,
    orderBy: str = Query(default="date"),
):
    """The search matches titles without regard to case; `collection` takes a collection's GUID; `date` lists the newest first."""
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=False)
        if orderBy not in ORDERS:
            raise _refuse("orderBy", f"orderBy must be one of {', '.join(ORDERS)}.")
        needle = search.lower() if search else None
        found = []
        for video in _videos(state, libraryId):
            _settle(state, video)
            if (needle is None or needle in (video["title"] or "").lower()) and (collection is None or video["collectionId"] == collection):
                found.append(_public(video))
        found = sorted(found, key=lambda item: item["title"] or "") if orderBy == "title" else list(reversed(found))
        return json_response(_page(found, page, itemsPerPage))


def _check_collection(state: SimulatorState, library_id: int, collection_id: Optional[str]) -> None:
    if collection_id and not any(item["guid"] == collection_id for item in _collections(state, library_id)):
        raise _refuse("collectionId", f"The collection {collection_id} does not exist in this library.")


@router.post("/library/{libraryId}/videos", openapi_extra=documented_body(CreateVideo))
async def create_video(request: Request, libraryId: int):
    body = await read_body(request, CreateVideo)
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        _check_collection(state, libraryId, body.collectionId)
        video = _fill_video({"videoLibraryId": libraryId, "title": body.title, "collectionId": body.collectionId or ""})
        if body.thumbnailTime is not None:
            video["_thumbnailTime"] = body.thumbnailTime
        state.stream_videos.append(video)
        return json_response(_public(video))


@router.post("/library/{libraryId}/videos/fetch", openapi_extra=documented_body(FetchVideo))
async def fetch_video(request: Request, libraryId: int, collectionId: Optional[str] = None, thumbnailTime: Optional[int] = None):
    """The simulator has no network: the fetched content is made from the URL, and a URL with `unreachable` in it fails with 422."""
    body = await read_body(request, FetchVideo)
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        parsed = urlparse(body.url)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise _refuse("url", "The URL must be an absolute http or https URL.")
        if "unreachable" in body.url:
            raise ApiError(422, "Unable to fetch the video from the origin.")
        _check_collection(state, libraryId, collectionId)
        title = body.title or parsed.path.rsplit("/", 1)[-1] or parsed.netloc
        video = _fill_video({"videoLibraryId": libraryId, "title": title, "collectionId": collectionId or ""})
        content = body.url.encode()
        _uploaded(state, video, 5_000_000, hashlib.sha256(content).hexdigest().upper(), content, {})
        state.stream_videos.append(video)
        return _ok()


@router.get("/library/{libraryId}/videos/{videoId}")
async def get_video(request: Request, libraryId: int, videoId: str):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=False)
        return json_response(_public(_video(state, libraryId, videoId)))


@router.post("/library/{libraryId}/videos/{videoId}", openapi_extra=documented_body(UpdateVideo))
async def update_video(request: Request, libraryId: int, videoId: str):
    """Only the properties sent change; a list sent replaces the video's list; an empty collectionId takes the video out of its collection."""
    body = (await read_body(request, UpdateVideo)).model_dump(exclude_none=True)
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        video = _video(state, libraryId, videoId)
        if "title" in body and not body["title"]:
            raise _refuse("title", "The title cannot be empty.")
        _check_collection(state, libraryId, body.get("collectionId"))
        for chapter in body.get("chapters") or []:
            if chapter.get("end", 0) < chapter.get("start", 0):
                raise _refuse("chapters", f"The chapter {chapter['title']!r} ends before it starts.")
        for name in ("title", "collectionId", "chapters", "moments", "metaTags"):
            if name in body:
                video[name] = body[name]
        for chapter in video["chapters"]:
            chapter.setdefault("start", 0)
            chapter.setdefault("end", 0)
        for moment in video["moments"]:
            moment.setdefault("timestamp", 0)
        video["metaTags"] = [{"property": tag.get("property"), "value": tag.get("value")} for tag in video["metaTags"]]
        return _ok()


@router.delete("/library/{libraryId}/videos/{videoId}")
async def delete_video(request: Request, libraryId: int, videoId: str):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        state.stream_videos.remove(_video(state, libraryId, videoId))
        return _ok()


RAW_BODY = {"requestBody": {"content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}


@router.put("/library/{libraryId}/videos/{videoId}", openapi_extra=RAW_BODY)
async def upload_video(
    request: Request,
    libraryId: int,
    videoId: str,
    jitEnabled: Optional[bool] = None,
    enabledResolutions: Optional[str] = None,
    enabledOutputCodecs: Optional[str] = None,
    transcribeEnabled: Optional[bool] = None,
    transcribeLanguages: Optional[str] = None,
    sourceLanguage: Optional[str] = None,
    generateTitle: Optional[bool] = None,
    generateDescription: Optional[bool] = None,
    generateChapters: Optional[bool] = None,
    generateMoments: Optional[bool] = None,
):
    """The body is the video's content, read as a stream; a video that has content already answers 400."""
    state = state_of(request)
    encoding = {
        "resolutions": _word_list("enabledResolutions", enabledResolutions, RESOLUTIONS),
        "codecs": _word_list("enabledOutputCodecs", enabledOutputCodecs, CODECS),
        "jit": jitEnabled,
        "transcribe": transcribeEnabled,
        "languages": [word.strip() for word in (transcribeLanguages or "").split(",") if word.strip()],
        "source_language": sourceLanguage,
    }
    with state.lock:
        _library(request, libraryId, write=True)
        video = _video(state, libraryId, videoId)
        if video["status"] not in (STATUS["created"], STATUS["upload_failed"]):
            raise ApiError(400, "The requested video was already uploaded.")
    digest = hashlib.sha256()
    length = 0
    head = b""
    async for chunk in request.stream():
        digest.update(chunk)
        if len(head) < len(CORRUPT_MARK):
            head += chunk[: len(CORRUPT_MARK)]
        length += len(chunk)
    if length == 0:
        raise _refuse(None, "The request body is empty: send the video's content.")
    with state.lock:
        video = _video(state, libraryId, videoId)
        if video["status"] not in (STATUS["created"], STATUS["upload_failed"]):
            raise ApiError(400, "The requested video was already uploaded.")
        _uploaded(state, video, length, digest.hexdigest().upper(), head, encoding)
        return _ok("Video uploaded.")


@router.post("/library/{libraryId}/videos/{videoId}/thumbnail", openapi_extra=RAW_BODY)
async def set_thumbnail(request: Request, libraryId: int, videoId: str, thumbnailUrl: Optional[str] = None):
    """The body is the image, or `thumbnailUrl` names one to fetch."""
    state = state_of(request)
    image = await request.body()
    with state.lock:
        _library(request, libraryId, write=True)
        video = _video(state, libraryId, videoId)
        if not image and not thumbnailUrl:
            raise _refuse(None, "Send the image as the body, or its URL as thumbnailUrl.")
        if thumbnailUrl and "unreachable" in thumbnailUrl:
            raise ApiError(422, "Unable to fetch the thumbnail from the origin.")
        video["thumbnailFileName"] = f"thumbnail_{new_id(8).lower()}.jpg"
        video["thumbnailUrl"] = thumbnailUrl
        video["thumbnailCount"] = video["thumbnailCount"] + 1
        return _ok()


@router.post("/library/{libraryId}/videos/{videoId}/captions/{srclang}", openapi_extra=documented_body(AddCaption))
async def add_caption(request: Request, libraryId: int, videoId: str, srclang: str):
    """The captions file comes base64-encoded; WebVTT and SubRip are taken. A caption of the same language is replaced."""
    body = await read_body(request, AddCaption)
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        video = _video(state, libraryId, videoId)
        errors = []
        try:
            text = base64.b64decode(body.captionsFile or "", validate=True).decode("utf-8-sig")
        except ValueError:
            text = ""
            errors.append("The captions file is not base64-encoded UTF-8 text.")
        if not errors and not (text.lstrip().startswith("WEBVTT") or "-->" in text):
            errors.append("The captions file is neither WebVTT nor SubRip.")
        if errors:
            return json_response(
                {"success": False, "message": "Failed uploading the captions.", "statusCode": 400,
                 "data": {"valid": False, "errorList": errors, "warningList": [], "warningMessage": None}}, 400)
        existing = next((caption for caption in video["captions"] if caption["srclang"] == srclang), None)
        if existing is None:
            video["captions"].append({"srclang": srclang, "label": body.label or srclang, "version": 1})
        else:
            existing.update(label=body.label or srclang, version=existing["version"] + 1)
        return _ok(data={"valid": True, "errorList": [], "warningList": [], "warningMessage": None})


@router.delete("/library/{libraryId}/videos/{videoId}/captions/{srclang}")
async def delete_caption(request: Request, libraryId: int, videoId: str, srclang: str):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        video = _video(state, libraryId, videoId)
        kept = [caption for caption in video["captions"] if caption["srclang"] != srclang]
        if len(kept) == len(video["captions"]):
            raise ApiError(400, f"The video has no captions in {srclang}.")
        video["captions"] = kept
        return _ok()


def _restart_encoding(state: SimulatorState, library_id: int, video_id: str) -> Dict[str, Any]:
    video = _video(state, library_id, video_id)
    if not video["hasOriginal"]:
        raise ApiError(400, "The video has no original file to encode.")
    video.update(status=STATUS["uploaded"], encodeProgress=0, _uploadedAt=state.now(), _reads=0)
    return _public(video)


@router.post("/library/{libraryId}/videos/{videoId}/reencode")
async def reencode_video(request: Request, libraryId: int, videoId: str):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        return json_response(_restart_encoding(state, libraryId, videoId))


@router.put("/library/{libraryId}/videos/{videoId}/outputs/{outputCodecId}")
async def reencode_with_codec(request: Request, libraryId: int, videoId: str, outputCodecId: int):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        if outputCodecId not in range(len(CODECS)):
            raise _refuse("outputCodecId", f"The output codec must be 0 to {len(CODECS) - 1}.")
        video = _video(state, libraryId, videoId)
        codecs = [codec for codec in video["outputCodecs"].split(",") if codec]
        if CODECS[outputCodecId] not in codecs:
            video["outputCodecs"] = ",".join(codecs + [CODECS[outputCodecId]])
        return json_response(_restart_encoding(state, libraryId, videoId))


@router.post("/library/{libraryId}/videos/{videoId}/repackage")
async def repackage_video(request: Request, libraryId: int, videoId: str, keepOriginalFiles: bool = True):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        return json_response(_restart_encoding(state, libraryId, videoId))


@router.post("/library/{libraryId}/videos/{videoId}/transcribe", openapi_extra=documented_body(Transcribe))
async def transcribe_video(request: Request, libraryId: int, videoId: str, force: bool = False):
    body = await read_body(request, Transcribe)
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        video = _video(state, libraryId, videoId)
        if video["status"] != STATUS["finished"]:
            raise ApiError(400, "Only a video that has finished encoding can be transcribed.")
        for language in body.targetLanguages or []:
            if force or not any(caption["srclang"] == language for caption in video["captions"]):
                video["captions"] = [caption for caption in video["captions"] if caption["srclang"] != language]
                video["captions"].append({"srclang": language, "label": f"{language} (auto)", "version": 1})
        return _ok()


@router.post("/library/{libraryId}/videos/{videoId}/smart", openapi_extra=documented_body(SmartGenerate))
async def smart_generate(request: Request, libraryId: int, videoId: str):
    body = await read_body(request, SmartGenerate)
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        video = _video(state, libraryId, videoId)
        features = {name: (1 if getattr(body, "generate" + name.capitalize()) else 0) for name in ("title", "description", "chapters", "moments")}
        video["smartGenerateStatus"] = 1
        video["smartGenerateFeaturesStatus"] = features
        return _ok("Smart generation queued.", 202)


@router.get("/library/{libraryId}/videos/{videoId}/heatmap")
async def video_heatmap(request: Request, libraryId: int, videoId: str):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=False)
        _video(state, libraryId, videoId)
        return json_response({"heatmap": {}})


def _play_data(state: SimulatorState, library: Dict[str, Any], video: Dict[str, Any]) -> Dict[str, Any]:
    cdn = _cdn_hostname(state, library)
    base = f"https://{cdn}/{video['guid']}"
    return {
        "video": _public(video),
        "libraryName": library["Name"],
        "pullZoneId": library["PullZoneId"],
        "captionsPath": f"{base}/captions/",
        "seekPath": f"{base}/seek/_TRACK_.jpg",
        "thumbnailUrl": f"{base}/{video['thumbnailFileName']}",
        "fallbackUrl": f"{base}/play_720p.mp4",
        "videoPlaylistUrl": f"{base}/playlist.m3u8",
        "originalUrl": f"{base}/original",
        "previewUrl": f"{base}/preview.webp",
        "controls": library.get("Controls"),
        "enableDRM": bool(library.get("EnableDRM")),
        "drmVersion": library.get("DrmVersion") or 0,
        "playerKeyColor": library.get("PlayerKeyColor"),
        "vastTagUrl": library.get("VastTagUrl"),
        "viAiPublisherId": library.get("ViAiPublisherId"),
        "captionsFontSize": library.get("CaptionsFontSize") or 20,
        "captionsFontColor": library.get("CaptionsFontColor"),
        "captionsBackground": library.get("CaptionsBackground"),
        "uiLanguage": library.get("UILanguage"),
        "allowEarlyPlay": bool(library.get("AllowEarlyPlay")),
        "tokenAuthEnabled": False,
        "enableMP4Fallback": bool(library.get("EnableMP4Fallback")),
        "showHeatmap": bool(library.get("ShowHeatmap")),
        "fontFamily": library.get("FontFamily"),
        "playbackSpeeds": library.get("PlaybackSpeeds"),
        "widevineMinClientSecurityLevel": None,
        "widevineEmeRobustness": None,
        "widevineSdOnlyForL3": False,
        "maxSoftwareWidevineResolution": None,
        "zoneTier": 0,
        "isPlayable": video["status"] == STATUS["finished"],
        "isPlaylistPlayable": video["status"] == STATUS["finished"],
        "preferredPlaybackSource": "Playlist" if video["status"] == STATUS["finished"] else "None",
        "rememberPlayerPosition": bool(library.get("RememberPlayerPosition")),
        "customCss": None,
        "exposeVideoMetadata": bool(library.get("ExposeVideoMetadata")),
        "enableCompactControls": bool(library.get("EnableCompactControls")),
    }


@router.get("/library/{libraryId}/videos/{videoId}/play")
async def video_play_data(request: Request, libraryId: int, videoId: str, token: Optional[str] = None, expires: Optional[int] = None):
    state = state_of(request)
    with state.lock:
        library = _library(request, libraryId, write=False)
        return json_response(_play_data(state, library, _video(state, libraryId, videoId)))


@router.get("/library/{libraryId}/videos/{videoId}/play/heatmap")
async def video_play_heatmap(request: Request, libraryId: int, videoId: str, token: Optional[str] = None, expires: Optional[int] = None):
    return await video_play_data(request, libraryId, videoId, token, expires)


@router.get("/library/{libraryId}/statistics")
async def video_statistics(
    request: Request, libraryId: int, dateFrom: Optional[str] = None, dateTo: Optional[str] = None, hourly: bool = False, videoGuid: Optional[str] = None
):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=False)
        if videoGuid:
            _video(state, libraryId, videoGuid)
        return json_response({"viewsChart": {}, "watchTimeChart": {}, "countryViewCounts": {}, "countryWatchTime": {}, "engagementScore": 0})


@router.get("/library/{libraryId}/videos/{videoId}/resolutions")
async def video_resolutions(request: Request, libraryId: int, videoId: str):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=False)
        video = _video(state, libraryId, videoId)
        available = [item for item in (video["availableResolutions"] or "").split(",") if item]
        configured = (video.get("_encoding") or {}).get("resolutions") or available
        references = [{"resolution": item, "path": f"/{video['guid']}/{item}/video.m3u8"} for item in available]
        data = {
            "videoId": video["guid"], "videoLibraryId": libraryId, "availableResolutions": available, "configuredResolutions": configured,
            "playlistResolutions": references, "storageResolutions": references, "mp4Resolutions": [], "storageObjects": [], "oldResolutions": [],
            "hasBothOldAndNewResolutionFormat": False, "hasOriginal": bool(video["hasOriginal"]),
        }  # fmt: skip
        return _ok(data=data)


@router.get("/library/{libraryId}/videos/{videoId}/storage")
async def video_storage_size(request: Request, libraryId: int, videoId: str):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=False)
        video = _video(state, libraryId, videoId)
        data = {"encoded": {}, "thumbnails": 0, "previews": 0, "originals": video["storageSize"], "mp4Fallback": 0, "miscellaneous": 0,
                "calculatedAt": utc_now()}
        return _ok(data=data)


@router.post("/library/{libraryId}/videos/{videoId}/resolutions/cleanup")
async def cleanup_resolutions(
    request: Request,
    libraryId: int,
    videoId: str,
    resolutionsToDelete: Optional[str] = None,
    deleteNonConfiguredResolutions: bool = False,
    allResolutions: bool = False,
    deleteOriginal: bool = False,
    outputs: Optional[str] = None,
    deleteMp4Files: bool = False,
    dryRun: bool = False,
):
    state = state_of(request)
    with state.lock:
        _library(request, libraryId, write=True)
        video = _video(state, libraryId, videoId)
        doomed = set(_word_list("resolutionsToDelete", resolutionsToDelete, RESOLUTIONS))
        if not dryRun:
            available = [item for item in (video["availableResolutions"] or "").split(",") if item]
            video["availableResolutions"] = "" if allResolutions else ",".join(item for item in available if item not in doomed)
            if deleteOriginal:
                video["hasOriginal"] = False
        return _ok()


@router.get("/OEmbed")
async def oembed(request: Request, url: Optional[str] = None, maxWidth: Optional[int] = None, maxHeight: Optional[int] = None,
                 token: Optional[str] = None, expires: Optional[int] = None):
    """The embed code of a player URL (`https://iframe.mediadelivery.net/embed/{library}/{video}`); it needs no key."""
    parts = urlparse(url or "").path.strip("/").split("/")
    if len(parts) != 3 or parts[0] not in ("embed", "play") or not parts[1].isdigit():
        raise _refuse("url", "The URL must be a player URL: https://iframe.mediadelivery.net/embed/{libraryId}/{videoId}.")
    state = state_of(request)
    with state.lock:
        video = _video(state, int(parts[1]), parts[2])
        library = next(library for library in state.video_libraries if library["Id"] == video["videoLibraryId"])
        width, height = min(maxWidth or 1280, 1280), min(maxHeight or 720, 720)
        embed = f"https://iframe.mediadelivery.net/embed/{parts[1]}/{parts[2]}"
        return json_response({
            "version": "1.0", "title": video["title"], "type": "video",
            "thumbnail_url": f"https://{_cdn_hostname(state, library)}/{video['guid']}/{video['thumbnailFileName']}",
            "thumbnail_width": width, "thumbnail_height": height, "width": width, "height": height,
            "html": f'<iframe src="{embed}" width="{width}" height="{height}" allowfullscreen></iframe>',
            "provider_name": "bunny.net", "provider_url": "https://bunny.net",
        })  # fmt: skip


# --- TUS resumable uploads ---------------------------------------------------------------------


class TusUpload:
    def __init__(self, library_id: int, video_id: str, length: int, metadata: Dict[str, str]):
        self.library_id = library_id
        self.video_id = video_id
        self.length = length
        self.metadata = metadata
        self.offset = 0
        self.digest = hashlib.sha256()
        self.head = b""


_TUS: "weakref.WeakKeyDictionary[SimulatorState, Dict[str, TusUpload]]" = weakref.WeakKeyDictionary()


def _uploads(state: SimulatorState) -> Dict[str, TusUpload]:
    return _TUS.setdefault(state, {})


def _tus_headers(**extra: Any) -> Dict[str, str]:
    return {"Tus-Resumable": TUS_VERSION, **{name: str(value) for name, value in extra.items()}}


def _tus_metadata(header: Optional[str]) -> Dict[str, str]:
    metadata = {}
    for pair in (header or "").split(","):
        if not pair.strip():
            continue
        name, _space, value = pair.strip().partition(" ")
        try:
            metadata[name] = base64.b64decode(value).decode("utf-8") if value else ""
        except ValueError:
            raise ApiError(400, f"The Upload-Metadata value of {name} is not base64-encoded UTF-8.") from None
    return metadata


def _tus_authorised(state: SimulatorState, request: Request) -> Dict[str, Any]:
    """The library and the video the presigned headers name; 401 for a wrong signature or one that expired."""
    headers = request.headers
    library_id, video_id = headers.get("LibraryId", ""), headers.get("VideoId", "")
    expire, signature = headers.get("AuthorizationExpire", ""), headers.get("AuthorizationSignature", "")
    library = next((library for library in state.video_libraries if str(library["Id"]) == library_id), None)
    if library is None or not expire.isdigit() or int(expire) < time.time():
        raise ApiError(401, "The upload authorization is missing or has expired.")
    expected = hashlib.sha256(f"{library['Id']}{library['ApiKey']}{expire}{video_id}".encode()).hexdigest()
    if signature.lower() != expected:
        raise ApiError(401, "The AuthorizationSignature does not match.")
    return library


@router.options("/tusupload", include_in_schema=False)
async def tus_options():
    return Response(status_code=204, headers=_tus_headers(**{"Tus-Version": TUS_VERSION, "Tus-Extension": "creation"}))


@router.post("/tusupload", include_in_schema=False)
async def tus_create(request: Request, upload_length: Optional[int] = Header(default=None, alias="Upload-Length"),
                     upload_metadata: Optional[str] = Header(default=None, alias="Upload-Metadata")):
    """Start an upload of the video the headers name; its Location is where its content goes."""
    state = state_of(request)
    with state.lock:
        library = _tus_authorised(state, request)
        video = _video(state, library["Id"], request.headers["VideoId"])
        if upload_length is None or upload_length <= 0:
            raise ApiError(400, "Upload-Length is required and must be positive.")
        if video["status"] not in (STATUS["created"], STATUS["upload_failed"]):
            raise ApiError(400, "The requested video was already uploaded.")
        metadata = _tus_metadata(upload_metadata)
        if not metadata.get("filetype") or not metadata.get("title"):
            raise ApiError(400, "Upload-Metadata must give filetype and title.")
        upload_id = new_id(24).lower()
        _uploads(state)[upload_id] = TusUpload(library["Id"], video["guid"], upload_length, metadata)
        return Response(status_code=201, headers=_tus_headers(Location=f"{router.prefix}/tusupload/{upload_id}"))


def _tus_upload(state: SimulatorState, request: Request, upload_id: str) -> TusUpload:
    library = _tus_authorised(state, request)
    upload = _uploads(state).get(upload_id)
    if upload is None or upload.library_id != library["Id"] or upload.video_id != request.headers.get("VideoId"):
        raise ApiError(404, "The upload was not found.")
    return upload


@router.head("/tusupload/{uploadId}", include_in_schema=False)
async def tus_offset(request: Request, uploadId: str):
    state = state_of(request)
    with state.lock:
        upload = _tus_upload(state, request, uploadId)
        return Response(status_code=200, headers=_tus_headers(**{"Upload-Offset": upload.offset, "Upload-Length": upload.length, "Cache-Control": "no-store"}))


@router.patch("/tusupload/{uploadId}", include_in_schema=False)
async def tus_append(request: Request, uploadId: str, upload_offset: Optional[int] = Header(default=None, alias="Upload-Offset")):
    """Append the body at the offset reached; the last byte makes the video uploaded, with its SHA-256."""
    state = state_of(request)
    with state.lock:
        upload = _tus_upload(state, request, uploadId)
        if request.headers.get("Content-Type") != "application/offset+octet-stream":
            raise ApiError(415, "A PATCH must be sent as application/offset+octet-stream.")
        if upload_offset != upload.offset:
            raise ApiError(409, f"Upload-Offset {upload_offset} is not the offset reached, {upload.offset}.")
    received = 0
    async for chunk in request.stream():
        if upload.offset + received + len(chunk) > upload.length:
            raise ApiError(400, "The content is longer than Upload-Length.")
        upload.digest.update(chunk)
        if len(upload.head) < len(CORRUPT_MARK):
            upload.head += chunk[: len(CORRUPT_MARK)]
        received += len(chunk)
    with state.lock:
        upload.offset += received
        if upload.offset == upload.length:
            del _uploads(state)[uploadId]
            video = _video(state, upload.library_id, upload.video_id)
            if upload.metadata.get("collection"):
                video["collectionId"] = upload.metadata["collection"]
            _uploaded(state, video, upload.length, upload.digest.hexdigest().upper(), upload.head, {})
        return Response(status_code=204, headers=_tus_headers(**{"Upload-Offset": upload.offset}))


AREA = Area(
    name="stream",
    prefix="/stream",
    error_style=StreamStyle(),
    routers=(router,),
    fixture_fillers={"stream_collections": fill_collections, "stream_videos": fill_videos},
)
