"""Every switch of the roles and the drift audit, given on the command line as users type it.

`-e name=false` gives a role the string "false", which a bare `when:` or `if` takes as true (or,
with ansible-core 2.19 and later, refuses). Each switch is passed as a string both ways, and what
the roles and the audit send to the API must follow it.
"""

import pytest
import yaml

# The first pass turns each switch one way, the second the other. Free and external-DNS
# certificates are mutually exclusive, so they are never both true.
SWITCHES = {
    "mc_rollout_restart": "false",
    "mc_rollout_rollback": "false",
    "edge_script_deploy_purge": "false",
    "edge_script_deploy_rollback": "false",
    "pullzone_domains_purge": "false",
    "pullzone_domains_free_certificate": "false",
    "pullzone_domains_complete_external_dns_certificate": "true",
    "audit_fail_on_drift": "false",
}
OPPOSITE = {"false": "true", "true": "false"}

FIXTURES = {
    "settings": {"progressing_seconds": 0.3, "failing_image_tags": ["1.28-broken"]},
    "registries": [{"id": 1, "displayName": "Docker Hub", "hostName": "docker.io"}],
    "apps": [{
        "id": "shopApp01", "name": "shop",
        "containerTemplates": [{"id": "shopWebTpl1", "name": "web", "imageRegistryId": "1", "imageNamespace": "library",
                                "imageName": "nginx", "imageTag": "1.27"}],
    }],
    "edge_scripts": [{
        "Id": 7, "Name": "router", "ScriptType": 2, "Code": "export default { async fetch(request) { return fetch(request); } };\n",
        "EdgeScriptVariables": [{"Name": "LEGACY_ORIGIN", "Required": False, "DefaultValue": "http://old.example.com"}],
        "Secrets": [{"Name": "LEGACY_KEY", "Secret": "legacy-value"}],
        "Releases": [{"Uuid": "5b0e2d8a-9c41-4f7e-b3a6-0d1c2e3f4a5b", "Code": "export default { async fetch(request) { return fetch(request); } };\n",
                      "Note": "First release", "Status": 1}],
    }],
    "pull_zones": [{"Id": 10, "Name": "assets", "Hostnames": [{"Value": "old.example.com"}]}],
}

# Each role meets what its switches decide: a rollout whose image never comes up, a deploy whose
# check fails, a zone with a hostname the list leaves out. Then the audit finds the zone drifted.
SITE = """
- name: Run each role with the switches of the command line
  hosts: localhost
  connection: local
  gather_facts: false
  vars:
    ansible_python_interpreter: "{{ ansible_playbook_python }}"
  tasks:
    - name: Roll out an image that never comes up
      block:
        - name: Roll web out to 1.28-broken
          ansible.builtin.include_role:
            name: bunnynet.cloud.mc_rollout
          vars:
            mc_rollout_app_id: shopApp01
            mc_rollout_containers: [{name: web, image_tag: 1.28-broken}]
            mc_rollout_wait_timeout: 30
      rescue:
        - name: Go on with the next role
          ansible.builtin.debug:
            msg: The rollout failed as it should.

    - name: Deploy code whose check fails
      block:
        - name: Deploy router v2
          ansible.builtin.include_role:
            name: bunnynet.cloud.edge_script_deploy
          vars:
            edge_script_deploy_name: router
            edge_script_deploy_code_file: "{{ playbook_dir }}/router.js"
            edge_script_deploy_variables: [{name: ORIGIN, default_value: origin.example.com}]
            edge_script_deploy_check_tasks: "{{ playbook_dir }}/check_fails.yml"
      rescue:
        - name: Go on with the next role
          ansible.builtin.debug:
            msg: The deploy failed as it should.

    - name: Give the zone a new hostname
      ansible.builtin.include_role:
        name: bunnynet.cloud.pullzone_domains
      vars:
        pullzone_domains_pull_zone_id: 10
        pullzone_domains_hostnames: [new.example.com]

- name: Audit the zone against an inventory that names another hostname
  ansible.builtin.import_playbook: bunnynet.cloud.audit
"""

INVENTORY = {"all": {"hosts": {"zone": {
    "ansible_connection": "local", "ansible_python_interpreter": "{{ ansible_playbook_python }}",
    "pullzone_domains_pull_zone_id": 10, "pullzone_domains_hostnames": ["new.example.com", "other.example.com"],
}}}}

CHECK_FAILS = """
- name: Check the deployed script, which answers 500 in this test
  ansible.builtin.assert:
    that: false
    fail_msg: router answered 500 on /healthz
"""


@pytest.fixture(scope="module")
def site(sandbox):
    (sandbox.folder / "switches.yml").write_text(SITE)
    (sandbox.folder / "switches-inventory.yml").write_text(yaml.safe_dump(INVENTORY))
    (sandbox.folder / "check_fails.yml").write_text(CHECK_FAILS)
    (sandbox.folder / "router.js").write_text("export default { async fetch(request) { return new Response('v2'); } };\n")
    return sandbox


def play_with(sandbox, switches):
    """Load the fixtures, run the site with the switches as -e strings; the result and the writes it sent."""
    sandbox.load(FIXTURES)
    sandbox.clear_requests()
    options = " ".join("-e %s=%s" % item for item in switches.items())
    played = sandbox.run("ansible-playbook -i switches-inventory.yml switches.yml -e audit_report_path=reports/switches %s" % options, timeout=240)
    writes = [(entry["method"], entry["path"]) for entry in sandbox.requests() if entry["method"] != "GET"]
    certificates = [entry["query"]["hostname"] for entry in sandbox.requests() if entry["path"] == "/pullzone/loadFreeCertificate"]
    return played, " ".join(played.stdout.split()), writes, certificates


def test_false_given_as_a_string_turns_each_switch_off(site):
    played, output, writes, certificates = play_with(site, SWITCHES)

    assert played.returncode == 0, played.stdout + played.stderr
    # mc_rollout: no restart, no rollback.
    assert [write for write in writes if write[1].startswith("/mc/")] == [("PATCH", "/mc/apps/shopApp01")]
    assert "Nothing was rolled back: mc_rollout_rollback is false." in output
    # edge_script_deploy: nothing purged, no second release.
    script_writes = [write for write in writes if write[1].startswith("/compute/")]
    assert [method for method, _path in script_writes].count("DELETE") == 0
    assert len([path for _method, path in script_writes if "/publish" in path]) == 1
    assert "Not rolled back: edge_script_deploy_rollback is false." in output
    # pullzone_domains: nothing removed, an external-DNS certificate and no free one.
    assert ("DELETE", "/pullzone/10/removeHostname") not in writes
    assert ("POST", "/pullzone/completeExternalDnsCertificate") in writes
    assert certificates == []
    # The audit found the drift and did not fail.
    assert "Drifted: pull zone assets." in output


def test_true_given_as_a_string_turns_each_switch_on(site):
    switches = {name: OPPOSITE[value] for name, value in SWITCHES.items()}
    played, output, writes, certificates = play_with(site, switches)

    assert played.returncode != 0
    assert [write for write in writes if write[1].startswith("/mc/")] == [
        ("PATCH", "/mc/apps/shopApp01"), ("POST", "/mc/apps/shopApp01/restart"),
        ("PATCH", "/mc/apps/shopApp01"), ("POST", "/mc/apps/shopApp01/restart")]
    assert "Rolled back container web to image tag 1.27; the application is active again." in output
    script_writes = [write for write in writes if write[1].startswith("/compute/")]
    assert sorted(path.rsplit("/", 2)[1] for method, path in script_writes if method == "DELETE") == ["secrets", "variables"]
    assert len([path for _method, path in script_writes if "/publish" in path]) == 2
    assert "Rolled back: release 5b0e2d8a-9c41-4f7e-b3a6-0d1c2e3f4a5b is live again." in output
    assert ("DELETE", "/pullzone/10/removeHostname") in writes
    assert ("POST", "/pullzone/completeExternalDnsCertificate") not in writes
    assert certificates == ["new.example.com"]
    assert "Drift from the inventory: pull zone assets." in output
