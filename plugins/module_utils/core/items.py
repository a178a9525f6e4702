# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Items inside a parent record, declared once: hostnames, referrers, DNS records, script variables.

A parent (a pull zone, a DNS zone, a script) holds a list of items that the API changes one call at
a time: it has no call that replaces the list. An ``Items`` declaration says where the items are
read, what makes two of them the same item (their key), how they compare, which belong to the
platform, and the write that adds, changes and removes one. ``plan`` reconciles the items a task
asks for with those read, with set or keyed semantics (diff.py), and returns a ``Plan``: one write
per item that differs, in the order the declaration gives, each with a read that settles a lost
answer, and ``before`` and ``after`` as the items' projection.

Wanted items are given in the read's own shape, as partial records (``{"Value": "cdn.example.com",
"ForceSSL": True}``) or, for a set of plain values, as the values; a property left out (None) is
not compared. Removals go in the order the parent holds the items; adds and changes in the order
the task lists them; the kinds of writes in ``order``.
"""

import copy

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import apply_changes, changed_fields, keyed_changes
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, apply

# ``focus`` of a plan whose result is the whole list, not one item of it.
EVERY_ITEM = object()


class ItemField:
    """One field of an item, as a ``Resource`` declares its fields: the option a task gives it by, the
    property the API reads and writes it as, its type (and ``choices``), whether it names the item (``key``), whether
    it is compared (a secret's value, which the API never returns, is not), and whether it is
    ``sensitive`` (never written out, never shown). ``Items(fields=...)`` derives the item's suboptions, its options from a record, the
    partial record a task's options ask for, and what the account writes and compares from them.
    """

    def __init__(self, option, api, type="str", key=False, compared=True, sensitive=False, choices=None):
        self.option = option
        self.api = api
        self.type = type
        self.choices = list(choices) if choices else None
        self.key = key
        self.compared = compared
        self.sensitive = sensitive

    def argument_spec(self):
        spec = dict(type=self.type)
        if self.key:
            spec["required"] = True
        if self.choices:
            spec["choices"] = list(self.choices)
        if self.sensitive:
            spec["no_log"] = True
        return spec

    def from_api(self, record):
        value = record.get(self.api)
        return bool(value) if self.type == "bool" and value is not None else value


class Items:
    """A list of items inside a parent resource.

    ``parent`` is the ``Resource`` the items live in and ``parent_option`` the option that names it
    by id. ``read(client, parent_id, record)`` returns the present items; by default ``field`` of the
    parent record read by ``GET`` of its path. ``key(item)`` names an item (present or wanted).
    ``differences(present, wanted)`` is what ``wanted`` sets that ``present`` lacks (by default the
    properties given that differ), ``predict(item, changes)`` the item once they are applied, and
    ``new_item(wanted)`` the item an add leaves, before the changes an add does not make (those
    follow as changes of the new item). ``platform(item)`` marks items the platform owns: purging
    never removes them. ``project(item)`` is what results and diffs show.

    ``add(change)``, ``change(change)`` and ``remove(change)`` build the writes of one ``Change``:
    a ``Write`` or a list of them, each optionally paired with its kind (``("certificate", write)``)
    to be ordered by ``order``, whose entries are kinds or tuples of kinds that go together in the
    task's order. They may refuse instead (``change.refuse(problem)``). An add's answer that is a
    dict holding the item stands for it in ``after``. ``arrange(items)`` orders the items results
    show (the order edge rules run in, say). ``fields`` declares the item's ``ItemField``s, from which
    its suboptions (``suboptions``), a task's partial record (``wanted``) and a record's options
    (``options_of``) derive. ``label(item)`` names an item in ``--diff``, where only
    the items that change show (by default its key). ``pair(item)`` is a looser identity than the key,
    where the key holds what a change would change (a DNS record's value): ``--diff`` shows an item
    removed and one added that share it as one item whose fields change.
    """

    def __init__(self, noun, parent, parent_option, key, field=None, read=None, differences=None, predict=None, new_item=None,
                 platform=None, project=None, add=None, change=None, remove=None, order=("add", "change", "remove"), arrange=None,
                 label=None, pair=None, fields=()):
        self.noun = noun
        self.parent = parent
        self.parent_option = parent_option
        self.key = key
        self.field = field
        self._read = read
        self.differences = differences or _properties_differing
        self.predict = predict or apply_changes
        self.new_item = new_item or _without_unset
        self.platform = platform or (lambda item: False)
        self.project = project or (lambda item: item)
        self.add = add
        self.change = change
        self.remove = remove
        self.order = order
        self.arrange = arrange or list
        self.label = label or key
        self.pair = pair
        self.fields = tuple(fields)

    # --- What the fields declare ----------------------------------------------------------------

    def suboptions(self, key=True):
        """The argument spec of one item in a task's list (without the key's option with ``key=False``)."""
        return {field.option: field.argument_spec() for field in self.fields if key or not field.key}

    def wanted(self, options):
        """The partial record an item's options ask for, by the API's names; an option left out (None) is not compared."""
        return {field.api: options.get(field.option) for field in self.fields if field.compared or field.key}

    def options_of(self, record):
        """A record's item as a task lists it: each field by its option, a sensitive one as null (its value never leaves)."""
        options = {field.option: None if field.sensitive else field.from_api(record) for field in self.fields}
        return {option: value for option, value in options.items() if value is not None or option in self.sensitive_options}

    @property
    def sensitive_options(self):
        return tuple(field.option for field in self.fields if field.sensitive)

    # --- Reading --------------------------------------------------------------------------------

    def parent_path(self, parent_id):
        return self.parent.path(parent_id)

    def read_parent(self, client, parent_id):
        """The parent record as the API reads it, with its items."""
        return client.get(self.parent_path(parent_id))

    def read(self, client, parent_id, record=None):
        """The present items; ``record`` is the parent record when one was read already."""
        if self._read is not None:
            return self._read(client, parent_id, record)
        if record is None:
            record = self.read_parent(client, parent_id)
        return list(record.get(self.field) or [])

    def find(self, items, key):
        """The items whose key is ``key``."""
        return [item for item in items if self.key(item) == key]

    def lock_path(self, parent_id):
        return self.parent.lock_path(parent_id)

    def describe_error(self, parent_id):
        """A missing parent named in a sentence; other errors keep the API's own sentence."""
        return self.parent.describe_missing(parent_id)

    # --- Planning -------------------------------------------------------------------------------

    def plan(self, module, parent_id, present, wanted, state="present", purge=False, focus=EVERY_ITEM):
        """The plan that makes ``present`` hold ``wanted`` (``state=present``; ``purge`` removes the
        others the platform does not own), or lose the items ``wanted`` names (``state=absent``).

        ``plan.before`` and ``plan.after`` are the projected lists (``after``: the present items in
        the parent's order, then the new ones, as ``arrange`` orders them), or with ``focus`` (a
        key, or None for an item there is none of) that one item's projection; ``plan.items`` the
        ``Change`` of every item.
        """
        # What the items' state refuses is no input error: its sentences stand as they are.
        plan = Plan(lock=self.lock_path(parent_id), refusal="%s.", refusal_key=None)
        context = _Context(self, module, plan, parent_id, present, focus)
        listed = {}
        for item in wanted:
            listed.setdefault(self.key(item), item)
        present_keys = set()
        changes = []
        for item in present:
            key = self.key(item)
            present_keys.add(key)
            if state == "absent":
                changes.append(Change(context, item, None, removing=key in listed))
            else:
                removing = purge and key not in listed and not self.platform(item)
                changes.append(Change(context, item, listed.get(key), removing=removing))
        if state == "present":
            changes.extend(Change(context, None, item) for key, item in listed.items() if key not in present_keys)
        plan.items = changes
        if focus is EVERY_ITEM:
            held = self.arrange(present)
            plan.before = [self.project(item) for item in held]
            context.before_labels = _labels(self.label(item) for item in held)
            plan.diff = context.keyed_diff
        else:
            plan.before = next((self.project(change.present) for change in changes if change.key == focus and change.present), None)
        # Adds and changes go in the order the task lists the items, removals in the parent's order.
        position = {key: index for index, key in enumerate(listed)}
        in_task_order = sorted((change for change in changes if not change.removing), key=lambda change: position.get(change.key, -1))
        writes = []
        for change in in_task_order + [change for change in changes if change.removing]:
            writes.extend(change.writes())
        rank = {kind: index for index, group in enumerate(self.order) for kind in (group if isinstance(group, tuple) else (group,))}
        plan.writes.extend(write for _kind, write in sorted(writes, key=lambda pair: rank[pair[0]]))
        context.refresh()
        return plan


class Change:
    """One item of a plan: what the parent holds (``present``), what the task asks (``wanted``), what differs."""

    def __init__(self, context, present, wanted, removing=False):
        items = context.items
        self.context = context
        self.present = present
        self.wanted = wanted
        self.removing = removing
        self.key = items.key(present if present is not None else wanted)
        if removing:
            self.changes = {}
            self.after = None
        elif present is None:
            base = items.new_item(wanted)
            self.changes = items.differences(base, wanted)
            self.after = items.predict(base, self.changes)
        else:
            self.changes = items.differences(present, wanted) if wanted is not None else {}
            self.after = items.predict(present, self.changes) if self.changes else present

    @property
    def adding(self):
        return self.present is None

    @property
    def parent_id(self):
        return self.context.parent_id

    @property
    def parent_path(self):
        return self.context.items.parent_path(self.context.parent_id)

    @property
    def module(self):
        return self.context.module

    def refuse(self, problem):
        self.context.plan.refuse(problem)

    def writes(self):
        """``[(kind, write)]`` of this item, each write's answer folded into ``after``."""
        items = self.context.items
        built = []
        if self.removing:
            built.extend(_kinded("remove", items.remove(self)))
        elif self.adding:
            built.extend(_kinded("add", items.add(self)))
            if self.changes:
                built.extend(_kinded("change", items.change(self)))
        elif self.changes:
            built.extend(_kinded("change", items.change(self)))
        for kind, write in built:
            write.answered = self._answered(kind, write.answered)
        return built

    def _answered(self, kind, then):
        """An add's answer that holds the item stands for it in ``after``; a write's own hook may fold more in; ``after`` follows."""
        def answered(answer):
            if kind == "add" and isinstance(answer, dict) and self.context.items.key(answer) == self.key:
                self.after = self.context.items.predict(answer, self.changes) if self.changes else answer
            if then is not None:
                then(answer)
            self.context.refresh()
        return answered

    # --- Reads that settle a lost answer ------------------------------------------------------

    def reread(self):
        """The items as the API now holds them, with this item's key."""
        items = self.context.items
        return items.find(items.read(self.context.module.client, self.parent_id), self.key)

    def added(self):
        """The item, once the parent holds it as the add leaves it; None while it does not."""
        items = self.context.items
        base = items.new_item(self.wanted)
        return next((found for found in self.reread() if not items.differences(found, _only_set(base, self.wanted))), None)

    def holding(self, changes=None):
        """The item, once it holds ``changes`` (by default all of this item's); None while it does not."""
        changes = self.changes if changes is None else changes
        items = self.context.items
        return next((found for found in self.reread() if not items.differences(found, changes)), None)

    def gone(self):
        """True once the parent no longer holds the item."""
        return not self.reread()


class _Context:
    """What the changes of one plan share: the declaration, the module, the plan, the parent, and
    ``state``, where the write builders keep what spans items (the certificates asked for, say)."""

    def __init__(self, items, module, plan, parent_id, present, focus):
        self.items = items
        self.module = module
        self.plan = plan
        self.parent_id = parent_id
        self.present = present
        self.focus = focus
        self.state = {}
        # The labels of ``before``'s items and the items ``after`` projects, by position, for the keyed diff.
        self.before_labels, self.after_items = [], []

    def refresh(self):
        """``after`` from the changes as they stand: predicted, then as the writes answered."""
        if self.focus is not EVERY_ITEM:
            after = next((change.after for change in self.plan.items if change.key == self.focus and not change.removing), None)
            self.plan.after = self.items.project(after) if after is not None else None
            return
        kept = self.items.arrange([change.after for change in self.plan.items if not change.removing])
        self.plan.after = [self.items.project(item) for item in kept]
        # Labelled only when a diff is asked for: a refresh follows every answer of a long list.
        self.after_items = kept

    def keyed_diff(self, before, after):
        """``--diff`` of the list: only the items that change, each under its key."""
        after_labels = _labels(self.items.label(item) for item in self.after_items)
        pairs = None
        if self.items.pair is not None:
            held = self.items.arrange(self.present)
            pairs = dict(zip(self.before_labels, _labels(self.items.pair(item) for item in held)))
            pairs.update(zip(after_labels, _labels(self.items.pair(item) for item in self.after_items)))
        return keyed_changes(zip(self.before_labels, before), zip(after_labels, after), pairs)


def _labels(keys):
    """Each key as a label (a key of several parts joined by spaces), the same label again numbered."""
    labels, seen = [], {}
    for key in keys:
        label = " ".join(str(part) for part in key if part not in (None, "")) if isinstance(key, (tuple, list)) else str(key)
        seen[label] = seen.get(label, 0) + 1
        labels.append(label if seen[label] == 1 else "%s (%d)" % (label, seen[label]))
    return labels


def _kinded(default, built):
    if built is None:
        return []
    if not isinstance(built, list):
        built = [built]
    return [entry if isinstance(entry, tuple) else (default, entry) for entry in built]


def _properties_differing(present, wanted):
    """The properties ``wanted`` gives that ``present`` holds otherwise; plain values (a set's) never differ."""
    if isinstance(present, dict) and isinstance(wanted, dict):
        return changed_fields(present, wanted)
    return {}


def _without_unset(wanted):
    if isinstance(wanted, dict):
        return {name: copy.deepcopy(value) for name, value in wanted.items() if value is not None}
    return wanted


def _only_set(base, wanted):
    """What an add sets of ``wanted``: the properties of the new item it gives."""
    if not isinstance(wanted, dict):
        return base
    return {name: base.get(name) for name in wanted if wanted[name] is not None and name in base}


def converge_items(module, items, make_plan):
    """Run a module on the items of one parent: read the parent under its lock, plan with
    ``make_plan(record)``, and apply the plan; a missing parent is named in the failure."""
    parent_id = module.params[items.parent_option]

    def planned():
        return make_plan(items.read_parent(module.client, parent_id))

    module.run(lambda module: apply(module, planned, lock=items.lock_path(parent_id)), describe_error=items.describe_error(parent_id))
