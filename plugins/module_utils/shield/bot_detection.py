# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Bot detection of a Shield zone: what shield_bot_detection and shield_bot_detection_info share."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import apply_changes, changed_fields
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import envelope_data

BOT_DETECTION_PATH = "/shield/shield-zone/{zone_id}/bot-detection"

# The vendor's enums, by their names in snake_case; the API sends and takes the position.
EXECUTION_MODES = ("log_only", "challenge")
SENSITIVITIES = ("off", "low", "medium", "high")
AGGRESSIONS = ("unknown", "low", "medium", "high", "custom")
# Where each enum sits in the configuration, in its snake_case projection.
BOT_DETECTION_ENUMS = (
    (("execution_mode",), EXECUTION_MODES),
    (("request_integrity", "sensitivity"), SENSITIVITIES),
    (("ip_address", "sensitivity"), SENSITIVITIES),
    (("browser_fingerprint", "sensitivity"), SENSITIVITIES),
    (("browser_fingerprint", "aggression"), AGGRESSIONS),
)
BOT_DETECTION_SECTIONS = ("request_integrity", "ip_address", "browser_fingerprint")


def bot_detection_options():
    sensitivity = dict(type="str", choices=list(SENSITIVITIES))
    return dict(
        execution_mode=dict(type="str", choices=list(EXECUTION_MODES)),
        request_integrity=dict(type="dict", options=dict(sensitivity=sensitivity)),
        ip_address=dict(type="dict", options=dict(sensitivity=sensitivity)),
        browser_fingerprint=dict(
            type="dict",
            options=dict(
                sensitivity=sensitivity,
                # Unknown is what a read may report; it is no setting to choose.
                aggression=dict(type="str", choices=list(AGGRESSIONS[1:])),
                complex_enabled=dict(type="bool"),
            ),
        ),
    )


def project_bot_detection(configuration):
    """The configuration in snake_case with the enums by name; a value the names do not cover stays a number."""
    if configuration is None:
        return None
    projected = to_snake(configuration)
    for path, names in BOT_DETECTION_ENUMS:
        holder = _holder(projected, path)
        value = holder.get(path[-1]) if isinstance(holder, dict) else None
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            holder[path[-1]] = names[value]
    return projected


def desired_bot_detection(params):
    return {
        "execution_mode": params.get("execution_mode"),
        "request_integrity": params.get("request_integrity"),
        "ip_address": params.get("ip_address"),
        "browser_fingerprint": params.get("browser_fingerprint"),
    }


def merge_bot_detection(current, params):
    """``(changes, predicted)`` for the bot detection options ``params`` against ``current`` (projected)."""
    changes = changed_fields(current, desired_bot_detection(params))
    return changes, apply_changes(current, changes)


def bot_detection_request(predicted, zone_id):
    """The PATCH body for ``predicted``, whole.

    The reference does not say whether a section that is sent replaces the stored one or merges
    into it, so every known setting is sent, which is right either way.
    """
    body = {"shieldZoneId": zone_id}
    if predicted.get("execution_mode") is not None:
        body["executionMode"] = _position(predicted["execution_mode"], EXECUTION_MODES)
    for section in BOT_DETECTION_SECTIONS:
        settings = predicted.get(section)
        if not isinstance(settings, dict):
            continue
        request = {}
        for name, value in settings.items():
            if value is None:
                continue
            names = AGGRESSIONS if name == "aggression" else SENSITIVITIES if name == "sensitivity" else None
            request[_camel(name)] = _position(value, names) if names else value
        body[_camel(section)] = request
    return body


def bot_detection_holds(configuration, params):
    """The configuration read, if it already holds what ``params`` ask for; else None."""
    changes, _predicted = merge_bot_detection(project_bot_detection(configuration), params)
    return None if changes else configuration


def _position(value, names):
    return names.index(value) if value in names else value


def _camel(name):
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _holder(data, path):
    for name in path[:-1]:
        data = data.get(name) if isinstance(data, dict) else None
    return data


def read_bot_detection(client, zone_id):
    """The zone's bot detection configuration, as the API reads it; on a zone whose plan lacks bot
    detection the read fails with BOT_DETECTION_NOT_IN_PLAN."""
    return envelope_data(client.get(build_path(BOT_DETECTION_PATH, zone_id=zone_id)))


def bot_detection_plan(module):
    """The plan of shield_bot_detection: one PATCH of the whole configuration when an option differs.

    Bot detection is one settings object of the zone, so this is a plan without a declaration: it is
    no record of a list (Resource) nor a list inside the zone (Items).
    """
    zone_id = module.params["shield_zone_id"]
    # On a Basic-plan zone this read already fails, so nothing is ever sent there.
    current = project_bot_detection(read_bot_detection(module.client, zone_id))
    changes, predicted = merge_bot_detection(current, module.params)
    plan = Plan(before=current, after=predicted)
    if changes:
        plan.add(Write(
            "PATCH", build_path(BOT_DETECTION_PATH, zone_id=zone_id), bot_detection_request(predicted, zone_id),
            confirm=lambda: bot_detection_holds(read_bot_detection(module.client, zone_id), module.params),
            answered=lambda answer: setattr(plan, "after", project_bot_detection(envelope_data(answer) or read_bot_detection(module.client, zone_id)))))
    return plan
