"""A role's variable with a value its argument spec refuses fails in one line, naming the variable and the rule.

Ansible's own check of a role's arguments fails with the whole argument spec in its result (4.5 KB
for dns_zone); each role's dependency role_arguments runs the same rules first, through this filter.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from ansible.errors import AnsibleFilterError

from ansible_collections.bunnynet.cloud.plugins.filter.role_argument_problems import FilterModule, role_argument_problems

COLLECTION = Path(__file__).resolve().parents[4]
ROLES = COLLECTION / "roles"
USER_ROLES = sorted(path.name for path in ROLES.iterdir() if (path / "meta" / "argument_specs.yml").exists())
DNS_ZONE_SPEC = yaml.safe_load((ROLES / "dns_zone" / "meta" / "argument_specs.yml").read_text())
ROLE = "bunnynet.cloud.dns_zone"
NOT_A_BOOLEAN = ("bunnynet.cloud.dns_zone: argument 'dns_zone_purge' is of type str and we were unable to convert to bool: "
                 "The value 'maybe' is not a valid boolean.")


def test_a_wrong_type_names_the_variable_and_the_rule_in_one_line():
    (problem,) = role_argument_problems({"dns_zone_domain": "example.com", "dns_zone_purge": "maybe"}, DNS_ZONE_SPEC, role=ROLE)

    assert problem.startswith(NOT_A_BOOLEAN)
    assert "\n" not in problem


def test_a_missing_required_variable_and_a_wrong_element_are_named_each():
    problems = role_argument_problems({"dns_zone_records": ["www"]}, DNS_ZONE_SPEC, role=ROLE)

    assert problems[0] == "bunnynet.cloud.dns_zone: missing required arguments: dns_zone_domain"
    assert problems[1].startswith("bunnynet.cloud.dns_zone: Elements value for option 'dns_zone_records' is of type str")
    assert len(problems) == 2


def test_values_the_spec_takes_and_names_it_does_not_know_give_no_problem():
    # A misspelt name is the role's own first task's, which offers the name meant.
    values = {"dns_zone_domain": "example.com", "dns_zone_purge": "yes", "dns_zone_records": [], "dns_zone_record": "x",
              "dns_zone_changes": []}

    assert role_argument_problems(values, DNS_ZONE_SPEC, role=ROLE) == []


@pytest.mark.parametrize(("values", "specs", "error"), [
    ("dns_zone_purge", DNS_ZONE_SPEC, "as a dict, got str"),
    ({}, {"argument_specs": {"other": {}}}, "with the entry point 'main'"),
])
def test_what_is_not_a_role_and_its_spec_is_an_error(values, specs, error):
    with pytest.raises(AnsibleFilterError, match=error):
        role_argument_problems(values, specs)


def test_the_filter_is_registered_under_its_name():
    assert FilterModule().filters() == {"role_argument_problems": role_argument_problems}


@pytest.mark.parametrize("role", USER_ROLES)
def test_each_role_depends_on_the_check_with_its_own_name(role):
    meta = yaml.safe_load((ROLES / role / "meta" / "main.yml").read_text())

    assert meta["dependencies"] == [{"role": "bunnynet.cloud.role_arguments", "role_arguments_of": role}]


PLAYBOOK = """
- name: Run the role with a value of the wrong type
  hosts: localhost
  connection: local
  gather_facts: false
  tasks:
    - name: Give the zone its records
      ansible.builtin.include_role:
        name: bunnynet.cloud.dns_zone
      vars:
        dns_zone_domain: example.com
        dns_zone_purge: maybe
"""


def test_a_run_with_a_wrong_type_fails_in_one_line_before_ansibles_check_prints_the_spec(tmp_path):
    (tmp_path / "play.yml").write_text(PLAYBOOK)
    environment = dict(os.environ, ANSIBLE_COLLECTIONS_PATH=str(COLLECTION.parents[2]), ANSIBLE_LOCALHOST_WARNING="false",
                       ANSIBLE_INVENTORY_UNPARSED_WARNING="false", ANSIBLE_NOCOLOR="true")
    ran = subprocess.run([sys.executable, "-m", "ansible", "playbook", "play.yml"], cwd=str(tmp_path), env=environment,
                         capture_output=True, text=True, timeout=120, check=False)
    output = ran.stdout + ran.stderr

    assert ran.returncode != 0
    assert "argument_spec_data" not in output and "Validating arguments against arg spec" not in output
    (failure,) = [line for line in output.splitlines() if line.startswith("fatal: ")]
    assert '"msg": "%s' % NOT_A_BOOLEAN in failure
