# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Filters for comparing what a module predicted, returned and what the simulator holds."""

import json
from collections.abc import Mapping

from ansible.module_utils.common.dict_transformations import camel_dict_to_snake_dict


def without_fields(resource, paths):
    """A copy of resource without the fields at paths (``a.b`` enters a dict, ``a[]`` every item of a list)."""
    trimmed = _copy_of(resource)
    for path in paths:
        _drop(trimmed, path.split("."))
    return trimmed


def _copy_of(data):
    """A copy in plain dicts and lists: copy.deepcopy of Ansible's lazy containers also copies every
    value's origin and tags, which took half a second for one prediction of a container template."""
    if isinstance(data, Mapping):
        return {key: _copy_of(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_copy_of(item) for item in data]
    return data


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


def api_to_snake(resource):
    """An API record (camelCase or PascalCase) in the snake_case the modules return."""
    if isinstance(resource, list):
        return [api_to_snake(item) for item in resource]
    return camel_dict_to_snake_dict(resource)


def prediction_disagreement(checked, applied, read_back, diff_after, server_fields):
    """'' when check mode's prediction, the applying run's result, a read and the diff's after are one
    resource (apart from server_fields), else a message that shows all four.

    One filter rather than four templated variables: a task's variables are templated anew at each
    use, and comparing and showing them in Jinja cost more than the module runs under test."""
    predicted, applied, read_back, diff_after = (
        without_fields(resource, server_fields) for resource in (checked, applied, read_back, diff_after))
    if predicted == applied == read_back == diff_after:
        return ""
    return "check mode predicted %s; applying returned %s; a read returned %s; the diff's after was %s" % tuple(
        json.dumps(resource, sort_keys=True, default=str) for resource in (predicted, applied, read_back, diff_after))


class FilterModule:
    def filters(self):
        return {"without_fields": without_fields, "api_to_snake": api_to_snake, "prediction_disagreement": prediction_disagreement}
