"""Which tasks run their module in Ansible's worker process, and that every module's action does.

Running a module in the worker is checked end to end, against a module run as its own process, by
the in_process integration target; here: the rule that picks the way, and the action plugins.
"""

import importlib
import os

import pytest

from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import InProcessAction, runs_in_process

PLUGINS_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "plugins")


def plugin_names(kind):
    return sorted(name[:-3] for name in os.listdir(os.path.join(PLUGINS_DIR, kind)) if name.endswith(".py") and name != "__init__.py")


IN_PROCESS = dict(switch=True, transport="local", become=None, async_seconds=0, supported=True)


def test_a_plain_local_task_runs_in_the_worker_process():
    assert runs_in_process(**IN_PROCESS) is True


@pytest.mark.parametrize("change", [
    pytest.param(dict(switch=False), id="switched off"),
    pytest.param(dict(transport="ssh"), id="another connection"),
    pytest.param(dict(transport="paramiko"), id="a connection whose name is not local"),
    pytest.param(dict(become=object()), id="become"),
    pytest.param(dict(async_seconds=30), id="async"),
    pytest.param(dict(supported=False), id="ansible-core before 2.19 or no requests"),
])
def test_anything_that_changes_what_the_module_sees_runs_it_as_its_own_process(change):
    assert not runs_in_process(**dict(IN_PROCESS, **change))


def test_every_module_and_only_a_module_has_an_action_that_runs_it():
    assert plugin_names("action") == plugin_names("modules")


@pytest.mark.parametrize("name", plugin_names("modules"))
def test_each_action_runs_its_own_module(name):
    action = importlib.import_module("ansible_collections.bunnynet.cloud.plugins.action.%s" % name).ActionModule
    module = importlib.import_module("ansible_collections.bunnynet.cloud.plugins.modules.%s" % name)
    assert issubclass(action, InProcessAction)
    assert action.module is module
