#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: stream_video
short_description: Upload a video to a bunny.net Stream library once, and keep its metadata, captions and thumbnail
version_added: 0.3.0
description:
  - Manages a video of a Stream video library, found by O(guid) or by its exact O(title) (several
    videos of the title fail, listing their GUIDs).
  - "Metadata: O(title), O(description), O(collection), O(chapters), O(moments) and O(meta_tags) are
    compared as the API holds them, only those the task gives, and sent in one update when they differ."
  - "Content, idempotent by content: O(src) is a local file. The API keeps the SHA-256 of a video's
    original upload; a file whose SHA-256 matches is not sent again, and one that differs replaces
    the video (see O(replace)). O(url) has the API fetch the video instead, once, when the video is
    created."
  - The file is streamed, read a block at a time however large. Files of 64 MiB and more go through
    the vendor's resumable (TUS) upload in parts of 16 MiB, so that an upload interrupted by the
    network resumes from the last part the API holds, within O(api_retries); smaller files, and any
    upload with O(encoding) options (which TUS cannot carry), go in one request. An upload whose
    answer is lost is settled by reading the video's hash and status, never by sending the file
    again blindly.
  - With O(wait), the module waits until the video is encoded; a video whose encoding fails fails
    the task with the API's transcoding messages.
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  guid:
    description:
      - GUID of the video. It must exist, unless O(state=absent); with O(title), the video is renamed.
      - One of O(guid) and O(title) is required.
    type: str
  title:
    description:
      - Title of the video. Without O(guid), the video is the one of the library titled exactly this;
        the module creates it when there is none.
    type: str
  description:
    description:
      - Description of the video. The API's update model has no description property; like the
        Terraform provider, the module keeps it as the meta tag C(description).
    type: str
  collection:
    description:
      - Name of the collection the video belongs to (V("") for none). The collection must exist
        (M(bunnynet.cloud.stream_collection) creates it); in check mode a collection that does not
        exist yet is predicted with a warning.
    type: str
  chapters:
    description: The video's chapters, in order; compared and sent as a whole list.
    type: list
    elements: dict
    suboptions:
      title:
        description: Title of the chapter.
        type: str
        required: true
      start:
        description: Start, in seconds.
        type: int
        required: true
      end:
        description: End, in seconds.
        type: int
        required: true
  moments:
    description: The video's moments, in order; compared and sent as a whole list.
    type: list
    elements: dict
    suboptions:
      label:
        description: Label of the moment.
        type: str
        required: true
      timestamp:
        description: When it happens, in seconds.
        type: int
        required: true
  meta_tags:
    description:
      - Meta tags of the video, by property. Only the properties given are compared; the video's
        other meta tags are kept.
    type: dict
  src:
    description:
      - Local file with the video's content (on the host the module runs on). Compared by SHA-256 with
        the API's C(originalHash).
      - Mutually exclusive with O(url).
    type: path
  url:
    description:
      - URL the API fetches the video from, when the module creates the video. A fetched video's content
        cannot be compared with the URL's, so an existing video is left as it is.
    type: str
  url_headers:
    description: HTTP headers the API sends when it fetches O(url) (an authorization header, say).
    type: dict
  replace:
    description:
      - What to do when the video holds other content than O(src).
      - V(when_changed) replaces it. The API takes a video's content once, so a replacement is a new
        video with the same title, collection, chapters, moments and meta tags, the captions and
        thumbnail the task gives, the new content, and then the old video deleted. The new video has a
        new GUID, so its URLs (player, playlist, thumbnail) change, and its views and watch time start
        again at zero. The result names the old GUID under C(replaced).
      - V(never) refuses it; the task fails, naming both hashes, and nothing is written.
    type: str
    choices: [when_changed, never]
    default: when_changed
  encoding:
    description:
      - Encoding options of the upload, which override the library's; they apply when content is
        uploaded (a later change does not re-encode a video).
    type: dict
    suboptions:
      resolutions:
        description: Resolutions to encode, of V(240p), V(360p), V(480p), V(720p), V(1080p), V(1440p) and V(2160p).
        type: list
        elements: str
      output_codecs:
        description: Codecs to encode with, of V(x264), V(vp9), V(hevc) and V(av1).
        type: list
        elements: str
      jit_encoding:
        description: Whether the video is encoded just in time (with premium encoding).
        type: bool
      transcribe:
        description: Whether the video is transcribed (charged by the API).
        type: bool
      transcribe_languages:
        description: Languages of the transcription, as ISO 639-1 codes.
        type: list
        elements: str
      source_language:
        description: Language spoken in the video, as an ISO 639-1 code.
        type: str
  captions:
    description:
      - Captions from local files (WebVTT or SubRip), by language.
      - A caption is uploaded when the video has none of its language, or one with another label. The
        API does not return a caption's content, so a changed file under the same label is not noticed;
        give it a new label to replace it.
    type: list
    elements: dict
    suboptions:
      language:
        description: Language code of the caption (for example V(en) or V(pt-BR)).
        type: str
        required: true
      label:
        description: Label the player shows; the language code when left out.
        type: str
      src:
        description: Local file with the captions.
        type: path
        required: true
  purge_captions:
    description: Delete the video's captions in languages O(captions) does not list.
    type: bool
    default: false
  thumbnail:
    description:
      - Local image set as the thumbnail when the module creates (or replaces) the video. The API does
        not return a thumbnail's content, so an existing video's thumbnail is left as it is.
    type: path
  thumbnail_time:
    description: Time in the video, in milliseconds, the API takes the thumbnail from when the module creates the video.
    type: int
  wait:
    description:
      - Wait until the video is encoded (or, with just-in-time encoding, playable). A video whose
        encoding fails fails the task, with the API's transcoding messages under C(transcoding_messages).
    type: bool
    default: false
  wait_timeout:
    description: Seconds to wait with O(wait), at least 1.
    type: int
    default: 1800
  state:
    description: V(present) creates or updates the video; V(absent) deletes it when it exists.
    type: str
    choices: [present, absent]
    default: present
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.stream
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - Check mode reads the library and hashes O(src), and sends nothing. A video it would create
        (or upload to) is predicted with the metadata, captions, size and hash it would have, and
        V(null) for what only the API knows (GUID, URLs, encoding results).
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - O(src) is read on the host the module runs on. Its SHA-256 is computed on every run (reading the
    file once), which is what makes a second run send nothing.
seealso:
  - module: bunnynet.cloud.stream_collection
  - module: bunnynet.cloud.stream_video_info
  - module: bunnynet.cloud.videolibrary
"""

EXAMPLES = r"""
- name: Upload the first lesson, once, and wait until it plays
  bunnynet.cloud.stream_video:
    library: courses
    title: "Lesson 1: Getting started"
    collection: Basics
    src: videos/lesson-1.mp4
    description: How to set up the tools.
    chapters:
      - {title: Install, start: 0, end: 95}
      - {title: First run, start: 95, end: 240}
    captions:
      - {language: en, label: English, src: videos/lesson-1.en.vtt}
    thumbnail: videos/lesson-1.jpg
    encoding:
      resolutions: [360p, 720p, 1080p]
    wait: true
  register: lesson

- name: Embed it
  ansible.builtin.debug:
    msg: "{{ lesson.video.urls.embed }}"

- name: Keep a product video from being replaced by a different file
  bunnynet.cloud.stream_video:
    library_id: 4242
    title: Product tour
    src: videos/tour.mp4
    replace: never

- name: Have the API fetch a video from object storage
  bunnynet.cloud.stream_video:
    library: courses
    title: Webinar
    url: https://media.example.com/webinar.mp4
    url_headers:
      Authorization: "Bearer {{ media_token }}"

- name: Delete a video
  bunnynet.cloud.stream_video:
    library: courses
    title: Old intro
    state: absent
"""

RETURN = r"""
video:
  description:
    - The video as the Stream API reads it, in snake_case, after the changes (the prediction in check
      mode); V(null) once deleted.
    - C(status) is the API's status by name, C(meta_tags) a mapping of property to value.
  returned: success
  type: dict
  contains:
    guid:
      description: GUID of the video; V(null) for one check mode predicts.
      type: str
      sample: 1f3b7c2a-9d1e-4b8a-8f5e-6a7c9d0e1f2a
    title:
      description: Title of the video.
      type: str
      sample: "Lesson 1: Getting started"
    status:
      description: The encoding status.
      type: str
      choices: [created, uploaded, processing, transcoding, finished, error, upload_failed, jit_segmenting, jit_playlists_created]
      sample: finished
    length:
      description: Length in seconds.
      type: int
      sample: 240
    available_resolutions:
      description: The resolutions encoded, comma-separated.
      type: str
      sample: 360p,720p,1080p
    original_hash:
      description: SHA-256 of the original upload, upper-case hex.
      type: str
      sample: 9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08
    collection_id:
      description: GUID of the video's collection; empty for none.
      type: str
      sample: 6b5b3c9e-2a48-4ad6-9f7d-1c0f4b9d2e11
    urls:
      description:
        - Where a page finds the video, built from the library's CDN hostname and the vendor's
          documented paths.
      type: dict
      contains:
        embed:
          description: The player, for an iframe.
          type: str
          sample: https://iframe.mediadelivery.net/embed/4242/1f3b7c2a-9d1e-4b8a-8f5e-6a7c9d0e1f2a
        play:
          description: The player as a page of its own.
          type: str
        playlist:
          description: The HLS playlist.
          type: str
          sample: https://vz-4242.b-cdn.net/1f3b7c2a-9d1e-4b8a-8f5e-6a7c9d0e1f2a/playlist.m3u8
        thumbnail:
          description: The thumbnail image.
          type: str
        preview:
          description: The animated preview.
          type: str
        mp4:
          description: MP4 files by resolution, when the library makes them.
          type: dict
        captions:
          description: Caption files by language.
          type: dict
replaced:
  description: GUID of the video a replacement deleted.
  returned: when the content was replaced
  type: str
uploaded:
  description: What was uploaded; C(method) is V(put) (one request) or V(tus) (resumable, in parts).
  returned: when content was uploaded
  type: dict
  sample: {bytes: 73400320, sha256: 9F86D0..., method: tus}
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.collections import LIBRARY_KWARGS, LIBRARY_OPTIONS, LIBRARY_RULES, open_library, run_stream
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.videos import (
    CODECS,
    RESOLUTIONS,
    Desired,
    VideoPlan,
    find_collection_id,
    find_video,
)


def one_or_more_of(choices):
    return (lambda given: ", ".join(value for value in given if value not in choices) or True,
            "be one or more of: %s" % ", ".join(choices))


def manage_video(module):
    params = module.params
    library = open_library(module)
    current = find_video(module, library, params["guid"], params["title"] if params["guid"] is None else None,
                         missing_ok=params["state"] == "absent")
    if params["state"] == "absent":
        return apply(module, VideoPlan(module, library, None, current).absent())
    collection_id = find_collection_id(module, library, params["collection"]) if params["collection"] is not None else None
    if collection_id is None and params["collection"] is not None:
        if not module.check_mode:
            module.fail("Collection %r does not exist in library %s; create it first with bunnynet.cloud.stream_collection." % (
                params["collection"], library.id))
        module.ansible.warn("Collection %r does not exist yet; the prediction leaves the video out of it." % params["collection"])
        collection_id = ""
    apply(module, VideoPlan(module, library, Desired(params, collection_id), current).present())


def main():
    module = BunnyModule(
        argument_spec=dict(
            LIBRARY_OPTIONS,
            guid=dict(type="str"), title=dict(type="str"), description=dict(type="str"), collection=dict(type="str"),
            chapters=dict(type="list", elements="dict", options=dict(title=dict(type="str", required=True), start=dict(type="int", required=True),
                                                                     end=dict(type="int", required=True))),
            moments=dict(type="list", elements="dict", options=dict(label=dict(type="str", required=True), timestamp=dict(type="int", required=True))),
            meta_tags=dict(type="dict"),
            src=dict(type="path"), url=dict(type="str"), url_headers=dict(type="dict", no_log=True),
            replace=dict(type="str", choices=["when_changed", "never"], default="when_changed"),
            encoding=dict(type="dict", options=dict(
                resolutions=dict(type="list", elements="str"), output_codecs=dict(type="list", elements="str"),
                jit_encoding=dict(type="bool"), transcribe=dict(type="bool"), transcribe_languages=dict(type="list", elements="str"),
                source_language=dict(type="str"))),
            captions=dict(type="list", elements="dict", options=dict(language=dict(type="str", required=True), label=dict(type="str"),
                                                                     src=dict(type="path", required=True))),
            purge_captions=dict(type="bool", default=False),
            thumbnail=dict(type="path"), thumbnail_time=dict(type="int"),
            wait=dict(type="bool", default=False), wait_timeout=dict(type="int", default=1800),
            state=dict(type="str", choices=["present", "absent"], default="present"),
        ),
        result_key="video",
        rules=LIBRARY_RULES + (
            ("guid", dict(min_length=1)), ("title", dict(min_length=1)), ("chapters[].start", dict(minimum=0)), ("chapters[].end", dict(minimum=0)),
            ("moments[].timestamp", dict(minimum=0)), ("thumbnail_time", dict(minimum=0)), ("wait_timeout", dict(minimum=1)),
            ("captions[].language", dict(pattern=r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?", pattern_hint="a language code such as en or pt-BR")),
            # Checked here rather than as the suboptions' choices, so that the message names encoding.resolutions.
            ("encoding.resolutions", dict(satisfies=one_or_more_of(RESOLUTIONS))),
            ("encoding.output_codecs", dict(satisfies=one_or_more_of(CODECS))),
        ),
        required_one_of=LIBRARY_KWARGS["required_one_of"] + [("guid", "title")],
        mutually_exclusive=LIBRARY_KWARGS["mutually_exclusive"] + [("src", "url")],
        required_by=dict(url_headers="url"),
    )
    run_stream(module, manage_video)


if __name__ == "__main__":
    main()
