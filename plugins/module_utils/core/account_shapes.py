# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The shape of each kind of resource in an inventory: its role's variables, derived from the
declarations the modules plan with, for the export and for the drift audit alike.

A role's variables are made of parts. Each part knows, from the module declarations it stands
for, how to write what the account holds (``export``) and how to compare what an inventory says
with what the account holds (``drift``), with the same comparison a module makes in check mode:

- ``Settings``: a variable holding a module's options for every field of a ``Resource``
  (``pullzone_domains_settings``), compared with ``Resource.differences``;
- ``Options``: one variable per field (``dns_zone_soa_email``), compared the same way;
- ``ItemList``: a variable holding a list of items (``pullzone_domains_hostnames``), keyed and
  compared with the ``Items`` declaration of the module that manages them;
- ``Fixed``: a variable the export writes as one value and the audit does not compare (the id a
  role names its resource by, ``purge: true``).

Since the export and the audit read the same parts, a field the export writes is a field the audit
checks; ``fields()`` lists them, for the docs and for the test that changes each in turn.
"""

import copy
import difflib

from ansible.module_utils.common.arg_spec import ArgumentSpecValidator

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import same, without_empty
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake

# What the export writes for a secret the API never returns: a placeholder to fill in and encrypt.
VAULT_PLACEHOLDER = "{{ vault_%s }}"
# How many lines of a text's unified diff a drift shows; the rest is counted.
DIFF_LINES = 60


class InventoryError(ValueError):
    """A variable the module it goes to would refuse: the host cannot be compared."""


def drift(field, inventory, account, diff=None):
    """One difference between an inventory and the account: the field, and its value on each side;
    ``diff``, for a text, what changed in it as a unified diff."""
    found = {"field": field, "inventory": inventory, "account": account}
    if diff is not None:
        found["diff"] = diff
    return found


def text_diff(inventory, account, limit=DIFF_LINES):
    """A unified diff from the inventory's text to the account's, at most ``limit`` lines, then how many more there are."""
    lines = list(difflib.unified_diff(inventory.splitlines(), account.splitlines(), "inventory", "account", lineterm=""))
    if len(lines) > limit:
        lines = lines[:limit] + ["... %d more lines of the diff" % (len(lines) - limit)]
    return "\n".join(lines)


class Part:
    """One variable (or a few) of a role: what the export writes and what the audit compares."""

    variable = None

    def fields(self):
        """The field names this part writes (and so audits), as the audit names them."""
        return [self.variable]

    def variables(self):
        """The inventory variables the audit reads: only these leave the controller's hostvars."""
        return [self.variable]

    def audited(self, variables):
        """What of a host's ``variables`` the audit reads, without a secret it never compares."""
        return {name: variables[name] for name in self.variables() if name in variables}

    def export(self, reads, record):
        raise NotImplementedError

    def drift(self, reads, record, variables):
        raise NotImplementedError


class Fixed(Part):
    """A variable whose value the export derives from the record but the audit does not compare:
    the id a role finds its resource by, a ``purge: true`` that makes the lists whole."""

    def __init__(self, variable, value):
        self.variable = variable
        self.value = value

    def fields(self):
        return []

    def export(self, reads, record):
        value = self.value(record) if callable(self.value) else self.value
        return {self.variable: value} if value is not None else {}

    def drift(self, reads, record, variables):
        return []


class Settings(Part):
    """A variable holding a module's options, one for each field of ``resource`` (but ``exclude``).

    The export writes every field, by its readable option value, and null for one the record holds
    no value of (a module takes null as "leave it as it is"); the audit turns the inventory's
    options into the API's terms (``Resource.desired``) and names each field
    ``Resource.differences`` finds, as a check-mode run of the module would change it, and a field
    the inventory holds as null that the account now has a value of.
    """

    def __init__(self, variable, resource, exclude=(), record_of=None):
        self.variable = variable
        self.resource = resource
        self.fields_of = [field for field in resource.fields if field.option not in exclude]
        # What the declaration compares against: the record as read, or what a kind adds to it.
        self.record_of = record_of or (lambda reads, record: record)

    def fields(self):
        return ["%s.%s" % (self.variable, field.option) for field in self.fields_of]

    def export(self, reads, record):
        record = self.record_of(reads, record)
        return {self.variable: {field.option: field.from_api(record) for field in self.fields_of}}

    def drift(self, reads, record, variables):
        return self.drift_of(reads, record, variables.get(self.variable) or {}, "%s.%%s" % self.variable)

    def drift_of(self, reads, record, wanted, name):
        record = self.record_of(reads, record)
        found = []
        for field in self.fields_of:
            if field.option not in wanted:
                continue
            value = wanted[field.option]
            held = field.from_api(record)
            if value is None:
                # Null was written for a field the account held no value of: one it holds now is new.
                differs = held not in (None, "", [])
            else:
                differs = bool(self.resource.differences(record, self.resource.desired({field.option: value}, [field])))
            if differs:
                found.append(drift(name % field.option, value, held))
        return found


class Options(Settings):
    """One variable per field of ``resource``, named ``prefix`` + option (``dns_zone_soa_email``), or
    ``prefix`` + the name ``renames`` gives an option the role calls otherwise."""

    def __init__(self, prefix, resource, exclude=(), record_of=None, renames=None):
        super().__init__(None, resource, exclude, record_of)
        self.prefix = prefix
        self.renames = dict(renames or {})

    def _variable(self, option):
        return self.prefix + self.renames.get(option, option)

    def fields(self):
        return [self._variable(field.option) for field in self.fields_of]

    def variables(self):
        return self.fields()

    def export(self, reads, record):
        return {self._variable(option): value for option, value in super().export(reads, record)[None].items()}

    def drift(self, reads, record, variables):
        wanted = {field.option: variables[self._variable(field.option)] for field in self.fields_of if self._variable(field.option) in variables}
        found = self.drift_of(reads, record, wanted, "%s")
        for finding in found:
            finding["field"] = self._variable(finding["field"])
        return found


class ItemList(Part):
    """A variable holding a list of items, each in its module's option shape; with an ``Items`` declared with
    ``fields``, its conversions, suboptions and secrets are the declaration's unless given.

    ``present(reads, record)`` are the items as the API reads them; ``to_options(item)`` is an item
    as the variable holds it (what the export writes) and ``to_api(item, record)`` the partial
    record an item of the variable asks for, which ``items`` (the module's ``Items`` declaration)
    keys and compares: exactly as the module's plan does. ``label(item)`` names an item in a drift
    (by default its key). Items the platform owns (``items.platform``) are neither written nor
    missed; ``owned`` says otherwise where every item is the platform's and the list is what the
    account sets of each (a bot's action, an API Guardian endpoint's checks). With ``whole`` the list is the whole of the parent's (the role purges): an item of
    the account the variable lacks is drift too; ``whole`` may name the variable that says so
    instead. With ``ordered`` the order is part of it (edge rules run in the order listed): another
    order is drift of the list. ``secret`` names the options of an item the API never returns (a
    secret's value): never compared, so the audit never takes them from the inventory. ``options``
    is the argument spec the module takes an item with: each item of the variable is checked and
    given its defaults by it first, so that it is compared as the module would see it; an item shown
    whole in a drift leaves out what holds nothing or its default. ``pair(record)`` is a looser
    identity than the key (a DNS record's type and name, where its key holds its value too): an item
    the account lacks and one the inventory lacks that share it, one of each, are one item whose
    options changed.
    """

    def __init__(self, variable, items, present, to_options=None, to_api=None, label=None, key=None, whole=True, ordered=False, secret=None,
                 options=None, owned=None, pair=None):
        self.variable = variable
        self.items = items
        self.present = present
        # What an Items declaration with fields says of its items, unless the shape says otherwise.
        self.to_options = to_options or items.options_of
        self.to_api = to_api or (lambda item, record: items.wanted(item))
        if options is None and items.fields:
            options = items.suboptions()
        secret = items.sensitive_options if secret is None else secret
        self.label = label or (lambda item: str(self.key_of(item)))
        self.key_of = key or items.key
        self.whole = whole
        self.ordered = ordered
        self.secret = secret
        self.options = options or {}
        self.validator = ArgumentSpecValidator(options) if options else None
        self.owned = owned or (lambda item: not items.platform(item))
        self.pair = pair

    def _as_module_takes(self, listed):
        if self.validator is None:
            return listed
        taken = []
        for index, item in enumerate(listed):
            if not isinstance(item, dict):
                raise InventoryError("%s[%d] is %r; the module takes a dictionary" % (self.variable, index, item))
            result = self.validator.validate(item)
            if result.error_messages:
                raise InventoryError("%s[%d]: %s" % (self.variable, index, "; ".join(result.error_messages)))
            taken.append(result.validated_parameters)
        return taken

    def fields(self):
        return [self.variable]

    def variables(self):
        return [self.variable] + ([self.whole] if isinstance(self.whole, str) else [])

    def without_secrets(self, value):
        if not self.secret or not isinstance(value, list):
            return value
        return [{option: held for option, held in item.items() if option not in self.secret} if isinstance(item, dict) else item
                for item in value]

    def _present(self, reads, record):
        return [item for item in self.present(reads, record) if self.owned(item)]

    def export(self, reads, record):
        return {self.variable: [self.to_options(item) for item in self._present(reads, record)]}

    def _shown(self, options):
        """An item as a drift shows it whole: without what holds nothing, or the module's default."""
        if not isinstance(options, dict):
            return options
        return {name: value for name, value in without_empty(options).items()
                if name not in self.options or self.options[name].get("default") is None or value != self.options[name]["default"]}

    def drift(self, reads, record, variables):
        listed = variables.get(self.variable)
        if listed is None:
            return []
        listed = self._as_module_takes(listed)
        present = {self.key_of(item): item for item in self._present(reads, record)}
        found = []
        seen = set()
        missing = []
        for item in listed:
            wanted = self.to_api(item, record)
            key = self.key_of(wanted)
            seen.add(key)
            held = present.get(key)
            name = "%s[%s]" % (self.variable, self.label(wanted))
            if held is None:
                missing.append((item, wanted, name))
                continue
            changes = self.items.differences(held, wanted)
            if not changes:
                continue
            account = self.to_options(held)
            predicted = self.to_options(self.items.predict(copy.deepcopy(held), changes))
            if not isinstance(account, dict) or not isinstance(predicted, dict):
                # An item the variable holds as a string (a site's hostname) is its key: what differs is what it implies.
                found.extend(drift("%s.%s" % (name, snake(field)), value, held.get(field)) for field, value in sorted(changes.items()))
                continue
            asked = item if isinstance(item, dict) else {}
            for option in sorted(option for option in predicted if not same(predicted.get(option), account.get(option))):
                found.append(drift("%s.%s" % (name, option), asked.get(option, predicted.get(option)), account.get(option)))
        extra = []
        if self.whole is True or (self.whole and variables.get(self.whole)):
            extra = [item for key, item in present.items() if key not in seen]
        found.extend(self._paired(missing, extra))
        found.extend(drift(name, self._shown(item), None) for item, _wanted, name in missing)
        found.extend(drift("%s[%s]" % (self.variable, self.label(item)), None, self._shown(self.to_options(item))) for item in extra)
        if self.ordered and not found:
            listed_keys = [self.key_of(self.to_api(item, record)) for item in listed]
            held_keys = [key for key in present if key in set(listed_keys)]
            if listed_keys != held_keys:
                found.append(drift("%s (order)" % self.variable, [self.label(self.to_api(item, record)) for item in listed],
                                   [self.label(present[key]) for key in held_keys]))
        return found

    def _paired(self, missing, extra):
        """The drift of each item the account lacks that one the inventory lacks shares a ``pair`` with, one of each:
        the options that differ, under the pair; both are taken out of ``missing`` and ``extra``."""
        if self.pair is None:
            return []
        groups = {}
        for entry in missing:
            groups.setdefault(self.pair(entry[1]), ([], []))[0].append(entry)
        for held in extra:
            groups.setdefault(self.pair(held), ([], []))[1].append(held)
        found = []
        for pair, (wanted, held) in groups.items():
            if len(wanted) != 1 or len(held) != 1 or not isinstance(wanted[0][0], dict):
                continue
            (item, _wanted, _name), = wanted
            missing.remove(wanted[0])
            extra.remove(held[0])
            account = self.to_options(held[0])
            for option in sorted(option for option, value in item.items() if value is not None and not same(value, account.get(option))):
                found.append(drift("%s[%s].%s" % (self.variable, pair, option), item[option], account.get(option)))
        return found


class Shape:
    """The role of a kind, and its variables as parts.

    ``identity`` is the variable whose presence says that an inventory host describes a resource
    of this role, and whose value (as the first part exports it) finds the resource in the account
    read. A role that also finds its resource by name says so with ``by_name``: the variable, and
    ``(reads, record)`` → the name it holds. ``applies(reads, record)`` says whether the role
    manages a given record at all (a Shield zone that protects no pull zone, a storage zone no pull
    zone serves, is no host of its role). ``covers(reads, record)`` lists, as ``(kind, id)``, the
    other resources a host of the role manages with it (a static site's pull zone): none of them is
    unmanaged. ``not_compared`` says, by variable, why the audit leaves one of the role's variables
    out that holds something of the account (one that only says how the role runs needs no word).
    """

    def __init__(self, role, identity, parts, applies=None, by_name=None, covers=None, not_compared=None):
        self.role = role
        self.identity = identity
        self.parts = tuple(parts)
        self.applies = applies or (lambda reads, record: True)
        self.by_name = by_name
        self.covers = covers or (lambda reads, record: [])
        self.not_compared = not_compared or {}

    def finders(self):
        """The variables a host names its resource by, the first it has deciding: any one says the
        host describes one. A role takes either (or, for a static site, the storage zone's name
        over the site's), so the name goes first."""
        return ([self.by_name[0]] if self.by_name else []) + [self.identity]

    def keys(self, reads, record):
        """``(variable, value)`` for each way a host may name ``record``."""
        found = [(self.identity, self.parts[0].export(reads, record).get(self.identity))]
        if self.by_name:
            found.append((self.by_name[0], self.by_name[1](reads, record)))
        return found

    def fields(self):
        return [name for part in self.parts for name in part.fields()]

    def variables(self):
        return [name for name in self.finders() if name != self.identity] + [name for part in self.parts for name in part.variables()]

    def without_secrets(self, name, value):
        """``value`` of the variable ``name`` without what the API never returns of it (a secret's value)."""
        for part in self.parts:
            if isinstance(part, ItemList) and part.variable == name:
                return part.without_secrets(value)
        return value

    def audited(self, variables):
        found = {name: variables[name] for name in self.finders() if name in variables}
        for part in self.parts:
            found.update(part.audited(variables))
        return found

    def export(self, reads, record):
        if not self.applies(reads, record):
            return None
        variables = {}
        for part in self.parts:
            variables.update(part.export(reads, record))
        return variables

    def drift(self, reads, record, variables):
        return [found for part in self.parts for found in part.drift(reads, record, variables)]


def settled(options):
    """Options without those that hold nothing (None), which the roles read as "left as it is"."""
    return {name: value for name, value in options.items() if value is not None}


def settable(values, options):
    """The values an option of ``options`` can be set to; what a read reports beyond the choices
    (an aggression read as "unknown") is no setting, so the task leaves it as it is."""
    found = {}
    for name, option in options.items():
        value = values.get(name)
        if option.get("options"):
            value = settable(value, option["options"]) if isinstance(value, dict) else None
        elif option.get("choices") and value not in option["choices"]:
            value = None
        if value not in (None, {}):
            found[name] = value
    return found


def snake(api_name):
    return next(iter(to_snake({api_name: None})))
