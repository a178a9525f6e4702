"""Every example of the guides runs as written, against the simulator, from the installed collection.

A YAML block of a guide is a playbook (run twice: the second run must change nothing), a simulator
fixture (loaded into the simulator), or a file that a section of the guide goes on to use, named
by its first line (`# site.yml`); the tests of those sections write such files out and run them.
Anything else fails here, so that no example goes untested.
"""

import re

import pytest
import requests
import yaml

GUIDES = ["README.md", "docs/getting-started.md", "docs/authentication.md", "docs/simulator.md"]
SIMULATOR_KEY = "guide-test-key"
FIXTURE_KEYS = {"registries", "apps", "edge_scripts", "pull_zones", "video_libraries", "shield_zones", "api_keys", "settings"}
RECAP = re.compile(r"^localhost\s+: ok=\d+\s+changed=(\d+)\s+unreachable=0\s+failed=0", re.MULTILINE)


class Sandbox:
    """The installed collection's simulator, started with its sandbox playbook, and a shell pointed at it."""

    def __init__(self, shell, folder, demo_state):
        self.shell = shell
        self.folder = folder
        # The state each playbook example starts from: the demo's.
        self.demo_state = demo_state
        self.url = None

    def start(self):
        started = self.shell.run(
            "ansible-playbook bunnynet.cloud.simulator -e simulator_api_key=%s -e simulator_dir=%s" % (SIMULATOR_KEY, self.folder), cwd=self.folder
        )
        assert started.returncode == 0, started.stdout + started.stderr
        self.url = (self.folder / "url").read_text().strip()

    def stop(self):
        self.shell.run("ansible-playbook bunnynet.cloud.simulator -e simulator_state=stopped -e simulator_dir=%s" % self.folder, cwd=self.folder)

    def load(self, fixtures):
        answer = requests.post(self.url + "/_sim/fixtures", json=fixtures, timeout=10)
        assert answer.status_code == 200, answer.text

    def run_playbook(self, path):
        return self.shell.run(
            'ansible-playbook %s -e vault_bunnynet_api_key="$BUNNYNET_API_KEY"' % path,
            cwd=self.folder,
            BUNNYNET_API_URL=self.url,
            BUNNYNET_API_KEY=SIMULATOR_KEY,
        )


@pytest.fixture(scope="module")
def sandbox(guides, new_user_shell, tmp_path_factory):
    folder = tmp_path_factory.mktemp("guides")
    demo_state = yaml.safe_load(guides.root.joinpath("tests", "simulator", "fixtures", "demo.yml").read_text())
    simulator = Sandbox(new_user_shell(folder), folder, demo_state)
    simulator.start()
    yield simulator
    simulator.stop()


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
