# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Stream videos: found by GUID or exact title, kept to their metadata, and uploaded once, by content.

The vendor's video model holds the SHA-256 of the original upload (``originalHash``): a local file
whose hash matches is not sent again, one whose hash differs replaces the video. The API takes a
video's content once ("already uploaded" for a second one), so a replacement is a new video with
the same title, collection and metadata, uploaded, and then the old one deleted: it gets a new GUID
(so new URLs) and starts with no views.

Content goes as one streamed request (``PUT``), or, for files of ``TUS_THRESHOLD`` bytes and more,
through the vendor's TUS endpoint in parts of ``TUS_CHUNK`` bytes, so that an interrupted upload
resumes where it stopped. Either way the file is read a block at a time, never whole, and an upload
whose outcome is unknown is settled by reading the video (its hash and status), never by sending
the file again blindly.
"""

import base64
import copy
import hashlib
import os
import random
import time
from urllib.parse import urljoin

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Failure, Plan, Read, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import gone, name_of

try:
    import requests
except ImportError:  # module.py fails the run with missing_required_lib("requests")
    requests = None

STATUS_NAMES = {"created": 0, "uploaded": 1, "processing": 2, "transcoding": 3, "finished": 4, "error": 5, "upload_failed": 6,
                "jit_segmenting": 7, "jit_playlists_created": 8}
PLAYABLE = (4, 8)
FAILED = (5, 6)
WITHOUT_CONTENT = (0, 6)
RESOLUTIONS = ["240p", "360p", "480p", "720p", "1080p", "1440p", "2160p"]
CODECS = ["x264", "vp9", "hevc", "av1"]
MIB = 1024 * 1024
# Files from this size on go through TUS, in parts of TUS_CHUNK: a part lost on the way costs one part, not the file.
TUS_THRESHOLD = 64 * MIB
TUS_CHUNK = 16 * MIB
TUS_VERSION = "1.0.0"
# How long a TUS upload's signature holds: longer than any upload of the run.
TUS_SIGNATURE_SECONDS = 24 * 3600
READ_BLOCK = MIB
DESCRIPTION_TAG = "description"
PLAYER = "https://iframe.mediadelivery.net"
# What a new video reads back with, apart from what only the API knows and what the options set.
NEW_VIDEO = {"views": 0, "isPublic": False, "status": 0, "captions": [], "chapters": [], "moments": [], "metaTags": [],
             "collectionId": "", "hasOriginal": False, "originalHash": None, "transcodingMessages": []}
# Result keys only the API knows of a video it has not made yet, or of content it has not encoded yet.
ENCODED_FIELDS = ("length", "width", "height", "framerate", "available_resolutions", "encode_progress", "thumbnail_count",
                  "has_mp4_fallback", "has_high_quality_preview", "output_codecs", "jit_encoding_enabled", "rotation", "category",
                  "thumbnail_file_name", "thumbnail_url", "thumbnail_blurhash", "average_watch_time", "total_watch_time")
SERVER_FIELDS = ("guid", "date_uploaded", "description", "smart_generate_status", "smart_generate_features_status", "urls") + ENCODED_FIELDS
UPLOAD_ENCODING = {"resolutions": "enabledResolutions", "output_codecs": "enabledOutputCodecs", "jit_encoding": "jitEnabled",
                   "transcribe": "transcribeEnabled", "transcribe_languages": "transcribeLanguages", "source_language": "sourceLanguage"}


def sha256_of(path):
    """The SHA-256 of a file, upper-case hex, read a megabyte at a time."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(READ_BLOCK), b""):
            digest.update(block)
    return digest.hexdigest().upper()


def video_path(library, guid):
    return library.path("/videos/{guid}", guid=guid)


# --- Reading -------------------------------------------------------------------------------------


def titled(module, library, title, collection_id=None):
    """Every video of the library whose title is exactly ``title`` (the API's search matches any part of it)."""
    query = {"search": title}
    if collection_id:
        query["collection"] = collection_id
    return [video for video in module.client.paginate_stream(library.path("/videos"), query) if video.get("title") == title]


def find_video(module, library, guid=None, title=None, missing_ok=False):
    """The video of ``guid``, or the one titled exactly ``title``; None when there is none. Two of the title fail, listed."""
    if guid is not None:
        try:
            return module.client.get(video_path(library, guid))
        except BunnyApiError as error:
            if missing_ok and error.status == 404:
                return None
            if error.status == 404:
                module.fail("Video %s was not found in library %s (HTTP 404)." % (guid, library.id), status=404)
            raise
    matches = titled(module, library, title)
    if len(matches) > 1:
        guids = [match["guid"] for match in matches]
        module.fail("%d videos of library %s are titled %r (GUIDs %s); give the guid of the one to manage." % (
            len(matches), library.id, title, ", ".join(guids)), guids=guids)
    return matches[0] if matches else None


def find_collection_id(module, library, name):
    """The GUID of the library's collection named exactly ``name``; None when there is none."""
    if not name:
        return ""
    matches = [item for item in module.client.paginate_stream(library.path("/collections"), {"search": name}) if item.get("name") == name]
    if len(matches) > 1:
        module.fail("%d collections of library %s are named %r (GUIDs %s); rename one." % (
            len(matches), library.id, name, ", ".join(match["guid"] for match in matches)))
    return matches[0]["guid"] if matches else None


def project_video(record, library):
    """The video as results show it: snake_case, its status by name, and the URLs a page embeds."""
    if record is None:
        return None
    projected = to_snake(record)
    projected["status"] = name_of(STATUS_NAMES, record.get("status"))
    projected["meta_tags"] = {tag.get("property"): tag.get("value") for tag in record.get("metaTags") or []}
    projected["collection_id"] = record.get("collectionId") or ""
    if record.get("originalHash"):
        projected["original_hash"] = record["originalHash"].upper()
    projected["urls"] = video_urls(library, record)
    return projected


def video_urls(library, record):
    """Where a page finds the video: the player, the HLS playlist, the thumbnail, the preview, MP4s and captions."""
    guid = record.get("guid")
    if guid is None:
        return None
    cdn = "https://%s/%s" % (library.cdn_hostname, guid) if library.cdn_hostname else None
    urls = {"embed": "%s/embed/%s/%s" % (PLAYER, library.id, guid), "play": "%s/play/%s/%s" % (PLAYER, library.id, guid)}
    if cdn:
        resolutions = [item for item in (record.get("availableResolutions") or "").split(",") if item]
        urls.update(
            playlist="%s/playlist.m3u8" % cdn,
            thumbnail="%s/%s" % (cdn, record.get("thumbnailFileName") or "thumbnail.jpg"),
            preview="%s/preview.webp" % cdn,
            mp4={resolution: "%s/play_%s.mp4" % (cdn, resolution) for resolution in resolutions} if record.get("hasMP4Fallback") else {},
            captions={caption.get("srclang"): "%s/captions/%s.vtt" % (cdn, caption.get("srclang")) for caption in record.get("captions") or []},
        )
    return urls


# --- What the task asks --------------------------------------------------------------------------


class Desired:
    """The metadata the options set, in the update model's names, and the content, captions and thumbnail they give."""

    def __init__(self, params, collection_id):
        self.title = params["title"]
        self.collection_id = collection_id
        self.chapters = [dict(title=item["title"], start=item["start"], end=item["end"]) for item in params["chapters"]] \
            if params["chapters"] is not None else None
        self.moments = [dict(label=item["label"], timestamp=item["timestamp"]) for item in params["moments"]] \
            if params["moments"] is not None else None
        tags = dict(params["meta_tags"] or {})
        if params["description"] is not None:
            tags[DESCRIPTION_TAG] = params["description"]
        self.tags = tags
        self.captions = params["captions"]
        self.purge_captions = params["purge_captions"]

    def changes(self, record):
        """The update-model properties that differ from ``record`` (title, collection, chapters, moments, meta tags)."""
        changes = {}
        if self.title is not None and record.get("title") != self.title:
            changes["title"] = self.title
        if self.collection_id is not None and (record.get("collectionId") or "") != self.collection_id:
            changes["collectionId"] = self.collection_id
        if self.chapters is not None and _timed(record.get("chapters"), ("title", "start", "end")) != self.chapters:
            changes["chapters"] = self.chapters
        if self.moments is not None and _timed(record.get("moments"), ("label", "timestamp")) != self.moments:
            changes["moments"] = self.moments
        present = {tag.get("property"): tag.get("value") for tag in record.get("metaTags") or []}
        if any(present.get(name) != value for name, value in self.tags.items()):
            merged = dict(present, **self.tags)
            changes["metaTags"] = [{"property": name, "value": value} for name, value in merged.items()]
        return changes

    def caption_changes(self, record):
        """``(captions to add or replace, languages to delete)``: a caption differs by its language and label."""
        present = {caption.get("srclang"): caption.get("label") for caption in record.get("captions") or []}
        wanted = self.captions or []
        adds = [caption for caption in wanted if present.get(caption["language"], object()) != caption_label(caption)]
        languages = {caption["language"] for caption in wanted}
        removes = [language for language in present if language not in languages] if self.purge_captions else []
        return adds, removes


def caption_label(caption):
    return caption.get("label") or caption["language"]


def _timed(items, keys):
    return [{key: item.get(key) if key in ("title", "label") else item.get(key) or 0 for key in keys} for item in items or []]


def predicted_record(record, changes, adds, removes):
    """``record`` after the metadata and caption writes."""
    after = copy.deepcopy(record)
    after.update(copy.deepcopy(changes))
    captions = [caption for caption in after.get("captions") or [] if caption.get("srclang") not in removes]
    for caption in adds:
        label = caption_label(caption)
        existing = next((item for item in captions if item.get("srclang") == caption["language"]), None)
        if existing is None:
            captions.append({"srclang": caption["language"], "label": label, "version": 1})
        else:
            existing.update(label=label, version=(existing.get("version") or 0) + 1)
    after["captions"] = captions
    return after


def upload_query(encoding):
    """The upload's query: the encoding options given, as the API spells them (lists comma-separated)."""
    query = {}
    for option, name in UPLOAD_ENCODING.items():
        value = (encoding or {}).get(option)
        if value is None or value == []:
            continue
        query[name] = ",".join(value) if isinstance(value, list) else (str(value).lower() if isinstance(value, bool) else value)
    return query


# --- Uploads -------------------------------------------------------------------------------------


class FileSlice:
    """``length`` bytes of an open file from ``offset``, read a block at a time: the body of one TUS part."""

    def __init__(self, handle, offset, length):
        self.handle = handle
        self.remaining = length
        self.length = length
        handle.seek(offset)

    def __len__(self):
        return self.length

    def read(self, size=-1):
        if self.remaining <= 0:
            return b""
        size = self.remaining if size is None or size < 0 else min(size, self.remaining)
        block = self.handle.read(size)
        self.remaining -= len(block)
        return block


class Upload:
    """The content of a video: a local file, sent once, streamed; its outcome settled by reading the video."""

    reads = False

    def __init__(self, library, plan, path, size, checksum, title, encoding, threshold=None):
        self.library = library
        self.plan = plan
        self.path = path
        self.size = size
        self.checksum = checksum
        self.title = title
        self.encoding = encoding
        self.threshold = TUS_THRESHOLD if threshold is None else threshold
        self.method = None

    @property
    def resumable(self):
        # TUS carries no encoding options: an upload that sets them is one request, whatever its size.
        return self.size >= self.threshold and not upload_query(self.encoding)

    def send(self, module):
        guid = self.plan.record["guid"]
        try:
            if self.resumable:
                self.method = "tus"
                self._tus(module, guid)
            else:
                self.method = "put"
                self._put(module, guid)
        except OSError as error:
            raise Failure("src could not be read: %s." % error) from None
        module.client.write_applied = True
        self.plan.result["uploaded"] = dict(bytes=self.size, sha256=self.checksum, method=self.method)

    def _holds_it(self, module, guid):
        """Whether the video holds this file now (a lost answer that took effect); raise when it holds another."""
        video = module.client.get(video_path(self.library, guid))
        held = (video.get("originalHash") or "").upper()
        if held == self.checksum:
            return True
        if video.get("status") not in WITHOUT_CONTENT:
            raise Failure("Video %s took other content while this upload's outcome was unknown (SHA-256 %s, not %s); nothing "
                          "was sent again." % (guid, held or "unknown", self.checksum), guid=guid)
        return False

    def _put(self, module, guid):
        client = module.client
        budget = client.retries
        attempts = 0
        while True:
            with open(self.path, "rb") as handle:
                try:
                    client.send_raw("PUT", video_path(self.library, guid), handle, headers={"Content-Type": "application/octet-stream"},
                                    params=upload_query(self.encoding) or None, retries=budget - attempts)
                    return
                except BunnyApiError as error:
                    attempts += error.attempts
                    if not error.outcome_unknown:
                        raise
                    if self._holds_it(module, guid):
                        client.note_settled("PUT", video_path(self.library, guid), "a read showed it applied")
                        return
                    if attempts > budget:
                        raise
                    client.note_settled("PUT", video_path(self.library, guid), "a read showed it not applied, so it was sent again")

    def _tus(self, module, guid):
        client = module.client
        library = self.library
        expire = str(int(time.time()) + TUS_SIGNATURE_SECONDS)
        signature = hashlib.sha256(("%s%s%s%s" % (library.id, library.api_key, expire, guid)).encode()).hexdigest()
        headers = {"AuthorizationSignature": signature, "AuthorizationExpire": expire, "LibraryId": str(library.id), "VideoId": guid,
                   "Tus-Resumable": TUS_VERSION}
        endpoint = client.api_url + "/tusupload"
        metadata = {"filetype": "application/octet-stream", "title": self.title or guid}
        if self.plan.record.get("collectionId"):
            metadata["collection"] = self.plan.record["collectionId"]
        session = TusSession(client, headers)
        answer = session.send("POST", endpoint, {"Upload-Length": str(self.size), "Upload-Metadata": ",".join(
            "%s %s" % (name, base64.b64encode(value.encode()).decode()) for name, value in metadata.items())})
        location = urljoin(endpoint, answer.headers["Location"])
        offset = 0
        with open(self.path, "rb") as handle:
            while offset < self.size:
                part = min(TUS_CHUNK, self.size - offset)
                reached = session.append(location, handle, offset, part)
                if reached is None:
                    # The part's answer was lost: the offset the server reached says how much of it arrived.
                    reached = int(session.send("HEAD", location).headers["Upload-Offset"])
                    client.note_settled("PATCH", "/tusupload", "the offset read back was %d, so the upload went on from there" % reached)
                offset = reached
        # Settled by reading: the video must hold this file's hash now.
        if not self._holds_it(module, guid):
            raise Failure("The upload of %s reached its last byte, but video %s does not hold it." % (self.path, guid), guid=guid)


class TusSession:
    """The requests of one TUS upload, each tried within the run's retry budget; a part is never resent blindly."""

    def __init__(self, client, headers):
        self.client = client
        self.headers = headers
        self.failures = 0

    def send(self, method, url, extra=None, data=None):
        while True:
            try:
                response = self._request(method, url, extra, data)
            except requests.exceptions.RequestException as exc:
                self._failed(method, url, None, str(exc))
                continue
            if response.status_code in (429, 502, 503, 504):
                self._failed(method, url, response, None)
                continue
            if response.status_code >= 300:
                raise self._error(method, url, response)
            return response

    def append(self, location, handle, offset, length):
        """Send one part; the offset reached, or None when the answer was lost (the server's offset then tells)."""
        extra = {"Upload-Offset": str(offset), "Content-Type": "application/offset+octet-stream"}
        try:
            response = self._request("PATCH", location, extra, FileSlice(handle, offset, length))
        except requests.exceptions.RequestException as exc:
            self._failed("PATCH", location, None, str(exc))
            return None
        if response.status_code in (409, 429, 502, 503, 504):
            self._failed("PATCH", location, response, None)
            return None
        if response.status_code >= 300:
            raise self._error("PATCH", location, response)
        return int(response.headers["Upload-Offset"])

    def _request(self, method, url, extra, data):
        client = self.client
        # Each TUS request is tried once by urllib3: this session decides what is tried again.
        client._adapter.max_retries = client._policy.new(total=0)
        headers = dict(self.headers, **(extra or {}))
        return client.session.request(method, url, data=data, headers=headers, timeout=client.timeout, allow_redirects=False,
                                      verify=client.validate_certs)

    def _failed(self, method, url, response, reason):
        self.failures += 1
        if self.failures > self.client.retries:
            raise BunnyApiError(method, url, response.status_code if response is not None else None, None, self.failures,
                                reason=reason or (response.reason if response is not None else None), retries_exhausted=True)
        time.sleep(random.uniform(0.05, 0.1) * min(2 ** self.failures, 20))

    @staticmethod
    def _error(method, url, response):
        try:
            body = response.json()
        except ValueError:
            body = response.text
        return BunnyApiError(method, url, response.status_code, body, reason=response.reason)


# --- The plan ------------------------------------------------------------------------------------


class VideoPlan:
    """Builds the plan of stream_video: the writes, in order, that make the library hold the video the task asks for."""

    def __init__(self, module, library, desired, current):
        self.module = module
        self.library = library
        self.desired = desired
        self.current = current
        self.params = module.params

    def absent(self):
        current = self.current
        if current is None:
            return Plan(before={}, after=None)
        plan = Plan(before=project_video(current, self.library), after=None, record=current)
        path = video_path(self.library, current["guid"])
        plan.add(Write("DELETE", path, confirm=lambda: gone(lambda: self.module.client.get(path))))
        return plan

    def present(self):
        params = self.params
        current = self.current
        local = self._local_file()
        replacing = current is not None and local is not None and self._differs(current, local)
        if replacing and params["replace"] == "never":
            self.module.fail("Video %s holds other content (SHA-256 %s) than src (SHA-256 %s), and replace is never." % (
                current["guid"], (current.get("originalHash") or "").upper(), local[1]), guid=current["guid"])
        fresh = current is None or replacing
        if current is None and self.desired.title is None:
            self.module.fail("Video %s does not exist; title is required to create it." % params["guid"])
        base = self._new_record(current if replacing else None) if fresh else current
        uploads = local is not None and (fresh or base.get("status") in WITHOUT_CONTENT)
        fetches = fresh and params["url"] is not None and local is None
        changes = self.desired.changes(base)
        adds, removes = self.desired.caption_changes(base)
        after = predicted_record(base, changes, adds, removes)
        if uploads:
            after.update(originalHash=local[1], hasOriginal=True, storageSize=local[0], status=STATUS_NAMES["uploaded"])
        if fetches:
            after.update(hasOriginal=True, status=STATUS_NAMES["uploaded"])
        if params["wait"] and (uploads or fetches or (after.get("status") not in PLAYABLE + WITHOUT_CONTENT)):
            after["status"] = STATUS_NAMES["finished"]
        projected_after = project_video(after, self.library)
        if fresh:
            projected_after.update((key, None) for key in SERVER_FIELDS)
        plan = Plan(before=project_video(current, self.library) if current else {}, after=projected_after, record=None if fresh else current)
        if fresh:
            self._create(plan, fetches, exclude=current["guid"] if replacing else None)
        if uploads:
            plan.add(Upload(self.library, plan, params["src"], local[0], local[1], self.desired.title or base.get("title"), params["encoding"],
                            threshold=TUS_THRESHOLD))
        if fresh:
            # What the create model does not take (and what a replaced video had) follows in an update of the new video.
            changes = {name: after[name] for name in ("chapters", "moments", "metaTags") if after.get(name)}
        if changes:
            plan.add(self._update(plan, changes))
        for caption in adds:
            plan.add(self._caption(plan, caption))
        for language in removes:
            plan.add(self._remove_caption(plan, language))
        if params["thumbnail"] is not None and fresh:
            plan.add(ThumbnailUpload(self.library, plan, params["thumbnail"]))
        if replacing:
            old_path = video_path(self.library, current["guid"])
            plan.add(Write("DELETE", old_path, confirm=lambda: gone(lambda: self.module.client.get(old_path))))
            plan.result["replaced"] = current["guid"]
        if params["wait"] and (plan.writes or (current or {}).get("status") not in PLAYABLE + WITHOUT_CONTENT):
            plan.add(self._wait(plan))
        elif plan.writes:
            plan.add(self._read(plan))
        return plan

    # Content

    def _local_file(self):
        src = self.params["src"]
        if src is None:
            return None
        if not os.path.isfile(src):
            self.module.fail("src %s is not a file." % src)
        return os.path.getsize(src), sha256_of(src)

    def _differs(self, current, local):
        if current.get("status") in WITHOUT_CONTENT:
            return False
        held = (current.get("originalHash") or "").upper()
        if not held:
            self.module.ansible.warn("Video %s has no originalHash, so its content cannot be compared with src; it is left as it is."
                                     % current["guid"])
            return False
        return held != local[1]

    def _new_record(self, replaced):
        record = copy.deepcopy(NEW_VIDEO)
        record.update(videoLibraryId=self.library.id, guid=None, title=self.desired.title)
        if replaced is not None:
            # A replacement keeps what the old video had, apart from what the task sets.
            record.update(title=replaced.get("title"), collectionId=replaced.get("collectionId") or "",
                          chapters=replaced.get("chapters") or [], moments=replaced.get("moments") or [],
                          metaTags=replaced.get("metaTags") or [])
        if self.desired.collection_id is not None:
            record["collectionId"] = self.desired.collection_id
        return record

    def _create(self, plan, fetches, exclude):
        module, library, params = self.module, self.library, self.params
        base = plan.after
        title = self.desired.title or base.get("title")
        collection = self.desired.collection_id if self.desired.collection_id is not None else base.get("collection_id") or ""

        def created():
            matches = [video for video in titled(module, library, title) if video["guid"] != exclude]
            return matches[0] if len(matches) == 1 else None

        def answered(answer):
            plan.record = answer if isinstance(answer, dict) and answer.get("guid") else created()
            if plan.record is None:
                raise Failure("The video %r was created, but no single video of that title could be read back." % title)
        query = {"collectionId": collection or None, "thumbnailTime": params["thumbnail_time"]}
        if fetches:
            body = {"url": params["url"], "title": title}
            if params["url_headers"]:
                body["headers"] = params["url_headers"]
            plan.add(Write("POST", library.path("/videos/fetch"), body, params={k: v for k, v in query.items() if v is not None},
                           confirm=created, answered=lambda answer: answered(None)))
            return
        body = {"title": title}
        if collection:
            body["collectionId"] = collection
        if params["thumbnail_time"] is not None:
            body["thumbnailTime"] = params["thumbnail_time"]
        plan.add(Write("POST", library.path("/videos"), body, confirm=created, answered=answered))

    # Metadata, captions, thumbnail

    def _update(self, plan, body):
        module, library = self.module, self.library

        def holding():
            video = module.client.get(video_path(library, plan.record["guid"]))
            return video if not self.desired.changes(video) else None
        return Write("POST", lambda: video_path(library, plan.record["guid"]), body, confirm=holding)

    def _caption(self, plan, caption):
        module, library = self.module, self.library
        try:
            with open(caption["src"], "rb") as handle:
                encoded = base64.b64encode(handle.read()).decode()
        except OSError as error:
            module.fail("captions: %s could not be read: %s." % (caption["src"], error))
        label = caption_label(caption)

        def path():
            return build_path(video_path(library, plan.record["guid"]) + "/captions/{language}", language=caption["language"])

        def holding():
            video = module.client.get(video_path(library, plan.record["guid"]))
            return video if any(item.get("srclang") == caption["language"] and item.get("label") == label
                                for item in video.get("captions") or []) else None
        return Write("POST", path, {"srclang": caption["language"], "label": label, "captionsFile": encoded}, confirm=holding)

    def _remove_caption(self, plan, language):
        module, library = self.module, self.library

        def path():
            return build_path(video_path(library, plan.record["guid"]) + "/captions/{language}", language=language)

        def removed():
            video = module.client.get(video_path(library, plan.record["guid"]))
            return video if not any(item.get("srclang") == language for item in video.get("captions") or []) else None
        return Write("DELETE", path, confirm=removed)

    # Reading back, and waiting

    def _read(self, plan):
        def read():
            return self.module.client.get(video_path(self.library, plan.record["guid"]))

        def answered(record):
            plan.record = record
            plan.after = project_video(record, self.library)
        return Read(read, answered)

    def _wait(self, plan):
        module, library, timeout = self.module, self.library, self.params["wait_timeout"]

        def read():
            deadline = time.monotonic() + timeout
            pause = 0.2
            while True:
                video = module.client.get(video_path(library, plan.record["guid"]))
                status = video.get("status")
                if status in PLAYABLE:
                    return video
                if status in FAILED:
                    messages = [message.get("message") for message in video.get("transcodingMessages") or [] if message.get("message")]
                    raise Failure("Video %s failed to encode (status %s): %s" % (
                        video["guid"], name_of(STATUS_NAMES, status), "; ".join(messages) or "the API gave no transcoding message."),
                        video=project_video(video, library), transcoding_messages=to_snake(video.get("transcodingMessages") or []))
                if status in WITHOUT_CONTENT and not plan.writes:
                    return video
                if time.monotonic() >= deadline:
                    raise Failure("Video %s was still %s (%s%%) after wait_timeout (%s seconds)." % (
                        video["guid"], name_of(STATUS_NAMES, status), video.get("encodeProgress"), timeout),
                        video=project_video(video, library))
                time.sleep(min(pause, max(0.0, deadline - time.monotonic())))
                pause = min(pause * 1.5, 5.0)

        def answered(record):
            plan.record = record
            plan.after = project_video(record, library)
        return Read(read, answered)


class ThumbnailUpload:
    """The video's thumbnail from a local image, sent as the request's body."""

    reads = False

    def __init__(self, library, plan, path):
        self.library = library
        self.plan = plan
        self.path = path

    def send(self, module):
        path = video_path(self.library, self.plan.record["guid"]) + "/thumbnail"
        try:
            with open(self.path, "rb") as handle:
                # Setting a thumbnail again to the same image is harmless: a lost answer is simply sent again.
                module.client.send_raw("POST", path, handle, headers={"Content-Type": "application/octet-stream"})
        except OSError as error:
            raise Failure("thumbnail %s could not be read: %s." % (self.path, error)) from None
        module.client.write_applied = True
