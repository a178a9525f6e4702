"""Items declared with fields: an item's suboptions, the record a task asks for and the options a record reads as, from one list."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import ItemList
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import ItemField, Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.script_items import SCRIPT_SECRETS, SCRIPT_VARIABLES

TOKENS = Items(noun="token", parent=None, parent_option="parent_id", key=lambda item: item.get("Name"), fields=(
    ItemField("name", "Name", key=True), ItemField("scope", "Scope"), ItemField("active", "Active", type="bool"),
    ItemField("value", "Value", compared=False, sensitive=True)))


def test_the_suboptions_are_the_fields_the_key_required_and_a_sensitive_one_no_log():
    assert TOKENS.suboptions() == {"name": {"type": "str", "required": True}, "scope": {"type": "str"}, "active": {"type": "bool"},
                                   "value": {"type": "str", "no_log": True}}
    assert "name" not in TOKENS.suboptions(key=False)


def test_a_task_s_item_asks_for_its_compared_fields_by_the_api_s_names_and_never_a_field_not_compared():
    assert TOKENS.wanted({"name": "ci", "scope": "read", "active": None, "value": "s3cret"}) == {"Name": "ci", "Scope": "read", "Active": None}


def test_a_record_reads_as_its_options_without_what_it_lacks_and_a_sensitive_value_as_null():
    assert TOKENS.options_of({"Name": "ci", "Scope": None, "Active": 1, "Value": "s3cret"}) == {"name": "ci", "active": True, "value": None}


def test_an_item_list_of_the_account_takes_its_conversions_options_and_secrets_from_the_fields():
    part = ItemList("tokens", TOKENS, lambda reads, record: record["Tokens"])

    exported = part.export(None, {"Tokens": [{"Name": "ci", "Scope": "read", "Active": True, "Value": "s3cret"}]})

    assert exported == {"tokens": [{"name": "ci", "scope": "read", "active": True, "value": None}]}
    assert part.secret == ("value",)
    assert part.drift(None, {"Tokens": [{"Name": "ci", "Scope": "read", "Active": True}]},
                      {"tokens": [{"name": "ci", "scope": "write"}]}) == [{"field": "tokens[ci].scope", "inventory": "write", "account": "read"}]


def test_the_script_items_declare_their_fields_once_for_their_modules_and_the_account():
    assert SCRIPT_VARIABLES.suboptions(key=False) == {"default_value": {"type": "str"}, "required": {"type": "bool"}}
    assert SCRIPT_SECRETS.suboptions(key=False) == {"value": {"type": "str", "no_log": True}}
    assert SCRIPT_SECRETS.sensitive_options == ("value",)
