"""Write docs/api-coverage.md: every operation of the vendor's API documents, the modules that send it, and how many are used.

The operations are the vendor's documents' (as tests/simulator/vendor_facts.json holds them, with
the prefix each document's paths take on the simulator). What uses them is what the collection's
unit tests record: each request a module, the inventory plugin or the export sends to the
simulator, matched to the vendor operation it addresses the way the simulator's routing matches it
(ASP.NET's precedence: a literal segment beats a parameter). A request is credited to the plugin
whose code sent it (the module whose ``main()`` is on the stack), never to a test's own reads.

    python tests/api_coverage.py                    # run the unit tests, recording, and write the page
    python tests/api_coverage.py --check            # the same, and fail when the page differs
    python tests/api_coverage.py --recording FILE   # from a recording made before (see below), no tests run
    python tests/api_coverage.py --write-recording FILE   # run the unit tests and keep their recording

The recording is made by this file as a pytest plugin (``-p api_coverage`` with this folder on
``PYTHONPATH`` and ``API_COVERAGE_RECORD=FILE``): one JSON list of ``[plugin, method, path]``.
Run with pytest-xdist, each worker writes ``FILE.gwN``; they are read together.
"""

import argparse
import difflib
import inspect
import json
import os
import subprocess
import sys
import tempfile
import threading

REPOSITORY_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(REPOSITORY_ROOT, "docs", "api-coverage.md")
FACTS = os.path.join(REPOSITORY_ROOT, "tests", "simulator", "vendor_facts.json")
COLLECTION = "ansible_collections.bunnynet.cloud.plugins."
# The tests whose requests are recorded: the plugins' own (modules, inventory, the runner), not the simulator's.
RECORDED_TESTS = "tests/unit/plugins"
# The documents of the target (at least 150 of their operations used), and how the page names each document.
CORE_DOCUMENTS = ("core", "edge_scripting", "magic_containers", "shield", "edge_storage")
TITLES = {
    "core": "Core platform", "edge_scripting": "Edge Scripting", "magic_containers": "Magic Containers", "shield": "Shield",
    "edge_storage": "Edge Storage (files)", "stream": "Stream", "database": "Database",
}  # fmt: skip
TARGET = 150


# --- The pytest plugin: who sends which request ---------------------------------------------------

def sender(frame):
    """The plugin whose code is on the stack of ``frame``: a module, else an inventory plugin (the account's reads are its)."""
    found = None
    while frame is not None:
        name = frame.f_globals.get("__name__") or ""
        if name.startswith(COLLECTION + "modules."):
            return name[len(COLLECTION + "modules."):]
        if name.startswith(COLLECTION + "inventory."):
            found = found or "%s inventory plugin" % name[len(COLLECTION + "inventory."):]
        elif name == COLLECTION + "module_utils.core.account":
            found = found or "account inventory plugin"
        frame = frame.f_back
    return found


_RECORDED = []


def pytest_configure(config):
    if not os.environ.get("API_COVERAGE_RECORD"):
        return
    from urllib.parse import urlsplit

    import requests

    send = requests.Session.request

    def recorded(session, method, url, *args, **kwargs):
        # A request from a thread of a module (storage_sync's transfers) has the module on the main thread's stack.
        plugin = sender(inspect.currentframe().f_back) or sender(sys._current_frames().get(threading.main_thread().ident))
        if plugin is not None:
            _RECORDED.append((plugin, method.upper(), urlsplit(url).path))
        return send(session, method, url, *args, **kwargs)

    requests.Session.request = recorded


def pytest_sessionfinish(session, exitstatus):
    target = os.environ.get("API_COVERAGE_RECORD")
    if not target:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    with open("%s.%s" % (target, worker) if worker else target, "w", encoding="utf-8") as handle:
        json.dump(sorted(set(_RECORDED)), handle)


def load_recording(path):
    """``{(plugin, METHOD, path)}`` from a recording, merged from its workers' files when there are some."""
    directory, name = os.path.split(os.path.abspath(path))
    parts = [os.path.join(directory, entry) for entry in sorted(os.listdir(directory)) if entry == name or entry.startswith(name + ".gw")]
    if not parts:
        raise SystemExit("No recording at %s." % path)
    recorded = set()
    for part in parts:
        with open(part, encoding="utf-8") as handle:
            recorded.update(tuple(entry) for entry in json.load(handle))
    return recorded


def record(path):
    """Run the plugins' unit tests with the recording plugin, into ``path``; their exit status."""
    with tempfile.TemporaryDirectory() as layout:
        # The tests import the collection as ansible_collections.bunnynet.cloud: a folder of that shape points here.
        os.makedirs(os.path.join(layout, "ansible_collections", "bunnynet"))
        collection = os.path.join(layout, "ansible_collections", "bunnynet", "cloud")
        os.symlink(REPOSITORY_ROOT, collection)
        environment = dict(os.environ, API_COVERAGE_RECORD=path,
                           PYTHONPATH=os.pathsep.join([layout, os.path.join(REPOSITORY_ROOT, "tests")]))
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "api_coverage", RECORDED_TESTS]
        try:
            import xdist  # noqa: F401 pylint: disable=unused-import
            command[3:3] = ["-n", "2"]
        except ImportError:
            pass
        run = subprocess.run(command, cwd=collection, env=environment, check=False, capture_output=True, text=True)
        if run.returncode:
            # What failed, as pytest summed it up.
            sys.stderr.write("".join(line + "\n" for line in run.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))))
        return run.returncode


# --- The page ---------------------------------------------------------------------------------------

def vendor_documents(facts_path=FACTS):
    with open(facts_path, encoding="utf-8") as handle:
        return json.load(handle)["documents"]


def vendor_operations(documents):
    """``[(document, METHOD, template as the simulator serves it)]`` of every document, in the documents' order."""
    return [(name, method, document["prefix"] + template) for name, document in documents.items() for method, template in document["operations"]]


def usage(operations, recorded):
    """``{(document, METHOD, template): sorted plugins}`` for every operation, empty for those nothing sends."""
    VendorRouteTable = _route_table_class()

    table = VendorRouteTable(operations, served=set())
    used = {operation: set() for operation in operations}
    for plugin, method, path in recorded:
        operation = table.operation_for(method, path)
        if operation is not None:
            used[(operation.document, operation.method, operation.template)].add(plugin)
    return {operation: sorted(plugins) for operation, plugins in used.items()}


def _route_table_class():
    """The simulator's own matching of a request to a vendor operation (read, never changed here)."""
    try:
        from ansible_collections.bunnynet.cloud.tests.simulator.routing import VendorRouteTable
    except ImportError:
        sys.path.insert(0, REPOSITORY_ROOT)
        from tests.simulator.routing import VendorRouteTable
    return VendorRouteTable


def _share(part, whole):
    return "%d %%" % round(100.0 * part / whole) if whole else "-"


def render(used, prefixes=None):
    """The page; ``prefixes`` (document: prefix) are taken off the served templates, so that each shows as its document has it."""
    prefixes = prefixes or {}
    documents = []
    for document, _method, _template in used:
        if document not in documents:
            documents.append(document)
    counts = {document: [0, 0] for document in documents}
    for (document, _method, _template), plugins in used.items():
        counts[document][0] += 1
        counts[document][1] += bool(plugins)
    core_total = sum(counts[document][0] for document in documents if document in CORE_DOCUMENTS)
    core_used = sum(counts[document][1] for document in documents if document in CORE_DOCUMENTS)
    lines = [
        "# API coverage",
        "",
        "Every operation of the vendor's API documents, and the modules of the collection that use it. Written by",
        "`tests/api_coverage.py` from the documents' operations (`tests/simulator/vendor_facts.json`) and the",
        "requests the modules send in the collection's unit tests; do not edit it by hand. After changing what a",
        "module sends, run `python tests/api_coverage.py`; `python tests/api_coverage.py --check` reruns the",
        "plugins' unit tests and fails while the page is out of date, and the unit tests fail while it lacks an operation.",
        "",
        "An operation is listed with every module that sends it (`account inventory plugin`: the account's",
        "inventory and its export). Paths are the documents' own: Magic Containers' are under `/mc` of the API's",
        "host, the edge storage files on a storage zone's own host.",
        "",
        "## Summary",
        "",
        "| document | operations | used | share |",
        "|---|---:|---:|---:|",
    ]
    for document in documents:
        total, used_count = counts[document]
        lines.append("| [%s](#%s) | %d | %d | %s |" % (_title(document), _anchor(_title(document)), total, used_count, _share(used_count, total)))
    lines.append("| **the five core documents** (core, edge scripting, Magic Containers, Shield, edge storage) | **%d** | **%d** | **%s** |" % (
        core_total, core_used, _share(core_used, core_total)))
    lines += ["", "The issue's target is %d of the five core documents' operations: %s." % (
        TARGET, "met, with %d" % core_used if core_used >= TARGET else "not met yet, at %d" % core_used)]
    for document in documents:
        lines += ["", "## %s" % _title(document), "", "| operation | used by |", "|---|---|"]
        prefix = prefixes.get(document, "")
        rows = sorted(((template[len(prefix):], method), plugins) for (name, method, template), plugins in used.items() if name == document)
        for (template, method), plugins in rows:
            lines.append("| `%s %s` | %s |" % (method, template, ", ".join("`%s`" % plugin for plugin in plugins) if plugins else "-"))
    return "\n".join(lines) + "\n"


def _title(document):
    return TITLES.get(document, document.replace("_", " ").capitalize())


def _anchor(title):
    return "".join(character for character in title.lower().replace(" ", "-") if character.isalnum() or character == "-")


def check(page, written):
    """The differences between the page as written and as the script makes it, as a unified diff; empty when none."""
    return "".join(difflib.unified_diff(written.splitlines(True), page.splitlines(True), "docs/api-coverage.md (as written)",
                                        "docs/api-coverage.md (as the tests make it)"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="fail when docs/api-coverage.md differs from what the script makes")
    parser.add_argument("--recording", help="a recording made before; no tests are run")
    parser.add_argument("--write-recording", help="where to keep the recording of the tests this run makes")
    arguments = parser.parse_args(argv)
    if arguments.recording:
        recorded = load_recording(arguments.recording)
    else:
        with tempfile.TemporaryDirectory() as work:
            path = arguments.write_recording or os.path.join(work, "coverage.json")
            status = record(path)
            if status not in (0, 1):
                raise SystemExit("The unit tests could not run (pytest exit status %d); the page is not made." % status)
            if status == 1:
                print("Some unit tests failed; the page is made from what they sent all the same.", file=sys.stderr)
            recorded = load_recording(path)
    documents = vendor_documents()
    page = render(usage(vendor_operations(documents), recorded), {name: document["prefix"] for name, document in documents.items()})
    if arguments.check:
        with open(PAGE, encoding="utf-8") as handle:
            differences = check(page, handle.read())
        if differences:
            sys.stdout.write(differences)
            print("docs/api-coverage.md is out of date: run python tests/api_coverage.py and commit the page.")
            return 1
        print("docs/api-coverage.md is up to date.")
        return 0
    with open(PAGE, "w", encoding="utf-8") as handle:
        handle.write(page)
    print("Wrote docs/api-coverage.md.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
