"""The rules that tell a secret the account read no value of (module_utils/account/secrets.py): by
the name of the variable that holds it, or by its shape."""

import base64
import json

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.secrets import (
    AccountSecrets,
    is_jwt,
    looks_secret,
    without_secret_values,
)


def b64(data):
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


@pytest.mark.parametrize("name", ["API_KEY", "dbPassword", "AUTHTOKEN", "SESSION_SECRET", "aws-credentials", "PUBLIC_KEY_ID", "stripe.secretKey",
                                  "SMTP_PASSWD", "KEYS"])
def test_a_name_with_a_secrets_word_as_a_part_is_a_secrets(name):
    assert looks_secret(name)


@pytest.mark.parametrize("name", ["LOG_LEVEL", "MONKEY", "KEYBOARD_LAYOUT", "TOKENIZER_MODEL", "turkey_count", "SECRETARY", "PASS"])
def test_a_name_with_a_secrets_word_only_inside_a_word_is_none(name):
    assert not looks_secret(name)


def test_a_json_web_token_is_told_by_its_header():
    token = "%s.%s.%s" % (b64({"alg": "EdDSA", "typ": "JWT"}), b64({"id": "db_1"}), "c2lnbmF0dXJl")

    assert is_jwt(token)
    # Three parts are not enough: the first must be a JSON header that names its algorithm.
    assert not is_jwt("%s.%s.sig" % (b64({"kid": "1"}), b64({})))
    assert not is_jwt("eyJub3QganNvbg.e30.sig")
    assert not is_jwt("www.example.com")


def test_a_value_the_user_says_is_no_secret_is_kept_unless_the_account_exposes_it():
    secrets = AccountSecrets(not_secrets=["API_KEY", "PUBLIC_TOKEN"])
    secrets.exposed["exposed-0123456789"] = ("video_library_l_api_key", "the api_key of video library l")
    variables = {"environment_variables": {"API_KEY": "exposed-0123456789", "PUBLIC_TOKEN": "%s.e30.x" % b64({"alg": "none"}), "SECRET": "s"}}

    entry = secrets.hide(dict(host="app_a", resource={}, role_variables={"mc_rollout_containers": [dict(variables, name="web")]}))

    [web] = entry["role_variables"]["mc_rollout_containers"]
    assert web["environment_variables"] == {"PUBLIC_TOKEN": variables["environment_variables"]["PUBLIC_TOKEN"]}
    assert web["secret_environment_variables"] == {"API_KEY": "{{ vault_video_library_l_api_key }}", "SECRET": "{{ vault_web_secret }}"}
    assert entry["secrets"] == [("video_library_l_api_key", "the api_key of video library l"), ("web_secret", "the value of SECRET of web")]


def test_the_audit_leaves_out_only_what_the_vault_holds():
    containers = [{"name": "web", "secret_environment_variables": {"A_KEY": "{{ vault_web_a_key }}", "B_KEY": "given"}}]
    items = [{"name": "UPSTREAM_TOKEN", "default_value": "{{ vault_router_upstream_token }}"}, {"name": "MODE", "default_value": "{{ mode }}"}]

    assert without_secret_values("mc_rollout_containers", containers) == [
        {"name": "web", "secret_environment_variables": {"A_KEY": None, "B_KEY": "given"}}]
    assert without_secret_values("edge_script_deploy_variables", items) == [
        {"name": "UPSTREAM_TOKEN", "default_value": None}, {"name": "MODE", "default_value": "{{ mode }}"}]
