# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Settings objects of a Shield zone, declared on the resource engine: upload scanning, and API Guardian's configuration.

A Shield zone has settings that live at a path of their own (``/shield/shield-zone/{id}/upload-scanning``)
and are read and changed there, never created or deleted: the zone has them from the start. They are
a ``Resource`` whose natural key is the zone's id, read by that id and changed by a ``PATCH`` of the
same path; ``ZoneSettings`` below is that narrow shape (the engine has no declaration of a
singleton settings object of a parent; an engine ``Settings`` declaration would remove this class).
Their fields are ``Field``s, so that the export and the audit find them as they find any resource's.

Shield answers in an envelope ``{data, error}``, which is unwrapped here. The vendor's update models
type the scanners' modes and API Guardian's actions as enums that are not nullable, which an ASP.NET
binder reads as their first value when a request leaves them out; every update therefore sends every
setting, at its predicted value.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import ZONE_ARGUMENT, envelope_data, zone_lock_path

UPLOAD_SCANNING_PATH = "/shield/shield-zone/{id}/upload-scanning"
API_GUARDIAN_PATH = "/shield/shield-zone/{id}/api-guardian"

# The vendor's UploadScanningScannerMode, WAFExecutionMode, WAFPayloadLimitAction and UnmatchedPathAction, by name.
SCANNER_MODES = {"disabled": 0, "log": 1, "block": 2}
GUARDIAN_EXECUTION_MODES = {"log": 0, "block": 1}
GUARDIAN_ACTIONS = {"block": 0, "log": 1, "ignore": 2}


class ZoneSettings(Resource):
    """One settings object of a Shield zone, found by the zone's id (``shield_zone_id``) and changed by a ``PATCH``.

    ``unwrap(data)`` takes the settings out of what a read's envelope holds (API Guardian's read holds
    the configuration beside the endpoints); ``id_in_body`` declares an update model that names the
    zone in its body too.
    """

    def __init__(self, noun, result_key, fields, path, unwrap=None, id_in_body=False):
        super().__init__(
            noun=noun, result_key=result_key, key=Field("shield_zone_id", "shieldZoneId", type="int"), fields=fields,
            paths=Paths(None, path, search=None, pages=None), record=Record(id_field="shieldZoneId"),
            writes=Writes(create=None, update="PATCH", delete=None, lock_writes=True),
        )
        self._unwrap = unwrap or (lambda data: data)
        self.id_in_body = id_in_body

    # Overridden: the zone names the settings; there is neither an id of their own nor a state.
    def argument_spec(self, **extra):
        spec = dict(ZONE_ARGUMENT)
        spec.update((field.option, field.argument_spec()) for field in self.fields)
        spec["lock_timeout"] = dict(LOCK_TIMEOUT_OPTION)
        spec.update(extra)
        return spec

    def rules(self):
        return (("shield_zone_id", dict(minimum=1)), ("lock_timeout", dict(minimum=1)))

    # Overridden: the settings are in the envelope's data.
    def read(self, client, record_id):
        return self._unwrap(envelope_data(client.get(self.path(record_id))))

    # Overridden: the settings always exist; planning is an update of what the zone holds.
    def plan(self, module, desired):
        return self.plan_update(module, self.read(module.client, module.params["shield_zone_id"]), desired)

    # Overridden: every setting, at its predicted value (see the module's docstring).
    def update_request(self, current, changes, after):
        after = after or current
        body = {self.id_field: current[self.id_field]} if self.id_in_body else {}
        body.update((field.api, after.get(field.read_as)) for field in self.fields)
        body.update(changes)
        return "PATCH", self.path(current[self.id_field]), body

    # Overridden: writes to any part of a zone hold the zone's lock.
    def lock_path(self, record_id):
        return zone_lock_path(record_id)

    # Overridden: an answer is the settings in an envelope.
    def answered(self, module, plan, kind, answer):
        data = envelope_data(answer)
        super().answered(module, plan, kind, self._unwrap(data) if isinstance(data, dict) else data)


UPLOAD_SCANNING = ZoneSettings(
    noun="upload scanning configuration", result_key="upload_scanning", path=UPLOAD_SCANNING_PATH, id_in_body=True,
    fields=(
        Field("enabled", "isEnabled", type="bool"),
        Field("antivirus", "antivirusScanningMode", names=SCANNER_MODES),
        Field("csam", "csamScanningMode", names=SCANNER_MODES),
    ),
)

API_GUARDIAN_CONFIGURATION = ZoneSettings(
    noun="API Guardian configuration", result_key="configuration", path=API_GUARDIAN_PATH,
    unwrap=lambda data: data.get("configuration") if isinstance(data, dict) and "configuration" in data else data,
    fields=(
        Field("enabled", "isEnabled", type="bool"),
        Field("execution_mode", "executionMode", names=GUARDIAN_EXECUTION_MODES),
        Field("body_limit_action", "bodyLimitAction", names=GUARDIAN_ACTIONS),
        Field("unmatched_path_action", "unmatchedPathAction", names=GUARDIAN_ACTIONS),
    ),
)
