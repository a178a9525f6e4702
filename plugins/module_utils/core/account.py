# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""A whole account read at once: every resource of every declared kind, for the inventory, the export and the audit.

Each area declares its kinds beside its resources (``<area>/account.py``): how the account lists
them, how a resource is projected and named, what is secret, and the shapes of the roles that
manage them (account_shapes.py). ``account/kinds.py`` lists every declared kind; this file walks
whichever it is given and maps none by hand. The inventory plugin ``bunnynet.cloud.account`` and the
export read the account with ``read_account``, the drift audit compares an inventory with it with
``audit_account``; both read through one ``AccountReads``, so that what two parts need is read once.
Values of secrets are left out entirely: an inventory is read by people and written to caches and files.
"""

import collections
import re

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.secrets import AccountSecrets
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import InventoryError

# Characters an inventory host name keeps; anything else (a space in a script's name) becomes "_",
# so that a host name is also a file name under host_vars/ and a plain word in a host pattern.
HOST_NAME_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


class Kind:
    """One kind of resource: how the account lists it, what names and identifies one, what is secret."""

    def __init__(self, name, title, plural, list_records, project, id_key, name_of, secret_keys=(), shapes=(), held_secrets=None):
        self.name = name
        # How a report names a resource of the kind: "pull zone shop".
        self.title = title
        self.plural = plural
        self._list_records = list_records
        self._project = project
        self.id_key = id_key
        self._name_of = name_of
        self.secret_keys = frozenset(_spelling_free(key) for key in secret_keys)
        # The roles that manage a resource of this kind (account_shapes.Shape), the first that applies.
        self.shapes = tuple(shapes)
        # Secrets the kind holds beside its record, read for its role's variables already: ``(reads, record)`` -> ``[(field, value)]``.
        self.held_secrets = held_secrets or (lambda reads, record: [])

    def shape_of(self, reads, record):
        """The shape of the role that manages ``record``, or None when no role of the kind does."""
        return next((shape for shape in self.shapes if shape.applies(reads, record)), None)

    def resources(self, reads):
        """Every resource of the kind, projected, secrets left out, as (name, id, resource, record as read)."""
        found = []
        for record in self._list_records(reads):
            resource = without_secrets(self._project(record), self.secret_keys)
            found.append((str(self._name_of(resource)), resource.get(self.id_key), resource, record))
        return found


def without_secrets(data, secret_keys):
    """A copy of data without the keys, at any depth, whose names are in secret_keys (in any spelling)."""
    if isinstance(data, dict):
        return {key: without_secrets(value, secret_keys) for key, value in data.items() if _spelling_free(key) not in secret_keys}
    if isinstance(data, list):
        return [without_secrets(item, secret_keys) for item in data]
    return data


def _spelling_free(key):
    return str(key).replace("_", "").lower()


class AccountReads:
    """The client, and what is read for more than one purpose, read once: an area's declarations
    ask for a list (the pull zones, which sites and libraries also need) or a resource's parts (a
    script's code, a zone's access lists, a storage zone's files) through ``once``."""

    def __init__(self, client, storage_url=None, stream_api_url=None, database_url=None):
        self.client = client
        # The storage API's address for every zone, where the zones' region hosts are not it (the simulator's).
        self.storage_url = storage_url
        # Stream's own host, which the libraries' keys open (the modules' stream_api_url).
        self.stream_api_url = stream_api_url or "https://video.bunnycdn.com"
        # Where every database's own SQL endpoint is, by its host, instead of that host (the simulator's).
        self.database_url = database_url
        self._once = {}

    def once(self, what, key, read):
        """``read()``, the first time ``what`` of ``key`` (None: of the account) is asked for; what it gave after that."""
        if (what, key) not in self._once:
            self._once[(what, key)] = read()
        return self._once[(what, key)]


def kind_names(kinds):
    return tuple(kind.name for kind in kinds)


def finders(kinds):
    """The variables by which an inventory host names the resource it describes, as the roles take them."""
    return tuple(name for kind in kinds for shape in kind.shapes for name in shape.finders())


def host_name(kind, name):
    """The inventory host name of a resource: its kind and its name, as one safe word."""
    return "%s_%s" % (kind, HOST_NAME_UNSAFE.sub("_", name))


def read_account(client, declared, kinds=None, with_roles=False, secrets=None, **addresses):
    """Every resource of the ``declared`` kinds (those named in ``kinds``, or all), as a list of plain dicts (kind, host,
    name, id, resource, secrets).

    No value of a secret is in what it returns: each is a vault placeholder, listed under ``secrets``
    (``secrets`` is an ``account.secrets.AccountSecrets``: which variables are no secrets, and which are).

    ``with_roles`` adds ``role`` and ``role_variables``: the role that manages the resource and its
    variables (None for a kind no role manages), at the cost of the reads they need. ``addresses``
    are the hosts beside the API's that ``AccountReads`` takes (``storage_url``, ...).

    Two resources of a kind whose names make the same host name (two scripts named alike) each
    get their id appended, so that neither hides the other.
    """
    hosts = []
    reads = AccountReads(client, **addresses)
    secrets = secrets or AccountSecrets()
    for kind in declared:
        if kinds is not None and kind.name not in kinds:
            continue
        found = kind.resources(reads)
        names = [host_name(kind.name, name) for name, _id, _resource, _record in found]
        counts = collections.Counter(names)
        for (name, resource_id, resource, record), host in zip(found, names):
            if counts[host] > 1:
                host = "%s_%s" % (host, resource_id)
            entry = dict(kind=kind.name, group=kind.plural, host=host, name=name, id=resource_id, resource=resource)
            if with_roles:
                shape = kind.shape_of(reads, record)
                entry.update(role=shape.role if shape else None, role_variables=shape.export(reads, record) if shape else None)
            secrets.collect(kind, name, record, reads if with_roles else None)
            hosts.append(entry)
    return [secrets.hide(entry) for entry in hosts]


def audit_account(client, declared, described, kinds=None, **addresses):
    """What differs between the resources an inventory describes and the account of the ``declared`` kinds (those named
    in ``kinds``, or all), read once.

    ``described`` is a list of ``{host, role, variables, unreadable, checked}``: each host's role
    (None when it names no resource), the variables the role's shape compares, those that could not
    be templated, and whether it is checked (false: a host left out of the run, whose resource is
    only not unmanaged). Each host's resource is found by one of its role's finders (``Shape.finders``); its
    drift is what the role's parts find (account_roles.py), by the declarations the modules compare
    with in check mode. Returns ``(findings, unmanaged)``: a finding per host (``host``, ``role``,
    ``kind``, ``name``, ``resource``, ``drifted``, ``drift``; or ``host``, ``role`` and ``error``),
    and the account's resources no host describes.
    """
    reads = AccountReads(client, **addresses)
    by_key = {}
    listed = []
    for kind in declared:
        if kinds is not None and kind.name not in kinds:
            continue
        for name, resource_id, _resource, record in kind.resources(reads):
            listed.append((kind, name, resource_id, record, kind.shape_of(reads, record)))
            # A role may describe a resource another role would export it by (a storage zone serving a site).
            for shape in kind.shapes:
                for variable, value in shape.keys(reads, record):
                    by_key.setdefault((variable, _identity_key(value)), (kind, name, resource_id, record))
    shapes = {shape.role: shape for kind in declared for shape in kind.shapes}
    findings = []
    audited = set()
    for host in described:
        shape = shapes.get(host.get("role"))
        if shape is None:
            findings.append(_error(host, "%s has none of the variables %s, so it describes no resource to audit; give it one, or leave it "
                                         "out with audit_hosts or --limit." % (host["host"], ", ".join(finders(declared)))))
            continue
        variables = host["variables"]
        variable = next((name for name in shape.finders() if variables.get(name) is not None), shape.identity)
        identity = variables.get(variable)
        found = by_key.get((variable, _identity_key(identity)))
        if found is not None:
            audited.add((found[0].name, found[2]))
            audited.update(shape.covers(reads, found[3]))
        if not host.get("checked", True):
            continue
        if host.get("unreadable"):
            findings.append(_error(host, "the inventory's variables of %s could not be read: %s" % (host["host"], "; ".join(host["unreadable"]))))
        elif found is None:
            findings.append(_error(host, "no %s of the account has %s %s" % (_kind_of(declared, shape).title, variable, identity)))
        else:
            kind, name, _resource_id, record = found
            try:
                found_drift = shape.drift(reads, record, variables)
            except InventoryError as error:
                findings.append(_error(host, "%s: %s" % (host["host"], error)))
                continue
            findings.append(dict(host=host["host"], role=shape.role, kind=kind.name, name=name, resource="%s %s" % (kind.title, name),
                                 drifted=bool(found_drift), drift=found_drift))
    unmanaged = [dict(kind=kind.name, name=name, id=resource_id, role=shape.role if shape else None,
                      reason="no host of the inventory describes it" if shape else "no role of the collection manages it")
                 for kind, name, resource_id, record, shape in listed if (kind.name, resource_id) not in audited]
    return findings, unmanaged


def _error(host, message):
    """The finding of a host the audit could not check."""
    return dict(host=host["host"], role=host.get("role"), error=message)


def _kind_of(declared, shape):
    return next(kind for kind in declared if shape in kind.shapes)


def _identity_key(value):
    return str(value).casefold() if value is not None else None
