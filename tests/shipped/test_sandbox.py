"""The simulator as a sandbox for users: docs/simulator.md's commands, run from an installed collection."""

import ast
import json
import os
import re
import signal
import stat
import sys
from pathlib import Path

import pytest
import requests
import yaml

GUIDE = "docs/simulator.md"
SECTION = "A sandbox for your playbooks"
EXAMPLES_SECTION = "Running the modules' examples"
RECAP = re.compile(r"^localhost\s+: ok=\d+\s+changed=(\d+)", re.MULTILINE)
STOP = "ansible-playbook bunnynet.cloud.simulator -e simulator_state=stopped"
# Where the playbook keeps a simulator it started without simulator_dir, under HOME.
SANDBOX_DIR = ".cache/bunnynet-cloud-simulator"
# The action that restores the examples' state between two modules' examples.
EXAMPLE_HARNESS = "tests/integration/targets/setup_simulator/action_plugins"


def write_config_file(blocks, folder):
    """Write the section's `# ansible.cfg` block (an ini block, which write_named_files leaves out)."""
    (config,) = [block for block in blocks if block.language == "ini"]
    assert config.text.startswith("# ansible.cfg\n")
    (folder / "ansible.cfg").write_text(config.text)


@pytest.mark.usefixtures("no_simulator_left")
def test_the_sandbox_section_runs_as_written_and_quietly_from_an_installed_collection(guides, user_shell, tmp_path):
    blocks = guides.section_blocks(GUIDE, SECTION)
    assert guides.write_named_files(blocks, tmp_path) == ["state.yml", "site.yml"]
    write_config_file(blocks, tmp_path)
    (console,) = [block for block in blocks if block.language == "console"]

    try:
        result = user_shell.run("\n".join(console.commands()), cwd=tmp_path, timeout=240)
    finally:
        stopped_again = user_shell.run(STOP, cwd=tmp_path)

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNING" not in output
    # start, site.yml, site.yml --check --diff, stop
    assert [int(changed) for changed in RECAP.findall(result.stdout)][1:3] == [1, 0]
    request_log = next(line for line in result.stdout.splitlines() if line.startswith("[{"))
    writes = [entry for entry in json.loads(request_log) if entry["method"] != "GET"]
    assert [(entry["method"], entry["path"]) for entry in writes] == [("PATCH", "/mc/apps/shopApp01/containers/shopWebTpl1")]
    url = re.search(r"The simulator listens on (http://\S+) ", result.stdout).group(1)
    assert "The simulator that listened on %s stopped." % url in result.stdout
    with pytest.raises(requests.ConnectionError):
        requests.get(url + "/_sim/settings", timeout=5)
    assert "No simulator was running from %s/.cache/bunnynet-cloud-simulator; nothing to stop." % user_shell.home in stopped_again.stdout
    # The stop forgot the simulator: no env file is left to point a shell at an address nothing serves.
    assert not [name for name in ("pid", "url", "env") if (user_shell.home / SANDBOX_DIR / name).exists()]


def test_starting_without_the_packages_names_the_command_that_installs_them(user_shell, installed_collection, tmp_path):
    bare_python = tmp_path / "bare"
    user_shell.run("%s -m venv --without-pip %s" % (sys.executable, bare_python), cwd=tmp_path)

    result = user_shell.run("ansible-playbook bunnynet.cloud.simulator -e simulator_python=%s/bin/python" % bare_python, cwd=tmp_path)

    assert result.returncode != 0
    requirements = installed_collection / "tests" / "simulator" / "requirements.txt"
    assert "%s/bin/python -m pip install -r %s" % (bare_python, requirements) in result.stdout
    assert requirements.is_file()


def test_the_guide_installs_the_packages_from_the_list_the_installed_collection_holds(guides, installed_collections):
    commands = [command for block in guides.code_blocks(GUIDE) if block.language == "console" for command in block.commands()]
    (install,) = [command for command in commands if "pip install" in command]
    listed = install.split(" -r ", 1)[1].replace("~/.ansible/collections", str(installed_collections))

    assert Path(listed).read_text() == (guides.root / "tests" / "simulator" / "requirements.txt").read_text()


def test_the_tests_install_the_simulators_packages_from_the_same_list(guides):
    requirements = (guides.root / "tests" / "requirements.txt").read_text().splitlines()
    simulator_packages = [line.split(">")[0].lower() for line in (guides.root / "tests" / "simulator" / "requirements.txt").read_text().splitlines()
                          if line and not line.startswith("#")]

    assert "-r simulator/requirements.txt" in requirements
    assert not [line for line in requirements if line.lower() in simulator_packages]


@pytest.mark.usefixtures("no_simulator_left")
def test_starting_again_replaces_the_simulator_started_before(user_shell, tmp_path):
    start = "ansible-playbook bunnynet.cloud.simulator && cat ~/.cache/bunnynet-cloud-simulator/pid ~/.cache/bunnynet-cloud-simulator/url"
    try:
        first = user_shell.run(start, cwd=tmp_path)
        second = user_shell.run(start, cwd=tmp_path)
    finally:
        stopped = user_shell.run(STOP, cwd=tmp_path)

    assert first.returncode == 0 and second.returncode == 0, first.stdout + second.stdout
    assert stopped.returncode == 0 and "stopped." in stopped.stdout, stopped.stdout + stopped.stderr
    first_pid, first_url = first.stdout.splitlines()[-2:]
    second_pid = second.stdout.splitlines()[-2]
    assert first_pid != second_pid
    assert "It replaces the one on %s and starts from a fresh state: source %s/.cache/bunnynet-cloud-simulator/env again" % (
        first_url, user_shell.home) in second.stdout
    assert "It replaces" not in first.stdout
    # The first simulator ended when the second started (the system may give the second its port);
    # an ended process whose parent has not reaped it yet keeps its /proc entry, with no command line.
    cmdline = Path("/proc", first_pid, "cmdline")
    assert not cmdline.exists() or b"tests.simulator" not in cmdline.read_bytes()


@pytest.mark.usefixtures("no_simulator_left")
def test_stopping_ends_a_simulator_that_runs_but_no_longer_answers(user_shell, tmp_path):
    started = user_shell.run("ansible-playbook bunnynet.cloud.simulator && cat ~/.cache/bunnynet-cloud-simulator/pid", cwd=tmp_path)
    assert started.returncode == 0, started.stdout
    pid = int(started.stdout.splitlines()[-1])
    # The env file holds the key: the folder and what the start wrote in it are the user's alone.
    folder = user_shell.home / SANDBOX_DIR
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert {name: oct(stat.S_IMODE((folder / name).stat().st_mode)) for name in ("pid", "url", "env")} == dict.fromkeys(("pid", "url", "env"), "0o600")
    cmdline = Path("/proc", str(pid), "cmdline")
    os.kill(pid, signal.SIGSTOP)  # alive, but it answers nothing: as a simulator on a machine too busy to answer in time
    try:
        stopped = user_shell.run(STOP, cwd=tmp_path)
        assert stopped.returncode == 0 and "stopped." in stopped.stdout, stopped.stdout + stopped.stderr
        # An ended process whose parent has not reaped it yet keeps its /proc entry, with no command line.
        assert not cmdline.exists() or b"tests.simulator" not in cmdline.read_bytes()
    finally:
        if cmdline.exists() and b"tests.simulator" in cmdline.read_bytes():
            os.kill(pid, signal.SIGKILL)


def examples_of(module_source):
    """A module's EXAMPLES, read from its source as ansible-doc shows them, as a list of tasks."""
    tree = ast.parse(module_source.read_text(encoding="utf-8"))
    (examples,) = [node.value.value for node in tree.body
                   if isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "EXAMPLES" for target in node.targets)]
    return yaml.safe_load(examples)


def every_example_playbook(installed_collection):
    """One play per module of the installed collection, each running its EXAMPLES from the examples' state."""
    fixtures = installed_collection / "tests" / "simulator" / "fixtures" / "examples.yml"
    # What a fresh start with simulator_examples gives each module's examples, in a fraction of the time.
    # The integration targets' simulator_request (EXAMPLE_HARNESS) sends it from the task's worker:
    # ansible.builtin.uri would start a Python for each module, a third of the test's time.
    restore = {
        "name": "Bring back the state the sandbox starts with",
        "simulator_request": {
            "url": "{{ lookup('ansible.builtin.env', 'BUNNYNET_API_URL') }}/_sim/fixtures",
            "method": "POST",
            "body": "{{ lookup('ansible.builtin.file', %r) | from_yaml }}" % str(fixtures),
        },
    }
    return [
        {"name": "The examples of %s" % module.stem, "hosts": "localhost", "connection": "local", "gather_facts": False,
         "tasks": [restore] + examples_of(module)}
        for module in sorted((installed_collection / "plugins" / "modules").glob("*.py"))
    ]


@pytest.mark.usefixtures("no_simulator_left")
def test_every_modules_examples_run_as_written_in_the_examples_sandbox(guides, user_shell, installed_collection, tmp_path):
    blocks = guides.section_blocks(GUIDE, EXAMPLES_SECTION)
    (console,) = [block for block in blocks if block.language == "console"]
    # The guide's playbook, and one holding every module's examples, where the guide has you write playbooks.
    examples_folder = user_shell.home / ".cache" / "bunnynet-cloud-simulator" / "examples"
    assert guides.write_named_files(blocks, examples_folder) == ["referrers.yml"]
    playbook = every_example_playbook(installed_collection)
    (examples_folder / "every-example.yml").write_text(yaml.safe_dump(playbook, sort_keys=False, width=1000))
    write_config_file(guides.section_blocks(GUIDE, SECTION), tmp_path)

    try:
        result = user_shell.run("\n".join(console.commands() + ["ansible-playbook every-example.yml"]), cwd=tmp_path, timeout=240,
                                ANSIBLE_ACTION_PLUGINS=str(installed_collection / EXAMPLE_HARNESS))
    finally:
        user_shell.run(STOP, cwd=tmp_path)

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNING" not in output
    assert "pull_zone_id: 10" in result.stdout  # ansible-doc showed the module's examples
    # start, then referrers.yml, which allowed the two referrers pull zone 10 did not allow yet
    assert [int(changed) for changed in RECAP.findall(result.stdout)][1] == 1
    modules = sorted(path.stem for path in (guides.root / "plugins" / "modules").glob("*.py"))
    assert re.findall(r"^PLAY \[The examples of (\w+)\]", result.stdout, re.MULTILINE) == modules
