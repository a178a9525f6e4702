#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: database_info
short_description: Read Bunny Databases, their usage and statistics, and the regions the API offers
version_added: 0.2.0
description:
  - Returns one Bunny Database by O(id), those named exactly O(name), those whose name contains
    O(search), or every database of the account, from every page of the API's list.
  - With O(usage=true), each database carries the rows it read and wrote and its average latency
    over the period O(period_start) to O(period_end), and the result the account's totals; with
    O(statistics=true), the same period in hourly buckets.
  - With O(regions=true), the result also holds the regions the API offers for storing data, for
    primaries and for replicas, which M(bunnynet.cloud.database) checks its options against.
  - Never returns a token; the API cannot list them.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  id:
    description:
      - ID of the one database to return, C(db_) and its ULID. A database that does not exist is
        an error, not an empty result.
      - Mutually exclusive with O(name) and O(search).
    type: str
  name:
    description:
      - Exact name of the databases to return; an empty list when none has it.
      - Mutually exclusive with O(id) and O(search).
    type: str
  search:
    description:
      - Return the databases whose name contains this text, without regard to case, as the API's
        search matches it. Letters and digits only, which is what the API takes.
      - Without O(id), O(name) and O(search), every database of the account is returned.
    type: str
  usage:
    description:
      - Add each database's C(usage) over the period, and the account's totals (C(account_usage)).
      - One more request per database.
    type: bool
    default: false
  statistics:
    description:
      - Add each database's C(statistics) over the period, in hourly buckets, at most 744 hours.
      - One more request per database.
    type: bool
    default: false
  period_start:
    description:
      - Start of the period of O(usage) and O(statistics), an RFC 3339 date-time such as
        V(2026-05-01T00:00:00Z). Defaults to 24 hours before O(period_end).
    type: str
  period_end:
    description:
      - End of the period, an RFC 3339 date-time. Defaults to now.
    type: str
  regions:
    description:
      - Add C(regions), the regions the API offers (C(GET /database/v1/config)).
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.info_module
"""

EXAMPLES = r"""
- name: Every database of the account
  bunnynet.cloud.database_info:
  register: all_databases

- name: One database, with what it did yesterday, hour by hour
  bunnynet.cloud.database_info:
    name: orders
    usage: true
    statistics: true
    period_start: "2026-05-01T00:00:00Z"
    period_end: "2026-05-02T00:00:00Z"
  register: orders_db

- name: The regions a database can have (and every database)
  bunnynet.cloud.database_info:
    regions: true
  register: offered

- name: Show the primary regions on offer
  ansible.builtin.debug:
    msg: "{{ offered.regions.primary_regions | map(attribute='id') | list }}"
"""

RETURN = r"""
databases:
  description: The databases in snake_case as the API reads them, as M(bunnynet.cloud.database) returns one.
  returned: always
  type: list
  elements: dict
  contains:
    id:
      description: ID of the database.
      type: str
      sample: db_01KCHBG8C5KSFGG0VRNFQ7EK7X
    name:
      description: Name of the database.
      type: str
      sample: orders
    url:
      description: URL clients connect to.
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
      sample: [UK]
    size_max:
      description: Size limit, as the API gives it.
      type: str
      sample: "1073741824"
    current_size:
      description: Current size, as the API gives it.
      type: str
      sample: "2097152"
    block_reads:
      description: Whether reads are blocked.
      type: bool
    block_writes:
      description: Whether writes are blocked.
      type: bool
    usage:
      description: Rows read and written in the period, and the average latency in milliseconds.
      returned: with O(usage=true)
      type: dict
      sample: {rows_read: 2400, rows_written: 240, avg_latency_ms: 2.5}
    statistics:
      description:
        - The period in hourly buckets, each C([start of the hour, value]) - C(row_read_count),
          C(row_write_count), C(delegated_write_requests), C(query_count), C(storage) (megabytes),
          each with its C(unit) - and C(latency), by primary region.
      returned: with O(statistics=true)
      type: dict
account_usage:
  description: How many databases the account has, how many were active, and what they store in all.
  returned: with O(usage=true)
  type: dict
  sample: {active_db: 1, total_db: 3, total_db_size: "2097152"}
regions:
  description:
    - The regions the API offers, as it lists them - C(storage_region_available) (C(id), C(name),
      C(group)), C(primary_regions) and C(replica_regions) (C(id), C(name), C(latitude),
      C(longitude), C(group), C(country)).
  returned: with O(regions=true)
  type: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import RFC3339_RULE, period_of, rfc3339
from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.databases import (
    ACTIVE_USAGE_PATH,
    DATABASE,
    ID_RULE,
    NAME_BOUNDS,
    describe_error,
    regions,
    usage_path,
)

# The API's hourly statistics; the simulator and the service refuse longer windows.
MAX_STATISTICS_HOURS = 744


def period(module):
    """``(from, to)`` as the API takes them, or a failure before any request."""
    params = module.params
    start, end, problems = period_of(params)
    if not problems and params["statistics"] and (end - start).total_seconds() / 3600 > MAX_STATISTICS_HOURS:
        problems.append("the period must be at most %d hours with statistics=true" % MAX_STATISTICS_HOURS)
    module.refuse(problems)
    return {"from": rfc3339(start), "to": rfc3339(end)}


def read_databases(module):
    params = module.params
    window = period(module) if params["usage"] or params["statistics"] else None
    databases = []
    for record in DATABASE.select(module):
        database = DATABASE.project(record)
        for kind in ("usage", "statistics"):
            if params[kind]:
                database[kind] = module.client.get(usage_path(record["id"], kind), params=window)
        databases.append(database)
    extra = {}
    if params["usage"]:
        extra["account_usage"] = module.client.get(build_path(ACTIVE_USAGE_PATH))
    if params["regions"]:
        extra["regions"] = regions(module.client)
    module.exit_info(databases, **extra)


def main():
    module = BunnyModule(
        argument_spec=dict(
            id=dict(type="str"), name=dict(type="str"), search=dict(type="str"),
            usage=dict(type="bool", default=False), statistics=dict(type="bool", default=False),
            period_start=dict(type="str"), period_end=dict(type="str"), regions=dict(type="bool", default=False),
        ),
        result_key="databases",
        rules=(("id", ID_RULE), ("name", NAME_BOUNDS), ("search", dict(pattern=r"[A-Za-z0-9]+", pattern_hint="letters and digits")),
               ("period_start", RFC3339_RULE), ("period_end", RFC3339_RULE)),
        mutually_exclusive=[("id", "name", "search")],
    )
    module.run(read_databases, describe_error=describe_error)


if __name__ == "__main__":
    main()
