"""Databases the database module tests load into the simulator, and how they read it back."""

import requests

from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.databases import DATABASE

ORDERS_ID = "db_01KCHBG8C5KSFGG0VRNFQ7EK7X"
BILLING_ID = "db_01KCHBG8C5KSFGG0VRNFQ7EK7Y"
SERVER_FIELDS = ("id", "url", "size_max")
TOKENS = "/_sim/databases/tokens"


def orders(**changes):
    database = dict(id=ORDERS_ID, name="orders", storage_region="eu-central-1", primary_regions=["DE"], replicas_regions=["UK"],
                    current_size="2097152", activity={"rows_read_per_hour": 100, "rows_written_per_hour": 10, "latency_ms": 2.5})
    database.update(changes)
    return database


def read_back(simulator, database_id):
    """The database as database_info would return it, read and projected without the module under test."""
    answer = requests.get(simulator.url + "/database/v2/databases/" + database_id, headers={"AccessKey": simulator.key}, timeout=10)
    answer.raise_for_status()
    return DATABASE.project(answer.json()["db"])


def tokens(simulator):
    """Every token the simulator gave, with whether it is valid now."""
    return requests.get(simulator.url + TOKENS, timeout=10).json()


def writes(simulator):
    return [(entry["method"], entry["path"], entry["body"]) for entry in simulator.writes()]
