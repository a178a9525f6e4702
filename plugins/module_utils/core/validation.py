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
from datetime import datetime, timedelta, timezone


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


def rfc3339(value):
    """A date-time the API takes (RFC 3339, in UTC): a datetime, or a string the user gave, checked."""
    if isinstance(value, datetime):
        moment = value
    else:
        moment = parse_time(value)
        if moment is None:
            return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(value):
    """A timezone-aware datetime from an RFC 3339 string, or None when it is not one."""
    text = str(value).strip()
    if text[-1:] in ("Z", "z"):
        text = text[:-1] + "+00:00"
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def is_rfc3339(value):
    return parse_time(value) is not None


# An option that takes a moment, such as period_start and period_end.
RFC3339_RULE = dict(satisfies=(is_rfc3339, "be an RFC 3339 date-time with a time zone, such as 2026-05-01T00:00:00Z"))


def period_of(params):
    """``(start, end, problems)`` of ``period_start`` and ``period_end``, each checked by RFC3339_RULE:
    the last 24 hours when neither is given, a problem when the end is before the start."""
    end = parse_time(params["period_end"]) if params["period_end"] else datetime.now(timezone.utc)
    start = parse_time(params["period_start"]) if params["period_start"] else end - timedelta(hours=24)
    return start, end, ["period_end must not be before period_start"] if end < start else []
