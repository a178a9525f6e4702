# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Edge Scripting: what the edge_script* modules share.

Finding a script by id or exact name, the paths, the projections that results and diffs show,
and the reads that settle a write whose answer was lost. Kept to the standard library and the
collection's own base, since edge_script_info pays for every import on every task.
"""

import re

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import to_snake

SCRIPTS_PATH = "/compute/script"
SCRIPT_PATH = "/compute/script/{script_id}"
CODE_PATH = SCRIPT_PATH + "/code"
VARIABLE_ADD_PATH = SCRIPT_PATH + "/variables/add"
VARIABLE_PATH = SCRIPT_PATH + "/variables/{variable_id}"
SECRETS_PATH = SCRIPT_PATH + "/secrets"
SECRET_PATH = SCRIPT_PATH + "/secrets/{secret_id}"
PUBLISH_PATH = SCRIPT_PATH + "/publish/{uuid}"
ACTIVE_RELEASE_PATH = SCRIPT_PATH + "/releases/active"
RELEASES_PATH = SCRIPT_PATH + "/releases"
# Every pull zone answers on <name> followed by this.
PULL_ZONE_HOSTNAME_SUFFIX = ".b-cdn.net"

# The contract gives the type as 0, 1, 2; users write the names.
SCRIPT_TYPES = {"dns": 0, "cdn": 1, "middleware": 2}
SCRIPT_TYPE_NAMES = {number: name for name, number in SCRIPT_TYPES.items()}
# The vendor reference's EdgeScriptReleaseStatus.
RELEASE_LIVE = 1
RELEASE_STATUS_NAMES = {0: "archived", RELEASE_LIVE: "live"}

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

# How the sub-resource modules name their script.
SCRIPT_REFERENCE_OPTIONS = dict(
    script_id=dict(type="int"),
    script_name=dict(type="str"),
)
SCRIPT_REFERENCE_RULES = (("script_name", SCRIPT_NAME_BOUNDS),)
SCRIPT_REFERENCE_KWARGS = dict(
    mutually_exclusive=[("script_id", "script_name")],
    required_one_of=[("script_id", "script_name")],
)

# Fields of a script only the server knows or changes on its own: ids, hostnames and the key it
# generates, the time of the last change, the linked pull zone it creates, and usage figures.
SCRIPT_SERVER_FIELDS = (
    "id", "last_modified", "default_hostname", "system_hostname", "deployment_key", "linked_pull_zones",
    "repository_id", "integration_id", "monthly_cost", "monthly_request_count", "monthly_cpu_time",
)
RELEASE_SERVER_FIELDS = ("id", "author", "author_email", "commit_sha", "date_released", "date_published")

_SCRIPT_PATH_PATTERN = re.compile(r"^/compute/script/([^/]+)(?:/(variables|secrets)/([^/]+))?")


# --- Projections: what results and diffs show ---------------------------------------------------

def project_script(script, code=None, with_code=False):
    """A script record in snake_case with its type by name; ``code`` is added when ``with_code``."""
    if script is None:
        return None
    projected = to_snake(script)
    projected["script_type"] = SCRIPT_TYPE_NAMES.get(script.get("ScriptType"), script.get("ScriptType"))
    if with_code:
        projected["code"] = code
    return projected


def project_release(release):
    if release is None:
        return None
    projected = to_snake(release)
    projected["status"] = RELEASE_STATUS_NAMES.get(release.get("Status"), release.get("Status"))
    return projected


# --- Reading ------------------------------------------------------------------------------------

def read_script(client, script_id):
    return client.get(build_path(SCRIPT_PATH, script_id=script_id))


def read_code(client, script_id):
    return (client.get(build_path(CODE_PATH, script_id=script_id)) or {}).get("Code")


def scripts_named(client, name):
    """Every script named exactly ``name``, from every page of the list.

    The list's ``search`` matches any part of a name in any case, so it only narrows the pages;
    the names are compared here. Linked pull zones are asked for so that a list item is the whole
    record, as a read by id returns it.
    """
    found = client.paginate_pages(SCRIPTS_PATH, {"search": name, "includeLinkedPullzones": "true"})
    return [script for script in found if script.get("Name") == name]


def ambiguous_name(name, matches):
    """The failure for a name that several scripts share: guessing would change the wrong one."""
    ids = ", ".join(str(script.get("Id")) for script in matches)
    return "%d edge scripts are named %r (ids %s); give the id of the one to manage." % (len(matches), name, ids)


def find_script(module, script_id=None, name=None, missing_ok=False):
    """The script with ``script_id``, or the one named exactly ``name``; None when there is none.

    A name that matches several scripts fails. An id that is not found raises its 404 (a stale id
    must not quietly become a new script), unless ``missing_ok``.
    """
    if script_id is not None:
        try:
            return read_script(module.client, script_id)
        except BunnyApiError as error:
            if missing_ok and error.status == 404:
                return None
            raise
    matches = scripts_named(module.client, name)
    if len(matches) > 1:
        module.fail(ambiguous_name(name, matches), script_ids=[script.get("Id") for script in matches])
    return matches[0] if matches else None


def target_script(module):
    """The script a sub-resource module works on, from ``script_id`` or ``script_name``; it must exist."""
    params = module.params
    script = find_script(module, params["script_id"], params["script_name"])
    if script is None:
        module.fail("No edge script is named %r." % params["script_name"])
    return script


def target_script_id(module):
    """The id of the script asked for; by id without a request, by name from the list."""
    if module.params["script_id"] is not None:
        return module.params["script_id"]
    return target_script(module)["Id"]


def describe_error(error):
    """A 404 names the script (and the variable or secret) that was not found; other errors keep their sentence."""
    match = _SCRIPT_PATH_PATTERN.match(error.path)
    if error.status != 404 or not match:
        return None
    script_id, kind, item_id = match.groups()
    if kind and item_id != "add":
        return "Edge script %s or its %s %s was not found (HTTP 404)." % (script_id, kind[:-1], item_id)
    return "Edge script %s was not found (HTTP 404)." % script_id


# --- Reads that settle a write whose answer was lost --------------------------------------------

def script_gone(client, script_id):
    """True once the script cannot be read any more."""
    try:
        read_script(client, script_id)
    except BunnyApiError as error:
        if error.status == 404:
            return True
        raise
    return False


def newest_script_named(client, name):
    """The script named ``name`` with the highest id, or None: after a create, the one just made."""
    matches = scripts_named(client, name)
    return max(matches, key=lambda script: script["Id"]) if matches else None


def script_if_named(client, script_id, name):
    script = read_script(client, script_id)
    return script if script.get("Name") == name else None


def code_is(client, script_id, code):
    return read_code(client, script_id) == code


def item_named(items, name):
    """The variable or secret called ``name`` (exactly), or None."""
    return next((item for item in items or [] if item.get("Name") == name), None)


def require_list_for_purge(module, list_option):
    """Fails before any request when purge is asked for without the list it keeps, or with state=absent."""
    if module.params["purge"] and (module.params[list_option] is None or module.params["state"] == "absent"):
        module.fail("purge deletes the {0} that {0} does not list, so it needs {0} and state=present.".format(list_option))


def absent_steps(current, wanted):
    """state=absent's steps for a script's variables or secrets: delete the ones ``wanted`` names."""
    names = {item["name"] for item in wanted}
    return [("delete", item, None) if item.get("Name") in names else ("keep", item, item) for item in current]


def apply_and_exit(module, current, steps, write):
    """Exits with a script's variables or secrets before and after ``steps``.

    Each step is ``(action, present, record)``: the present item (or what to write) and the item it
    becomes. ``keep`` sends nothing; any other action is sent by ``write(action, present, record)``,
    which returns the item as the API answered (nothing for ``delete``). Check mode returns the
    records as predicted. With the option ``name``, the result is that one item.
    """
    changed = any(action != "keep" for action, _present, _record in steps)
    after = [record for action, _present, record in steps if action != "delete"]
    if changed and not module.check_mode:
        after = []
        for action, present, record in steps:
            answered = present if action == "keep" else write(action, present, record)
            if action != "delete":
                after.append(answered)
    name = module.params["name"]
    if name is not None:
        module.exit_resource(changed, to_snake(item_named(current, name)), to_snake(item_named(after, name)))
    module.exit_resource(changed, to_snake(current), to_snake(after))


def read_secrets(client, script_id):
    return (client.get(build_path(SECRETS_PATH, script_id=script_id)) or {}).get("Secrets") or []


def active_release(client, script_id):
    """The live release, or None while nothing is published (the API answers 404 then)."""
    try:
        return client.get(build_path(ACTIVE_RELEASE_PATH, script_id=script_id))
    except BunnyApiError as error:
        if error.status == 404:
            return None
        raise


def live_release(client, script_id, uuid):
    """The active release if it is ``uuid``, else None."""
    release = active_release(client, script_id)
    return release if release is not None and release.get("Uuid") == uuid else None


def release_with_uuid(client, script_id, uuid):
    releases = client.paginate_pages(build_path(RELEASES_PATH, script_id=script_id))
    return next((release for release in releases if release.get("Uuid") == uuid), None)


# --- edge_script: the desired script --------------------------------------------------------------

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


def create_request(params, code):
    """The body of ``POST /compute/script`` for the edge_script options; fields not given are left out."""
    body = {
        "Name": params["name"],
        "ScriptType": SCRIPT_TYPES[params["script_type"]],
        "Code": code,
        "CreateLinkedPullZone": params["create_linked_pull_zone"],
        "LinkedPullZoneName": params["linked_pull_zone_name"],
        "Integration": integration_record(params["integration"], fill_defaults=True),
    }
    return without_none(body)


def predicted_new_script(params):
    """The script ``POST /compute/script`` will create, with None for what only the server knows."""
    linked = params["create_linked_pull_zone"]
    zone_name = params["linked_pull_zone_name"]
    if not linked:
        linked_zones = []
    elif zone_name:
        # The zone the create links is named as asked; its ID only the API knows.
        linked_zones = [{"Id": None, "PullZoneName": zone_name, "DefaultHostname": zone_name + PULL_ZONE_HOSTNAME_SUFFIX}]
    else:
        # The API names the zone itself.
        linked_zones = None
    return {
        "Id": None,
        "Name": params["name"],
        "LastModified": None,
        "ScriptType": SCRIPT_TYPES[params["script_type"]],
        "CurrentReleaseId": 0,
        "EdgeScriptVariables": [],
        "Deleted": False,
        "LinkedPullZones": linked_zones,
        "Integration": integration_record(params["integration"], fill_defaults=True),
        "DefaultHostname": None,
        "SystemHostname": None,
        "DeploymentKey": None,
        "RepositoryId": None,
        "IntegrationId": None,
        "MonthlyCost": 0,
        "MonthlyRequestCount": 0,
        "MonthlyCpuTime": 0,
    }


def without_none(value):
    """``value`` without the None entries of its dicts, at any depth."""
    if isinstance(value, dict):
        return {key: without_none(item) for key, item in value.items() if item is not None}
    return value
