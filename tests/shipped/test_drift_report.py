"""The drift audit's Markdown report, rendered by the installed collection's template from findings.

A reviewer reads the report top down: it must open with what drifted, named by kind and name, and
say each difference once, without lines about what did not change (issue 29: the report had four
lines of noise for one changed record).
"""

import json

import pytest

RENDER = """
- name: Render the drift report from the findings
  hosts: localhost
  connection: local
  gather_facts: false
  vars:
    audit_findings_all: "{{ report.resources }}"
    audit_drifted: "{{ report.resources | selectattr('drifted') | list }}"
    audit_hosts_checked: "{{ report.resources | map(attribute='host') | unique | list }}"
    audit_errors: "{{ report.errors }}"
    audit_settings: {unmanaged: true}
    audit_unmanaged_found: "{{ report.unmanaged }}"
  tasks:
    - name: Write the report
      ansible.builtin.template:
        src: "{{ template_path }}"
        dest: "{{ playbook_dir }}/report.md"
        mode: "0644"
"""


def record(type_name, name, value, **fields):
    """A DNS record as bunnynet.cloud.dns_record's diff holds it (the fields a change leaves alike included)."""
    return dict({"id": None, "type": type_name, "name": name, "value": value, "ttl": 300, "priority": 0, "weight": 0,
                 "accelerated": False, "monitor_type": "none", "disabled": False}, **fields)


APEX = [record("A", "", "192.0.2.10", id=100), record("MX", "", "mail.demo.example", id=101, priority=10),
        record("TXT", "", "v=spf1 -all", id=102), record("CNAME", "www", "demo.example", id=103)]


def finding(host, resource, module, diff=None, drifted=True):
    return {"host": host, "resource": resource, "module": module, "drifted": drifted, "diff": diff}


@pytest.fixture
def render(installed_collection, user_shell, tmp_path):
    def render(resources, unmanaged=(), errors=()):
        (tmp_path / "render.yml").write_text(RENDER)
        (tmp_path / "report.json").write_text(json.dumps({"report": {"resources": resources, "errors": list(errors), "unmanaged": list(unmanaged)}}))
        template = installed_collection / "playbooks" / "templates" / "drift-report.md.j2"
        rendered = user_shell.run("ansible-playbook render.yml -e @report.json -e template_path=%s" % template, cwd=tmp_path)
        assert rendered.returncode == 0, rendered.stdout + rendered.stderr
        return (tmp_path / "report.md").read_text()
    return render


def section(markdown, heading):
    """The lines of a section, without its heading and blank lines."""
    lines = markdown.split("## %s\n" % heading, 1)[1].split("\n## ", 1)[0].splitlines()
    return [line for line in lines if line.strip()]


def test_the_report_opens_with_what_drifted_named_by_kind_and_name(render):
    markdown = render([
        finding("assets_zone", "pull zone demo-assets referrers", "pullzone_referrer", drifted=False),
        finding("assets_zone", "pull zone demo-assets hostnames", "pullzone_hostname",
                {"before": {"hostnames": []}, "after": {"hostnames": [{"value": "static.demo.example"}]}}),
        finding("dns_example", "DNS zone demo.example", "dns_zone", drifted=False),
    ], unmanaged=[{"kind": "video_library", "id": 20, "name": "demo-lessons"}])

    assert markdown.splitlines()[:5] == [
        "# Drift report", "", "1 of 3 resources drifted, on 2 hosts:", "", "- pull zone demo-assets hostnames (assets_zone)"]
    # The drifted resource's section comes before the unmanaged resources and the table of all.
    headings = [line for line in markdown.splitlines() if line.startswith("## ")]
    assert headings == ["## pull zone demo-assets hostnames (assets_zone)", "## Unmanaged resources", "## Every resource checked"]


def test_one_changed_record_among_several_at_the_apex_is_one_line(render):
    changed = [dict(item, priority=20) if item["type"] == "MX" else item for item in APEX]

    markdown = render([finding("dns_example", "DNS zone demo.example records", "dns_record", {"before": {"records": APEX}, "after": {"records": changed}})])

    assert section(markdown, "DNS zone demo.example records (dns_example)") == [
        "- `records[MX @].priority`: `10` in the account, `20` in the inventory"]


def test_a_record_to_add_and_one_to_delete_are_a_line_each(render):
    wanted = APEX[:3] + [record("CNAME", "shop", "demo.example")]

    markdown = render([finding("dns_example", "DNS zone demo.example records", "dns_record", {"before": {"records": APEX}, "after": {"records": wanted}})])

    assert section(markdown, "DNS zone demo.example records (dns_example)") == [
        "- `records[CNAME www]`: not in the inventory", "- `records[CNAME shop]`: missing from the account"]


def test_an_account_without_drift_says_so_first(render):
    markdown = render([finding("assets_zone", "pull zone demo-assets hostnames", "pullzone_hostname", drifted=False)])

    assert markdown.splitlines()[2] == "Nothing drifted: the 1 resource checked, on 1 host, are as the inventory describes them."


def test_a_purge_to_come_says_why_instead_of_a_diff(render):
    markdown = render([finding("website", "pull zone demo-website cache", "pullzone_purge")])

    assert section(markdown, "pull zone demo-website cache (website)") == ["A run would purge it: files changed."]


def test_hosts_that_could_not_be_checked_are_named_at_the_top_and_explained_at_the_end(render):
    markdown = render([], errors=[{"host": "web", "message": "web has none of the variables ..."}])

    assert markdown.splitlines()[2:5] == [
        "Nothing drifted: the 0 resources checked, on 0 hosts, are as the inventory describes them.", "",
        "Could not check web: see the end of the report."]
    assert section(markdown, "Hosts that could not be checked") == ["- web: web has none of the variables ..."]
