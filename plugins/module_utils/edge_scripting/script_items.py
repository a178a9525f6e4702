# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The variables and secrets of an edge script: items of the script, declared on items.py.

Both are keyed by name (compared exactly) and written one call per item. Variables live in the
script's record; secrets have a list of their own, which shows their names but never a value, so
a secret's value is sent whenever the module is told to send it (``update_secret``) and never
compared. A module manages one item (``name``), whose result is that item, or a list of them,
whose result is every item of the script.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import EVERY_ITEM, ItemField, Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule, to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Write, apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import each_named_once
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import (
    EDGE_SCRIPT,
    SCRIPT_PATH,
    SCRIPT_REFERENCE_KWARGS,
    SCRIPT_REFERENCE_OPTIONS,
    SCRIPT_REFERENCE_RULES,
    SECRET_KEYS,
    VALUE_BOUNDS,
    without_none,
)

VARIABLE_ADD_PATH = SCRIPT_PATH + "/variables/add"
VARIABLE_PATH = SCRIPT_PATH + "/variables/{variable_id}"
SECRETS_PATH = SCRIPT_PATH + "/secrets"
SECRET_PATH = SCRIPT_PATH + "/secrets/{secret_id}"


def name_of_item(item):
    return item.get("Name")


def answer_stands(change):
    """The answer to a change is the item as the API now holds it (a secret's new last change, say): it stands in ``after``."""
    def answered(answer):
        if isinstance(answer, dict):
            change.after = answer
    return answered


# --- Variables ------------------------------------------------------------------------------------

def new_variable(wanted):
    """A variable as an add leaves it: not required and without a value unless asked; its ID only the API knows."""
    return {"Id": None, "Name": wanted["Name"], "Required": bool(wanted.get("Required")), "DefaultValue": wanted.get("DefaultValue")}


def add_variable(change):
    variable = change.after
    return Write("POST", build_path(VARIABLE_ADD_PATH, id=change.parent_id),
                 without_none({"Name": variable["Name"], "Required": variable["Required"], "DefaultValue": variable["DefaultValue"]}),
                 confirm=change.added)


def change_variable(change):
    # Neither the contract nor the reference says whether a field left out of an update is kept or
    # cleared, so both are sent, the unchanged one as it is.
    body = {"DefaultValue": change.after["DefaultValue"], "Required": change.after["Required"]}
    return Write("POST", build_path(VARIABLE_PATH, id=change.parent_id, variable_id=change.present["Id"]), body,
                 confirm=change.holding, answered=answer_stands(change))


def remove_variable(change):
    return Write("DELETE", build_path(VARIABLE_PATH, id=change.parent_id, variable_id=change.present["Id"]), confirm=change.gone)


SCRIPT_VARIABLES = Items(
    noun="variable", parent=EDGE_SCRIPT, parent_option="script_id", key=name_of_item, field="EdgeScriptVariables",
    fields=(ItemField("name", "Name", key=True), ItemField("default_value", "DefaultValue"), ItemField("required", "Required", type="bool")),
    new_item=new_variable, project=to_snake, add=add_variable, change=change_variable, remove=remove_variable,
    order=(("add", "change"), "remove"),
)


# --- Secrets --------------------------------------------------------------------------------------

def read_secrets(client, script_id):
    return (client.get(build_path(SECRETS_PATH, id=script_id)) or {}).get("Secrets") or []


def new_secret(wanted):
    """A secret as an add leaves it, with the value it was given; its ID and last change only the API knows."""
    return {"Id": None, "Name": wanted["Name"], "LastModified": None, "Secret": wanted["Secret"]}


def predict_secret(secret, changes):
    # Setting a value changes the secret's last change, which only the API knows; the value never shows.
    return dict(secret, LastModified=None) if changes else secret


def project_secret(secret):
    return to_snake({name: value for name, value in secret.items() if name != "Secret"})


def add_secret(change):
    # The API never shows a value: a secret of the name is the one the add made.
    return Write("POST", build_path(SECRETS_PATH, id=change.parent_id), {"Name": change.key, "Secret": change.wanted["Secret"]},
                 confirm=lambda: next(iter(change.reread()), None))


def set_secret(change):
    # Setting the same value again does no harm, so a lost answer is resent without a read (no
    # read could tell: the API never shows the value).
    return Write("POST", build_path(SECRET_PATH, id=change.parent_id, secret_id=change.present["Id"]), {"Secret": change.wanted["Secret"]},
                 confirm=None, answered=answer_stands(change))


def remove_secret(change):
    return Write("DELETE", build_path(SECRET_PATH, id=change.parent_id, secret_id=change.present["Id"]), confirm=change.gone)


SCRIPT_SECRETS = Items(
    noun="secret", parent=EDGE_SCRIPT, parent_option="script_id", key=name_of_item,
    # The API never returns a value, so it cannot be compared: it is sent when the module is told to send it.
    fields=(ItemField("name", "Name", key=True), ItemField("value", "Secret", compared=False, sensitive=True)),
    read=lambda client, script_id, _script: read_secrets(client, script_id),
    new_item=new_secret, predict=predict_secret, project=project_secret, add=add_secret, change=set_secret, remove=remove_secret,
    order=(("add", "change"), "remove"),
)


# --- The modules ----------------------------------------------------------------------------------

def script_items_module(items, list_option, item_options, value_option, name_bounds, **own_options):
    """The BunnyModule of edge_script_variable or edge_script_secret.

    The script is named by ``script_id`` or ``script_name``; the items by ``name``, with
    ``item_options`` beside it, or as a list (``list_option``) of a name and ``item_options`` each;
    ``purge`` and ``state`` as the doc fragment edge_scripts.items says. The result is the one item,
    under the item's noun, or with the list every item of the script, under ``list_option``.
    """
    spec = dict(SCRIPT_REFERENCE_OPTIONS, name=dict(type="str"), **item_options)
    # The names are no secret; a value that is has its own no_log.
    spec[list_option] = dict(type="list", elements="dict", no_log=False, options=dict(name=dict(type="str", required=True), **item_options))
    spec.update(purge=dict(type="bool", default=False), state=dict(type="str", choices=["present", "absent"], default="present"), **own_options)
    module = BunnyModule(
        argument_spec=spec,
        result_key=items.noun,
        rules=(
            ("name", name_bounds),
            (value_option, VALUE_BOUNDS),
            (list_option, dict(satisfies=(each_named_once("name"), "name each %s once" % items.noun))),
            ("%s[].name" % list_option, name_bounds),
            ("%s[].%s" % (list_option, value_option), VALUE_BOUNDS),
        ) + SCRIPT_REFERENCE_RULES,
        secret_keys=SECRET_KEYS,
        mutually_exclusive=SCRIPT_REFERENCE_KWARGS["mutually_exclusive"] + [(option, list_option) for option in ["name"] + list(item_options)],
        required_one_of=SCRIPT_REFERENCE_KWARGS["required_one_of"] + [("name", list_option)],
    )
    if module.params[list_option] is not None:
        module.result_key = list_option
    return module


def purge_problems(module, list_option):
    """The sentence refusing purge without the list it keeps, or with state=absent, in a list; none otherwise."""
    if module.params["purge"] and (module.params[list_option] is None or module.params["state"] == "absent"):
        return ["purge deletes the {0} that {0} does not list, so it needs {0} and state=present".format(list_option)]
    return []


def converge_script_items(module, items, list_option, script_id, present, wanted):
    """Make the script's items ``present`` hold ``wanted`` (in the read's shape), or lose them, and exit.

    The result is the one item ``name`` names, or with the list option every item of the script.
    Writes go in the order the script holds its items, new ones last in the order listed.
    """
    params = module.params
    place = {items.key(item): index for index, item in enumerate(present)}
    wanted = sorted(wanted, key=lambda item: place.get(items.key(item), len(place)))
    focus = EVERY_ITEM if params[list_option] is not None else params["name"]
    apply(module, items.plan(module, script_id, present, wanted, params["state"], params["purge"], focus=focus))
