"""Which tasks run their module in Ansible's worker process, and that every module's action does.

Running a module in the worker is checked end to end, against a module run as its own process, by
the in_process integration target; here: the rule that picks the way, and the action plugins.
"""

import importlib
import json
import os
import sys

import pytest
from ansible.module_utils import basic
from ansible.parsing.dataloader import DataLoader
from ansible.playbook.play_context import PlayContext
from ansible.playbook.task import Task
from ansible.plugins import loader as plugin_loader
from ansible.plugins.action import ActionBase
from ansible.plugins.action.normal import ActionModule as NormalAction
from ansible.template import Templar

from ansible_collections.bunnynet.cloud.plugins.plugin_utils import in_process
from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import (
    SWITCH,
    TESTED_CORE_RELEASES,
    InProcessAction,
    core_release,
    handover_in_place,
    process_state_restored,
    runs_in_process,
    worker_can_run_modules,
)

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


def test_this_ansible_core_hands_a_module_over_as_the_worker_expects():
    assert handover_in_place() is True
    assert core_release() in TESTED_CORE_RELEASES
    assert in_process.SUPPORTED is True


def test_a_parameter_loader_that_no_longer_reads_the_arguments_global_is_not_used():
    def loader_of_other_arguments():
        return basic._ANSIBLE_PROFILE, basic._PARSED_MODULE_ARGS

    assert handover_in_place(load_params=loader_of_other_arguments) is False


def test_a_parameter_loader_that_no_longer_reads_the_profile_global_is_not_used():
    def loader_without_profile():
        return basic._ANSIBLE_ARGS

    assert handover_in_place(load_params=loader_without_profile) is False


def test_an_output_parser_with_another_signature_is_not_used():
    def parser_without_profile(self, res):
        return res

    assert handover_in_place(parse_returned_data=parser_without_profile) is False
    assert handover_in_place(parse_returned_data=ActionBase._parse_returned_data) is True


def test_an_output_parser_that_is_gone_is_not_used():
    assert handover_in_place(parse_returned_data=object()) is False


@pytest.mark.parametrize("version, release", [
    ("2.19.14", (2, 19)), ("2.21.0rc1", (2, 21)), ("2.20.0.dev0", (2, 20)), ("devel", None),
])
def test_the_release_is_the_major_and_minor_number(version, release):
    assert core_release(version) == release


@pytest.mark.parametrize("release", [(2, 18), (2, 22), (3, 0)])
def test_a_release_the_pipeline_does_not_run_runs_modules_as_their_own_processes(release):
    assert worker_can_run_modules(release) is False


@pytest.mark.parametrize("release", TESTED_CORE_RELEASES)
def test_a_release_the_pipeline_runs_runs_modules_in_the_worker(release):
    assert worker_can_run_modules(release) is True


def test_a_tested_release_without_the_hand_over_runs_modules_as_their_own_processes(monkeypatch):
    monkeypatch.setattr(in_process, "handover_in_place", lambda: False)

    assert worker_can_run_modules(TESTED_CORE_RELEASES[0]) is False


class EnvironmentReporter:
    """A stand-in module that returns the number of retries its environment gives it."""

    @staticmethod
    def main():
        print(json.dumps({"changed": False, "retries": os.environ.get("BUNNYNET_API_RETRIES")}))
        sys.exit(0)


def local_action(module, **task):
    """The in-process action of a task on a local connection, built as the task executor builds it."""
    loader = DataLoader()
    play_context = PlayContext()
    action = type("ActionModule", (InProcessAction,), {"module": module})
    return action(Task.load(dict(action="bunnynet.cloud.edge_script_info", args={}, **task), loader=loader),
                  plugin_loader.connection_loader.get("local", play_context, os.devnull), play_context, loader, Templar(loader=loader), plugin_loader)


def test_the_tasks_environment_wins_over_the_controllers_and_is_put_back(monkeypatch):
    monkeypatch.setenv("BUNNYNET_API_RETRIES", "5")
    action = local_action(EnvironmentReporter, environment={"BUNNYNET_API_RETRIES": "0"})

    result = action.run(task_vars={})

    assert result["retries"] == "0"
    assert os.environ["BUNNYNET_API_RETRIES"] == "5"


@pytest.mark.parametrize("value, runs_in_worker", [("false", False), ("true", True), ("no", False), (False, False), (True, True)])
def test_the_switch_means_what_it_says_given_as_a_string_from_the_command_line(value, runs_in_worker):
    assert local_action(EnvironmentReporter)._switch({SWITCH: value}) is runs_in_worker


class RecordingNormalRun(Exception):
    """Raised by the stand-in for NormalAction.run: the task went the usual way."""


def test_without_a_verified_hand_over_a_task_runs_its_module_as_its_own_process(monkeypatch):
    def module_process(self, tmp=None, task_vars=None):
        raise RecordingNormalRun()

    monkeypatch.setattr(in_process, "SUPPORTED", False)
    monkeypatch.setattr(NormalAction, "run", module_process)
    action = InProcessAction.__new__(InProcessAction)
    action._switch = lambda task_vars: True
    action._connection = type("Connection", (), {"transport": "local", "become": None})()
    action._task = type("Task", (), {"async_val": 0})()
    action._run_module = lambda task_vars: pytest.fail("the module ran in the worker process")
    with pytest.raises(RecordingNormalRun):
        action.run(task_vars={})


def test_the_environment_and_the_working_directory_are_put_back_after_a_module_run(monkeypatch, tmp_path):
    monkeypatch.setenv("BUNNYNET_API_RETRIES", "5")
    monkeypatch.delenv("BUNNYNET_API_KEY", raising=False)
    directory = os.getcwd()
    with process_state_restored():
        os.environ["BUNNYNET_API_KEY"] = "other account"
        os.environ["BUNNYNET_API_RETRIES"] = "0"
        del os.environ["PATH"]
        os.chdir(tmp_path)
    assert "BUNNYNET_API_KEY" not in os.environ
    assert os.environ["BUNNYNET_API_RETRIES"] == "5"
    assert "PATH" in os.environ
    assert os.getcwd() == directory


def test_the_environment_is_put_back_when_the_module_fails():
    with pytest.raises(SystemExit), process_state_restored():
        os.environ["BUNNYNET_LEFT_BEHIND"] = "1"
        raise SystemExit(1)
    assert "BUNNYNET_LEFT_BEHIND" not in os.environ
