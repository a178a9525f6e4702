"""meta/runtime.yml and galaxy.yml stay in step with the modules the collection ships."""

import os

import yaml

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import COLLECTION_VERSION

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def load(path):
    with open(os.path.join(ROOT, path)) as handle:
        return yaml.safe_load(handle)


def test_the_action_group_lists_every_module_exactly_once():
    modules = sorted(
        name[:-3] for name in os.listdir(os.path.join(ROOT, "plugins", "modules")) if name.endswith(".py") and name != "__init__.py"
    )
    group = load("meta/runtime.yml")["action_groups"]["all"]

    assert sorted(group) == modules
    assert len(group) == len(set(group))


def test_the_user_agent_carries_the_galaxy_version():
    assert load("galaxy.yml")["version"] == COLLECTION_VERSION
