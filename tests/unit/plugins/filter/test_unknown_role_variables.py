"""The filter every role runs first: a variable of the role's prefix that its argument spec does not know."""

from pathlib import Path

import pytest
import yaml
from ansible.errors import AnsibleFilterError

from ansible_collections.bunnynet.cloud.plugins.filter.unknown_role_variables import FilterModule, unknown_role_variables

ROLES = Path(__file__).resolve().parents[4] / "roles"
STATIC_SITE_SPEC = yaml.safe_load((ROLES / "static_site" / "meta" / "argument_specs.yml").read_text())


def test_the_issues_two_typos_each_name_the_variable_they_meant():
    problems = unknown_role_variables(
        ["static_site_name", "static_site_hostname", "static_site_delet"], STATIC_SITE_SPEC, role="bunnynet.cloud.static_site")

    assert problems == [
        "static_site_hostname is not a variable of bunnynet.cloud.static_site; did you mean static_site_hostnames?",
        "static_site_delet is not a variable of bunnynet.cloud.static_site; did you mean static_site_delete?",
    ]


def test_every_option_of_the_spec_is_known():
    options = list(STATIC_SITE_SPEC["argument_specs"]["main"]["options"])

    assert unknown_role_variables(options, STATIC_SITE_SPEC) == []


def test_the_facts_the_role_sets_are_known_when_named_as_results():
    assert unknown_role_variables(["static_site_changes"], STATIC_SITE_SPEC, results=["static_site_changes"]) == []
    assert unknown_role_variables(["static_site_changes"], STATIC_SITE_SPEC) != []


def test_a_name_like_none_of_them_lists_every_known_variable():
    (problem,) = unknown_role_variables(["shield_colour"], {"shield_pull_zone_id": {}, "shield_waf_rules": {}}, results=["shield_changes"])

    assert problem == "shield_colour is not a variable of the role, which takes shield_changes, shield_pull_zone_id, shield_waf_rules."


def test_names_alike_in_what_follows_the_prefix_are_offered_together():
    options = {"pullzone_domains_allowed_referrers": {}, "pullzone_domains_blocked_referrers": {}, "pullzone_domains_purge": {}}

    (problem,) = unknown_role_variables(["pullzone_domains_referrers"], options)

    assert problem.endswith("did you mean pullzone_domains_allowed_referrers or pullzone_domains_blocked_referrers?")


def test_the_options_of_one_entry_point_can_be_given_alone():
    options = STATIC_SITE_SPEC["argument_specs"]["main"]["options"]

    assert unknown_role_variables(["static_site_hostname"], options) == unknown_role_variables(["static_site_hostname"], STATIC_SITE_SPEC)


def test_a_missing_entry_point_is_an_error_that_names_those_there_are():
    with pytest.raises(AnsibleFilterError, match="no entry point 'deploy'; they have main"):
        unknown_role_variables([], STATIC_SITE_SPEC, entry_point="deploy")


def test_specs_that_are_neither_a_mapping_nor_a_list_are_an_error():
    with pytest.raises(AnsibleFilterError, match="as a dict, got str"):
        unknown_role_variables([], "static_site_name")


def test_the_keys_of_a_settings_dict_are_checked_against_a_list_of_options():
    problems = unknown_role_variables(["waf_enable", "plan"], ["plan", "waf_enabled", "waf_execution_mode"], role="shield_zone_settings", noun="an option")

    assert problems == ["waf_enable is not an option of shield_zone_settings; did you mean waf_enabled?"]


def test_the_filter_is_registered_under_its_name():
    assert FilterModule().filters() == {"unknown_role_variables": unknown_role_variables}


@pytest.mark.parametrize("role", sorted(path.name for path in ROLES.iterdir()))
def test_each_role_runs_the_check_first_with_its_own_prefix_and_spec(role):
    """The check is the first task, so that it fails before any request; the prefix is the role's own."""
    first_task = yaml.safe_load((ROLES / role / "tasks" / "main.yml").read_text())[0]
    check = first_task["vars"]["__%s_unknown" % role]

    assert first_task["ansible.builtin.assert"]["that"] == "__%s_unknown | length == 0" % role
    assert "query('ansible.builtin.varnames', '^%s_')" % role in check
    assert "bunnynet.cloud.unknown_role_variables(lookup('ansible.builtin.file', role_path ~ '/meta/argument_specs.yml')" in check
