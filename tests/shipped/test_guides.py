"""Every example of the guides runs as written, against the simulator, from the installed collection.

A YAML block of a guide is a playbook (run twice: the second run must change nothing), a simulator
fixture (loaded into the simulator), or a file that a section of the guide goes on to use, named
by its first line (`# site.yml`); the tests of those sections write such files out and run them.
Anything else fails here, so that no example goes untested.
"""

import json
import re

import pytest
from conftest import warnings_in

GUIDES = [
    "README.md",
    "docs/getting-started.md",
    "docs/authentication.md",
    "docs/simulator.md",
    "docs/rollouts.md",
    "docs/troubleshooting.md",
    "docs/cdn-site.md",
    "docs/shield.md",
    "docs/dns-zones.md",
    "docs/static-sites.md",
    "docs/site-on-your-own-domain.md",
    "docs/lifecycles.md",
    "docs/stream.md",
    "docs/keys-and-certificates.md",
    "docs/databases.md",
]
# Every list a simulator fixture takes (tests/simulator/state.py's Fixtures), so that the guides' fixtures are loaded, not refused.
FIXTURE_KEYS = {"registries", "apps", "log_forwarding", "edge_scripts", "pull_zones", "video_libraries", "stream_collections", "stream_videos",
                "shield_zones", "dns_zones", "storage_zones", "databases", "database_groups", "team_members", "reports", "api_keys", "settings"}
RECAP = re.compile(r"^localhost\s+: ok=\d+\s+changed=(\d+)\s+unreachable=0\s+failed=0", re.MULTILINE)


def check_playbook(sandbox, block):
    """Run a playbook example twice from the demo's state: both runs succeed, the second changes nothing."""
    sandbox.load(sandbox.demo_state)
    playbook = sandbox.folder / "example.yml"
    playbook.write_text(block.text)
    changes = []
    for run in ("first", "second"):
        played = sandbox.run_playbook(playbook)
        recap = RECAP.search(played.stdout)
        assert played.returncode == 0 and recap, "the %s run of %r failed:\n%s%s" % (run, block, played.stdout, played.stderr)
        assert warnings_in(played.stdout + played.stderr) == [], "the %s run of %r warned:\n%s%s" % (run, block, played.stdout, played.stderr)
        changes.append(int(recap.group(1)))
    assert changes[1] == 0, "the second run of %r changed something" % block


@pytest.mark.parametrize("guide", GUIDES)
def test_every_example_of_the_guide_runs_as_written(guide, guides, sandbox):
    examples = [block for block in guides.code_blocks(guide) if block.language in ("yaml", "yml") and not block.file_name]
    assert examples, "%s shows no example to run" % guide
    # Files the examples use, such as an Edge Script's code, beside the playbooks.
    guides.write_named_files(guides.code_blocks(guide), sandbox.folder)
    for block in examples:
        example = block.data()
        if isinstance(example, list) and all(isinstance(play, dict) and "hosts" in play for play in example):
            check_playbook(sandbox, block)
        elif isinstance(example, dict) and set(example) <= FIXTURE_KEYS:
            sandbox.load(example)
        else:
            pytest.fail("%r is neither a playbook, nor simulator fixtures, nor a named file" % block)


def test_the_authentication_guide_points_at_the_credential_type_instead_of_copying_it(guides):
    guide = (guides.root / "docs" / "authentication.md").read_text()

    assert "(../extensions/awx/credential_type.yml)" in guide
    assert not [block for block in guides.code_blocks("docs/authentication.md") if "injectors" in block.text or "BUNNYNET_API_KEY:" in block.text]


def run_section(sandbox, guides, guide, section):
    """Write a section's files into the sandbox's folder and run its commands from the demo's state."""
    blocks = guides.section_blocks(guide, section)
    guides.write_named_files(blocks, sandbox.folder)
    (console,) = [block for block in blocks if block.language == "console"]
    sandbox.load(sandbox.demo_state)
    return sandbox.run("\n".join(console.commands()), timeout=300)


def read_report(sandbox, path):
    return json.loads((sandbox.folder / path).read_text())


def test_the_audit_playbook_section_runs_as_written_and_finds_the_demo_zone_as_described(guides, sandbox):
    result = run_section(sandbox, guides, "docs/check-mode-audits.md", "The audit playbook")

    assert result.returncode == 0, result.stdout + result.stderr
    report = read_report(sandbox, "reports/drift.json")
    assert report["drifted"] is False
    # One finding per resource, the fields the host names compared within it.
    assert [(finding["host"], finding["resource"]) for finding in report["resources"]] == [("assets_zone", "pull zone demo-assets")]


def test_the_awx_project_playbook_imports_the_audit(guides, sandbox):
    blocks = guides.section_blocks("docs/check-mode-audits.md", "The audit playbook") + guides.section_blocks("docs/check-mode-audits.md", "From AWX")
    assert guides.write_named_files(blocks, sandbox.folder) == ["inventory.yml", "audit.yml"]
    sandbox.load(sandbox.demo_state)
    sandbox.api("DELETE", "/pullzone/10/removeHostname", {"Hostname": "cdn.demo.example"})

    result = sandbox.run("ansible-playbook -i inventory.yml audit.yml -e audit_fail_on_drift=true -e audit_report_path=reports/awx")

    assert result.returncode != 0
    assert "Drift from the inventory: pull zone demo-assets. The report at " in result.stdout
    assert read_report(sandbox, "reports/awx.json")["summary"]["drifted"] == 1


def test_one_inventory_rolls_out_and_the_audit_then_finds_no_drift(guides, sandbox):
    result = run_section(sandbox, guides, "docs/rollouts.md", "One inventory for rollouts and audits")

    assert result.returncode == 0, result.stdout + result.stderr
    report = read_report(sandbox, "drift.json")
    assert report["drifted"] is False and report["errors"] == []
    assert {finding["host"] for finding in report["resources"]} == {"web_app", "assets_zone"}


def test_the_dns_guide_checks_applies_and_audits_a_zone_from_the_inventory(guides, sandbox):
    result = run_section(sandbox, guides, "docs/dns-zones.md", "Records in the inventory")

    assert result.returncode == 0, result.stdout + result.stderr
    report = read_report(sandbox, "dns-drift.json")
    assert report["drifted"] is False and report["errors"] == []
    assert [finding["resource"] for finding in report["resources"]] == ["DNS zone demo.example"]
    (zone,) = [zone for zone in sandbox.api("GET", "/dnszone")["Items"] if zone["Domain"] == "demo.example"]
    assert sorted((record["Name"], record["Value"]) for record in zone["Records"]) == [
        ("", "192.0.2.10"), ("", "mail.demo.example"), ("_dmarc", "v=DMARC1; p=reject"), ("www", "demo.example")]
    assert zone["SoaEmail"] == "hostmaster@demo.example"


def test_the_dns_guide_moves_a_zone_in_from_its_zone_file_as_written(guides, sandbox):
    blocks = guides.section_blocks("docs/dns-zones.md", "Move a zone in")
    assert guides.write_named_files(blocks, sandbox.folder) == ["move-in.yml", "compare.yml"]
    (zone_file,) = [block for block in blocks if block.language == "dns-zone"]
    (sandbox.folder / "legacy.example.zone").write_text(zone_file.text)
    commands = [command for block in blocks if block.language == "console" for command in block.commands()]
    sandbox.load(sandbox.demo_state)

    result = sandbox.run("\n".join(commands), timeout=600)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "Bunny DNS holds every record of the zone file, and no other." in result.stdout
    assert "DS record: legacy.example. 3600 IN DS " in result.stdout
    (zone,) = [zone for zone in sandbox.api("GET", "/dnszone")["Items"] if zone["Domain"] == "legacy.example"]
    assert zone["DnsSecEnabled"] is True
    assert sorted((record["Name"], record["Ttl"]) for record in zone["Records"]) == [
        ("", 3600), ("", 3600), ("", 3600), ("", 3600), ("", 3600), ("", 3600), ("_443._tcp.www", 3600), ("_dmarc", 3600),
        ("mail", 3600), ("vpn", 300), ("www", 3600)]


def test_the_adoption_guide_exports_the_demo_account_and_audits_it(guides, sandbox):
    assert guides.write_named_files(guides.section_blocks("docs/adopt-an-account.md", "The account as an inventory"), sandbox.folder) == [
        "account.bunnynet.yml"]
    result = run_section(sandbox, guides, "docs/adopt-an-account.md", "Export the account")

    assert result.returncode == 0, result.stdout + result.stderr
    assert "Exported 10 resources" in result.stdout
    report = read_report(sandbox, "reports/adopted.json")
    # Right after the export the audit finds nothing, as every exported file says; only the Shield
    # zone of no pull zone is no role's.
    assert report["summary"] == {"hosts": 10, "resources": 10, "drifted": 0, "errors": 0, "unmanaged": 1}
    assert [(resource["kind"], resource["id"]) for resource in report["unmanaged"]] == [("shield_zone", 4103)]


def own_domain_play(sandbox, guides):
    """docs/site-on-your-own-domain.md's play and build directory, written into the sandbox's folder."""
    blocks = guides.code_blocks("docs/site-on-your-own-domain.md")
    guides.write_named_files(blocks, sandbox.folder)
    (play,) = [block for block in blocks if block.language == "yaml"]
    (sandbox.folder / "site.yml").write_text(play.text)


def test_the_own_domain_guide_checks_an_empty_account_with_reads_only(guides, sandbox):
    own_domain_play(sandbox, guides)
    sandbox.load({})
    sandbox.clear_requests()

    checked = sandbox.run_playbook("site.yml --check --diff")

    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert warnings_in(checked.stdout + checked.stderr) == []
    assert {entry["method"] for entry in sandbox.requests()} == {"GET"}
    # The CNAME is predicted with the hostname of a pull zone that does not exist yet.
    assert "www.bakery.example is a CNAME to bakery-www.b-cdn.net" in " ".join(checked.stdout.split())


def test_the_own_domain_guide_serves_the_site_through_its_cname_behind_shield(guides, sandbox):
    own_domain_play(sandbox, guides)
    sandbox.load({})

    runs = [sandbox.run_playbook("site.yml") for _run in range(2)]

    for played in runs:
        assert played.returncode == 0, played.stdout + played.stderr
    assert RECAP.search(runs[1].stdout).group(1) == "0", runs[1].stdout
    (zone,) = sandbox.api("GET", "/pullzone")
    assert zone["Name"] == "bakery-www"
    assert "www.bakery.example" in [hostname["Value"] for hostname in zone["Hostnames"]]
    (dns_zone,) = sandbox.api("GET", "/dnszone")["Items"]
    assert [(record["Name"], record["Value"]) for record in dns_zone["Records"] if record["Type"] == 2] == [("www", "bakery-www.b-cdn.net")]
    shield_zone = sandbox.api("GET", "/shield/shield-zone/get-by-pullzone/%d" % zone["Id"])["data"]
    assert shield_zone["wafExecutionMode"] == 1
    rate_limits = sandbox.api("GET", "/shield/rate-limits/%d" % shield_zone["shieldZoneId"])["data"]
    assert [rule["ruleName"] for rule in rate_limits] == ["Order form"]


def test_the_rotation_section_hands_the_new_password_on_and_changes_nothing_unasked(guides, sandbox):
    result = run_section(sandbox, guides, "docs/keys-and-certificates.md", "Rotating a key, with a safe hand-off")

    assert result.returncode == 0, result.stdout + result.stderr
    recaps = [int(changed) for changed in RECAP.findall(result.stdout)]
    assert recaps[0] > 0 and recaps[1] > 0 and recaps[2] == 0, recaps
    (zone,) = [zone for zone in sandbox.api("GET", "/storagezone") if zone["Name"] == "demo-uploads"]
    web = sandbox.api("GET", "/mc/apps/demoWebApp01")["containerTemplates"][0]
    assert {"name": "STORAGE_PASSWORD", "value": zone["Password"]} in [
        {"name": variable["name"], "value": variable["value"]} for variable in web["environmentVariables"]]
    assert zone["Password"] not in result.stdout + result.stderr
    assert not (sandbox.folder / "demo-uploads.password").exists()


def test_the_database_guide_rotates_a_token_as_written_and_never_shows_one(guides, sandbox):
    result = run_section(sandbox, guides, "docs/databases.md", "Rotating a token")
    assert result.returncode == 0, result.stdout + result.stderr
    tokens = sandbox.api_tokens()
    template = sandbox.api("GET", "/mc/apps/demoWebApp01")["containerTemplates"][0]
    held = {variable["name"]: variable["value"] for variable in template["environmentVariables"]}["BUNNY_DATABASE_AUTH_TOKEN"]
    # The first run's token and the one rolled out before the revoke are revoked; the one after it is in place.
    assert [token["valid"] for token in tokens] == [False, False, True] and tokens[-1]["token"] == held
    assert not [token for token in tokens if token["token"] in result.stdout + result.stderr]
