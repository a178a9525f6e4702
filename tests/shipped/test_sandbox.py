"""The simulator as a sandbox for users: docs/simulator.md's commands, run from an installed collection."""

import json
import re
import sys
from pathlib import Path

import pytest
import requests

GUIDE = "docs/simulator.md"
SECTION = "A sandbox for your playbooks"
RECAP = re.compile(r"^localhost\s+: ok=\d+\s+changed=(\d+)", re.MULTILINE)


@pytest.mark.usefixtures("no_simulator_left")
def test_the_sandbox_section_runs_as_written_from_an_installed_collection(guides, user_shell, tmp_path):
    blocks = guides.section_blocks(GUIDE, SECTION)
    assert guides.write_named_files(blocks, tmp_path) == ["state.yml", "site.yml"]
    (console,) = [block for block in blocks if block.language == "console"]

    try:
        result = user_shell.run("\n".join(console.commands()), cwd=tmp_path, timeout=240)
    finally:
        user_shell.run("ansible-playbook bunnynet.cloud.simulator -e simulator_state=stopped", cwd=tmp_path)

    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    # start, site.yml, site.yml --check --diff, stop
    assert [int(changed) for changed in RECAP.findall(result.stdout)][1:3] == [1, 0]
    request_log = next(line for line in result.stdout.splitlines() if line.startswith("[{"))
    writes = [entry for entry in json.loads(request_log) if entry["method"] != "GET"]
    assert [(entry["method"], entry["path"]) for entry in writes] == [("PATCH", "/mc/apps/shopApp01/containers/shopWebTpl1")]
    url = re.search(r"The simulator listens on (http://\S+) ", result.stdout).group(1)
    with pytest.raises(requests.ConnectionError):
        requests.get(url + "/_sim/settings", timeout=5)


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
    start = "ansible-playbook bunnynet.cloud.simulator && cat ~/.cache/bunnynet-cloud-simulator/url"
    try:
        first = user_shell.run(start, cwd=tmp_path)
        second = user_shell.run(start, cwd=tmp_path)
    finally:
        user_shell.run("ansible-playbook bunnynet.cloud.simulator -e simulator_state=stopped", cwd=tmp_path)

    assert first.returncode == 0 and second.returncode == 0, first.stdout + second.stdout
    first_url, second_url = first.stdout.splitlines()[-1], second.stdout.splitlines()[-1]
    assert first_url != second_url
    with pytest.raises(requests.ConnectionError):
        requests.get(first_url + "/_sim/settings", timeout=5)
