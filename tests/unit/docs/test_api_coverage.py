"""tests/api_coverage.py, which writes docs/api-coverage.md: who is credited with a request, how a request finds its
operation, what the page says, and the check that fails while the page is out of date.

Making the page runs every plugin unit test, too slow for the test command to repeat; its check
(``python tests/api_coverage.py --check``) is run by hand, and the test below fails while the page
lacks an operation. These tests hold the script's parts, from small recordings.
"""

import inspect
import json
import os
import types

import pytest

from ansible_collections.bunnynet.cloud.tests import api_coverage

OPERATIONS = [
    ("core", "GET", "/pullzone/{id}"), ("core", "GET", "/pullzone/loadFreeCertificate"), ("core", "POST", "/pullzone/{id}"),
    ("shield", "GET", "/shield/shield-zone/{shieldZoneId}"), ("magic_containers", "GET", "/mc/nodes/plain"),
    ("magic_containers", "GET", "/mc/nodes"), ("stream", "GET", "/library/{libraryId}/videos"),
]  # fmt: skip
PREFIXES = {"magic_containers": "/mc"}


def call_as(module_name, function):
    """Run ``function`` from a frame whose module is ``module_name``, as a plugin's code calls the client."""
    def run():
        return function()
    return types.FunctionType(run.__code__, {"__name__": module_name}, "run", None, run.__closure__)()


def here():
    return api_coverage.sender(inspect.currentframe())


def test_a_request_is_credited_to_the_module_on_the_stack_and_not_to_a_test():
    module = api_coverage.COLLECTION + "modules.shield_custom_page"
    inventory = api_coverage.COLLECTION + "inventory.account"

    assert here() is None
    assert call_as(module, here) == "shield_custom_page"
    assert call_as(inventory, here) == "account inventory plugin"
    assert call_as(api_coverage.COLLECTION + "module_utils.core.account", here) == "account inventory plugin"
    # A module that reads through shared code is the module, wherever the request is made from.
    assert call_as(module, lambda: call_as(api_coverage.COLLECTION + "module_utils.core.api", here)) == "shield_custom_page"


def test_a_request_finds_its_operation_as_the_vendor_s_routing_does():
    recorded = {("pullzone", "GET", "/pullzone/loadFreeCertificate"), ("pullzone_info", "GET", "/pullzone/7"), ("pullzone", "POST", "/pullzone/7"),
                ("mc_node_ips_info", "GET", "/mc/nodes/plain"), ("pullzone", "GET", "/no/such/path")}

    used = api_coverage.usage(OPERATIONS, recorded)

    assert used[("core", "GET", "/pullzone/loadFreeCertificate")] == ["pullzone"]
    assert used[("core", "GET", "/pullzone/{id}")] == ["pullzone_info"]
    assert used[("core", "POST", "/pullzone/{id}")] == ["pullzone"]
    assert used[("magic_containers", "GET", "/mc/nodes/plain")] == ["mc_node_ips_info"]
    assert used[("magic_containers", "GET", "/mc/nodes")] == []
    assert len(used) == len(OPERATIONS)


def test_the_page_counts_each_document_and_the_five_core_documents_and_lists_every_operation():
    used = api_coverage.usage(OPERATIONS, {("pullzone", "GET", "/pullzone/9"), ("shield_zone", "GET", "/shield/shield-zone/4")})

    page = api_coverage.render(used, PREFIXES)

    assert "| [Core platform](#core-platform) | 3 | 1 | 33 % |" in page
    assert "| [Stream](#stream) | 1 | 0 | 0 % |" in page
    assert "| **6** | **2** | **33 %** |" in page
    assert "not met yet, at 2" in page
    # The documents' own paths, each operation once, with what uses it.
    assert "| `GET /nodes/plain` | - |" in page and "/mc/nodes" not in page
    assert "| `GET /pullzone/{id}` | `pullzone` |" in page
    assert sum(line.startswith("| `") for line in page.splitlines()) == len(OPERATIONS)


def test_the_check_shows_what_differs_and_nothing_when_the_page_is_current():
    assert api_coverage.check("same\n", "same\n") == ""
    assert "+new" in api_coverage.check("new\n", "old\n") and "-old" in api_coverage.check("new\n", "old\n")


@pytest.fixture
def recording(tmp_path):
    """A recording as two xdist workers leave it."""
    path = tmp_path / "coverage.json"
    path.write_text(json.dumps([]))
    (tmp_path / "coverage.json.gw0").write_text(json.dumps([["team_member", "GET", "/team/member"]]))
    (tmp_path / "coverage.json.gw1").write_text(json.dumps([["shield_zone", "GET", "/shield/shield-zones"]]))
    return str(path)


def test_a_recording_is_read_from_every_worker(recording):
    assert api_coverage.load_recording(recording) == {("team_member", "GET", "/team/member"), ("shield_zone", "GET", "/shield/shield-zones")}


def test_check_fails_while_the_page_differs_and_passes_once_it_is_written(recording, tmp_path, monkeypatch, capsys):
    page = tmp_path / "api-coverage.md"
    page.write_text("# an old page\n")
    monkeypatch.setattr(api_coverage, "PAGE", str(page))

    assert api_coverage.main(["--recording", recording, "--check"]) == 1
    assert "out of date" in capsys.readouterr().out
    assert api_coverage.main(["--recording", recording]) == 0
    assert api_coverage.main(["--recording", recording, "--check"]) == 0
    assert "| `GET /shield/shield-zones` | `shield_zone` |" in page.read_text()


def test_the_page_lists_every_operation_of_the_vendor_s_documents():
    """A cheap part of the check: a document's new operation fails here too, before the check reruns the suite."""
    with open(api_coverage.PAGE, encoding="utf-8") as handle:
        page = handle.read()
    documents = api_coverage.vendor_documents()

    missing = ["%s %s" % (method, template) for document in documents.values() for method, template in document["operations"]
               if "| `%s %s` |" % (method, template) not in page]

    assert missing == [], "docs/api-coverage.md lacks %s: run python tests/api_coverage.py" % ", ".join(missing)
    assert os.path.basename(api_coverage.PAGE) == "api-coverage.md"
