"""The drift report as a reviewer reads it, top down: what drifted first, named by kind and name,
each difference once, one line per field with the value on each side; and files written only when
their content changes."""

import json

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.report import markdown, report, write_report


def finding(host, resource, *drift):
    kind, name = resource.rsplit(" ", 1)
    return {"host": host, "role": "pullzone_domains", "kind": kind.replace(" ", "_"), "name": name, "resource": resource,
            "drifted": bool(drift), "drift": [{"field": field, "inventory": inventory, "account": held} for field, inventory, held in drift]}


def rendered(findings, unmanaged=(), errors=(), listed=True):
    summary = {"hosts": len({item["host"] for item in findings}) + len(errors)}
    return markdown(report(findings, list(errors), list(unmanaged) if listed else None, summary))


def section(text, heading):
    """The lines of a section, without its heading and blank lines."""
    lines = text.split("## %s\n" % heading, 1)[1].split("\n## ", 1)[0].splitlines()
    return [line for line in lines if line.strip()]


def test_the_report_opens_with_what_drifted_named_by_kind_and_name():
    text = rendered([
        finding("assets_zone", "pull zone demo-assets", ("pullzone_domains_hostnames[static.demo.example]", {"name": "static.demo.example"}, None)),
        finding("dns_example", "DNS zone demo.example"),
    ], unmanaged=[{"kind": "video_library", "id": 20, "name": "demo-lessons", "role": "video_library"},
                  {"kind": "shield_zone", "id": 4, "name": "pull-zone-none-4", "role": None}])

    assert text.splitlines()[:5] == ["# Drift report", "", "1 of 2 resources drifted, on 2 hosts:", "", "- pull zone demo-assets (assets_zone)"]
    # The drifted resource's section comes before the unmanaged resources and the table of all.
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        "## pull zone demo-assets (assets_zone)", "## Unmanaged resources", "## Every resource checked"]
    assert section(text, "Unmanaged resources")[-2:] == [
        "| video library | 20 | demo-lessons | video_library |", "| shield zone | 4 | pull-zone-none-4 | none of the collection |"]
    assert section(text, "Every resource checked") == [
        "2 resources, on 2 hosts; 2 unmanaged.", "| host | resource | drifted |", "|---|---|---|",
        "| assets_zone | pull zone demo-assets | **yes** |", "| dns_example | DNS zone demo.example | no |"]


def test_each_field_is_one_line_with_the_value_on_each_side():
    text = rendered([finding(
        "dns_example", "DNS zone demo.example",
        ("dns_zone_records[MX @].priority", 20, 10),
        ("dns_zone_records[CNAME shop]", {"type": "CNAME", "name": "shop", "value": "demo.example"}, None),
        ("dns_zone_records[CNAME www]", None, {"type": "CNAME", "name": "www", "value": "demo`s.example"}),
    )])

    assert section(text, "DNS zone demo.example (dns_example)") == [
        "- `dns_zone_records[MX @].priority`: `10` in the account, `20` in the inventory",
        '- `dns_zone_records[CNAME shop]`: missing from the account; the inventory has `{"type": "CNAME", "name": "shop", "value": "demo.example"}`',
        # A backquote would end the code span early.
        "- `dns_zone_records[CNAME www]`: not in the inventory; the account has `{\"type\": \"CNAME\", \"name\": \"www\", \"value\": \"demo's.example\"}`"]


def test_an_account_without_drift_says_so_first_and_unlisted_unmanaged_are_not_counted():
    text = rendered([finding("assets_zone", "pull zone demo-assets")], listed=False)

    assert text.splitlines()[2] == "Nothing drifted: the 1 resource checked, on 1 host, are as the inventory describes them."
    assert section(text, "Every resource checked")[0] == "1 resource, on 1 host."


def test_hosts_that_could_not_be_checked_are_named_at_the_top_and_explained_at_the_end():
    text = rendered([], errors=[{"host": "web", "role": None, "error": "web has none of the variables ..."}])

    assert text.splitlines()[2:5] == [
        "Nothing drifted: the 0 resources checked, on 1 host, are as the inventory describes them.", "",
        "Could not check web: see the end of the report."]
    assert section(text, "Hosts that could not be checked") == ["- web: web has none of the variables ..."]


def test_the_files_are_written_once_and_not_in_check_mode(tmp_path):
    data = report([finding("assets_zone", "pull zone demo-assets")], [], [], {"hosts": 1})
    path = str(tmp_path / "reports" / "drift")

    predicted = write_report(path, data, check_mode=True)
    assert not (tmp_path / "reports").exists()
    written = write_report(path, data)
    again = write_report(path, data)

    assert predicted == written == [path + ".json", path + ".md"] and again == []
    assert json.loads((tmp_path / "reports" / "drift.json").read_text())["schema_version"] == 2
    assert (tmp_path / "reports" / "drift.md").read_text() == markdown(data)
