#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone_hostname
short_description: Manage the custom hostnames of a bunny.net pull zone
version_added: 0.1.0
description:
  - Adds and removes custom hostnames of an existing pull zone, switches Force SSL per hostname,
    and gets certificates for hostnames that have none.
  - Reads the pull zone once and makes one call per hostname that differs, so a list of hundreds
    of hostnames is one task. A run that changes nothing, and any run in check mode, only reads.
  - Hostnames are compared without regard to case and without a trailing dot; new ones are sent
    in lower case without the dot.
  - System hostnames (C(*.b-cdn.net), and any the pull zone reports as system or managed
    hostnames) belong to bunny.net and are never removed.
  - Writes to one pull zone from parallel tasks on the same machine wait for each other; see
    O(lock_timeout).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  pull_zone_id:
    description:
      - ID of the pull zone. The pull zone must exist.
    type: int
    required: true
  hostnames:
    description:
      - The hostnames, each a DNS name such as V(cdn.example.com) (a leading V(*.) label is allowed),
        without scheme, port, path or spaces.
      - An item may be a dict with C(name) and C(force_ssl) instead. C(force_ssl=true) makes the
        pull zone redirect plain HTTP requests for that hostname to HTTPS, C(false) stops it, and
        leaving it out leaves the switch as it is.
      - A single hostname may be given as a string.
      - Each hostname may be listed once.
    type: list
    elements: raw
    required: true
  state:
    description:
      - V(present) adds the hostnames the pull zone does not have yet and applies their C(force_ssl).
      - V(absent) removes the listed hostnames that the pull zone has. System hostnames cannot be
        listed with V(absent).
    type: str
    choices: [present, absent]
    default: present
  purge:
    description:
      - With O(state=present), also remove the custom hostnames that O(hostnames) does not list.
      - System and managed hostnames are never removed.
    type: bool
    default: false
  free_certificate:
    description:
      - Request a free managed certificate for each listed hostname that has no certificate yet.
        A hostname that has one is left alone.
      - The hostname's DNS must already point at the pull zone for the certificate to be issued.
      - Ignored with O(state=absent). Mutually exclusive with O(complete_external_dns_certificate).
    type: bool
    default: false
  complete_external_dns_certificate:
    description:
      - Complete the external-DNS certificate of each listed hostname that has no certificate yet,
        once the DNS record the API asked for is in place.
      - Ignored with O(state=absent).
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - The API rate-limits certificate requests (HTTP 429 with C(Retry-After)). The module waits as
    told, within O(api_retries); when the retries run out, the failure lists which hostnames got a
    certificate and which did not, and running the task again requests only the missing ones.
  - Certificates are requested after the hostnames are added and before Force SSL is switched, so
    HTTPS is not forced for a hostname before a certificate can serve it.
  - The result never contains certificates or their keys.
  - See the collection's docs/parallel-runs.md for what the lock covers and what it does not.
seealso:
  - module: bunnynet.cloud.pullzone_referrer
  - module: bunnynet.cloud.pullzone_edge_rule
"""

EXAMPLES = r"""
- name: Serve the site's assets from two hostnames, forcing HTTPS on one
  bunnynet.cloud.pullzone_hostname:
    pull_zone_id: 10
    hostnames:
      - cdn.example.com
      - name: static.example.com
        force_ssl: true
    free_certificate: true

- name: Keep exactly these custom hostnames (the b-cdn.net hostname stays)
  bunnynet.cloud.pullzone_hostname:
    pull_zone_id: 10
    hostnames:
      - cdn.example.com
      - static.example.com
    purge: true

- name: Retire an old hostname
  bunnynet.cloud.pullzone_hostname:
    pull_zone_id: 10
    hostnames: old-cdn.example.com
    state: absent
"""

RETURN = r"""
hostnames:
  description:
    - The pull zone's hostnames after the change (predicted in check mode), system hostnames included.
    - Certificates and certificate keys are never returned.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the hostname; null for a hostname this run added (read the pull zone again for it).
      type: int
      sample: 4711
    value:
      description: The hostname.
      type: str
      sample: cdn.example.com
    force_ssl:
      description: Whether plain HTTP requests for this hostname are redirected to HTTPS.
      type: bool
    is_system_hostname:
      description: Whether bunny.net controls this hostname (C(*.b-cdn.net)).
      type: bool
    is_managed_hostname:
      description: Whether this is a hostname bunny.net manages.
      type: bool
    has_certificate:
      description: Whether the hostname has a TLS certificate.
      type: bool
certificates_obtained:
  description: On a failed certificate request, the hostnames that got a certificate in this run.
  returned: failure while requesting certificates
  type: list
  elements: str
  sample: [cdn.example.com]
certificates_missing:
  description: On a failed certificate request, the hostnames still without a certificate, the failing one first.
  returned: failure while requesting certificates
  type: list
  elements: str
  sample: [static.example.com]
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    absent_system_hostname_problems,
    converge_hostnames,
    hostname_options,
    hostname_rules,
)


def main():
    module = BunnyModule(
        argument_spec=hostname_options(),
        result_key="hostnames",
        rules=hostname_rules(),
        mutually_exclusive=[("free_certificate", "complete_external_dns_certificate")],
    )
    problems = absent_system_hostname_problems(module.params)
    module.refuse(problems)
    converge_hostnames(module)


if __name__ == "__main__":
    main()
