# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

import os

from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.videos import sha256_of

DOCUMENTATION = r"""
name: stream_catalogue_match
short_description: Which video and collection of a Stream library each entry of a catalogue is
version_added: 0.4.0
description:
  - Takes what M(bunnynet.cloud.stream_video_info) read of a library (its C(videos) and
    C(collections)) and the catalogue's videos and collections, and finds each entry's video or
    collection, so that a renamed title is a change of metadata, never a new upload.
  - "A video is found by its C(guid); without one, by its exact title; and when no video has the
    title, by the SHA-256 of its C(src) among the library's videos that no other entry takes (the
    API keeps each video's C(originalHash)). An entry found by neither is new."
  - A collection is a name or a mapping of C(name) and C(guid); it is found by its GUID, else by its
    exact name.
  - Returns the entries with the GUID found and how (C(match)), each video's C(meta_tags) as a
    mapping, the problems that stop the run (a GUID the library lacks, two videos of one title or
    of one content that no title tells apart), and the videos and collections of the library that
    no entry takes (what the role's C(stream_catalogue_purge) deletes).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  _input:
    description: The result of M(bunnynet.cloud.stream_video_info) for the whole library.
    type: dict
    required: true
  videos:
    description: The catalogue's videos, checked by P(bunnynet.cloud.stream_catalogue_problems#filter).
    type: list
    elements: dict
    required: true
  collections:
    description: The catalogue's collections, names or mappings of C(name) and C(guid).
    type: list
    elements: raw
    default: []
  folder:
    description: The folder relative paths are in.
    type: path
"""

EXAMPLES = r"""
- name: Find each video of the catalogue in the library
  ansible.builtin.set_fact:
    matched: "{{ library_read | bunnynet.cloud.stream_catalogue_match(videos=catalogue_videos, folder=catalogue_dir) }}"
# matched.videos[0]: {title: Welcome, src: welcome.mp4, guid: 1f3b..., match: content}
"""

RETURN = r"""
_value:
  description: What was found.
  type: dict
  contains:
    videos:
      description:
        - The videos, each with C(guid) (omitted for a new one) and C(match), V(guid), V(title),
          V(content) or V(new); an entry of O(videos) whose video is gone and whose C(state) is
          V(absent) has V(gone).
      type: list
      elements: dict
    collections:
      description: The collections, each a mapping of C(name) and, when it has one, C(guid).
      type: list
      elements: dict
    problems:
      description: One sentence per entry the library cannot tell; empty when each is found or new.
      type: list
      elements: str
    unlisted_videos:
      description: The library's videos no entry takes, each C(guid) and C(title).
      type: list
      elements: dict
    unlisted_collections:
      description: The library's collections no entry takes, each C(guid) and C(name).
      type: list
      elements: dict
"""


def meta_tags(tags):
    """The meta tags as a mapping: the API's list of property and value items is taken too."""
    if isinstance(tags, list):
        return {str(tag["property"]): tag.get("value") for tag in tags}
    return tags


def match_videos(library, videos, folder):
    problems = []
    by_guid = {video["guid"]: video for video in library}
    claimed = set()
    found = [dict(video) for video in videos]
    for video in found:
        if video.get("meta_tags") is not None:
            video["meta_tags"] = meta_tags(video["meta_tags"])
        video["title"] = str(video["title"])
        if video.get("guid") is not None:
            video["guid"] = str(video["guid"])
            if video["guid"] in by_guid:
                video["match"] = "guid"
                claimed.add(video["guid"])
            elif video.get("state") == "absent":
                video["match"] = "gone"
            else:
                problems.append("Video %s (%s) is not in the library; leave its guid out to create it." % (video["guid"], video["title"]))
    # Titles before content: a video whose title an entry names is that entry's, whatever its content.
    for video in found:
        if "match" in video or "guid" in video:
            continue
        titled = [item for item in library if item.get("title") == video["title"] and item["guid"] not in claimed]
        if len(titled) > 1:
            problems.append("%d videos of the library are titled %r (GUIDs %s); give the guid of the one the catalogue means." % (
                len(titled), video["title"], ", ".join(sorted(item["guid"] for item in titled))))
            claimed.update(item["guid"] for item in titled)
            video["match"] = "ambiguous"
        elif titled:
            video.update(guid=titled[0]["guid"], match="title")
            claimed.add(titled[0]["guid"])
    for video in found:
        if "match" in video:
            continue
        if video.get("src") is None or video.get("state") == "absent":
            video["match"] = "new" if video.get("state") != "absent" else "gone"
            continue
        path = str(video["src"]) if os.path.isabs(str(video["src"])) or not folder else os.path.join(folder, str(video["src"]))
        digest = sha256_of(path)
        alike = [item for item in library if (item.get("original_hash") or "").upper() == digest and item["guid"] not in claimed]
        if len(alike) > 1:
            problems.append("No video of the library is titled %r, and %d hold its file (GUIDs %s); give the guid of the one the catalogue "
                            "means." % (video["title"], len(alike), ", ".join(sorted(item["guid"] for item in alike))))
            video["match"] = "ambiguous"
        elif alike:
            video.update(guid=alike[0]["guid"], match="content")
            claimed.add(alike[0]["guid"])
        else:
            video["match"] = "new"
    unlisted = [dict(guid=item["guid"], title=item.get("title")) for item in library if item["guid"] not in claimed]
    return found, problems, unlisted


def match_collections(library, collections, staying):
    """``staying``: the GUIDs of collections a video of the catalogue stays in, which are kept whatever their names."""
    problems = []
    wanted = []
    for collection in collections:
        entry = dict(name=str(collection)) if not isinstance(collection, dict) else {
            key: str(value) for key, value in collection.items() if value is not None}
        if not any(item["name"] == entry["name"] and item.get("guid") == entry.get("guid") for item in wanted):
            wanted.append(entry)
    guids = {item["guid"] for item in library}
    kept = set(staying)
    for entry in wanted:
        if "guid" in entry:
            if entry["guid"] not in guids:
                problems.append("Collection %s (%s) is not in the library; leave its guid out to create it." % (entry["guid"], entry["name"]))
            kept.add(entry["guid"])
        else:
            kept.update(item["guid"] for item in library if item.get("name") == entry["name"])
    # A name given with its GUID is that collection's; the same name without one is the same collection.
    named = {entry["name"]: entry for entry in wanted if "guid" in entry}
    wanted = [entry for entry in wanted if "guid" in entry or entry["name"] not in named]
    unlisted = [dict(guid=item["guid"], name=item.get("name")) for item in library if item["guid"] not in kept]
    return wanted, problems, unlisted


def stream_catalogue_match(library, videos, collections=(), folder=None):
    found, problems, unlisted_videos = match_videos(library.get("videos") or [], videos or [], folder)
    held = {video["guid"]: video.get("collection_id") for video in library.get("videos") or []}
    # A video whose entry names no collection stays where it is: deleting its collection would delete it.
    staying = {held[video["guid"]] for video in found if video.get("guid") in held and video.get("collection") is None and held[video["guid"]]}
    wanted, collection_problems, unlisted_collections = match_collections(library.get("collections") or [], collections or [], staying)
    return dict(videos=found, collections=wanted, problems=problems + collection_problems, unlisted_videos=unlisted_videos,
                unlisted_collections=unlisted_collections)


class FilterModule(object):
    def filters(self):
        return {"stream_catalogue_match": stream_catalogue_match}
