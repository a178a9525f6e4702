# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Every kind the account holds, as each area declares it (``<area>/account.py``), in the order an inventory lists them.

A kind added to an area is added here too; tests/unit/plugins/action/test_account_round_trip.py
enumerates this list and fails for a kind without an account shape, a round-trip case or an
unmanaged listing.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.team_members import TEAM_KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import finders, kind_names
from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.account import DATABASE_KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.account import DNS_KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.account import EDGE_SCRIPTING_KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.account import MAGIC_CONTAINERS_KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.account import PULL_ZONE_KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.account import SHIELD_KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.account import STORAGE_KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.account import STREAM_KINDS

KINDS = (PULL_ZONE_KINDS + DNS_KINDS + STORAGE_KINDS + SHIELD_KINDS + EDGE_SCRIPTING_KINDS + MAGIC_CONTAINERS_KINDS + STREAM_KINDS + DATABASE_KINDS
         + TEAM_KINDS)
KIND_NAMES = kind_names(KINDS)
FINDERS = finders(KINDS)
