# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)


class ModuleDocFragment(object):
    # The options resource.py's argument_spec gives every top-level resource: its ID and its state.
    # The option the resource is named by (name, domain, ...) is each module's own.
    DOCUMENTATION = r"""
options:
  id:
    description:
      - ID of the resource. It must exist, unless O(state=absent); a stale ID fails with the API's
        404 rather than creating another resource.
      - Without it, the resource is the one its name (the module's name option) gives exactly; the
        module creates it when the account has none of that name, and fails when several have it,
        listing their IDs.
      - At least one of the ID and the name is required.
    type: int
  state:
    description:
      - V(present) creates the resource, or updates the settings that differ from the options given;
        V(absent) deletes it when it exists (see the module's notes for what goes with it).
    type: str
    choices: [present, absent]
    default: present
"""

    # The lock of resource.py's Writes(lock_writes/lock_creates) and of items.py's parents.
    LOCK = r"""
options:
  lock_timeout:
    description:
      - Seconds to wait, at least 1, while another task on this controller writes to the same
        resource (or, where the API fails parallel creates, creates one of its kind).
      - The module holds the lock from its read to its last write, so parallel tasks (forks)
        cannot lose each other's changes. Check mode takes no lock.
      - See the guide docs/parallel-runs.md for where the lock serialises writes, and where it stops.
    type: int
    default: 600
"""

    # What resource.py's select() reads for an info module: one by ID, those of a name, a search, or all.
    INFO = r"""
options:
  id:
    description:
      - ID of the one resource to return. A resource that does not exist is an error, not an empty
        result.
      - Mutually exclusive with O(name) and O(search).
    type: int
  name:
    description:
      - Exact name of the resources to return; an empty list when none has it.
      - Mutually exclusive with O(id) and O(search).
    type: str
  search:
    description:
      - Return the resources whose name contains this text, as the API's search matches it.
      - Without O(id), O(name) and O(search), every resource of the account is returned, from
        every page of the API's list.
    type: str
"""
