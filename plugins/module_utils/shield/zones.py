# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Shield zone of a pull zone, as a resource on the engine (resource.py): what shield_zone and shield_zone_info share.

A pull zone has at most one Shield zone, so the pull zone's id is the natural key. The Shield API
differs from the engine's defaults in ways its declaration states (the list is paged by
``page.nextPage``; there is no delete) and three the overrides below handle: reads answer
``{data}``; the key is looked up by the API itself; create and update wrap the settings in
``{pullZoneId | shieldZoneId, shieldZone}`` and update goes to the collection's path.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes, name_of
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import shield_data, zone_lock_path

ZONES_PATH = "/shield/shield-zones"
ZONE_ITEM_PATH = "/shield/shield-zone/{id}"
ZONE_BY_PULL_ZONE_PATH = "/shield/shield-zone/get-by-pullzone/{id}"
ZONE_WRITE_PATH = "/shield/shield-zone"
UNDER_ATTACK_PATH = "/shield/shield-zone/under-attack"

# The vendor's enums, by the names the options take.
PLANS = {"basic": 0, "advanced": 1, "business": 2, "enterprise": 3}
WAF_EXECUTION_MODES = {"log": 0, "block": 1}
BODY_LIMIT_ACTIONS = {"block": 0, "log": 1, "ignore": 2}
DDOS_SENSITIVITIES = {"off": 0, "low": 1, "medium": 2, "high": 3, "challenge": 4}
DDOS_EXECUTION_MODES = {"log": 0, "block": 1}

# The update model's settings that are not nullable: an ASP.NET binder reads one left out of a
# request as 0 (the Basic plan, log only), so every update carries them at their present values.
NOT_NULLABLE_SETTINGS = ("planType", "wafExecutionMode", "wafRequestBodyLimitAction", "wafResponseBodyLimitAction", "dDoSShieldSensitivity")
# The read spells the DDoS settings with a capital S inside, which snake_case turns into d_do_s_.
DDOS_RESULT_KEYS = {"d_do_s_shield_sensitivity": "ddos_sensitivity", "d_do_s_execution_mode": "ddos_execution_mode",
                    "d_do_s_challenge_window": "ddos_challenge_window"}
NO_DELETE = (
    "The Shield API has no way to delete a Shield zone, so state=absent cannot remove the one of pull zone %(pullZoneId)s "
    "(Shield zone %(shieldZoneId)s). Resetting it to defaults instead would quietly change how the site is protected; turn off "
    "what you do not want (waf_enabled=false, ddos_sensitivity=off, plan=basic) with state=present instead."
)


def plan_title(number):
    """A plan as a sentence names it (Basic); a number no name has passes through."""
    name = name_of(PLANS, number)
    return name.capitalize() if isinstance(name, str) else name


def _engine_config_to_api(settings):
    return {"wafEngineConfig": [{"name": name, "valueEncoded": str(value)} for name, value in sorted(settings.items())]}


def _engine_config_from_api(record):
    return {item.get("name"): item.get("valueEncoded") for item in record.get("wafEngineConfig") or []}


FIELDS = (
    Field("plan", "planType", names=PLANS),
    Field("waf_enabled", "wafEnabled", type="bool"),
    Field("waf_execution_mode", "wafExecutionMode", names=WAF_EXECUTION_MODES),
    Field("waf_disabled_rules", "wafDisabledRules", type="list", elements="str"),
    Field("waf_log_only_rules", "wafLogOnlyRules", type="list", elements="str"),
    Field("waf_request_header_logging", "wafRequestHeaderLoggingEnabled", type="bool"),
    Field("waf_request_ignored_headers", "wafRequestIgnoredHeaders", type="list", elements="str", ignore_case=True),
    Field("request_body_logging", "requestBodyLoggingEnabled", type="bool"),
    Field("waf_realtime_threat_intelligence", "wafRealtimeThreatIntelligenceEnabled", type="bool"),
    Field("waf_profile_id", "wafProfileId", type="int"),
    Field("waf_engine_config", type="dict", to_api=_engine_config_to_api, from_api=_engine_config_from_api),
    Field("waf_request_body_limit_action", "wafRequestBodyLimitAction", names=BODY_LIMIT_ACTIONS),
    Field("waf_response_body_limit_action", "wafResponseBodyLimitAction", names=BODY_LIMIT_ACTIONS),
    Field("learning_mode", "learningMode", type="bool"),
    Field("learning_mode_until", "learningModeUntil"),
    Field("ddos_sensitivity", "dDoSShieldSensitivity", names=DDOS_SENSITIVITIES),
    Field("ddos_challenge_window", "dDoSChallengeWindow", type="int"),
    Field("whitelabel_response_pages", "whitelabelResponsePages", type="bool"),
)
# What only the API knows of a new zone.
SERVER_FIELDS = ("shield_zone_id", "custom_waf_rules_limit", "rate_limit_rules_limit", "waf_custom_rule_order")

# Under-attack mode is DDoS protection at its Challenge sensitivity: every visitor is challenged. The
# API creates a zone in that mode in one request (``POST .../under-attack``, which takes the pull zone
# and the plan only), and blocks what fails the challenge.
UNDER_ATTACK_SENSITIVITY = DDOS_SENSITIVITIES["challenge"]
UNDER_ATTACK_RECORD = {"dDoSShieldSensitivity": UNDER_ATTACK_SENSITIVITY, "dDoSExecutionMode": DDOS_EXECUTION_MODES["block"]}
UNDER_ATTACK_OPTION = dict(type="bool")


def under_attack_problems(params):
    """Input that asks for under-attack mode and a DDoS sensitivity that contradicts it, in words."""
    under_attack, sensitivity = params.get("under_attack"), params.get("ddos_sensitivity")
    if under_attack is True and sensitivity not in (None, "challenge"):
        return ["under_attack=true challenges every visitor, which is ddos_sensitivity=challenge, not %s; leave ddos_sensitivity out" % sensitivity]
    if under_attack is False and sensitivity == "challenge":
        return ["ddos_sensitivity=challenge is under-attack mode, which under_attack=false turns off; give the sensitivity to return to"]
    return []


def desired_zone(params):
    """The API properties the options set; under-attack mode sets the DDoS sensitivity."""
    desired = SHIELD_ZONE.desired(params)
    if params.get("under_attack"):
        desired["dDoSShieldSensitivity"] = UNDER_ATTACK_SENSITIVITY
    return desired


class ShieldZoneResource(Resource):
    """The Shield zone, found by its pull zone; ``under_attack`` is the declaration of a zone created in under-attack mode."""

    under_attack = None

    # Overridden: reads answer {data}; a read by an id that is not there is the API's 404.
    def read(self, client, record_id):
        return shield_data(client.get(self.path(record_id)))

    # Overridden: the key is the pull zone, which the API looks up itself; no zone is a 404.
    def named(self, client, name):
        try:
            return [shield_data(client.get(build_path(ZONE_BY_PULL_ZONE_PATH, id=name)))]
        except BunnyApiError as error:
            if error.status == 404:
                return []
            raise

    # Overridden: the enums by name, and the DDoS settings under readable keys.
    def project(self, record):
        projected = super().project(record)
        if projected is None:
            return None
        projected = {DDOS_RESULT_KEYS.get(key, key): value for key, value in projected.items()}
        # A predicted new zone holds only what the task sets; the rest is the API's to say.
        if "dDoSExecutionMode" in record:
            projected["ddos_execution_mode"] = name_of(DDOS_EXECUTION_MODES, record["dDoSExecutionMode"])
        if "wafEngineConfig" in record:
            projected["waf_engine_config"] = _engine_config_from_api(record)
        if "dDoSShieldSensitivity" in record:
            projected["under_attack"] = record["dDoSShieldSensitivity"] == UNDER_ATTACK_SENSITIVITY
        return projected

    # Overridden: a zone asked for under attack is created by the API's under-attack create.
    def plan_create(self, module, desired):
        if module.params.get("under_attack") and self.under_attack is not None:
            return self.under_attack.plan_create(module, desired)
        return super().plan_create(module, desired)

    # Overridden: turning under-attack mode off needs the sensitivity to return to.
    def plan(self, module, desired):
        plan = super().plan(module, desired)
        record = plan.record or {}
        if (module.params.get("under_attack") is False and record.get("dDoSShieldSensitivity") == UNDER_ATTACK_SENSITIVITY
                and "dDoSShieldSensitivity" not in desired):
            plan.refuse("Shield zone %s is under attack (ddos_sensitivity=challenge); under_attack=false needs ddos_sensitivity, "
                        "the sensitivity to return to (off, low, medium or high)" % record.get("shieldZoneId"))
        return plan

    # Overridden: the create request wraps the settings: {pullZoneId, shieldZone}.
    def create_request(self, module, body):
        settings = {name: value for name, value in body.items() if name != "pullZoneId"}
        return "POST", ZONE_WRITE_PATH, {"pullZoneId": module.params["pull_zone_id"], "shieldZone": settings}

    # Overridden: the update goes to the collection's path and wraps the settings:
    # {shieldZoneId, shieldZone}, with the settings that may not be left out (see above).
    def update_request(self, current, changes, after):
        # After a create, the update that follows has the new zone as it reads (no prediction).
        settings = {name: (after or current).get(name) for name in NOT_NULLABLE_SETTINGS}
        settings.update(changes)
        return "PATCH", ZONE_WRITE_PATH, {"shieldZoneId": current["shieldZoneId"], "shieldZone": settings}

    # Overridden: rule and access list writes hold the zone's lock too.
    def lock_path(self, record_id):
        return zone_lock_path(record_id)


SHIELD_ZONE = ShieldZoneResource(
    noun="Shield zone",
    result_key="shield_zone",
    key=Field("pull_zone_id", "pullZoneId", type="int", create_only=True),
    fields=FIELDS,
    paths=Paths(ZONES_PATH, ZONE_ITEM_PATH, search=None, pages="shield"),
    record=Record(id_field="shieldZoneId", server_fields=SERVER_FIELDS),
    # The API has no delete; a pull zone without a Shield zone is already absent.
    writes=Writes(lock_writes=True, delete=None, no_delete=NO_DELETE),
)


class UnderAttackZone(ShieldZoneResource):
    """A Shield zone created in under-attack mode: the create takes the pull zone and the plan; the other settings follow in an update."""

    # Overridden: the under-attack create, whose plan the API requires (the Basic plan, as a create without one gets).
    def create_request(self, module, body):
        return "POST", UNDER_ATTACK_PATH, {"pullZoneId": module.params["pull_zone_id"], "planType": body.get("planType", PLANS["basic"])}


SHIELD_ZONE.under_attack = UnderAttackZone(
    noun=SHIELD_ZONE.noun, result_key=SHIELD_ZONE.result_key, key=SHIELD_ZONE.key, fields=FIELDS, paths=SHIELD_ZONE.paths,
    record=Record(id_field="shieldZoneId", server_fields=SERVER_FIELDS, new_record=UNDER_ATTACK_RECORD),
    writes=Writes(lock_writes=True, delete=None, no_delete=NO_DELETE, create_names={"pullZoneId": "pullZoneId", "planType": "planType"}),
)
