#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_log_forwarding
short_description: Forward a Magic Containers application's logs to a syslog endpoint
version_added: 0.2.0
description:
  - Sends the logs of a Magic Containers application to a syslog server over UDP or TCP, in the
    RFC 3164 or RFC 5424 format, optionally with a token your log service uses to route them; or
    stops forwarding them.
  - An application has at most one forwarding configuration, found by the application (O(app_id),
    or O(app_name) looked up exactly). The first run creates it; later runs replace it whole when a
    setting differs (the API's update takes every setting), and leave it alone otherwise. Options
    left out are left as they are.
  - The API forwards to syslog endpoints only (the vendor's document names no other kind).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  app_id:
    description: ID of the application whose logs are forwarded.
    type: str
  app_name:
    description:
      - Name of the application, looked up exactly, in place of O(app_id). Two applications of that
        name fail the run, listing their IDs.
    type: str
  type:
    description: How the logs travel. Required to create the configuration.
    type: str
    choices: [syslog_udp, syslog_tcp]
  endpoint:
    description: Host name or address of the syslog server. Required to create the configuration.
    type: str
  port:
    description: Port of the syslog server, 1 to 65535. Required to create the configuration.
    type: int
  format:
    description: The syslog format, RFC 3164 or RFC 5424. Required to create the configuration.
    type: str
    choices: [rfc3164, rfc5424]
  enabled:
    description:
      - Whether the logs are forwarded. A new configuration forwards unless this is V(false); V(false)
        keeps the configuration and pauses forwarding.
    type: bool
  token:
    description:
      - A token sent as a field of every syslog message, for services that route logs by it. The API
        returns it, so it is compared like any setting; results show it masked.
    type: str
  state:
    description: V(present) creates or updates the configuration; V(absent) deletes it, so that the logs are no longer forwarded.
    type: str
    choices: [present, absent]
    default: present
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - In check mode a new configuration has no ID and no creation time yet.
seealso:
  - module: bunnynet.cloud.mc_app
  - module: bunnynet.cloud.mc_node_ips_info
"""

EXAMPLES = r"""
- name: Send the checkout service's logs to the log service over TCP
  bunnynet.cloud.mc_log_forwarding:
    app_name: checkout
    type: syslog_tcp
    endpoint: logs.example.com
    port: 6514
    format: rfc5424
    token: "{{ vault_log_token | default('example-log-token') }}"

- name: Pause forwarding during the migration, keeping the configuration
  bunnynet.cloud.mc_log_forwarding:
    app_name: checkout
    enabled: false

- name: Stop forwarding the worker's logs
  bunnynet.cloud.mc_log_forwarding:
    app_name: worker
    state: absent
"""

RETURN = r"""
log_forwarding:
  description:
    - The configuration after the run (predicted in check mode), in snake_case, the token masked.
    - Null when O(state=absent).
  returned: success
  type: dict
  contains:
    id:
      description: ID of the configuration; null in a check-mode create.
      type: str
    app:
      description: ID of the application.
      type: str
      sample: 8nQpWk3XjA
    product_id:
      description: The product the configuration belongs to, as the API names it.
      type: str
    type:
      description: C(syslog_udp) or C(syslog_tcp).
      type: str
      sample: syslog_tcp
    endpoint:
      description: The syslog server.
      type: str
      sample: logs.example.com
    port:
      description: Its port.
      type: int
      sample: 6514
    format:
      description: C(rfc3164) or C(rfc5424).
      type: str
      sample: rfc5424
    enabled:
      description: Whether the logs are forwarded.
      type: bool
    token:
      description: The token, masked; empty when there is none.
      type: str
    created_at:
      description: When the configuration was created (UTC, ISO 8601).
      type: str
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.log_forwarding import LOG_FORWARDING


def manage_forwarding(module):
    if module.params["app_name"] is not None:
        app = APP.find(module, name=module.params["app_name"])
        if app is None:
            module.fail("There is no application named %r." % module.params["app_name"])
        module.params["app_id"] = app["id"]
    LOG_FORWARDING.converge(module, LOG_FORWARDING.desired(module.params))


def main():
    module = BunnyModule(
        argument_spec=LOG_FORWARDING.argument_spec(app_name=dict(type="str")),
        result_key=LOG_FORWARDING.result_key,
        rules=(("app_id", dict(min_length=1)), ("app_name", dict(min_length=1)), ("endpoint", dict(min_length=1)),
               ("port", dict(minimum=1, maximum=65535))),
        secret_keys=LOG_FORWARDING.secret_keys,
        mutually_exclusive=[("app_id", "app_name")],
        required_one_of=[("app_id", "app_name")],
    )
    module.run(manage_forwarding)


if __name__ == "__main__":
    main()
