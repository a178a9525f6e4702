#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_upload_scanning
short_description: Scan files uploaded through a Shield zone for malware and abuse material
version_added: 0.2.0
description:
  - Sets the upload scanning of a Shield zone, which inspects files that visitors upload through
    the zone's site (whether it scans at all, and what each scanner (antivirus, and CSAM for child
    sexual abuse material) does with what it finds).
  - Reads the configuration first and sends one C(PATCH) only when something differs. Options left
    out are left as they are. The vendor's update model types the scanners' modes as values that
    cannot be left out (an API of its kind reads a missing one as C(disabled)), so the C(PATCH) carries
    every setting, at its value after the run.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  enabled:
    description: Whether uploads are scanned at all.
    type: bool
  antivirus:
    description: What the antivirus scanner does; C(log) only logs what it finds, C(block) refuses the upload.
    type: str
    choices: [disabled, log, block]
  csam:
    description: What the scanner for child sexual abuse material does; C(log) only logs what it finds, C(block) refuses the upload.
    type: str
    choices: [disabled, log, block]
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.shield
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
seealso:
  - module: bunnynet.cloud.shield_zone
"""

EXAMPLES = r"""
- name: Refuse uploads that carry malware or abuse material
  bunnynet.cloud.shield_upload_scanning:
    shield_zone_id: 4102
    enabled: true
    antivirus: block
    csam: block

- name: Read the zone's upload scanning without changing it
  bunnynet.cloud.shield_upload_scanning:
    shield_zone_id: 4102
  register: scanning

- name: Say whether infected uploads are refused
  ansible.builtin.debug:
    msg: "Antivirus: {{ scanning.upload_scanning.antivirus_scanning_mode }}"
"""

RETURN = r"""
upload_scanning:
  description: The zone's upload scanning after the run (predicted in check mode).
  returned: success
  type: dict
  contains:
    shield_zone_id:
      description: ID of the Shield zone.
      type: int
      sample: 4102
    is_enabled:
      description: Whether uploads are scanned.
      type: bool
    antivirus_scanning_mode:
      description: C(disabled), C(log) or C(block).
      type: str
      sample: block
    csam_scanning_mode:
      description: C(disabled), C(log) or C(block).
      type: str
      sample: block
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import zone_error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.settings import UPLOAD_SCANNING


def main():
    module = BunnyModule(argument_spec=UPLOAD_SCANNING.argument_spec(), result_key=UPLOAD_SCANNING.result_key, rules=UPLOAD_SCANNING.rules())
    module.run(lambda module: UPLOAD_SCANNING.converge(module, UPLOAD_SCANNING.desired(module.params)),
               describe_error=zone_error_describer(module.params["shield_zone_id"]))


if __name__ == "__main__":
    main()
