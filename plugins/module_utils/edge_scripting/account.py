# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Edge Script as the account sees it: the edge_script_deploy role's host, its variables and what the audit compares."""

import hashlib

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    ItemList,
    Options,
    Part,
    Shape,
    drift,
    text_diff,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.releases import active_release
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.script_items import SCRIPT_SECRETS, SCRIPT_VARIABLES, read_secrets
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import EDGE_SCRIPT, SCRIPTS_PATH, read_code
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import SECRET_KEYS as SCRIPT_SECRET_KEYS


def scripts(reads):
    """Every Edge Script, listed once: a kind of its own, and the scripts that hold databases' tokens."""
    return reads.once("scripts", None, lambda: list(reads.client.paginate_pages(SCRIPTS_PATH)))


def secrets_of(reads, script):
    """The names of a script's secrets (the API never returns a value), read once."""
    return reads.once("secrets", script["Id"], lambda: read_secrets(reads.client, script["Id"]))


def code_of(reads, script):
    return reads.once("code", script["Id"], lambda: read_code(reads.client, script["Id"]))


def release_of(reads, script):
    return reads.once("release", script["Id"], lambda: active_release(reads.client, script["Id"]))


class ScriptCode(Part):
    """An Edge Script's code: the export writes it to a file the variables name; the audit compares the file with the code."""

    variable = "edge_script_deploy_code_file"

    def variables(self):
        # The action reads the code from the file, on the controller, as the role would.
        return ["edge_script_deploy_code", self.variable]

    def export(self, reads, record):
        return {"edge_script_deploy_code": code_of(reads, record) or ""}

    def drift(self, reads, record, variables):
        code = variables.get("edge_script_deploy_code")
        if code is None or code == (code_of(reads, record) or ""):
            return []
        held = code_of(reads, record) or ""
        return [drift(self.variable, _digest(code), _digest(held), diff=text_diff(code, held))]


class LiveRelease(Part):
    """Whether the live release carries the script's code (edge_script_deploy publishes a release of
    the code it deploys): code changed and not published, or another release made live, is drift."""

    variable = "edge_script_deploy_published"

    def _published(self, reads, script):
        release = release_of(reads, script)
        return release is not None and release.get("Code") == (code_of(reads, script) or "")

    def export(self, reads, record):
        return {self.variable: self._published(reads, record)}

    def drift(self, reads, record, variables):
        wanted = variables.get(self.variable)
        if wanted is None or bool(wanted) == self._published(reads, record):
            return []
        release = release_of(reads, record)
        return [drift(self.variable, bool(wanted), "release %s, of other code" % release.get("Uuid") if release else "no release")]


def _digest(code):
    return "SHA-256 %s" % hashlib.sha256(code.encode("utf-8")).hexdigest()


EDGE_SCRIPT_SHAPE = Shape("edge_script_deploy", "edge_script_deploy_name", (
    Fixed("edge_script_deploy_name", lambda script: script["Name"]),
    Options("edge_script_deploy_", EDGE_SCRIPT, exclude=("code", "create_linked_pull_zone", "linked_pull_zone_name", "integration"),
            renames={"script_type": "type"}),
    ScriptCode(),
    ItemList("edge_script_deploy_variables", SCRIPT_VARIABLES, lambda reads, script: script.get("EdgeScriptVariables") or [],
             whole="edge_script_deploy_purge"),
    # The API never returns a secret's value: the export writes a vault placeholder, the audit compares names only.
    ItemList("edge_script_deploy_secrets", SCRIPT_SECRETS, secrets_of, whole="edge_script_deploy_purge"),
    LiveRelease(),
    Fixed("edge_script_deploy_purge", True),
))


EDGE_SCRIPTING_KINDS = (
    Kind("edge_script", "Edge Script", "edge_scripts", scripts, to_snake, "id",
         lambda script: script["name"], SCRIPT_SECRET_KEYS, shapes=(EDGE_SCRIPT_SHAPE,)),
)
