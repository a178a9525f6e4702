"""The promise every managing module makes, as one assertion for unit tests.

What check mode predicted, what applying returned and what a read returns afterwards are the same
resource, apart from fields only the server can know (ids of new items, timestamps, status),
which each module's tests name as paths: ``status``, ``container_templates[].id``.
"""

import copy


def without_fields(resource, paths):
    """A copy of ``resource`` without the fields at ``paths`` (``a.b`` enters a dict, ``a[]`` every item of a list)."""
    trimmed = copy.deepcopy(resource)
    for path in paths:
        _drop(trimmed, path.split("."))
    return trimmed


def _drop(data, segments):
    segment, rest = segments[0], segments[1:]
    name = segment[:-2] if segment.endswith("[]") else segment
    if not isinstance(data, dict) or name not in data:
        return
    if not rest:
        del data[name]
        return
    children = data[name] if segment.endswith("[]") else [data[name]]
    for child in children or []:
        _drop(child, rest)


def assert_prediction_holds(checked, applied, read_back, server_fields=()):
    """Check mode's resource == the applied resource == the read-back, apart from ``server_fields``."""
    predicted, result, stored = (without_fields(item, server_fields) for item in (checked, applied, read_back))
    assert predicted == result, "check mode predicted %r but applying returned %r" % (predicted, result)
    assert result == stored, "applying returned %r but a read returned %r" % (result, stored)
