#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: videolibrary
short_description: Create, configure or delete a bunny.net Stream video library
version_added: 0.2.0
description:
  - Manages a Stream video library, found by O(id) or by its exact O(name).
  - Creates the library when none has the name, updates the settings that differ from the options
    given (one request, with those settings only), and deletes it with O(state=absent). Options
    left out are left as they are.
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads.
  - The API creates a library with a few of its settings only; the module sends the others in an
    update of the new library, in the same run.
  - Token authentication is a setting of the pull zone the library delivers through. The module
    reads it from that zone (one more read) and sets it through the library.
  - The referrers allowed and blocked have a module of their own, M(bunnynet.cloud.videolibrary_referrer).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  name:
    description:
      - Name of the library.
      - Without O(id), the library is the one named exactly this. The module creates it when the
        account has none of that name, and fails when several have it, listing their IDs.
    type: str
  replication_regions:
    description:
      - Regions the library's storage is replicated to, by the API's region codes (for example
        V(UK), V(NY), V(SG)). Compared as a set.
      - Only set when the library is created; a different set for an existing library fails.
    type: list
    elements: str
  enabled_resolutions:
    description: The resolutions videos are encoded in; at least one. Compared as a set.
    type: list
    elements: str
    choices: [240p, 360p, 480p, 720p, 1080p, 1440p, 2160p]
  token_authentication:
    description:
      - Whether video URLs must carry a token signed with the security key of the library's pull zone.
      - The API keeps it on the library's pull zone; the module reads it there.
    type: bool
  token_ip_validation:
    description: Whether a signed URL also binds the viewer's IP address.
    type: bool
  player_token_authentication:
    description: Whether the embedded player needs a signed token.
    type: bool
  block_none_referrer:
    description: Whether requests without a referrer are refused.
    type: bool
  allow_direct_play:
    description: Whether videos can be played from their direct URLs.
    type: bool
  keep_original_files:
    description: Whether the uploaded file is kept after it is encoded.
    type: bool
  enable_mp4_fallback:
    description: Whether MP4 files are made for players without HLS.
    type: bool
  allow_early_play:
    description:
      - Whether videos can be played before encoding ends.
      - The API exposes the original files with it, so V(true) with O(settings) C(ExposeOriginals=false) fails before any request.
    type: bool
  webhook_url:
    description: URL the API calls when a video's status changes; empty for none.
    type: str
  player_key_color:
    description: The player's key colour, as a CSS colour such as V(#ff7755).
    type: str
  player_language:
    description: Language of the player's interface, by its code (for example V(en) or V(de)).
    type: str
  font_family:
    description: Font of the captions.
    type: str
  captions_font_size:
    description: Size of the captions' font.
    type: int
  captions_font_color:
    description: Colour of the captions.
    type: str
  captions_background:
    description: Background colour of the captions.
    type: str
  player_controls:
    description: The controls the player shows, in the order given.
    type: list
    elements: str
    choices: [play-large, play, progress, current-time, mute, volume, captions, settings, pip, airplay, fullscreen]
  playback_speeds:
    description: The playback speeds the player offers (for example V("0.5") or V("1.5")). Compared as a set.
    type: list
    elements: str
  custom_html:
    description: HTML added to the player's page.
    type: str
  show_heatmap:
    description: Whether the player shows where viewers watched most.
    type: bool
  remember_player_position:
    description: Whether the player resumes where the viewer stopped.
    type: bool
  watermark:
    description:
      - Where the watermark sits on the video and how large it is, in percent of the video.
      - The image itself is uploaded separately; the read shows whether the library has one (C(has_watermark)).
    type: dict
    suboptions:
      position_left:
        description: Offset from the left edge, 0 to 100.
        type: int
      position_top:
        description: Offset from the top edge, 0 to 100.
        type: int
      width:
        description: Width, 0 to 100.
        type: int
      height:
        description: Height, 0 to 100.
        type: int
  return_api_keys:
    description:
      - Return the library's API keys under RV(secrets) (RV(secrets.api_key), RV(secrets.read_only_api_key)),
        to hand on to what needs them (a site's upload form, a secret store). RV(video_library) keeps
        them masked.
      - They are secrets. The task's whole result is then hidden from output as O(ignore:no_log)
        hides it (its action plugin marks it so), and is visible only to what the task registers; keep
        it out of logs yourself when you print or store it.
    type: bool
    default: false
  rotate_api_key:
    description:
      - Have the API make a new API key for the library, on this run. The Stream API refuses the old
        key at once, so hand the new one on in the same play (see the collection's
        docs/keys-and-certificates.md).
      - A rotation happens only when asked; every run with V(true) rotates again.
      - The new key is returned under RV(secrets.api_key), and only there.
    type: bool
    default: false
  rotate_read_only_api_key:
    description:
      - Have the API make a new read-only API key for the library, on this run, returned under
        RV(secrets.read_only_api_key). Every run with V(true) rotates again.
    type: bool
    default: false
  settings:
    description:
      - Any other property of the API's video library update model, by its API name (for example
        V(EnableDRM) or V(Bitrate1080p)), with the value the API takes (numbers for enumerations).
      - Each name and value is checked against the model before any request; an unknown name fails
        and the closest names are suggested. A property that an option of this module sets must be
        given through that option.
      - Only the properties given are compared and sent.
    type: dict
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A library the module would create is predicted with the options given and V(null) for what
        only the API knows (its ID, keys, zones and usage); the settings the API fills in with its
        defaults appear once the library exists.
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - Deleting a library (O(state=absent)) deletes its videos and the pull zone it delivers through.
  - With O(id) and O(name), the library is renamed to O(name).
  - The library's API keys are secrets. They are masked in results, diffs and failures, and kept out
    of the output at any verbosity. They are returned under RV(secrets) only when a task rotates one
    or asks for them (O(return_api_keys=true)), and the task's result is then hidden from output.
seealso:
  - module: bunnynet.cloud.videolibrary_info
  - module: bunnynet.cloud.videolibrary_referrer
"""

EXAMPLES = r"""
- name: Host the course videos, replicated to two regions, behind token authentication
  bunnynet.cloud.videolibrary:
    name: courses
    replication_regions: [UK, NY]
    enabled_resolutions: [360p, 720p, 1080p]
    token_authentication: true
    player_key_color: "#ff7755"
    player_controls: [play-large, play, progress, current-time, mute, volume, captions, settings, fullscreen]
    watermark:
      position_left: 80
      position_top: 80
      width: 15
      height: 10
  register: courses

- name: Allow only the course site to embed them
  bunnynet.cloud.videolibrary_referrer:
    video_library_id: "{{ courses.video_library.id }}"
    allowed_referrers: [courses.example.com]

- name: Encode 1080p at a higher bitrate, which has no option of its own
  bunnynet.cloud.videolibrary:
    name: courses
    settings:
      Bitrate1080p: 6000

- name: Rotate the library's API key when asked to (ansible-playbook ... -e rotate_keys=true)
  bunnynet.cloud.videolibrary:
    name: courses
    rotate_api_key: true
  register: rotated_library_key
  when: rotate_keys | default(false) | bool

- name: Hand the new key to the upload service in the same play, before anything else can fail
  bunnynet.cloud.mc_container_template:
    app_id: demoUploadApp01
    name: uploader
    secret_environment_variables:
      STREAM_API_KEY: "{{ rotated_library_key.secrets.api_key }}"
  when: rotated_library_key is changed

- name: Read the keys of the courses library (which exists; the task changes nothing else)
  bunnynet.cloud.videolibrary:
    name: courses
    return_api_keys: true
  register: courses_keys

- name: Keep the read-only key for the course site's player, readable by its owner only
  ansible.builtin.copy:
    content: "STREAM_READ_ONLY_KEY={{ courses_keys.secrets.read_only_api_key }}\n"
    dest: "{{ playbook_dir }}/courses-player.env"
    mode: "0600"
  no_log: true

- name: Delete a library that is no longer used, with its videos
  bunnynet.cloud.videolibrary:
    name: old-courses
    state: absent
"""

RETURN = r"""
secrets:
  description:
    - The library's C(api_key), C(read_only_api_key) and C(api_access_key), when O(return_api_keys)
      asks for them or after a rotation (O(rotate_api_key), O(rotate_read_only_api_key)); V(null) in
      check mode for a key the API has yet to make.
    - The task's result is hidden from output when it holds them.
  returned: when asked for, or a key was rotated
  type: dict
  sample:
    api_key: 3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f
    read_only_api_key: 7e6d5c4b-3a29-4180-9f8e-7d6c5b4a3928
    api_access_key: 3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f
  contains:
    api_key:
      description: The library's API key, which the Stream API takes.
      type: str
    read_only_api_key:
      description: The library's read-only API key.
      type: str
    api_access_key:
      description: The older name the API still returns the API key under; the same value as C(api_key).
      type: str
rotated:
  description: The keys the run rotated (or, in check mode, would rotate); a diff shows them masked on both sides.
  returned: when a key was rotated
  type: list
  elements: str
  sample: [api_key]
video_library:
  description:
    - The library in snake_case, every property the API reads back, after the changes; the
      prediction in check mode. V(null) once deleted.
    - C(enable_token_authentication) and C(enable_token_ip_verification) come from the library's pull zone.
    - The API keys are masked.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the library; V(null) for a library check mode predicts.
      type: int
      sample: 4242
    name:
      description: Name of the library.
      type: str
      sample: courses
    pull_zone_id:
      description: ID of the pull zone the library delivers through.
      type: int
      sample: 1234567
    replication_regions:
      description: Regions the storage is replicated to.
      type: list
      elements: str
      sample: [UK, NY]
    enabled_resolutions:
      description: The resolutions, comma-separated as the API keeps them.
      type: str
      sample: 360p,720p,1080p
    enable_token_authentication:
      description: Whether token authentication is on (read from the pull zone).
      type: bool
      sample: true
    enable_token_ip_verification:
      description: Whether signed URLs bind the viewer's IP address (read from the pull zone).
      type: bool
      sample: false
    cdn_hostname:
      description:
        - The hostname the library's videos are delivered from, the system hostname of its pull zone;
          V(null) for a library check mode predicts.
      type: str
      sample: vz-4242.b-cdn.net
    api_key:
      description:
        - The library's API key, which the Stream API takes; always masked (O(return_api_keys) and a
          rotation return it under RV(secrets.api_key)).
      type: str
      sample: "********"
    read_only_api_key:
      description: The library's read-only API key; always masked (see RV(secrets.read_only_api_key)).
      type: str
      sample: "********"
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import (
    API_KEY_OPTIONS,
    VIDEO_LIBRARY,
    WATERMARK,
    WATERMARK_OPTIONS,
    desired_library,
    library_problems,
    plan_api_keys,
    settings_problems,
)


def manage_library(module):
    desired = desired_library(module.params)
    # What contradicts itself whatever the library holds fails before any request; the rest once it is read.
    problems = settings_problems(module.params["settings"] or {}) + library_problems(None, desired)
    module.refuse(problems)
    apply(module, plan_api_keys(module, VIDEO_LIBRARY.plan(module, desired)))


def main():
    argument_spec = VIDEO_LIBRARY.argument_spec(settings=dict(type="dict"), **API_KEY_OPTIONS)
    argument_spec["watermark"]["options"] = WATERMARK_OPTIONS
    module = BunnyModule(
        argument_spec=argument_spec,
        result_key=VIDEO_LIBRARY.result_key,
        rules=(("id", dict(minimum=1)), ("name", dict(min_length=1)), ("enabled_resolutions", dict(min_items=1))) + tuple(
            ("watermark." + option, dict(minimum=0, maximum=100)) for option in WATERMARK),
        secret_keys=VIDEO_LIBRARY.secret_keys,
        **VIDEO_LIBRARY.module_kwargs()
    )
    module.run(manage_library)


if __name__ == "__main__":
    main()
