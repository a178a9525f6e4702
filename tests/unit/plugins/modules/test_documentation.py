"""Every module's documented options are the options it takes: same names, types, defaults and choices.

ansible-test's validate-modules checks this too, but only in the sanity run; here it is a unit test,
so that a changed option in the shared code that builds argument specs fails where the code is
tested, and mutation testing sees it.
"""

import importlib
import os

import pytest
import yaml

from ansible_collections.bunnynet.cloud.plugins.module_utils.core import module as module_base

MODULES_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "plugins", "modules")
MODULES = sorted(name[:-3] for name in os.listdir(MODULES_DIR) if name.endswith(".py") and name != "__init__.py")
# What an argument spec leaves out means the same as what the documentation leaves out.
SPEC_DEFAULTS = {"type": "str", "required": False, "default": None, "choices": None, "elements": None, "aliases": None}


class SpecCaptured(Exception):
    pass


class FakeAnsibleModule:
    def __init__(self, argument_spec, **kwargs):
        self.argument_spec = argument_spec
        self.params = {}


def declarations_of(module_name, monkeypatch):
    """The argument spec, the validation rules and the item options a module declares, caught before anything runs."""
    captured = {"items": {}}

    def capture_spec(argument_spec, **kwargs):
        captured["spec"] = argument_spec
        return FakeAnsibleModule(argument_spec)

    def capture_rules(params, rules):
        captured["rules"] = rules
        raise SpecCaptured()

    def capture_items(_module, option, spec):
        captured["items"][option] = spec

    monkeypatch.setattr(module_base, "AnsibleModule", capture_spec)
    monkeypatch.setattr(module_base, "validate", capture_rules)
    monkeypatch.setattr(module_base.BunnyModule, "_check_items", capture_items)
    module = importlib.import_module("ansible_collections.bunnynet.cloud.plugins.modules." + module_name)
    with pytest.raises(SpecCaptured):
        module.main()
    return captured["spec"], captured["rules"], captured["items"], module


def argument_spec_of(module_name, monkeypatch):
    spec, _rules, _items, module = declarations_of(module_name, monkeypatch)
    return spec, module


def option_at(spec, path):
    """The option a rule's path names (``a.b`` enters suboptions, ``a[]`` the items of a list), or None.

    An option without suboptions whose values are free-form (``raw``, or a dict or list of dicts
    without declared suboptions) may hold anything, so a path may go on into it.
    """
    option = {"options": spec}
    for segment in path.split("."):
        if _free_form(option):
            return option
        name = segment[:-2] if segment.endswith("[]") else segment
        option = (option.get("options") or {}).get(name)
        if option is None or (segment.endswith("[]") and option.get("type") != "list"):
            return None
    return option


def _free_form(option):
    return not option.get("options") and "raw" in (option.get("type"), option.get("elements"))


def documented_options(module):
    """The module's options with those of the collection's doc fragments it extends, merged as ansible-doc merges them."""
    documentation = yaml.safe_load(module.DOCUMENTATION)
    options = dict(documentation.get("options") or {})
    for name in documentation.get("extends_documentation_fragment") or []:
        if not name.startswith("bunnynet.cloud."):
            continue
        fragment_file, _dot, variable = name[len("bunnynet.cloud."):].partition(".")
        fragment = importlib.import_module("ansible_collections.bunnynet.cloud.plugins.doc_fragments." + fragment_file).ModuleDocFragment
        for option, documented in (yaml.safe_load(getattr(fragment, variable.upper() or "DOCUMENTATION")).get("options") or {}).items():
            # A fragment's entry is the base; the module's own entry of that name wins, key by key.
            options[option] = dict(documented, **options.get(option, {}))
    return options


def normalised(options, documented):
    """The facts both sides state about each option, in one shape, at every depth."""
    facts = {}
    for name, option in (options or {}).items():
        fact = {key: option.get(key, default) for key, default in SPEC_DEFAULTS.items()}
        if fact["choices"] is not None:
            fact["choices"] = sorted(str(choice) for choice in fact["choices"])
        if fact["aliases"] is not None:
            fact["aliases"] = sorted(fact["aliases"])
        nested = option.get("suboptions" if documented else "options")
        fact["suboptions"] = normalised(nested, documented) if nested else None
        facts[name] = fact
    return facts


@pytest.mark.parametrize("module_name", MODULES)
def test_the_documented_options_are_the_options_the_module_takes(module_name, monkeypatch):
    spec, module = argument_spec_of(module_name, monkeypatch)

    assert normalised(documented_options(module), documented=True) == normalised(spec, documented=False)


def test_every_module_is_checked():
    assert len(MODULES) >= 16


@pytest.mark.parametrize("module_name", MODULES)
def test_every_validation_rule_names_an_option_the_module_takes(module_name, monkeypatch):
    spec, rules, items, _module = declarations_of(module_name, monkeypatch)
    # A list whose items BunnyModule checks against options of their own (item_options) has them as suboptions.
    spec = dict(spec, **{option: dict(spec[option], options=item_spec) for option, item_spec in items.items()})

    assert [path for path, _checks in rules if option_at(spec, path) is None] == []
