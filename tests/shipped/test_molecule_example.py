"""docs/simulator.md's molecule scenario for a user's role, written out and run as the guide says."""

import re

import pytest

GUIDE = "docs/simulator.md"
SECTION = "Testing a role with molecule"
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


@pytest.mark.usefixtures("no_simulator_left")
def test_the_guides_molecule_scenario_converges_stays_converged_and_verifies(guides, user_shell, tmp_path):
    blocks = guides.section_blocks(GUIDE, SECTION)
    written = guides.write_named_files(blocks, tmp_path)
    assert "storefront_image/molecule/default/verify.yml" in written
    (console,) = [block for block in blocks if block.language == "console"]

    result = user_shell.run("\n".join(console.commands()), cwd=tmp_path, timeout=300)

    output = ANSI_ESCAPE.sub("", result.stdout + result.stderr)
    assert result.returncode == 0, output
    for action in ("create", "converge", "idempotence", "verify", "destroy"):
        assert re.search(r"default \S+ %s: Executed: Successful" % action, output), "%s did not succeed:\n%s" % (action, output)
