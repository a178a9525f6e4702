# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The account's audit log (audit_log_info): who changed what on one day, filtered by the API, every page.

``GET /user/audit/{date}`` answers a day's entries a page at a time: ``Logs``, ``HasMoreData`` and
the ``ContinuationToken`` the next page starts from. The filters (product, resource type and ID,
actor) are lists the API matches itself; the module follows the pages until the day is read or
``limit`` entries are, and says whether entries were left.
"""

import json
import re
from datetime import datetime, timezone

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import MASK, mask_secrets, to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import SECRET_KEYS as EDGE_SCRIPT_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import SECRET_KEYS as STORAGE_ZONE_SECRET_KEYS
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import SECRET_KEYS as VIDEO_LIBRARY_SECRET_KEYS

AUDIT_PATH = "/user/audit/{date}"
# The API's largest page (the document's maximum of Limit).
MOST_PER_PAGE = 10000
ORDERS = {"ascending": "Ascending", "descending": "Descending"}
# The options that filter, and the query parameter each is sent as (a list, repeated).
FILTERS = (("products", "Product"), ("resource_types", "ResourceType"), ("resource_ids", "ResourceId"), ("actor_ids", "ActorId"))
# An entry's diff holds a changed field's old and new values, so a rotated key or password would be
# logged in it: the fields the modules mask in a resource are masked in a diff too (storage zones'
# include their pull zones').
SECRET_KEYS = frozenset(STORAGE_ZONE_SECRET_KEYS + VIDEO_LIBRARY_SECRET_KEYS + EDGE_SCRIPT_SECRET_KEYS + ("token",))
SECRET_NAME = re.compile("|".join(sorted(key.replace("_", "_?") for key in SECRET_KEYS)), re.IGNORECASE)


def read_audit_log(module):
    params = module.params
    day = params["date"] or datetime.now(timezone.utc).strftime("%Y-%m-%d")
    query = {api: [str(value) for value in params[option]] for option, api in FILTERS if params[option]}
    if params["order"]:
        query["Order"] = ORDERS[params["order"]]
    limit = params["limit"]
    entries = []
    more = False
    while True:
        wanted = MOST_PER_PAGE if limit is None else min(MOST_PER_PAGE, limit - len(entries))
        page = module.client.get(build_path(AUDIT_PATH, date=day), params=dict(query, Limit=wanted)) or {}
        entries.extend(page.get("Logs") or [])
        more = bool(page.get("HasMoreData")) and bool(page.get("ContinuationToken"))
        if not more or (limit is not None and len(entries) >= limit):
            break
        query["ContinuationToken"] = page["ContinuationToken"]
    module.exit_info([with_masked_diff(to_snake(entry)) for entry in entries], date=day, more=more)


def with_masked_diff(entry):
    """The entry with the secrets of its diff masked: a JSON diff's secret fields, or a whole diff that is not JSON and names one."""
    diff = entry.get("diff")
    if not diff or not SECRET_NAME.search(diff):
        return entry
    try:
        changes = json.loads(diff)
    except ValueError:
        return dict(entry, diff=MASK)
    return dict(entry, diff=json.dumps(mask_secrets(changes, SECRET_KEYS)))
