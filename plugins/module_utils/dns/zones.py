# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Bunny DNS zones (dns_zone, dns_zone_info), as the API reads them and as the engine manages them.

A zone is a top-level resource on the engine (resource.py), found by its domain, compared and sent
by the one DNS-name rule (dns_names.py). A read of a zone carries its records, so the records' read
shape (their types and enumerations by name) is declared here; what dns_record does with them is in
dns_records.py.
"""

import re

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.dns_names import ascii_name, comparable_name, same_name
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes

# --- The records a zone reads with ----------------------------------------------------------------

# The vendor's DnsRecordTypes, by the names the options take.
RECORD_TYPES = {"A": 0, "AAAA": 1, "CNAME": 2, "TXT": 3, "MX": 4, "Redirect": 5, "Flatten": 6, "PullZone": 7, "SRV": 8,
                "CAA": 9, "PTR": 10, "Script": 11, "NS": 12, "SVCB": 13, "HTTPS": 14, "TLSA": 15}
TYPE_NAMES = {number: name for name, number in RECORD_TYPES.items()}
MONITOR_TYPES = {"none": 0, "ping": 1, "http": 2, "monitor": 3}
SMART_ROUTING_TYPES = {"none": 0, "latency": 1, "geolocation": 2}
MONITOR_STATUSES = {0: "unknown", 1: "online", 2: "offline"}
ACCELERATION_STATUSES = {0: "none", 1: "pending", 2: "processing", 3: "completed", 4: "failed"}


def project_record(record):
    """A record as results show it: snake_case, the type and the enumerations by name."""
    projected = to_snake(record)
    projected["type"] = TYPE_NAMES.get(record.get("Type"), record.get("Type"))
    for option, names in (("monitor_type", MONITOR_TYPES), ("smart_routing_type", SMART_ROUTING_TYPES)):
        number = projected.get(option)
        projected[option] = next((name for name, value in names.items() if value == number), number)
    projected["monitor_status"] = MONITOR_STATUSES.get(record.get("MonitorStatus"), record.get("MonitorStatus"))
    projected["acceleration_status"] = ACCELERATION_STATUSES.get(record.get("AccelerationStatus"), record.get("AccelerationStatus"))
    return projected


# --- Zones ----------------------------------------------------------------------------------------

LOG_ANONYMIZATION_TYPES = {"one_digit": 0, "drop": 1}
CERTIFICATE_KEY_TYPES = {"ecdsa": 0, "rsa": 1}
# Read-model properties only the API knows of a new zone (snake_case), predicted as None.
ZONE_SERVER_FIELDS = ("id", "date_created", "date_modified", "nameservers_next_check")


class DnsNameField(Field):
    """A field whose value is a DNS name (the domain, a nameserver): compared as DNS compares names, and sent
    in that form (ASCII, lower case, without the trailing dot)."""

    def same(self, present, wanted):
        return same_name(present, wanted)

    def to_api(self, value):
        return {self.api: comparable_name(value)}


ZONE_FIELDS = (
    Field("custom_nameservers_enabled", "CustomNameserversEnabled", type="bool"),
    DnsNameField("nameserver1", "Nameserver1"),
    DnsNameField("nameserver2", "Nameserver2"),
    # The SOA's mailbox is a DNS name in the zone file, so case does not matter to it either.
    Field("soa_email", "SoaEmail", ignore_case=True),
    Field("logging_enabled", "LoggingEnabled", type="bool"),
    Field("log_anonymization", "LoggingIPAnonymizationEnabled", type="bool"),
    Field("log_anonymization_type", "LogAnonymizationType", names=LOG_ANONYMIZATION_TYPES),
    Field("certificate_key_type", "CertificateKeyType", names=CERTIFICATE_KEY_TYPES),
)
EMAIL = r"[^@\s]+@[^@\s]+\.[^@\s]+"


def zone_problems(current, desired):
    """Custom nameservers need both names, given now or held already."""
    current = current or {}
    enabled = desired.get("CustomNameserversEnabled", current.get("CustomNameserversEnabled"))
    if not enabled:
        return []
    missing = [option for option, prop in (("nameserver1", "Nameserver1"), ("nameserver2", "Nameserver2"))
               if not desired.get(prop, current.get(prop) if current.get("CustomNameserversEnabled") else None)]
    return ["custom_nameservers_enabled=true needs %s" % " and ".join(missing)] if missing else []


class DnsZoneResource(Resource):
    """A DNS zone on the engine, with what the zone's API does otherwise.

    ``named`` searches with the domain in the form zones hold it (ASCII, lower case, no trailing
    dot): the list's search matches a part of the stored domain, which ``Example.com.`` is not. The
    add model takes the domain only (``create_names``), so a new zone's settings follow in an
    update. DNSSEC is switched by endpoints of its own, after the zone's own writes, and its DS
    record is returned by the enabling call only: ``plan`` adds that write to the engine's plan.
    """

    def named(self, client, name):
        # The list's search matches part of a domain as stored, so it is given the stored form.
        return super().named(client, comparable_name(name))

    def lock_path(self, record_id):
        # The API takes parallel writes to a zone and to its records: neither dns_zone nor
        # dns_record serialises them (nor has a lock_timeout).
        return None

    def project(self, record):
        projected = super().project(record)
        if projected is not None:
            projected["records"] = [project_record(item) for item in record.get("Records") or []]
        return projected

    def dnssec_path(self, zone_id):
        return build_path(self.paths.item + "/dnssec", id=zone_id)

    def plan(self, module, desired):
        plan = super().plan(module, desired)
        dnssec = module.params["dnssec"]
        if module.params["state"] == "absent" or plan.problems:
            return plan
        plan.result["dnssec"] = None
        enabled = bool((plan.record or {}).get("DnsSecEnabled"))
        if dnssec is not None and enabled != dnssec:
            plan.after["dns_sec_enabled"] = dnssec
            plan.add(Write("POST" if dnssec else "DELETE", lambda: self.dnssec_path(plan.record["Id"]),
                           confirm=lambda: self._dnssec_settled(module, plan.record["Id"], dnssec),
                           answered=lambda answer: self._switched(plan, dnssec, answer)))
        elif dnssec and enabled:
            # The API has no read of the DS record: the enabling call returns it, and changes nothing
            # for a zone that has DNSSEC on already (the vendor's Terraform provider reads it the same way).
            plan.add(Write("POST", self.dnssec_path(plan.record["Id"]), reads=True,
                           answered=lambda answer: self._switched(plan, True, answer)))
        return plan

    @staticmethod
    def _switched(plan, enabled, answer):
        plan.after["dns_sec_enabled"] = enabled
        if enabled and isinstance(answer, dict) and answer.get("Enabled"):
            plan.result["dnssec"] = to_snake(answer)

    def _dnssec_settled(self, module, zone_id, wanted):
        if bool(self.read(module.client, zone_id).get("DnsSecEnabled")) != wanted:
            return None
        # The lost answer carried the DS record; the enabling call gives it again.
        return module.client.request("POST", self.dnssec_path(zone_id), reads=True) if wanted else True


# A zone as the API creates it, for check mode's prediction of a new zone (the values only the API
# knows are set to None after projection).
NEW_ZONE = {
    "Id": None,
    "Domain": None,
    "Records": [],
    "DateModified": None,
    "DateCreated": None,
    "NameserversDetected": False,
    "CustomNameserversEnabled": False,
    "Nameserver1": "kiki.bunny.net",
    "Nameserver2": "coco.bunny.net",
    "SoaEmail": "hostmaster@bunny.net",
    "NameserversNextCheck": None,
    "LoggingEnabled": False,
    "LoggingIPAnonymizationEnabled": True,
    "LogAnonymizationType": 0,
    "DnsSecEnabled": False,
    "CertificateKeyType": 0,
}


DNS_ZONE = DnsZoneResource(
    noun="DNS zone",
    result_key="dns_zone",
    key=DnsNameField("domain", "Domain", create_only=True),
    fields=ZONE_FIELDS,
    paths=Paths("/dnszone", "/dnszone/{id}"),
    record=Record(server_fields=ZONE_SERVER_FIELDS, new_record=NEW_ZONE),
    writes=Writes(create_names={"Domain": "Domain"}),
    problems=zone_problems,
)


def domain_problem(value):
    """True for a domain a zone can have; what is wrong with it otherwise."""
    try:
        name = ascii_name(value)
    except ValueError as error:
        return str(error)
    if "." not in name:
        return "%r, a single label" % value
    if name.startswith("*"):
        return "%r, a wildcard" % value
    return True


DOMAIN_RULE = (domain_problem, "be a domain such as example.com")


def zone_rules():
    return (
        ("id", dict(minimum=1)),
        ("domain", dict(satisfies=DOMAIN_RULE)),
        ("nameserver1", dict(satisfies=(domain_problem, "be a DNS name such as ns1.example.com"))),
        ("nameserver2", dict(satisfies=(domain_problem, "be a DNS name such as ns2.example.com"))),
        ("soa_email", dict(pattern=EMAIL, pattern_hint="an email address")),
    )


def export_path(zone_id):
    return build_path("/dnszone/{id}/export", id=zone_id)


def describe_zone_error(error):
    """A missing zone in words; other errors keep the API's own sentence."""
    if error.status == 404 and error.method == "GET" and re.match(r"/dnszone/[^/]+\Z", error.path or ""):
        return "The DNS zone %s was not found (HTTP 404)." % error.path.rsplit("/", 1)[-1]
    return None
