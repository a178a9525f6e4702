#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: dns_record
short_description: Make a bunny.net DNS zone hold a list of records
version_added: 0.2.0
description:
  - Adds, updates and deletes the records of a Bunny DNS zone so that it holds the records listed.
  - Reads the zone once (the API has no read of a single record) and makes one call per record
    that differs, so a zone of thousands of records converges in one read and one write per
    differing record, and a run that changes nothing only reads once.
  - A record of the list is the same record as one of the zone when their type, name and value
    match; for the types a name holds only one of (CNAME, Flatten, Redirect, PullZone, Script),
    when type and name match. Names, and values that are DNS names (the targets of CNAME, Flatten,
    MX, SRV, NS and PTR records), are compared without regard to case and without the trailing
    dot, and an internationalised name is the same in Unicode or in its C(xn--) form; addresses
    are compared as addresses (V(2001:DB8::1) is V(2001:db8:0::1)); other values exactly.
  - Fields a listed record leaves out are left as the zone's record has them (a new record gets
    bunny.net's defaults, a TTL of 300 seconds for one).
  - The records may also come from a BIND zone file (O(zone_file)), such as another DNS provider
    exports, to move a zone to Bunny DNS; they converge like the records listed.
  - B(An accelerated record makes bunny.net create a pull zone) that serves the record's address
    through the CDN. The result's RV(accelerated_pull_zones) names the pull zones made in the run;
    configure one with M(bunnynet.cloud.pullzone) by that name. A re-run finds the record
    accelerated already and writes nothing, so no second pull zone is made. Switching acceleration
    off leaves the pull zone; on again, the record gets the same zone back.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  zone:
    description:
      - Domain of the zone, compared as DNS compares names.
      - Exactly one of O(zone) and O(zone_id) is required.
      - In check mode, a zone that does not exist yet (that M(bunnynet.cloud.dns_zone) would
        create in the same run) is taken as empty, with a warning; otherwise it is an error.
    type: str
  zone_id:
    description: ID of the zone.
    type: int
  zone_file:
    description:
      - The text of a BIND zone file whose records the zone is to hold, for example
        V({{ lookup('ansible.builtin.file', 'example.com.zone'\) }}). Its records come before those
        of O(records); both lists converge as one.
      - C($ORIGIN), C($TTL) and C($GENERATE) are followed; relative names are relative to the zone's
        domain until an C($ORIGIN), a name that ends in a dot is absolute, and every record has the
        TTL the file gives it.
      - The file may hold the types A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS, SVCB, HTTPS and TLSA.
        The zone's own SOA record and the NS records of its apex are left out (bunny.net sets them,
        and M(bunnynet.cloud.dns_zone) the custom nameservers). A record of another type, a name
        outside the zone, or a line the parser cannot read is refused before any write, naming its
        line (C(zone_file line 12)).
      - The service parameters of an SVCB or HTTPS record come in the order of their keys
        (V(alpn) before V(port)), as dnspython writes them, and so make the record's value.
      - Needs the Python library dnspython (listed in the collection's C(requirements.txt)) on the host that runs the
        module, only when given; without it the task fails naming the C(pip) command that installs it.
      - At least one of O(records) and O(zone_file) is required.
    type: str
  records:
    description:
      - The records. Each field a type does not take is refused before any request, as is a
        record listed twice.
      - With O(purge=true) and an empty list, every record of the zone is deleted.
      - At least one of O(records) and O(zone_file) is required.
    type: list
    elements: dict
    suboptions:
      type:
        description:
          - The record type. V(Redirect) answers HTTP requests with a redirect to O(records[].value),
            V(Flatten) is a CNAME at the apex that bunny.net resolves to addresses, V(PullZone)
            points the name at a pull zone (O(records[].pull_zone_id)) and V(Script) at a DNS edge
            script (O(records[].script_id)).
        type: str
        required: true
        choices: [A, AAAA, CNAME, TXT, MX, Redirect, Flatten, PullZone, SRV, CAA, PTR, Script, NS, SVCB, HTTPS, TLSA]
      name:
        description:
          - The name relative to the zone (V(www), V(_dmarc), V(*) for a wildcard); V(@) or empty for the apex.
          - A name that ends in a dot is absolute, as in a zone file, and the zone's domain is taken
            off it; in the zone V(example.com), V(vpn.example.com.) is V(vpn) and V(example.com.)
            the apex. An absolute name outside the zone is refused before any request (with
            O(zone_id), before any write), naming the zone. A name without the dot is always
            relative, so V(vpn.example.com) is V(vpn.example.com.example.com.).
          - NS records cannot be at the apex; the zone's own nameservers are set with M(bunnynet.cloud.dns_zone).
        type: str
        required: true
      value:
        description:
          - The record's data. An IPv4 address for A, an IPv6 address for AAAA, a host name for
            CNAME, Flatten, MX, SRV (the target), NS and PTR, an http or https URL for Redirect,
            the text for TXT, the value for CAA (V(letsencrypt.org)).
          - For HTTPS and SVCB, what follows the priority in the zone file's form of the record, the
            target name (V(.) for the record's own name) and the service parameters, separated by
            spaces. V(. alpn=h2,h3) with O(records[].priority=1) is C(@ IN HTTPS 1 . alpn=h2,h3);
            V(svc.example.net. alpn=h3 port=8443) with O(records[].priority=2) is
            C(_api IN SVCB 2 svc.example.net. alpn=h3 port=8443). Compared exactly.
          - For TLSA, the whole record data, that is usage, selector, matching type and the certificate
            association data in hexadecimal, as in C(_443._tcp.www IN TLSA 3 1 1 8f4e...). Compared exactly.
          - Required for every type but PullZone and Script, which take none; with O(state=absent),
            a record of a type a name holds only one of is found without it.
        type: str
      ttl:
        description: Seconds resolvers may cache the record.
        type: int
      priority:
        description: Priority of an MX, SRV, HTTPS or SVCB record, 0 to 65535; lower comes first.
        type: int
      weight:
        description:
          - Weight of an A, AAAA or SRV record, 0 to 100 for A and AAAA and 0 to 65535 for SRV;
            bunny.net answers with records of one name in proportion to their weights.
          - Other types do not take it.
        type: int
      port:
        description: Port of an SRV record, 0 to 65535.
        type: int
      flags:
        description: Flags of a CAA record, 0 to 255 (128 marks the tag critical).
        type: int
      tag:
        description: Tag of a CAA record, such as V(issue), V(issuewild) or V(iodef); required for CAA. Compared without regard to case.
        type: str
      pull_zone_id:
        description: ID of the pull zone a PullZone record points at; required for PullZone.
        type: int
      script_id:
        description: ID of the DNS edge script a Script record runs; required for Script.
        type: int
      accelerated:
        description:
          - Whether an A, AAAA or CNAME record is served through bunny.net's CDN.
          - Turning it on makes bunny.net create a pull zone for the record (see the description).
        type: bool
      monitor_type:
        description: How bunny.net checks that the address of an A, AAAA or CNAME record answers.
        type: str
        choices: [none, ping, http, monitor]
      smart_routing:
        description:
          - How bunny.net picks among records of one name (A, AAAA or CNAME). V(latency) answers with
            the record of the O(records[].latency_zone) nearest the resolver, V(geolocation) with the
            record whose O(records[].geolocation_latitude) and O(records[].geolocation_longitude) are nearest.
        type: str
        choices: [none, latency, geolocation]
      latency_zone:
        description: The bunny.net region of the record, for V(latency) routing (for example V(DE)).
        type: str
      geolocation_latitude:
        description: Latitude of the record, -90 to 90, for V(geolocation) routing.
        type: float
      geolocation_longitude:
        description: Longitude of the record, -180 to 180, for V(geolocation) routing.
        type: float
      disabled:
        description: Whether the record is kept but not answered.
        type: bool
      comment:
        description: A note on the record, for people.
        type: str
  state:
    description:
      - V(present) adds the listed records the zone lacks and updates those that differ;
        V(absent) deletes the listed records the zone has.
    type: str
    choices: [present, absent]
    default: present
  purge:
    description:
      - With O(state=present), also delete every record of the zone that the list does not name.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - New records are predicted with bunny.net's defaults and V(null) for what only the API
        knows (their IDs, the pull zone of an accelerated record, statuses).
  diff_mode:
    support: full
    details:
      - The diff shows the zone's records before and after, under C(records).
  idempotent:
    support: full
notes:
  - Writes are sent one by one, deletes first, then updates, then additions, so that a name can
    change from an address to a CNAME in one run. Tasks that write to one zone at the same time
    each see the zone as they read it; let one task purge a zone.
seealso:
  - module: bunnynet.cloud.dns_zone
  - module: bunnynet.cloud.dns_zone_info
  - module: bunnynet.cloud.pullzone
requirements:
  - dnspython (for O(zone_file) only)
"""

EXAMPLES = r"""
- name: Give example.com its website and mail records
  bunnynet.cloud.dns_record:
    zone: example.com
    records:
      - {type: A, name: "@", value: 192.0.2.10}
      - {type: AAAA, name: "@", value: "2001:db8::10"}
      - {type: CNAME, name: www, value: example.com}
      - {type: MX, name: "@", value: mail.example.com, priority: 10}
      - {type: TXT, name: "@", value: "v=spf1 mx -all"}
      - {type: CAA, name: "@", value: letsencrypt.org, flags: 0, tag: issue}
      - {type: SRV, name: _imaps._tcp, value: mail.example.com, priority: 0, weight: 1, port: 993}

- name: Make the zone hold exactly the records of the inventory, deleting the others
  bunnynet.cloud.dns_record:
    zone: example.com
    records: "{{ example_com_records }}"
    purge: true

- name: Serve the shop through the CDN; bunny.net creates a pull zone for it
  bunnynet.cloud.dns_record:
    zone: example.com
    records:
      - {type: A, name: shop, value: 192.0.2.20, accelerated: true}
  register: shop

- name: Configure that pull zone by the name bunny.net gave it
  bunnynet.cloud.pullzone:
    name: "{{ item.pull_zone_name }}"
    cache_expiration: 3600
  loop: "{{ shop.accelerated_pull_zones }}"
  loop_control:
    label: "{{ item.record }}"

- name: Remove the old host
  bunnynet.cloud.dns_record:
    zone: example.com
    records:
      - {type: A, name: old, value: 192.0.2.99}
    state: absent

- name: Move the VPN to a new address, its name given absolute as in a zone file
  bunnynet.cloud.dns_record:
    zone: example.com
    records:
      - {type: A, name: vpn.example.com., value: 192.0.2.30}

- name: Give example.com a service binding, a named service and a DANE key, an absolute name among them
  bunnynet.cloud.dns_record:
    zone: example.com
    records:
      - {type: HTTPS, name: "@", priority: 1, value: ". alpn=h2,h3"}
      - {type: SVCB, name: _api, priority: 2, value: "svc.example.net. alpn=h3 port=8443"}
      - {type: TLSA, name: _443._tcp.www.example.com., value: "3 1 1 8f4e5b7c2a1d9e6f3b0c8a7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f"}

- name: Make example.com hold the records of a zone file, and only those (a file's text, with lookup('file', ...))
  bunnynet.cloud.dns_record:
    zone: example.com
    zone_file: |
      $ORIGIN example.com.
      $TTL 3600
      @    IN SOA   ns1.old-dns.example. hostmaster.example.com. 2024010101 7200 3600 1209600 300
      @    IN NS    ns1.old-dns.example.
      @    IN A     192.0.2.10
      www  IN CNAME example.com.
      @    IN MX    10 mail
      mail IN A     192.0.2.25
    purge: true
"""

RETURN = r"""
records:
  description:
    - Every record of the zone after the changes, in snake_case; the prediction in check mode.
    - C(type), C(monitor_type), C(smart_routing_type), C(monitor_status) and C(acceleration_status)
      appear by name. A PullZone or Script record's C(link_name) is the ID it points at.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the record; V(null) for a record check mode predicts.
      type: int
      sample: 91011
    type:
      description: The record type.
      type: str
      sample: A
    name:
      description: The name relative to the zone; empty for the apex.
      type: str
      sample: www
    value:
      description: The record's data.
      type: str
      sample: 192.0.2.10
    ttl:
      description: Seconds resolvers may cache the record.
      type: int
      sample: 300
    accelerated:
      description: Whether the record is served through the CDN.
      type: bool
      sample: false
    accelerated_pull_zone_id:
      description: ID of the pull zone bunny.net made for the accelerated record; V(0) for none.
      type: int
      sample: 0
added:
  description: The records added, as in RV(records).
  returned: success
  type: list
  elements: dict
updated:
  description: The records updated, as they are after the update.
  returned: success
  type: list
  elements: dict
deleted:
  description: The records deleted, as they were.
  returned: success
  type: list
  elements: dict
accelerated_pull_zones:
  description:
    - The pull zones bunny.net made in this run for records that became accelerated; empty when
      none did. C(record) names the record by type, name and value; C(pull_zone_id) and
      C(pull_zone_name) are V(null) in check mode.
  returned: success
  type: list
  elements: dict
  sample:
    - record: A shop 192.0.2.20
      pull_zone_id: 4712
      pull_zone_name: shop-example-com-48213
zone_id:
  description: ID of the zone; V(null) in check mode for a zone that does not exist yet.
  returned: success
  type: int
  sample: 4711
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.records import plan_records, record_argument_spec, record_rules
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zones import describe_zone_error


def main():
    module = BunnyModule(
        argument_spec=record_argument_spec(),
        result_key="records",
        rules=record_rules(),
        required_one_of=[("zone", "zone_id"), ("records", "zone_file")],
        mutually_exclusive=[("zone", "zone_id")],
    )
    module.run(lambda module: apply(module, plan_records(module)), describe_error=describe_zone_error)


if __name__ == "__main__":
    main()
