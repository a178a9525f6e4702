# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Bunny Database: the database, declared on the resource engine, its regions, and how the other
database modules name one.

The Database API lives under ``/database`` of the API's address (``https://api.bunny.net/database``)
and differs from the common shape in small ways, each handled by the narrowest override: a read
answers the record inside ``db``, a create answers only ``db_id``, an update answers ``{db}``, the
list pages by ``page``/``per_page`` with ``page_info.has_more_items``, and errors are
``{error, details}``. A database's name and storage region are set when it is created; only its
primary and replica regions change afterwards. database_tokens.py declares its tokens.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes

BASE_PATH = "/database"
DATABASES_PATH = BASE_PATH + "/v2/databases"
DATABASE_PATH = DATABASES_PATH + "/{id}"
USAGE_PATH = DATABASE_PATH + "/usage"
STATISTICS_PATH = DATABASE_PATH + "/statistics"
ACTIVE_USAGE_PATH = DATABASES_PATH + "/active_usage"
GENERATE_PATH = DATABASE_PATH + "/auth/generate"
REVOKE_PATH = DATABASE_PATH + "/auth/revoke"
CONFIG_PATH = BASE_PATH + "/v1/config"

# The vendor's PossibleRegion: every region a database can name. Which of them take a primary, a
# replica or the data at rest, the API says at GET /v1/config (regions(), database_info's regions).
REGIONS = (
    "AMS", "ASB", "AT", "BE", "BO", "BR", "BU", "CA", "CO", "CZ", "DE", "DEN", "DK", "ES", "FR", "GA", "GR", "HK", "HR", "ID",
    "IL", "ISR", "IT", "JH", "JP", "LA", "MI", "MX", "MY", "NG", "NY", "PH", "PL", "SE", "SG", "SIL", "SYD", "TH", "TR", "TX",
    "UK", "WA",
)
AUTHORIZATIONS = ("full-access", "read-only")
# The vendor's name rule: "less than 64 characters".
NAME_BOUNDS = dict(min_length=1, max_length=63)
ID_RULE = dict(pattern=r"db_[0-9A-Za-z]+", pattern_hint="db_ followed by the database's ULID, as database_info returns it")
# The largest page the API answers; the list reads every page.
PAGE_SIZE = 100

# What a new database reads back with, apart from what the options set and what only the API knows.
NEW_DATABASE = {
    "name": None, "id": None, "url": None, "block_reads": False, "block_writes": False, "size_max": None, "current_size": "0",
    "storage_region": None, "primary_regions": [], "replicas_regions": [],
}
SERVER_FIELDS = ("id", "url", "size_max")

# How the token module and database_info name a database.
DATABASE_REFERENCE_OPTIONS = dict(database_id=dict(type="str"), database_name=dict(type="str"))
DATABASE_REFERENCE_RULES = (("database_id", ID_RULE), ("database_name", NAME_BOUNDS))
DATABASE_REFERENCE_KWARGS = dict(mutually_exclusive=[("database_id", "database_name")], required_one_of=[("database_id", "database_name")])


def describe_error(error):
    """The Database API's errors (``{error, details}``) in a sentence; a 404 names the database."""
    body = error.body if isinstance(error.body, dict) else {}
    path = error.path or ""
    if error.status == 404 and path.startswith(DATABASES_PATH + "/"):
        return "Database %s was not found (HTTP 404)." % path[len(DATABASES_PATH) + 1:].split("/")[0]
    if isinstance(body.get("error"), str) and body["error"]:
        return "%s %s failed with status %s: %s." % (error.method, path, error.status, body["error"].rstrip("."))
    return None


def regions(client):
    """The API's region list: ``storage_region_available``, ``primary_regions`` and ``replica_regions``."""
    return client.get(CONFIG_PATH) or {}


def region_problems(config, storage_region=None, primary=None, replicas=None):
    """Regions the API does not offer for the use the options give them, as sentences."""
    uses = (
        ("storage_region", [storage_region] if storage_region else [], "storage_region_available", "to store the data"),
        ("primary_regions", primary or [], "primary_regions", "for a primary"),
        ("replicas_regions", replicas or [], "replica_regions", "for a replica"),
    )
    problems = []
    for option, given, listed, use in uses:
        offered = [region.get("id") for region in config.get(listed) or []]
        refused = [region for region in given if region not in offered]
        if refused:
            problems.append("%s: the API does not offer %s %s; it offers %s" % (option, ", ".join(refused), use, ", ".join(offered) or "none"))
    return problems


def storage_region_for(config, primary_region):
    """The storage region of the first primary region's group, as the vendor's CLI chooses it; the first offered otherwise."""
    group = next((region.get("group") for region in config.get("primary_regions") or [] if region.get("id") == primary_region), None)
    storage = config.get("storage_region_available") or []
    return next((region["id"] for region in storage if region.get("group") == group), storage[0]["id"] if storage else None)


def overlap_problems(params):
    both = sorted(set(params.get("primary_regions") or []) & set(params.get("replicas_regions") or []))
    if both:
        return ["%s cannot be both a primary and a replica region (primary_regions, replicas_regions)" % ", ".join(both)]
    return []


# --- The declaration ------------------------------------------------------------------------------

class DatabaseResource(Resource):
    """The engine's resource, with what the Database API does otherwise (see the file's docstring).

    An ID is a string (``db_<ulid>``). The name is looked up in every page rather than with the
    API's ``search``, whose documented pattern takes one character. The regions an option names are
    checked against the API's region list before a create or a change of regions.
    """

    def argument_spec(self, **extra):
        spec = super().argument_spec(**extra)
        spec["id"] = dict(type="str")
        return spec

    def rules(self):
        return (("id", ID_RULE), ("name", NAME_BOUNDS))

    def read(self, client, record_id):
        return (client.get(self.path(record_id)) or {}).get("db")

    def list(self, client, search=None):
        databases, page = [], 1
        while True:
            query = {"page": page, "per_page": PAGE_SIZE}
            if search:
                query["search"] = search
            body = client.get(self.paths.list, params=query) or {}
            found = body.get("databases") or []
            databases.extend(found)
            if not (body.get("page_info") or {}).get("has_more_items") or not found:
                return databases
            page += 1

    def named(self, client, name):
        return [record for record in self.list(client) if record.get("name") == name]

    def plan_create(self, module, desired):
        params = module.params
        if not params["primary_regions"]:
            # The engine says what a create needs.
            return super().plan_create(module, desired)
        config = regions(module.client)
        storage = params["storage_region"] or storage_region_for(config, params["primary_regions"][0])
        problems = region_problems(config, storage, params["primary_regions"], params["replicas_regions"])
        if problems:
            return Plan(problems=problems)
        # The create model requires every list; a database without replicas has an empty one.
        return super().plan_create(module, dict(desired, storage_region=storage, replicas_regions=desired.get("replicas_regions") or []))

    def plan_update(self, module, current, desired):
        plan = super().plan_update(module, current, desired)
        if plan.problems:
            # Refused already (a storage region asked to change): no region list is read for it.
            return plan
        changes = self.differences(current, desired)
        if changes:
            problems = region_problems(regions(module.client), None, changes.get("primary_regions"), changes.get("replicas_regions"))
            if problems:
                return Plan(problems=problems)
        return plan

    def answered(self, module, plan, kind, answer):
        # A create answers only the new ID, an update the record under ``db``: either way the record is read or unwrapped.
        if kind == "create" and isinstance(answer, dict) and answer.get("db_id"):
            plan.record = self.read(module.client, answer["db_id"])
            plan.after = self.project(plan.record)
            return
        super().answered(module, plan, kind, answer.get("db") if isinstance(answer, dict) and "db" in answer else answer)


DATABASE = DatabaseResource(
    noun="database",
    result_key="database",
    # The update model has no name: a database keeps the name it was created with.
    key=Field("name", "name", create_only=True),
    fields=(
        Field("storage_region", "storage_region", create_only=True),
        Field("primary_regions", "primary_regions", type="list", elements="str", choices=REGIONS),
        Field("replicas_regions", "replicas_regions", type="list", elements="str", choices=REGIONS),
    ),
    paths=Paths(DATABASES_PATH, DATABASE_PATH, search=None, pages=None),
    record=Record(id_field="id", server_fields=SERVER_FIELDS, new_record=NEW_DATABASE, ids_key="database_ids"),
    writes=Writes(create="POST", update="PATCH", delete="DELETE", create_requires=("primary_regions",)),
)


def target_database(module):
    """The database a token or info module names by ``database_id`` or ``database_name``; it must exist."""
    params = module.params
    database = DATABASE.find(module, params["database_id"], params["database_name"])
    if database is None:
        module.fail("No database is named %r." % params["database_name"])
    return database


def usage_path(database_id, kind):
    return build_path(USAGE_PATH if kind == "usage" else STATISTICS_PATH, id=database_id)
