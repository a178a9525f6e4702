# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The items of pull zones and video libraries: hostnames and referrers (pullzone_hostname,
pullzone_referrer, videolibrary_referrer), declared on items.py.

Each module manages part of one parent record (a pull zone, a video library). It reads the record
once, works out every write from that read, and makes one call per item that differs: the API has
no call that replaces a whole list. While a run writes it holds the parent's lock (locking.py), so
that parallel tasks on one controller write to one zone one after another. The result is the
predicted state (the read with the writes applied), not a second read, so a run costs one read
plus one call per change however large the lists are. The edge rules' own code is in edge_rules.py.
"""

from ansible.module_utils.parsing.convert_bool import boolean

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import changed_fields
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.dns_names import comparable_name as canonical
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.dns_names import host_name
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items, converge_items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION, Failure, Plan, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import VIDEO_LIBRARY

# bunny.net names every zone <name>.b-cdn.net; such hostnames belong to the platform.
SYSTEM_HOSTNAME_SUFFIX = ".b-cdn.net"
# The read model's hostname fields that results show, in snake_case. Certificate and key material
# (Certificate, CertificateKey) is left out by construction rather than masked: a zone can hold
# thousands of hostnames, and a masked value would still have to be kept out of every other part
# of the output. Without includeCertificate the read does not carry it anyway.
HOSTNAME_FIELDS = (
    ("Id", "id"),
    ("Value", "value"),
    ("ForceSSL", "force_ssl"),
    ("IsSystemHostname", "is_system_hostname"),
    ("IsManagedHostname", "is_managed_hostname"),
    ("HasCertificate", "has_certificate"),
)
HOSTNAME_ITEM_KEYS = ("name", "force_ssl")
DNS_NAME = "be a DNS name such as cdn.example.com"

# The referrer lists of both parents: option, field of the read, and the add and remove operations.
REFERRER_LISTS = (
    ("allowed_referrers", "AllowedReferrers", "addAllowedReferrer", "removeAllowedReferrer"),
    ("blocked_referrers", "BlockedReferrers", "addBlockedReferrer", "removeBlockedReferrer"),
)


# --- Options and input rules ----------------------------------------------------------------------

def parent_options(items, **options):
    """The argument spec of a module on the parent of ``items``: its ID, the lock bound, and ``options``."""
    spec = {
        items.parent_option: dict(type="int", required=True),
        "lock_timeout": dict(LOCK_TIMEOUT_OPTION),
    }
    spec.update(options)
    return spec


def parent_rules(items):
    return (
        (items.parent_option, dict(minimum=1)),
        ("lock_timeout", dict(minimum=1)),
    )


def referrer_options(items):
    return parent_options(
        items,
        allowed_referrers=dict(type="list", elements="str"),
        blocked_referrers=dict(type="list", elements="str"),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        purge=dict(type="bool", default=False),
    )


def referrer_rules(items):
    return parent_rules(items) + tuple(
        rule for option, _field, _add, _remove in REFERRER_LISTS for rule in name_list_rules(option, "referrer"))


def hostname_options():
    return parent_options(
        HOSTNAMES,
        hostnames=dict(type="list", elements="raw", required=True),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        purge=dict(type="bool", default=False),
        free_certificate=dict(type="bool", default=False),
        complete_external_dns_certificate=dict(type="bool", default=False),
    )


def hostname_rules():
    return parent_rules(HOSTNAMES) + (
        ("hostnames[]", dict(satisfies=(hostname_item_problem, "be a hostname, or a dict with name and optionally force_ssl"))),
        ("hostnames[]", dict(satisfies=(lambda item: hostname_problem(item) if isinstance(item, str) else True, DNS_NAME))),
        ("hostnames[].name", dict(satisfies=(hostname_problem, DNS_NAME))),
        ("hostnames", dict(satisfies=(each_name_once, "name each hostname once"))),
    )


def name_list_rules(option, noun):
    return (
        (option + "[]", dict(satisfies=(hostname_problem, DNS_NAME))),
        (option, dict(satisfies=(each_name_once, "name each %s once" % noun))),
    )


def hostname_problem(value):
    """True for a host name; otherwise what is wrong with it, as the validation message shows it.

    The contract asks only for at least one character; anything a browser would not send as a
    host (a scheme, a port, a path, white space) is refused too, since the API would store it. The
    name itself follows the one DNS-name rule for host names (dns_names.py): an internationalised
    name is taken, and sent in its ASCII form; a leading ``*.`` label (a wildcard) is allowed.
    """
    if not isinstance(value, str):
        return "%r, which is not a string" % (value,)
    if not value:
        return "an empty string"
    if "://" in value:
        return "%r, which has a scheme: give the hostname alone" % value
    if any(char.isspace() for char in value):
        return "%r, which contains white space" % value
    if "/" in value:
        return "%r, which has a path: give the hostname alone" % value
    if ":" in value:
        return "%r, which has a port: give the hostname alone" % value
    try:
        host_name(value)
    except ValueError as error:
        return str(error)
    return True


def hostname_item_problem(item):
    if isinstance(item, str):
        return True
    if not isinstance(item, dict):
        return "%r, which is neither" % (item,)
    unknown = sorted(set(item) - set(HOSTNAME_ITEM_KEYS))
    if unknown:
        return "%r, which has the unknown key %s (allowed: %s)" % (item, ", ".join(unknown), ", ".join(HOSTNAME_ITEM_KEYS))
    if item.get("name") is None:
        return "%r, which has no name" % (item,)
    if item.get("force_ssl") is not None:
        try:
            boolean(item["force_ssl"])
        except TypeError:
            return "%r, whose force_ssl is not a boolean" % (item,)
    return True


def each_name_once(items):
    """A ``satisfies`` predicate: no name twice, compared as the API compares them."""
    seen = set()
    for item in items:
        name = item.get("name") if isinstance(item, dict) else item
        if not isinstance(name, str):
            continue
        if canonical(name) in seen:
            return "%r twice (names are compared without case and trailing dot)" % name
        seen.add(canonical(name))
    return True


# --- Referrers ------------------------------------------------------------------------------------

def referrer_items(parent, parent_option, field, add, remove):
    """A referrer list of ``parent``: plain names, compared as DNS compares them, one call per name."""
    return Items(
        noun="referrer", parent=parent, parent_option=parent_option, field=field, key=canonical,
        add=lambda change: Write("POST", "%s/%s" % (change.parent_path, add), {"Hostname": change.wanted},
                                 confirm=change.added),
        remove=lambda change: Write("POST", "%s/%s" % (change.parent_path, remove), {"Hostname": change.present},
                                    confirm=change.gone),
        order=("add", "remove"),
    )


def referrer_lists(parent, parent_option):
    """``{option: Items}`` of the two referrer lists of ``parent``."""
    return {option: referrer_items(parent, parent_option, field, add, remove) for option, field, add, remove in REFERRER_LISTS}


PULL_ZONE_REFERRERS = referrer_lists(PULL_ZONE, "pull_zone_id")
VIDEO_LIBRARY_REFERRERS = referrer_lists(VIDEO_LIBRARY, "video_library_id")


def converge_referrers(module, lists):
    """Make the parent's referrer lists hold what the options give: one plan of both lists."""
    params = module.params

    def plan(record):
        parent_id = params[lists["allowed_referrers"].parent_option]
        plans = {}
        for option, items in lists.items():
            present = items.read(module.client, parent_id, record)
            if params[option] is None:
                plans[option] = Plan(before=present, after=present)
                continue
            wanted = [canonical(name) for name in params[option]]
            plans[option] = items.plan(module, parent_id, present, wanted, params["state"], params["purge"])
        return Plan.joined(plans)

    converge_items(module, lists["allowed_referrers"], plan)


# --- Hostnames ------------------------------------------------------------------------------------

def project_hostname(record):
    return {key: record.get(field) for field, key in HOSTNAME_FIELDS}


def hostname_value(record):
    """A hostname record's value as the zone holds it; the read model allows null, which names nothing."""
    return record.get("Value") or ""


def is_platform_hostname(record):
    """System and managed hostnames belong to bunny.net: they are never removed."""
    return bool(record.get("IsSystemHostname") or record.get("IsManagedHostname")) or canonical(
        hostname_value(record)).endswith(SYSTEM_HOSTNAME_SUFFIX)


def wanted_hostnames(params):
    """The hostnames the options give, as partial records: name canonical, Force SSL and a certificate where asked."""
    certificate = True if params["free_certificate"] or params["complete_external_dns_certificate"] else None
    wanted = []
    for item in params["hostnames"]:
        if isinstance(item, dict):
            force_ssl = None if item.get("force_ssl") is None else boolean(item["force_ssl"])
            name = item["name"]
        else:
            force_ssl, name = None, item
        wanted.append({"Value": canonical(name), "ForceSSL": force_ssl, "HasCertificate": certificate})
    return wanted


def hostname_differences(record, wanted):
    """What a hostname lacks of ``wanted``: its name is its key, the same in any case, so only Force SSL and the certificate differ."""
    return changed_fields(record, {name: value for name, value in wanted.items() if name != "Value"})


def new_hostname(wanted):
    """A hostname as addHostname leaves it: without Force SSL and without a certificate."""
    return dict(Id=None, Value=wanted["Value"], ForceSSL=False, IsSystemHostname=False, IsManagedHostname=False, HasCertificate=False)


def _add_hostname(change):
    name = change.wanted["Value"]
    if name.endswith(SYSTEM_HOSTNAME_SUFFIX):
        change.refuse("The hostname %s is a bunny.net system hostname that pull zone %s does not have, so it cannot be added" % (
            name, change.parent_id))
        return None
    return Write("POST", change.parent_path + "/addHostname", {"Hostname": name}, confirm=change.added)


def _change_hostname(change):
    """Certificates first, then Force SSL, which needs one to serve HTTPS."""
    name = change.key
    writes = []
    if change.changes.get("HasCertificate"):
        writes.append(("certificate", _certificate_write(change)))
    if "ForceSSL" in change.changes:
        force_ssl = change.changes["ForceSSL"]
        writes.append(("force_ssl", Write("POST", change.parent_path + "/setForceSSL", {"Hostname": name, "ForceSSL": force_ssl},
                                          confirm=lambda: change.holding({"ForceSSL": force_ssl}))))
    return writes


def _certificate_write(change):
    name = change.key
    requests = change.context.state.setdefault("certificates", [])
    requests.append(name)
    obtained = change.context.state.setdefault("obtained", [])
    failed = _certificate_failure(change.parent_id, requests, obtained)
    if change.module.params["free_certificate"]:
        # A GET that loads a certificate: the client sends it again after a lost answer, which
        # at worst loads the same certificate twice.
        return Write("GET", "/pullzone/loadFreeCertificate", params={"hostname": name},
                     answered=lambda _answer: obtained.append(name), failed=failed)
    return Write("POST", "/pullzone/completeExternalDnsCertificate", {"Hostname": name},
                 confirm=lambda: change.holding({"HasCertificate": True}),
                 answered=lambda _answer: obtained.append(name), failed=failed)


def _certificate_failure(zone_id, requested, obtained):
    def failed(error):
        missing = requested[len(obtained):]
        # A certificate obtained already counts as a write (BunnyModule.write), so only a
        # request that may have been applied remains to be said.
        return Failure(
            "Certificates were requested for %d hostnames of pull zone %s: %s got one; %s did not. %s" % (
                len(requested), zone_id, _names(obtained), _names(missing), error),
            changed=error.outcome_unknown, certificates_obtained=list(obtained), certificates_missing=missing,
            **error.as_result())
    return failed


def _remove_hostname(change):
    if change.context.module.params["state"] == "absent" and is_platform_hostname(change.present):
        change.refuse("The hostname %s is a system hostname of pull zone %s, which bunny.net manages, so it cannot be removed" % (
            hostname_value(change.present), change.parent_id))
        return None
    return Write("DELETE", change.parent_path + "/removeHostname", {"Hostname": hostname_value(change.present)}, confirm=change.gone)


HOSTNAMES = Items(
    noun="hostname", parent=PULL_ZONE, parent_option="pull_zone_id", field="Hostnames",
    key=lambda record: canonical(hostname_value(record)),
    differences=hostname_differences, new_item=new_hostname, platform=is_platform_hostname, project=project_hostname,
    add=_add_hostname, change=_change_hostname, remove=_remove_hostname,
    order=("add", "certificate", "force_ssl", "remove"),
)


def converge_hostnames(module):
    params = module.params

    def plan(record):
        present = HOSTNAMES.read(module.client, params["pull_zone_id"], record)
        return HOSTNAMES.plan(module, params["pull_zone_id"], present, wanted_hostnames(params), params["state"], params["purge"])

    converge_items(module, HOSTNAMES, plan)


def _names(names):
    return ", ".join(names) if names else "none"


def absent_system_hostname_problems(params):
    """System hostnames listed for removal, refused before any request: bunny.net keeps them."""
    if params["state"] != "absent":
        return []
    given = [item["name"] if isinstance(item, dict) else item for item in params["hostnames"]]
    return [
        "hostnames[%d] must not be a bunny.net system hostname (*%s) with state=absent, got %r" % (index, SYSTEM_HOSTNAME_SUFFIX, name)
        for index, name in enumerate(given) if canonical(name).endswith(SYSTEM_HOSTNAME_SUFFIX)
    ]
