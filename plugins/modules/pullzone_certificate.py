#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone_certificate
short_description: Manage the TLS certificate of a bunny.net pull zone hostname
version_added: 0.3.0
description:
  - Gives a hostname of an existing pull zone a certificate, replaces it, or removes it, and sets
    the private key type of the certificates bunny.net makes for it.
  - The certificate comes from O(source) - one of your own (V(custom), uploaded with its key),
    a free one bunny.net gets over HTTP (V(free)), one validated by a DNS record or an HTTP file
    you publish (V(dns_validation), V(http_validation)), or a wildcard certificate that a Bunny DNS
    zone issues (V(wildcard)).
  - Reads the zone once, with its certificates, and writes only what differs. A run that changes
    nothing, and any run in check mode, only reads. Writes to one pull zone from parallel tasks on
    the same machine wait for each other (O(lock_timeout)).
  - B(What is compared.) A read of the zone tells, per hostname, whether it has a certificate, how
    it was provisioned (RV(certificate.source)) and the key type; with the certificates asked for,
    it carries the certificate too, whose SHA-256 fingerprint and expiry the module reads
    (RV(certificate.fingerprint_sha256), RV(certificate.not_after)). A V(custom) certificate is
    uploaded when the hostname has none, has one bunny.net made, or has one of your own with
    another fingerprint or expiry than the one given. Where the read carries no certificate, nothing
    tells whether the one there is the one given; the module leaves it, and O(force=true) replaces
    it.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  pull_zone_id:
    description: ID of the pull zone. The pull zone must exist.
    type: int
    required: true
  hostname:
    description:
      - The hostname, as the zone has it; compared without regard to case and trailing dot.
      - It must be a hostname of the zone already (add it with M(bunnynet.cloud.pullzone_hostname)).
        The zone's own C(*.b-cdn.net) hostname keeps the certificate bunny.net gives it.
    type: str
    required: true
  state:
    description:
      - V(present) gives the hostname a certificate from O(source) (or only sets O(key_type)).
      - V(absent) removes the hostname's certificate, whichever it is. A hostname the zone does not
        have has none, which is no change.
    type: str
    choices: [present, absent]
    default: present
  source:
    description:
      - Where the certificate comes from. Left out, the certificate is left as it is (for a task that
        sets O(key_type) only).
      - V(custom) uploads O(certificate) and O(certificate_key). Before any request, the module
        checks that the certificate is PEM, covers O(hostname) (its subject alternative names, a
        wildcard covering one label) and is valid now, and that the key is an unencrypted PEM key.
      - V(free) has bunny.net get a certificate, validated over HTTP; the hostname's DNS must point
        at the zone already.
      - V(dns_validation) and V(http_validation) are two steps, for a hostname whose traffic does not
        reach bunny.net yet. Without O(complete), the module asks for the challenge and returns it
        (RV(challenge)) - a TXT record to publish, or a file to serve under C(/.well-known/acme-challenge/);
        every such request starts a new validation with a new challenge. Once it is published,
        O(complete=true) has bunny.net check it and install the certificate.
      - V(wildcard) has the Bunny DNS zone O(dns_zone_id) issue a certificate for C(*.<the domain
        above the hostname>) (C(*.example.com) for V(cdn.example.com) or V(*.example.com)), which
        serves the hostnames of the account it covers that have none.
      - A hostname that has one of your own certificates gets the one O(source) asks for in its place;
        one that has a certificate bunny.net made keeps it, unless O(force=true).
    type: str
    choices: [custom, free, dns_validation, http_validation, wildcard]
  certificate:
    description:
      - The certificate for O(source=custom), as PEM text; the hostname's certificate first, then
        the intermediate certificates, as the API serves them.
      - Mutually exclusive with O(certificate_file).
    type: str
  certificate_file:
    description: Path of a PEM file holding the certificate, read on the host that runs the module.
    type: path
  certificate_key:
    description:
      - The certificate's private key for O(source=custom), as unencrypted PEM text. A secret - never
        shown in a result, a diff or a log.
      - Mutually exclusive with O(certificate_key_file).
    type: str
  certificate_key_file:
    description: Path of a PEM file holding the private key, read on the host that runs the module.
    type: path
  complete:
    description:
      - With O(source=dns_validation) or O(source=http_validation), complete the validation whose
        challenge is published, instead of asking for a challenge.
    type: bool
    default: false
  dns_zone_id:
    description: ID of the Bunny DNS zone that issues the certificate, with O(source=wildcard).
    type: int
  key_type:
    description:
      - The private key type of the certificates bunny.net makes for the hostname from now on
        (RV(certificate.key_type)). Set before a certificate is asked for in the same task.
    type: str
    choices: [ecdsa, rsa]
  force:
    description:
      - Replace the certificate, or ask for a challenge, even when the hostname has a certificate
        that the module cannot tell from the one asked for. Every run with it changes something.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - The challenge of a validation is asked for only when the module applies; in check mode
        RV(challenge) is V(null).
  diff_mode:
    support: full
  idempotent:
    support: partial
    details:
      - Idempotent, except for what runs on every run by design - a validation's challenge is asked
        for on every run until the hostname has a certificate, and O(force=true) always replaces.
notes:
  - The key and the certificate are never part of a result or a diff; only the certificate's
    fingerprint, expiry and names are. The module reads the zone with its certificates (and so their
    keys) to compare fingerprints, and keeps nothing of the keys.
  - The API rate-limits certificate requests (HTTP 429 with C(Retry-After)); the module waits as
    told, within O(api_retries).
seealso:
  - module: bunnynet.cloud.pullzone_hostname
  - module: bunnynet.cloud.dns_record
"""

EXAMPLES = r"""
- name: Serve cdn.example.com with the company's own certificate
  bunnynet.cloud.pullzone_certificate:
    pull_zone_id: 10
    hostname: cdn.example.com
    source: custom
    certificate_file: files/cdn.example.com.crt
    certificate_key: "{{ vault_cdn_certificate_key }}"

- name: Have bunny.net make RSA certificates for static.example.com, and get a free one
  bunnynet.cloud.pullzone_certificate:
    pull_zone_id: 10
    hostname: static.example.com
    key_type: rsa
    source: free

- name: Ask for the DNS challenge of a hostname whose traffic does not reach bunny.net yet
  bunnynet.cloud.pullzone_certificate:
    pull_zone_id: 10
    hostname: shop.example.com
    source: dns_validation
  register: shop_validation

- name: Publish the challenge in the domain's DNS
  bunnynet.cloud.dns_record:
    zone: example.com
    records:
      - type: TXT
        name: "{{ shop_validation.challenge.record_name }}."
        value: "{{ shop_validation.challenge.record_value }}"
  when: shop_validation.challenge | default(none) is not none

- name: Complete the validation once the record is published
  bunnynet.cloud.pullzone_certificate:
    pull_zone_id: 10
    hostname: shop.example.com
    source: dns_validation
    complete: true

- name: Give *.example.com the wildcard certificate of its Bunny DNS zone
  bunnynet.cloud.pullzone_certificate:
    pull_zone_id: 10
    hostname: "*.example.com"
    source: wildcard
    dns_zone_id: 1

- name: Remove the certificate of a retired hostname
  bunnynet.cloud.pullzone_certificate:
    pull_zone_id: 10
    hostname: old-cdn.example.com
    state: absent
"""

RETURN = r"""
certificate:
  description:
    - The hostname's certificate after the change (predicted in check mode); V(null) with
      O(state=absent) for a hostname the zone does not have.
  returned: success
  type: dict
  contains:
    hostname:
      description: The hostname, as the zone has it.
      type: str
      sample: cdn.example.com
    is_system_hostname:
      description: Whether this is the zone's own C(*.b-cdn.net) hostname.
      type: bool
      sample: false
    has_certificate:
      description: Whether the hostname has a certificate.
      type: bool
      sample: true
    source:
      description:
        - How the certificate was provisioned, as the API reports it - V(custom) (uploaded), V(http)
          (validated over HTTP, as a free certificate is), V(dns) (validated by DNS, as a wildcard
          certificate is), V(managed), or V(unknown) (none, or the API does not say).
      type: str
      sample: custom
    key_type:
      description: The private key type of the certificates bunny.net makes for the hostname, V(ecdsa) or V(rsa).
      type: str
      sample: ecdsa
    fingerprint_sha256:
      description:
        - The SHA-256 fingerprint of the hostname's certificate, where the API returns the certificate.
        - V(null) where it does not, and in the prediction of a certificate bunny.net makes.
      type: str
      sample: "3A:91:...:0C"
    not_after:
      description: When the certificate expires (UTC), where the API returns it; V(null) otherwise.
      type: str
      sample: "2027-03-01T12:00:00Z"
challenge:
  description:
    - What proves the hostname for O(source=dns_validation) or O(source=http_validation) without
      O(complete) - C(record_type), C(record_name) and C(record_value) of the TXT record, or
      C(file_path) and C(file_content) of the file the hostname must serve.
    - V(null) in check mode.
  returned: when a challenge was asked for
  type: dict
  sample:
    record_type: TXT
    record_name: _acme-challenge.shop.example.com
    record_value: 3q2-7w...
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.certificates import (
    CERTIFICATE_KWARGS,
    certificate_options,
    certificate_rules,
    converge_certificate,
)


def main():
    module = BunnyModule(argument_spec=certificate_options(), result_key="certificate", rules=certificate_rules(), **CERTIFICATE_KWARGS)
    converge_certificate(module)


if __name__ == "__main__":
    main()
