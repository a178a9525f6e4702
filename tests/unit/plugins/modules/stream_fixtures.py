"""A video library with its Stream content, and helpers that run the Stream modules and read the library past them."""

import hashlib

import requests

LIBRARY_ID = 7
LIBRARY_KEY = "library-key-LEAKCANARY-7"
READ_ONLY_KEY = "library-read-only-LEAKCANARY-7"
INTRO = "c0ffee00-0000-4000-8000-000000000001"


def library(**fields):
    """Library 7, "courses", with its keys."""
    record = {"Id": LIBRARY_ID, "Name": "courses", "ApiKey": LIBRARY_KEY, "ReadOnlyApiKey": READ_ONLY_KEY}
    record.update(fields)
    return record


def load(simulator, collections=(), videos=(), encoding_seconds=0, encoding_steps_per_read=False, **fixtures):
    """The library, its collections and videos, and no encoding delay unless asked (by the clock, or one status per read)."""
    simulator.load(video_libraries=[library()], stream_collections=list(collections), stream_videos=list(videos),
                   settings={"encoding_seconds": encoding_seconds, "encoding_steps_per_read": encoding_steps_per_read}, **fixtures)


def args(simulator, **options):
    """Module arguments for the library through the simulator; an option given as None is left out."""
    options = dict(dict(library="courses", stream_api_url=simulator.url + "/stream"), **options)
    return {name: value for name, value in simulator.api_args(**options).items() if value is not None}


def read(simulator, path, **params):
    response = requests.get(simulator.url + "/stream/library/%d%s" % (LIBRARY_ID, path), params=params, headers={"AccessKey": LIBRARY_KEY},
                            timeout=10)
    response.raise_for_status()
    return response.json()


def videos(simulator):
    return read(simulator, "/videos", itemsPerPage=1000)["items"]


def collections(simulator):
    return read(simulator, "/collections", itemsPerPage=1000)["items"]


def sha256(data):
    return hashlib.sha256(data).hexdigest().upper()


def stream_writes(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.writes() if entry["path"].startswith("/stream/")]
