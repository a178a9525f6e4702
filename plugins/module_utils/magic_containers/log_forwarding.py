# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Magic Containers: where an application's logs are forwarded, and the addresses of the platform's nodes.

Log forwarding is one configuration per application, at ``/mc/log/forwarding/{appId}``: the vendor's
paths name it by the application's id, so that id is its natural key and the id a write goes to.
It is a ``Resource`` on the engine: created with ``POST /mc/log/forwarding``, replaced whole with
``PUT`` (the vendor's update model is the create model, every property required), deleted with
``DELETE``. The syslog token is returned by reads, so it is compared like any setting and masked
in results.

The nodes' addresses are what an origin's firewall must let in: ``GET /mc/nodes`` pages them with a
cursor, ``GET /mc/nodes/plain`` lists them all at once.
"""

from ipaddress import ip_address

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes, only_one

FORWARDINGS_PATH = "/mc/log/forwarding"
FORWARDING_PATH = "/mc/log/forwarding/{id}"
NODES_PATH = "/mc/nodes"
PLAIN_NODES_PATH = "/mc/nodes/plain"
# The vendor's enums (strings), by the options' names.
ENDPOINT_TYPES = {"syslog_udp": "SyslogUdp", "syslog_tcp": "SyslogTcp"}
FORMATS = {"rfc3164": "SyslogRfc3164", "rfc5424": "SyslogRfc5424"}
# What the create model requires besides the application and the properties the options require.
CREATE_DEFAULTS = {"enabled": True}
WHOLE = ("app", "type", "endpoint", "port", "format", "enabled", "token")


class LogForwardingResource(Resource):
    """The log forwarding of one application: found by the application's id, replaced whole."""

    # Overridden: the application names the configuration; there is no id of its own to give.
    def argument_spec(self, **extra):
        spec = super().argument_spec(**extra)
        del spec["id"]
        return spec

    def rules(self):
        return ()

    def module_kwargs(self):
        return {}

    # Overridden: the configuration has no id of its own to be found by; the application's is its key.
    def plan(self, module, desired):
        module.params["id"] = None
        return super().plan(module, desired)

    # Overridden: the API looks the application's configuration up itself; none is a 404.
    def named(self, client, name):
        try:
            return [self.read(client, name)]
        except BunnyApiError as error:
            if error.status == 404:
                return []
            raise

    def find(self, module, record_id=None, name=None, missing_ok=False):
        return only_one(module, self.named(module.client, name), name, self.plural, self.id_field)

    # Overridden: the key is the id a create goes to, known before the create.
    def plan_create(self, module, desired):
        plan = super().plan_create(module, desired)
        if not plan.problems:
            plan.after[self.id_field] = module.params[self.key.option]
        return plan

    # Overridden: the create model requires ``enabled`` too; a new configuration forwards.
    def create_request(self, module, body):
        return self.writes.create, self.paths.create, dict(CREATE_DEFAULTS, **body)

    # Overridden: the update model is the create model, every property required.
    def update_request(self, current, changes, after):
        after = after or current
        body = {name: after.get(name) for name in WHOLE if after.get(name) is not None}
        body.update(changes)
        return self.writes.update, self.path(current[self.id_field]), body


LOG_FORWARDING = LogForwardingResource(
    noun="log forwarding configuration",
    plural="log forwarding configurations",
    result_key="log_forwarding",
    key=Field("app_id", "app", create_only=True),
    fields=(
        Field("type", "type", names=ENDPOINT_TYPES),
        Field("endpoint", "endpoint"),
        Field("port", "port", type="int"),
        Field("format", "format", names=FORMATS),
        Field("enabled", "enabled", type="bool"),
        Field("token", "token", no_log=True),
    ),
    paths=Paths(FORWARDINGS_PATH, FORWARDING_PATH, search=None, pages=None),
    record=Record(id_field="app", server_fields=("id", "product_id", "created_at"), secret_keys=("token",), new_record=CREATE_DEFAULTS),
    writes=Writes(create="POST", update="PUT", delete="DELETE", create_requires=("type", "endpoint", "port", "format")),
)


def read_node_addresses(client):
    """Every node's address, from the plain list, sorted as addresses (IPv4 before IPv6)."""
    return sorted(set(client.get(PLAIN_NODES_PATH) or []), key=_address_order)


def _address_order(address):
    try:
        parsed = ip_address(address)
        return (parsed.version, int(parsed), address)
    except ValueError:
        return (99, 0, address)
