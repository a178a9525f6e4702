# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Edge Scripting: the script, declared on the resource engine, and how the other edge_script*
modules name one.

A script's life is the engine's (find by ID or exact name, create, rename, delete), with what the
script API does otherwise: its code is no part of its record but has a read and a write of its
own, the create model takes the code, a linked pull zone and an integration that no update can
change, and a delete takes the linked pull zones along only when asked. edge_script_items.py
declares the variables and secrets inside a script, edge_script_releases.py its releases.
"""

import re

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import changed_fields
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.key_rotation import RETURN_OPTION, ROTATE_OPTION, hand_over, rotate
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, Read, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import STATE_REFUSAL, Field, Paths, Record, Resource, name_of, refused

SCRIPTS_PATH = "/compute/script"
SCRIPT_PATH = SCRIPTS_PATH + "/{id}"
CODE_PATH = SCRIPT_PATH + "/code"
# Every pull zone answers on <name> followed by this.
PULL_ZONE_HOSTNAME_SUFFIX = ".b-cdn.net"

# The contract gives the type as 0, 1, 2; users write the names.
SCRIPT_TYPES = {"dns": 0, "cdn": 1, "middleware": 2}
SCRIPT_TYPE_NAMES = {number: name for name, number in SCRIPT_TYPES.items()}

# The deployment key lets anyone deploy code to the script: it never leaves a module.
SECRET_KEYS = ("deployment_key",)

# Bounds from the vendor reference (AddEdgeScriptModel, AddEdgeScriptVariableModel,
# EdgeScriptAddSecretModel); the contract gives none for these fields.
SCRIPT_NAME_BOUNDS = dict(min_length=1, max_length=100)
VARIABLE_NAME_BOUNDS = dict(min_length=1, max_length=256)
SECRET_NAME_BOUNDS = dict(min_length=1, max_length=256)
VALUE_BOUNDS = dict(max_length=4096)
PAGE_BOUNDS = dict(minimum=1, maximum=2**31 - 1)
PER_PAGE_BOUNDS = dict(minimum=5, maximum=1000)

# How the variable, secret and release modules name their script.
SCRIPT_REFERENCE_OPTIONS = dict(
    script_id=dict(type="int"),
    script_name=dict(type="str"),
)
SCRIPT_REFERENCE_RULES = (("script_name", SCRIPT_NAME_BOUNDS),)
SCRIPT_REFERENCE_KWARGS = dict(
    mutually_exclusive=[("script_id", "script_name")],
    required_one_of=[("script_id", "script_name")],
)

INTEGRATION_OPTIONS = dict(
    integration_id=dict(type="int", required=True),
    repository_settings=dict(type="dict", options=dict(
        id=dict(type="int"), name=dict(type="str"), private=dict(type="bool"), template_url=dict(type="str"))),
    deploy_configuration=dict(type="dict", options=dict(
        branch=dict(type="str"), install_command=dict(type="str"), build_command=dict(type="str"),
        entry_file=dict(type="str"), create_workflow=dict(type="bool"))),
)

_SCRIPT_PATH_PATTERN = re.compile(r"^/compute/script/([^/]+)(?:/(variables|secrets)/([^/]+))?")


def integration_record(options, fill_defaults=False):
    """The Integration object for the ``integration`` option, in the API's casing; None when not given.

    Options left out are None. With ``fill_defaults`` the booleans the reference declares
    non-nullable are false instead, as the API stores them when a create leaves them out.
    """
    if options is None:
        return None
    repository = options.get("repository_settings")
    deploy = options.get("deploy_configuration")
    return {
        "IntegrationId": options["integration_id"],
        "RepositorySettings": None if repository is None else {
            "Id": repository.get("id"),
            "Name": repository.get("name"),
            "Private": _flag(repository.get("private"), fill_defaults),
            "TemplateUrl": repository.get("template_url"),
        },
        "DeployConfiguration": None if deploy is None else {
            "Branch": deploy.get("branch"),
            "InstallCommand": deploy.get("install_command"),
            "BuildCommand": deploy.get("build_command"),
            "EntryFile": deploy.get("entry_file"),
            "CreateWorkflow": _flag(deploy.get("create_workflow"), fill_defaults),
        },
    }


def _flag(value, fill_defaults):
    return bool(value) if fill_defaults else value


def without_none(value):
    """``value`` without the None entries of its dicts, at any depth."""
    if isinstance(value, dict):
        return {key: without_none(item) for key, item in value.items() if item is not None}
    return value


def read_code(client, script_id):
    return (client.get(build_path(CODE_PATH, id=script_id)) or {}).get("Code")


def describe_error(error):
    """A 404 names the script (and the variable or secret) that was not found; other errors keep their sentence."""
    match = _SCRIPT_PATH_PATTERN.match(error.path)
    if error.status != 404 or not match:
        return None
    script_id, kind, item_id = match.groups()
    if kind and item_id != "add":
        return "Edge script %s or its %s %s was not found (HTTP 404)." % (script_id, kind[:-1], item_id)
    return "Edge script %s was not found (HTTP 404)." % script_id


# --- The declaration ------------------------------------------------------------------------------

# The fields of the create model. Of a script that exists, only the name (the key) and the code
# change; a type or an integration that differs is refused, since the API cannot change either.
SCRIPT_FIELDS = (
    Field("script_type", "ScriptType", names=SCRIPT_TYPES, create_only=True),
    Field("code", "Code"),
    Field("create_linked_pull_zone", "CreateLinkedPullZone", type="bool"),
    Field("linked_pull_zone_name", "LinkedPullZoneName"),
    Field("integration", "Integration", type="dict", to_api=lambda options: {"Integration": integration_record(options, fill_defaults=True)}),
)

# What a new script reads back with, apart from the server's fields and what the options set; a
# new script has used nothing yet.
NEW_SCRIPT = {
    "Id": None, "Name": None, "LastModified": None, "ScriptType": None, "CurrentReleaseId": 0, "EdgeScriptVariables": [],
    "Deleted": False, "LinkedPullZones": [], "Integration": None, "DefaultHostname": None, "SystemHostname": None,
    "DeploymentKey": None, "RepositoryId": None, "IntegrationId": None, "MonthlyCost": 0, "MonthlyRequestCount": 0,
    "MonthlyCpuTime": 0, "Code": None,
}
# IDs, hostnames and the key the API generates, and the last change. The linked pull zones are
# predicted: a zone the create names is known by its name.
SCRIPT_SERVER_FIELDS = ("id", "last_modified", "default_hostname", "system_hostname", "deployment_key", "repository_id", "integration_id")


def predict_linked_zone(script, changes):
    """A create asks for a linked pull zone, which the script lists: named as asked (its ID only the API
    knows), or unknown when the API is to choose the name. The request's switches are no part of the record."""
    linked = script.pop("CreateLinkedPullZone", False)
    zone_name = script.pop("LinkedPullZoneName", None)
    if linked:
        script["LinkedPullZones"] = [{"Id": None, "PullZoneName": zone_name, "DefaultHostname": zone_name + PULL_ZONE_HOSTNAME_SUFFIX}] if zone_name else None
    return script


class EdgeScriptResource(Resource):
    """The engine's resource, with what the script API does otherwise.

    The code is read and written at a path of its own, so a plan of an existing script reads it
    into the record (``Code``), and results and diffs show it; new code is one more write, sent
    before a rename so that the rename's answer is the script as both left it. What only a
    create sets (the type, the integration) is refused, in words, when it differs.
    """

    def read(self, client, record_id):
        # A read by ID always has the linked pull zones; only the list needs asking (read_params).
        return client.get(self.path(record_id))

    def lock_path(self, record_id):
        # Each write names one script, variable or secret and sends only what it sets: parallel
        # tasks cannot undo each other's writes, so none is serialised.
        return None

    def create_request(self, module, body):
        # What the options leave out is not sent, at any depth (the integration's suboptions too).
        return self.writes.create, self.paths.create, without_none(body)

    def plan_create(self, module, desired):
        if module.params["script_type"] is None:
            return refused("No edge script is named %r; give script_type (dns, cdn or middleware) to create it" % module.params["name"])
        return super().plan_create(module, desired)

    def plan_update(self, module, current, desired):
        params = module.params
        script_id = current[self.id_field]
        if params["create_linked_pull_zone"] and not current.get("LinkedPullZones"):
            module.ansible.warn("Edge script %s exists without a linked pull zone; create_linked_pull_zone only applies when the "
                                "module creates the script, so none was created. Create the zone with bunnynet.cloud.pullzone "
                                "(origin_type=edge_script) instead." % script_id)
        problems = self.created_only_problems(module, current)
        if problems:
            # The engine would refuse the type too, in its general words: these say what the script is.
            return Plan(before=self.project(current), after=self.project(current), problems=problems, refusal=STATE_REFUSAL, refusal_key=None)
        record = dict(current, Code=read_code(module.client, script_id))
        plan = super().plan_update(module, record, {"Name": desired["Name"]} if "Name" in desired else {})
        code = desired.get("Code")
        if code is not None and code != record["Code"]:
            plan.after["code"] = code
            plan.writes.insert(0, Write("POST", build_path(CODE_PATH, id=script_id), {"Code": code},
                                        confirm=lambda: read_code(module.client, script_id) == code))
            if len(plan.writes) == 1:
                # Setting the code answers no body, and it changes the script's last change.
                plan.add(Read(lambda: self.read(module.client, script_id), lambda script: self.answered(module, plan, "update", script)))
        return plan

    def created_only_problems(self, module, current):
        """Sentences refusing a type or an integration other than the script's, which only a create sets."""
        params = module.params
        script_id = current[self.id_field]
        problems = []
        wanted_type = params["script_type"]
        if wanted_type is not None and SCRIPT_TYPES[wanted_type] != current.get("ScriptType"):
            problems.append("Edge script %s is a %s script; the API cannot change the type of a script, so it cannot become %s. "
                            "Delete it and create it again to change its type" % (
                                script_id, name_of(SCRIPT_TYPES, current.get("ScriptType")), wanted_type))
        # Suboptions left out are not compared.
        integration_changes = changed_fields(current.get("Integration") or {}, integration_record(params["integration"]) or {})
        if integration_changes:
            problems.append("Edge script %s has another integration than asked for (%s); the API cannot change the "
                            "integration of an existing script" % (
                                script_id, ", ".join("integration.%s differs" % option for option in sorted(to_snake(integration_changes)))))
        return problems

    def plan_delete(self, module, current):
        # The result shows the code the script had.
        if current is not None:
            current = dict(current, Code=read_code(module.client, current[self.id_field]))
        return super().plan_delete(module, current)

    def delete_request(self, module, current):
        query = {"deleteLinkedPullZones": "true"} if module.params["delete_linked_pull_zones"] else None
        return self.writes.delete, self.path(current[self.id_field]), query

    def answered(self, module, plan, kind, answer):
        # The record a write answers with has no code: the script keeps the code the plan predicted.
        code = plan.after["code"]
        super().answered(module, plan, kind, answer)
        plan.record = dict(plan.record, Code=code)
        plan.after = self.project(plan.record)

    def read_step(self, module, plan):
        # A read of the script has no code either (a rotated deployment key is read back this way).
        step = super().read_step(module, plan)
        answered = step.answered
        step.answered = lambda record: answered(dict(record, Code=plan.after.get("code")))
        return step


EDGE_SCRIPT = EdgeScriptResource(
    noun="edge script",
    result_key="edge_script",
    key=Field("name", "Name"),
    fields=SCRIPT_FIELDS,
    # The list leaves a script's linked pull zones out unless asked; a found script is the whole record.
    paths=Paths(SCRIPTS_PATH, SCRIPT_PATH, read_params={"includeLinkedPullzones": "true"}),
    # Several scripts of one name are listed under script_ids, as the edge_script* modules have always returned them.
    record=Record(server_fields=SCRIPT_SERVER_FIELDS, secret_keys=SECRET_KEYS, new_record=NEW_SCRIPT, ids_key="script_ids"),
    predict=predict_linked_zone,
)


# --- How the variable, secret and release modules name their script ------------------------------

def target_script(module):
    """The script a sub-resource module works on, from ``script_id`` or ``script_name``; it must exist."""
    params = module.params
    script = EDGE_SCRIPT.find(module, params["script_id"], params["script_name"])
    if script is None:
        module.fail("No edge script is named %r." % params["script_name"])
    return script


def target_script_id(module):
    """The id of the script asked for; by id without a request, by name from the list."""
    if module.params["script_id"] is not None:
        return module.params["script_id"]
    return target_script(module)["Id"]


# --- The deployment key: rotated, or returned on request ---------------------------------------------------

DEPLOYMENT_KEY_OPTIONS = dict(rotate_deployment_key=dict(ROTATE_OPTION), return_deployment_key=dict(RETURN_OPTION))


def plan_deployment_key(module, plan):
    """Add to the script's plan the rotation of its deployment key, when asked, and the key under the
    result's ``secrets`` when rotated or asked for."""
    params = module.params
    if params["state"] == "absent" or plan.problems:
        return plan
    if params["rotate_deployment_key"]:
        rotate(module, plan, EDGE_SCRIPT, "deployment_key", "DeploymentKey",
               lambda record: ("POST", build_path(SCRIPT_PATH, id=record["Id"]) + "/deploymentKey/rotate", None, None))
    if params["rotate_deployment_key"] or params["return_deployment_key"]:
        hand_over(module, plan, EDGE_SCRIPT, {"deployment_key": "DeploymentKey"})
    return plan
