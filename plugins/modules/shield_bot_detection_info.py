#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_bot_detection_info
short_description: Read the bot detection configuration of a Shield zone
version_added: 0.1.0
description:
  - Returns how bot detection is configured on a Shield zone, with the vendor's names for the
    execution mode, sensitivities and aggression.
  - Bot detection is not part of every plan. On a zone whose plan lacks it (the Basic plan), the
    API refuses the read with C(invalid_plan_type.bot_detection); this module then returns
    RV(available=false), RV(bot_detection=null) and the API's message instead of failing, so that
    a play can branch on it.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.shield
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.shield_bot_detection
"""

EXAMPLES = r"""
- name: Read the bot detection configuration of the shop's Shield zone
  bunnynet.cloud.shield_bot_detection_info:
    shield_zone_id: 4102
  register: bots

- name: Say whether challenges are on
  ansible.builtin.debug:
    msg: "{{ 'Bots are challenged' if bots.bot_detection.execution_mode == 'challenge' else 'Bots are only logged' }}"
  when: bots.available

- name: Say why there is no bot detection
  ansible.builtin.debug:
    msg: "{{ bots.message }}"
  when: not bots.available
"""

RETURN = r"""
available:
  description: Whether the zone's plan includes bot detection.
  returned: success
  type: bool
  sample: true
message:
  description: The API's explanation when RV(available) is false.
  returned: when RV(available) is false
  type: str
  sample: Bot detection is not available on the Basic plan.
bot_detection:
  description:
    - The configuration, in snake_case, with enums by their names. A value the module does not know
      a name for is returned as the API's number.
    - Null when RV(available) is false.
  returned: success
  type: dict
  contains:
    shield_zone_id:
      description: ID of the Shield zone.
      type: int
      sample: 4102
    execution_mode:
      description: What happens to a request taken for a bot, C(log_only) or C(challenge).
      type: str
      sample: challenge
    request_integrity:
      description: Checks of how well-formed requests are.
      type: dict
      contains:
        sensitivity:
          description: C(off), C(low), C(medium) or C(high).
          type: str
          sample: medium
    ip_address:
      description: Checks of the client's IP address reputation.
      type: dict
      contains:
        sensitivity:
          description: C(off), C(low), C(medium) or C(high).
          type: str
    browser_fingerprint:
      description: Browser fingerprinting.
      type: dict
      contains:
        sensitivity:
          description: C(off), C(low), C(medium) or C(high).
          type: str
        aggression:
          description: C(unknown), C(low), C(medium), C(high) or C(custom).
          type: str
        complex_enabled:
          description: Whether the complex fingerprint checks run.
          type: bool
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.bot_detection import project_bot_detection, read_bot_detection
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import BOT_DETECTION_NOT_IN_PLAN, ZONE_ARGUMENT, zone_error_describer


def read_configuration(module):
    try:
        configuration = read_bot_detection(module.client, module.params["shield_zone_id"])
    except BunnyApiError as error:
        if error.error_key != BOT_DETECTION_NOT_IN_PLAN:
            raise
        module.exit_info(None, available=False, message=error.message or BOT_DETECTION_NOT_IN_PLAN)
    module.exit_info(project_bot_detection(configuration), available=True)


def main():
    module = BunnyModule(argument_spec=dict(ZONE_ARGUMENT), result_key="bot_detection")
    module.run(read_configuration, describe_error=zone_error_describer(module.params["shield_zone_id"]))


if __name__ == "__main__":
    main()
