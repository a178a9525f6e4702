"""Adopting an account (docs/adopt-an-account.md), from the installed collection: the account as an
inventory, exported to the inventory the roles read, and audited with its unmanaged resources.

The account is the demo's, with a DNS zone, a static site (a storage zone behind a pull zone), a
storage zone of its own and a release of the Edge Script made by hand through the API. After the
export the roles and the audit find nothing to change; then a hostname added by hand is drift,
and a DNS zone added by hand is unmanaged.
"""

import json

import pytest
import yaml

SOURCE = "plugin: bunnynet.cloud.account\nrole_variables: true\n"
# Hosts the export writes: every resource a role of the collection manages.
EXPORTED = {
    "pull_zone_demo-assets", "pull_zone_vz-20", "shield_zone_pull-zone-4711", "edge_script_demo-gateway",
    "app_demo_web", "app_demo_worker", "dns_zone_adopt.example", "storage_zone_adopt-site", "pull_zone_adopt-site-cdn",
    "storage_zone_adopt-backups", "video_library_demo-lessons", "registry_Docker_Hub", "registry_GitHub_Packages", "registry_Private_registry",
}
APPLY = """
- name: Apply the exported inventory with each host's role
  hosts: all
  gather_facts: false
  tasks:
    - name: Run the host's role
      ansible.builtin.include_role:
        name: bunnynet.cloud.{{ group_names | first }}
"""


@pytest.fixture(scope="module")
def account(sandbox):
    """The demo's account, with a DNS zone and a release of the script made by hand."""
    sandbox.load(sandbox.demo_state)
    zone = sandbox.api("POST", "/dnszone", {"Domain": "adopt.example"})
    sandbox.api("PUT", "/dnszone/%d/records" % zone["Id"], {"Type": 0, "Name": "www", "Value": "192.0.2.7", "Ttl": 600})
    sandbox.api("PUT", "/dnszone/%d/records" % zone["Id"], {"Type": 3, "Name": "", "Value": "v=spf1 -all"})
    sandbox.api("POST", "/compute/script/501/publish", {"Note": "made by hand"})
    site = sandbox.api("POST", "/storagezone", {"Name": "adopt-site", "Region": "DE", "ReplicationRegions": ["NY"]})
    site_zone = sandbox.api("POST", "/pullzone", {"Name": "adopt-site-cdn", "OriginType": 2, "StorageZoneId": site["Id"]})
    # A hostname added by hand, without Force SSL or a certificate, and one with both: the role leaves the first as it is.
    sandbox.api("POST", "/pullzone/%d/addHostname" % site_zone["Id"], {"Hostname": "old.adopt.example"})
    sandbox.api("POST", "/pullzone/%d/addHostname" % site_zone["Id"], {"Hostname": "www.adopt.example"})
    sandbox.api("POST", "/pullzone/%d/setForceSSL" % site_zone["Id"], {"Hostname": "www.adopt.example", "ForceSSL": True})
    sandbox.api("GET", "/pullzone/loadFreeCertificate?hostname=www.adopt.example")
    sandbox.api("POST", "/storagezone", {"Name": "adopt-backups", "Region": "DE"})
    # A custom page whose HTML holds what a template would take for its own, and a trailing newline.
    sandbox.api("PUT", "/shield/shield-zone/4102/custom-page/block", "<h1>Blocked</h1><p>{{ visitor.ip }}</p>\n")
    (sandbox.folder / "account.bunnynet.yml").write_text(SOURCE)
    return sandbox


@pytest.fixture(scope="module")
def exported(account):
    """The account exported to the folder inventory/; the export's requests."""
    account.clear_requests()
    played = account.run("ansible-playbook bunnynet.cloud.export -e export_dir=inventory")
    assert played.returncode == 0, played.stdout + played.stderr
    return account, [(entry["method"], entry["path"]) for entry in account.requests()]


def audit(sandbox):
    sandbox.clear_requests()
    played = sandbox.run("ansible-playbook bunnynet.cloud.audit -i inventory/hosts.yml -e audit_report_path=reports/drift")
    assert played.returncode == 0, played.stdout + played.stderr
    report = json.loads((sandbox.folder / "reports" / "drift.json").read_text())
    # The key exchanged for the team endpoints' token is a POST that changes nothing, and the only one.
    return report, {entry["method"] for entry in sandbox.requests() if (entry["method"], entry["path"]) != ("POST", "/apikey/exchange")}


def unmanaged(report):
    return {(resource["kind"], resource["name"]) for resource in report["unmanaged"]}


def test_the_inventory_graph_shows_the_account_without_its_secrets(account):
    graph = account.run("ansible-inventory -i account.bunnynet.yml --graph")
    listed = account.run("ansible-inventory -i account.bunnynet.yml --list")

    assert graph.returncode == 0, graph.stdout + graph.stderr
    lines = [line.strip(" |-") for line in graph.stdout.splitlines()]
    for expected in ("@bunnynet_pull_zones:", "pull_zone_demo-assets", "@bunnynet_dns_zones:", "dns_zone_adopt.example",
                     "@bunnynet_edge_scripts:", "edge_script_demo-gateway", "@bunnynet_apps:", "app_demo_web",
                     "@bunnynet_shield_zones:", "shield_zone_pull-zone-4711", "@bunnynet_video_libraries:", "video_library_demo-lessons"):
        assert expected in lines
    # Strings read from an API are listed as unsafe ({"__ansible_unsafe": ...}): compared as text.
    hosts = json.loads(listed.stdout)["_meta"]["hostvars"]
    assert "https://origin.demo.example" in json.dumps(hosts["pull_zone_demo-assets"]["bunnynet_resource"]["origin_url"])
    for secret in ("zone_security_key", "api_key", "read_only_api_key", "deployment_key", "password"):
        assert '"%s"' % secret not in listed.stdout


def test_the_export_writes_each_resource_in_its_roles_shape_and_only_reads(exported):
    sandbox, sent = exported
    folder = sandbox.folder / "inventory"

    hosts_file = (folder / "hosts.yml").read_text()
    hosts = yaml.safe_load(hosts_file)["all"]["children"]
    assert {host for group in hosts.values() for host in group["hosts"]} == EXPORTED
    # A host's line says which resource it is: a main.yml in JSON has no header to say it.
    assert '        dns_zone_adopt.example:  # dns zone "adopt.example", id ' in hosts_file
    # Each main.yml is JSON, which Ansible loads faster than YAML, and YAML all the same.
    for host in EXPORTED:
        text = (folder / "host_vars" / host / "main.yml").read_text()
        assert json.loads(text) == yaml.safe_load(text)
    assert set(hosts["pullzone_domains"]["hosts"]) == {"pull_zone_demo-assets", "pull_zone_vz-20", "pull_zone_adopt-site-cdn"}
    site = yaml.safe_load((folder / "host_vars" / "storage_zone_adopt-site" / "main.yml").read_text())
    assert site == {"static_site_name": "adopt-site", "static_site_pull_zone_name": "adopt-site-cdn", "static_site_region": "DE",
                    "static_site_zone_tier": "standard", "static_site_zone_type": "standard", "static_site_replication_regions": ["NY"],
                    "static_site_custom_404_file_path": None,
                    "static_site_rewrite_404_to_200": False, "static_site_files": [],
                    "static_site_hostnames": [{"name": "old.adopt.example", "force_ssl": False, "free_certificate": False}, "www.adopt.example"]}
    # A registry without credentials asks for no password; one with a user name gets a vault placeholder for it.
    assert "mc_registry_password" not in (folder / "host_vars" / "registry_Docker_Hub" / "main.yml").read_text()
    assert "vault_registry_password" in (folder / "host_vars" / "registry_GitHub_Packages" / "vault.yml").read_text()
    shield = yaml.safe_load((folder / "host_vars" / "shield_zone_pull-zone-4711" / "main.yml").read_text())
    assert shield["shield_bot_detection"]["execution_mode"] in ("log_only", "challenge")
    assert {managed["name"] for managed in shield["shield_managed_lists"]} >= {"Tor exit nodes", "VPN providers"}
    # The page is a file the variables read through a lookup, taken as it is, never as a template.
    assert [page["page"] for page in shield["shield_custom_pages"]] == ["block"]
    assert "lookup('ansible.builtin.file'" in shield["shield_custom_pages"][0]["content"]
    assert "{{ visitor.ip }}" in (folder / "files" / "shield_zone_pull-zone-4711-block.html").read_text()
    zone = yaml.safe_load((folder / "host_vars" / "pull_zone_demo-assets" / "main.yml").read_text())
    assert zone["pullzone_domains_pull_zone_id"] == 10
    assert zone["pullzone_domains_hostnames"] == [{"name": "cdn.demo.example", "force_ssl": False}]
    assert zone["pullzone_domains_blocked_referrers"] == ["old-hotlinker.example.net"]
    # Each rule whole, in the order it runs: what the role gives the module to keep it as it is.
    block = next(rule for rule in zone["pullzone_domains_edge_rules"] if rule["description"] == "Block admin paths")
    assert block["enabled"] is True and block["actions"][0]["type"] == "block_request"
    dns = yaml.safe_load((folder / "host_vars" / "dns_zone_adopt.example" / "main.yml").read_text())
    www = {key: value for key, value in dns["dns_zone_records"][0].items() if key in ("type", "name", "value", "ttl")}
    assert www == {"type": "A", "name": "www", "value": "192.0.2.7", "ttl": 600}
    script = (folder / "host_vars" / "edge_script_demo-gateway" / "main.yml").read_text()
    assert json.loads(script)["edge_script_deploy_code_file"] == "{{ inventory_dir }}/files/edge_script_demo-gateway.js"
    assert (folder / "files" / "edge_script_demo-gateway.js").read_text().startswith("export default")
    assert yaml.safe_load(script)["edge_script_deploy_secrets"] == [{"name": "SIGNING_KEY", "value": "{{ vault_signing_key }}"}]
    vault = (folder / "host_vars" / "edge_script_demo-gateway" / "vault.yml").read_text()
    assert "vault_signing_key: REPLACE-WITH-THE-VALUE-OF-SIGNING_KEY" in vault
    assert "never returns" in vault and "ansible-vault encrypt" in vault
    library = yaml.safe_load((folder / "host_vars" / "video_library_demo-lessons" / "main.yml").read_text())
    assert library["video_library_name"] == "demo-lessons" and library["video_library_purge"] is True
    backups = yaml.safe_load((folder / "host_vars" / "storage_zone_adopt-backups" / "main.yml").read_text())
    assert backups["storage_zone_settings"]["region"] == "DE"
    # Reads only, and the one POST the team endpoints force: the key exchanged for their token, which changes nothing.
    assert sent and {(method, path if method != "GET" else None) for method, path in sent} == {("GET", None), ("POST", "/apikey/exchange")}


def test_the_roles_and_the_audit_find_nothing_to_change_right_after_the_export(exported):
    sandbox, _sent = exported
    (sandbox.folder / "apply.yml").write_text(APPLY)

    sandbox.clear_requests()
    applied = sandbox.run("ansible-playbook -i inventory/hosts.yml apply.yml")
    writes = [entry for entry in sandbox.requests() if entry["method"] != "GET"]
    report, methods = audit(sandbox)

    assert applied.returncode == 0, applied.stdout + applied.stderr
    assert writes == []
    recap = [line for line in applied.stdout.splitlines() if " : ok=" in line]
    assert len(recap) == len(EXPORTED) and all("changed=0" in line for line in recap), recap
    assert report["schema_version"] == 2 and report["drifted"] is False
    assert {finding["host"] for finding in report["resources"]} == EXPORTED
    assert report["summary"] == {"hosts": len(EXPORTED), "resources": len(EXPORTED), "drifted": 0, "errors": 0, "unmanaged": 1}
    # What no role manages: a Shield zone of no pull zone.
    assert {kind for kind, _name in unmanaged(report)} == {"shield_zone"}
    assert methods == {"GET"}


def test_exporting_an_unchanged_account_again_writes_no_file(exported):
    sandbox, _sent = exported
    again = sandbox.run("ansible-playbook bunnynet.cloud.export -e export_dir=inventory")

    assert again.returncode == 0, again.stdout + again.stderr
    assert "files written: 0." in again.stdout
    assert "changed=0" in [line for line in again.stdout.splitlines() if "localhost" in line and " : ok=" in line][0]


def test_a_hostname_added_by_hand_is_drift_and_a_zone_added_by_hand_is_unmanaged(exported):
    sandbox, _sent = exported
    sandbox.api("POST", "/pullzone/10/addHostname", {"Hostname": "sprawl.demo.example"})
    sandbox.api("POST", "/dnszone", {"Domain": "sprawl.example"})

    report, methods = audit(sandbox)

    drifted = {(finding["host"], change["field"]) for finding in report["resources"] if finding["drifted"] for change in finding["drift"]}
    assert drifted == {("pull_zone_demo-assets", "pullzone_domains_hostnames[sprawl.demo.example]")}
    assert ("dns_zone", "sprawl.example") in unmanaged(report)
    assert report["summary"]["unmanaged"] == 2
    markdown = (sandbox.folder / "reports" / "drift.md").read_text()
    assert "## Unmanaged resources" in markdown and "| dns zone |" in markdown
    assert methods == {"GET"}


def test_an_export_that_matches_no_resource_fails_and_says_so(account):
    account.clear_requests()
    mistyped = account.run("ansible-playbook bunnynet.cloud.export -e export_dir=nothing -e export_hosts=bunnynet_dns_zone")

    assert mistyped.returncode != 0
    assert "No resource of the account matches export_hosts=bunnynet_dns_zone:" in " ".join(mistyped.stdout.split())
    assert not (account.folder / "nothing").exists()
    assert {entry["method"] for entry in account.requests() if (entry["method"], entry["path"]) != ("POST", "/apikey/exchange")} == {"GET"}
