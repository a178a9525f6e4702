"""A task whose result holds secrets (asked for, or rotated) is hidden from output as no_log hides it, and only then."""

import importlib

import pytest

from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import InProcessAction

# The modules that return secrets on request, each with one it returns.
RETURNING = {"pullzone": "token_key", "storage_zone": "password", "edge_script": "deployment_key", "videolibrary": "api_key"}


def action_of(name, monkeypatch, result):
    monkeypatch.setattr(InProcessAction, "run", lambda self, tmp=None, task_vars=None: dict(result))
    module = importlib.import_module("ansible_collections.bunnynet.cloud.plugins.action.%s" % name)
    return module.ActionModule.__new__(module.ActionModule)


@pytest.mark.parametrize("name", sorted(RETURNING))
def test_a_result_with_secrets_is_hidden(name, monkeypatch):
    result = action_of(name, monkeypatch, {"changed": False, "secrets": {RETURNING[name]: "LEAKCANARY-secret"}}).run(task_vars={})

    assert result["_ansible_no_log"] is True


@pytest.mark.parametrize("name", sorted(RETURNING))
def test_a_result_without_secrets_is_shown(name, monkeypatch):
    result = action_of(name, monkeypatch, {"changed": False}).run(task_vars={})

    assert "_ansible_no_log" not in result
