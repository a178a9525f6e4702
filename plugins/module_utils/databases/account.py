# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Bunny Databases as the account sees them: the database_app role's host for each database whose
token an application or a script holds, with its regions and its tokens as hand-offs.

The API lists no tokens, so a token is found where the collection puts one: an environment variable
of a container template whose value is a token of the database (a JWT whose payload names the
database's ``id``), or an Edge Script secret beside a variable that holds the database's URL (the
API never returns a secret's value: the secret paired with the URL variable by name, as the
database_app role and the vendor's CLI pair them, ``BUNNY_DATABASE_URL`` and
``BUNNY_DATABASE_AUTH_TOKEN``). A hand-off is the destination and the database, never the value.

A token held in a container is checked where it can be: its expiry, read from the token itself
(the payload's ``exp``, decoded, not verified), and whether the database still takes it, asked of
the database's own SQL endpoint with a read-only ``SELECT 1`` (a revoked token is refused there
with 401). A script secret's value is never returned, so neither can be checked for one.
"""

import base64
import binascii
import json
from datetime import datetime, timezone

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    InventoryError,
    Options,
    Part,
    Shape,
    drift,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.databases import DATABASE
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.account import scripts, secrets_of
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.account import apps

try:
    import requests
except ImportError:  # the modules and the inventory plugin fail without requests before this runs
    requests = None

# The read-only statement that tells whether the database takes a token.
PROBE = {"requests": [{"type": "execute", "stmt": {"sql": "SELECT 1"}}, {"type": "close"}]}
AUTHORIZATIONS = {"rw": "full-access", "ro": "read-only"}


def databases(reads):
    return reads.once("databases", None, lambda: DATABASE.list(reads.client))


def token_claims(value):
    """The payload of a JWT, decoded without verifying it; None for a value that is no JWT."""
    parts = value.split(".") if isinstance(value, str) else []
    if len(parts) != 3 or not parts[1]:
        return None
    try:
        payload = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    return payload if isinstance(payload, dict) else None


def _instant(seconds):
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if isinstance(seconds, (int, float)) else None


class Handoff:
    """A destination that holds a token of a database: its options as database_token names it, and, in a
    container, the token (kept here to be checked, never written) and what its payload says."""

    def __init__(self, options, label, token=None, claims=None):
        self.options = options
        self.label = label
        self.token = token
        self.claims = claims or {}

    def exported(self):
        return dict(self.options, expires_at=_instant(self.claims.get("exp")))


def _url_pair(url_variable):
    """The secret the database_app role pairs with a URL variable: BUNNY_DATABASE_URL's is BUNNY_DATABASE_AUTH_TOKEN."""
    return url_variable[:-len("URL")] + "AUTH_TOKEN" if url_variable.upper().endswith("URL") else None


def handoffs(reads):
    """Every destination holding a token of a database, by the database's id, read once."""
    def index():
        found = {}
        for app in apps(reads):
            for template in app.get("containerTemplates") or []:
                for variable in template.get("environmentVariables") or []:
                    claims = token_claims(variable.get("value"))
                    if claims and isinstance(claims.get("id"), str):
                        options = {"container_template": {"app_id": app["id"], "name": template.get("name"), "variable": variable["name"]}}
                        label = "application %s, container %s, %s" % (app.get("name"), template.get("name"), variable["name"])
                        found.setdefault(claims["id"], []).append(Handoff(options, label, variable.get("value"), claims))
        by_url = {database.get("url"): database["id"] for database in databases(reads) if database.get("url")}
        for script in scripts(reads):
            for variable in script.get("EdgeScriptVariables") or []:
                database_id = by_url.get(variable.get("DefaultValue"))
                secret = _url_pair(variable.get("Name") or "")
                # Only a script that names a database's URL has its secrets read.
                if database_id and secret and any(held.get("Name") == secret for held in secrets_of(reads, script)):
                    options = {"edge_script_secret": {"script_name": script["Name"], "name": secret}}
                    found.setdefault(database_id, []).append(Handoff(options, "Edge Script %s, secret %s" % (script["Name"], secret)))
        return found
    return reads.once("database hand-offs", None, index)


def handoffs_of(reads, database):
    return handoffs(reads).get(database["id"], [])


def token_state(reads, database, handoff):
    """What is wrong with a token a container holds: ``expired on ...``, ``revoked``; None when it works or cannot be checked."""
    if handoff.token is None:
        return None
    expiry = handoff.claims.get("exp")
    if isinstance(expiry, (int, float)) and expiry <= datetime.now(timezone.utc).timestamp():
        return "expired on %s" % _instant(expiry)
    return reads.once("token works", (database["id"], handoff.label), lambda: _asked(reads, database, handoff.token))


def _asked(reads, database, token):
    host = (database.get("url") or "").split("://", 1)[-1].split("/", 1)[0]
    base = "%s/%s" % (reads.database_url.rstrip("/"), host) if reads.database_url else "https://%s" % host
    client = reads.client
    try:
        # The database's own endpoint, with the token alone: never the account's key.
        answer = requests.post(base + "/v2/pipeline", json=PROBE, headers={"Authorization": "Bearer " + token}, timeout=client.timeout,
                               verify=client.validate_certs)
    except requests.exceptions.RequestException as error:
        raise InventoryError("the SQL endpoint of database %s, which tells whether a token works, could not be reached: %s"
                             % (database.get("name"), type(error).__name__)) from None
    if answer.status_code in (401, 403):
        return "revoked (the database refuses it)"
    if answer.status_code >= 300:
        raise InventoryError("the SQL endpoint of database %s answered HTTP %d to a read-only query" % (database.get("name"), answer.status_code))
    return None


class Destination(Part):
    """Where the role puts the database's token and URL: the first destination that holds one, as the
    role's own variable, and the authorization that token has. The audit compares every destination
    in database_app_tokens instead."""

    NAMES = {"container_template": "database_app_container_template", "edge_script_secret": "database_app_edge_script_secret"}

    def fields(self):
        return []

    def variables(self):
        return []

    def export(self, reads, record):
        held = handoffs_of(reads, record)
        if not held:
            return {}
        first = held[0]
        [(destination, options)] = first.options.items()
        exported = {self.NAMES[destination]: dict(options, url_variable=self._url_variable(reads, record, first))}
        exported[self.NAMES[destination]] = {name: value for name, value in exported[self.NAMES[destination]].items() if value is not None}
        if first.claims.get("a") in AUTHORIZATIONS:
            exported["database_app_authorization"] = AUTHORIZATIONS[first.claims["a"]]
        return exported

    @staticmethod
    def _url_variable(reads, record, handoff):
        """The variable beside the token that holds the database's URL, where one does."""
        if "container_template" in handoff.options:
            options = handoff.options["container_template"]
            app = next((app for app in apps(reads) if app["id"] == options["app_id"]), {})
            template = next((template for template in app.get("containerTemplates") or [] if template.get("name") == options["name"]), {})
            return next((variable["name"] for variable in template.get("environmentVariables") or [] if variable.get("value") == record.get("url")),
                        None)
        options = handoff.options["edge_script_secret"]
        script = next((script for script in scripts(reads) if script["Name"] == options["script_name"]), {})
        return next((variable["Name"] for variable in script.get("EdgeScriptVariables") or []
                     if variable.get("DefaultValue") == record.get("url") and _url_pair(variable["Name"]) == options["name"]), None)

    def drift(self, reads, record, variables):
        return []


def _label_of(item):
    """A hand-off of database_app_tokens named as the account names it."""
    if not isinstance(item, dict) or len([name for name in ("container_template", "edge_script_secret") if item.get(name)]) != 1:
        raise InventoryError("database_app_tokens: %r names no one destination (container_template or edge_script_secret)" % (item,))
    if item.get("container_template"):
        options = item["container_template"]
        return ("container_template", options.get("app_id"), options.get("name"), options.get("variable"))
    options = item["edge_script_secret"]
    return ("edge_script_secret", options.get("script_name"), options.get("name"))


class Tokens(Part):
    """Every destination that holds a token of the database (``database_app_tokens``): each still
    holds one of this database, working (a container's token neither expired nor refused by the
    database), and no destination the list lacks holds one. ``expires_at`` is what the token says,
    written for people and not compared."""

    variable = "database_app_tokens"

    def export(self, reads, record):
        return {self.variable: [handoff.exported() for handoff in handoffs_of(reads, record)]}

    def drift(self, reads, record, variables):
        listed = variables.get(self.variable)
        if listed is None:
            return []
        held = {_label_of(handoff.options): handoff for handoff in handoffs_of(reads, record)}
        found = []
        seen = set()
        for item in listed:
            key = _label_of(item)
            seen.add(key)
            handoff = held.get(key)
            name = "%s[%s]" % (self.variable, "/".join(str(part) for part in key[1:]))
            if handoff is None:
                found.append(drift(name, "a token of database %s" % record.get("name"), None))
                continue
            wrong = token_state(reads, record, handoff)
            if wrong:
                found.append(drift(name + ".token", "a working token", "a token " + wrong))
        found.extend(drift("%s[%s]" % (self.variable, "/".join(str(part) for part in key[1:])), None, handoff.exported())
                     for key, handoff in held.items() if key not in seen)
        return found


DATABASE_SHAPE = Shape("database_app", "database_app_name", (
    Fixed("database_app_name", lambda database: database["name"]),
    Options("database_app_", DATABASE),
    Tokens(),
    Destination(),
    # The role needs a destination: a database no application or script holds a token of is none of its hosts.
), applies=lambda reads, database: bool(handoffs_of(reads, database)), not_compared={
    "database_app_container_template": "where the role puts a token; database_app_tokens lists every destination that holds one, compared",
    "database_app_edge_script_secret": "where the role puts a token; database_app_tokens lists every destination that holds one, compared",
    "database_app_authorization": "what a token the role generates allows; the API cannot say what a token it gave allows",
    "database_app_expires_at": "when a token the role generates stops working; an expired token held is drift of database_app_tokens",
})


DATABASE_KINDS = (
    Kind("database", "database", "databases", databases, DATABASE.project, "id", lambda database: database["name"], shapes=(DATABASE_SHAPE,)),
)
