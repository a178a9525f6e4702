"""The demo (playbooks/demo.yml), run from the installed collection as tests/run-demo.sh runs it: a
user reads its output, so no run of it may print a warning (issue 29: ansible-core 2.19 warned four
times that a role's task args were one template) and its labels name resources, not bare IDs."""

import re

import pytest
from conftest import warnings_in

RECAP = re.compile(r"^(\S+)\s+: ok=\d+\s+changed=(\d+)\s+unreachable=0\s+failed=0", re.MULTILINE)


@pytest.fixture(scope="module")
def demo(sandbox, installed_collections):
    """Runs the demo with the arguments given, from the demo's state on the first run."""
    collection = installed_collections / "ansible_collections" / "bunnynet" / "cloud"
    sandbox.load(sandbox.demo_state)

    def play(*arguments):
        return sandbox.run("ansible-playbook -i %s %s %s" % (collection / "playbooks" / "inventory" / "demo.yml", collection / "playbooks" / "demo.yml",
                                                             " ".join(arguments)), timeout=600)
    return play


def test_the_demo_converges_then_checks_and_audits_drift_without_a_warning(demo, sandbox):
    runs = {
        "first": demo(),
        "second": demo(),
        "check": demo("--check --diff -e demo_web_image_tag=1.27.4"),
        "drift": demo("--tags drift -e audit_report_path=%s" % (sandbox.folder / "demo-drift")),
    }

    for name, played in runs.items():
        assert played.returncode == 0, "the %s run failed:\n%s%s" % (name, played.stdout, played.stderr)
        assert warnings_in(played.stdout + played.stderr) == [], "the %s run warned:\n%s%s" % (name, played.stdout, played.stderr)
    assert {int(changed) for _host, changed in RECAP.findall(runs["second"].stdout)} == {0}
    # The hand-made changes of the drift stage are labelled by what they change, not by request.
    drift = runs["drift"].stdout
    assert "(item=remove static.demo.example from pull zone demo-assets)" in drift
    assert "DELETE /pullzone/10" not in drift
