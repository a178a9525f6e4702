# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Magic Containers container registry as a resource on the engine (resource.py).

The registry API differs from the engine's defaults in ways its declaration and each override below
name: its list is cursor-paged without search, its writes answer a status object (200 even when nothing was
saved) rather than the record, an update is a PUT of the whole request, and a delete of a registry
in use answers 200 with ``inUse``. Its id is an integer in reads and in these answers but a string
wherever an application names its registry (``imageRegistryId``), and the vendor's Terraform
provider failed on an id that came back as a number where it expected a string: ids are read here
in either form and always returned as integers.

Credentials are write-only: a read shows the user name and a few characters at each end of the
password, never the password, so ``update_password`` says when it is sent.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Failure, Plan, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.paths import REGISTRIES_PATH, REGISTRY_PATH

# The vendor's RegistryType, by the names the option takes.
REGISTRY_TYPES = {"docker_hub": "dockerHub", "github": "gitHub", "bunny_registry": "bunnyRegistry"}
# What a write of the password changes besides it, and only the API knows.
PASSWORD_HINTS = ("firstPasswordSymbols", "lastPasswordSymbols")
SERVER_FIELDS = ("id", "account_id", "user_id", "namespace_id", "host_name", "first_password_symbols",
                 "last_password_symbols", "created_at", "last_updated_at", "is_public", "is_platform_managed")


def registry_id(value):
    """A registry id as an integer, whichever form the API gave it in; anything else as it is."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def with_integer_id(record):
    if isinstance(record, dict) and "id" in record:
        record = dict(record, id=registry_id(record["id"]))
    return record


class RegistryResource(Resource):
    """The engine's life of a resource, with the registry API's answers and PUT."""

    def list(self, client, search=None):
        return [with_integer_id(record) for record in super().list(client, search)]

    def read(self, client, record_id):
        return with_integer_id(super().read(client, record_id))

    def plan_create(self, module, desired):
        params = module.params
        desired = dict(desired, displayName=params["display_name"])
        after = self.project(self.predicted({}, desired))
        after.update((key, None) for key in self.record.server_fields)
        plan = Plan(before={}, after=after)
        plan.add(Write("POST", self.paths.create, self.request(module, desired, {}),
                       confirm=lambda: self.only_named(module, params["display_name"]),
                       answered=lambda answer: self._saved(module, plan, answer, "create")))
        return plan

    def plan_update(self, module, current, desired):
        params = module.params
        record_id = current["id"]
        changes = self.differences(current, desired)
        rotate = params["password"] is not None and params["update_password"] == "always"
        if rotate or "userName" in changes:
            # The API takes the user name and the password together.
            changes["passwordCredentials"] = True
        after = self.predicted(current, {name: value for name, value in changes.items() if name != "passwordCredentials"})
        if "passwordCredentials" in changes:
            # What the API shows of a new password is known once it has it.
            after.update(dict.fromkeys(PASSWORD_HINTS))
        plan = Plan(before=self.project(current), after=self.project(after), record=current)
        if changes:
            body = self.request(module, desired, current)
            if "passwordCredentials" not in changes:
                body.pop("passwordCredentials", None)
            # A PUT without credentials leaves them as they are, and one with them sets the same
            # values again: sent again after a lost answer, it does no harm.
            plan.add(Write("PUT", self.path(record_id), body, confirm=None,
                           answered=lambda answer: self._saved(module, plan, answer, "update")))
        return plan

    def plan_delete(self, module, current):
        plan = super().plan_delete(module, current)
        for write in plan.writes:
            write.answered = lambda answer: self._deleted(module, current["id"], answer)
        return plan

    def request(self, module, desired, current):
        """The whole ContainerRegistryRequest: a PUT replaces what it does not carry."""
        params = module.params
        body = {"displayName": desired.get("displayName", current.get("displayName"))}
        if params["password"] is not None:
            body["passwordCredentials"] = {"userName": params["user_name"], "password": params["password"]}
        if params["type"] is not None:
            body["type"] = REGISTRY_TYPES[params["type"]]
        return body

    def _saved(self, module, plan, answer, action):
        # A write answers a status, not the registry, so the registry is read afterwards.
        self.refuse_unsaved(answer, action)
        record_id = registry_id(answer.get("id")) if action == "create" else plan.record["id"]
        plan.record = self.read(module.client, record_id)
        plan.after = self.project(plan.record)

    @staticmethod
    def refuse_unsaved(answer, action):
        """Fail when the API answered 200 with a status that says the registry was not saved."""
        status = answer.get("status") if isinstance(answer, dict) else None
        if status not in (None, "saved"):
            hint = " Check user_name and password." if status == "secretsValidationFailed" else ""
            raise Failure("The API did not %s the container registry: %s (%s).%s" % (
                action, answer.get("error") or "no reason given", status, hint), registry_status=status)

    @staticmethod
    def _deleted(module, record_id, answer):
        if isinstance(answer, dict) and answer.get("status") == "inUse":
            # A refusal that came with a success status: nothing was deleted.
            module.client.write_applied = False
            applications = answer.get("applications") or []
            raise Failure("Container registry %s is in use by the application%s %s; point their container templates "
                          "at another registry first." % (record_id, "" if len(applications) == 1 else "s",
                                                          ", ".join(applications) or "the API did not name"),
                          applications=applications)


REGISTRY = RegistryResource(
    noun="container registry",
    result_key="registry",
    key=Field("display_name", "displayName"),
    fields=(Field("user_name", "userName"),),
    # The list is cursor-paged and has no search: every registry is read and the names compared.
    paths=Paths(REGISTRIES_PATH, REGISTRY_PATH, search=None, pages="cursor"),
    record=Record(id_field="id", server_fields=SERVER_FIELDS),
    writes=Writes(update="PUT"),
)


def describe_error(error):
    """What a refusal means for a registry, in words (None keeps the error's own sentence)."""
    if error.method == "DELETE" and error.status == 409:
        return "%s The registry is in use by an application; point its container templates at another registry first." % error
    if error.status == 404 and error.path.startswith(REGISTRIES_PATH + "/"):
        return "Container registry %s was not found (HTTP 404)." % error.path.rsplit("/", 1)[-1]
    return None
