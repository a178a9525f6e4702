# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Stream video library as a resource on the engine (resource.py): what videolibrary and videolibrary_info share.

Three things set a library apart from the engine's defaults, and each override below names one.
The create model takes a few of the library's settings only, so the rest follow in an update right
after the create. Token authentication is set through the library's update model but kept by the
library's pull zone (``ZoneSecurityEnabled`` and ``ZoneSecurityIncludeHashRemoteIP``); the library's
read model does not have it, so a read of the library is completed from a read of its zone, under
the update model's names. Lists of words the API keeps as one comma-separated string (resolutions,
player controls, playback speeds) are options that take a list.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.key_rotation import RETURN_OPTION, ROTATE_OPTION, hand_over, rotate
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes, unknown_names
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.settings import BOOL, INT, STR, STRINGS, Enum
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import kind_problem

RESOLUTIONS = ["240p", "360p", "480p", "720p", "1080p", "1440p", "2160p"]
PLAYER_CONTROLS = ["play-large", "play", "progress", "current-time", "mute", "volume", "captions", "settings", "pip",
                   "airplay", "fullscreen"]
ZONE_PATH = "/pullzone/{id}"
# The update-model properties the library's pull zone keeps, and the zone property each is read from.
ZONE_SETTINGS = {"EnableTokenAuthentication": "ZoneSecurityEnabled", "EnableTokenIPVerification": "ZoneSecurityIncludeHashRemoteIP"}
# The properties VideoLibraryCreateModel takes; the rest of a new library's settings follow in an update.
CREATE_PROPERTIES = frozenset((
    "Name", "ReplicationRegions", "PlayerVersion", "EncodingTier", "JitEncodingEnabled", "OutputCodecs",
    "EnabledResolutions", "BlockNoneReferrer", "EnableMP4Fallback", "KeepOriginalFiles", "AllowDirectPlay",
    "EnableMultiAudioTrackSupport", "EnableTranscribing", "TranscribingCaptionLanguages",
    "EnableTranscribingTitleGeneration", "EnableTranscribingDescriptionGeneration",
    "EnableTranscribingChaptersGeneration", "EnableTranscribingMomentsGeneration", "AllowEarlyPlay",
))
# Smart generation needs transcripts: the API turns transcribing on with any of these.
GENERATION_SWITCHES = ("EnableTranscribingTitleGeneration", "EnableTranscribingDescriptionGeneration",
                       "EnableTranscribingChaptersGeneration", "EnableTranscribingMomentsGeneration")
SECRET_KEYS = ("api_key", "read_only_api_key", "api_access_key")
SERVER_FIELDS = ("id", "cdn_hostname", "video_count", "traffic_usage", "storage_usage", "date_created", "date_modified", "api_key",
                 "read_only_api_key", "api_access_key", "pull_zone_id", "storage_zone_id", "has_watermark",
                 "watermark_version", "monthly_charges_transcribing", "monthly_charges_premium_encoding",
                 "monthly_charges_enterprise_drm", "feature_flags", "pull_zone_type", "allowed_referrers",
                 "blocked_referrers")
WATERMARK = {"position_left": "WatermarkPositionLeft", "position_top": "WatermarkPositionTop",
             "width": "WatermarkWidth", "height": "WatermarkHeight"}

# Every property of the vendor's VideoLibraryUpdateModel that ``settings`` may set, with its kind.
SETTINGS = {
    "CustomHTML": STR, "PlayerKeyColor": STR, "EnableTokenAuthentication": BOOL, "EnableTokenIPVerification": BOOL,
    "ResetToken": BOOL, "WatermarkPositionLeft": INT, "WatermarkPositionTop": INT, "WatermarkWidth": INT,
    "WatermarkHeight": INT, "EnabledResolutions": STR, "ViAiPublisherId": STR, "VastTagUrl": STR, "WebhookUrl": STR,
    "CaptionsFontSize": INT, "CaptionsFontColor": STR, "CaptionsBackground": STR, "UILanguage": STR,
    "AllowEarlyPlay": BOOL, "PlayerTokenAuthenticationEnabled": BOOL, "BlockNoneReferrer": BOOL,
    "EnableMP4Fallback": BOOL, "KeepOriginalFiles": BOOL, "AllowDirectPlay": BOOL, "EnableDRM": BOOL,
    "DrmVersion": Enum(range(0, 3)), "Controls": STR, "PlaybackSpeeds": STR, "Bitrate240p": INT, "Bitrate360p": INT,
    "Bitrate480p": INT, "Bitrate720p": INT, "Bitrate1080p": INT, "Bitrate1440p": INT, "Bitrate2160p": INT,
    "ShowHeatmap": BOOL, "EnableContentTagging": BOOL, "FontFamily": STR, "EnableTranscribing": BOOL,
    "EnableTranscribingTitleGeneration": BOOL, "EnableTranscribingDescriptionGeneration": BOOL,
    "EnableTranscribingChaptersGeneration": BOOL, "EnableTranscribingMomentsGeneration": BOOL,
    "TranscribingCaptionLanguages": STRINGS, "EnableCaptionsInPlaylist": BOOL, "RememberPlayerPosition": BOOL,
    "EnableMultiAudioTrackSupport": BOOL, "UseSeparateAudioStream": BOOL, "JitEncodingEnabled": BOOL,
    "EncodingTier": Enum(range(0, 2)), "OutputCodecs": STR, "PlayerVersion": INT,
    "RemoveMetadataFromFallbackVideos": BOOL, "ScaleVideoUsingBothDimensions": BOOL, "ExposeOriginals": BOOL,
    "ExposeVideoMetadata": BOOL, "EnableCompactControls": BOOL,
}
# Update-model properties that are actions or write-only objects: a read cannot show whether they hold.
UNREADABLE_SETTINGS = {
    "ResetToken": "it is an action, not a setting; a read cannot show whether it was done",
    "AppleFairPlayDrm": "a read does not return it, so it could never be compared",
    "GoogleWidevineDrm": "a read does not return it, so it could never be compared",
}


class WordListField(Field):
    """A list option the API keeps as one comma-separated string; compared as a set unless ``ordered``."""

    def __init__(self, option, api, choices=None, ordered=False):
        super().__init__(option, api, type="list", elements="str", choices=choices, ordered=ordered,
                         to_api=lambda words: {api: ",".join(words)}, from_api=lambda record: _words(record.get(api)))

    def same(self, present, wanted):
        return super().same(_words(present), _words(wanted))


def _words(value):
    if not isinstance(value, str):
        return value
    return [word.strip() for word in value.split(",") if word.strip()]


def _watermark_to_api(watermark):
    return {api: watermark[option] for option, api in WATERMARK.items() if watermark.get(option) is not None}


FIELDS = (
    Field("replication_regions", "ReplicationRegions", type="list", elements="str", create_only=True),
    WordListField("enabled_resolutions", "EnabledResolutions", choices=RESOLUTIONS),
    Field("token_authentication", "EnableTokenAuthentication", type="bool"),
    Field("token_ip_validation", "EnableTokenIPVerification", type="bool"),
    Field("player_token_authentication", "PlayerTokenAuthenticationEnabled", type="bool"),
    Field("block_none_referrer", "BlockNoneReferrer", type="bool"),
    Field("allow_direct_play", "AllowDirectPlay", type="bool"),
    Field("keep_original_files", "KeepOriginalFiles", type="bool"),
    Field("enable_mp4_fallback", "EnableMP4Fallback", type="bool"),
    Field("allow_early_play", "AllowEarlyPlay", type="bool"),
    Field("webhook_url", "WebhookUrl"),
    Field("player_key_color", "PlayerKeyColor", no_log=False),
    Field("player_language", "UILanguage"),
    Field("font_family", "FontFamily"),
    Field("captions_font_size", "CaptionsFontSize", type="int"),
    Field("captions_font_color", "CaptionsFontColor"),
    Field("captions_background", "CaptionsBackground"),
    WordListField("player_controls", "Controls", choices=PLAYER_CONTROLS, ordered=True),
    WordListField("playback_speeds", "PlaybackSpeeds"),
    Field("custom_html", "CustomHTML"),
    Field("show_heatmap", "ShowHeatmap", type="bool"),
    Field("remember_player_position", "RememberPlayerPosition", type="bool"),
    Field("watermark", type="dict", to_api=_watermark_to_api,
          from_api=lambda record: {option: record.get(api) for option, api in WATERMARK.items()}),
)
WATERMARK_OPTIONS = {option: dict(type="int") for option in WATERMARK}


def predict_side_effects(after, changes):
    """What the API changes along with a write: early play exposes the originals, smart generation needs transcripts."""
    if changes.get("AllowEarlyPlay"):
        after["ExposeOriginals"] = True
    if any(changes.get(name) for name in GENERATION_SWITCHES):
        after["EnableTranscribing"] = True
    return after


def library_problems(current, desired):
    """Settings that contradict each other in ways the API would settle on its own."""
    current = current or {}
    problems = []
    early_play = desired.get("AllowEarlyPlay", current.get("AllowEarlyPlay"))
    if early_play and desired.get("ExposeOriginals") is False:
        problems.append("settings.ExposeOriginals=false cannot hold while allow_early_play is true: early play "
                        "serves the original files")
    generating = [name for name in GENERATION_SWITCHES if desired.get(name, current.get(name))]
    if generating and desired.get("EnableTranscribing") is False:
        problems.append("settings.EnableTranscribing=false cannot hold while %s is true: generating them needs "
                        "transcripts" % generating[0])
    if "EnabledResolutions" in desired and not _words(desired["EnabledResolutions"]):
        problems.append("enabled_resolutions must name at least one resolution")
    return problems


class VideoLibraryResource(Resource):
    """The engine's life of a resource, with the library's token authentication read from its pull zone."""

    def read(self, client, record_id):
        return self.with_zone_settings(client, super().read(client, record_id))

    # Only the libraries that carry the name get their zone read, not every library listed.
    def named(self, client, name):
        return [self.with_zone_settings(client, record) for record in super().named(client, name)]

    def select(self, module, *args, **kwargs):
        # A search or the whole list reads each library's zone, as a read of one does.
        if module.params.get("id") is not None or module.params.get(self.key.option) is not None:
            return super().select(module, *args, **kwargs)
        return [self.with_zone_settings(module.client, record) for record in super().select(module, *args, **kwargs)]

    @staticmethod
    def with_zone_settings(client, library):
        """The library with the token authentication settings its pull zone keeps, by the update model's names,
        and the zone's system hostname, which the library's videos are delivered from (``CdnHostname``)."""
        zone = client.get(build_path(ZONE_PATH, id=library["PullZoneId"])) if library.get("PullZoneId") else {}
        return with_zone(library, zone)


def with_zone(library, zone):
    """``library`` with the token authentication settings and the system hostname of ``zone``, its pull zone as read."""
    completed = dict(library)
    completed.update((setting, (zone or {}).get(zone_name)) for setting, zone_name in ZONE_SETTINGS.items())
    completed["CdnHostname"] = cdn_hostname(zone)
    return completed


def cdn_hostname(zone):
    """The pull zone's system hostname (``vz-….b-cdn.net``): where the library's videos are delivered from."""
    return next((hostname.get("Value") for hostname in (zone or {}).get("Hostnames") or [] if hostname.get("IsSystemHostname")), None)


VIDEO_LIBRARY = VideoLibraryResource(
    noun="video library",
    result_key="video_library",
    key=Field("name", "Name"),
    fields=FIELDS,
    paths=Paths("/videolibrary", "/videolibrary/{id}"),
    record=Record(server_fields=SERVER_FIELDS, secret_keys=SECRET_KEYS),
    # A create takes part of the settings; the rest follow in an update of the new library. Writes
    # answer with the library, without the token authentication settings its zone keeps.
    writes=Writes(create_names={name: name for name in CREATE_PROPERTIES}, read_after_write=True),
    predict=predict_side_effects,
    problems=library_problems,
)


def settings_problems(settings):
    """Every way ``settings`` breaks the update model, as sentences naming the property and the rule."""
    problems = unknown_names([name for name in settings if name not in UNREADABLE_SETTINGS], SETTINGS,
                             "the video library update model")
    covered = {field.api: field.option for field in FIELDS if field.api}
    covered.update((api, "watermark") for api in WATERMARK.values())
    for name, value in settings.items():
        if name in UNREADABLE_SETTINGS:
            problems.append("settings.%s cannot be managed: %s" % (name, UNREADABLE_SETTINGS[name]))
        elif name in covered:
            problems.append("settings.%s is set with the option %s; give it there" % (name, covered[name]))
        elif name in SETTINGS:
            problem = kind_problem(SETTINGS[name], value)
            if problem:
                problems.append("settings.%s must be %s, got %r" % (name, problem, value))
    return problems


def desired_library(params):
    """The update-model properties the options and ``settings`` give (write names)."""
    wanted = VIDEO_LIBRARY.desired(params)
    wanted.update(params.get("settings") or {})
    return wanted


# --- The API keys: rotated, or returned on request ------------------------------------------------------

API_KEY_OPTIONS = dict(rotate_api_key=dict(ROTATE_OPTION), rotate_read_only_api_key=dict(ROTATE_OPTION), return_api_keys=dict(RETURN_OPTION))
# Each key by its name under the result's secrets, its API name, and the reset that makes a new one.
API_KEYS = (
    ("api_key", "ApiKey", "/resetApiKey"),
    ("read_only_api_key", "ReadOnlyApiKey", "/resetReadOnlyApiKey"),
)
# The API keeps its deprecated ApiAccessKey equal to ApiKey: it is handed over with the keys, or its
# value, masked as a secret, would be censored out of secrets.api_key too.
HANDED_OVER = dict([(name, api) for name, api, _reset in API_KEYS], api_access_key="ApiAccessKey")


def plan_api_keys(module, plan):
    """Add to the library's plan the key resets asked for, and the keys under the result's ``secrets``
    when one was reset or the task asked for them; the library keeps them masked."""
    params = module.params
    if params["state"] == "absent" or plan.problems:
        return plan
    for name, api, reset in API_KEYS:
        if params["rotate_" + name]:
            rotate(module, plan, VIDEO_LIBRARY, name, api,
                   lambda record, reset=reset: ("POST", VIDEO_LIBRARY.path(record["Id"]) + reset, None, None))
    if plan.result.get("rotated") or params["return_api_keys"]:
        hand_over(module, plan, VIDEO_LIBRARY, HANDED_OVER,
                  check_mode_values=dict(api_access_key=None) if params["rotate_api_key"] else None)
    return plan
