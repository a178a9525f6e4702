"""The stream_catalogue role, played by ansible-playbook against the simulator: a catalogue that finds its videos.

Each test writes a folder of tiny files and a manifest, plays the role, and reads what the simulator
was sent (its request log) and what the library holds.
"""

import json
import os
import subprocess
import sys

import yaml

from ansible_collections.bunnynet.cloud.plugins.module_utils.core import module as module_base
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.stream_fixtures import LIBRARY_ID, collections, library, sha256, videos

# The folder that holds ansible_collections/bunnynet/cloud, where ansible-playbook finds the collection.
COLLECTIONS_PATH = os.path.abspath(os.path.join(os.path.dirname(module_base.__file__), *[os.pardir] * 6))
VTT = "WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n"

PLAYBOOK = """
- name: Play the catalogue
  hosts: localhost
  connection: local
  gather_facts: false
  module_defaults:
    group/bunnynet.cloud.all:
      api_url: "{{ simulator_url }}"
      stream_api_url: "{{ simulator_url }}/stream"
      api_key: unit-test-key
      api_retries: 1
  tasks:
    - name: Fill the library
      ansible.builtin.include_role:
        name: bunnynet.cloud.stream_catalogue
      vars:
        stream_catalogue_library: courses
        stream_catalogue_dir: "{{ catalogue_dir }}"
        stream_catalogue_wait: false

    - name: Keep the report for the test
      ansible.builtin.copy:
        content: "{{ stream_catalogue_changes | to_json }}"
        dest: "{{ answer_file }}"
        mode: "0600"
      check_mode: false
"""


def load(simulator, collections=(), videos=()):
    simulator.load(video_libraries=[library()], stream_collections=list(collections), stream_videos=list(videos), settings={"encoding_seconds": 0})


def write_catalogue(folder, manifest, files=None):
    folder.mkdir(exist_ok=True)
    for name, content in (files or {}).items():
        (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode())
    (folder / "catalogue.yml").write_text(yaml.safe_dump(manifest, sort_keys=False))


def play(simulator, tmp_path, check=False, diff=False, **variables):
    """ansible-playbook with the role; returns the run and the role's report (None when it failed)."""
    (tmp_path / "play.yml").write_text(PLAYBOOK)
    answer = tmp_path / "answer.json"
    if answer.exists():
        answer.unlink()
    environment = {"PATH": os.environ.get("PATH", os.defpath), "HOME": str(tmp_path), "LC_ALL": "C.UTF-8", "ANSIBLE_COLLECTIONS_PATH": COLLECTIONS_PATH,
                   "ANSIBLE_LOCALHOST_WARNING": "false", "ANSIBLE_INVENTORY_UNPARSED_WARNING": "false", "ANSIBLE_NOCOLOR": "true"}
    extra = dict(simulator_url=simulator.url, catalogue_dir=str(tmp_path / "catalogue"), answer_file=str(answer), **variables)
    command = [sys.executable, "-m", "ansible.cli.playbook", "-i", "localhost,", "-e", "ansible_python_interpreter=" + sys.executable,
               "-e", json.dumps(extra), str(tmp_path / "play.yml")] + (["--check"] if check else []) + (["--diff"] if diff else [])
    played = subprocess.run(command, env=environment, cwd=str(tmp_path), capture_output=True, text=True, timeout=600, check=False)
    return played, json.loads(answer.read_text()) if answer.exists() else None


def stream_writes(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.requests() if entry["method"] != "GET" and entry["path"].startswith("/stream/")]


def by_title(report):
    return {item["resource"]: item for item in report}


# --- A catalogue of 50 videos, 10 of them renamed ---------------------------------------------


def test_renaming_ten_titles_of_fifty_makes_ten_metadata_updates_and_no_upload(simulator, tmp_path):
    # The library as the catalogue's first run leaves it: each video holding its file (a role run of its own, 15 s, adds nothing).
    films = [b"tiny film %d" % number for number in range(50)]
    titles = ["Part %d" % number for number in range(50)]
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "g-%02d" % number, "title": title, "originalHash": sha256(films[number])}
                            for number, title in enumerate(titles)])
    guids = {title: "g-%02d" % number for number, title in enumerate(titles)}
    renamed = ["Chapter %d" % number if number % 5 == 0 else title for number, title in enumerate(titles)]
    write_catalogue(tmp_path / "catalogue", {"videos": [{"title": title, "src": "part-%02d.mp4" % number} for number, title in enumerate(renamed)]},
                    {"part-%02d.mp4" % number: film for number, film in enumerate(films)})
    simulator.clear_requests()
    checked, checked_report = play(simulator, tmp_path, check=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert stream_writes(simulator) == []
    second, second_report = play(simulator, tmp_path)

    assert second.returncode == 0, second.stdout + second.stderr
    writes = stream_writes(simulator)
    assert len(writes) == 10 and {method for method, _path in writes} == {"POST"}
    assert sorted(path for _method, path in writes) == sorted("/stream/library/%d/videos/%s" % (LIBRARY_ID, guids["Part %d" % number])
                                                              for number in range(0, 50, 5))
    assert not [entry for entry in simulator.requests() if entry["method"] in ("PUT", "PATCH")]
    held = {video["title"]: video["guid"] for video in videos(simulator)}
    assert held == {title: guids[old] for title, old in zip(renamed, titles)}
    for current in (checked_report, second_report):
        actions = by_title(current)
        expected = ["metadata" if title != old else "unchanged" for title, old in zip(renamed, titles)]
        assert [actions["video " + title]["action"] for title in renamed] == expected
        assert {actions["video Chapter %d" % number]["matched"] for number in range(0, 50, 5)} == {"content"}


# --- The manifest checked before any request ----------------------------------------------------


def test_a_wrong_manifest_fails_naming_every_problem_before_any_request(simulator, tmp_path):
    load(simulator)
    write_catalogue(tmp_path / "catalogue", {
        "colections": ["Basics"],
        "videos": [
            {"title": "Welcome", "src": "welcome.mp4", "colection": "Basics", "subtitles": [{"language": "en", "src": "welcome.en.vtt"}]},
            {"title": "Setup", "src": "setup.mp4", "meta_tags": [{"property": "level", "valeu": "beginner"}], "thumbnail": "nope.jpg"},
            {"title": "Third", "src": "welcome.mp4", "chapters": [{"title": "A", "start": "soon", "end": 3}], "state": "gone",
             "captions": [{"language": "en", "src": "missing.vtt"}]},
        ]}, {"welcome.mp4": b"welcome"})

    played, report = play(simulator, tmp_path)

    output = played.stdout + played.stderr
    assert played.returncode != 0 and report is None
    assert simulator.requests() == []
    for sentence in ("catalogue.yml: colections is not a key of the manifest; did you mean collections?",
                     "catalogue.yml videos[0] (Welcome): colection is not a key of a video; did you mean collection?",
                     "catalogue.yml videos[0] (Welcome): subtitles is not a key of a video; did you mean captions?",
                     "catalogue.yml videos[1] (Setup): src %s is not a file." % (tmp_path / "catalogue" / "setup.mp4"),
                     "catalogue.yml videos[1] (Setup) meta_tags[0]: valeu is not a key of a meta tag; did you mean value?",
                     "catalogue.yml videos[1] (Setup): thumbnail %s is not a file." % (tmp_path / "catalogue" / "nope.jpg"),
                     "catalogue.yml videos[2] (Third) chapters[0]: start must be an integer.",
                     "catalogue.yml videos[2] (Third): state must be one of present, absent, not gone.",
                     "catalogue.yml videos[2] (Third) captions[0]: src %s is not a file." % (tmp_path / "catalogue" / "missing.vtt")):
        assert sentence in output


def test_meta_tags_in_the_apis_list_shape_are_the_same_as_a_mapping(simulator, tmp_path):
    load(simulator)
    listed = [{"property": "level", "value": "beginner"}, {"property": "owner", "value": "docs"}]
    write_catalogue(tmp_path / "catalogue", {"videos": [{"title": "One", "src": "one.mp4", "meta_tags": listed},
                                                        {"title": "Two", "src": "two.mp4", "meta_tags": {"level": "beginner", "owner": "docs"}}]},
                    {"one.mp4": b"one", "two.mp4": b"two"})

    first, _report = play(simulator, tmp_path)
    simulator.clear_requests()
    again, report = play(simulator, tmp_path)

    assert first.returncode == 0 and again.returncode == 0, first.stdout + again.stdout
    assert {video["title"]: video["metaTags"] for video in videos(simulator)} == {"One": listed, "Two": listed}
    assert stream_writes(simulator) == [] and {item["action"] for item in report} == {"unchanged"}


# --- GUIDs, collections, purge and the report ------------------------------------------------


def test_guids_purge_and_the_report_say_what_happened_to_each_video(simulator, tmp_path):
    load(simulator,
         collections=[{"videoLibraryId": LIBRARY_ID, "guid": "c-basics", "name": "Basics (edited by hand)"},
                      {"videoLibraryId": LIBRARY_ID, "guid": "c-old", "name": "Old"}],
         videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v-intro", "title": "Intro (edited by hand)", "originalHash": sha256(b"intro"),
                  "collectionId": "c-basics"},
                 {"videoLibraryId": LIBRARY_ID, "guid": "v-tour", "title": "Tour", "originalHash": sha256(b"old tour")},
                 {"videoLibraryId": LIBRARY_ID, "guid": "v-same", "title": "Same", "originalHash": sha256(b"same")},
                 {"videoLibraryId": LIBRARY_ID, "guid": "v-stray", "title": "Stray", "originalHash": "AA", "collectionId": "c-old"},
                 {"videoLibraryId": LIBRARY_ID, "guid": "v-gone", "title": "Gone", "originalHash": "BB"}])
    write_catalogue(tmp_path / "catalogue", {
        "collections": [{"name": "Basics", "guid": "c-basics"}],
        "videos": [{"title": "Intro", "guid": "v-intro", "src": "intro.mp4", "collection": "Basics"},
                   {"title": "Tour", "src": "tour.mp4"},
                   {"title": "Same", "src": "same.mp4"},
                   {"title": "New", "src": "new.mp4"},
                   {"title": "Gone", "state": "absent"}]},
        {"intro.mp4": b"intro", "tour.mp4": b"new tour", "same.mp4": b"same", "new.mp4": b"new"})

    checked, checked_report = play(simulator, tmp_path, check=True, stream_catalogue_purge=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert stream_writes(simulator) == []
    applied, report = play(simulator, tmp_path, stream_catalogue_purge=True)
    assert applied.returncode == 0, applied.stdout + applied.stderr

    expected = {"collection Basics": None, "video Intro": "metadata", "video Tour": "uploaded", "video Same": "unchanged", "video New": "created",
                "video Gone": "deleted", "video Stray": "deleted", "collection Old": "deleted"}
    for current in (checked_report, report):
        assert {item["resource"]: item.get("action") for item in current} == expected
        assert by_title(current)["video Intro"]["matched"] == "guid" and by_title(current)["video Tour"]["matched"] == "title"
    assert sorted((video["title"], video["guid"] == "v-intro") for video in videos(simulator)) == [
        ("Intro", True), ("New", False), ("Same", False), ("Tour", False)]
    assert [(item["guid"], item["name"]) for item in collections(simulator)] == [("c-basics", "Basics")]
    assert by_title(report)["video Tour"]["replaced"] == "v-tour"

    simulator.clear_requests()
    again, again_report = play(simulator, tmp_path, stream_catalogue_purge=True)
    assert again.returncode == 0 and stream_writes(simulator) == []
    assert {item.get("action") for item in again_report if item["module"] == "stream_video"} == {"unchanged"}


def test_without_purge_the_library_keeps_what_the_catalogue_does_not_list(simulator, tmp_path):
    load(simulator, collections=[{"videoLibraryId": LIBRARY_ID, "guid": "c-old", "name": "Old"}],
         videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v-stray", "title": "Stray", "originalHash": "AA", "collectionId": "c-old"}])
    write_catalogue(tmp_path / "catalogue", {"videos": [{"title": "New", "src": "new.mp4"}]}, {"new.mp4": b"new"})

    played, report = play(simulator, tmp_path)

    assert played.returncode == 0, played.stdout + played.stderr
    assert sorted(video["title"] for video in videos(simulator)) == ["New", "Stray"]
    assert [item["name"] for item in collections(simulator)] == ["Old"]
    assert [item["resource"] for item in report] == ["video New"]


def test_a_file_two_videos_hold_with_no_title_to_tell_them_apart_fails_before_any_write(simulator, tmp_path):
    load(simulator, videos=[{"videoLibraryId": LIBRARY_ID, "guid": "v-a", "title": "Copy A", "originalHash": sha256(b"film")},
                            {"videoLibraryId": LIBRARY_ID, "guid": "v-b", "title": "Copy B", "originalHash": sha256(b"film")}])
    write_catalogue(tmp_path / "catalogue", {"videos": [{"title": "Film", "src": "film.mp4"}]}, {"film.mp4": b"film"})

    played, _report = play(simulator, tmp_path)

    assert played.returncode != 0
    assert "No video of the library is titled 'Film', and 2 hold its file (GUIDs v-a, v-b)" in played.stdout, played.stdout[-2500:]
    assert stream_writes(simulator) == []


def test_an_edited_caption_is_sent_again_by_the_role(simulator, tmp_path):
    load(simulator)
    manifest = {"videos": [{"title": "One", "src": "one.mp4", "captions": [{"language": "en", "label": "English", "src": "one.en.vtt"}]}]}
    write_catalogue(tmp_path / "catalogue", manifest, {"one.mp4": b"one", "one.en.vtt": VTT})
    play(simulator, tmp_path)
    write_catalogue(tmp_path / "catalogue", manifest, {"one.en.vtt": VTT + "\n00:02.000 --> 00:03.000\nAgain\n"})
    simulator.clear_requests()

    played, report = play(simulator, tmp_path, diff=True)

    assert played.returncode == 0, played.stdout + played.stderr
    guid = videos(simulator)[0]["guid"]
    assert stream_writes(simulator) == [("POST", "/stream/library/%d/videos/%s/captions/en" % (LIBRARY_ID, guid)),
                                        ("POST", "/stream/library/%d/videos/%s" % (LIBRARY_ID, guid))]
    assert report[0]["action"] == "metadata" and list(report[0]["diff"]["after"]["captions"]) == ["en"]
