"""The stream_catalogue role's two filters: what is wrong in a catalogue, and which video and collection each entry is."""

from pathlib import Path

import yaml

from ansible_collections.bunnynet.cloud.plugins.filter.stream_catalogue_match import sha256_of, stream_catalogue_match
from ansible_collections.bunnynet.cloud.plugins.filter.stream_catalogue_problems import VIDEO_KEYS, stream_catalogue_problems

ROLE_SPEC = yaml.safe_load((Path(__file__).resolve().parents[4] / "roles" / "stream_catalogue" / "meta" / "argument_specs.yml").read_text())


def test_the_filter_knows_exactly_the_video_keys_the_role_documents():
    documented = ROLE_SPEC["argument_specs"]["main"]["options"]["stream_catalogue_videos"]["options"]

    assert sorted(VIDEO_KEYS) == sorted(documented)


def test_an_existing_manifest_of_every_shape_has_no_problem(tmp_path):
    for name in ("one.mp4", "one.en.vtt", "one.jpg"):
        (tmp_path / name).write_bytes(b"x")
    manifest = {"collections": ["Basics", {"name": "Tools", "guid": "c1"}], "videos": [
        {"title": "One", "src": "one.mp4", "collection": "Basics", "description": "d", "chapters": [{"title": "A", "start": 0, "end": 3}],
         "moments": [{"label": "M", "timestamp": 2}], "meta_tags": {"level": "all", "year": 2024},
         "captions": [{"language": "en", "label": "English", "src": "one.en.vtt"}], "thumbnail": "one.jpg", "thumbnail_time": 5,
         "encoding": {"resolutions": ["720p"], "jit_encoding": False}, "state": "present"},
        {"title": 2024, "url": "https://media.example/two.mp4", "meta_tags": [{"property": "level", "value": "all"}]},
        {"title": "Gone", "src": "deleted-file.mp4", "state": "absent"}]}

    assert stream_catalogue_problems(manifest, folder=str(tmp_path)) == []
    assert stream_catalogue_problems({}) == [] and stream_catalogue_problems(None) == []


def test_each_problem_is_named_with_its_entry(tmp_path):
    (tmp_path / "one.mp4").write_bytes(b"x")
    manifest = {"video": [], "videos": [
        {"src": "one.mp4"},
        {"title": "Both", "src": "one.mp4", "url": "https://x.example/a.mp4", "encoding": {"resolution": ["720p"]}, "thumbnail_time": "5s"},
        {"title": "Tags", "meta_tags": {"level": ["a"]}, "moments": [{"label": "M"}], "captions": [{"language": "en"}], "guid": "g1"},
        "just a title",
    ]}
    inventory = [{"title": "Other", "guid": "g1", "collection": {"name": "x"}}]

    problems = stream_catalogue_problems(manifest, videos=inventory, collections=[{"nme": "Basics"}, ""], folder=str(tmp_path),
                                         manifest_name="courses.yml")

    assert problems == [
        "courses.yml: video is not a key of the manifest; did you mean videos?",
        "courses.yml videos[0]: title is required.",
        "courses.yml videos[1] (Both): thumbnail_time must be an integer.",
        "courses.yml videos[1] (Both): src and url are mutually exclusive.",
        "courses.yml videos[1] (Both) encoding: resolution is not a key of encoding; did you mean resolutions?",
        "courses.yml videos[2] (Tags) moments[0]: timestamp is required.",
        "courses.yml videos[2] (Tags) captions[0]: src is required.",
        "courses.yml videos[2] (Tags): meta_tags.level must be a string, not list.",
        "courses.yml videos[3] must be a mapping with a title.",
        "stream_catalogue_videos[0] (Other): collection must be a string.",
        "stream_catalogue_collections[0]: nme is not a key of a collection; did you mean name?",
        "stream_catalogue_collections[1]: a collection's name cannot be empty.",
        "courses.yml videos[2] and stream_catalogue_videos[0] name the same video (guid g1).",
    ]


def test_a_relative_path_without_a_folder_is_a_problem():
    assert stream_catalogue_problems({"videos": [{"title": "One", "src": "one.mp4"}]}) == [
        "catalogue.yml videos[0] (One): src one.mp4 is a relative path, and stream_catalogue_dir is not set."]


def test_the_inventorys_video_of_a_title_may_carry_the_manifests_guid():
    manifest = {"videos": [{"title": "One", "guid": "g1", "url": "https://x.example/a.mp4"}]}

    assert stream_catalogue_problems(manifest, videos=[{"title": "One", "guid": "g1", "description": "d"}]) == []


# --- Matching ------------------------------------------------------------------------------------


def library(*videos, collections=()):
    return {"videos": [dict(video) for video in videos], "collections": list(collections)}


def test_guid_then_title_then_content_and_a_video_one_entry_takes_is_no_others(tmp_path):
    for name in ("a.mp4", "b.mp4", "c.mp4"):
        (tmp_path / name).write_bytes(name.encode())
    held = library({"guid": "g-a", "title": "Old A", "original_hash": sha256_of(str(tmp_path / "a.mp4"))},
                   {"guid": "g-b", "title": "B", "original_hash": "00"},
                   {"guid": "g-c", "title": "Renamed C", "original_hash": sha256_of(str(tmp_path / "c.mp4"))},
                   {"guid": "g-x", "title": "Extra", "original_hash": "11"})
    catalogue = [{"title": "B", "guid": "g-a", "src": "a.mp4"},           # its GUID, though another video has its title
                 {"title": "Old A", "src": "b.mp4"},                      # g-a is taken: a new video
                 {"title": "C", "src": "c.mp4", "meta_tags": [{"property": "p", "value": "v"}]},
                 {"title": "C copy", "src": "c.mp4"}]                     # g-c is taken by C: a new video

    found = stream_catalogue_match(held, catalogue, folder=str(tmp_path))

    assert [(video["title"], video.get("guid"), video["match"]) for video in found["videos"]] == [
        ("B", "g-a", "guid"), ("Old A", None, "new"), ("C", "g-c", "content"), ("C copy", None, "new")]
    assert found["videos"][2]["meta_tags"] == {"p": "v"}
    assert found["problems"] == []
    assert found["unlisted_videos"] == [{"guid": "g-b", "title": "B"}, {"guid": "g-x", "title": "Extra"}]


def test_a_similar_title_is_never_taken_and_two_exact_ones_fail_listing_both():
    held = library({"guid": "g1", "title": "Advanced basics"}, {"guid": "g2", "title": "basics"},
                   {"guid": "g3", "title": "Tour"}, {"guid": "g4", "title": "Tour"})

    found = stream_catalogue_match(held, [{"title": "Basics", "url": "https://x.example/a.mp4"}, {"title": "Tour"}])

    assert [video["match"] for video in found["videos"]] == ["new", "ambiguous"]
    assert found["problems"] == ["2 videos of the library are titled 'Tour' (GUIDs g3, g4); give the guid of the one the catalogue means."]


def test_a_guid_the_library_lacks_is_a_problem_unless_the_video_is_to_be_absent():
    found = stream_catalogue_match(library(), [{"title": "A", "guid": "nope"}, {"title": "B", "guid": "gone", "state": "absent"}])

    assert found["problems"] == ["Video nope (A) is not in the library; leave its guid out to create it."]
    assert found["videos"][1]["match"] == "gone"


def test_collections_by_guid_or_exact_name_and_the_ones_a_listed_video_stays_in_are_kept():
    held = library({"guid": "v1", "title": "Stays", "collection_id": "c-stay"}, {"guid": "v2", "title": "Moves", "collection_id": "c-move"},
                   collections=[{"guid": "c-basics", "name": "Basics (renamed by hand)"}, {"guid": "c-similar", "name": "basics"},
                                {"guid": "c-stay", "name": "Unlisted but holding Stays"}, {"guid": "c-move", "name": "Emptied"},
                                {"guid": "c-tools", "name": "Tools"}])
    catalogue = [{"title": "Stays"}, {"title": "Moves", "collection": "Tools"}]

    found = stream_catalogue_match(held, catalogue, collections=["Basics", {"name": "Basics", "guid": "c-basics"}, "Tools", {"name": "X", "guid": "c-x"}])

    assert found["collections"] == [{"name": "Basics", "guid": "c-basics"}, {"name": "Tools"}, {"name": "X", "guid": "c-x"}]
    assert found["problems"] == ["Collection c-x (X) is not in the library; leave its guid out to create it."]
    assert found["unlisted_collections"] == [{"guid": "c-similar", "name": "basics"}, {"guid": "c-move", "name": "Emptied"}]
