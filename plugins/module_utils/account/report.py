# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The drift audit's report: its JSON (schema 2, docs/check-mode-audits.md) and its Markdown.

The Markdown opens with what drifted, each resource named by kind and name and its inventory host,
then gives each drifted resource a section with one line per field that differs, with its value in
the account and in the inventory; the unmanaged resources, the hosts that could not be checked and
the table of every resource checked come last. account_audit writes both files itself, so that an
audit costs no module process per file.
"""

import json
import os

SCHEMA_VERSION = 2


def report(findings, errors, unmanaged, summary):
    """The report as the JSON file holds it; ``unmanaged`` is None when they were not listed."""
    return dict(schema_version=SCHEMA_VERSION, drifted=any(finding["drifted"] for finding in findings), summary=summary,
                resources=findings, errors=errors, unmanaged=unmanaged)


def _count(number, noun):
    return "%d %s%s" % (number, noun, "" if number == 1 else "s")


def _value(data):
    return "`%s`" % json.dumps(data).replace("`", "'")


def _line(change):
    if change["account"] is None:
        line = "- `%s`: missing from the account; the inventory has %s" % (change["field"], _value(change["inventory"]))
    elif change["inventory"] is None:
        line = "- `%s`: not in the inventory; the account has %s" % (change["field"], _value(change["account"]))
    else:
        line = "- `%s`: %s in the account, %s in the inventory" % (change["field"], _value(change["account"]), _value(change["inventory"]))
    if change.get("diff"):
        # What changed in a text (a script's code), from the inventory's to the account's.
        line += "\n\n  ```diff\n%s\n  ```\n" % "\n".join("  " + diff_line for diff_line in change["diff"].split("\n"))
    return line


def markdown(data):
    """The Markdown report of ``data`` (what ``report`` returns)."""
    findings, errors, unmanaged = data["resources"], data["errors"], data["unmanaged"]
    drifted = [finding for finding in findings if finding["drifted"]]
    checked = "%s, on %s" % (_count(len(findings), "resource"), _count(data["summary"]["hosts"], "host"))
    lines = ["# Drift report", ""]
    if drifted:
        lines.append("%d of %s drifted, on %s:" % (len(drifted), _count(len(findings), "resource"), _count(data["summary"]["hosts"], "host")))
        lines.append("")
        lines.extend("- %s (%s)" % (finding["resource"], finding["host"]) for finding in drifted)
    else:
        lines.append("Nothing drifted: the %s checked, on %s, are as the inventory describes them." % (
            _count(len(findings), "resource"), _count(data["summary"]["hosts"], "host")))
    if errors:
        lines.extend(["", "Could not check %s: see the end of the report." % ", ".join(error["host"] for error in errors)])
    for finding in drifted:
        lines.extend(["", "## %s (%s)" % (finding["resource"], finding["host"]), ""])
        lines.extend(_line(change) for change in finding["drift"])
    if unmanaged:
        lines.extend(["", "## Unmanaged resources", "", "In the account, in no host of the inventory:", "",
                      "| kind | id | name | role |", "|---|---|---|---|"])
        lines.extend("| %s | %s | %s | %s |" % (resource["kind"].replace("_", " "), resource["id"], resource["name"],
                                                resource["role"] or "none of the collection") for resource in unmanaged)
    if errors:
        lines.extend(["", "## Hosts that could not be checked", ""])
        lines.extend("- %s: %s" % (error["host"], error["error"]) for error in errors)
    lines.extend(["", "## Every resource checked", "",
                  checked + ("; %d unmanaged." % len(unmanaged) if unmanaged is not None else "."), "",
                  "| host | resource | drifted |", "|---|---|---|"])
    lines.extend("| %s | %s | %s |" % (finding["host"], finding["resource"], "**yes**" if finding["drifted"] else "no") for finding in findings)
    return "\n".join(lines) + "\n"


def write_report(path, data, check_mode=False):
    """Write ``<path>.json`` and ``<path>.md`` (making their folder); the files whose content changed.

    In check mode nothing is written; the files that would change are returned all the same.
    """
    contents = {path + ".json": json.dumps(data, indent=4) + "\n", path + ".md": markdown(data)}
    changed = []
    for file_path, content in contents.items():
        try:
            with open(file_path, encoding="utf-8") as handle:
                if handle.read() == content:
                    continue
        except OSError:
            pass
        changed.append(file_path)
        if not check_mode:
            os.makedirs(os.path.dirname(file_path) or ".", exist_ok=True)
            with open(file_path, "w", encoding="utf-8") as handle:
                handle.write(content)
    return changed
