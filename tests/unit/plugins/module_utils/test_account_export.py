"""The account's resources as the roles' variables (module_utils/core/account.py): what the export writes
must be what the roles' modules find already in place, so each test runs those modules in check
mode with the exported variables and expects no change."""

import yaml

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.files import host_files
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.core import account, account_shapes
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyClient
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import SCRIPT_TYPE_NAMES
from ansible_collections.bunnynet.cloud.plugins.modules import (
    dns_record,
    dns_zone,
    pullzone,
    pullzone_edge_rule,
    pullzone_hostname,
    pullzone_optimizer_class,
    pullzone_referrer,
    shield_access_list,
    shield_api_guardian,
    shield_bot_categorization,
    shield_bot_detection,
    shield_custom_page,
    shield_rate_limit,
    shield_upload_scanning,
    shield_waf_rule,
    shield_zone,
    storage_zone,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import BASIC_ZONE_ID, SHOP_YAML, ZONE_ID, protected_zones
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.storage_fixtures import site_zone
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.test_shield_access_list import OFFICE
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.test_shield_rules import STORED_RATE_LIMIT, STORED_RULE


def exported(simulator, kind):
    client = BunnyClient(simulator.key, simulator.url, 10, 0)
    return {entry["host"]: entry for entry in account.read_account(client, KINDS, kinds=(kind,), with_roles=True, storage_url=simulator.url + "/storage")}


def test_a_shield_zones_rules_and_lists_are_exported_as_its_modules_find_them(simulator):
    simulator.load(**protected_zones(wafRules=[STORED_RULE], rateLimits=[STORED_RATE_LIMIT], accessLists={"custom": [OFFICE]}))

    variables = next(entry["role_variables"] for entry in exported(simulator, "shield_zone").values()
                     if entry["id"] == ZONE_ID)
    simulator.clear_requests()

    assert [rule["name"] for rule in variables["shield_waf_rules"]] == ["Block curl"]
    # The lists are whole and purged, so that what is added by hand later shows as drift.
    assert (variables["shield_waf_rules_purge"], variables["shield_rate_limits_purge"]) == (True, True)
    assert [access_list["purge"] for access_list in variables["shield_access_lists"]] == [True]
    assert len(variables["shield_rate_limits"]) == 1 and "id" not in variables["shield_rate_limits"][0]
    assert variables["shield_access_lists"][0]["entries"] == ["203.0.113.0/24", "10.1.2.3"]
    zone_args = dict(variables["shield_zone_settings"], pull_zone_id=variables["shield_pull_zone_id"])
    assert run_module(shield_zone, simulator.api_args(**zone_args), check_mode=True)["changed"] is False
    for module, rules in ((shield_waf_rule, variables["shield_waf_rules"]), (shield_rate_limit, variables["shield_rate_limits"])):
        result = run_module(module, simulator.api_args(shield_zone_id=ZONE_ID, rules=rules, purge=True), check_mode=True)
        assert result["changed"] is False, result
    for access_list in variables["shield_access_lists"]:
        result = run_module(shield_access_list, simulator.api_args(shield_zone_id=ZONE_ID, **access_list), check_mode=True)
        assert result["changed"] is False, result
    assert simulator.writes() == []


def test_a_dns_zones_records_of_every_shape_are_exported_as_dns_record_finds_them(simulator):
    simulator.load(dns_zones=[{"Id": 3, "Domain": "example.com", "Records": [
        {"Id": 1, "Type": 0, "Name": "www", "Value": "192.0.2.1", "Ttl": 120, "Weight": 10, "MonitorType": 2},
        {"Id": 2, "Type": 4, "Name": "", "Value": "mail.example.com", "Priority": 10},
        {"Id": 3, "Type": 8, "Name": "_sip._tcp", "Value": "sip.example.com", "Priority": 1, "Weight": 5, "Port": 5060},
        {"Id": 4, "Type": 9, "Name": "", "Value": "letsencrypt.org", "Flags": 0, "Tag": "issue"},
        {"Id": 5, "Type": 3, "Name": "txt", "Value": "hello", "Disabled": True, "Comment": "kept"},
    ]}])

    variables = exported(simulator, "dns_zone")["dns_zone_example.com"]["role_variables"]
    result = run_module(dns_record, simulator.api_args(zone="example.com", records=variables["dns_zone_records"], purge=True), check_mode=True)

    records = {record["name"]: record for record in variables["dns_zone_records"]}
    assert len(variables["dns_zone_records"]) == 5
    # Every setting the record holds is written, so that a change by hand to any of them is drift.
    assert records["txt"]["disabled"] is True and records["txt"]["comment"] == "kept"
    assert records["www"]["monitor_type"] == "http" and records["www"]["weight"] == 10
    assert records["_sip._tcp"]["port"] == 5060
    # The zone's apex, which the API reads as an empty name, is "@"; a type is named.
    assert sorted(record["type"] for record in variables["dns_zone_records"] if record["name"] == "@") == ["CAA", "MX"]
    assert records["txt"]["type"] == "TXT"
    assert result["changed"] is False, result


def test_a_shield_zones_managed_lists_and_bot_detection_are_exported_as_their_modules_find_them(simulator):
    bot_detection = {"executionMode": 1, "ipAddress": {"sensitivity": 3}, "browserFingerprint": {"aggression": 0, "complexEnabled": True}}
    simulator.load(**protected_zones(botDetection=bot_detection, accessLists={"managed": [{"listId": 2, "isEnabled": True, "action": 3}]}))

    zones = {entry["id"]: entry["role_variables"] for entry in exported(simulator, "shield_zone").values()}
    variables = zones[ZONE_ID]
    simulator.clear_requests()

    assert {"name": "VPN providers", "enabled": True, "action": "challenge"} in variables["shield_managed_lists"]
    assert len(variables["shield_managed_lists"]) == 5
    # The aggression read as "unknown" is no setting a task can give: it is left out.
    assert variables["shield_bot_detection"]["browser_fingerprint"] == {"sensitivity": "low", "complex_enabled": True}
    assert variables["shield_bot_detection"]["execution_mode"] == "challenge"
    assert zones[BASIC_ZONE_ID]["shield_bot_detection"] == {}
    managed = run_module(shield_access_list, simulator.api_args(shield_zone_id=ZONE_ID, managed_lists=variables["shield_managed_lists"]),
                         check_mode=True)
    bots = run_module(shield_bot_detection, simulator.api_args(shield_zone_id=ZONE_ID, **variables["shield_bot_detection"]), check_mode=True)
    assert managed["changed"] is False, managed
    assert bots["changed"] is False, bots
    assert simulator.writes() == []


def test_a_shield_zones_pages_scanning_bots_and_api_guardian_are_exported_as_their_modules_find_them(simulator):
    simulator.load(**protected_zones(uploadScanning={"isEnabled": True, "antivirusScanningMode": 1}, customPages={"block": "<h1>No</h1>"},
                                     botCategorization={"categories": {"2": 1}, "bots": {"8": 3}}))
    run_module(shield_api_guardian, simulator.api_args(shield_zone_id=ZONE_ID, content=SHOP_YAML, execution_mode="block", endpoints=[
        {"method": "POST", "path": "/orders", "rate_limit": {"enabled": True, "type": "ip", "requests": 20, "timeframe": 60}}]))

    zones = {entry["id"]: entry["role_variables"] for entry in exported(simulator, "shield_zone").values()}
    variables = zones[ZONE_ID]
    simulator.clear_requests()

    assert variables["shield_upload_scanning"] == {"enabled": True, "antivirus": "log", "csam": "disabled"}
    assert (variables["shield_custom_pages"], variables["shield_custom_pages_purge"]) == ([{"page": "block", "content": "<h1>No</h1>"}], True)
    assert {"category": "ai_scraper", "action": "block"} in variables["shield_bot_categories"]
    assert {"name": "curl", "action": "ignore"} in variables["shield_bots"] and {"name": "GPTBot", "action": "none"} in variables["shield_bots"]
    assert variables["shield_api_guardian"]["execution_mode"] == "block"
    (orders,) = [endpoint for endpoint in variables["shield_api_guardian_endpoints"] if (endpoint["method"], endpoint["path"]) == ("POST", "/orders")]
    assert orders["rate_limit"] == {"enabled": True, "type": "ip", "requests": 20, "timeframe": 60}
    # A count never set (0) is no setting the module takes: left out, not written as 0.
    assert all("requests" not in endpoint["rate_limit"] for endpoint in variables["shield_api_guardian_endpoints"] if endpoint is not orders)
    # A Basic zone has no bot categorisation; its read is refused, and nothing is written for it.
    assert (zones[BASIC_ZONE_ID]["shield_bot_categories"], zones[BASIC_ZONE_ID]["shield_bots"]) == ([], [])
    zone = dict(shield_zone_id=ZONE_ID)
    results = [
        run_module(shield_upload_scanning, simulator.api_args(**dict(zone, **variables["shield_upload_scanning"])), check_mode=True),
        run_module(shield_custom_page, simulator.api_args(**dict(zone, **variables["shield_custom_pages"][0])), check_mode=True),
        run_module(shield_custom_page, simulator.api_args(**dict(zone, page="challenge", state="absent")), check_mode=True),
        run_module(shield_bot_categorization, simulator.api_args(**dict(zone, categories=variables["shield_bot_categories"],
                                                                        bots=variables["shield_bots"])), check_mode=True),
        run_module(shield_api_guardian, simulator.api_args(**dict(zone, endpoints=variables["shield_api_guardian_endpoints"],
                                                                  **variables["shield_api_guardian"])), check_mode=True),
    ]
    for result in results:
        assert result["changed"] is False, result
    assert simulator.writes() == []


def test_a_storage_zone_a_pull_zone_serves_is_exported_as_a_static_site_that_its_modules_find_in_place(simulator):
    served = site_zone(Custom404FilePath="/404.html", Rewrite404To200=True)
    alone = site_zone(Id=31, Name="backups", ReplicationRegions=[])
    simulator.load(storage_zones=[served, alone], pull_zones=[
        {"Id": 8, "Name": "site-cdn", "OriginType": 2, "StorageZoneId": served["Id"]},
        {"Id": 9, "Name": "site-cdn-2", "OriginType": 2, "StorageZoneId": served["Id"]},
    ])

    hosts = exported(simulator, "storage_zone")
    variables = hosts["storage_zone_site"]["role_variables"]
    simulator.clear_requests()

    # A zone no pull zone serves is no site, but a storage zone; of two pull zones, the first is the site's.
    assert hosts["storage_zone_backups"]["role"] == "storage_zone"
    assert variables == {
        "static_site_name": "site", "static_site_pull_zone_name": "site-cdn", "static_site_region": "DE", "static_site_zone_tier": "standard",
        "static_site_replication_regions": ["NY"], "static_site_custom_404_file_path": "/404.html", "static_site_rewrite_404_to_200": True,
        "static_site_files": [], "static_site_hostnames": [], "static_site_zone_type": "standard",
    }
    zone = run_module(storage_zone, simulator.api_args(
        name="site", region="DE", replication_regions=["NY"], custom_404_file_path="/404.html", rewrite_404_to_200=True), check_mode=True)
    pull_zone = run_module(pullzone, simulator.api_args(name="site-cdn", origin_type="storage_zone", storage_zone_id=served["Id"]), check_mode=True)
    assert zone["changed"] is False, zone
    assert pull_zone["changed"] is False, pull_zone
    assert simulator.writes() == []


def test_a_pull_zones_domains_are_exported_as_its_modules_find_them_with_rules_named_where_the_name_is_theirs_alone(simulator):
    simulator.load(pull_zones=[{
        "Id": 10, "Name": "assets",
        "Hostnames": [{"Value": "cdn.example.com", "ForceSSL": True}, {"Value": "old.example.com", "ForceSSL": False}],
        "AllowedReferrers": ["example.com"], "BlockedReferrers": ["bad.example.net"],
        "EdgeRules": [
            {"Guid": "5f0c7a2e-3b1d-4e8f-9a6c-2d4b8e1f7a30", "Description": "Redirect", "ActionType": 1, "ActionParameter1": "https://a.example",
             "Enabled": True},
            {"Guid": "9c1e4b7a-6d2f-4a8e-b3c5-7f0a1d2e3b4c", "Description": "Twin", "ActionType": 4, "Enabled": False},
            {"Guid": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "Description": "Twin", "ActionType": 4, "Enabled": True},
            {"Guid": "1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e", "Description": "", "ActionType": 4, "Enabled": True},
        ],
    }])

    variables = exported(simulator, "pull_zone")["pull_zone_assets"]["role_variables"]
    simulator.clear_requests()

    settings = variables.pop("pullzone_domains_settings")
    assert variables == {
        "pullzone_domains_pull_zone_id": 10,
        # The zone's own b-cdn.net hostname is the system's, not the role's.
        "pullzone_domains_hostnames": [{"name": "cdn.example.com", "force_ssl": True}, {"name": "old.example.com", "force_ssl": False}],
        "pullzone_domains_free_certificate": False,
        # Neither hostname has a certificate.
        "pullzone_domains_certificates": [],
        "pullzone_domains_allowed_referrers": ["example.com"],
        "pullzone_domains_blocked_referrers": ["bad.example.net"],
        # Only a rule whose description is its own can be listed; the others stay, so nothing is purged.
        "pullzone_domains_edge_rules": [
            {"description": "Redirect", "actions": [{"type": "redirect", "parameter_1": "https://a.example", "parameter_2": None, "parameter_3": None}],
             "triggers": [], "trigger_matching_type": "any", "enabled": True},
        ],
        "pullzone_domains_edge_rules_purge": False,
        # A zone without image classes: none, and any added later is drift.
        "pullzone_domains_optimizer_classes": [],
        "pullzone_domains_optimizer_classes_purge": True,
        "pullzone_domains_purge": True,
    }
    # As the role gives them: a null setting left out.
    zone = run_module(pullzone, simulator.api_args(id=10, **{name: value for name, value in settings.items() if value is not None}), check_mode=True)
    hostnames = run_module(pullzone_hostname, simulator.api_args(pull_zone_id=10, hostnames=variables["pullzone_domains_hostnames"], purge=True),
                           check_mode=True)
    referrers = run_module(pullzone_referrer, simulator.api_args(
        pull_zone_id=10, allowed_referrers=variables["pullzone_domains_allowed_referrers"],
        blocked_referrers=variables["pullzone_domains_blocked_referrers"], purge=True), check_mode=True)
    rules = run_module(pullzone_edge_rule, simulator.api_args(pull_zone_id=10, rules=variables["pullzone_domains_edge_rules"], purge=False),
                       check_mode=True)
    classes = run_module(pullzone_optimizer_class, simulator.api_args(pull_zone_id=10, classes=variables["pullzone_domains_optimizer_classes"],
                                                                      purge=True), check_mode=True)
    for result in [zone, hostnames, referrers, rules, classes]:
        assert result["changed"] is False, result
    assert simulator.writes() == []


def test_a_dns_zone_without_custom_nameservers_and_with_dnssec_is_exported_so(simulator):
    simulator.load(dns_zones=[{"Id": 4, "Domain": "example.org", "CustomNameserversEnabled": False, "Nameserver1": "kiki.bunny.net",
                               "DnsSecEnabled": True}])

    variables = exported(simulator, "dns_zone")["dns_zone_example.org"]["role_variables"]

    assert (variables["dns_zone_custom_nameservers"], variables["dns_zone_dnssec"]) == ([], True)


def test_a_dns_zones_own_settings_are_exported_as_dns_zone_finds_them(simulator):
    simulator.load(dns_zones=[{"Id": 3, "Domain": "example.com", "SoaEmail": "hostmaster@example.com", "CustomNameserversEnabled": True,
                               "Nameserver1": "ns1.example.net", "Nameserver2": "ns2.example.net", "LoggingEnabled": True,
                               "LoggingIPAnonymizationEnabled": True, "DnsSecEnabled": False}])

    variables = exported(simulator, "dns_zone")["dns_zone_example.com"]["role_variables"]
    simulator.clear_requests()

    assert {name: value for name, value in variables.items() if name != "dns_zone_records"} == {
        "dns_zone_domain": "example.com", "dns_zone_purge": True, "dns_zone_soa_email": "hostmaster@example.com",
        "dns_zone_custom_nameservers": ["ns1.example.net", "ns2.example.net"], "dns_zone_logging_enabled": True,
        "dns_zone_log_anonymization": True, "dns_zone_log_anonymization_type": "one_digit", "dns_zone_certificate_key_type": "ecdsa",
        "dns_zone_dnssec": False,
    }
    result = run_module(dns_zone, simulator.api_args(
        domain="example.com", soa_email=variables["dns_zone_soa_email"], custom_nameservers_enabled=True,
        nameserver1=variables["dns_zone_custom_nameservers"][0], nameserver2=variables["dns_zone_custom_nameservers"][1],
        logging_enabled=variables["dns_zone_logging_enabled"], log_anonymization=variables["dns_zone_log_anonymization"],
        dnssec=variables["dns_zone_dnssec"]), check_mode=True)
    assert result["changed"] is False, result
    assert simulator.writes() == []


def test_an_edge_script_is_exported_with_its_code_its_variables_and_a_placeholder_for_each_secret(simulator):
    simulator.load(edge_scripts=[{
        "Id": 501, "Name": "gateway", "ScriptType": 2, "Code": "export default {};\n",
        "EdgeScriptVariables": [{"Name": "UPSTREAM", "Required": True, "DefaultValue": "https://origin.example.com"},
                                {"Name": "MODE", "Required": False}],
        "Secrets": [{"Name": "SIGNING_KEY"}],
    }])

    entry = exported(simulator, "edge_script")["edge_script_gateway"]

    assert entry["role"] == "edge_script_deploy"
    assert entry["role_variables"] == {
        "edge_script_deploy_name": "gateway",
        "edge_script_deploy_type": SCRIPT_TYPE_NAMES[2],
        "edge_script_deploy_code": "export default {};\n",
        "edge_script_deploy_variables": [{"name": "UPSTREAM", "default_value": "https://origin.example.com", "required": True},
                                         {"name": "MODE", "required": False}],
        "edge_script_deploy_secrets": [{"name": "SIGNING_KEY", "value": None}],
        # Nothing of it is published yet.
        "edge_script_deploy_published": False,
        "edge_script_deploy_purge": True,
    }


def test_an_edge_script_of_a_type_the_collection_does_not_name_keeps_its_number_and_empty_code_is_empty(simulator):
    simulator.load(edge_scripts=[{"Id": 502, "Name": "future", "ScriptType": 9}])

    variables = exported(simulator, "edge_script")["edge_script_future"]["role_variables"]

    assert (variables["edge_script_deploy_type"], variables["edge_script_deploy_code"]) == (9, "")


def test_the_pull_zones_are_listed_once_for_their_hosts_and_the_sites_they_serve(simulator):
    simulator.load(storage_zones=[site_zone()], pull_zones=[{"Id": 8, "Name": "site-cdn", "OriginType": 2, "StorageZoneId": 30}])
    simulator.clear_requests()

    hosts = account.read_account(BunnyClient(simulator.key, simulator.url, 10, 0), KINDS, kinds=("pull_zone", "storage_zone"), with_roles=True,
                                 storage_url=simulator.url + "/storage")

    assert {entry["role"] for entry in hosts} == {"pullzone_domains", "static_site"}
    assert [entry["path"] for entry in simulator.requests()].count("/pullzone") == 1


def test_a_pull_zone_named_as_its_storage_zone_leaves_the_site_to_name_both(simulator):
    simulator.load(storage_zones=[site_zone(ReplicationRegions=[])], pull_zones=[{"Id": 8, "Name": "site", "OriginType": 2, "StorageZoneId": 30}])

    variables = exported(simulator, "storage_zone")["storage_zone_site"]["role_variables"]

    assert "static_site_pull_zone_name" not in variables
    assert variables["static_site_name"] == "site" and variables["static_site_replication_regions"] == []


def test_without_roles_the_account_is_read_without_them(simulator):
    simulator.load(pull_zones=[{"Id": 10, "Name": "assets"}])

    [entry] = account.read_account(BunnyClient(simulator.key, simulator.url, 10, 0), KINDS, kinds=("pull_zone",))

    assert (entry["kind"], entry["host"], entry["id"]) == ("pull_zone", "pull_zone_assets", 10)
    assert "role" not in entry and "role_variables" not in entry


def test_a_bot_detection_section_the_read_leaves_out_is_left_out():
    options = {"execution_mode": {"choices": ["log_only", "challenge"]}, "ip_address": {"options": {"sensitivity": {"choices": ["low"]}}}}

    assert account_shapes.settable({"execution_mode": "challenge", "ip_address": None}, options) == {"execution_mode": "challenge"}
    assert account_shapes.settable({"execution_mode": 7, "ip_address": {"sensitivity": "low"}}, options) == {"ip_address": {"sensitivity": "low"}}


def test_an_application_is_exported_with_its_settings_and_each_container_whole(simulator):
    template = {"imageRegistryId": "1", "imageNamespace": "library", "imageName": "nginx"}
    simulator.load(apps=[{"id": "app1", "name": "web", "containerTemplates": [
        dict(template, id="t1", name="web", imageTag="1.27", environmentVariables=[{"name": "LOG_LEVEL", "value": "info"}]),
        dict(template, id="t2", name="sidecar", imageTag="2.0", imageDigest="sha256:" + "ab" * 32),
    ]}])

    entry = exported(simulator, "app")["app_web"]

    assert entry["role"] == "mc_rollout"
    variables = entry["role_variables"]
    assert variables["mc_rollout_app_id"] == "app1"
    assert variables["mc_rollout_app"]["purge_volumes"] is True
    web, sidecar = variables["mc_rollout_containers"]
    assert {key: web[key] for key in ("name", "image_tag", "image_digest", "environment_variables")} == {
        "name": "web", "image_tag": "1.27", "image_digest": "", "environment_variables": {"LOG_LEVEL": "info"}}
    # An unpinned image is written as pinned to nothing, a pinned one with its digest; every list and map whole.
    assert (sidecar["image_tag"], sidecar["image_digest"]) == ("2.0", "sha256:" + "ab" * 32)
    assert all(web[purge] is True for purge in ("purge_environment_variables", "purge_endpoints", "purge_volume_mounts", "purge_probes"))


def test_an_applications_log_forwarding_is_exported_with_its_token_left_to_the_vault(simulator):
    simulator.load(apps=[{"id": "app1", "name": "web", "containerTemplates": []}, {"id": "app2", "name": "worker", "containerTemplates": []}],
                   log_forwarding=[{"app": "app1", "type": "SyslogUdp", "endpoint": "logs.example.com", "port": 514, "format": "SyslogRfc3164",
                                    "enabled": False, "token": "LEAKCANARY-log-token"}])

    hosts = exported(simulator, "app")
    files = {path: content for path, content, _mode in host_files(dict(hosts["app_web"], variables=hosts["app_web"]["role_variables"]))}

    assert hosts["app_web"]["role_variables"]["mc_rollout_log_forwarding"] == {
        "type": "syslog_udp", "endpoint": "logs.example.com", "port": 514, "format": "rfc3164", "enabled": False}
    # An application that forwards nothing: every setting null, so that forwarding set up later is drift; no token.
    assert set(hosts["app_worker"]["role_variables"]["mc_rollout_log_forwarding"].values()) == {None}
    assert "mc_rollout_log_forwarding_token" not in hosts["app_worker"]["role_variables"]
    assert "LEAKCANARY" not in repr(hosts)
    assert yaml.safe_load(files["host_vars/app_web/main.yml"])["mc_rollout_log_forwarding_token"] == "{{ vault_log_forwarding_token }}"
    assert "vault_log_forwarding_token: REPLACE-WITH-THE-TOKEN-OF-THE-APPLICATION'S-LOG-FORWARDING" in files["host_vars/app_web/vault.yml"]
    # The account's configurations are one list, read once for every application.
    assert [entry["path"] for entry in simulator.requests()].count("/mc/log/forwarding") == 1


def test_a_shield_zones_custom_pages_are_written_as_files_the_variables_read_as_text():
    host = dict(host="shield_zone_pull-zone-7", kind="shield_zone", name="pull-zone-7", id=41, role="shield",
                variables={"shield_pull_zone_id": 7, "shield_custom_pages": [{"page": "block", "content": "<p>{{ visitor }}</p>\n"}]})

    files = {path: content for path, content, _mode in host_files(host)}

    assert files["files/shield_zone_pull-zone-7-block.html"] == "<p>{{ visitor }}</p>\n"
    written = yaml.safe_load(files["host_vars/shield_zone_pull-zone-7/main.yml"])
    assert written["shield_custom_pages"] == [
        {"page": "block", "content": "{{ lookup('ansible.builtin.file', inventory_dir ~ '/files/shield_zone_pull-zone-7-block.html', rstrip=false) }}"}]
