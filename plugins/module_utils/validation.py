# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The contract's bounds and patterns that an argument spec cannot express, checked before any request.

A rule is ``(path, checks)``. The path walks the module parameters: ``a.b`` enters a dict and
``a[]`` visits every item of a list, so ``container_templates[].volume_mounts[].mount_path`` reaches
every mount path. Values that are absent or None are not checked: required-ness belongs to the
argument spec. Checks: ``minimum``/``maximum`` (numbers), ``min_length``/``max_length`` (strings),
``min_items``/``max_items`` (lists), ``pattern`` (a regular expression the whole value must match,
as the API's validators require) with an optional ``pattern_hint`` that says it in words, and
``satisfies``, a pair ``(predicate, requirement)`` for a rule that spans a value's parts (for example
``autoscaling`` whose ``min`` may not exceed its ``max``): the value breaks it when ``predicate(value)``
is false, and the message says the value "must <requirement>". A predicate may instead return a
string naming the part that breaks the rule (``'uploads' more than once``), which the message
shows in place of the whole value.
"""

import re
from datetime import datetime


def validate(params, rules):
    """Every way params break the rules, as sentences naming the option path and the rule."""
    problems = []
    for path, checks in rules:
        for display_path, value in _values_at(params, path.split("."), ""):
            problem = _check(value, checks)
            if problem:
                problems.append("%s %s" % (display_path, problem))
    return problems


def _values_at(data, segments, prefix):
    if not segments:
        yield prefix, data
        return
    segment, rest = segments[0], segments[1:]
    name = segment[:-2] if segment.endswith("[]") else segment
    value = data.get(name) if isinstance(data, dict) else None
    if value is None:
        return
    path = "%s.%s" % (prefix, name) if prefix else name
    if segment.endswith("[]"):
        if isinstance(value, list):
            for index, item in enumerate(value):
                yield from _values_at(item, rest, "%s[%d]" % (path, index))
        return
    yield from _values_at(value, rest, path)


def _check(value, checks):
    minimum, maximum = checks.get("minimum"), checks.get("maximum")
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if is_number and ((minimum is not None and value < minimum) or (maximum is not None and value > maximum)):
        return "must be %s, got %s" % (_range_words(minimum, maximum), value)

    if isinstance(value, str):
        min_length, max_length = checks.get("min_length"), checks.get("max_length")
        if (min_length is not None and len(value) < min_length) or (max_length is not None and len(value) > max_length):
            return "must be %s characters long, got %d" % (_range_words(min_length, max_length), len(value))
        pattern = checks.get("pattern")
        if pattern is not None and not re.match("(?:%s)\\Z" % pattern, value):
            hint = checks.get("pattern_hint") or "the pattern %s" % pattern
            return "must match %s, got %r" % (hint, value)

    if isinstance(value, list):
        min_items, max_items = checks.get("min_items"), checks.get("max_items")
        if (min_items is not None and len(value) < min_items) or (max_items is not None and len(value) > max_items):
            return "must have %s items, got %d" % (_range_words(min_items, max_items), len(value))

    satisfies = checks.get("satisfies")
    if satisfies is not None:
        outcome = satisfies[0](value)
        if isinstance(outcome, str):
            return "must %s, got %s" % (satisfies[1], outcome)
        if not outcome:
            return "must %s, got %r" % (satisfies[1], value)
    return None


def each_named_once(field):
    """A ``satisfies`` predicate for a list of dicts: no two items share ``field``; names the first repeat."""
    def check(items):
        seen = set()
        for item in items:
            name = item.get(field)
            if name in seen:
                return "%r more than once" % name
            seen.add(name)
        return True
    return check


def _range_words(low, high):
    if low is not None and high is not None:
        return "exactly %s" % low if low == high else "between %s and %s" % (low, high)
    if low is not None:
        return "at least %s" % low
    return "at most %s" % high


# A calendar day as the API's date parameters take it: YYYY-MM-DD.
DAY = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


def is_day(value):
    """True for a day the calendar has, written YYYY-MM-DD."""
    if not DAY.match(value):
        return False
    try:
        datetime.strptime(value, "%Y-%m-%d")
    except ValueError:
        return False
    return True
