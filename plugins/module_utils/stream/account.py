# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Stream as the account sees it: video libraries, the video_library role's hosts."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    ItemList,
    Settings,
    Shape,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.account import pull_zones
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    VIDEO_LIBRARY_REFERRERS,
    canonical,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import SECRET_KEYS as VIDEO_LIBRARY_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import VIDEO_LIBRARY, with_zone


def library_of(reads, library):
    """A video library with the token authentication settings its pull zone keeps, the zone taken from the
    account's list of pull zones rather than read one by one."""
    zones = reads.once("pull zones by id", None, lambda: {zone["Id"]: zone for zone in pull_zones(reads)})
    zone = zones.get(library.get("PullZoneId")) or {}
    return reads.once("library", library["Id"], lambda: with_zone(library, zone))


VIDEO_LIBRARY_SHAPE = Shape("video_library", "video_library_name", (
    Fixed("video_library_name", lambda library: library["Name"]),
    Settings("video_library_settings", VIDEO_LIBRARY, record_of=lambda reads, library: library_of(reads, library)),
    ItemList("video_library_allowed_referrers", VIDEO_LIBRARY_REFERRERS["allowed_referrers"],
             lambda reads, library: library.get("AllowedReferrers") or [], to_options=str, to_api=lambda name, library: canonical(name)),
    ItemList("video_library_blocked_referrers", VIDEO_LIBRARY_REFERRERS["blocked_referrers"],
             lambda reads, library: library.get("BlockedReferrers") or [], to_options=str, to_api=lambda name, library: canonical(name)),
    Fixed("video_library_purge", True),
))


STREAM_KINDS = (
    Kind("video_library", "video library", "video_libraries", lambda reads: VIDEO_LIBRARY.list(reads.client), VIDEO_LIBRARY.project, "id",
         lambda library: library["name"], VIDEO_LIBRARY_SECRET_KEYS, shapes=(VIDEO_LIBRARY_SHAPE,)),
)
