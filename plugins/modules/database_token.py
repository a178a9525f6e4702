#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: database_token
short_description: Generate a Bunny Database access token into where it is used, or revoke a database's tokens
version_added: 0.2.0
description:
  - Generates an access token of a Bunny Database (V(full-access) or V(read-only), with an
    optional expiry) and writes it straight into its destination - an environment variable of a
    Magic Containers container template (O(container_template)), an Edge Script secret
    (O(edge_script_secret)) or a file of mode 0600 (O(file)) - in the same run, so that the token
    is never returned, shown in a diff or written to a log.
  - The API shows a token once and can neither list tokens nor say whether one is valid, so the
    module's idempotency comes from the destination. It generates a token only when the destination
    holds none (an absent or empty variable, no secret of the name, an absent or empty file), or
    when O(rotate=true). A second run is C(ok).
  - Without a destination, every run generates a token and returns it as RV(token). The action
    plugin then hides the whole result from Ansible's output, as C(no_log) does; register it and
    hand RV(token) on, to a task with C(no_log) of its own.
  - O(state=absent) revokes every token of the database. The API cannot revoke one token alone.
    With a destination, it does so only when the destination holds a token, and takes the token
    out of it (the variable or secret is deleted, the file removed); without one, it revokes on
    every run.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  database_id:
    description:
      - ID of the database, C(db_) and its ULID. Exactly one of O(database_id) and O(database_name) is required.
    type: str
  database_name:
    description:
      - Exact name of the database. The database must exist (create it with M(bunnynet.cloud.database)).
    type: str
  authorization:
    description:
      - What the token allows. V(read-only) tokens can only read.
      - The API cannot tell what a token the destination already holds allows; to change it, give
        O(rotate=true) once.
    type: str
    choices: [full-access, read-only]
    default: full-access
  expires_at:
    description:
      - When the token stops working, an RFC 3339 date-time such as V(2027-01-01T00:00:00Z); it
        must be in the future. Without it the token works until the database's tokens are revoked.
      - A destination that holds a token keeps it until O(rotate=true), even after it expires;
        rotate before then.
    type: str
  rotate:
    description:
      - Generate a new token and write it into the destination even though it holds one. The token
        it held keeps working until the database's tokens are revoked (or it expires).
    type: bool
    default: false
  state:
    description:
      - V(present) puts a token into the destination (or into the result); V(absent) revokes every
        token of the database.
    type: str
    choices: [present, absent]
    default: present
  file:
    description:
      - Path of a file, on the host the module runs on, to hold the token and nothing else. It is
        written whole, with mode 0600, owned by the user the module runs as; a file that holds a
        token with another mode gets 0600.
      - Mutually exclusive with O(container_template) and O(edge_script_secret).
    type: path
  container_template:
    description:
      - An environment variable of a Magic Containers container template to hold the token. The
        template is patched with the application's other variables as they are; the application
        deploys the change as it does any template change (restart it with M(bunnynet.cloud.mc_app),
        or use the role C(bunnynet.cloud.database_app), which does).
    type: dict
    suboptions:
      app_id:
        description: ID of the application.
        type: str
        required: true
      container_id:
        description: ID of the container template. Exactly one of O(container_template.container_id) and O(container_template.name) is required.
        type: str
      name:
        description: Exact name of the container template within the application.
        type: str
      variable:
        description: Name of the environment variable, such as V(BUNNY_DATABASE_AUTH_TOKEN).
        type: str
        required: true
      url_variable:
        description:
          - Name of another environment variable, such as V(BUNNY_DATABASE_URL), to hold the
            database's URL. It is written in the same PATCH as a new token, or alone when only
            the URL differs, so the container gets both with one deployment.
        type: str
  edge_script_secret:
    description:
      - A secret of an Edge Script to hold the token; the script reads it as a secret.
    type: dict
    suboptions:
      script_id:
        description: ID of the script. Exactly one of O(edge_script_secret.script_id) and O(edge_script_secret.script_name) is required.
        type: int
      script_name:
        description: Exact name of the script.
        type: str
      name:
        description: Name of the secret, such as V(BUNNY_DATABASE_AUTH_TOKEN).
        type: str
        required: true
      url_variable:
        description:
          - Name of a variable of the script, such as V(BUNNY_DATABASE_URL), to hold the database's
            URL as its default value; added when the script lacks it, changed when it differs.
        type: str
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - Check mode reads the destination and predicts whether a token would be generated; it generates none.
  diff_mode:
    support: full
    details:
      - The diff shows the destination and whether it holds a token (C(absent), C(present), C(generated), C(revoked)), never a token.
  idempotent:
    support: partial
    details:
      - With a destination, a second run is C(ok) unless O(rotate=true). Without one, every run generates a token.
notes:
  - Revoking stops every token of the database at once, the one a running application holds
    included; its queries fail until it holds a token generated after the revoke. The API offers
    no way to revoke one token and keep another. To replace a token without stopping an
    application, give a new one with O(rotate=true) and restart the application; revoke only when
    a token may have leaked, and put a new one in place right after (the role
    C(bunnynet.cloud.database_app) does both, in that order, and waits for the application).
  - The file destination is written on the host the task runs on; with the collection's modules
    usually run on the controller (a local connection), that is the controller.
seealso:
  - module: bunnynet.cloud.database
  - module: bunnynet.cloud.mc_container_template
  - module: bunnynet.cloud.edge_script_secret
"""

EXAMPLES = r"""
- name: Give the web container a token, once; later runs leave it as it is
  bunnynet.cloud.database_token:
    database_name: orders
    authorization: full-access
    container_template:
      app_id: "{{ shop_app_id }}"
      name: web
      variable: BUNNY_DATABASE_AUTH_TOKEN
      url_variable: BUNNY_DATABASE_URL

- name: Give the router script a read-only token that stops working at the end of the year
  bunnynet.cloud.database_token:
    database_name: orders
    authorization: read-only
    expires_at: "2027-01-01T00:00:00Z"
    edge_script_secret:
      script_name: router
      name: BUNNY_DATABASE_AUTH_TOKEN

- name: Keep a token for a batch job in a file only its owner can read
  bunnynet.cloud.database_token:
    database_name: orders
    file: "{{ playbook_dir }}/orders-database-token"

- name: Replace the web container's token (the old one keeps working until revoked)
  bunnynet.cloud.database_token:
    database_name: orders
    rotate: true
    container_template:
      app_id: "{{ shop_app_id }}"
      name: web
      variable: BUNNY_DATABASE_AUTH_TOKEN

- name: A token for a tool the collection does not reach, handed on without showing it
  bunnynet.cloud.database_token:
    database_name: orders
    authorization: read-only
  register: reporting_token

- name: Revoke every token of the database, after a leak
  bunnynet.cloud.database_token:
    database_name: orders
    state: absent
"""

RETURN = r"""
database_token:
  description:
    - Where the token went and what the destination holds after the run (the prediction in check
      mode). Never the token itself.
  returned: always
  type: dict
  contains:
    database_id:
      description: ID of the database.
      type: str
      sample: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
    database_name:
      description: Name of the database.
      type: str
      sample: orders
    destination:
      description: The destination in words; V(null) without one.
      type: str
      sample: environment variable BUNNY_DATABASE_AUTH_TOKEN of container template 'api' of application shopApp01
    token:
      description:
        - V(generated) when a new token was written (or returned), V(present) when the destination
          already held one, V(absent) when it holds none, V(revoked) when the database's tokens
          were revoked.
      type: str
      sample: generated
    authorization:
      description: What the new token allows; V(null) when none was generated (the API cannot tell what a held token allows).
      type: str
      sample: full-access
    expires_at:
      description: When the new token stops working; V(null) when it does not, or when none was generated.
      type: str
      sample: "2027-01-01T00:00:00Z"
    url:
      description: The database's URL as the destination's C(url_variable) holds it; V(null) without one.
      type: str
      sample: libsql://db-01kchbg8c5ksfgg0vrnfq7ek7x.lite.bunnydb.net
token:
  description:
    - The new token. Only without a destination, and the action plugin then hides the whole result
      from Ansible's output (as C(no_log) does); the registered variable holds it.
  returned: when a token was generated without a destination
  type: str
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import RFC3339_RULE
from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.databases import (
    AUTHORIZATIONS,
    DATABASE_REFERENCE_KWARGS,
    DATABASE_REFERENCE_OPTIONS,
    DATABASE_REFERENCE_RULES,
    describe_error,
    target_database,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.tokens import (
    DESTINATION_OPTIONS,
    DESTINATION_RULES,
    DESTINATIONS,
    destination_of,
    token_plan,
)


def manage_token(module):
    database = target_database(module)
    apply(module, token_plan(module, database, destination_of(module)))


def main():
    module = BunnyModule(
        argument_spec=dict(
            DATABASE_REFERENCE_OPTIONS,
            authorization=dict(type="str", choices=list(AUTHORIZATIONS), default="full-access"),
            expires_at=dict(type="str"),
            rotate=dict(type="bool", default=False),
            state=dict(type="str", choices=["present", "absent"], default="present"),
            **DESTINATION_OPTIONS
        ),
        result_key="database_token",
        rules=DATABASE_REFERENCE_RULES + DESTINATION_RULES + (
            ("expires_at", RFC3339_RULE),),
        mutually_exclusive=DATABASE_REFERENCE_KWARGS["mutually_exclusive"] + [DESTINATIONS],
        required_one_of=DATABASE_REFERENCE_KWARGS["required_one_of"],
    )
    module.run(manage_token, describe_error=describe_error)


if __name__ == "__main__":
    main()
