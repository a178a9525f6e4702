# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The optimizer classes of a pull zone (pullzone_optimizer_class), declared on items.py.

A class is a name that image URLs give (``?class=thumbnail``) for a set of Bunny Optimizer
transformations, which the API keeps as ``{"Name": ..., "Properties": {option: "value"}}``: every
value a string. The zone keeps them in its ``OptimizerClasses`` and has no call for one class: an
update of the zone replaces the whole list. So the classes are items keyed by name, reconciled one
by one as any items are, and every change of a run goes out in one update of the zone with the
whole list as it will be, under the zone's lock (a parallel task's classes are not lost).
"""

import copy

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items, converge_items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import parent_options, parent_rules
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE

# The transformations a class sets, as the options (and the API's property names) spell them, with
# their kinds; the bounds and choices are those the vendor's Terraform provider enforces.
INT, BOOL, STR = "int", "bool", "str"
CLASS_PROPERTIES = {
    "width": INT, "height": INT, "aspect_ratio": STR, "quality": INT, "sharpen": BOOL, "blur": INT, "crop": STR,
    "crop_gravity": STR, "flip": BOOL, "flop": BOOL, "brightness": INT, "saturation": INT, "hue": INT, "contrast": INT,
    "auto_optimize": STR, "sepia": INT,
}
CROP_GRAVITIES = ["center", "forget", "east", "north", "south", "west", "northeast", "northwest", "southeast", "southwest"]
CLASS_RULES = (
    ("classes[].name", dict(min_length=1, pattern=r"[A-Za-z0-9_-]+", pattern_hint="letters, digits, - and _ (it is given in URLs)")),
    ("classes[].width", dict(minimum=0)),
    ("classes[].height", dict(minimum=0)),
    ("classes[].quality", dict(minimum=0, maximum=100)),
    ("classes[].blur", dict(minimum=0, maximum=100)),
    ("classes[].brightness", dict(minimum=-100, maximum=100)),
    ("classes[].saturation", dict(minimum=-100, maximum=100)),
    ("classes[].contrast", dict(minimum=-100, maximum=100)),
    ("classes[].hue", dict(minimum=0, maximum=100)),
    ("classes[].sepia", dict(minimum=0, maximum=100)),
)


def class_options():
    """The argument spec of pullzone_optimizer_class: the zone, the classes, state, purge and the lock."""
    properties = {name: dict(type=kind) for name, kind in CLASS_PROPERTIES.items()}
    properties["crop_gravity"]["choices"] = CROP_GRAVITIES
    properties["auto_optimize"]["choices"] = ["low", "medium", "high"]
    return parent_options(
        OPTIMIZER_CLASSES,
        classes=dict(type="list", elements="dict", required=True, options=dict(name=dict(type="str", required=True), **properties)),
        state=dict(type="str", default="present", choices=["present", "absent"]),
        purge=dict(type="bool", default=False),
    )


def class_rules():
    return parent_rules(OPTIMIZER_CLASSES) + CLASS_RULES + (
        ("classes", dict(satisfies=(_each_name_once, "name each class once"))),
    )


def _each_name_once(classes):
    names = [item.get("name") for item in classes]
    repeated = next((name for index, name in enumerate(names) if name in names[:index]), None)
    return "%r more than once" % repeated if repeated is not None else True


def api_value(kind, value):
    """A property's value as the API keeps it: a string, booleans as ``true``/``false``."""
    if kind == BOOL:
        return "true" if value else "false"
    return str(value)


def option_value(name, value):
    """A property's value as results show it: the option's kind where the string reads as one; unknown properties as they are."""
    kind = CLASS_PROPERTIES.get(name)
    if kind == BOOL and value in ("true", "false"):
        return value == "true"
    if kind == INT and isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


def wanted_class(option):
    """A class of the ``classes`` option in the API's shape: the properties it gives, and only those."""
    properties = {name: api_value(kind, option[name]) for name, kind in CLASS_PROPERTIES.items() if option.get(name) is not None}
    return {"Name": option["name"], "Properties": properties}


def project_class(item):
    projected = {"name": item.get("Name")}
    projected.update((name, option_value(name, value)) for name, value in (item.get("Properties") or {}).items())
    return projected


def class_differences(present, wanted):
    """A class is what the task gives: its properties compared as a whole, so one left out goes."""
    if wanted.get("Properties") is None or (present.get("Properties") or {}) == wanted["Properties"]:
        return {}
    return {"Properties": wanted["Properties"]}


def replaced(item, changes):
    return dict(item, **copy.deepcopy(changes))


def _one_update(change):
    """Every change of the plan is this one update of the zone with the whole list as it will be: the first change makes it."""
    shared = change.context.state
    if "update" in shared:
        return None
    plan = change.context.plan
    module = change.module

    def classes():
        return [{"Name": item["Name"], "Properties": item.get("Properties") or {}}
                for item in (kept.after for kept in plan.items if not kept.removing)]

    def holding():
        zone = PULL_ZONE.read(module.client, change.parent_id)
        return zone if _as_set(zone.get("OptimizerClasses")) == _as_set(classes()) else None

    shared["update"] = Write("POST", change.parent_path, body=lambda: {"OptimizerClasses": classes()}, confirm=holding)
    return ("update", shared["update"])


def _as_set(classes):
    return sorted(((item.get("Name"), sorted((item.get("Properties") or {}).items())) for item in classes or []), key=repr)


OPTIMIZER_CLASSES = Items(
    noun="optimizer class", parent=PULL_ZONE, parent_option="pull_zone_id", field="OptimizerClasses",
    key=lambda item: item.get("Name"), differences=class_differences, predict=replaced, new_item=dict,
    project=project_class, add=_one_update, change=_one_update, remove=_one_update, order=("update",),
)


def converge_classes(module):
    params = module.params
    wanted = [wanted_class(option) for option in params["classes"]]
    if params["state"] == "absent":
        # Removal names the classes; what they set is no matter.
        wanted = [{"Name": item["Name"], "Properties": None} for item in wanted]

    def plan(record):
        present = OPTIMIZER_CLASSES.read(module.client, params["pull_zone_id"], record)
        return OPTIMIZER_CLASSES.plan(module, params["pull_zone_id"], present, wanted, params["state"], params["purge"])

    converge_items(module, OPTIMIZER_CLASSES, plan)
