# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""No secret in clear, anywhere the account goes: what the inventory plugin and the export hold
in place of each secret value the account read.

A value is a secret when

- it is the value of a sensitive field of a kind's records (``Kind.secret_keys``: a video
  library's API keys, a storage zone's passwords, a pull zone's token key, a script's deployment
  key, a log forwarding token), wherever else the account holds it (an application's environment
  variable it was copied into), or a variable's value holds it (a URL that embeds it);
- it is shaped as a JSON Web Token (a database's access token: no read of the API returns one,
  so only its shape can tell it);
- it is the value of an environment variable or a script variable whose name looks like a secret
  (``token``, ``key``, ``secret``, ``password``, ``credential`` as a part of the name, in any case:
  ``API_KEY``, ``dbPassword``, ``AUTHTOKEN``), or of one the user's inventory already holds as a
  secret (``secret_names``: the export takes them from the ``secret_environment_variables`` of the
  inventory it writes over).

``not_secrets`` names variables that are no secret although their name or value looks like one;
a value equal to a secret the account exposes stays a secret all the same.

Each secret becomes a vault placeholder, ``{{ vault_<name> }}``, named after the secret it is (the
field of the resource that exposes it) or the variable that holds it; a host's entry lists them
under ``secrets`` as ``(vault variable, what to fill in)``. An environment variable of a container
that holds a secret moves to the container's ``secret_environment_variables``, which the roles
pass on without showing.
"""

import base64
import binascii
import glob
import json
import os
import re

from ansible.module_utils.common.yaml import yaml_load

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.files import VAULT_NAME_UNSAFE
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import VAULT_PLACEHOLDER, snake

# The words a secret's name has as one of its parts, and the endings a run-together part has.
SECRET_WORDS = ("token", "tokens", "key", "keys", "secret", "secrets", "password", "passwords", "passwd", "credential", "credentials")
SECRET_ENDINGS = ("token", "secret", "password", "passwd", "credential", "credentials", "apikey", "accesskey", "privatekey")
# A name's parts: runs of letters and digits, split where a lower-case letter or digit meets an upper-case one.
NAME_PARTS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
# Three base64url segments, the first an encoded JSON object ("eyJ" is '{"').
JWT_SHAPE = re.compile(r"^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$")
# A secret this short could be part of any value by chance; the account's own are GUIDs and longer.
SHORTEST_EMBEDDED = 8
# Where the account holds variables by name: their values are secrets by their names too.
VARIABLE_HOLDERS = ("environment_variables", "edge_script_variables", "edge_script_deploy_variables")
VALUE_KEYS = ("value", "default_value")


def looks_secret(name):
    """Whether a variable's name says it holds a secret: one of SECRET_WORDS as a part of it."""
    parts = [part.lower() for part in NAME_PARTS.findall(str(name))]
    return any(part in SECRET_WORDS or part.endswith(SECRET_ENDINGS) for part in parts)


def is_jwt(value):
    """Whether a string is a JSON Web Token: its header decodes to a JSON object naming its algorithm."""
    if not JWT_SHAPE.match(value):
        return False
    header = value.split(".", 1)[0]
    try:
        decoded = json.loads(base64.urlsafe_b64decode(header + "=" * (-len(header) % 4)))
    except (binascii.Error, ValueError):
        return False
    return isinstance(decoded, dict) and "alg" in decoded


def vault_name(*parts):
    return VAULT_NAME_UNSAFE.sub("_", "_".join(str(part) for part in parts).lower())


class AccountSecrets:
    """The secrets the account's reads saw, and the rules that tell the others."""

    def __init__(self, not_secrets=(), secret_names=()):
        self.not_secrets = frozenset(not_secrets)
        self.secret_names = frozenset(secret_names)
        # Each secret value the account exposes: (vault name, what it is).
        self.exposed = {}

    def collect(self, kind, name, record, reads=None):
        """Every value of ``record`` (at any depth) under one of the kind's secret keys, and with
        ``reads`` (an ``AccountReads`` that read the roles' variables) what else the kind holds."""
        found = []
        _secret_fields(record, kind.secret_keys, found)
        if reads is not None:
            found.extend(kind.held_secrets(reads, record))
        for field, value in found:
            if isinstance(value, str) and value and value not in self.exposed:
                field = snake(field)
                self.exposed[value] = (vault_name(kind.name, name, field), "the %s of %s %s" % (field, kind.title, name))

    def hide(self, entry):
        """The host ``entry`` of read_account with every secret in its resource and role variables a
        placeholder, and the placeholders listed under ``secrets``."""
        host = HostSecrets(self)
        hidden = dict(entry, resource=host.hidden(entry["resource"]))
        if entry.get("role_variables") is not None:
            hidden["role_variables"] = host.hidden(entry["role_variables"])
        hidden["secrets"] = sorted(host.placeholders.items())
        return hidden


def _secret_fields(data, secret_keys, found):
    if isinstance(data, dict):
        for key, value in data.items():
            if str(key).replace("_", "").lower() in secret_keys:
                found.append((key, value))
            else:
                _secret_fields(value, secret_keys, found)
    elif isinstance(data, list):
        for item in data:
            _secret_fields(item, secret_keys, found)


class HostSecrets:
    """The placeholders of one host: each secret value once, under one vault variable."""

    def __init__(self, account):
        self.account = account
        self.placeholders = {}
        self.names = {}

    def _placeholder(self, value, name, what):
        if value not in self.names:
            chosen, count = name, 1
            while chosen in self.placeholders:
                count += 1
                chosen = "%s_%d" % (name, count)
            self.names[value] = chosen
            self.placeholders[chosen] = what
        return VAULT_PLACEHOLDER % self.names[value]

    def _exposed(self, value, variable):
        """The vault name and description of the exposed secret ``value`` is, or (the value of a
        variable) holds; None when it is none. Only a variable's value is searched: every string of
        an account searched for every secret would grow as their product."""
        if value in self.account.exposed:
            return self.account.exposed[value]
        if variable is None:
            return None
        for secret, (name, what) in self.account.exposed.items():
            if len(secret) >= SHORTEST_EMBEDDED and secret in value:
                return name + "_within", "%s, within the value of %s" % (what, variable)
        return None

    def value(self, value, variable=None, holder=None):
        """``value`` itself, or the placeholder of the secret it is or holds; ``variable`` names the
        variable that holds it, ``holder`` what holds the variable (a container)."""
        if not isinstance(value, str) or not value:
            return value
        exposed = self._exposed(value, variable)
        if exposed is not None:
            return self._placeholder(value, *exposed)
        if variable in self.account.not_secrets:
            return value
        if (variable is not None and (looks_secret(variable) or variable in self.account.secret_names)) or is_jwt(value):
            label = variable or "token"
            where = " of %s" % holder if holder else ""
            return self._placeholder(value, vault_name(*([holder] if holder else []) + [label]), "the value of %s%s" % (label, where))
        return value

    def hidden(self, data, holder_key=None, holder=None):
        if isinstance(data, dict):
            variable = data.get("name") if holder_key in VARIABLE_HOLDERS and isinstance(data.get("name"), str) else None
            hidden = {}
            for key, value in data.items():
                if key in VALUE_KEYS and variable is not None:
                    hidden[key] = self.value(value, variable, holder)
                elif key in VARIABLE_HOLDERS:
                    hidden[key] = self._variables(value, key, data.get("name") if isinstance(data.get("name"), str) else holder)
                else:
                    hidden[key] = self.hidden(value, key, holder)
            if isinstance(hidden.get("environment_variables"), dict):
                _move_secret_variables(data, hidden)
            return hidden
        if isinstance(data, list):
            return [self.hidden(item, holder_key, holder) for item in data]
        return self.value(data)

    def _variables(self, variables, key, holder):
        if isinstance(variables, dict):
            # Variables by name (mc_app's environment_variables): the name is the key.
            return {name: self.value(value, name, holder) for name, value in variables.items()}
        return self.hidden(variables, key, holder)


def _move_secret_variables(original, hidden):
    """A container's environment variables whose values became placeholders go to its
    secret_environment_variables, which mc_app takes without showing them."""
    plain = original["environment_variables"]
    moved = {name: value for name, value in hidden["environment_variables"].items() if value != plain.get(name)}
    if moved:
        hidden["environment_variables"] = {name: value for name, value in hidden["environment_variables"].items() if name not in moved}
        hidden["secret_environment_variables"] = dict(hidden.get("secret_environment_variables") or {}, **moved)


def secret_names_in(folder):
    """The names of the variables an inventory's hosts hold as secrets: each container's
    ``secret_environment_variables`` and the variable a database_app host puts its token in.

    An export over an inventory keeps them secret, although the API holds no mark of it: what
    mc_app wrote from secret_environment_variables reads as any other environment variable."""
    names = set()
    for path in glob.glob(os.path.join(glob.escape(folder), "host_vars", "*", "*.yml")):
        try:
            with open(path, encoding="utf-8") as handle:
                variables = yaml_load(handle)
        except Exception:  # unreadable, or no YAML (PyYAML's errors are reached only through ansible's wrapper): it marks nothing
            continue
        if not isinstance(variables, dict):
            continue
        for container in variables.get("mc_rollout_containers") or []:
            if isinstance(container, dict) and isinstance(container.get("secret_environment_variables"), dict):
                names.update(container["secret_environment_variables"])
        destination = variables.get("database_app_container_template")
        if isinstance(destination, dict) and isinstance(destination.get("variable"), str):
            names.add(destination["variable"])
    return names


# A vault placeholder as account_shapes.VAULT_PLACEHOLDER writes it.
VAULT_PLACEHOLDER_SHAPE = re.compile(r"^\{\{ *vault_[A-Za-z0-9_]+ *\}\}$")
# The variable of the mc_rollout role whose containers hold secret environment variables.
CONTAINERS_VARIABLE = "mc_rollout_containers"


def without_secret_values(name, value):
    """An inventory variable as the audit takes it, before any of it is templated: each secret left
    to the vault (an option of an item, or a container's secret environment variable, that is a
    vault placeholder) left out (None), so that the audit compares it by its name only and never
    opens the vault that holds it."""
    if not isinstance(value, list):
        return value
    return [{option: _unsealed(held, option == "secret_environment_variables" and name == CONTAINERS_VARIABLE) for option, held in item.items()}
            if isinstance(item, dict) else item for item in value]


def _unsealed(value, by_name):
    if by_name and isinstance(value, dict):
        return {variable: _unsealed(held, False) for variable, held in value.items()}
    return None if isinstance(value, str) and VAULT_PLACEHOLDER_SHAPE.match(value) else value


def with_held_secrets(params, app):
    """mc_app's options with each secret environment variable whose value the audit left out given
    the value the application's container holds: a secret left to the vault is compared by its name only."""
    held = {template.get("name"): {variable.get("name"): variable.get("value") for variable in template.get("environmentVariables") or []}
            for template in app.get("containerTemplates") or []}
    containers = []
    for options in params.get("container_templates") or []:
        secrets = options.get("secret_environment_variables")
        if secrets:
            present = held.get(options["name"], {})
            options = dict(options, secret_environment_variables={
                variable: present.get(variable) if value is None else value for variable, value in secrets.items()})
        containers.append(options)
    return dict(params, container_templates=containers) if params.get("container_templates") is not None else params
