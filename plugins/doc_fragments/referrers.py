# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)


class ModuleDocFragment(object):
    # The referrer lists of a pull zone and of a video library (pull_zones.py's referrer_lists()).
    DOCUMENTATION = r"""
options:
  allowed_referrers:
    description:
      - Hostnames allowed as referrers, each a DNS name such as V(example.com); a leading V(*.)
        label matches every subdomain. Each may be listed once.
      - Compared without regard to case and without a trailing dot; new ones are sent in lower case
        without the dot. An empty list means that every referrer is allowed.
      - A list that is not given is left as it is; at least one of O(allowed_referrers) and
        O(blocked_referrers) is required.
    type: list
    elements: str
  blocked_referrers:
    description:
      - Hostnames refused as referrers, written as O(allowed_referrers) are.
    type: list
    elements: str
  state:
    description:
      - V(present) adds the listed referrers that are missing.
      - V(absent) removes the listed referrers that are there.
    type: str
    choices: [present, absent]
    default: present
  purge:
    description:
      - With O(state=present), also remove the entries of each given list that it does not name.
        An empty list with O(purge=true) empties that list.
    type: bool
    default: false
"""
