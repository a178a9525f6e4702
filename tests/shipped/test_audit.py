"""The drift audit (`ansible-playbook bunnynet.cloud.audit`), run from the installed collection.

An inventory describes resources with the roles' variables; a play applies it with the roles, then
the account is changed by hand through the API, and the audit must name exactly what was changed,
send nothing but reads, and fail on drift only when asked to.
"""

import json

import pytest
import requests
import yaml

# Another pull zone beside the demo's zone 10, so that the inventory has a resource nobody touches.
MEDIA_ZONE = {"Id": 12, "Name": "demo-media", "OriginUrl": "https://media-origin.demo.example"}

INVENTORY = {
    "all": {
        # The hosts run their modules on the controller, with the Python Ansible runs with.
        "vars": {"ansible_connection": "local", "ansible_python_interpreter": "{{ ansible_playbook_python }}"},
        "hosts": {
            "web_app": {
                "mc_rollout_app_id": "demoWebApp01",
                "mc_rollout_containers": [{"name": "web", "image_tag": "1.27.3"}],
                "mc_rollout_restart": True,
                "mc_rollout_wait_timeout": 60,
            },
            "assets_zone": {
                "pullzone_domains_pull_zone_id": 10,
                "pullzone_domains_hostnames": ["cdn.demo.example", {"name": "static.demo.example", "force_ssl": True}],
                "pullzone_domains_allowed_referrers": ["demo.example"],
                "pullzone_domains_edge_rules": [{"description": "Maintenance redirect", "enabled": False}],
            },
            "media_zone": {
                # By name: the audit counts the zone as described, and the role finds it.
                "pullzone_domains_pull_zone_name": "demo-media",
                "pullzone_domains_hostnames": ["media.demo.example"],
            },
            "shop_shield": {
                "shield_pull_zone_id": 4711,
                "shield_zone_settings": {"waf_execution_mode": "block"},
                "shield_waf_rules": [
                    {"name": "Admin area", "action": "block", "conditions": [{"variable": "REQUEST_URI", "operator": "begins_with", "value": "/admin"}]}
                ],
                "shield_access_lists": [{"name": "Office", "type": "cidr", "action": "allow", "entries": ["203.0.113.0/24"]}],
            },
            "dns_example": {
                "dns_zone_domain": "demo.example",
                "dns_zone_dnssec": True,
                "dns_zone_purge": True,
                "dns_zone_records": [{"type": "A", "name": "@", "value": "192.0.2.10"}, {"type": "CNAME", "name": "www", "value": "demo.example"}],
            },
            "website": {
                "static_site_name": "demo-website",
                "static_site_build_dir": "{{ inventory_dir }}/public",
                "static_site_delete": True,
            },
            "gateway_script": {
                "edge_script_deploy_name": "demo-gateway",
                "edge_script_deploy_code_file": "{{ inventory_dir }}/gateway.js",
                "edge_script_deploy_variables": [{"name": "UPSTREAM", "default_value": "https://origin-eu.example.com", "required": True}],
            },
        },
    }
}

APPLY = """
- name: Apply the inventory with the roles
  hosts: all
  gather_facts: false
  tasks:
    - name: Roll out the application's images
      ansible.builtin.include_role:
        name: bunnynet.cloud.mc_rollout
      when: mc_rollout_app_id is defined

    - name: Deploy the Edge Script
      ansible.builtin.include_role:
        name: bunnynet.cloud.edge_script_deploy
      when: edge_script_deploy_name is defined

    - name: Ensure the pull zone's domains
      ansible.builtin.include_role:
        name: bunnynet.cloud.pullzone_domains
      when: pullzone_domains_pull_zone_id is defined or pullzone_domains_pull_zone_name is defined

    - name: Protect the shop with Shield
      ansible.builtin.include_role:
        name: bunnynet.cloud.shield
      when: shield_pull_zone_id is defined

    - name: Give the DNS zone its settings and records
      ansible.builtin.include_role:
        name: bunnynet.cloud.dns_zone
      when: dns_zone_domain is defined

    - name: Deploy the static site
      ansible.builtin.include_role:
        name: bunnynet.cloud.static_site
      when: static_site_name is defined
"""

MAINTENANCE_RULE = "5f0c7a2e-3b1d-4e8f-9a6c-2d4b8e1f7a30"
# What the hand-made changes below make differ from the inventory, and nothing else: host, resource, fields.
DRIFTED = {
    ("web_app", "application demo web"): {"mc_rollout_containers[web].image_tag"},
    ("assets_zone", "pull zone demo-assets"): {"pullzone_domains_hostnames[static.demo.example]",
                                               "pullzone_domains_edge_rules[Maintenance redirect].enabled"},
    ("gateway_script", "Edge Script demo-gateway"): {"edge_script_deploy_variables[UPSTREAM].default_value"},
    ("shop_shield", "Shield zone pull-zone-4711"): {"shield_access_lists[Office].entries"},
    ("dns_example", "DNS zone demo.example"): {"dns_zone_records[CNAME www]"},
    # A file changed by hand: the sync would upload it again.
    ("website", "storage zone demo-website"): {"static_site_files[style.css]"},
}
# What the account holds and no host describes: the demo's second application, its video library
# with the library's pull zone, the Shield zone of no pull zone and the container registries.
UNMANAGED = {("app", "demo worker"), ("video_library", "demo-lessons"), ("pull_zone", "vz-20"), ("shield_zone", "pull-zone-none-4103"),
             ("registry", "Docker Hub"), ("registry", "GitHub Packages"), ("registry", "Private registry")}
HOSTS = {"web_app", "assets_zone", "media_zone", "gateway_script", "shop_shield", "dns_example", "website"}


@pytest.fixture(scope="module")
def applied(sandbox):
    """The demo's account with the inventory applied; the sandbox's folder holds inventory.yml."""
    sandbox.load(dict(sandbox.demo_state, pull_zones=sandbox.demo_state["pull_zones"] + [MEDIA_ZONE]))
    (sandbox.folder / "inventory.yml").write_text(yaml.safe_dump(INVENTORY))
    (sandbox.folder / "apply.yml").write_text(APPLY)
    (sandbox.folder / "gateway.js").write_text("export default { async fetch(request) { return fetch(request); } };\n")
    (sandbox.folder / "public").mkdir()
    (sandbox.folder / "public" / "index.html").write_text("<h1>Demo</h1>\n")
    (sandbox.folder / "public" / "style.css").write_text("h1 { color: teal; }\n")
    played = sandbox.run("ansible-playbook -i inventory.yml apply.yml")
    assert played.returncode == 0, played.stdout + played.stderr
    return sandbox


@pytest.fixture(scope="module")
def drift(applied):
    """The same account after someone put an older image on a container, removed a hostname, switched an edge rule on,
    changed a script's variable, replaced the office's access list, deleted a DNS record and changed a file of the website, by hand."""
    applied.api("DELETE", "/pullzone/10/removeHostname", {"Hostname": "static.demo.example"})
    applied.api("POST", "/pullzone/10/edgerules/%s/setEdgeRuleEnabled" % MAINTENANCE_RULE, {"Id": 10, "Value": True})
    (upstream,) = [variable for variable in applied.api("GET", "/compute/script/501")["EdgeScriptVariables"] if variable["Name"] == "UPSTREAM"]
    applied.api("POST", "/compute/script/501/variables/%s" % upstream["Id"], {"DefaultValue": "https://origin-us.example.com"})
    applied.api("PATCH", "/mc/apps/demoWebApp01/containers/demoWebTpl01", {"imageTag": "1.27"})
    (office,) = applied.api("GET", "/shield/shield-zone/4102/access-lists")["customLists"]
    applied.api("PATCH", "/shield/shield-zone/4102/access-lists/%d" % office["listId"], {"content": "198.51.100.7"})
    (dns_zone,) = [zone for zone in applied.api("GET", "/dnszone")["Items"] if zone["Domain"] == "demo.example"]
    (www,) = [record for record in dns_zone["Records"] if record["Name"] == "www"]
    applied.api("DELETE", "/dnszone/%d/records/%d" % (dns_zone["Id"], www["Id"]))
    (website,) = [zone for zone in applied.api("GET", "/storagezone") if zone["Name"] == "demo-website"]
    uploaded = requests.put(
        applied.url + "/storage/demo-website/style.css", data=b"h1 { color: red; }\n", headers={"AccessKey": website["Password"]}, timeout=10
    )
    assert uploaded.status_code == 201, uploaded.text
    return applied


def audit(sandbox, *options):
    """Run the audit with the request log cleared first; its result, the report, and the requests it sent."""
    sandbox.clear_requests()
    played = sandbox.run("ansible-playbook bunnynet.cloud.audit -i inventory.yml -e audit_report_path=reports/drift %s" % " ".join(options))
    report = sandbox.folder / "reports" / "drift.json"
    findings = json.loads(report.read_text()) if report.exists() else None
    markdown = (sandbox.folder / "reports" / "drift.md").read_text() if report.exists() else None
    # Without the key exchanged for the team endpoints' token: a POST that changes nothing, forced by the API.
    sent = [(entry["method"], entry["path"]) for entry in sandbox.requests() if (entry["method"], entry["path"]) != ("POST", "/apikey/exchange")]
    report.unlink(missing_ok=True)
    return played, findings, markdown, sent


def drifted(findings):
    return {(finding["host"], finding["resource"]): {found["field"] for found in finding["drift"]}
            for finding in findings["resources"] if finding["drifted"]}


def test_an_account_as_the_inventory_describes_it_has_no_drift(applied):
    played, findings, markdown, sent = audit(applied, "-e audit_fail_on_drift=true")

    assert drifted(findings) == {}
    assert {(resource["kind"], resource["name"]) for resource in findings["unmanaged"]} == UNMANAGED
    assert played.returncode == 0, played.stdout + played.stderr
    assert findings["schema_version"] == 2
    assert findings["drifted"] is False
    assert {finding["host"] for finding in findings["resources"]} == HOSTS
    assert markdown.splitlines()[2].startswith("Nothing drifted: the %d resources checked, on 7 hosts" % len(findings["resources"]))
    assert sent and {method for method, _path in sent} == {"GET"}


def test_the_report_names_exactly_what_was_changed_by_hand_and_the_audit_only_reads(drift):
    played, findings, markdown, sent = audit(drift)

    assert played.returncode == 0, played.stdout + played.stderr
    assert findings["drifted"] is True
    assert drifted(findings) == DRIFTED
    assert findings["summary"] == {"hosts": len(HOSTS), "resources": len(HOSTS), "drifted": len(DRIFTED), "errors": 0, "unmanaged": len(UNMANAGED)}
    # Each difference carries both values: the inventory's and the account's.
    (containers,) = [found for finding in findings["resources"] for found in finding["drift"] if found["field"].startswith("mc_rollout")]
    assert (containers["inventory"], containers["account"]) == ("1.27.3", "1.27")
    assert {method for method, _path in sent} == {"GET"}
    # The Markdown has a section for each drifted resource and none for the others.
    sections = {line[3:] for line in markdown.splitlines() if line.startswith("## ")}
    assert sections == {"%s (%s)" % (resource, host) for host, resource in DRIFTED} | {"Unmanaged resources", "Every resource checked"}
    # It opens with what drifted, before any section.
    opening = markdown.split("\n## ", 1)[0].splitlines()
    assert opening[2] == "%d of %d resources drifted, on %d hosts:" % (len(DRIFTED), len(HOSTS), len(HOSTS))
    assert set(opening[4:]) == {"- %s (%s)" % (resource, host) for host, resource in DRIFTED}
    assert "- `pullzone_domains_edge_rules[Maintenance redirect].enabled`: `true` in the account, `false` in the inventory" in markdown
    assert "- `mc_rollout_containers[web].image_tag`: `\"1.27\"` in the account, `\"1.27.3\"` in the inventory" in markdown
    assert "- `pullzone_domains_hostnames[static.demo.example]`: missing from the account; the inventory has " in markdown
    assert ("- `edge_script_deploy_variables[UPSTREAM].default_value`: `\"https://origin-us.example.com\"` in the account, "
            "`\"https://origin-eu.example.com\"` in the inventory") in markdown
    assert "- `dns_zone_records[CNAME www]`: missing from the account; the inventory has " in markdown


def test_drift_fails_the_audit_when_asked_to_after_writing_the_report(drift):
    played, findings, _markdown, sent = audit(drift, "-e audit_fail_on_drift=true")

    assert played.returncode != 0
    assert "Drift from the inventory: " in played.stdout
    assert drifted(findings) == DRIFTED
    assert {method for method, _path in sent} == {"GET"}


def test_a_host_that_describes_no_resource_is_reported_and_fails_the_audit(applied):
    inventory = yaml.safe_load(yaml.safe_dump(INVENTORY))
    inventory["all"]["hosts"]["web"] = {}
    (applied.folder / "inventory-with-web.yml").write_text(yaml.safe_dump(inventory))

    applied.clear_requests()
    played = applied.run("ansible-playbook bunnynet.cloud.audit -i inventory-with-web.yml -e audit_report_path=reports/with-web")

    assert played.returncode != 0
    findings = json.loads((applied.folder / "reports" / "with-web.json").read_text())
    assert [error["host"] for error in findings["errors"]] == ["web"]
    assert "web has none of the variables" in findings["errors"][0]["error"]
    # As docs/troubleshooting.md quotes it.
    assert (
        "The audit could not check web: web has none of the variables pullzone_domains_pull_zone_name, pullzone_domains_pull_zone_id, "
        "dns_zone_domain, static_site_storage_zone_name, static_site_name, storage_zone_name, shield_pull_zone_name, shield_pull_zone_id, "
        "edge_script_deploy_name, mc_rollout_app_name, mc_rollout_app_id, mc_registry_display_name, video_library_name, "
        "stream_catalogue_library_id, stream_catalogue_library, database_app_name, team_member_email, so it describes "
        "no resource to audit; give it one, or leave it out with audit_hosts or --limit."
    ) in " ".join(played.stdout.split())
    assert {finding["host"] for finding in findings["resources"]} == HOSTS


def test_bad_audit_settings_fail_before_any_request(applied):
    applied.clear_requests()
    played = applied.run("ansible-playbook bunnynet.cloud.audit -i inventory.yml -e audit_fail_on_drift=sometimes")

    assert played.returncode != 0
    assert "audit_fail_on_drift" in played.stdout
    assert applied.requests() == []


def test_an_api_that_fails_fails_the_audit_with_its_error_and_nothing_is_written(drift):
    drift.api("POST", "/_sim/faults", {"method": "GET", "path": "^/dnszone", "status": 500})
    try:
        played, findings, _markdown, sent = audit(drift)
    finally:
        drift.api("DELETE", "/_sim/faults")

    assert played.returncode != 0
    assert "500" in played.stdout and "Traceback" not in played.stdout + played.stderr
    assert findings is None
    assert {method for method, _path in sent} == {"GET"}


def test_the_audit_checks_only_the_hosts_it_is_given(applied):
    limited, findings, _markdown, sent = audit(applied, "--limit assets_zone,dns_example")
    chosen, chosen_findings, _markdown, _sent = audit(applied, "-e audit_hosts=website")

    assert limited.returncode == 0, limited.stdout + limited.stderr
    assert {finding["host"] for finding in findings["resources"]} == {"assets_zone", "dns_example"}
    assert {finding["host"] for finding in chosen_findings["resources"]} == {"website"}
    # What the hosts left out describe is managed all the same: not unmanaged.
    assert {(resource["kind"], resource["name"]) for resource in findings["unmanaged"]} == UNMANAGED
    assert {method for method, _path in sent} == {"GET"}


def test_an_inventory_without_hosts_fails_the_audit_before_any_request(applied):
    (applied.folder / "empty.yml").write_text("all: {}\n")
    applied.clear_requests()

    played = applied.run("ansible-playbook bunnynet.cloud.audit -i empty.yml -e audit_report_path=reports/empty")

    assert played.returncode != 0
    assert "No host of the inventory matches audit_hosts=all" in " ".join(played.stdout.split())
    assert applied.requests() == []
    assert not (applied.folder / "reports" / "empty.json").exists()
