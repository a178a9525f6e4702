#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: audit_log_info
short_description: Read the account's audit log of one day - who changed what
version_added: 0.3.0
description:
  - Returns the entries of the account's audit log of one day - when, which product and resource,
    the action, who did it, and what changed - every page, filtered and ordered by the API.
  - For the drift between the account and an inventory, see M(bunnynet.cloud.account_audit).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  date:
    description:
      - The day, as V(2026-11-01). Today (UTC) by default.
    type: str
  products:
    description:
      - Only the entries of these products, as the log names them (V(CDN), say).
    type: list
    elements: str
  resource_types:
    description:
      - Only the entries of these kinds of resource, as the log names them.
    type: list
    elements: str
  resource_ids:
    description:
      - Only the entries of these resources, by ID (a pull zone's V(10), say).
    type: list
    elements: str
  actor_ids:
    description:
      - Only the entries of what these users or API keys did, by the log's actor ID.
    type: list
    elements: str
  order:
    description:
      - The order of the entries by time; the API's default is V(ascending).
    type: str
    choices: [ascending, descending]
  limit:
    description:
      - The most entries to return; C(more) says whether the day has more. Every entry of the day by default.
    type: int
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.account_audit
"""

EXAMPLES = r"""
- name: Read what happened to pull zone 10 on the first of November
  bunnynet.cloud.audit_log_info:
    date: "2026-11-01"
    resource_ids: ["10"]
  register: zone_history

- name: List who did what
  ansible.builtin.debug:
    msg: "{{ item.timestamp }} {{ item.actor_id }} {{ item.action }} {{ item.resource_type }} {{ item.resource_id }}"
  loop: "{{ zone_history.audit_log }}"
  loop_control:
    label: "{{ item.timestamp }}"

- name: Read today's ten latest changes to the CDN
  bunnynet.cloud.audit_log_info:
    products: [CDN]
    order: descending
    limit: 10
  register: latest
"""

RETURN = r"""
audit_log:
  description: The day's entries, in snake_case, in the order asked.
  returned: success
  type: list
  elements: dict
  contains:
    timestamp:
      description: When it happened.
      type: str
      sample: "2026-11-01T09:30:00Z"
    product:
      description: The product, as the log names it.
      type: str
      sample: CDN
    resource_type:
      description: The kind of resource.
      type: str
      sample: PullZone
    resource_id:
      description: The resource's ID.
      type: str
      sample: "10"
    resource_owner:
      description: The account that owns the resource.
      type: str
    action:
      description: What was done.
      type: str
      sample: Update
    actor_id:
      description: Who did it - a user or an API key.
      type: str
    actor_type:
      description: What kind of actor it was.
      type: str
    diff:
      description:
        - What changed, as the API's text gives it, with the values of a secret-bearing field (a
          password, an API key, a token key, a deployment key) masked; a diff that is not JSON and
          names such a field is masked whole.
      type: str
date:
  description: The day read.
  returned: success
  type: str
  sample: "2026-11-01"
more:
  description: Whether the day has entries past O(limit).
  returned: success
  type: bool
  sample: false
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.audit_log import ORDERS, read_audit_log
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import is_day


def main():
    module = BunnyModule(
        argument_spec=dict(
            date=dict(type="str"),
            products=dict(type="list", elements="str"),
            resource_types=dict(type="list", elements="str"),
            resource_ids=dict(type="list", elements="str"),
            actor_ids=dict(type="list", elements="str"),
            order=dict(type="str", choices=list(ORDERS)),
            limit=dict(type="int"),
        ),
        result_key="audit_log",
        rules=(
            ("date", dict(satisfies=(is_day, "be a day written YYYY-MM-DD, such as 2026-11-01"))),
            ("limit", dict(minimum=1)),
            *(("%s[]" % option, dict(min_length=1)) for option in ("products", "resource_types", "resource_ids", "actor_ids")),
        ),
    )
    module.run(read_audit_log)


if __name__ == "__main__":
    main()
