# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The access tokens of a Bunny Database, and where they go.

The API generates a token (``PUT .../auth/generate``) and shows it once; it can neither list
tokens nor tell whether one is valid, and it revokes every token of a database at once
(``POST .../auth/revoke``). So a token cannot be a resource compared with what the API holds: its
state is where it is kept. A token plan reads the destination (a container template's environment
variable, an Edge Script secret, or a file), generates a token only when the destination holds
none or a rotation is asked for, and writes it there in the same run, so the token never leaves
the module: not in the result, the diff, a message or a log line (its value is added to the
module's no-log values the moment it is known).

Without a destination the plan generates a token on every run and returns it under ``token``;
the action plugin marks such a result no_log, so Ansible shows none of it.
"""

import os
import tempfile

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Failure, Plan, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import rfc3339
from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.databases import GENERATE_PATH, REVOKE_PATH
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.script_items import (
    SECRET_PATH,
    SECRETS_PATH,
    VARIABLE_ADD_PATH,
    VARIABLE_PATH,
    read_secrets,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import EDGE_SCRIPT
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP

FILE_MODE = 0o600
# The result key that holds a token, when the task gives no destination; the action plugin keeps it out of every output.
TOKEN_KEY = "token"

DESTINATION_OPTIONS = dict(
    file=dict(type="path"),
    container_template=dict(type="dict", options=dict(
        app_id=dict(type="str", required=True),
        container_id=dict(type="str"),
        name=dict(type="str"),
        variable=dict(type="str", required=True),
        url_variable=dict(type="str"),
    ), mutually_exclusive=[("container_id", "name")], required_one_of=[("container_id", "name")]),
    edge_script_secret=dict(type="dict", no_log=False, options=dict(
        script_id=dict(type="int"),
        script_name=dict(type="str"),
        name=dict(type="str", required=True),
        url_variable=dict(type="str"),
    ), mutually_exclusive=[("script_id", "script_name")], required_one_of=[("script_id", "script_name")]),
)
DESTINATIONS = tuple(DESTINATION_OPTIONS)
# What a container's environment takes as a name: a letter or underscore, then letters, digits, underscores.
VARIABLE_NAME_RULE = dict(pattern=r"[A-Za-z_][A-Za-z0-9_]*", pattern_hint="a letter or _, then letters, digits or _")
DESTINATION_RULES = (
    ("container_template.app_id", dict(min_length=1)),
    ("container_template.container_id", dict(min_length=1)),
    ("container_template.name", dict(min_length=1, max_length=50)),
    ("container_template.variable", VARIABLE_NAME_RULE),
    ("container_template.url_variable", VARIABLE_NAME_RULE),
    ("edge_script_secret.url_variable", dict(min_length=1, max_length=256)),
    ("edge_script_secret.script_id", dict(minimum=1)),
    ("edge_script_secret.script_name", dict(min_length=1, max_length=100)),
    ("edge_script_secret.name", dict(min_length=1, max_length=256)),
)


# --- Destinations --------------------------------------------------------------------------------
# Each reads whether it holds a token (``holds``), and gives the writes that put one there and take it away.

class FileDestination:
    """A file on the host the module runs on, mode 0600, holding the token and nothing else."""

    def __init__(self, module, path):
        self.module = module
        self.path = path
        self.name = "file %s" % path
        self.url = None

    def holds(self):
        try:
            return os.path.getsize(self.path) > 0
        except OSError:
            return False

    def mode_differs(self):
        return self.holds() and (os.stat(self.path).st_mode & 0o777) != FILE_MODE

    def put(self, plan, token, url):
        plan.then(lambda check_mode: None if check_mode else self._write(token()))

    def fix_mode(self, plan):
        plan.then(lambda check_mode: None if check_mode else os.chmod(self.path, FILE_MODE))

    def remove(self, plan):
        plan.then(lambda check_mode: None if check_mode else os.remove(self.path))

    def _write(self, token):
        # Written whole beside the file and moved over it, so that a reader never finds half a token
        # and the file never exists with a wider mode than 0600.
        directory = os.path.dirname(os.path.abspath(self.path))
        try:
            handle, staged = tempfile.mkstemp(dir=directory, prefix=".%s." % os.path.basename(self.path))
            try:
                with os.fdopen(handle, "w") as staged_file:
                    os.fchmod(staged_file.fileno(), FILE_MODE)
                    staged_file.write(token)
                os.replace(staged, self.path)
            except BaseException:
                os.unlink(staged)
                raise
        except OSError as error:
            raise Failure("The token was generated, but %s could not be written: %s. The token is lost; run again to generate "
                          "another." % (self.name, error.strerror or error)) from None


class ContainerTemplateDestination:
    """An environment variable of a Magic Containers container template, found by its ID or exact name;
    with ``url_variable``, another variable holds the database's URL, written in the same PATCH."""

    def __init__(self, module, options):
        self.module = module
        self.app_id = options["app_id"]
        self.variable = options["variable"]
        self.url_variable = options.get("url_variable")
        self.templates = APP.container_templates(self.app_id)
        template = self.templates.find(module, options["container_id"], options["name"])
        self.template_id = template["id"]
        self.variables = template.get("environmentVariables") or []
        self.name = "environment variable %s of container template %r of application %s" % (self.variable, template.get("name"), self.app_id)
        # What the template holds is a token too: it never shows.
        module.hide_values([self._value(self.variables, self.variable)])
        self.url = self._value(self.variables, self.url_variable) if self.url_variable else None

    @staticmethod
    def _value(variables, name):
        return next((item.get("value") for item in variables if item.get("name") == name), None)

    def holds(self):
        return bool(self._value(self.variables, self.variable))

    def _variables(self, values):
        """The template's variables with ``values`` ({name: value, or None to remove}) applied, in their order, new ones last."""
        kept = [dict(name=item["name"], value=item.get("value") or "") for item in self.variables if item.get("name") not in values]
        return kept + [{"name": name, "value": value} for name, value in values.items() if value is not None]

    def _patch(self, plan, values):
        """One PATCH with ``values()``; a lost answer is settled by reading whether the template holds them."""
        def holding():
            template = self.templates.read(self.module.client, self.template_id)
            wanted = values()
            present = template.get("environmentVariables") or []
            return template if all(self._value(present, name) == value for name, value in wanted.items()) else None
        plan.add(Write("PATCH", self.templates.path(self.template_id), lambda: {"environmentVariables": self._variables(values())},
                       confirm=holding))

    def put(self, plan, token, url):
        self._patch(plan, lambda: dict({self.variable: token()}, **({self.url_variable: url} if url is not None else {})))

    def put_url(self, plan, url):
        self._patch(plan, lambda: {self.url_variable: url})

    def remove(self, plan):
        self._patch(plan, lambda: {self.variable: None})


class EdgeScriptSecretDestination:
    """A secret of an Edge Script, found by the script's ID or exact name; with ``url_variable``, a
    variable of the script holds the database's URL as its default value."""

    def __init__(self, module, options):
        self.module = module
        self.secret_name = options["name"]
        self.url_variable = options.get("url_variable")
        script_id = options["script_id"]
        script = EDGE_SCRIPT.find(module, script_id, options["script_name"])
        if script is None:
            module.fail("No edge script is named %r (edge_script_secret.script_name)." % options["script_name"])
        self.script_id = script["Id"]
        self.secret = self._listed()
        self.variable = next((item for item in script.get("EdgeScriptVariables") or [] if item.get("Name") == self.url_variable), None)
        self.url = self.variable.get("DefaultValue") if self.variable else None
        self.name = "secret %s of edge script %s" % (self.secret_name, self.script_id)

    def holds(self):
        return self.secret is not None

    def put(self, plan, token, url):
        if self.secret is None:
            plan.add(Write("POST", build_path(SECRETS_PATH, id=self.script_id), lambda: {"Name": self.secret_name, "Secret": token()},
                           confirm=self._listed))
        else:
            # The API never shows a value, so no read could settle a lost answer: setting it again does no harm.
            plan.add(Write("POST", build_path(SECRET_PATH, id=self.script_id, secret_id=self.secret["Id"]), lambda: {"Secret": token()},
                           confirm=None))
        if url is not None and url != self.url:
            self.put_url(plan, url)

    def put_url(self, plan, url):
        if self.variable is None:
            plan.add(Write("POST", build_path(VARIABLE_ADD_PATH, id=self.script_id), {"Name": self.url_variable, "Required": False,
                                                                                      "DefaultValue": url},
                           confirm=lambda: self._url_holds(url)))
        else:
            plan.add(Write("POST", build_path(VARIABLE_PATH, id=self.script_id, variable_id=self.variable["Id"]),
                           {"DefaultValue": url, "Required": bool(self.variable.get("Required"))}, confirm=lambda: self._url_holds(url)))

    def remove(self, plan):
        plan.add(Write("DELETE", build_path(SECRET_PATH, id=self.script_id, secret_id=self.secret["Id"]),
                       confirm=lambda: None if self._listed() else True))

    def _listed(self):
        return next((secret for secret in read_secrets(self.module.client, self.script_id) if secret.get("Name") == self.secret_name), None)

    def _url_holds(self, url):
        script = EDGE_SCRIPT.read(self.module.client, self.script_id)
        return script if any(item.get("Name") == self.url_variable and item.get("DefaultValue") == url
                             for item in script.get("EdgeScriptVariables") or []) else None


def destination_of(module):
    """The destination the task names, or None."""
    params = module.params
    if params["file"] is not None:
        return FileDestination(module, params["file"])
    if params["container_template"] is not None:
        return ContainerTemplateDestination(module, params["container_template"])
    if params["edge_script_secret"] is not None:
        return EdgeScriptSecretDestination(module, params["edge_script_secret"])
    return None


# --- Plans ---------------------------------------------------------------------------------------

def token_plan(module, database, destination):
    """Generate a token into ``destination`` (or, without one, into the result), or revoke the database's tokens.

    ``before`` and ``after`` say where the token goes and what it holds there: ``token`` is
    ``absent`` or ``present`` before, and ``generated`` (a new token), ``present``, ``absent`` or
    ``revoked`` after. The authorization and expiry of a token the destination already holds are
    unknown (the API cannot tell), so they are null before.
    """
    params = module.params
    database_id = database["id"]
    held = destination.holds() if destination else False
    url = database.get("url") if destination is not None and getattr(destination, "url_variable", None) else None
    before = dict(database_id=database_id, database_name=database.get("name"), destination=destination.name if destination else None,
                  token="present" if held else "absent", authorization=None, expires_at=None,
                  url=destination.url if url is not None else None)
    plan = Plan(before=before, after=dict(before), record=database)
    if params["state"] == "absent":
        return _revoke(plan, destination, held)
    if url is not None:
        plan.after["url"] = url
    if destination is not None and held and not params["rotate"]:
        if isinstance(destination, FileDestination) and destination.mode_differs():
            destination.fix_mode(plan)
            plan.changed = True
        if url is not None and url != destination.url:
            destination.put_url(plan, url)
        return plan
    issued = {}
    body = {"authorization": params["authorization"]}
    if params["expires_at"] is not None:
        body["expires_at"] = rfc3339(params["expires_at"])

    def answered(answer):
        token = (answer or {}).get("token")
        if not token:
            raise Failure("The API answered the token request of database %s without a token." % database_id)
        issued["token"] = token
        if destination is not None:
            module.hide_values([token])
        else:
            plan.result[TOKEN_KEY] = token
        plan.after["expires_at"] = answer.get("expires_at")

    # A token whose answer was lost is one nobody holds; asking again is harmless.
    plan.add(Write("PUT", build_path(GENERATE_PATH, id=database_id), body, confirm=None, answered=answered))
    if destination is not None:
        destination.put(plan, lambda: issued["token"], url)
    plan.after.update(token="generated", authorization=params["authorization"], expires_at=body.get("expires_at"))
    return plan


def _revoke(plan, destination, held):
    """Every token of the database stops working; with a destination, only when it holds one, which it then loses."""
    if destination is not None and not held:
        return plan
    plan.add(Write("POST", build_path(REVOKE_PATH, id=plan.record["id"]), confirm=None))
    if destination is not None:
        destination.remove(plan)
    plan.after["token"] = "revoked"
    return plan
