"""The roles' variables as users meet them: the defaults that decide what a run deletes or exposes,
the settings dicts checked against the modules they are given to, and a test for every variable.

A variable no test sets to anything but its default is a variable whose effect nobody has seen:
every role variable is set to another value in at least one molecule scenario, one test of the
installed collection or one guide that tests/shipped/test_guides.py runs, each of which then checks
the account's state.
"""

import ast
import contextlib
import json
from pathlib import Path

import pytest
import yaml
from conftest import Guides
from test_guides import GUIDES

ROOT = Path(__file__).resolve().parents[2]
ROLES = sorted(path.name for path in (ROOT / "roles").iterdir() if (path / "meta" / "argument_specs.yml").exists())

# A wrong default here would delete (records, hostnames, rules, files, variables, the whole cache)
# or expose (a site over plain HTTP is not a variable: Force SSL is always on) something no one asked for.
SAFE_DEFAULTS = {
    "static_site_delete": False,
    "static_site_purge_whole_zone": False,
    "static_site_exclude": [],
    "static_site_hostnames": [],
    "pullzone_domains_purge": False,
    "pullzone_domains_hostnames": [],
    "pullzone_domains_allowed_referrers": [],
    "pullzone_domains_blocked_referrers": [],
    "pullzone_domains_optimizer_classes_purge": False,
    "dns_zone_purge": False,
    "dns_zone_records": [],
    "shield_waf_rules_purge": False,
    "shield_rate_limits_purge": False,
    "shield_custom_pages_purge": False,
    "edge_script_deploy_purge": False,
    "edge_script_deploy_rollback": True,
    "mc_rollout_rollback": True,
    "mc_rollout_restart": False,
}


def options_of(role):
    return yaml.safe_load((ROOT / "roles" / role / "meta" / "argument_specs.yml").read_text())["argument_specs"]["main"]["options"]


def defaults_of(role):
    return yaml.safe_load((ROOT / "roles" / role / "defaults" / "main.yml").read_text()) or {}


@pytest.mark.parametrize("variable", sorted(SAFE_DEFAULTS))
def test_a_default_that_could_delete_or_expose_is_the_safe_one_in_both_places(variable):
    role = next(role for role in ROLES if variable in options_of(role))

    assert options_of(role)[variable].get("default") == SAFE_DEFAULTS[variable]
    assert defaults_of(role)[variable] == SAFE_DEFAULTS[variable]


@pytest.mark.parametrize("role", ROLES)
def test_the_defaults_file_and_the_argument_spec_agree(role):
    options = options_of(role)
    for variable, value in defaults_of(role).items():
        if isinstance(value, str) and "{{" in value:
            continue  # a default computed from another variable, such as a zone named after the site
        assert options[variable].get("default") == value, variable


# --- the settings dicts, given to a module option by option -------------------------------------

@pytest.fixture(scope="module")
def module_options(installed_collections, new_user_shell, tmp_path_factory):
    home = tmp_path_factory.mktemp("home")

    def options(module):
        listed = new_user_shell(home).run("ansible-doc --json bunnynet.cloud.%s" % module, cwd=home)
        assert listed.returncode == 0, listed.stderr
        return set(json.loads(listed.stdout)["bunnynet.cloud.%s" % module]["doc"]["options"])
    return options


SHARED_OPTIONS = {"api_key", "api_url", "api_timeout", "api_retries", "api_silence_limit", "stream_api_url", "validate_certs"}


@pytest.mark.parametrize(("role", "variable", "module", "not_taken"), [
    ("pullzone_domains", "__pullzone_domains_pullzone_options", "pullzone", {"id", "name", "state", "return_token_key", "rotate_token_key",
                                                                             "token_key"}),
    # Under-attack mode is ddos_sensitivity=challenge, which the settings hold.
    ("shield", "__shield_zone_options", "shield_zone", {"id", "pull_zone_id", "state", "lock_timeout", "under_attack"}),
    ("shield", "__shield_bot_detection_options", "shield_bot_detection", {"shield_zone_id", "lock_timeout"}),
    ("shield", "__shield_upload_scanning_options", "shield_upload_scanning", {"shield_zone_id", "lock_timeout"}),
    # The document and the endpoints are variables of their own (shield_api_guardian_content, shield_api_guardian_endpoints).
    ("shield", "__shield_api_guardian_options", "shield_api_guardian",
     {"shield_zone_id", "lock_timeout", "content", "endpoints", "enforce_authorization_validation", "force"}),
    ("storage_zone", "__storage_zone_options", "storage_zone",
     {"id", "name", "state", "return_passwords", "rotate_password", "rotate_read_only_password"}),
    # The application is the role's; the token is a variable of its own (mc_rollout_log_forwarding_token).
    ("mc_rollout", "__mc_rollout_log_forwarding_options", "mc_log_forwarding", {"app_id", "app_name", "state", "token"}),
    ("video_library", "__video_library_options", "videolibrary",
     {"id", "name", "state", "settings", "return_api_keys", "rotate_api_key", "rotate_read_only_api_key"}),
])
def test_a_settings_dict_takes_every_option_of_its_module(role, variable, module, not_taken, module_options):
    listed = yaml.safe_load((ROOT / "roles" / role / "vars" / "main.yml").read_text())[variable]
    tasks = (ROOT / "roles" / role / "tasks" / "main.yml").read_text()

    assert set(listed) == module_options(module) - SHARED_OPTIONS - not_taken
    # The task gives each option to the module by name.
    for option in listed:
        assert "        %s: \"{{ " % option in tasks or "    %s: \"{{ " % option in tasks, option


# --- every variable set to another value, somewhere a test looks at the account ------------------

def walk(data, found):
    """Every key of every mapping in data, with the values it is given."""
    if isinstance(data, dict):
        for key, value in data.items():
            found.setdefault(str(key), []).append(value)
            walk(value, found)
    elif isinstance(data, list):
        for item in data:
            walk(item, found)


def yaml_or_none(text):
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return None


def settings_in_tests():
    """Each variable name with the values the molecule scenarios, the shipped tests and the tested guides give it."""
    found = {}
    for path in sorted((ROOT / "extensions" / "molecule").glob("*/*.yml")):
        walk(yaml.safe_load(path.read_text()), found)
    for path in sorted((ROOT / "tests" / "shipped").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "\n" in node.value:
                walk(yaml_or_none(node.value), found)
            elif isinstance(node, ast.Dict):
                with contextlib.suppress(ValueError):
                    walk(ast.literal_eval(node), found)
    for guide in GUIDES:
        for block in Guides().code_blocks(guide):
            if block.language in ("yaml", "yml"):
                walk(yaml_or_none(block.text), found)
    return found


SETTINGS = settings_in_tests()


# Variables the role takes but does not use: the export writes them and the drift audit alone reads them,
# so the account's unit tests, which export and audit them, are where they are set.
AUDIT_ONLY = {"database_app_tokens", "pullzone_domains_certificates"}
ACCOUNT_TESTS = ROOT / "tests" / "unit" / "plugins" / "action"


@pytest.mark.parametrize("variable", sorted(AUDIT_ONLY))
def test_a_variable_only_the_audit_reads_is_set_in_the_account_s_tests(variable):
    assert any(variable in path.read_text() for path in ACCOUNT_TESTS.glob("test_account_*.py")), variable


@pytest.mark.parametrize(("role", "variable"), [(role, variable) for role in ROLES for variable in sorted(options_of(role))
                                                if variable not in AUDIT_ONLY])
def test_every_role_variable_is_set_to_another_value_than_its_default_in_a_test(role, variable):
    default = options_of(role)[variable].get("default")
    values = SETTINGS.get(variable, [])

    assert [value for value in values if value != default], "no test sets %s to anything but %r" % (variable, default)
