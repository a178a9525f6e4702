"""The drift audit's Markdown report, rendered by the installed collection's template from a result
of bunnynet.cloud.account_audit.

A reviewer reads the report top down: it must open with what drifted, named by kind and name, and
say each difference once, one line per field, with the value on each side.
"""

import json

import pytest

RENDER = """
- name: Render the drift report from an audit's result
  hosts: localhost
  connection: local
  gather_facts: false
  tasks:
    - name: Write the report
      ansible.builtin.template:
        src: "{{ template_path }}"
        dest: "{{ playbook_dir }}/report.md"
        mode: "0644"
"""


def finding(host, resource, *drift):
    kind, name = resource.rsplit(" ", 1)
    return {"host": host, "role": "pullzone_domains", "kind": kind.replace(" ", "_"), "name": name, "resource": resource,
            "drifted": bool(drift), "drift": [{"field": field, "inventory": inventory, "account": held} for field, inventory, held in drift]}


@pytest.fixture
def render(installed_collection, user_shell, tmp_path):
    def render(findings, unmanaged=(), errors=(), hosts=None):
        result = {"findings": findings, "drifted": [item for item in findings if item["drifted"]], "errors": list(errors),
                  "unmanaged": list(unmanaged),
                  "summary": {"hosts": hosts if hosts is not None else len({item["host"] for item in findings}) + len(errors)}}
        (tmp_path / "render.yml").write_text(RENDER)
        (tmp_path / "result.json").write_text(json.dumps({"audit_result": result}))
        template = installed_collection / "playbooks" / "templates" / "drift-report.md.j2"
        rendered = user_shell.run("ansible-playbook render.yml -e @result.json -e template_path=%s" % template, cwd=tmp_path)
        assert rendered.returncode == 0, rendered.stdout + rendered.stderr
        return (tmp_path / "report.md").read_text()
    return render


def section(markdown, heading):
    """The lines of a section, without its heading and blank lines."""
    lines = markdown.split("## %s\n" % heading, 1)[1].split("\n## ", 1)[0].splitlines()
    return [line for line in lines if line.strip()]


def test_the_report_opens_with_what_drifted_named_by_kind_and_name(render):
    markdown = render([
        finding("assets_zone", "pull zone demo-assets", ("pullzone_domains_hostnames[static.demo.example]", {"name": "static.demo.example"}, None)),
        finding("dns_example", "DNS zone demo.example"),
    ], unmanaged=[{"kind": "video_library", "id": 20, "name": "demo-lessons", "role": "video_library"}])

    assert markdown.splitlines()[:5] == ["# Drift report", "", "1 of 2 resources drifted, on 2 hosts:", "", "- pull zone demo-assets (assets_zone)"]
    # The drifted resource's section comes before the unmanaged resources and the table of all.
    headings = [line for line in markdown.splitlines() if line.startswith("## ")]
    assert headings == ["## pull zone demo-assets (assets_zone)", "## Unmanaged resources", "## Every resource checked"]
    assert "| video library | 20 | demo-lessons | video_library |" in markdown


def test_each_field_is_one_line_with_the_value_on_each_side(render):
    markdown = render([finding(
        "dns_example", "DNS zone demo.example",
        ("dns_zone_records[MX @].priority", 20, 10),
        ("dns_zone_records[CNAME shop]", {"type": "CNAME", "name": "shop", "value": "demo.example"}, None),
        ("dns_zone_records[CNAME www]", None, {"type": "CNAME", "name": "www", "value": "demo.example"}),
    )])

    assert section(markdown, "DNS zone demo.example (dns_example)") == [
        "- `dns_zone_records[MX @].priority`: `10` in the account, `20` in the inventory",
        '- `dns_zone_records[CNAME shop]`: missing from the account; the inventory has `{"type": "CNAME", "name": "shop", "value": "demo.example"}`',
        '- `dns_zone_records[CNAME www]`: not in the inventory; the account has `{"type": "CNAME", "name": "www", "value": "demo.example"}`']


def test_an_account_without_drift_says_so_first(render):
    markdown = render([finding("assets_zone", "pull zone demo-assets")])

    assert markdown.splitlines()[2] == "Nothing drifted: the 1 resource checked, on 1 host, are as the inventory describes them."


def test_hosts_that_could_not_be_checked_are_named_at_the_top_and_explained_at_the_end(render):
    markdown = render([], errors=[{"host": "web", "role": None, "error": "web has none of the variables ..."}])

    assert markdown.splitlines()[2:5] == [
        "Nothing drifted: the 0 resources checked, on 1 host, are as the inventory describes them.", "",
        "Could not check web: see the end of the report."]
    assert section(markdown, "Hosts that could not be checked") == ["- web: web has none of the variables ..."]
