"""Every example of the guides runs as written, against the simulator, from the installed collection.

A YAML block of a guide is a playbook (run twice: the second run must change nothing), a simulator
fixture (loaded into the simulator), or a file that a section of the guide goes on to use, named
by its first line (`# site.yml`); the tests of those sections write such files out and run them.
Anything else fails here, so that no example goes untested.
"""

import re

import pytest

GUIDES = ["README.md", "docs/getting-started.md", "docs/authentication.md", "docs/simulator.md"]
FIXTURE_KEYS = {"registries", "apps", "edge_scripts", "pull_zones", "video_libraries", "shield_zones", "api_keys", "settings"}
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
        changes.append(int(recap.group(1)))
    assert changes[1] == 0, "the second run of %r changed something" % block


@pytest.mark.parametrize("guide", GUIDES)
def test_every_example_of_the_guide_runs_as_written(guide, guides, sandbox):
    examples = [block for block in guides.code_blocks(guide) if block.language in ("yaml", "yml") and not block.file_name]
    assert examples, "%s shows no example to run" % guide
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
