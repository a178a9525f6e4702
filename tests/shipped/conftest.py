"""The collection as users get it: built, installed with ansible-galaxy, and used as the guides say.

These tests run commands the way a user types them, in a shell whose HOME is a temporary folder
and whose ANSIBLE_COLLECTIONS_PATH holds only the installed collection, so nothing of this
checkout is found by accident. Run them with `python -m pytest tests/shipped` from the root of
the repository, with the test environment's Python (tests/requirements.txt).
"""

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import requests
import yaml

REPOSITORY_ROOT = Path(__file__).resolve().parents[2]
FENCE = re.compile(r"^(?P<indent>\s*)```(?P<language>\S*)\s*$")
NAMED_FILE = re.compile(r"^(?:#|//) (?P<path>[\w./-]+\.(?:ya?ml|json|txt|js|vtt|mp4|crt|key))$")
SIMULATOR_KEY = "guide-test-key"


# Ansible's own warnings about a playbook run without an inventory, on the implicit localhost, as
# the guides' playbooks are: they are about how the playbook is run, not about what it runs.
NO_INVENTORY_WARNINGS = re.compile(
    r"^\[WARNING\]: (No inventory was parsed, only implicit localhost is available|provided hosts list is empty, only localhost is available.*)$")
WARNING = re.compile(r"^\[(?:DEPRECATION )?WARNING\]: .*$", re.MULTILINE)


def warnings_in(output):
    """The warnings (and deprecation warnings) Ansible printed, but those about running without an inventory."""
    return [line for line in WARNING.findall(output) if not NO_INVENTORY_WARNINGS.match(line)]


def run(command, timeout, **options):
    """Run a command to its end, within timeout seconds, and return what it did."""
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False, **options)


def ansible_galaxy(*arguments, cwd=None):
    result = run([sys.executable, "-m", "ansible.cli.galaxy", *arguments], timeout=300, cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


class CodeBlock:
    """A fenced code block of a Markdown guide, with the section (## heading) it stands in."""

    def __init__(self, guide, section, language, text):
        self.guide = guide
        self.section = section
        self.language = language
        self.text = text

    @property
    def file_name(self):
        """The file a block stands for, when its first line names one (`# site.yml`, `// router.js`)."""
        match = NAMED_FILE.match(self.text.split("\n", 1)[0])
        return match.group("path") if match else None

    def commands(self):
        """The commands of a console block, without their `$ ` prompt."""
        return [line[2:] for line in self.text.splitlines() if line.startswith("$ ")]

    def data(self):
        return yaml.safe_load(self.text)

    def __repr__(self):
        return "%s, %s: %s" % (self.guide, self.section, self.text.split("\n", 1)[0])


class Guides:
    """The Markdown guides of the repository, read as the examples they show."""

    root = REPOSITORY_ROOT

    def code_blocks(self, guide):
        """Every fenced code block of a guide (a path relative to the repository), in order."""
        blocks, section, fence, lines = [], "", None, []
        for line in (self.root / guide).read_text(encoding="utf-8").splitlines():
            match = FENCE.match(line)
            if fence is None and match:
                fence, lines = match, []
            elif fence is not None and line.strip() == "```":
                indent = len(fence.group("indent"))
                text = "\n".join(text_line[indent:] for text_line in lines) + "\n"
                blocks.append(CodeBlock(guide, section, fence.group("language"), text))
                fence = None
            elif fence is not None:
                lines.append(line)
            elif line.startswith("## "):
                section = line[3:].strip()
        return blocks

    def section_blocks(self, guide, section):
        blocks = [block for block in self.code_blocks(guide) if block.section == section]
        assert blocks, "%s has no section %r with code blocks" % (guide, section)
        return blocks

    @staticmethod
    def write_named_files(blocks, folder):
        """Write each block that names a file to that file under folder; return the names written."""
        written = []
        for block in blocks:
            if block.file_name:
                path = folder / block.file_name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(block.text, encoding="utf-8")
                written.append(block.file_name)
        return written


class UserShell:
    """A user's shell: the test environment's tools on PATH, a HOME of its own, the installed collection."""

    def __init__(self, home, collections_path):
        self.home = home
        self.environment = {
            "PATH": os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", os.defpath)]),
            "HOME": str(home),
            "LC_ALL": "C.UTF-8",
            "ANSIBLE_COLLECTIONS_PATH": str(collections_path),
            "ANSIBLE_NOCOLOR": "1",
            "NO_COLOR": "1",
        }

    def run(self, script, cwd, timeout=120, **variables):
        """Run a bash script that stops at the first failing command; return its result."""
        environment = dict(self.environment, **variables)
        return run(["bash", "-euo", "pipefail", "-c", script], timeout=timeout, cwd=str(cwd), env=environment)


@pytest.fixture(scope="session")
def guides():
    return Guides()


@pytest.fixture(scope="session")
def built_collection(tmp_path_factory):
    """The collection tarball, as `ansible-galaxy collection build` makes it from this checkout."""
    output = tmp_path_factory.mktemp("build")
    ansible_galaxy("collection", "build", str(REPOSITORY_ROOT), "--output-path", str(output))
    (tarball,) = output.glob("bunnynet-cloud-*.tar.gz")
    return tarball


@pytest.fixture(scope="session")
def installed_collections(built_collection, tmp_path_factory):
    """A collections path holding the collection installed from the tarball, and nothing else."""
    collections = tmp_path_factory.mktemp("collections")
    # Run from inside a checkout under ansible_collections/ (as the pipeline's copy is),
    # ansible-galaxy counts this collection as installed already and would install nothing.
    ansible_galaxy("collection", "install", "--force", str(built_collection), "-p", str(collections), cwd=str(collections))
    return collections


@pytest.fixture
def installed_collection(installed_collections):
    """The installed collection's root."""
    return installed_collections / "ansible_collections" / "bunnynet" / "cloud"


@pytest.fixture(scope="session")
def new_user_shell(installed_collections):
    """Makes a user's shell with the given HOME."""
    return lambda home: UserShell(home, installed_collections)


@pytest.fixture
def user_shell(tmp_path, new_user_shell):
    home = tmp_path / "home"
    home.mkdir()
    return new_user_shell(home)


def simulators_running_from(folder):
    """The ids of simulator processes whose working folder is folder (Linux: read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            cwd = os.readlink(str(entry / "cwd"))
        except OSError:
            continue
        if b"tests.simulator" in command and Path(cwd) == Path(folder):
            found.append(int(entry.name))
    return found


@pytest.fixture
def no_simulator_left(installed_collection):
    """Fails a test that leaves a simulator of the installed collection running, and stops it."""
    yield
    left = simulators_running_from(installed_collection)
    for pid in left:
        os.kill(pid, signal.SIGTERM)
    assert not left, "simulators still running from %s: %s" % (installed_collection, left)


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

    def api(self, method, path, body=None):
        """Send one request to the simulated API itself, as a person changing the account by hand would."""
        answer = requests.request(method, self.url + path, json=body, headers={"AccessKey": SIMULATOR_KEY}, timeout=10)
        assert answer.status_code < 300, answer.text
        return answer.json() if answer.content else None

    def requests(self):
        return requests.get(self.url + "/_sim/requests", timeout=10).json()

    def clear_requests(self):
        requests.delete(self.url + "/_sim/requests", timeout=10)

    def api_tokens(self):
        """Every database token the simulator gave, with whether it is valid now."""
        return requests.get(self.url + "/_sim/databases/tokens", timeout=10).json()

    def run(self, script, timeout=120):
        """Run a shell script in the sandbox's folder, with the modules pointed at the simulator."""
        return self.shell.run(
            script, cwd=self.folder, timeout=timeout, BUNNYNET_API_URL=self.url, BUNNYNET_API_KEY=SIMULATOR_KEY, BUNNYNET_STORAGE_URL=self.url + "/storage",
            BUNNYNET_STREAM_API_URL=self.url + "/stream", BUNNYNET_DATABASE_URL=self.url + "/sql",
        )

    def run_playbook(self, path):
        return self.run('ansible-playbook %s -e vault_bunnynet_api_key="$BUNNYNET_API_KEY"' % path)


@pytest.fixture(scope="module")
def sandbox(guides, new_user_shell, tmp_path_factory):
    """A simulator for the tests of one module, with the demo's state at hand."""
    folder = tmp_path_factory.mktemp("sandbox")
    demo_state = yaml.safe_load(guides.root.joinpath("tests", "simulator", "fixtures", "demo.yml").read_text())
    simulator = Sandbox(new_user_shell(folder), folder, demo_state)
    simulator.start()
    yield simulator
    simulator.stop()
