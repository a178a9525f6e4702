# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

import os

from ansible_collections.bunnynet.cloud.plugins.filter.unknown_role_variables import closest_names

DOCUMENTATION = r"""
name: stream_catalogue_problems
short_description: What is wrong in a Stream catalogue's manifest and videos, before any request
version_added: 0.4.0
description:
  - "Takes the manifest of the C(bunnynet.cloud.stream_catalogue)
    role as data and returns one sentence per problem in it and in the videos and collections the
    inventory adds: unknown keys (with the closest known ones), values of the wrong type or outside
    their choices, a title missing, a video with both C(src) and C(url), two videos of one GUID, and
    files (videos, captions, thumbnails) that do not exist."
  - The role fails on what this filter returns before it reads the library, so that nothing is
    uploaded when any entry is wrong.
  - C(meta_tags) is taken as a mapping of property to value or as the API's list of C(property)
    and C(value) items.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  _input:
    description: The manifest, as parsed from YAML (an empty mapping for none).
    type: raw
    required: true
  videos:
    description: The videos the inventory adds (the role's C(stream_catalogue_videos)).
    type: list
    elements: raw
    default: []
  collections:
    description: The collections the inventory adds (the role's C(stream_catalogue_collections)).
    type: list
    elements: raw
    default: []
  folder:
    description: The folder relative paths are in (the role's C(stream_catalogue_dir)).
    type: path
  manifest_name:
    description: The manifest's file name, for the sentences.
    type: str
    default: catalogue.yml
"""

EXAMPLES = r"""
- name: Fail on every problem of the catalogue at once, before any request
  ansible.builtin.assert:
    that: __problems | length == 0
    fail_msg: "{{ __problems | join(' ') }}"
  vars:
    __problems: >-
      {{ manifest | bunnynet.cloud.stream_catalogue_problems(videos=stream_catalogue_videos, folder=stream_catalogue_dir) }}
# With a video that has "subtitles:" instead of "captions:":
# "catalogue.yml videos[0] (Welcome): subtitles is not a key of a video; did you mean captions?"
"""

RETURN = r"""
_value:
  description: One sentence per problem, in the order of the entries; empty when the catalogue is right.
  type: list
  elements: str
"""

MANIFEST_KEYS = ("collections", "videos")
COLLECTION_KEYS = ("name", "guid")
# The keys of a video and the types they take; stream_catalogue's argument spec documents the same keys.
VIDEO_KEYS = {
    "title": "str", "guid": "str", "sha256": "str", "src": "str", "url": "str", "collection": "str", "description": "str", "chapters": "list",
    "moments": "list", "meta_tags": "meta_tags", "captions": "list", "thumbnail": "str", "thumbnail_time": "int", "encoding": "dict",
    "state": "str",
}
STATES = ("present", "absent")
CHAPTER_KEYS = {"title": "str", "start": "int", "end": "int"}
MOMENT_KEYS = {"label": "str", "timestamp": "int"}
CAPTION_KEYS = {"language": "str", "label": "str", "src": "str"}
META_TAG_KEYS = {"property": "str", "value": "str"}
ENCODING_KEYS = {"resolutions": "list", "output_codecs": "list", "jit_encoding": "bool", "transcribe": "bool", "transcribe_languages": "list",
                 "source_language": "str"}
REQUIRED = {"chapters": ("title", "start", "end"), "moments": ("label", "timestamp"), "captions": ("language", "src"),
            "meta_tags": ("property",)}
TYPE_NAMES = {"str": "a string", "int": "an integer", "bool": "true or false", "list": "a list", "dict": "a mapping",
              "meta_tags": "a mapping of property to value, or a list of property and value items"}


def fits(value, kind):
    """Whether ``value`` is of ``kind``; a number is a string as Ansible converts it, a boolean is not an integer."""
    if kind == "str":
        return isinstance(value, str) or (isinstance(value, (int, float)) and not isinstance(value, bool))
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "list":
        return isinstance(value, list)
    if kind == "dict":
        return isinstance(value, dict)
    return isinstance(value, (dict, list))


# Words other tools use for a video's keys, which spelling alone does not lead to.
SYNONYMS = {"subtitles": "captions", "subtitle": "captions", "caption": "captions", "tags": "meta_tags", "file": "src", "path": "src",
            "name": "title", "poster": "thumbnail", "image": "thumbnail", "id": "guid"}


def unknown_keys(where, given, known, noun):
    problems = []
    for name in given:
        if name in known:
            continue
        closest = [SYNONYMS[name]] if SYNONYMS.get(name) in known else closest_names(str(name), sorted(known))
        hint = "did you mean %s?" % " or ".join(closest) if closest else "the keys are %s." % ", ".join(sorted(known))
        problems.append("%s: %s is not a key of %s; %s" % (where, name, noun, hint))
    return problems


def typed(where, item, keys, noun):
    """Problems of a mapping: keys it should not have, values of the wrong type."""
    if not isinstance(item, dict):
        return ["%s must be a mapping of %s." % (where, ", ".join(keys))]
    problems = unknown_keys(where, item, keys, noun)
    problems += ["%s: %s must be %s." % (where, name, TYPE_NAMES[kind]) for name, kind in keys.items()
                 if item.get(name) is not None and not fits(item[name], kind)]
    return problems


def resolve(path, folder):
    path = str(path)
    return path if os.path.isabs(path) or not folder else os.path.join(folder, path)


def file_problem(where, name, path, folder):
    if not os.path.isabs(str(path)) and not folder:
        return ["%s: %s %s is a relative path, and stream_catalogue_dir is not set." % (where, name, path)]
    if not os.path.isfile(resolve(path, folder)):
        return ["%s: %s %s is not a file." % (where, name, resolve(path, folder))]
    return []


def list_problems(where, items, name, keys, folder):
    noun = {"chapters": "a chapter", "moments": "a moment", "captions": "a caption", "meta_tags": "a meta tag"}[name]
    problems = []
    for index, item in enumerate(items):
        at = "%s %s[%d]" % (where, name, index)
        found = typed(at, item, keys, noun)
        problems += found
        if found:
            continue
        problems += ["%s: %s is required." % (at, key) for key in REQUIRED[name] if item.get(key) is None]
        problems += ["%s: %s must be 0 or more." % (at, key) for key in ("start", "end", "timestamp") if isinstance(item.get(key), int) and item[key] < 0]
        if name == "captions" and item.get("src") is not None:
            problems += file_problem(at, "src", item["src"], folder)
    return problems


def video_problems(where, video, folder):
    if not isinstance(video, dict):
        return ["%s must be a mapping with a title." % where]
    title = video.get("title")
    if fits(title, "str") and str(title):
        where = "%s (%s)" % (where, title)
    problems = typed(where, video, VIDEO_KEYS, "a video")
    if title is None or (fits(title, "str") and not str(title)):
        problems.append("%s: title is required." % where)
    if video.get("state") is not None and video["state"] not in STATES:
        problems.append("%s: state must be one of %s, not %s." % (where, ", ".join(STATES), video["state"]))
    if video.get("src") is not None and video.get("url") is not None:
        problems.append("%s: src and url are mutually exclusive." % where)
    for name in ("src", "thumbnail"):
        if fits(video.get(name), "str") and video.get("state", "present") != "absent":
            problems += file_problem(where, name, video[name], folder)
    for name, keys in (("chapters", CHAPTER_KEYS), ("moments", MOMENT_KEYS), ("captions", CAPTION_KEYS)):
        if isinstance(video.get(name), list):
            problems += list_problems(where, video[name], name, keys, folder)
    tags = video.get("meta_tags")
    if isinstance(tags, list):
        problems += list_problems(where, tags, "meta_tags", META_TAG_KEYS, folder)
    elif isinstance(tags, dict):
        problems += ["%s: meta_tags.%s must be a string, not %s." % (where, name, type(value).__name__) for name, value in tags.items()
                     if value is not None and not fits(value, "str")]
    if isinstance(video.get("encoding"), dict):
        problems += typed(where + " encoding", video["encoding"], ENCODING_KEYS, "encoding")
    return problems


def collection_problems(where, collection):
    if isinstance(collection, str):
        return [] if collection else ["%s: a collection's name cannot be empty." % where]
    problems = typed(where, collection, dict.fromkeys(COLLECTION_KEYS, "str"), "a collection")
    if not problems and not collection.get("name"):
        problems.append("%s: name is required." % where)
    return problems


def stream_catalogue_problems(data, videos=(), collections=(), folder=None, manifest_name="catalogue.yml"):
    name = manifest_name
    problems = []
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return ["%s must be a mapping of collections and videos." % name]
    problems += unknown_keys(name, data, MANIFEST_KEYS, "the manifest")
    sources = []
    for key, inventory, label in (("videos", videos, "stream_catalogue_videos"), ("collections", collections, "stream_catalogue_collections")):
        given = data.get(key)
        if given is not None and not isinstance(given, list):
            problems.append("%s: %s must be a list." % (name, key))
            given = []
        sources.append((key, "%s %s" % (name, key), given or []))
        sources.append((key, label, list(inventory or [])))
    guids = {}
    for key, label, items in sources:
        for index, item in enumerate(items):
            where = "%s[%d]" % (label, index)
            if key == "collections":
                problems += collection_problems(where, item)
                continue
            problems += video_problems(where, item, folder)
            if isinstance(item, dict) and fits(item.get("guid"), "str"):
                guids.setdefault(str(item["guid"]), {}).setdefault(str(item.get("title")), where)
    # The inventory's video of a title replaces the manifest's: two entries of one GUID are a mistake only under two titles.
    problems += ["%s name the same video (guid %s)." % (" and ".join(places.values()), guid) for guid, places in guids.items() if len(places) > 1]
    return problems


class FilterModule(object):
    def filters(self):
        return {"stream_catalogue_problems": stream_catalogue_problems}
