"""An account holding a secret in every place it can, for the tests that search what the export
and the inventory plugin write and print for each (test_account_export_secrets.py, test_account_inventory.py)."""

import os

from ansible_collections.bunnynet.cloud.plugins.modules import database_token, mc_container_template
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.database_fixtures import orders
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.edge_fixtures import router
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID, REGISTRIES, storefront
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.storage_fixtures import site_zone

# Each secret the account exposes, as planted.
LIBRARY_KEY = "PLANT-library-api-key-7f3a9c"
LIBRARY_READ_KEY = "PLANT-library-read-only-key-2b81"
STORAGE_PASSWORD = "PLANT-storage-password-90d4e1"
STORAGE_READ_PASSWORD = "PLANT-storage-read-only-5c6f"
TOKEN_KEY = "PLANT-pull-zone-token-key-4e2a"
DEPLOYMENT_KEY = "PLANT-script-deployment-key-a17c"
LOG_TOKEN = "PLANT-log-forwarding-token-33b0"
# Secrets no read exposes: known by the name that holds them, or by the inventory that wrote them.
NAMED = "PLANT-session-secret-6d02"
SCRIPT_NAMED = "PLANT-upstream-token-b9e4"
MARKED = "PLANT-marked-secret-0c5d"
PUBLIC = "kept-public-key-id-1"


def plant_secrets(simulator):
    """Loads an account holding a secret in every place it can: each kind's own secret fields, and an
    application's environment that holds copies of them, a database token, a variable named as a
    secret and one the collection wrote as secret."""
    simulator.load(
        pull_zones=[{"Id": 10, "Name": "assets", "ZoneSecurityKey": TOKEN_KEY}],
        storage_zones=[site_zone(Id=40, Name="files", Password=STORAGE_PASSWORD, ReadOnlyPassword=STORAGE_READ_PASSWORD)],
        video_libraries=[{"Id": 20, "Name": "lessons", "ApiKey": LIBRARY_KEY, "ReadOnlyApiKey": LIBRARY_READ_KEY}],
        edge_scripts=[router(DeploymentKey=DEPLOYMENT_KEY, EdgeScriptVariables=[
            {"Name": "UPSTREAM_TOKEN", "DefaultValue": SCRIPT_NAMED, "Required": False},
            {"Name": "MIRROR", "DefaultValue": STORAGE_READ_PASSWORD, "Required": False}])],
        apps=[storefront()], registries=REGISTRIES, databases=[orders()],
        log_forwarding=[{"app": APP_ID, "type": "SyslogUdp", "endpoint": "logs.example.com", "port": 514, "format": "SyslogRfc3164",
                         "enabled": True, "token": LOG_TOKEN}],
        settings={"database_token_marker": "PLANTDB"},
    )
    token = run_module(database_token, simulator.api_args(database_name="orders", container_template=dict(
        app_id=APP_ID, name="web", variable="LIBSQL_AUTH")))
    assert token["changed"] is True, token
    copies = run_module(mc_container_template, simulator.api_args(app_id=APP_ID, name="web", environment_variables={
        "STREAM_LIBRARY": LIBRARY_KEY, "STREAM_READER": LIBRARY_READ_KEY, "BACKUP_URL": "ftp://files:%s@storage.example" % STORAGE_PASSWORD,
        "MIRROR_PASS": STORAGE_READ_PASSWORD, "CDN_SIGNING": TOKEN_KEY, "DEPLOY_WITH": DEPLOYMENT_KEY, "LOG_SHIP": LOG_TOKEN,
        "SESSION_SECRET": NAMED, "PUBLIC_KEY_ID": PUBLIC,
    }, secret_environment_variables={"SEAL": MARKED}))
    assert copies["changed"] is True, copies
    with simulator.server.state.lock:
        [database_token_value] = [token["token"] for token in simulator.server.state.database_tokens]
    return database_token_value


def planted(database_token_value):
    return [LIBRARY_KEY, LIBRARY_READ_KEY, STORAGE_PASSWORD, STORAGE_READ_PASSWORD, TOKEN_KEY, DEPLOYMENT_KEY, LOG_TOKEN, NAMED,
            SCRIPT_NAMED, MARKED, database_token_value, "PLANTDB"]


def everything_under(folder):
    """Every file under ``folder``: {relative path: bytes}."""
    found = {}
    for root, _folders, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as handle:
                found[os.path.relpath(path, folder)] = handle.read()
    return found
