"""The pure parts of the Shield access list and rule helpers: entry normalisation and order-free rules."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.access_lists import entry_key, normalised_entry, planned_entries
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.rules import WAF_RULES, project_rule, refused_in_answer, rule_request


@pytest.mark.parametrize(
    ("list_type", "entry", "normalised"),
    [
        ("ip", "10.1.2.3/32", "10.1.2.3"),
        ("ip", " 2001:0DB8:0:0::1 ", "2001:db8::1"),
        ("ip", "2001:db8::1/128", "2001:db8::1"),
        ("cidr", "10.1.2.3", "10.1.2.3/32"),
        ("cidr", "2001:db8:0:0::/48", "2001:db8::/48"),
        ("country", "de", "DE"),
        ("asn", "as13335", "13335"),
        ("ja4", "T13D1516H2_8daaf6152771_b186095e22b6", "t13d1516h2_8daaf6152771_b186095e22b6"),
        ("organization", " Example Networks ", "Example Networks"),
    ],
)
def test_an_entry_is_written_in_one_form(list_type, entry, normalised):
    assert normalised_entry(list_type, entry) == normalised


@pytest.mark.parametrize(
    ("list_type", "entry", "reason"),
    [
        ("ip", "10.0.0.0/8", "is a range"),
        ("cidr", "10.0.0.1/8", "write the network it names, 10.0.0.0/8"),
        ("country", "DEU", "two-letter country code"),
        ("asn", "AS4294967296", "autonomous system number"),
        ("ja4", "t13-d", "JA4 fingerprint"),
        ("organization", "two\nlines", "not one entry"),
    ],
)
def test_an_entry_the_type_cannot_hold_is_refused_saying_why(list_type, entry, reason):
    with pytest.raises(ValueError, match=reason):
        normalised_entry(list_type, entry)


def test_organisations_compare_without_regard_to_case():
    assert entry_key("organization", "Example Networks") == entry_key("organization", "EXAMPLE networks")


def test_present_entries_keep_their_text_and_new_ones_are_added_normalised_once():
    assert planned_entries("cidr", ["10.1.2.3"], ["10.1.2.3/32", "2001:DB8::/48", "2001:db8::/48"], purge=False) == ["10.1.2.3", "2001:db8::/48"]
    assert planned_entries("cidr", ["10.1.2.3", "192.0.2.0/24"], ["10.1.2.3/32"], purge=True) == ["10.1.2.3"]
    assert planned_entries("cidr", ["10.1.2.3", "192.0.2.0/24"], [], purge=False) == ["10.1.2.3", "192.0.2.0/24"]


def test_a_rule_projects_the_same_whichever_condition_the_api_keeps_first():
    first = {"variableTypes": {"REQUEST_URI": ""}, "operatorType": 0, "value": "/admin"}
    second = {"variableTypes": {"GEO": ""}, "operatorType": 5, "value": "DE", "isNegated": True}
    one_way = {"id": 1, "ruleName": "A", "ruleConfiguration": dict(first, actionType=4, transformationTypes=[19, 8], chainedRuleConditions=[second])}
    other_way = {"id": 1, "ruleName": "A", "ruleConfiguration": dict(second, actionType=4, transformationTypes=[8, 19], chainedRuleConditions=[first])}

    assert project_rule(one_way, WAF_RULES) == project_rule(other_way, WAF_RULES)
    assert project_rule(one_way, WAF_RULES)["action"] == "allow"


def test_a_rule_request_puts_the_first_condition_in_the_rule_and_chains_the_rest():
    chained = [{"variableTypes": {"GEO": ""}, "operatorType": 5, "value": "DE"}]
    stored = {"ruleName": "A", "ruleConfiguration": {"actionType": 5, "variableTypes": {"ARGS": ""}, "operatorType": 17, "chainedRuleConditions": chained}}
    rule = project_rule(stored, WAF_RULES)
    configuration = rule_request(rule, WAF_RULES)["ruleConfiguration"]

    assert configuration["actionType"] == 5
    assert configuration["variableTypes"] == {"ARGS": ""} and [item["variableTypes"] for item in configuration["chainedRuleConditions"]] == [{"GEO": ""}]


def test_a_refusal_in_a_2xx_rule_answer_is_an_error_and_a_success_is_not():
    refusal = refused_in_answer({"id": 0, "errorResponse": {"statusCode": 400, "success": False, "errorKey": "waf_rule.limit_reached", "message": "No."}},
                                "POST", "/shield/waf/custom-rule")

    assert refusal.status == 400 and refusal.error_key == "waf_rule.limit_reached" and "No" in str(refusal)
    assert refused_in_answer({"id": 3, "errorResponse": {"success": True}}, "POST", "/x") is None
    assert refused_in_answer(None, "POST", "/x") is None
