# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Pull zones and video libraries: what pullzone_hostname, pullzone_referrer, pullzone_edge_rule and
videolibrary_referrer share.

Each module manages part of one parent record (a pull zone, a video library). It reads the record
once, works out every write from that read, and makes one call per item that differs: the API has
no call that replaces a whole list. While a run writes it holds the parent's lock (locking.py), so
that parallel tasks on one controller write to one zone one after another. The result is the
predicted state (the read with the writes applied), not a second read, so a run costs one read
plus one call per change however large the lists are. The edge rules' own code is in edge_rules.py.
"""

import re
from contextlib import contextmanager

from ansible.module_utils.parsing.convert_bool import boolean

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.diff import reconcile_set
from ansible_collections.bunnynet.cloud.plugins.module_utils.resource import held_lock

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
# A DNS label: letters, digits and hyphens, not at either end, at most 63 characters.
DNS_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\Z")
DNS_NAME_MAX_LENGTH = 253
DNS_NAME = "be a DNS name such as cdn.example.com"
DEFAULT_LOCK_TIMEOUT = 600

# The referrer lists of both parents: option, field of the read, and the add and remove operations.
REFERRER_LISTS = (
    ("allowed_referrers", "AllowedReferrers", "addAllowedReferrer", "removeAllowedReferrer"),
    ("blocked_referrers", "BlockedReferrers", "addBlockedReferrer", "removeBlockedReferrer"),
)


class Parent:
    """A record whose parts the modules manage: its noun, its read path and the option naming it."""

    # Import-time only (PULL_ZONE, VIDEO_LIBRARY), out of mutants' reach; test_referrers.py guards it.
    def __init__(self, noun, path, id_option):  # pragma: no mutate block
        self.noun = noun
        self.path_template = path
        self.id_option = id_option

    def path(self, record_id):
        return build_path(self.path_template, record_id=record_id)

    def read(self, client, record_id):
        return client.get(self.path(record_id))

    def error_describer(self, record_id):
        """A missing record named in a sentence; other errors keep the API's own sentence."""
        path = self.path(record_id)

        def describe(error):
            if error.status == 404 and error.path == path:
                return "%s %s was not found (HTTP 404)." % (self.noun, record_id)
            return None
        return describe


PULL_ZONE = Parent("Pull zone", "/pullzone/{record_id}", "pull_zone_id")
VIDEO_LIBRARY = Parent("Video library", "/videolibrary/{record_id}", "video_library_id")


class Write:
    """One call of a plan, with the read that tells whether it took effect when its answer is lost."""

    def __init__(self, method, path, body=None, params=None, confirm=None):
        self.method = method
        self.path = path
        self.body = body
        self.params = params
        self.confirm = confirm

    def send(self, module):
        return module.write(self.method, self.path, self.body, self.params, confirm=self.confirm)


# --- Options and input rules ----------------------------------------------------------------------

def parent_options(parent, **options):
    """The argument spec of a module on ``parent``: its ID, the lock bound, and ``options``."""
    spec = {
        parent.id_option: dict(type="int", required=True),
        "lock_timeout": dict(type="int", default=DEFAULT_LOCK_TIMEOUT),
    }
    spec.update(options)
    return spec


def parent_rules(parent):
    return (
        (parent.id_option, dict(minimum=1)),
        ("lock_timeout", dict(minimum=1)),
    )


def referrer_options(parent):
    return parent_options(
        parent,
        allowed_referrers=dict(type="list", elements="str"),
        blocked_referrers=dict(type="list", elements="str"),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        purge=dict(type="bool", default=False),
    )


def referrer_rules(parent):
    return parent_rules(parent) + tuple(
        rule for option, _field, _add, _remove in REFERRER_LISTS for rule in name_list_rules(option, "referrer"))


def hostname_options():
    return parent_options(
        PULL_ZONE,
        hostnames=dict(type="list", elements="raw", required=True),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        purge=dict(type="bool", default=False),
        free_certificate=dict(type="bool", default=False),
        complete_external_dns_certificate=dict(type="bool", default=False),
    )


def hostname_rules():
    return parent_rules(PULL_ZONE) + (
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


def canonical(name):
    """The form names are compared in, and sent in: lower case, without a trailing dot."""
    name = name.lower()
    return name[:-1] if name.endswith(".") else name


def hostname_problem(value):
    """True for a DNS name; otherwise what is wrong with it, as the validation message shows it.

    The contract asks only for at least one character; anything a browser would not send as a
    host (a scheme, a port, a path, white space) is refused too, since the API would store it.
    A leading ``*.`` label (a wildcard) is allowed.
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
    name = canonical(value)
    if len(name) > DNS_NAME_MAX_LENGTH:
        return "a name of %d characters, longer than %d" % (len(name), DNS_NAME_MAX_LENGTH)
    labels = name.split(".")
    if labels[0] == "*" and len(labels) > 1:
        labels = labels[1:]
    for label in labels:
        if not DNS_LABEL.match(label):
            return "%r, whose label %r is not 1 to 63 letters, digits or inner hyphens" % (value, label)
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


# --- Running: the lock, the read, the writes ------------------------------------------------------

@contextmanager
def writing(module, parent):
    """Hold the parent's lock around a run that may write; check mode only reads and takes none."""
    if module.check_mode:
        yield
        return
    with held_lock(module, parent.path(module.params[parent.id_option])):
        yield


def converge(module, parent, make_plan):
    """Read the parent once under its lock, plan every write from that read, send them, and finish.

    ``make_plan(module, record)`` returns a plan: ``problems`` (phrases that stop the run before
    any write), ``before()`` and ``after()`` (the projection now and once the plan is applied),
    ``changes()`` and ``apply()``.
    """
    record_id = module.params[parent.id_option]

    def run(module):
        with writing(module, parent):
            plan = make_plan(module, parent.read(module.client, record_id))
            if plan.problems:
                module.fail("; ".join(plan.problems) + ".")
            if not module.check_mode:
                plan.apply()
        module.exit_resource(plan.changes(), plan.before(), plan.after())

    module.run(run, describe_error=parent.error_describer(record_id))


class WritePlan:
    """A plan that is a list of writes, each sent as it is."""

    def __init__(self, module, before, after, writes=(), problems=()):
        self.module = module
        self.problems = list(problems)
        self.writes = list(writes)
        self._before = before
        self._after = after

    def before(self):
        return self._before

    def after(self):
        return self._after

    def changes(self):
        return bool(self.writes)

    def apply(self):
        for write in self.writes:
            write.send(self.module)


def confirmation(read, settled):
    """A ``confirm`` for module.write: read the parent again and return it if ``settled(record)``."""
    def confirm():
        record = read()
        return record if settled(record) else None
    return confirm


# --- Referrers ------------------------------------------------------------------------------------

def referrers_of(record):
    return {option: list(record.get(field) or []) for option, field, _add, _remove in REFERRER_LISTS}


def referrer_plan(parent):
    """The plan maker for the referrer lists of ``parent`` (a pull zone or a video library)."""
    def make_plan(module, record):
        params = module.params
        record_id = params[parent.id_option]
        path = parent.path(record_id)

        def read():
            return parent.read(module.client, record_id)

        before = referrers_of(record)
        after = referrers_of(record)
        writes = []
        for option, field, add, remove in REFERRER_LISTS:
            if params[option] is None:
                continue
            missing, extra = _set_changes(before[option], params[option], params["state"], params["purge"])
            removed = {canonical(value) for value in extra}
            after[option] = [value for value in before[option] if canonical(value) not in removed] + missing
            writes.extend(
                Write("POST", "%s/%s" % (path, add), {"Hostname": value}, confirm=confirmation(read, _listed(field, value, True)))
                for value in missing)
            writes.extend(
                Write("POST", "%s/%s" % (path, remove), {"Hostname": value}, confirm=confirmation(read, _listed(field, value, False)))
                for value in extra)
        return WritePlan(module, before, after, writes)
    return make_plan


def _set_changes(current, listed, state, purge, keep=None):
    """``(missing, extra)``: canonical names to add and present values to remove."""
    if state == "present":
        return reconcile_set(current, [canonical(name) for name in listed], purge=purge, normalize=canonical, keep=keep)
    return [], _named_values(current, listed)


def _named_values(current, listed):
    """The present values, as the record holds them, that ``listed`` names: what state=absent removes."""
    named = {canonical(name) for name in listed}
    return [value for value in current if canonical(value) in named]


def _listed(field, value, wanted):
    name = canonical(value)
    return lambda record: any(canonical(entry) == name for entry in record.get(field) or []) is wanted


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


def wanted_hostnames(items):
    """``[(name, force_ssl)]`` from the option's strings and dicts; names canonical, force_ssl None when not given."""
    wanted = []
    for item in items:
        if isinstance(item, dict):
            force_ssl = item.get("force_ssl")
            wanted.append((canonical(item["name"]), None if force_ssl is None else boolean(force_ssl)))
        else:
            wanted.append((canonical(item), None))
    return wanted


class HostnamePlan:
    """The hostname writes for one pull zone, in the order they are sent, and the state they lead to."""

    def __init__(self, module, zone):
        self.module = module
        self.params = module.params
        self.zone_id = self.params["pull_zone_id"]
        self.path = PULL_ZONE.path(self.zone_id)
        self.records = zone.get("Hostnames") or []
        self.by_name = {canonical(hostname_value(record)): record for record in self.records}
        self.problems = []
        self.added = []
        self.certificates = []
        self.force_ssl = {}
        wanted = wanted_hostnames(self.params["hostnames"])
        if self.params["state"] == "present":
            self._plan_present(wanted)
        else:
            self._plan_absent([name for name, _force_ssl in wanted])

    def _plan_present(self, wanted):
        current = [hostname_value(record) for record in self.records]
        self.added, self.removed = _set_changes(
            current, [name for name, _force_ssl in wanted], "present", self.params["purge"],
            keep=lambda value: is_platform_hostname(self.by_name[canonical(value)]))
        self.problems.extend(
            "The hostname %s is a bunny.net system hostname that pull zone %s does not have, so it cannot be added" % (name, self.zone_id)
            for name in self.added if name.endswith(SYSTEM_HOSTNAME_SUFFIX))
        for name, force_ssl in wanted:
            record = self.by_name.get(name, {})
            # A new hostname starts without Force SSL, so only turning it on is a change.
            if force_ssl is not None and force_ssl != bool(record.get("ForceSSL")):
                self.force_ssl[name] = force_ssl
            if self._wants_certificate() and not record.get("HasCertificate"):
                self.certificates.append(name)

    def _plan_absent(self, names):
        current = [hostname_value(record) for record in self.records]
        self.removed = _named_values(current, names)
        self.problems.extend(
            "The hostname %s is a system hostname of pull zone %s, which bunny.net manages, so it cannot be removed" % (value, self.zone_id)
            for value in self.removed if is_platform_hostname(self.by_name[canonical(value)]))

    def _wants_certificate(self):
        return self.params["free_certificate"] or self.params["complete_external_dns_certificate"]

    def before(self):
        return [project_hostname(record) for record in self.records]

    def after(self):
        removed = {canonical(value) for value in self.removed}
        certified = set(self.certificates)
        hostnames = []
        for record in self.records:
            name = canonical(hostname_value(record))
            if name in removed:
                continue
            hostname = project_hostname(record)
            hostname["force_ssl"] = self.force_ssl.get(name, hostname["force_ssl"])
            hostname["has_certificate"] = hostname["has_certificate"] or name in certified
            hostnames.append(hostname)
        hostnames.extend(
            dict(id=None, value=name, force_ssl=self.force_ssl.get(name, False), is_system_hostname=False,
                 is_managed_hostname=False, has_certificate=name in certified)
            for name in self.added)
        return hostnames

    def changes(self):
        return bool(self.added or self.removed or self.certificates or self.force_ssl)

    def apply(self):
        """Send the writes: adds, then certificates, then Force SSL (once a certificate can serve it), then removals."""
        for name in self.added:
            Write("POST", self.path + "/addHostname", {"Hostname": name},
                  confirm=confirmation(self._read, lambda zone, name=name: _hostname_in(zone, name) is not None)).send(self.module)
        self._request_certificates()
        for name, force_ssl in self.force_ssl.items():
            Write("POST", self.path + "/setForceSSL", {"Hostname": name, "ForceSSL": force_ssl},
                  confirm=confirmation(self._read, lambda zone, name=name, force_ssl=force_ssl: bool(
                      (_hostname_in(zone, name) or {}).get("ForceSSL")) == force_ssl)).send(self.module)
        for value in self.removed:
            Write("DELETE", self.path + "/removeHostname", {"Hostname": value},
                  confirm=confirmation(self._read, lambda zone, value=value: _hostname_in(zone, canonical(value)) is None)).send(self.module)

    def _request_certificates(self):
        obtained = []
        for name in self.certificates:
            try:
                self._certificate_write(name).send(self.module)
            except BunnyApiError as error:
                self._fail_certificates(error, obtained)
            obtained.append(name)

    def _certificate_write(self, name):
        if self.params["free_certificate"]:
            # A GET that loads a certificate: the client sends it again after a lost answer, which
            # at worst loads the same certificate twice.
            return Write("GET", "/pullzone/loadFreeCertificate", params={"hostname": name})
        return Write("POST", "/pullzone/completeExternalDnsCertificate", {"Hostname": name},
                     confirm=confirmation(self._read, lambda zone: (_hostname_in(zone, name) or {}).get("HasCertificate")))

    def _fail_certificates(self, error, obtained):
        missing = self.certificates[len(obtained):]
        result = error.as_result()
        self.module.fail(
            "Certificates were requested for %d hostnames of pull zone %s: %s got one; %s did not. %s" % (
                len(self.certificates), self.zone_id, _names(obtained), _names(missing), error),
            # A certificate obtained already counts as a write (BunnyModule.write), so only a
            # request that may have been applied remains to be said.
            changed=error.outcome_unknown,
            certificates_obtained=obtained,
            certificates_missing=missing,
            **result)

    def _read(self):
        return PULL_ZONE.read(self.module.client, self.zone_id)


def _hostname_in(zone, name):
    """The record of hostname ``name`` (canonical) on ``zone``, or None."""
    return next((record for record in zone.get("Hostnames") or [] if canonical(hostname_value(record)) == name), None)


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
