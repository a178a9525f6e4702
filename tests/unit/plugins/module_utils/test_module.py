"""The module base's pure helpers: casing, masking and the sentence of a write nobody can settle."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import MASK, UnsettledWriteError, mask_secrets, to_snake


def test_pascal_and_camel_case_become_snake_case():
    assert to_snake({"DeploymentKey": "x", "LinkedPullZones": [{"PullZoneName": "a"}]}) == {
        "deployment_key": "x",
        "linked_pull_zones": [{"pull_zone_name": "a"}],
    }
    assert to_snake([{"hostName": "ghcr.io"}]) == [{"host_name": "ghcr.io"}]


def test_secrets_are_masked_at_any_depth():
    masked = mask_secrets({"id": 1, "deployment_key": "s3cret", "scripts": [{"deployment_key": "other"}]}, {"deployment_key"})

    assert masked == {"id": 1, "deployment_key": MASK, "scripts": [{"deployment_key": MASK}]}


def test_an_empty_secret_stays_empty():
    assert mask_secrets({"deployment_key": None}, {"deployment_key"}) == {"deployment_key": None}


def test_secrets_are_masked_in_the_api_s_own_casing_too():
    body = {"DeploymentKey": "s3cret", "Integration": {"deploymentKey": "other"}, "Name": "router"}

    assert mask_secrets(body, {"deployment_key"}) == {"DeploymentKey": MASK, "Integration": {"deploymentKey": MASK}, "Name": "router"}


def test_maps_named_in_keep_keys_keep_their_keys_inside_lists_too():
    record = [{"regionSettings": {"nodeSelectors": {"diskType": "ssd"}}}]

    assert to_snake(record, keep_keys=("nodeSelectors",)) == [{"region_settings": {"node_selectors": {"diskType": "ssd"}}}]


def test_the_values_masked_are_collected():
    found = set()

    mask_secrets({"deployment_key": "s3cret", "nested": [{"DeploymentKey": 42}], "name": "x"}, {"deployment_key"}, found)

    assert found == {"s3cret", "42"}


def test_an_empty_string_secret_stays_empty_and_is_not_collected():
    found = set()

    assert mask_secrets({"deployment_key": ""}, {"deployment_key"}, found) == {"deployment_key": ""}
    assert found == set()


def test_an_unsettled_write_keeps_the_write_s_reason_and_attempts_and_drops_only_final_full_stops():
    write_error = BunnyApiError("POST", "/p", attempts=3, reason="The connection dropped at node X.", outcome_unknown=True)
    read_error = BunnyApiError("GET", "/p", 500, {"Message": "Down on tier X."})

    error = UnsettledWriteError(write_error, read_error)

    assert str(error) == (
        "POST /p may or may not have been applied: it got no clear answer (The connection dropped at node X), and reading the "
        "resource to find out failed too (GET /p failed with status 500: Down on tier X). Check the resource before running "
        "the task again."
    )
    assert error.as_result()["api_error"]["attempts"] == 3
