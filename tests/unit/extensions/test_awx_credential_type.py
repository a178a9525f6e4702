"""The AWX credential type in extensions/awx/ gives a job what the modules need, and nothing leaks.

AWX turns a credential into a job's environment by rendering each `injectors.env` value as a Jinja2
template in an immutable sandbox, with the credential's inputs as the only names: inputs left
empty are left out (an undefined name renders as an empty string), and secret inputs are replaced
by asterisks in the copy of the environment it stores and shows with the job. `awx_job_environment`
below does the same.
"""

import json
import os
import subprocess
import sys

import yaml
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ansible_collections.bunnynet.cloud.plugins.module_utils.core import module as module_base

COLLECTION_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
# The folder that holds ansible_collections/bunnynet/cloud, where ansible-playbook finds the collection.
COLLECTIONS_PATH = os.path.abspath(os.path.join(os.path.dirname(module_base.__file__), *[os.pardir] * 6))
CREDENTIAL_TYPE_FILE = os.path.join(COLLECTION_ROOT, "extensions", "awx", "credential_type.yml")
AWX_HIDDEN_VALUE = "**********"

REGISTRY = {"id": 7, "displayName": "Docker Hub", "hostName": "docker.io"}

PLAYBOOK = """
- name: Read the registries with the credential AWX injected
  hosts: localhost
  connection: local
  gather_facts: false
  tasks:
    - name: Read one registry
      bunnynet.cloud.mc_registry_info:
        registry_id: 7
      register: registry

    - name: Keep the answer for the test
      ansible.builtin.copy:
        content: "{{ registry.registries | to_json }}"
        dest: "{{ answer_file }}"
        mode: "0600"
"""


def load_credential_type():
    with open(CREDENTIAL_TYPE_FILE, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def awx_job_environment(credential_type, inputs):
    """The variables AWX adds to a job's environment for a credential, and the copy it shows."""
    fields = credential_type["inputs"]["fields"]
    missing = [name for name in credential_type["inputs"].get("required", []) if not inputs.get(name)]
    assert not missing, "AWX refuses a credential without %s" % missing
    secret_fields = {field["id"] for field in fields if field.get("secret") is True}
    namespace, shown_namespace = {}, {}
    for name, value in inputs.items():
        if value:
            namespace[name] = value
            shown_namespace[name] = AWX_HIDDEN_VALUE if name in secret_fields else value
    sandbox = ImmutableSandboxedEnvironment()
    environment, shown_environment = {}, {}
    for variable, template in credential_type["injectors"]["env"].items():
        environment[variable] = sandbox.from_string(template).render(**namespace)
        shown_environment[variable] = sandbox.from_string(template).render(**shown_namespace)
    return environment, shown_environment


def run_playbook(tmp_path, injected):
    """ansible-playbook at -vvvv with no connection settings but the injected variables, and its answer."""
    playbook = tmp_path / "read_registry.yml"
    answer_file = tmp_path / "answer.json"
    playbook.write_text(PLAYBOOK)
    environment = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": str(tmp_path),
        "LC_ALL": "C.UTF-8",
        "ANSIBLE_COLLECTIONS_PATH": COLLECTIONS_PATH,
        "ANSIBLE_LOCALHOST_WARNING": "false",
        "ANSIBLE_INVENTORY_UNPARSED_WARNING": "false",
    }
    environment.update(injected)
    command = [sys.executable, "-m", "ansible.cli.playbook", "-vvvv", "-i", "localhost,", "-e", "ansible_python_interpreter=" + sys.executable]
    command += ["-e", "answer_file=%s" % answer_file, str(playbook)]
    played = subprocess.run(command, env=environment, cwd=str(tmp_path), capture_output=True, text=True, timeout=120, check=False)
    answer = json.loads(answer_file.read_text()) if answer_file.exists() else None
    return played, answer


def test_a_module_runs_with_nothing_but_the_injected_variables_and_never_shows_the_key(simulator, tmp_path):
    api_key = "awx-injected-key-5f2c9e"
    simulator.load(registries=[REGISTRY], api_keys={"valid": [api_key]})
    injected, _shown = awx_job_environment(load_credential_type(), {"api_key": api_key, "api_url": simulator.url})

    played, answer = run_playbook(tmp_path, injected)

    output = played.stdout + played.stderr
    assert played.returncode == 0, output
    assert [(registry["id"], registry["display_name"]) for registry in answer] == [(7, "Docker Hub")]
    assert [(entry["method"], entry["path"], entry["status"]) for entry in simulator.requests()] == [("GET", "/mc/registries/7", 200)]
    assert api_key not in output


def test_a_credential_without_a_url_points_the_modules_at_the_real_api():
    injected, _shown = awx_job_environment(load_credential_type(), {"api_key": "some-key", "api_url": ""})

    assert injected["BUNNYNET_API_URL"] == module_base.API_ARGUMENT_SPEC["api_url"]["default"]


def test_awx_shows_the_job_environment_with_the_key_hidden():
    injected, shown = awx_job_environment(load_credential_type(), {"api_key": "some-key", "api_url": "https://proxy.example"})

    assert injected == {"BUNNYNET_API_KEY": "some-key", "BUNNYNET_API_URL": "https://proxy.example"}
    assert shown == {"BUNNYNET_API_KEY": AWX_HIDDEN_VALUE, "BUNNYNET_API_URL": "https://proxy.example"}
