# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""What every part of a Shield zone shares: its ID option, its lock, its answers and its failures.

Shield answers in an envelope ``{error, data}``; the client already turns an envelope that carries
an error into a ``BunnyApiError``, so here the envelope only needs unwrapping. The zone's parts are
split by concern: the zone itself (shield_zone_resource.py), its rules (shield_rules.py), access
lists (shield_access_lists.py), API Guardian (shield_api_guardian.py) and bot detection
(shield_bot_detection.py).
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path

ZONE_ARGUMENT = dict(shield_zone_id=dict(type="int", required=True))
ZONE_PATH = "/shield/shield-zone/{zone_id}"

# The error key Shield answers a bot detection request with on a zone whose plan lacks it (Basic).
BOT_DETECTION_NOT_IN_PLAN = "invalid_plan_type.bot_detection"
# ...and a bot categorisation request, which is part of bot detection.
BOT_CATEGORIZATION_NOT_IN_PLAN = "invalid_plan_type.bot_categorization"


def envelope_data(body):
    """The ``data`` of a Shield envelope; anything else (what a confirming read returned) as it is."""
    if isinstance(body, dict) and "data" in body and "error" in body:
        return body["data"]
    return body


def shield_data(body):
    """The ``data`` of a Shield answer; some reads (a zone's) answer ``{data}`` without an ``error``."""
    if isinstance(body, dict) and "data" in body:
        return body["data"]
    return body


def zone_lock_path(zone_id):
    """What writes to one Shield zone lock, whichever of its parts they change (see locking.py)."""
    return build_path(ZONE_PATH, zone_id=zone_id)


def zone_error_describer(zone_id):
    """A missing zone is named in the failure; bot detection outside the plan gets its own sentence."""
    def describe(error):
        if error.error_key == BOT_DETECTION_NOT_IN_PLAN:
            return not_in_plan_message(zone_id, error.message)
        if error.error_key == BOT_CATEGORIZATION_NOT_IN_PLAN:
            return not_in_plan_message(zone_id, error.message, "bot categorisation (part of bot detection)", error.error_key)
        # A 404 with a key of its own (no document to update, say) keeps the API's sentence.
        if error.status == 404 and error.error_key in (None, "not_found"):
            return "Shield zone %s was not found (HTTP 404)." % zone_id
        return None
    return describe


def not_in_plan_message(zone_id, api_message, feature="bot detection", error_key=BOT_DETECTION_NOT_IN_PLAN):
    return (
        "The plan of Shield zone %s does not include %s (the Basic plan does not; Advanced and "
        "higher do). The API said: %s" % (zone_id, feature, api_message or error_key)
    )
