"""Every example the Magic Containers modules and their guide show runs against the simulator, and a second run is ok.

The tasks run in-process: module tasks through the module's main(), ``ansible.builtin.debug`` and
``ansible.builtin.assert`` through Ansible's own templating, with the task keywords the examples
use (name, register, check_mode, diff, vars). A keyword or action this runner does not know
fails the test, so an example cannot slip past it. The templating is the controller's, which
ansible-test offers to these tests but not to those under tests/unit/plugins/modules.
"""

import re
from pathlib import Path

import pytest
import yaml
from ansible.parsing.dataloader import DataLoader
from ansible.template import Templar, trust_as_template

from ansible_collections.bunnynet.cloud.plugins.modules import mc_app, mc_app_info, mc_container_template, mc_registry_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, WEB_ID, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

MODULES = {module.__name__.rsplit(".", 1)[-1]: module for module in (mc_app, mc_app_info, mc_container_template, mc_registry_info)}
AUDIT_GUIDE = Path(mc_app.__file__).resolve().parents[2] / "docs" / "check-mode-audits.md"
KEYWORDS = ("name", "register", "check_mode", "diff", "vars")

# The world the examples talk about: the storefront application, whose web template pulls from
# registry 1, and registry 1042, which the registry examples read.
REGISTRIES = [
    {"id": 1, "displayName": "Docker Hub", "hostName": "docker.io", "isPublic": True, "isPlatformManaged": True},
    {"id": 1042, "displayName": "GitHub Packages", "hostName": "ghcr.io", "userName": "deploy-bot"},
]
VARIABLES = {
    "app_id": APP_ID,
    "web_container_id": WEB_ID,
    "web_digest": "c" * 64,
    "vault_database_password": "example-database-password-0000",
    "storefront_app_id": APP_ID,
    "registry_id": "1",
}


def example_world():
    app = storefront(volumes=[{"name": "uploads", "size": 5}, {"name": "cache", "size": 5}, {"name": "logs", "size": 1}])
    web, worker = app["containerTemplates"]
    web.update(imageRegistryId="1", imageTag="1.27", imageDigest=None, image="docker.io/library/nginx:1.27")
    worker.update(imageRegistryId="1", volumeMounts=[{"name": "cache", "mountPath": "/cache"}])
    return dict(apps=[app], registries=REGISTRIES, settings={"progressing_seconds": 0.2})


def trusted(value):
    """Task text from the examples, which Ansible would template: strings marked as templates."""
    if isinstance(value, dict):
        return {key: trusted(item) for key, item in value.items()}
    if isinstance(value, list):
        return [trusted(item) for item in value]
    return trust_as_template(value) if isinstance(value, str) else value


def module_args(simulator, **options):
    return dict(dict(api_url=simulator.url, api_key=simulator.api_key, api_retries=1), **options)


def writes(simulator):
    return [entry for entry in simulator.requests() if entry["method"] != "GET"]


def run_task(task, variables, simulator, diff=False):
    """Run one task as ansible-playbook would; returns its result and registers it."""
    unknown = set(task) - set(KEYWORDS)
    assert len(unknown) == 1, "the runner cannot run %r" % task
    action = unknown.pop()
    templar = Templar(loader=DataLoader(), variables=dict(variables, **trusted(task.get("vars") or {})))
    arguments = templar.template(trusted(task[action] or {}))
    if action.startswith("bunnynet.cloud."):
        module = MODULES[action.rsplit(".", 1)[-1]]
        result = run_module(module, module_args(simulator, **arguments), check_mode=task.get("check_mode", False),
                            diff=task.get("diff", diff))
    elif action == "ansible.builtin.debug":
        result = {"msg": arguments["msg"]}
    elif action == "ansible.builtin.assert":
        conditions = arguments["that"] if isinstance(arguments["that"], list) else [arguments["that"]]
        passed = all(templar.evaluate_conditional(trust_as_template(condition)) for condition in conditions)
        result = {"msg": "All assertions passed"} if passed else {"failed": True, "msg": arguments.get("fail_msg")}
    else:
        raise AssertionError("the runner cannot run %s" % action)
    if task.get("register"):
        variables[task["register"]] = result
    return result


def examples(module):
    return yaml.safe_load(module.EXAMPLES)


def audit_example():
    blocks = re.findall(r"```yaml\n(.*?)```", AUDIT_GUIDE.read_text(encoding="utf-8"), flags=re.S)
    return [task for block in blocks for task in yaml.safe_load(block) if "bunnynet.cloud.mc_app" in task or "ansible.builtin.assert" in task]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_example_runs_and_its_second_run_changes_nothing(simulator, name):
    simulator.load_fixtures(example_world())
    variables = dict(VARIABLES, bunnynet_api_key=simulator.api_key)
    tasks = examples(MODULES[name])
    assert tasks

    for task in tasks:
        first = run_task(task, variables, simulator)
        second = run_task(task, variables, simulator)

        assert not first.get("failed"), (task["name"], first)
        assert not second.get("failed"), (task["name"], second)
        assert second.get("changed", False) is False, (task["name"], second)
        if name in ("mc_app", "mc_container_template"):
            # The world is set up so that each example has something to do the first time.
            assert first["changed"] is True, (task["name"], first)


@pytest.mark.parametrize("diff", [False, True], ids=["without --diff", "with --diff"])
def test_the_audit_example_passes_when_the_app_is_as_declared(simulator, diff):
    simulator.load_fixtures(example_world())
    variables = dict(VARIABLES)
    run_module(mc_app, module_args(simulator, app_id=APP_ID, autoscaling={"min": 2, "max": 8}))
    simulator.clear_requests()

    results = [run_task(task, variables, simulator, diff=diff) for task in audit_example()]

    assert [result.get("failed", False) for result in results] == [False, False]
    assert writes(simulator) == []


@pytest.mark.parametrize("diff", [False, True], ids=["without --diff", "with --diff"])
def test_the_audit_example_names_what_drifted(simulator, diff):
    simulator.load_fixtures(example_world())
    variables = dict(VARIABLES)

    audit, verdict = [run_task(task, variables, simulator, diff=diff) for task in audit_example()]

    assert audit["changed"] is True
    assert verdict["failed"] is True
    assert verdict["msg"] == (
        'The storefront app differs from its declaration: auto_scaling is {"min": 1, "max": 3}, declared {"min": 2, "max": 8}')
    assert writes(simulator) == []
