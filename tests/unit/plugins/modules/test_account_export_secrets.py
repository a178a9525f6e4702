"""No secret in clear, anywhere the account goes: known secret values are planted in every place the
account can hold one, the account is exported (bunnynet.cloud.account_export) and read by the
inventory plugin (test_account_inventory.py), and every byte either writes or prints is searched for each of them."""

import json
import os
import stat

import pytest
import yaml

from ansible_collections.bunnynet.cloud.plugins.action.account_audit import described
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.core import account
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyClient
from ansible_collections.bunnynet.cloud.plugins.modules import account_export, mc_container_template
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import APP_ID
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.secret_fixtures import NAMED, PUBLIC, everything_under, plant_secrets, planted


@pytest.fixture
def secrets_account(simulator):
    return simulator, plant_secrets(simulator)


def export(simulator, dest, **options):
    addresses = dict(storage_url=simulator.url + "/storage", stream_api_url=simulator.url + "/stream")
    return run_module(account_export, simulator.api_args(dest=str(dest), **addresses, **options))


def test_no_exported_byte_holds_a_secret_and_each_is_a_placeholder_to_fill_in(secrets_account, tmp_path):
    simulator, database_token_value = secrets_account
    dest = tmp_path / "inventory"
    # The inventory the application was made with, which gave SEAL as a secret; and a file of an
    # earlier export that others could read.
    (dest / "host_vars" / "app_storefront").mkdir(parents=True)
    (dest / "host_vars" / "app_storefront" / "main.yml").write_text(json.dumps({
        "mc_rollout_app_id": APP_ID, "mc_rollout_containers": [{"name": "web", "secret_environment_variables": {"SEAL": "{{ vault_seal }}"}}]}))
    os.chmod(dest, 0o755)
    os.chmod(dest / "host_vars", 0o755)

    result = export(simulator, dest, not_secrets=["PUBLIC_KEY_ID"])

    written = everything_under(dest)
    printed = json.dumps(result)
    for secret in planted(database_token_value):
        assert secret not in printed
        for path, content in written.items():
            assert secret.encode() not in content, "%s holds %s" % (path, secret)
    app = json.loads(written[os.path.join("host_vars", "app_storefront", "main.yml")])
    web = next(container for container in app["mc_rollout_containers"] if container["name"] == "web")
    # Each secret is a placeholder where its value was; a container's under secret_environment_variables.
    assert web["secret_environment_variables"] == {
        "STREAM_LIBRARY": "{{ vault_video_library_lessons_api_key }}",
        "STREAM_READER": "{{ vault_video_library_lessons_read_only_api_key }}",
        "BACKUP_URL": "{{ vault_storage_zone_files_password_within }}",
        "MIRROR_PASS": "{{ vault_storage_zone_files_read_only_password }}",
        "CDN_SIGNING": "{{ vault_pull_zone_assets_zone_security_key }}",
        "DEPLOY_WITH": "{{ vault_edge_script_router_deployment_key }}",
        "LOG_SHIP": "{{ vault_app_storefront_log_forwarding_token }}",
        "SESSION_SECRET": "{{ vault_web_session_secret }}",
        "SEAL": "{{ vault_web_seal }}",
        "LIBSQL_AUTH": "{{ vault_web_libsql_auth }}",
    }
    assert web["environment_variables"] == {"LOG_LEVEL": "info", "MODE": "prod", "PUBLIC_KEY_ID": PUBLIC}
    script = json.loads(written[os.path.join("host_vars", "edge_script_router", "main.yml")])
    variables = {variable["name"]: variable.get("default_value") for variable in script["edge_script_deploy_variables"]}
    # Named after its script, as the inventory's resource of the script holds it too.
    assert variables["UPSTREAM_TOKEN"] == "{{ vault_router_upstream_token }}"
    assert variables["MIRROR"] == "{{ vault_storage_zone_files_read_only_password }}"
    # Listed under the secrets to fill in, each in its host's vault file, which stops a role until it is filled in.
    to_fill_in = {(entry["file"], entry["variable"]) for entry in result["secrets"]}
    assert ("host_vars/app_storefront/vault.yml", "vault_web_libsql_auth") in to_fill_in
    assert ("host_vars/edge_script_router/vault.yml", "vault_router_upstream_token") in to_fill_in
    assert len([entry for entry in result["secrets"] if entry["file"] == "host_vars/app_storefront/vault.yml"]) == 11
    vault = yaml.safe_load(written[os.path.join("host_vars", "app_storefront", "vault.yml")])
    assert vault["vault_video_library_lessons_api_key"] == (
        "{{ undef(hint='Fill in vault_video_library_lessons_api_key in host_vars/app_storefront/vault.yml: the api_key of video library lessons') }}")
    # Every file for the owner alone, in folders for the owner alone, an earlier one's too.
    for path in written:
        assert stat.S_IMODE(os.stat(dest / path).st_mode) == 0o600, path
    # The folder given is the user's; each the export writes into is the owner's alone.
    for root, folders, _names in os.walk(dest):
        for folder in folders:
            assert stat.S_IMODE(os.stat(os.path.join(root, folder)).st_mode) == 0o700, os.path.join(root, folder)
    assert stat.S_IMODE(os.stat(dest / "host_vars").st_mode) == 0o700


def test_a_file_of_an_unchanged_export_that_others_can_read_is_made_the_owners_alone(secrets_account, tmp_path):
    simulator, _token = secrets_account
    dest = tmp_path / "inventory"
    export(simulator, dest)
    os.chmod(dest / "hosts.yml", 0o644)
    os.chmod(dest / "host_vars" / "app_storefront", 0o755)

    again = export(simulator, dest)

    assert again["changed"] is True and sorted(again["written"]) == ["host_vars/app_storefront/main.yml", "hosts.yml"]
    assert stat.S_IMODE(os.stat(dest / "hosts.yml").st_mode) == 0o600
    assert stat.S_IMODE(os.stat(dest / "host_vars" / "app_storefront").st_mode) == 0o700
    assert export(simulator, dest)["changed"] is False


def test_a_variable_the_user_says_is_no_secret_keeps_its_value_but_a_copy_of_a_secret_never_does(secrets_account, tmp_path):
    simulator, _token = secrets_account
    hidden, kept = tmp_path / "hidden", tmp_path / "kept"

    export(simulator, hidden)
    export(simulator, kept, not_secrets=["PUBLIC_KEY_ID", "SESSION_SECRET", "STREAM_LIBRARY"])

    def web(dest):
        app = json.loads((dest / "host_vars" / "app_storefront" / "main.yml").read_text())
        return next(container for container in app["mc_rollout_containers"] if container["name"] == "web")
    assert web(hidden)["secret_environment_variables"]["PUBLIC_KEY_ID"] == "{{ vault_web_public_key_id }}"
    assert web(kept)["environment_variables"]["PUBLIC_KEY_ID"] == PUBLIC
    assert web(kept)["environment_variables"]["SESSION_SECRET"] == NAMED
    # The library's API key is a secret whatever the variable that holds a copy is called.
    assert web(kept)["secret_environment_variables"]["STREAM_LIBRARY"] == "{{ vault_video_library_lessons_api_key }}"


def test_the_audit_of_the_export_finds_no_drift_without_opening_the_vault_and_shows_no_secret(secrets_account, tmp_path):
    simulator, database_token_value = secrets_account
    dest = tmp_path / "inventory"
    export(simulator, dest, secret_names=["SEAL"])
    client = BunnyClient(simulator.key, simulator.url, 10, 0)

    def audited():
        hosts = []
        for folder in sorted((dest / "host_vars").iterdir()):
            host_vars = yaml.safe_load((folder / "main.yml").read_text())
            if (folder / "vault.yml").exists():
                host_vars.update(yaml.safe_load((folder / "vault.yml").read_text()))
            # A variable that holds a template cannot be rendered: its vault has no password here.
            hosts.append(described(folder.name, host_vars, template=lambda value: pytest.fail("templated %r" % (value,))
                                   if "vault_" in json.dumps(value) else value))
        return account.audit_account(client, KINDS, [host for host in hosts if host["role"] in ("mc_rollout", "edge_script_deploy")],
                                     kinds=("app", "edge_script"))[0]

    findings = audited()
    changed_by_hand = simulator.api_args(app_id=APP_ID, name="web", environment_variables={"MODE": "staging"})
    mc_container_template_changes = run_module(mc_container_template, changed_by_hand)
    drifted = audited()

    app = next(finding for finding in findings if finding["host"] == "app_storefront")
    assert (app["drifted"], app.get("error")) == (False, None), app
    assert mc_container_template_changes["changed"] is True
    [change] = next(finding for finding in drifted if finding["host"] == "app_storefront")["drift"]
    assert change["field"] == "mc_rollout_containers[web].environment_variables"
    # The secrets' values are hidden on both sides; only what is no secret shows.
    assert (change["inventory"]["MODE"], change["account"]["MODE"]) == ("prod", "staging")
    assert change["account"]["STREAM_LIBRARY"] == "********"
    shown = json.dumps([findings, drifted])
    for secret in planted(database_token_value):
        assert secret not in shown
