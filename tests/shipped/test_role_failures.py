"""What a user sees when a role fails: one message that says what failed and what was rolled back.

A failed rollout printed two error blocks, the first a 2 KB dump of the application the module
returned with its failure, before the role's own message (issue 29).
"""

import re

import pytest
from test_switches import FIXTURES

ROLLOUT = """
- name: Roll the shop's web container out to an image that never comes up
  hosts: localhost
  connection: local
  gather_facts: false
  vars:
    ansible_python_interpreter: "{{ ansible_playbook_python }}"
  tasks:
    - name: Roll web out to 1.28-broken
      ansible.builtin.include_role:
        name: bunnynet.cloud.mc_rollout
      vars:
        mc_rollout_app_id: shopApp01
        mc_rollout_containers: [{name: web, image_tag: 1.28-broken}]
        mc_rollout_restart: true
        mc_rollout_wait_timeout: 30
"""


@pytest.fixture(scope="module")
def failed_rollout(sandbox):
    sandbox.load(FIXTURES)
    (sandbox.folder / "rollout.yml").write_text(ROLLOUT)
    return sandbox.run("ansible-playbook rollout.yml", timeout=240)


def test_a_failed_rollout_prints_one_error_that_says_what_failed_and_what_was_rolled_back(failed_rollout):
    output = failed_rollout.stdout + failed_rollout.stderr

    assert failed_rollout.returncode != 0
    assert len(re.findall(r"FAILED!", output)) == 1, output
    (message,) = re.findall(r'FAILED! => \{.*"msg": "([^"]*)"', output)
    assert message == (
        "The rollout to application shop (shopApp01) did not succeed: Application shopApp01 is failing instead of becoming active. "
        "Rolled back container web to image tag 1.27; the application is active again.")


def test_a_failed_rollout_does_not_print_the_application(failed_rollout):
    output = failed_rollout.stdout + failed_rollout.stderr

    assert "container_templates" not in output
    assert "image_registry_id" not in output
