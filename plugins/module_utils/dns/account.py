# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The DNS zone as the account sees it: the dns_zone role's host, its variables and what the audit compares."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    ItemList,
    Options,
    Part,
    Shape,
    drift,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.dns_names import comparable_name
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import name_of
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.records import (
    COMMON_OPTIONS,
    NAMED_CHOICES,
    RECORD_OPTIONS,
    TYPE_OPTIONS,
    ZONE_RECORDS,
    describe_key,
    held_value,
    key_of_read,
    record_item_spec,
    wanted_record,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zone_files import HAS_DNSPYTHON, dnspython_missing, zone_file_records
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zones import DNS_ZONE, TYPE_NAMES


def describe_key_of_read(record):
    return describe_key(key_of_read(record))


def _dns_record_options(record):
    """A record as an item of dns_record's records: its type's options, the values it holds."""
    type_name = TYPE_NAMES.get(record.get("Type"), record.get("Type"))
    item = {"type": type_name, "name": record.get("Name") or "@"}
    api_of = dict(RECORD_OPTIONS + COMMON_OPTIONS)
    for option in TYPE_OPTIONS.get(type_name, ("value",)) + tuple(name for name, _api in COMMON_OPTIONS):
        value = held_value(record, api_of[option])
        if value is None:
            continue
        if option in NAMED_CHOICES:
            value = name_of(NAMED_CHOICES[option], value)
        item[option] = value
    return item


class Nameservers(Part):
    """The zone's custom nameservers, as the dns_zone role lists them: both, or none for bunny.net's own."""

    variable = "dns_zone_custom_nameservers"

    def export(self, reads, record):
        custom = record.get("CustomNameserversEnabled")
        return {self.variable: [record.get("Nameserver1"), record.get("Nameserver2")] if custom else []}

    def drift(self, reads, record, variables):
        wanted = variables.get(self.variable)
        if wanted is None:
            return []
        held = self.export(reads, record)[self.variable]
        if [comparable_name(name) for name in wanted] == [comparable_name(name) for name in held]:
            return []
        return [drift(self.variable, wanted, held)]


class Dnssec(Part):
    variable = "dns_zone_dnssec"

    def export(self, reads, record):
        return {self.variable: bool(record.get("DnsSecEnabled"))}

    def drift(self, reads, record, variables):
        wanted = variables.get(self.variable)
        if wanted is None or bool(wanted) == bool(record.get("DnsSecEnabled")):
            return []
        return [drift(self.variable, wanted, bool(record.get("DnsSecEnabled")))]


class ZoneRecords(ItemList):
    """The zone's records, as dns_zone_records lists them and, as the role gives them to dns_record too,
    the records of dns_zone_zone_file (a BIND zone file's text), read on the controller as the module reads it."""

    zone_file = "dns_zone_zone_file"

    def variables(self):
        return super().variables() + [self.zone_file]

    def audited(self, variables):
        found = super().audited(variables)
        text = variables.get(self.zone_file)
        if not text:
            return found
        if not HAS_DNSPYTHON:
            raise OSError("%s: %s" % (self.zone_file, dnspython_missing()))
        records, problems = zone_file_records(text, comparable_name(variables["dns_zone_domain"]))
        if problems:
            raise OSError("%s: %s" % (self.zone_file, "; ".join(problems)))
        found[self.variable] = list(found.get(self.variable) or []) + [item for _line, item in records]
        return found


DNS_ZONE_SHAPE = Shape("dns_zone", "dns_zone_domain", (
    Fixed("dns_zone_domain", lambda zone: zone["Domain"]),
    Options("dns_zone_", DNS_ZONE, exclude=("custom_nameservers_enabled", "nameserver1", "nameserver2")),
    Nameservers(),
    Dnssec(),
    ZoneRecords("dns_zone_records", ZONE_RECORDS, lambda reads, zone: zone.get("Records") or [], to_options=_dns_record_options,
                to_api=lambda item, zone: wanted_record(item, zone.get("Domain")), label=describe_key_of_read, whole="dns_zone_purge",
                options=record_item_spec(), pair=lambda record: describe_key(key_of_read(record)[:2])),
    Fixed("dns_zone_purge", True),
))


DNS_KINDS = (
    Kind("dns_zone", "DNS zone", "dns_zones", lambda reads: DNS_ZONE.list(reads.client), DNS_ZONE.project, "id", lambda zone: zone["domain"],
         shapes=(DNS_ZONE_SHAPE,)),
)
