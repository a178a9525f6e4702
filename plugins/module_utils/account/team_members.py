# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The account's team members, declared on the resource engine: what team_member manages.

The vendor's published API documents do not describe these endpoints. Their shape is the one the
official Terraform provider for bunny.net uses (its ``bunnynet_account_subuser`` resource):

- The team endpoints take a token, not the API key: ``POST /apikey/exchange`` with ``{AccessKey}``
  answers ``{Token}``, sent as the ``Authorization`` header (``authorise`` below does that once per
  run; the engine's client has no such exchange, which an engine change would give it).
- ``GET /team/member`` lists the members in core pages; ``GET /team/member/{id}`` reads one;
  ``POST /team/member`` invites one with a password; ``POST /team/member/{id}`` changes one;
  ``DELETE /team/member/{id}`` removes one.
- A member's ``Roles`` say what it may do; reads list ``Subuser`` among them, which every member
  has and no request sends, so it is left out here as the provider leaves it out.

A member is found by its email address (compared without regard to case), which cannot change.
The password is write-only: it is sent when the member is invited and never read or compared.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import Fixed, Options, Shape
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyClient
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes, name_of

EXCHANGE_PATH = "/apikey/exchange"
MEMBERS_PATH = "/team/member"
MEMBER_PATH = "/team/member/{id}"
# What a member may do, by the names the provider gives them and by the API's role names.
ROLES = {"zones": "SubuserManage", "billing": "SubuserBilling", "support": "SubuserSupport", "abuse": "SubuserAbuse", "users": "SubuserUsers"}
MEMBER_ROLE = "Subuser"
# The provider's checks of an invitation, which the API makes too: made before any request.
EMAIL = r"[^@\s]+@[^.@\s]+\.[^@\s]*[^.@\s]"
PASSWORD_CLASSES = (("a lower-case letter", str.islower), ("an upper-case letter", str.isupper), ("a digit", str.isdigit),
                    ("a character other than a letter or a digit", lambda character: not character.isalnum()))  # fmt: skip


def authorise(client):
    """Exchange the API key for the token the team endpoints take, and send it with every request of the run."""
    if "Authorization" not in client.session.headers:
        answer = client.request("POST", EXCHANGE_PATH, json={"AccessKey": client.session.headers["AccessKey"]}, reads=True) or {}
        client.session.headers["Authorization"] = answer.get("Token") or ""
    return client


def _roles_to_api(roles):
    return {"Roles": [ROLES.get(role, role) for role in roles]}


def _roles_from_api(record):
    return [name_of(ROLES, role) for role in record.get("Roles") or [] if role != MEMBER_ROLE]


def without_member_role(record):
    """A member as the API reads it, without the ``Subuser`` role every member has."""
    if isinstance(record, dict) and isinstance(record.get("Roles"), list):
        record = dict(record, Roles=[role for role in record["Roles"] if role != MEMBER_ROLE])
    return record


def password_problems(password):
    """Why the API would refuse ``password`` for an invitation, in words; empty when it would not."""
    if password is None:
        return []
    missing = [words for words, has in PASSWORD_CLASSES if not any(has(character) for character in password)]
    if len(password) < 12 or missing:
        return ["password must be at least 12 characters long, with a lower-case letter, an upper-case letter, a digit and a character "
                "other than a letter or a digit%s" % ("; it lacks %s" % ", ".join(missing) if missing else "")]
    return []


class TeamMemberResource(Resource):
    """A team member: an id that is a GUID, reads without the member role, a write-only password, whole updates."""

    def argument_spec(self, **extra):
        spec = super().argument_spec(**extra)
        spec["id"] = dict(type="str")
        return spec

    def rules(self):
        return (("id", dict(min_length=1)),)

    # Overridden: every member's reads list the member role, which no request sends.
    def read(self, client, record_id):
        return without_member_role(super().read(client, record_id))

    def list(self, client, search=None):
        return [without_member_role(record) for record in super().list(client, search)]

    # Overridden: the roles by the provider's names.
    def project(self, record):
        projected = super().project(record)
        if projected is not None:
            projected["roles"] = _roles_from_api(record)
        return projected

    # Overridden: the invitation carries the password, which nothing reads back.
    def create_request(self, module, body):
        return self.writes.create, self.paths.create, dict(body, Password=module.params["password"])

    # Overridden: the provider sends the whole member with every change; what an update leaves out is not documented.
    def update_request(self, current, changes, after):
        after = after or current
        body = {name: after.get(name) for name in ("FirstName", "LastName", "Email", "Roles")}
        body.update(changes)
        return self.writes.update, self.path(current[self.id_field]), body

    def answered(self, module, plan, kind, answer):
        super().answered(module, plan, kind, without_member_role(answer))


TEAM_MEMBER = TeamMemberResource(
    noun="team member",
    result_key="team_member",
    key=Field("email", "Email", ignore_case=True, create_only=True),
    fields=(
        Field("first_name", "FirstName"),
        Field("last_name", "LastName"),
        Field("roles", "Roles", type="list", elements="str", choices=list(ROLES), to_api=_roles_to_api, from_api=_roles_from_api),
    ),
    paths=Paths(MEMBERS_PATH, MEMBER_PATH, search=None),
    record=Record(id_field="Id", server_fields=("id",)),
    writes=Writes(create_requires=("first_name", "last_name", "roles", "password")),
)


# --- The team as the account sees it: members, the team_member role's hosts -----------------------

def team_members(reads):
    """The account's team. Its endpoints take a token the API key is exchanged for (a POST that
    changes nothing, the one request of a read that is not a GET); a client of their own carries
    it, so that no other request of the run sends it."""
    def read():
        client = reads.client
        team = BunnyClient(client.session.headers["AccessKey"], client.api_url, client.timeout, client.retries,
                           validate_certs=client.validate_certs)
        return TEAM_MEMBER.list(authorise(team))
    return reads.once("team members", None, read)


# A member of the team is a resource of the account like a registry: a host of its own, found by its
# address (which cannot change), its names and roles compared by the module's declaration.
TEAM_MEMBER_SHAPE = Shape("team_member", "team_member_email", (
    Fixed("team_member_email", lambda member: member["Email"]),
    Options("team_member_", TEAM_MEMBER),
), not_compared={
    "team_member_password": "write-only: sent with the invitation, and never returned by a read",
})


TEAM_KINDS = (
    Kind("team_member", "team member", "team_members", team_members, TEAM_MEMBER.project, "id", lambda member: member["email"],
         shapes=(TEAM_MEMBER_SHAPE,)),
)
