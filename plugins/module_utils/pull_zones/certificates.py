# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The certificate of a pull zone hostname (pullzone_certificate), declared on items.py.

A hostname of a pull zone holds one certificate: one of the user's own (uploaded with its key), a
free one the platform gets over HTTP, one validated by an external DNS record or HTTP file (a
request that answers the challenge, then a completion), or a wildcard certificate a Bunny DNS zone
issues. What a read shows of it is the hostname's ``HasCertificate``, how it was provisioned
(``CertificateProvisionType``), the key type of automatic certificates (``CertificateKeyType``),
and, with ``includeCertificate=true``, the certificate itself (and its key, which this module reads
past and never keeps). The certificate is compared by the SHA-256 fingerprint of its DER form and
its expiry, parsed here without any library: where the read carries no certificate, nothing tells
whether the one there is the one given, and ``force`` replaces it.

The items are the zone's hostnames as certificate views (``certificate_view``): no certificate
material, no key. A hostname the zone lacks is refused: pullzone_hostname adds hostnames.
"""

import base64
import binascii
import hashlib
import re
from datetime import datetime, timezone

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.dns_names import comparable_name as canonical
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, Write, apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    DNS_NAME,
    SYSTEM_HOSTNAME_SUFFIX,
    hostname_problem,
    parent_options,
    parent_rules,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE

# The vendor's CertificateProvisionType and PrivateKeyType, by the names results and options give them.
PROVISION_TYPES = {"unknown": 0, "http": 1, "dns": 2, "custom": 3, "managed": 4}
KEY_TYPES = {"ecdsa": 0, "rsa": 1}
# How each source provisions the certificate it gets, as a read then reports it.
SOURCE_PROVISIONS = {"custom": "custom", "free": "http", "dns_validation": "dns", "http_validation": "http", "wildcard": "dns"}
SOURCES = list(SOURCE_PROVISIONS)
VALIDATIONS = {"dns_validation": "Dns", "http_validation": "Http"}
CERTIFICATE_BLOCK = re.compile(r"-----BEGIN CERTIFICATE-----(.+?)-----END CERTIFICATE-----", re.DOTALL)
KEY_BLOCK = re.compile(r"-----BEGIN ((?:RSA |EC |ENCRYPTED )?)PRIVATE KEY-----")
SUBJECT_ALT_NAME = b"\x55\x1d\x11"
COMMON_NAME = b"\x55\x04\x03"


# --- The certificate, read without a library ---------------------------------------------------------

class Certificate:
    """A PEM certificate's leaf: its SHA-256 fingerprint, expiry and DNS names (SAN, else the CN)."""

    def __init__(self, der):
        self.der = der
        self.fingerprint = ":".join("%02X" % byte for byte in hashlib.sha256(der).digest())
        try:
            self.not_before, self.not_after, self.names = _parse(der)
        except (IndexError, ValueError) as error:
            raise ValueError("is not an X.509 certificate (%s)" % error) from None

    @classmethod
    def from_pem(cls, text):
        match = CERTIFICATE_BLOCK.search(text or "")
        if match is None:
            raise ValueError("holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        try:
            return cls(base64.b64decode("".join(match.group(1).split()), validate=True))
        except (binascii.Error, ValueError) as error:
            raise ValueError("holds a certificate block that is not base64 (%s)" % error) from None

    @classmethod
    def from_api(cls, value):
        """The certificate a read carries (base64 or base64url of a PEM file or of DER); None when it carries none that reads."""
        if not value:
            return None
        padded = value + "=" * (-len(value) % 4)
        for decode in (base64.b64decode, base64.urlsafe_b64decode):
            try:
                data = decode(padded)
            except (binascii.Error, ValueError):
                continue
            try:
                if b"-----BEGIN CERTIFICATE-----" in data:
                    return cls.from_pem(data.decode("ascii", "replace"))
                if data[:1] == b"\x30":
                    return cls(data)
            except ValueError:
                continue
        return None

    def covers(self, hostname):
        """Whether one of the certificate's names serves ``hostname`` (a wildcard covers one label)."""
        wanted = canonical(hostname)
        for name in self.names:
            name = canonical(name)
            if name == wanted or (name.startswith("*.") and wanted.partition(".")[2] == name[2:] and not wanted.startswith("*.")):
                return True
        return False

    @property
    def not_after_text(self):
        return self.not_after.strftime("%Y-%m-%dT%H:%M:%SZ")


def _tlv(data, position):
    """``(tag, content start, content end)`` of the DER element at ``position``."""
    tag, length = data[position], data[position + 1]
    start = position + 2
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(data[start:start + count], "big")
        start += count
    if start + length > len(data):
        raise ValueError("an element runs past the end")
    return tag, start, start + length


def _children(data, start, end):
    position = start
    while position < end:
        tag, content_start, content_end = _tlv(data, position)
        yield tag, content_start, content_end
        position = content_end


def _parse(der):
    _tag, start, end = _tlv(der, 0)
    _tag, tbs_start, tbs_end = next(_children(der, start, end))
    fields = list(_children(der, tbs_start, tbs_end))
    if fields[0][0] == 0xA0:  # the explicit version
        fields = fields[1:]
    validity, subject = fields[3], fields[4]
    not_before, not_after = (_time(der, tag, first, last) for tag, first, last in _children(der, validity[1], validity[2]))
    names = []
    for tag, first, last in fields[6:]:
        if tag == 0xA3:
            names = _alt_names(der, first, last)
    if not names:
        names = _common_names(der, subject[1], subject[2])
    return not_before, not_after, names


def _time(der, tag, start, end):
    text = der[start:end].decode("ascii")
    if tag == 0x17:  # UTCTime, two-digit years: 50 to 99 are the 1900s
        year = int(text[:2])
        text = ("19" if year >= 50 else "20") + text
    return datetime.strptime(text[:14], "%Y%m%d%H%M%S").replace(tzinfo=timezone.utc)


def _alt_names(der, start, end):
    _tag, extensions_start, extensions_end = _tlv(der, start)
    for _tag, first, last in _children(der, extensions_start, extensions_end):
        parts = list(_children(der, first, last))
        if der[parts[0][1]:parts[0][2]] == SUBJECT_ALT_NAME:
            _tag, value_start, value_end = parts[-1]
            _tag, names_start, names_end = _tlv(der, value_start)
            return [der[a:b].decode("ascii") for tag, a, b in _children(der, names_start, names_end) if tag == 0x82]
    return []


def _common_names(der, start, end):
    names = []
    for _tag, set_start, set_end in _children(der, start, end):
        for _tag, first, last in _children(der, set_start, set_end):
            (_oid, oid_start, oid_end), (_kind, value_start, value_end) = list(_children(der, first, last))[:2]
            if der[oid_start:oid_end] == COMMON_NAME:
                names.append(der[value_start:value_end].decode("utf-8", "replace"))
    return names


def key_problem(text):
    """What is wrong with a private key's PEM text; None when it is one the API takes."""
    match = KEY_BLOCK.search(text or "")
    if match is None:
        return "holds no PEM private key (-----BEGIN PRIVATE KEY-----)"
    if match.group(1) == "ENCRYPTED ":
        return "is encrypted; the API takes the key without a passphrase"
    return None


# --- The options ---------------------------------------------------------------------------------------

def certificate_options():
    return parent_options(
        CERTIFICATES,
        hostname=dict(type="str", required=True),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        source=dict(type="str", choices=SOURCES),
        certificate=dict(type="str"),
        certificate_file=dict(type="path"),
        certificate_key=dict(type="str", no_log=True),
        certificate_key_file=dict(type="path"),
        complete=dict(type="bool", default=False),
        dns_zone_id=dict(type="int"),
        key_type=dict(type="str", choices=list(KEY_TYPES)),
        force=dict(type="bool", default=False),
    )


CERTIFICATE_KWARGS = dict(
    mutually_exclusive=[("certificate", "certificate_file"), ("certificate_key", "certificate_key_file")],
    required_if=[("source", "custom", ("certificate", "certificate_file"), True),
                 ("source", "custom", ("certificate_key", "certificate_key_file"), True),
                 ("source", "wildcard", ("dns_zone_id",))],
)


def certificate_rules():
    return parent_rules(CERTIFICATES) + (("hostname", dict(satisfies=(hostname_problem, DNS_NAME))), ("dns_zone_id", dict(minimum=1)))


def local_certificate(module):
    """``(Certificate, PEM text, key text)`` of a custom certificate, checked before any request; problems are refused."""
    params = module.params
    problems = []
    texts = {}
    for option in ("certificate", "certificate_key"):
        texts[option] = params[option]
        path = params[option + "_file"]
        if path is not None:
            try:
                with open(path, encoding="ascii") as handle:
                    texts[option] = handle.read()
            except (OSError, UnicodeDecodeError) as error:
                problems.append("%s_file %s could not be read: %s" % (option, path, error))
    module.hide_values([texts["certificate_key"], _b64(texts["certificate_key"])])
    module.refuse(problems)
    try:
        certificate = Certificate.from_pem(texts["certificate"])
    except ValueError as error:
        module.refuse(["the certificate %s" % error])
    problem = key_problem(texts["certificate_key"])
    if problem:
        problems.append("the certificate key %s" % problem)
    if not certificate.covers(params["hostname"]):
        problems.append("the certificate is for %s, not for %s" % (", ".join(certificate.names) or "no DNS name", params["hostname"]))
    now = datetime.now(timezone.utc)
    if certificate.not_after <= now:
        problems.append("the certificate expired on %s" % certificate.not_after_text)
    elif certificate.not_before > now:
        problems.append("the certificate is not valid before %s" % certificate.not_before.strftime("%Y-%m-%dT%H:%M:%SZ"))
    module.refuse(problems)
    return certificate, texts["certificate"], texts["certificate_key"]


def _b64(text):
    return base64.b64encode((text or "").encode("ascii", "replace")).decode("ascii") if text else None


# --- The items -------------------------------------------------------------------------------------------

def certificate_view(hostname):
    """A hostname as this module sees it: its certificate's facts, never its material."""
    parsed = Certificate.from_api(hostname.get("Certificate")) if hostname.get("HasCertificate") else None
    return {
        "Value": hostname.get("Value") or "",
        "IsSystemHostname": bool(hostname.get("IsSystemHostname")),
        "HasCertificate": bool(hostname.get("HasCertificate")),
        "Source": _name(PROVISION_TYPES, hostname.get("CertificateProvisionType")),
        "KeyType": _name(KEY_TYPES, hostname.get("CertificateKeyType")),
        "Fingerprint": parsed.fingerprint if parsed else None,
        "NotAfter": parsed.not_after_text if parsed else None,
    }


def _name(names, number):
    return next((name for name, known in names.items() if known == number), number)


def project_certificate(view):
    return {
        "hostname": view["Value"],
        "is_system_hostname": view["IsSystemHostname"],
        "has_certificate": view["HasCertificate"],
        "source": view["Source"],
        "key_type": view["KeyType"],
        "fingerprint_sha256": view["Fingerprint"],
        "not_after": view["NotAfter"],
    }


def read_views(client, zone_id, record=None):
    """The zone's hostnames as certificate views, from a read that carries the certificates."""
    if record is None:
        record = client.get(PULL_ZONE.path(zone_id), params={"includeCertificate": "true"})
    return [certificate_view(hostname) for hostname in record.get("Hostnames") or []]


def certificate_differences(present, wanted):
    """What the hostname's certificate lacks of ``wanted`` (a view with ``Source``, ``Force`` and the local facts)."""
    changes = {}
    if wanted.get("KeyType") is not None and wanted["KeyType"] != present["KeyType"]:
        changes["KeyType"] = wanted["KeyType"]
    if wanted.get("HasCertificate") is False and present["HasCertificate"]:
        changes.update(HasCertificate=False, Source="unknown", Fingerprint=None, NotAfter=None)
    source = wanted.get("Source")
    if source is None:
        return changes
    provision = SOURCE_PROVISIONS[source]
    if not present["HasCertificate"] or wanted.get("Force") or _differs(present, source, wanted):
        changes.update(HasCertificate=True, Source=provision, Fingerprint=wanted.get("Fingerprint"), NotAfter=wanted.get("NotAfter"))
    return changes


def _differs(present, source, wanted):
    if source != "custom":
        # Any certificate the platform provisions will do; one of the user's own is replaced by it.
        return present["Source"] == "custom"
    if present["Source"] != "custom":
        return True
    # Where the read carries the certificate, its fingerprint says whether it is the one given.
    return present["Fingerprint"] is not None and (present["Fingerprint"], present["NotAfter"]) != (wanted["Fingerprint"], wanted["NotAfter"])


def _not_on_zone(change):
    change.refuse("%s is not a hostname of pull zone %s; add it with bunnynet.cloud.pullzone_hostname first" % (
        change.wanted["Value"], change.parent_id))


def _certificate_writes(change):
    """The key type first (the certificates the platform makes from then on use it), then the certificate."""
    if change.adding:
        return []  # refused: the zone lacks the hostname
    context = change.context
    name = change.present["Value"]
    zone_path = change.parent_path
    writes = []
    if "KeyType" in change.changes:
        key_type = change.changes["KeyType"]
        writes.append(("key_type", Write("POST", zone_path + "/updatePrivateKeyType", {"Hostname": name, "KeyType": KEY_TYPES[key_type]},
                                         confirm=lambda: _holding(context, change, {"KeyType": key_type}))))
    if "HasCertificate" not in change.changes:
        return writes
    if change.present["IsSystemHostname"] or canonical(name).endswith(SYSTEM_HOSTNAME_SUFFIX):
        change.refuse("%s is the system hostname of pull zone %s, whose certificate bunny.net manages" % (name, change.parent_id))
        return writes
    settled = {key: change.changes[key] for key in ("HasCertificate", "Source", "Fingerprint") if key in change.changes}

    def holding():
        return _holding(context, change, settled)
    if not change.changes["HasCertificate"]:
        write = Write("DELETE", zone_path + "/removeCertificate", {"Hostname": name}, confirm=holding)
    else:
        write = _obtaining_write(change.module, name, zone_path, holding)
    writes.append(("certificate", write))
    return writes


def _obtaining_write(module, name, zone_path, holding):
    params = module.params
    source = params["source"]
    if source == "custom":
        # The key goes into the request only as it is sent, and never into a result.
        def body():
            pem, key = module.certificate_material
            return {"Hostname": name, "Certificate": _b64(pem), "CertificateKey": _b64(key)}
        return Write("POST", zone_path + "/addCertificate", body, confirm=holding)
    if source == "free":
        # A GET that loads a certificate; sent again after a lost answer, it at worst loads the same one twice.
        return Write("GET", "/pullzone/loadFreeCertificate", params={"hostname": name})
    if source == "wildcard":
        # A certificate for *.<the domain above the hostname>, through the Bunny DNS zone that holds it.
        return Write("POST", "/dnszone/%d/certificate/issue" % params["dns_zone_id"], {"Domain": name.partition(".")[2]}, confirm=holding)
    return Write("POST", "/pullzone/completeExternal%sCertificate" % VALIDATIONS[source], {"Hostname": name}, confirm=holding)


def _holding(context, change, changes):
    """The hostname, read, once it holds ``changes``; None while it does not. A fingerprint is
    compared only where both the change and the read have one."""
    def holds(view):
        return all(view.get(key) == value or (key == "Fingerprint" and None in (value, view.get(key))) for key, value in changes.items())
    found = [view for view in read_views(context.module.client, change.parent_id) if canonical(view["Value"]) == change.key]
    return next((view for view in found if holds(view)), None)


CERTIFICATES = Items(
    noun="certificate", parent=PULL_ZONE, parent_option="pull_zone_id",
    read=read_views, key=lambda view: canonical(view["Value"]),
    differences=certificate_differences, predict=lambda view, changes: dict(view, **changes), project=project_certificate,
    new_item=lambda wanted: certificate_view({"Value": wanted["Value"]}),
    add=_not_on_zone, change=_certificate_writes, order=("key_type", "certificate"),
)


# --- The run ------------------------------------------------------------------------------------------------

def wanted_certificate(module, local):
    params = module.params
    wanted = {"Value": canonical(params["hostname"]), "KeyType": params["key_type"], "Force": params["force"]}
    if params["state"] == "absent":
        wanted["HasCertificate"] = False
        return wanted
    source = params["source"]
    if source in VALIDATIONS and not params["complete"]:
        return wanted  # the request step: the hostname gets no certificate in this run
    if source is not None:
        wanted["Source"] = source
    if local is not None:
        wanted.update(Fingerprint=local.fingerprint, NotAfter=local.not_after_text)
    return wanted


def converge_certificate(module):
    """Plan the hostname's certificate from a read that carries the certificates, under the zone's lock, and apply it."""
    params = module.params
    zone_id = params["pull_zone_id"]
    hostname = canonical(params["hostname"])
    local = None
    if params["state"] == "present" and params["source"] == "custom":
        local, pem, key = local_certificate(module)
        module.certificate_material = (pem, key)

    def planned():
        present = read_views(module.client, zone_id)
        if params["state"] == "absent" and not CERTIFICATES.find(present, hostname):
            # A hostname the zone does not have has no certificate to remove.
            return Plan(before=None, after=None)
        plan = CERTIFICATES.plan(module, zone_id, present, [wanted_certificate(module, local)], focus=hostname)
        _request_challenge(module, plan, present)
        return plan

    module.run(lambda module: apply(module, planned, lock=CERTIFICATES.lock_path(zone_id)), describe_error=CERTIFICATES.describe_error(zone_id))


def _request_challenge(module, plan, present):
    """The first step of an external validation: ask for the DNS record or HTTP file that proves the
    hostname, for a hostname without a certificate; the answer is the result's ``challenge``."""
    params = module.params
    validation = VALIDATIONS.get(params["source"]) if params["state"] == "present" else None
    if validation is None or params["complete"]:
        return
    view = next((view for view in present if canonical(view["Value"]) == canonical(params["hostname"])), None)
    if view is None or (view["HasCertificate"] and not params["force"]):
        return
    plan.result["challenge"] = None

    def answered(answer):
        plan.result["challenge"] = _snake_challenge(answer)
    # Each request starts a validation of its own, with a new challenge; a lost answer is asked for again.
    plan.add(Write("POST", "/pullzone/requestExternal%sCertificate" % validation, {"Hostname": view["Value"]}, answered=answered))


def _snake_challenge(answer):
    names = {"RecordType": "record_type", "RecordName": "record_name", "RecordValue": "record_value",
             "FilePath": "file_path", "FileContent": "file_content", "Hostname": "hostname"}
    return {names.get(key, key): value for key, value in (answer or {}).items()} if isinstance(answer, dict) else answer
