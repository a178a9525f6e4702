#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_bot_detection
short_description: Configure bot detection on a Shield zone
version_added: 0.1.0
description:
  - Sets how a Shield zone detects bots and what it does with them, using the vendor's names for
    the execution mode, sensitivities and aggression.
  - Reads the configuration first and sends one C(PATCH) only when something differs. Options left
    out are left as they are. The vendor's reference does not say whether a part of the
    configuration that is sent replaces the stored part or merges into it, so the C(PATCH) carries
    the whole configuration, which is right either way.
  - In YAML, quote the sensitivity V(off) (write V("off")); unquoted, YAML reads it as the boolean
    false.
  - Bot detection is not part of every plan. On a zone whose plan lacks it (the Basic plan) the
    module fails, before any change, saying so.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  execution_mode:
    description:
      - What happens to a request taken for a bot. C(log_only) logs it; C(challenge) makes the client
        pass a challenge.
    type: str
    choices: [log_only, challenge]
  request_integrity:
    description:
      - Checks of how well-formed requests are.
    type: dict
    suboptions:
      sensitivity: &sensitivity
        description: How readily a request is taken for a bot.
        type: str
        choices: ["off", low, medium, high]
  ip_address:
    description:
      - Checks of the client's IP address reputation.
    type: dict
    suboptions:
      sensitivity: *sensitivity
  browser_fingerprint:
    description:
      - Browser fingerprinting.
    type: dict
    suboptions:
      sensitivity: *sensitivity
      aggression:
        description:
          - How aggressively fingerprints are checked. A read may also report C(unknown), which is no
            setting to choose.
        type: str
        choices: [low, medium, high, custom]
      complex_enabled:
        description: Whether the complex fingerprint checks run.
        type: bool
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.shield
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
seealso:
  - module: bunnynet.cloud.shield_bot_detection_info
  - module: bunnynet.cloud.shield_api_guardian
"""

EXAMPLES = r"""
- name: Challenge bots on the shop's Shield zone, with closer IP checks
  bunnynet.cloud.shield_bot_detection:
    shield_zone_id: 4102
    execution_mode: challenge
    ip_address:
      sensitivity: high
    browser_fingerprint:
      aggression: medium
      complex_enabled: true

- name: Turn the request integrity checks off, keeping the other settings
  bunnynet.cloud.shield_bot_detection:
    shield_zone_id: 4102
    request_integrity:
      sensitivity: "off"  # quoted: YAML reads a bare off as false
"""

RETURN = r"""
bot_detection:
  description:
    - The configuration after the run (predicted in check mode), in snake_case, with enums by their
      names. A value the module does not know a name for is returned as the API's number.
  returned: success
  type: dict
  contains:
    shield_zone_id:
      description: ID of the Shield zone.
      type: int
      sample: 4102
    execution_mode:
      description: C(log_only) or C(challenge).
      type: str
      sample: challenge
    request_integrity:
      description: Checks of how well-formed requests are.
      type: dict
      contains:
        sensitivity:
          description: C(off), C(low), C(medium) or C(high).
          type: str
    ip_address:
      description: Checks of the client's IP address reputation.
      type: dict
      contains:
        sensitivity:
          description: C(off), C(low), C(medium) or C(high).
          type: str
          sample: high
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

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.bot_detection import bot_detection_options, bot_detection_plan
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import ZONE_ARGUMENT, zone_error_describer


def main():
    argument_spec = dict(ZONE_ARGUMENT)
    argument_spec.update(bot_detection_options())
    module = BunnyModule(argument_spec=argument_spec, result_key="bot_detection")
    module.run(lambda module: apply(module, bot_detection_plan(module)), describe_error=zone_error_describer(module.params["shield_zone_id"]))


if __name__ == "__main__":
    main()
