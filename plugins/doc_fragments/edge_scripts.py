# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)


class ModuleDocFragment(object):
    # How edge_script_variable, edge_script_secret and edge_script_release name their script
    # (edge_scripts.py's SCRIPT_REFERENCE_OPTIONS).
    DOCUMENTATION = r"""
options:
  script_id:
    description:
      - ID of the script. Exactly one of O(script_id) and O(script_name) is required.
    type: int
  script_name:
    description:
      - Exact name of the script. The module fails when no script or several scripts have it.
    type: str
"""

    # What edge_script_variable and edge_script_secret share (edge_script_items.py): one item of
    # the script by its name, or a list of them (the module's own option) with purge.
    ITEMS = r"""
options:
  name:
    description:
      - Name of the one item (variable or secret) to manage, 1 to 256 characters, compared exactly.
      - Exactly one of O(name) and the module's list of several is required.
    type: str
  purge:
    description:
      - Delete the script's items (variables or secrets) that the module's list of several does not name.
      - Needs that list and O(state=present).
    type: bool
    default: false
  state:
    description:
      - V(present) adds the item, or every listed item, that the script lacks, and updates those it
        has where the options given differ (a secret's value, which the API never shows, as
        O(bunnynet.cloud.edge_script_secret#module:update_secret) says); V(absent) deletes it, or
        every listed item, when the script has it.
    type: str
    choices: [present, absent]
    default: present
"""
