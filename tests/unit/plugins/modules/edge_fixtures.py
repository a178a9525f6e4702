"""Edge scripts in the API's shape for the edge_script* module tests, and reads that bypass the modules."""

import copy

import requests
from ansible.module_utils.common.dict_transformations import camel_dict_to_snake_dict

ROUTER_ID = 11
GATE_ID = 12
ROUTER_CODE = "export default { fetch(request) { return fetch(request); } };"
DEPLOYMENT_KEY = "dk-7f3a91c2-edge-deploy-key-5b8e0d44"
RELEASED_CODE = "export default { fetch() { return new Response('v1'); } };"

ROUTER = {
    "Id": ROUTER_ID,
    "Name": "router",
    "ScriptType": 1,
    "Code": ROUTER_CODE,
    "DeploymentKey": DEPLOYMENT_KEY,
    "EdgeScriptVariables": [
        {"Id": 21, "Name": "API_URL", "Required": True, "DefaultValue": "https://api.example.com"},
        {"Id": 22, "Name": "LOG_LEVEL", "Required": False, "DefaultValue": "info"},
    ],
    "Secrets": [{"Id": 31, "Name": "SIGNING_KEY", "Secret": "stored-signing-key-value"}],
}

GATE = {"Id": GATE_ID, "Name": "auth-gate", "ScriptType": 2}

# The vendor's release status numbers, written out here so the tests do not borrow the module's table.
SCRIPT_TYPE_NAMES = {0: "dns", 1: "cdn", 2: "middleware"}
RELEASE_STATUS_NAMES = {0: "archived", 1: "live"}


def router(**changes):
    """A fresh copy of the router script, with top-level fields replaced by ``changes``."""
    script = copy.deepcopy(ROUTER)
    script.update(copy.deepcopy(changes))
    return script


def gate(**changes):
    script = copy.deepcopy(GATE)
    script.update(copy.deepcopy(changes))
    return script


def api_get(simulator, path, params=None):
    """GET from the simulator directly, so the module under test proves nothing about itself."""
    response = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, params=params, timeout=10)
    response.raise_for_status()
    return response.json() if response.content else None


def api_status(simulator, path):
    return requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10).status_code


def snake(record):
    return camel_dict_to_snake_dict(record)


def read_back_script(simulator, script_id):
    """The script as the simulator holds it, in the result's shape: snake_case, type by name, with its code."""
    script = snake(api_get(simulator, "/compute/script/%s" % script_id))
    script["script_type"] = SCRIPT_TYPE_NAMES[script["script_type"]]
    script["code"] = api_get(simulator, "/compute/script/%s/code" % script_id)["Code"]
    return script


def read_back_variables(simulator, script_id):
    return [snake(variable) for variable in api_get(simulator, "/compute/script/%s" % script_id)["EdgeScriptVariables"]]


def read_back_secrets(simulator, script_id):
    return [snake(secret) for secret in api_get(simulator, "/compute/script/%s/secrets" % script_id)["Secrets"]]


def read_back_active_release(simulator, script_id):
    release = snake(api_get(simulator, "/compute/script/%s/releases/active" % script_id))
    release["status"] = RELEASE_STATUS_NAMES[release["status"]]
    return release


def read_back_releases(simulator, script_id):
    return api_get(simulator, "/compute/script/%s/releases" % script_id)["Items"]


def scripts_named(simulator, name):
    listed = api_get(simulator, "/compute/script", {"search": name})["Items"]
    return [script for script in listed if script["Name"] == name]


def writes(simulator):
    """The writes the simulator received, as (method, path, body)."""
    return [(entry["method"], entry["path"], entry["body"]) for entry in simulator.writes()]
