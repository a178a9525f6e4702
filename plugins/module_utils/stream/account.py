# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Stream as the account sees it: video libraries (the video_library role's hosts) and the
collections and videos each holds (a stream_catalogue role's host per library that holds any)."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    InventoryError,
    ItemList,
    Part,
    Settings,
    Shape,
    drift,
    settled,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.account import pull_zones
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    VIDEO_LIBRARY_REFERRERS,
    canonical,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.collections import StreamClient
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import SECRET_KEYS as VIDEO_LIBRARY_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import VIDEO_LIBRARY, with_zone
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.videos import DESCRIPTION_TAG


def libraries(reads):
    """The account's video libraries, listed once: a kind of their own, and the catalogues they hold."""
    return reads.once("video libraries", None, lambda: VIDEO_LIBRARY.list(reads.client))


def library_of(reads, library):
    """A video library with the token authentication settings its pull zone keeps, the zone taken from the
    account's list of pull zones rather than read one by one."""
    zones = reads.once("pull zones by id", None, lambda: {zone["Id"]: zone for zone in pull_zones(reads)})
    return reads.once("library", library["Id"], lambda: with_zone(library, zones.get(library.get("PullZoneId")) or {}))


VIDEO_LIBRARY_SHAPE = Shape("video_library", "video_library_name", (
    Fixed("video_library_name", lambda library: library["Name"]),
    Settings("video_library_settings", VIDEO_LIBRARY, record_of=library_of),
    ItemList("video_library_allowed_referrers", VIDEO_LIBRARY_REFERRERS["allowed_referrers"],
             lambda reads, library: library.get("AllowedReferrers") or [], to_options=str, to_api=lambda name, library: canonical(name)),
    ItemList("video_library_blocked_referrers", VIDEO_LIBRARY_REFERRERS["blocked_referrers"],
             lambda reads, library: library.get("BlockedReferrers") or [], to_options=str, to_api=lambda name, library: canonical(name)),
    Fixed("video_library_purge", True),
))


# --- The catalogue: collections and videos, read through the library's own key ---------------------

def catalogue(reads, library):
    """``{Id, Name, Collections, Videos}`` of a library as the Stream API lists them, read once with the
    library's read-only key (the account's key opens no library); no key is kept in it."""
    def read():
        core = reads.client
        stream = StreamClient(library.get("ReadOnlyApiKey") or library.get("ApiKey") or "", reads.stream_api_url, core.timeout, core.retries,
                              validate_certs=core.validate_certs)
        path = "/library/%d" % library["Id"]
        return {"Id": library["Id"], "Name": library["Name"],
                "Collections": list(stream.paginate_stream(path + "/collections")),
                "Videos": list(stream.paginate_stream(path + "/videos"))}
    return reads.once("catalogue", library["Id"], read)


def catalogues(reads):
    """The catalogue of every library that holds a collection or a video."""
    return [found for found in (catalogue(reads, library) for library in libraries(reads)) if found["Collections"] or found["Videos"]]


def _collection_names(record):
    return {collection.get("guid"): collection.get("name") for collection in record["Collections"]}


def video_options(record, video):
    """A video as an item of stream_catalogue_videos: what the role sets of it, its GUID and its original's SHA-256."""
    tags = {tag.get("property"): tag.get("value") for tag in video.get("metaTags") or []}
    return settled({
        "title": video.get("title"),
        "guid": video.get("guid"),
        # A video in no collection is written as in none (""), so that one moved into a collection is drift.
        "collection": _collection_names(record).get(video.get("collectionId"), "") if video.get("collectionId") else "",
        "description": tags.pop(DESCRIPTION_TAG, None),
        "meta_tags": tags or None,
        "chapters": [{"title": chapter.get("title"), "start": chapter.get("start") or 0, "end": chapter.get("end") or 0}
                     for chapter in video.get("chapters") or []] or None,
        "moments": [{"label": moment.get("label"), "timestamp": moment.get("timestamp") or 0} for moment in video.get("moments") or []] or None,
        "sha256": (video.get("originalHash") or "").upper() or None,
    })


def _same_list(wanted, held, keys):
    normal = [{key: item.get(key) if key in ("title", "label") else item.get(key) or 0 for key in keys} for item in wanted or []]
    return normal == (held or [])


def matched_videos(record, listed):
    """Each video of ``listed`` with the library's video it stands for, as the role finds one: by GUID,
    then by exact title, then by the original's SHA-256 (each only where one video of the library has it)."""
    present = [video_options(record, video) for video in record["Videos"]]
    taken = set()
    pairs = []
    for item in listed:
        found = None
        for key in ("guid", "title", "sha256"):
            wanted = item.get(key)
            if wanted is None:
                continue
            wanted = str(wanted).upper() if key == "sha256" else wanted
            candidates = [video for video in present if video.get(key) == wanted and video["guid"] not in taken]
            if len(candidates) == 1:
                found = candidates[0]
                break
        if found is not None:
            taken.add(found["guid"])
        pairs.append((item, found))
    return pairs, [video for video in present if video["guid"] not in taken]


def _videos_listed(variables, name):
    listed = variables.get(name)
    if listed is None:
        return None
    for index, item in enumerate(listed):
        if not isinstance(item, dict) or not item.get("title"):
            raise InventoryError("%s[%d] is %r; the role takes a dictionary with a title" % (name, index, item))
    return listed


class Videos(Part):
    """The library's videos, each found as the role finds it and compared with what the role sets of it
    (title, collection, description, meta tags, chapters, moments), its GUID, and the SHA-256 of the
    original the library holds: a video replaced by hand (new content, so a new GUID) is drift of both.
    With ``stream_catalogue_purge``, a video the list lacks is drift too."""

    variable = "stream_catalogue_videos"
    purge = "stream_catalogue_purge"

    def variables(self):
        return [self.variable, self.purge]

    def export(self, reads, record):
        # By title, as a person looks a video up (the API lists them newest first).
        videos = sorted(record["Videos"], key=lambda video: (video.get("title") or "", video.get("guid") or ""))
        return {self.variable: [video_options(record, video) for video in videos]}

    def drift(self, reads, record, variables):
        listed = _videos_listed(variables, self.variable)
        if listed is None:
            return []
        pairs, others = matched_videos(record, listed)
        found = []
        for item, held in pairs:
            name = "%s[%s]" % (self.variable, item["title"])
            if item.get("state") == "absent":
                if held is not None:
                    found.append(drift(name, "absent", held))
                continue
            if held is None:
                found.append(drift(name, item, None))
                continue
            found.extend(drift("%s.%s" % (name, option), item.get(option), held.get(option)) for option in self._differing(item, held))
        if variables.get(self.purge):
            found.extend(drift("%s[%s]" % (self.variable, video.get("title")), None, video) for video in others)
        return found

    @staticmethod
    def _differing(item, held):
        """The options of ``item`` the account's video holds otherwise, as stream_video compares them."""
        options = []
        for option in ("guid", "title", "collection", "description"):
            if item.get(option) is not None and item[option] != held.get(option, "" if option == "collection" else None):
                options.append(option)
        if item.get("meta_tags") is not None and any((held.get("meta_tags") or {}).get(tag) != value for tag, value in item["meta_tags"].items()):
            options.append("meta_tags")
        if item.get("chapters") is not None and not _same_list(item["chapters"], held.get("chapters"), ("title", "start", "end")):
            options.append("chapters")
        if item.get("moments") is not None and not _same_list(item["moments"], held.get("moments"), ("label", "timestamp")):
            options.append("moments")
        if item.get("sha256") is not None and str(item["sha256"]).upper() != held.get("sha256"):
            options.append("sha256")
        return options


class Collections(Part):
    """The library's collections by name. A name the account lacks is drift; where a video of the list
    is in it and the library's video is now in a collection the list does not name, that collection
    is the one renamed, and the drift says so. With ``stream_catalogue_purge``, a collection the list
    (and its videos) do not name is drift too."""

    variable = "stream_catalogue_collections"

    def variables(self):
        return [self.variable, Videos.variable, Videos.purge]

    def export(self, reads, record):
        return {self.variable: sorted(collection.get("name") or "" for collection in record["Collections"])}

    def drift(self, reads, record, variables):
        listed = variables.get(self.variable)
        if listed is None:
            return []
        videos = _videos_listed(variables, Videos.variable) or []
        # The role makes the collections the videos name as well as those it lists.
        wanted = list(dict.fromkeys(list(listed) + [video["collection"] for video in videos if video.get("collection")]))
        held = [collection.get("name") for collection in record["Collections"]]
        pairs, _others = matched_videos(record, videos)
        renamed = {item.get("collection"): account["collection"] for item, account in pairs
                   if account is not None and account.get("collection") and account["collection"] not in wanted}
        found = [drift("%s[%s]" % (self.variable, name), name, renamed.get(name)) for name in wanted if name not in held]
        if variables.get(Videos.purge):
            found.extend(drift("%s[%s]" % (self.variable, name), None, name) for name in held
                         if name not in wanted and name not in renamed.values())
        return found


STREAM_CATALOGUE_SHAPE = Shape("stream_catalogue", "stream_catalogue_library", (
    Fixed("stream_catalogue_library", lambda record: record["Name"]),
    Collections(),
    Videos(),
    # The export lists every video and collection: the catalogue is the whole library, as the role's purge keeps it.
    Fixed("stream_catalogue_purge", True),
    # The role takes the library's ID instead of its name, so a host may name it either way.
), by_name=("stream_catalogue_library_id", lambda reads, record: record["Id"]), not_compared={
    "stream_catalogue_dir": "a folder on the controller the role uploads from; the library holds the originals' SHA-256, which is compared",
    "stream_catalogue_manifest": "a file of that folder, read by the role",
})


def _catalogue_summary(record):
    return {"id": record["Id"], "name": record["Name"], "collections": len(record["Collections"]), "videos": len(record["Videos"])}


STREAM_KINDS = (
    Kind("video_library", "video library", "video_libraries", libraries, VIDEO_LIBRARY.project, "id",
         lambda library: library["name"], VIDEO_LIBRARY_SECRET_KEYS, shapes=(VIDEO_LIBRARY_SHAPE,)),
    # A library's collections and videos, the stream_catalogue role's host: one per library that holds any.
    Kind("stream_catalogue", "Stream catalogue", "stream_catalogues", catalogues, _catalogue_summary, "id", lambda catalogue: catalogue["name"],
         shapes=(STREAM_CATALOGUE_SHAPE,)),
)
