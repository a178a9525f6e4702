# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The diff engine every module uses: what differs, what to add, what to remove.

Options a user leaves out are None and mean "leave as it is"; they never count as a difference.
"""

import copy


def comparable(value, ordered=False, ignore_case=False):
    """A value in the form two values are compared in: sets unordered, strings folded when asked."""
    if isinstance(value, str) and ignore_case:
        return value.casefold()
    if isinstance(value, list):
        items = [comparable(item, ordered, ignore_case) for item in value]
        return items if ordered else sorted(items, key=repr)
    if isinstance(value, dict):
        return {key: comparable(item, ordered, ignore_case) for key, item in value.items()}
    return value


def same(present, wanted, ordered=False, ignore_case=False):
    """Whether two values are the same, lists as sets unless ``ordered``, strings without case when asked."""
    return comparable(present, ordered, ignore_case) == comparable(wanted, ordered, ignore_case)


def changed_fields(current, desired, whole_keys=()):
    """The part of ``desired`` that differs from ``current``, as a nested dict (empty when equal).

    Nested dicts are compared key by key, so a partial desired dict leaves the other keys alone;
    keys in ``whole_keys`` (user-supplied maps such as node selectors) are compared as a whole.
    """
    current = current or {}
    changes = {}
    for key, wanted in desired.items():
        if wanted is None:
            continue
        present = current.get(key)
        if isinstance(wanted, dict) and key not in whole_keys:
            nested = changed_fields(present if isinstance(present, dict) else {}, wanted, whole_keys)
            if nested:
                changes[key] = nested
        elif wanted != present:
            changes[key] = wanted
    return changes


def apply_changes(current, changes, whole_keys=()):
    """A copy of ``current`` with ``changes`` (from changed_fields) merged in: the predicted state."""
    result = copy.deepcopy(current) if current else {}
    for key, value in changes.items():
        if isinstance(value, dict) and key not in whole_keys and isinstance(result.get(key), dict):
            result[key] = apply_changes(result[key], value, whole_keys)
        else:
            result[key] = copy.deepcopy(value)
    return result


def reconcile_set(current, desired, purge=False, normalize=None, keep=None):
    """Set semantics for lists of plain values such as hostnames or referrers.

    Returns ``(missing, extra)``: desired values not present yet, in the order given, and present
    values to remove, which are only ever returned when ``purge`` is true and ``keep(value)`` is not.
    Values are compared through ``normalize`` (for example case-insensitively).
    """
    normalize = normalize or (lambda value: value)
    present = {normalize(value) for value in current}
    wanted = {normalize(value) for value in desired}
    missing = _unique([value for value in desired if normalize(value) not in present], normalize)
    extra = []
    if purge:
        extra = _unique(
            [value for value in current if normalize(value) not in wanted and not (keep and keep(value))],
            normalize,
        )
    return missing, extra


def reconcile_keyed(current, desired, key, purge=False):
    """Keyed semantics for lists of records such as containers by name or variables by name.

    Returns ``(pairs, removed)``: ``pairs`` lists ``(present, wanted)`` for every item that stays or
    arrives, in current order followed by new items (``present`` is None for a new item, ``wanted``
    None for an item the user did not mention); ``removed`` lists present items to delete, only when
    ``purge`` is true.
    """
    wanted_by_key = {item[key]: item for item in desired}
    present_keys = {item.get(key) for item in current}
    pairs = []
    removed = []
    for item in current:
        wanted = wanted_by_key.get(item.get(key))
        if wanted is None and purge:
            removed.append(item)
        else:
            pairs.append((item, wanted))
    pairs.extend((None, item) for item in desired if item[key] not in present_keys)
    return pairs, removed


def _unique(values, normalize):
    seen = set()
    unique = []
    for value in values:
        if normalize(value) not in seen:
            seen.add(normalize(value))
            unique.append(value)
    return unique


def keyed_changes(before, after, pairs=None):
    """The two sides of a list's diff, each item that changes under its label: ``before`` and
    ``after`` are ``(label, item)`` pairs. An item added or removed shows on its side without its
    empty fields; an item that changes shows only its fields that differ, so that its label is beside
    them however long the item is. Items that stay as they are do not show. ``pairs`` maps labels to
    a looser identity (a DNS record's type and name, when its key holds its value too): one item
    removed and one added that share it show as one item that changes, under that identity (without
    the fields the added item holds no value of yet). A list
    of plain values shows as the values removed and those added."""
    before, after = list(before), list(after)
    held, kept = dict(before), dict(after)
    if not any(isinstance(item, dict) for _label, item in before + after):
        # A set of plain values (referrers, say): the values removed, and those added.
        return [item for label, item in before if label not in kept], [item for label, item in after if label not in held]
    before_side, after_side = {}, {}
    removed = [label for label in held if label not in kept]
    added = [label for label in kept if label not in held]
    for pair in _paired(removed, added, pairs or {}, held, kept):
        old, new = pair
        removed.remove(old)
        added.remove(new)
        # A field the added item holds no value of is one only the server sets, not known before it answers.
        names = [name for name, value in kept[new].items() if value is not None and held[old].get(name) != value]
        before_side[pairs[old]] = {name: held[old][name] for name in names if name in held[old]}
        after_side[pairs[new]] = {name: kept[new][name] for name in names}
    for label, item in held.items():
        if label in removed:
            before_side[label] = without_empty(item)
        elif label in kept and kept[label] != item:
            before_side[label], after_side[label] = _differing(item, kept[label])
    after_side.update((label, without_empty(kept[label])) for label in added)
    return before_side, after_side


def _paired(removed, added, pairs, held, kept):
    """``(removed label, added label)`` for each looser identity exactly one removed and one added item (records) share."""
    by_pair = {}
    for side, labels in ((0, removed), (1, added)):
        for label in labels:
            if pairs.get(label) is not None:
                by_pair.setdefault(pairs[label], ([], []))[side].append(label)
    return [(old[0], new[0]) for old, new in by_pair.values()
            if len(old) == 1 and len(new) == 1 and isinstance(held[old[0]], dict) and isinstance(kept[new[0]], dict)]


def without_empty(item):
    """An item without the fields that hold nothing (null, an empty string, list or map), as a diff or a report shows it."""
    if not isinstance(item, dict):
        return item
    return {name: value for name, value in item.items() if value not in (None, "", [], {})}


def _differing(old, new):
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return old, new
    names = [name for name in list(old) + [name for name in new if name not in old] if old.get(name) != new.get(name)]
    return {name: old[name] for name in names if name in old}, {name: new[name] for name in names if name in new}
