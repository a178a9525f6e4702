#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: database
short_description: Create, change the regions of, or delete a Bunny Database
version_added: 0.2.0
description:
  - Manages a Bunny Database (an edge SQLite database with replicas), found by O(id) or by its
    exact O(name).
  - Creates the database when the account has none of that name, changes its primary and replica
    regions when they differ from the options given (one request, with the lists that differ), and
    deletes it with O(state=absent). Options left out are left as they are.
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads.
  - Before a create or a change of regions, it reads the region list the API offers
    (C(GET /database/v1/config)) and fails, before any write, naming a region the API does not
    offer for that use.
  - Access tokens are managed by M(bunnynet.cloud.database_token).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  id:
    description:
      - ID of the database, C(db_) followed by its ULID, as M(bunnynet.cloud.database_info) returns it.
        It must exist, unless O(state=absent); a stale ID fails with the API's 404 rather than
        creating another database.
      - At least one of O(id) and O(name) is required.
    type: str
  name:
    description:
      - Name of the database, 1 to 63 characters.
      - Without O(id), the database is the one named exactly this; the module creates it when the
        account has none of that name, and fails when several have it, listing their IDs.
      - A database cannot be renamed. With O(id), a different name fails the run and says so.
    type: str
  storage_region:
    description:
      - Region that stores the data at rest, such as V(eu-central-1) or V(us-east-1);
        M(bunnynet.cloud.database_info) with O(bunnynet.cloud.database_info#module:regions=true)
        lists them.
      - Set only when the database is created. Left out then, the module takes the storage region
        of the first primary region's group, as the vendor's CLI does. A database that stores its
        data elsewhere fails the run, saying that the storage region cannot change.
    type: str
  primary_regions:
    description:
      - Regions the database's primary may run in (codes such as V(DE), V(NY), V(SG)). Order does
        not matter. Required to create a database; at least one.
    type: list
    elements: str
    choices: [AMS, ASB, AT, BE, BO, BR, BU, CA, CO, CZ, DE, DEN, DK, ES, FR, GA, GR, HK, HR, ID, IL, ISR, IT, JH, JP, LA, MI, MX, MY, NG,
              NY, PH, PL, SE, SG, SIL, SYD, TH, TR, TX, UK, WA]
  replicas_regions:
    description:
      - Regions that hold read replicas. Order does not matter; V([]) removes every replica.
      - A region cannot be both a primary and a replica region.
    type: list
    elements: str
    choices: [AMS, ASB, AT, BE, BO, BR, BU, CA, CO, CZ, DE, DEN, DK, ES, FR, GA, GR, HK, HR, ID, IL, ISR, IT, JH, JP, LA, MI, MX, MY, NG,
              NY, PH, PL, SE, SG, SIL, SYD, TH, TR, TX, UK, WA]
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A database the module would create is predicted with V(null) for its ID, URL and size limit, which only the API knows.
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - Deleting a database deletes its data, and every token of it stops working.
seealso:
  - module: bunnynet.cloud.database_info
  - module: bunnynet.cloud.database_token
  - name: An app with its database
    description: The guide to a database, its token and the app that uses them (docs/databases.md).
    link: https://github.com/bunnynet-cloud/bunnynet.cloud/blob/main/docs/databases.md
"""

EXAMPLES = r"""
- name: A database in Frankfurt, with read replicas in London and New York
  bunnynet.cloud.database:
    name: orders
    primary_regions: [DE]
    replicas_regions: [UK, NY]
  register: orders_db

- name: Show where the app connects
  ansible.builtin.debug:
    msg: "{{ orders_db.database.url }}"

- name: Add a replica in Singapore, by ID
  bunnynet.cloud.database:
    id: "{{ orders_db.database.id }}"
    replicas_regions: [UK, NY, SG]

- name: Delete a database and its data
  bunnynet.cloud.database:
    name: orders-staging
    state: absent
"""

RETURN = r"""
database:
  description:
    - The database in snake_case as the API reads it back after the changes; the prediction in
      check mode. V(null) once deleted.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the database; V(null) for a database check mode predicts.
      type: str
      sample: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
    name:
      description: Name of the database.
      type: str
      sample: orders
    url:
      description: URL clients connect to (with a token of M(bunnynet.cloud.database_token)); V(null) in check mode for a new database.
      type: str
      sample: libsql://db-01kchbg8c5ksfgg0vrnfq7ek7x.lite.bunnydb.net
    storage_region:
      description: Region that stores the data at rest.
      type: str
      sample: eu-central-1
    primary_regions:
      description: Regions the primary may run in.
      type: list
      elements: str
      sample: [DE]
    replicas_regions:
      description: Regions that hold read replicas.
      type: list
      elements: str
      sample: [UK, NY]
    size_max:
      description: Size limit of the database, as the API gives it (a string).
      type: str
      sample: "1073741824"
    current_size:
      description: Current size of the database, as the API gives it (a string).
      type: str
      sample: "2097152"
    block_reads:
      description: Whether reads are blocked (a limit reached).
      type: bool
      sample: false
    block_writes:
      description: Whether writes are blocked (a limit reached).
      type: bool
      sample: false
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.databases import DATABASE, describe_error, overlap_problems


def manage_database(module):
    module.refuse(overlap_problems(module.params))
    DATABASE.converge(module, DATABASE.desired(module.params))


def main():
    module = BunnyModule(
        argument_spec=DATABASE.argument_spec(),
        result_key=DATABASE.result_key,
        rules=DATABASE.rules() + (("primary_regions", dict(min_items=1)),),
        **DATABASE.module_kwargs()
    )
    module.run(manage_database, describe_error=describe_error)


if __name__ == "__main__":
    main()
