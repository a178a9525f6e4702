"""The drift audit around the round trip: what it takes from the inventory, how it names a host's
resource, what it says of a host it cannot check, and that it only reads, faults or not."""

import copy
import json
import os
import sys

import pytest
from ansible.errors import AnsibleError
from ansible.module_utils import basic
from ansible.parsing.dataloader import DataLoader
from ansible.playbook.play_context import PlayContext
from ansible.playbook.task import Task
from ansible.plugins import loader as plugin_loader
from ansible.template import Templar

from ansible_collections.bunnynet.cloud.plugins.action import account_audit as account_audit_action
from ansible_collections.bunnynet.cloud.plugins.action.account_audit import described, named_only
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import FINDERS, KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.report import markdown, report
from ansible_collections.bunnynet.cloud.plugins.module_utils.core import account
from ansible_collections.bunnynet.cloud.plugins.modules import account_audit, dns_record, edge_script, mc_container_template, shield_waf_rule
from ansible_collections.bunnynet.cloud.tests.unit.plugins.action.test_account_round_trip import ACCOUNT, World
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module


@pytest.fixture
def world(simulator):
    simulator.load(**copy.deepcopy(ACCOUNT))
    account_world = World(simulator)
    account_world.hand_over_tokens()
    return account_world


def exported_variables(world, role):
    return next(host["role_variables"] for host in world.export() if host["role"] == role)


class Vars(dict):
    """Host variables as Ansible's hostvars give them: one whose template cannot be rendered raises."""

    def __init__(self, values, broken):
        super().__init__(values)
        self.broken = broken

    def __getitem__(self, name):
        if name in self.broken:
            raise AnsibleError("%s: the vault has no password\nmore detail" % name)
        return super().__getitem__(name)


def test_no_secret_and_no_variable_the_audit_does_not_compare_leaves_the_controller():
    registry = described("registry", {"mc_registry_display_name": "Team registry", "mc_registry_user_name": "deploy-bot",
                                      "mc_registry_password": "LEAKCANARY-password", "mc_registry_note": "kept here"})
    script = described("script", {
        "edge_script_deploy_name": "router", "edge_script_deploy_code": "code",
        "edge_script_deploy_secrets": [{"name": "API_TOKEN", "value": "LEAKCANARY-token"}]})

    assert registry == dict(host="registry", role="mc_registry", unreadable=[],
                            variables={"mc_registry_display_name": "Team registry", "mc_registry_user_name": "deploy-bot"})
    assert script["variables"]["edge_script_deploy_secrets"] == [{"name": "API_TOKEN"}]
    assert "LEAKCANARY" not in repr([registry, script])


def test_a_variable_that_cannot_be_read_is_named_and_its_vault_is_never_opened_for_a_secret():
    host_vars = Vars({"mc_registry_display_name": "Team registry", "mc_registry_user_name": "{{ vault_user }}",
                      "mc_registry_password": "{{ vault_password }}"}, broken={"mc_registry_user_name", "mc_registry_password"})

    found = described("registry", host_vars)

    assert found["unreadable"] == ["mc_registry_user_name (mc_registry_user_name: the vault has no password)"]


def test_the_code_is_read_from_the_file_the_inventory_names(tmp_path):
    (tmp_path / "router.js").write_text("export default {};\n")

    found = described("script", {"edge_script_deploy_name": "router", "edge_script_deploy_code_file": str(tmp_path / "router.js")})
    missing = described("script", {"edge_script_deploy_name": "router", "edge_script_deploy_code_file": str(tmp_path / "gone.js")})

    assert found["variables"]["edge_script_deploy_code"] == "export default {};\n" and found["unreadable"] == []
    assert missing["unreadable"][0].startswith("edge_script_deploy_code_file (") and "gone.js" in missing["unreadable"][0]


def test_a_host_may_name_its_resource_by_name_as_its_role_does(world):
    hosts = [described("zone", {"pullzone_domains_pull_zone_name": "shop", "pullzone_domains_allowed_referrers": ["other.example.com"]}),
             described("shield", {"shield_pull_zone_name": "shop"}),
             described("app", {"mc_rollout_app_name": "shop", "mc_rollout_containers": [{"name": "web", "image_tag": "1.4.0"}]})]

    findings, unmanaged = account.audit_account(world.client, KINDS, hosts, **world.addresses)

    assert [(finding["host"], finding["kind"], finding["name"], finding["drifted"]) for finding in findings] == [
        ("zone", "pull_zone", "shop", True), ("shield", "shield_zone", "pull-zone-10", False), ("app", "app", "shop", False)]
    # Without pullzone_domains_purge the role would add the missing referrer and leave the other.
    assert findings[0]["drift"] == [
        {"field": "pullzone_domains_allowed_referrers[other.example.com]", "inventory": "other.example.com", "account": None}]
    assert findings[0]["resource"] == "pull zone shop"
    assert not {("pull_zone", "shop"), ("shield_zone", "pull-zone-10"), ("app", "shop")} & {(item["kind"], item["name"]) for item in unmanaged}


def test_with_its_purge_variable_a_list_is_whole_and_an_item_only_the_account_holds_is_drift(world):
    zone = {"pullzone_domains_pull_zone_id": 10, "pullzone_domains_allowed_referrers": ["other.example.com"], "pullzone_domains_purge": True}

    findings, _unmanaged = account.audit_account(world.client, KINDS, [described("zone", zone)], **world.addresses)

    assert findings[0]["drift"] == [
        {"field": "pullzone_domains_allowed_referrers[other.example.com]", "inventory": "other.example.com", "account": None},
        {"field": "pullzone_domains_allowed_referrers[shop.example.com]", "inventory": None, "account": "shop.example.com"}]


# --- Drift a person can read ------------------------------------------------------------------------


def test_a_record_whose_value_changed_by_hand_is_one_change_of_its_value_not_a_missing_and_an_extra_record(world):
    variables = exported_variables(world, "dns_zone")
    world.run(dns_record, zone_id=1, records=[{"type": "A", "name": "www", "value": "192.0.2.99", "ttl": 600},
                                              {"type": "MX", "name": "@", "value": "mail.example.com", "priority": 10, "ttl": 3600}], purge=True)

    findings, _unmanaged = account.audit_account(world.client, KINDS, [described("dns", variables)], **world.addresses)

    assert findings[0]["drift"] == [{"field": "dns_zone_records[A www].value", "inventory": "192.0.2.10", "account": "192.0.2.99"}]


def test_a_record_only_the_account_holds_shows_without_its_empty_and_default_fields(world):
    variables = exported_variables(world, "dns_zone")
    world.run(dns_record, zone_id=1, records=[{"type": "TXT", "name": "verify", "value": "token-1"}])

    findings, _unmanaged = account.audit_account(world.client, KINDS, [described("dns", variables)], **world.addresses)

    (extra,) = findings[0]["drift"]
    assert extra["field"] == "dns_zone_records[TXT verify token-1]" and extra["inventory"] is None
    assert extra["account"]["value"] == "token-1" and extra["account"]["type"] == "TXT"
    # 19 options a record may hold; those this one holds no value of stay out.
    assert None not in extra["account"].values() and len(extra["account"]) < 8, extra["account"]


def test_code_changed_by_hand_is_shown_as_a_unified_diff_in_the_finding_and_the_report(world):
    variables = exported_variables(world, "edge_script_deploy")
    world.run(edge_script, id=4700, code="export default { fetch() { return new Response('hand edit'); } };\n")

    findings, _unmanaged = account.audit_account(world.client, KINDS, [described("script", variables)], **world.addresses)

    (changed,) = [found for found in findings[0]["drift"] if found["field"] == "edge_script_deploy_code_file"]
    assert changed["diff"].splitlines()[:2] == ["--- inventory", "+++ account"]
    assert "-export default { fetch() { return new Response('live'); } };" in changed["diff"].splitlines()
    assert "+export default { fetch() { return new Response('hand edit'); } };" in changed["diff"].splitlines()
    shown = markdown(report(findings, [], [], {"hosts": 1}))
    assert "```diff" in shown and "  +export default { fetch() { return new Response('hand edit'); } };" in shown


def test_a_long_code_diff_is_cut_and_says_how_many_lines_it_left_out(world):
    long_code = "".join("line %d\n" % number for number in range(200))
    variables = dict(exported_variables(world, "edge_script_deploy"), edge_script_deploy_code=long_code)

    findings, _unmanaged = account.audit_account(world.client, KINDS, [described("script", variables)], **world.addresses)

    (changed,) = [found for found in findings[0]["drift"] if found["field"] == "edge_script_deploy_code_file"]
    lines = changed["diff"].splitlines()
    assert len(lines) == 61 and lines[-1].startswith("... ") and lines[-1].endswith("more lines of the diff")
    assert int(lines[-1].split()[1]) > 100


ZONE_FILE = "$ORIGIN example.com.\nwww 600 IN A 192.0.2.10\n@ 3600 IN MX 10 mail.example.com.\n"


def test_the_records_of_a_zone_file_the_role_imports_are_compared_as_the_inventory_s_records(world):
    variables = dict(exported_variables(world, "dns_zone"), dns_zone_records=[], dns_zone_zone_file=ZONE_FILE)
    without_www = dict(variables, dns_zone_zone_file=ZONE_FILE.replace("www 600 IN A 192.0.2.10\n", ""))

    findings, _unmanaged = account.audit_account(world.client, KINDS, [described("file", variables), described("less", without_www)],
                                                 **world.addresses)

    assert findings[0]["drifted"] is False, findings[0]
    # With purge, a record the file no longer names is one the role would delete.
    assert [change["field"] for change in findings[1]["drift"]] == ["dns_zone_records[A www 192.0.2.10]"]


def test_a_zone_file_that_cannot_be_read_is_named_and_its_host_not_compared(world):
    variables = dict(exported_variables(world, "dns_zone"), dns_zone_zone_file="www IN A not-an-address\n")

    host = described("broken", variables)

    assert host["unreadable"] and host["unreadable"][0].startswith("dns_zone_zone_file: zone_file line 1")


def test_a_static_site_describes_its_pull_zone_too(world):
    _findings, unmanaged = account.audit_account(world.client, KINDS, [described("site", {"static_site_name": "site"})], **world.addresses)

    assert {("storage_zone", "site"), ("pull_zone", "site")}.isdisjoint({(item["kind"], item["name"]) for item in unmanaged})
    assert ("pull_zone", "shop") in {(item["kind"], item["name"]) for item in unmanaged}


def test_a_storage_zone_serving_a_site_may_be_described_by_the_storage_zone_role(world):
    findings, unmanaged = account.audit_account(world.client, KINDS, [described("site", {"storage_zone_name": "site"})], **world.addresses)

    assert [(finding["kind"], finding["name"], finding["drifted"]) for finding in findings] == [("storage_zone", "site", False)]
    assert ("storage_zone", "site") not in {(item["kind"], item["name"]) for item in unmanaged}


def test_a_host_the_audit_cannot_check_is_an_error_that_says_why(world):
    hosts = [described("web", {"ansible_host": "192.0.2.1"}),
             described("gone", {"pullzone_domains_pull_zone_id": 99}),
             described("vaulted", Vars({"dns_zone_domain": "example.com", "dns_zone_soa_email": "x"}, broken={"dns_zone_soa_email"}))]

    findings, unmanaged = account.audit_account(world.client, KINDS, hosts, **world.addresses)

    assert [finding["error"] for finding in findings] == [
        "web has none of the variables %s, so it describes no resource to audit; give it one, or leave it out with audit_hosts or "
        "--limit." % ", ".join(FINDERS),
        "no pull zone of the account has pullzone_domains_pull_zone_id 99",
        "the inventory's variables of vaulted could not be read: dns_zone_soa_email (dns_zone_soa_email: the vault has no password)"]
    # The zone the host names is described all the same: it is no unmanaged resource.
    assert ("dns_zone", "example.com") not in {(item["kind"], item["name"]) for item in unmanaged}


def test_the_module_reports_findings_errors_and_unmanaged_apart_and_only_reads(world, simulator):
    hosts = [described(host["host"], host["role_variables"]) for host in world.export()]
    hosts[0]["variables"]["pullzone_domains_settings"] = {"origin_url": "https://moved.example.com"}
    simulator.clear_requests()

    result = run_module(account_audit, simulator.api_args(resources=hosts + [described("web", {})], **world.addresses))

    assert result["changed"] is False
    assert result["summary"] == {"hosts": len(hosts) + 1, "resources": len(hosts), "drifted": 1, "errors": 1, "unmanaged": 0}
    assert [finding["host"] for finding in result["drifted"]] == [hosts[0]["host"]]
    assert result["drifted"][0]["drift"] == [{"field": "pullzone_domains_settings.origin_url", "inventory": "https://moved.example.com",
                                              "account": "https://origin.example.com"}]
    assert [error["host"] for error in result["errors"]] == ["web"]
    # Reads only: the POSTs are the key exchanged for the team endpoints' token and the read-only query
    # that asks the database whether the container's token works, neither of which changes anything.
    assert [(entry["method"], entry["path"]) for entry in simulator.writes()] == [
        ("POST", "/apikey/exchange"), ("POST", "/sql/db-01kchbg8c5ksfgg0vrnfq7ek7x.lite.bunnydb.net/v2/pipeline")]


def test_unmanaged_false_lists_none_and_counts_none(world, simulator):
    hosts = [described(host["host"], host["role_variables"]) for host in world.export()][:1]

    result = run_module(account_audit, simulator.api_args(resources=hosts, unmanaged=False, **world.addresses))

    assert result["unmanaged"] == [] and result["summary"]["unmanaged"] is None


@pytest.mark.parametrize("status", [500, 429])
def test_a_failing_read_fails_the_audit_with_the_api_error_and_nothing_is_written(world, simulator, status):
    hosts = [described(host["host"], host["role_variables"]) for host in world.export()]
    simulator.fault(method="GET", path="^/dnszone", status=status, count=5)
    simulator.clear_requests()

    result = run_module(account_audit, simulator.api_args(resources=hosts, api_retries=0, **world.addresses))

    assert result["failed"] is True
    assert str(status) in result["msg"] and "Traceback" not in result["msg"]
    assert simulator.writes() == []


def test_a_site_described_by_its_build_folder_is_compared_as_the_sync_would_see_it(world, tmp_path):
    for path, content in {"index.html": b"<h1>Shop</h1>\n", "css/site.css": b"h1 { color: teal; }\n", "notes.md": b"draft"}.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(content)
    world.upload(4320, "index.html", b"<h1>Shop</h1>\n")
    world.upload(4320, "css/site.css", b"h1 { color: red; }\n")
    world.upload(4320, "old.html", b"gone")
    site = {"static_site_name": "site", "static_site_build_dir": str(tmp_path), "static_site_exclude": ["*.md"]}

    def drift_of(**variables):
        findings, _unmanaged = account.audit_account(world.client, KINDS, [described("site", dict(site, **variables))], **world.addresses)
        return [found["field"] for found in findings[0]["drift"]]

    assert drift_of() == ["static_site_files[css/site.css]"]
    # The sync deletes what the folder lacks only with static_site_delete.
    assert drift_of(static_site_delete=True) == ["static_site_files[css/site.css]", "static_site_files[old.html]"]
    # Under dest, the folder's files are all missing, and nothing outside dest counts.
    assert drift_of(static_site_dest="v2") == ["static_site_files[v2/css/site.css]", "static_site_files[v2/index.html]"]


def test_a_build_folder_that_is_not_there_is_an_error_naming_it(world, tmp_path):
    found = described("site", {"static_site_name": "site", "static_site_build_dir": str(tmp_path / "public")})

    assert found["unreadable"] == ["static_site_build_dir: %s is no folder" % (tmp_path / "public")]


def test_items_are_compared_as_the_module_takes_them_and_one_it_would_refuse_is_an_error(world):
    rule = {"name": "Admin area", "action": "block", "conditions": [{"variable": "REQUEST_URI", "operator": "begins_with", "value": "/admin"}]}
    world.run(shield_waf_rule, shield_zone_id=4102, rules=[rule])
    bad = dict(rule, conditions=[dict(rule["conditions"][0], operator="starts_with")])

    findings, _unmanaged = account.audit_account(world.client, KINDS, [described("shop", {"shield_pull_zone_id": 10, "shield_waf_rules": [rule]}),
                                                                       described("typo", {"shield_pull_zone_id": 10, "shield_waf_rules": [bad]})],
                                                 **world.addresses)

    # The module's defaults (negated: false, ...) fill in what the inventory leaves out: no drift.
    assert findings[0]["drifted"] is False
    assert findings[1]["error"].startswith("typo: shield_waf_rules[0]: ") and "operator" in findings[1]["error"] and "starts_with" in findings[1]["error"]


def test_only_a_variable_that_holds_a_template_is_templated_and_a_secret_never_is():
    raw = {"pullzone_domains_pull_zone_id": 10, "pullzone_domains_settings": {"origin_url": "https://{{ origin }}"},
           "pullzone_domains_hostnames": ["cdn.example.com"]}
    script = {"edge_script_deploy_name": "router", "edge_script_deploy_secrets": [{"name": "TOKEN", "value": "{{ vault_token }}"}]}
    rendered = []

    def template(value):
        rendered.append(value)
        return {"origin_url": "https://origin.example.com"}

    zone = described("zone", raw, template)
    router = described("router", script, template)

    assert zone["variables"] == {"pullzone_domains_pull_zone_id": 10, "pullzone_domains_settings": {"origin_url": "https://origin.example.com"},
                                 "pullzone_domains_hostnames": ["cdn.example.com"]}
    assert router["variables"]["edge_script_deploy_secrets"] == [{"name": "TOKEN"}]
    assert rendered == [{"origin_url": "https://{{ origin }}"}]


def test_the_module_writes_the_report_once_and_keeps_the_hosts_variables_out_of_its_result(world, simulator, tmp_path):
    hosts = [described(host["host"], host["role_variables"]) for host in world.export()]
    options = dict(resources=hosts, report_path=str(tmp_path / "drift"), **world.addresses)

    checked = run_module(account_audit, simulator.api_args(**options), check_mode=True)
    assert not (tmp_path / "drift.json").exists()
    written = run_module(account_audit, simulator.api_args(**options))
    again = run_module(account_audit, simulator.api_args(**options))

    assert checked["changed"] is written["changed"] is True and again["changed"] is False
    assert written["report_files"] == {"json": str(tmp_path / "drift.json"), "markdown": str(tmp_path / "drift.md")}
    assert (tmp_path / "drift.md").read_text().startswith("# Drift report\n\nNothing drifted: the %d resources" % len(hosts))
    assert written["invocation"]["module_args"]["resources"] == "%d hosts" % len(hosts)


def test_a_host_left_out_of_the_run_is_not_checked_but_what_it_names_is_not_unmanaged(world):
    hosts = [described("zone", {"pullzone_domains_pull_zone_id": 10, "pullzone_domains_allowed_referrers": ["other.example.com"]}),
             dict(named_only("dns", {"dns_zone_domain": "example.com", "dns_zone_soa_email": "x"})[0])]

    findings, unmanaged = account.audit_account(world.client, KINDS, hosts, **world.addresses)

    assert [finding["host"] for finding in findings] == ["zone"]
    assert hosts[1]["variables"] == {"dns_zone_domain": "example.com"}
    assert ("dns_zone", "example.com") not in {(item["kind"], item["name"]) for item in unmanaged}
    assert named_only("web", {"ansible_host": "192.0.2.1"}) == [] and named_only("site", {"static_site_name": "{{ name }}"}) == []


def test_a_secret_environment_variable_is_compared_but_its_values_never_show(world):
    world.run(mc_container_template, app_id="shopApp01", name="web", secret_environment_variables={"API_TOKEN": "LEAKCANARY-old"})
    container = {"name": "web", "secret_environment_variables": {"API_TOKEN": "LEAKCANARY-new"}}

    findings, _unmanaged = account.audit_account(
        world.client, KINDS, [described("app", {"mc_rollout_app_id": "shopApp01", "mc_rollout_containers": [container]})], **world.addresses)

    (change,) = findings[0]["drift"]
    assert change["field"] == "mc_rollout_containers[web].environment_variables"
    assert change["inventory"]["API_TOKEN"] == change["account"]["API_TOKEN"] == "********"
    assert change["account"]["LOG_LEVEL"] == "info"
    assert "LEAKCANARY" not in repr(findings)


class ResourcesReporter:
    """A stand-in for the account_audit module: says how many resources it was given, by host."""

    @staticmethod
    def main():
        params = json.loads(basic._ANSIBLE_ARGS)["ANSIBLE_MODULE_ARGS"]
        print(json.dumps({"changed": False, "hosts": [resource["host"] for resource in params["resources"]]}))
        sys.exit(0)


class HostVars(dict):
    """Ansible's hostvars as the action reads them: each host's variables, untemplated."""

    def raw_get(self, host):
        return self[host]


def test_the_hosts_variables_go_to_the_module_and_not_back_to_the_controller_with_the_tasks_arguments():
    loader = DataLoader()
    play_context = PlayContext()
    action_class = type("ActionModule", (account_audit_action.ActionModule,), {"module": ResourcesReporter})
    task = Task.load(dict(action="bunnynet.cloud.account_audit", args={"hosts": ["zone"], "unmanaged": False}), loader=loader)
    action = action_class(task, plugin_loader.connection_loader.get("local", play_context, os.devnull), play_context, loader,
                          Templar(loader=loader), plugin_loader)

    result = action.run(task_vars={"hostvars": HostVars(zone={"pullzone_domains_pull_zone_id": 10}, other={"dns_zone_domain": "x"})})

    assert result["hosts"] == ["zone"]
    # The worker sends the task's arguments to the controller with its result: every host's variables would go too.
    assert task.args == {"hosts": ["zone"], "unmanaged": False}
