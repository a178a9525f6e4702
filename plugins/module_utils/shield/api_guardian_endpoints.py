# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""A zone's API protection whole: the document, API Guardian's configuration, and each endpoint's settings.

shield_api_guardian makes one plan of three parts, in this order: the upload of the OpenAPI document
(shield_api_guardian.py), the configuration (``enabled``, the execution mode and the actions, a
``ZoneSettings`` of shield_settings.py), and the settings of the endpoints the task lists (items of
the zone, declared here on items.py, keyed by method and path). The endpoints are the document's
operations: the zone has one per operation, none is added or removed here, and an operation the
document lacks fails before any write.

An upload may change what it does not say: the vendor's reference says that an update keeps each
endpoint's authorization setting, and nothing of the rest. So when the plan uploads, every setting
the task gives (of the configuration and of its endpoints) is sent after the upload, compared with
nothing; without an upload only what differs is sent. Endpoints new to the zone have their ids once
the upload has answered: their writes take the id then.
"""

import copy

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import apply_changes, same
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.api_guardian import (
    INJECTION_PARAMETERS,
    PARAMETER_LOCATIONS,
    endpoint_request,
    limits,
    project_endpoint,
    project_guardian,
    read_content,
    read_guardian,
    upload_plan,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import zone_lock_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.settings import API_GUARDIAN_CONFIGURATION
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import SHIELD_ZONE

ENDPOINT_PATH = "/shield/shield-zone/{zone_id}/api-guardian/endpoint/{endpoint_id}"
# A wanted endpoint marked so is sent whole: an upload before it may have changed what a read showed.
RESEND = "resend"


def endpoint_key(endpoint):
    return (str(endpoint.get("requestMethod") or "").upper(), endpoint.get("requestPath"))


def _comparable_parameters(parameters):
    return {location: sorted(set((parameters or {}).get(location) or [])) for _option, location in PARAMETER_LOCATIONS}


def endpoint_differences(present, wanted):
    """The settings ``wanted`` gives that ``present`` holds otherwise (all of them when marked RESEND); parameters compare as sets."""
    changes = {}
    for name, value in wanted.items():
        if value is None or name in ("requestMethod", "requestPath", RESEND):
            continue
        if wanted.get(RESEND) or _differs(name, present.get(name), value):
            changes[name] = value
    return changes


def _differs(name, held, value):
    if name == INJECTION_PARAMETERS:
        return held is None or _comparable_parameters(held) != _comparable_parameters(value)
    return not same(held, value)


def not_in_document(change):
    change.refuse("the OpenAPI document of Shield zone %s has no operation %s %s, so API Guardian has no endpoint for it "
                  "(endpoints are the document's operations)" % ((change.parent_id,) + change.key))


def change_endpoint(change):
    """One PATCH of the settings that differ; an endpoint new to the zone takes its id from the upload's answer."""
    available = change.present.get("availableParameters")
    wanted_parameters = change.changes.get(INJECTION_PARAMETERS)
    if isinstance(available, dict) and wanted_parameters:
        for option, location in PARAMETER_LOCATIONS:
            unknown = [name for name in wanted_parameters.get(location) or [] if name not in (available.get(location) or [])]
            if unknown:
                change.refuse("endpoint %s %s has no %s parameter %s to run injection detection on (it has: %s)" % (
                    change.key + (option, ", ".join(unknown), ", ".join(available.get(location) or []) or "none")))

    def path():
        endpoint_id = change.present.get("apiGuardianEndpointId")
        if endpoint_id is None:
            # The upload has answered by now: the new endpoint's id is the zone's.
            found = change.reread()
            endpoint_id = found[0].get("apiGuardianEndpointId") if found else None
        return build_path(ENDPOINT_PATH, zone_id=change.parent_id, endpoint_id=endpoint_id)

    def answered(answer):
        data = answer.get("data") if isinstance(answer, dict) else None
        if isinstance(data, dict) and endpoint_key(data) == change.key:
            change.after = data

    return Write("PATCH", path, dict(change.changes), confirm=change.holding, answered=answered)


def read_endpoints(client, zone_id, _zone=None):
    return list((read_guardian(client, zone_id) or {}).get("endpoints") or [])


GUARDIAN_ENDPOINTS = Items(
    noun="API Guardian endpoint", parent=SHIELD_ZONE, parent_option="shield_zone_id", key=endpoint_key,
    read=read_endpoints, differences=endpoint_differences, predict=apply_changes, platform=lambda endpoint: True,
    project=project_endpoint, add=not_in_document, change=change_endpoint,
)


def guardian_plan(module):
    """The plan of shield_api_guardian: upload, configuration, endpoints, in one plan under the zone's lock."""
    params = module.params
    zone_id = params["shield_zone_id"]
    # The document is read before any request: bad content fails with nothing sent.
    document = read_content(module) if params["content"] is not None else None
    current = read_guardian(module.client, zone_id) or {}
    if document is not None:
        plan = upload_plan(module, current, document)
    else:
        plan = Plan(before=project_guardian(current), after=project_guardian(current), record=current, result=dict(limits=limits(current)))
        plan.uploading = False
    plan.lock = zone_lock_path(zone_id)
    uploaded = plan.record
    configuration = _configuration_part(module, plan, uploaded.get("configuration") or {})
    wanted = [dict(endpoint_request(item), **({RESEND: True} if plan.uploading else {})) for item in params["endpoints"] or []]
    endpoints = GUARDIAN_ENDPOINTS.plan(module, zone_id, uploaded.get("endpoints") or [], wanted)
    plan.writes.extend(endpoints.writes)
    plan.problems.extend(endpoints.problems)

    def settle(_check_mode):
        # The endpoints as the upload (predicted, or answered) and their own writes leave them.
        record = copy.deepcopy(plan.record) if isinstance(plan.record, dict) else {}
        if configuration["after"] is not None:
            record["configuration"] = configuration["after"]
        after = {change.key: change.after for change in endpoints.items if change.changes and change.after is not None}
        record["endpoints"] = [after.get(endpoint_key(endpoint), endpoint) for endpoint in record.get("endpoints") or []]
        plan.after = project_guardian(record)

    plan.then(settle)
    return plan


def _configuration_part(module, plan, configuration):
    """Add the configuration's PATCH to ``plan``; returns ``{"after": the configuration as it will read}``, None without a PATCH."""
    part = {"after": None}
    desired = API_GUARDIAN_CONFIGURATION.desired(module.params)
    changes = dict(desired) if plan.uploading else API_GUARDIAN_CONFIGURATION.differences(configuration, desired)
    if not changes:
        return part
    zone_id = module.params["shield_zone_id"]
    part["after"] = API_GUARDIAN_CONFIGURATION.predicted(configuration, changes)

    def request():
        # After an upload, the configuration as the upload answered it; its id is the zone's.
        held = (plan.record or {}).get("configuration") or dict(configuration, shieldZoneId=zone_id)
        return API_GUARDIAN_CONFIGURATION.update_request(dict(held, shieldZoneId=zone_id), changes, API_GUARDIAN_CONFIGURATION.predicted(held, changes))

    def answered(answer):
        data = answer.get("data") if isinstance(answer, dict) else None
        part["after"] = data if isinstance(data, dict) else API_GUARDIAN_CONFIGURATION.read(module.client, zone_id)

    plan.add(Write(request=request, confirm=lambda: API_GUARDIAN_CONFIGURATION.holding(module.client, zone_id, changes), answered=answered))
    return part
