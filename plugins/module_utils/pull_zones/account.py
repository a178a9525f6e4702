# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The pull zone as the account sees it: the pullzone_domains role's host, its variables and what the audit compares."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import Kind
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import (
    Fixed,
    InventoryError,
    ItemList,
    Part,
    Settings,
    Shape,
    drift,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.certificates import certificate_view
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.edge_rules import (
    EDGE_RULES,
    desired_content,
    edge_rule_options,
    ordered_rules,
    project_rule,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    HOSTNAMES,
    PULL_ZONE_REFERRERS,
    canonical,
    hostname_value,
    is_platform_hostname,
    wanted_hostnames,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.optimizer_classes import (
    OPTIMIZER_CLASSES,
    class_options,
    project_class,
    wanted_class,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import SECRET_KEYS as PULL_ZONE_SECRET_KEYS

# What a hostname read with its certificate carries besides the facts of it: never kept.
CERTIFICATE_MATERIAL = ("Certificate", "CertificateKey")


def pull_zones(reads):
    """Every pull zone as the API reads it, listed once: a kind of its own, the sites storage zones
    serve, the pull zones video libraries and Shield zones belong to.

    Listed with the hostnames' certificates, so that a certificate of the user's own is known by its
    fingerprint and expiry (``certificates_of``); the material (and the key beside it) is dropped at once.
    """
    def listed():
        zones = list(reads.client.paginate(PULL_ZONE.paths.list, dict(PULL_ZONE.paths.read_params or {}, includeCertificate="true"),
                                           PULL_ZONE.paths.pages))
        for zone in zones:
            views = [certificate_view(hostname) for hostname in custom_hostnames(reads, zone)]
            reads.once("certificates", zone["Id"], lambda views=views: views)
            for hostname in zone.get("Hostnames") or []:
                for material in CERTIFICATE_MATERIAL:
                    hostname.pop(material, None)
        return zones
    return reads.once("pull zones", None, listed)


def certificates_of(reads, zone):
    """The certificates of the zone's custom hostnames as pullzone_certificate sees them: no material, no key."""
    return reads.once("certificates", zone["Id"], lambda: [])


def pull_zone_names(reads):
    """Each pull zone's name by its id."""
    return reads.once("pull zone names", None, lambda: {zone["Id"]: zone["Name"] for zone in pull_zones(reads)})


def custom_hostnames(reads, zone):
    return [hostname for hostname in zone.get("Hostnames") or [] if not is_platform_hostname(hostname)]


class Certificates(Part):
    """Free certificates for the zone's custom hostnames: asked for when every one of them has a certificate."""

    variable = "pullzone_domains_free_certificate"

    def variables(self):
        return [self.variable, "pullzone_domains_hostnames"]

    def export(self, reads, record):
        hostnames = custom_hostnames(reads, record)
        return {self.variable: bool(hostnames) and all(hostname.get("HasCertificate") for hostname in hostnames)}

    def drift(self, reads, record, variables):
        if not variables.get(self.variable):
            return []
        listed = {canonical(item["name"] if isinstance(item, dict) else item) for item in variables.get("pullzone_domains_hostnames") or []}
        return [drift("%s[%s]" % (self.variable, canonical(hostname_value(hostname))), True, False)
                for hostname in custom_hostnames(reads, record)
                if canonical(hostname_value(hostname)) in listed and not hostname.get("HasCertificate")]


def _certificate_options(view):
    """A hostname's certificate as an item of pullzone_domains_certificates: where it comes from, its key type, and
    for one of the user's own its SHA-256 fingerprint and expiry (the platform renews the others, which changes both)."""
    options = {"hostname": view["Value"], "source": view["Source"], "key_type": view["KeyType"]}
    if view["Source"] == "custom":
        options.update(fingerprint_sha256=view["Fingerprint"], not_after=view["NotAfter"])
    return options


class HostnameCertificates(Part):
    """The certificates of the zone's custom hostnames, as the API exposes them. A certificate replaced
    (another fingerprint or expiry, another source or key type), removed, or added to a hostname
    the list does not name is drift; pullzone_certificate installs one, the role does not."""

    variable = "pullzone_domains_certificates"

    def _present(self, reads, record):
        return {canonical(view["Value"]): _certificate_options(view) for view in certificates_of(reads, record) if view["HasCertificate"]}

    def export(self, reads, record):
        return {self.variable: list(self._present(reads, record).values())}

    def drift(self, reads, record, variables):
        listed = variables.get(self.variable)
        if listed is None:
            return []
        present = self._present(reads, record)
        found = []
        for item in listed:
            if not isinstance(item, dict) or not item.get("hostname"):
                raise InventoryError("%s: %r names no hostname" % (self.variable, item))
            key = canonical(item["hostname"])
            held = present.pop(key, None)
            name = "%s[%s]" % (self.variable, key)
            if held is None:
                found.append(drift(name, item, None))
                continue
            found.extend(drift("%s.%s" % (name, option), item[option], held.get(option))
                         for option in ("source", "key_type", "fingerprint_sha256", "not_after")
                         if item.get(option) is not None and str(item[option]).upper() != str(held.get(option)).upper())
        found.extend(drift("%s[%s]" % (self.variable, key), None, held) for key, held in present.items())
        return found


def _listable_rules(reads, zone):
    """The rules a rules list can name: the zone's own (not bunny.net's), each by a description no other has."""
    rules = [rule for rule in ordered_rules(zone) if not rule.get("ReadOnly")]
    descriptions = [rule.get("Description") for rule in rules]
    return [rule for rule in rules if rule.get("Description") and descriptions.count(rule["Description"]) == 1]


class EdgeRulesPurge(Part):
    """Whether the role may delete the rules its list leaves out: only when the list names every rule
    of the zone's own (one without a description, or sharing it, cannot be named, so it must stay)."""

    variable = "pullzone_domains_edge_rules_purge"

    def fields(self):
        return []

    def export(self, reads, record):
        own = [rule for rule in record.get("EdgeRules") or [] if not rule.get("ReadOnly")]
        return {self.variable: len(_listable_rules(reads, record)) == len(own)}

    def drift(self, reads, record, variables):
        return []


def _rule_options(rule):
    """An edge rule as an item of pullzone_edge_rule's rules: what the rule is, not where it stands or whose it is."""
    projected = project_rule(rule)
    return {name: projected[name] for name in ("description", "actions", "triggers", "trigger_matching_type", "enabled")}


PULL_ZONE_SHAPE = Shape("pullzone_domains", "pullzone_domains_pull_zone_id", (
    Fixed("pullzone_domains_pull_zone_id", lambda zone: zone["Id"]),
    Settings("pullzone_domains_settings", PULL_ZONE),
    ItemList("pullzone_domains_hostnames", HOSTNAMES, custom_hostnames,
             to_options=lambda hostname: {"name": hostname_value(hostname), "force_ssl": bool(hostname.get("ForceSSL"))},
             to_api=lambda item, zone: wanted_hostnames(dict(hostnames=[item], free_certificate=False, complete_external_dns_certificate=False))[0],
             whole="pullzone_domains_purge"),
    Certificates(),
    HostnameCertificates(),
    ItemList("pullzone_domains_allowed_referrers", PULL_ZONE_REFERRERS["allowed_referrers"],
             lambda reads, zone: zone.get("AllowedReferrers") or [], to_options=str, to_api=lambda name, zone: canonical(name),
             whole="pullzone_domains_purge"),
    ItemList("pullzone_domains_blocked_referrers", PULL_ZONE_REFERRERS["blocked_referrers"],
             lambda reads, zone: zone.get("BlockedReferrers") or [], to_options=str, to_api=lambda name, zone: canonical(name),
             whole="pullzone_domains_purge"),
    # The rules in the order they run; a rule is the one of its description, as the rules list names them.
    ItemList("pullzone_domains_edge_rules", EDGE_RULES, _listable_rules, to_options=_rule_options,
             to_api=lambda item, zone: desired_content(item), key=lambda rule: rule.get("Description"), ordered=True,
             whole="pullzone_domains_edge_rules_purge", options=edge_rule_options()["rules"]["options"]),
    EdgeRulesPurge(),
    # The zone's read holds its image classes: a set by name, each with the transformations it sets.
    ItemList("pullzone_domains_optimizer_classes", OPTIMIZER_CLASSES, lambda reads, zone: zone.get("OptimizerClasses") or [],
             to_options=project_class, to_api=lambda item, zone: wanted_class(item), whole="pullzone_domains_optimizer_classes_purge",
             options=class_options()["classes"]["options"]),
    Fixed("pullzone_domains_optimizer_classes_purge", True),
    Fixed("pullzone_domains_purge", True),
), by_name=("pullzone_domains_pull_zone_name", lambda reads, zone: zone["Name"]), not_compared={
    "pullzone_domains_complete_external_dns_certificate": "a step of issuing a certificate whose DNS is elsewhere, not something a read returns",
})


PULL_ZONE_KINDS = (
    Kind("pull_zone", "pull zone", "pull_zones", pull_zones, PULL_ZONE.project, "id", lambda zone: zone["name"], PULL_ZONE_SECRET_KEYS,
         shapes=(PULL_ZONE_SHAPE,)),
)
