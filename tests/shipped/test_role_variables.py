"""A misspelt role variable fails the role before any request, naming the variable it meant.

Ansible checks a role's variables against its argument spec, but only those the spec names: before
this check, `static_site_hostname: [...]` (for `static_site_hostnames`) and `static_site_delet: true`
ran with rc 0, and the site went live with no domain and no certificate (issue 29).
"""

import json

import pytest

# Each role with the variables it requires, and one or two misspelt ones.
ROLES = {
    "static_site": {"static_site_name": "typo-site", "static_site_hostname": ["www.typo.example"], "static_site_delet": True},
    "shield": {"shield_pull_zone_id": 4711, "shield_waf_rule": [{"name": "Admin"}]},
    "pullzone_domains": {"pullzone_domains_pull_zone_id": 10, "pullzone_domains_hostname": ["cdn.typo.example"]},
    "dns_zone": {"dns_zone_domain": "typo.example", "dns_zone_record": [{"type": "A", "name": "@", "value": "192.0.2.1"}]},
    "mc_rollout": {"mc_rollout_app_id": "demoWebApp01", "mc_rollout_containers": [{"name": "web", "image_tag": "1.27.3"}], "mc_rollout_restrat": True},
    "edge_script_deploy": {"edge_script_deploy_name": "typo-router", "edge_script_deploy_code_file": "/dev/null", "edge_script_deploy_varaibles": []},
    "storage_zone": {"storage_zone_name": "typo-zone", "storage_zone_setting": {"region": "DE"}},
    "video_library": {"video_library_name": "typo-library", "video_library_prune": True},
    "mc_registry": {"mc_registry_display_name": "typo-registry", "mc_registry_username": "typo-bot"},
    "team_member": {"team_member_email": "typo@example.com", "team_member_role": ["zones"]},
}
MEANT = {
    "static_site_hostname": "static_site_hostnames",
    "static_site_delet": "static_site_delete",
    "shield_waf_rule": "shield_waf_rules",
    "pullzone_domains_hostname": "pullzone_domains_hostnames",
    "dns_zone_record": "dns_zone_records",
    "mc_rollout_restrat": "mc_rollout_restart",
    "edge_script_deploy_varaibles": "edge_script_deploy_variables",
    "storage_zone_setting": "storage_zone_settings",
    "video_library_prune": "video_library_purge",
    "mc_registry_username": "mc_registry_user_name",
    "team_member_role": "team_member_roles",
}

PLAYBOOK = """
- name: Run each role with a misspelt variable
  hosts: localhost
  connection: local
  gather_facts: false
  vars:
    ansible_python_interpreter: "{{ ansible_playbook_python }}"
  tasks:
%s
    - name: Keep what each role said
      ansible.builtin.copy:
        content: "{{ typo_failures | to_json }}"
        dest: "{{ playbook_dir }}/typo-failures.json"
        mode: "0644"
"""
ROLE_BLOCK = """
    - name: Run {role}
      block:
        - name: Include {role} with a typo
          ansible.builtin.include_role:
            name: bunnynet.cloud.{role}
          vars: {variables}
      rescue:
        - name: Keep the failure of {role}
          ansible.builtin.set_fact:
            typo_failures: "{{{{ typo_failures | default({{}}) | combine({{'{role}': ansible_failed_result.msg}}) }}}}"
"""


@pytest.fixture(scope="module")
def failures(sandbox):
    sandbox.load(sandbox.demo_state)
    sandbox.clear_requests()
    blocks = "".join(ROLE_BLOCK.format(role=role, variables=json.dumps(variables)) for role, variables in ROLES.items())
    (sandbox.folder / "typos.yml").write_text(PLAYBOOK % blocks)
    played = sandbox.run("ansible-playbook typos.yml")
    assert played.returncode == 0, played.stdout + played.stderr
    return json.loads((sandbox.folder / "typo-failures.json").read_text()), sandbox.requests()


@pytest.mark.parametrize("role", sorted(ROLES))
def test_a_misspelt_variable_fails_the_role_naming_the_variable_it_meant(failures, role):
    messages, _requests = failures

    typos = [name for name in ROLES[role] if name in MEANT]
    assert messages[role] == " ".join(
        "%s is not a variable of bunnynet.cloud.%s; did you mean %s?" % (typo, role, MEANT[typo]) for typo in typos)


def test_no_role_sends_a_request_before_it_fails_on_a_misspelt_variable(failures):
    _messages, requests = failures

    assert requests == []
