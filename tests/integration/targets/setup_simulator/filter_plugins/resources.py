# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Filters for comparing what a module predicted, returned and what the simulator holds."""

import copy

from ansible.module_utils.common.dict_transformations import camel_dict_to_snake_dict


def without_fields(resource, paths):
    """A copy of resource without the fields at paths (``a.b`` enters a dict, ``a[]`` every item of a list)."""
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


def api_to_snake(resource):
    """An API record (camelCase or PascalCase) in the snake_case the modules return."""
    if isinstance(resource, list):
        return [api_to_snake(item) for item in resource]
    return camel_dict_to_snake_dict(resource)


class FilterModule:
    def filters(self):
        return {"without_fields": without_fields, "api_to_snake": api_to_snake}
