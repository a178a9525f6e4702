#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: dns_zone
short_description: Create, configure or delete a bunny.net DNS zone
version_added: 0.2.0
description:
  - Manages a Bunny DNS zone, found by O(id) or by its O(domain).
  - Creates the zone when the account has none for the domain, updates the settings that differ
    from the options given (one request, with those settings only), switches DNSSEC on or off, and
    deletes the zone with O(state=absent). Options left out are left as they are.
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads (see O(dnssec) for the one exception).
  - The zone's records have a module of their own, M(bunnynet.cloud.dns_record).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  domain:
    description:
      - The zone's domain, for example V(example.com).
      - Compared as DNS compares names, without regard to case and without the trailing dot; an
        internationalised domain is the same zone in Unicode or in its C(xn--) form. The module sends
        it in that C(xn--) form, in lower case and without the trailing dot.
      - Without O(id), the zone is the one for this domain, created when the account has none.
      - A zone's domain cannot change. With O(id), a different domain fails.
    type: str
  custom_nameservers_enabled:
    description:
      - Whether the zone announces O(nameserver1) and O(nameserver2) instead of bunny.net's own.
      - V(true) needs both names, given now or set before.
    type: bool
  nameserver1:
    description: The first custom nameserver, a host name. Compared without regard to case or trailing dot.
    type: str
  nameserver2:
    description: The second custom nameserver, a host name. Compared without regard to case or trailing dot.
    type: str
  soa_email:
    description: The email address of the zone's SOA record. Compared without regard to case.
    type: str
  logging_enabled:
    description: Whether bunny.net keeps a log of the queries the zone answers.
    type: bool
  log_anonymization:
    description: Whether the query log anonymises the IP addresses of resolvers.
    type: bool
  log_anonymization_type:
    description: How addresses are anonymised; V(one_digit) drops the last digit group, V(drop) the whole address.
    type: str
    choices: [one_digit, drop]
  certificate_key_type:
    description: The private key type of the zone's automatic wildcard certificates.
    type: str
    choices: [ecdsa, rsa]
  dnssec:
    description:
      - V(true) turns DNSSEC on, V(false) turns it off; left out leaves it as it is.
      - With V(true) the result's RV(dnssec) holds the DS record to give the domain's registrar.
        The API answers the DS record only to the call that turns DNSSEC on, which changes nothing
        for a zone that has DNSSEC on already; so with V(true) a run that changes nothing sends
        that call, as a read, to return the DS record. Check mode never sends it.
      - Turning DNSSEC off and on again gives the zone a new key, and a new DS record.
    type: bool
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A zone the module would create is predicted with the settings given, bunny.net's defaults
        for the others, and V(null) for what only the API knows (its ID and dates). The DS record
        is not predicted.
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - Deleting a zone (O(state=absent)) deletes all its records. Pull zones that bunny.net made for accelerated
    records stay; delete them with M(bunnynet.cloud.pullzone).
seealso:
  - module: bunnynet.cloud.dns_zone_info
  - module: bunnynet.cloud.dns_record
"""

EXAMPLES = r"""
- name: Host example.com on Bunny DNS, with DNSSEC and a query log without full addresses
  bunnynet.cloud.dns_zone:
    domain: example.com
    soa_email: hostmaster@example.com
    logging_enabled: true
    log_anonymization: true
    log_anonymization_type: drop
    dnssec: true
  register: zone

- name: Show the DS record to give the registrar
  ansible.builtin.debug:
    msg: "{{ zone.dnssec.ds_record }}"

- name: Announce our own nameservers
  bunnynet.cloud.dns_zone:
    domain: example.com
    custom_nameservers_enabled: true
    nameserver1: ns1.example.net
    nameserver2: ns2.example.net

- name: Delete a zone that is no longer used, with its records
  bunnynet.cloud.dns_zone:
    domain: old.example
    state: absent
"""

RETURN = r"""
dns_zone:
  description:
    - The zone in snake_case, every property the API reads back, after the changes; the
      prediction in check mode. V(null) once deleted.
    - O(log_anonymization_type) and O(certificate_key_type) appear by the names the options take;
      the records as M(bunnynet.cloud.dns_record) returns them.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the zone; V(null) for a zone check mode predicts.
      type: int
      sample: 4711
    domain:
      description: The zone's domain.
      type: str
      sample: example.com
    dns_sec_enabled:
      description: Whether DNSSEC is on.
      type: bool
      sample: true
    nameserver1:
      description: The first nameserver the zone announces.
      type: str
      sample: kiki.bunny.net
    nameservers_detected:
      description: Whether bunny.net has seen the domain delegated to its nameservers.
      type: bool
      sample: false
    records:
      description: The zone's records.
      type: list
      elements: dict
dnssec:
  description:
    - The DS record and key of the zone in snake_case (C(ds_record), C(digest), C(digest_type),
      C(algorithm), C(public_key), C(key_tag), C(flags)), when O(dnssec=true) and not in check
      mode; otherwise V(null).
  returned: success
  type: dict
  sample:
    ds_record: example.com. 3600 IN DS 31589 13 2 9F86D0...
    key_tag: 31589
    algorithm: 13
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zones import DNS_ZONE, describe_zone_error, zone_rules


def manage_zone(module):
    DNS_ZONE.converge(module, DNS_ZONE.desired(module.params))


def main():
    module = BunnyModule(
        argument_spec=DNS_ZONE.argument_spec(dnssec=dict(type="bool")),
        result_key=DNS_ZONE.result_key,
        rules=zone_rules(),
        **DNS_ZONE.module_kwargs()
    )
    module.run(manage_zone, describe_error=describe_zone_error)


if __name__ == "__main__":
    main()
