"""The edge script helpers on their own: error sentences, projections, requests and lookups."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.releases import project_release
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import (
    EDGE_SCRIPT,
    describe_error,
    integration_record,
    without_none,
)

INTEGRATION = {
    "integration_id": 7,
    "repository_settings": {"id": 70, "name": "repo", "private": None, "template_url": None},
    "deploy_configuration": None,
}


class ListingClient:
    """A client whose list of scripts is fixed; records what it was asked for."""

    def __init__(self, scripts):
        self.scripts = scripts
        self.asked = []

    def paginate(self, path, params=None, shape="pages"):
        self.asked.append((path, params))
        return iter(self.scripts)


def error(status, path):
    return BunnyApiError("GET", path, status)


@pytest.mark.parametrize("path, sentence", [
    ("/compute/script/7", "Edge script 7 was not found (HTTP 404)."),
    ("/compute/script/7/code", "Edge script 7 was not found (HTTP 404)."),
    ("/compute/script/7/variables/add", "Edge script 7 was not found (HTTP 404)."),
    ("/compute/script/7/secrets", "Edge script 7 was not found (HTTP 404)."),
    ("/compute/script/7/variables/21", "Edge script 7 or its variable 21 was not found (HTTP 404)."),
    ("/compute/script/7/secrets/31", "Edge script 7 or its secret 31 was not found (HTTP 404)."),
])
def test_a_404_names_what_was_not_found(path, sentence):
    assert describe_error(error(404, path)) == sentence


@pytest.mark.parametrize("status, path", [(400, "/compute/script/7"), (500, "/compute/script/7/code"), (404, "/pullzone/7")])
def test_other_errors_keep_their_own_sentence(status, path):
    assert describe_error(error(status, path)) is None


@pytest.mark.parametrize("number, name", [(0, "dns"), (1, "cdn"), (2, "middleware"), (9, 9)])
def test_a_script_s_type_is_shown_by_name_and_an_unknown_one_as_it_came(number, name):
    assert EDGE_SCRIPT.project({"ScriptType": number})["script_type"] == name


def test_a_script_projection_is_snake_case_and_carries_code_only_when_asked():
    script = {"Id": 1, "ScriptType": 1, "EdgeScriptVariables": [{"DefaultValue": "x"}], "DeploymentKey": "k"}

    assert EDGE_SCRIPT.project(script) == {"id": 1, "script_type": "cdn", "edge_script_variables": [{"default_value": "x"}], "deployment_key": "k"}
    assert EDGE_SCRIPT.project(dict(script, Code=None))["code"] is None
    assert EDGE_SCRIPT.project(None) is None


@pytest.mark.parametrize("number, name", [(0, "archived"), (1, "live"), (5, 5)])
def test_a_release_s_status_is_shown_by_name(number, name):
    assert project_release({"Status": number, "DatePublished": "d"}) == {"status": name, "date_published": "d"}


def test_no_release_projects_to_none():
    assert project_release(None) is None


def test_an_integration_is_in_the_api_s_casing_with_unset_options_left_none():
    assert integration_record(INTEGRATION) == {
        "IntegrationId": 7,
        "RepositorySettings": {"Id": 70, "Name": "repo", "Private": None, "TemplateUrl": None},
        "DeployConfiguration": None,
    }


@pytest.mark.parametrize("fill_defaults", [False, True])
def test_every_integration_option_given_reaches_the_record(fill_defaults):
    options = {
        "integration_id": 7,
        "repository_settings": {"id": 70, "name": "repo", "private": True, "template_url": "https://example.com/t"},
        "deploy_configuration": {"branch": "main", "install_command": "npm ci", "build_command": "npm run build",
                                 "entry_file": "dist/index.js", "create_workflow": True},
    }

    assert integration_record(options, fill_defaults=fill_defaults) == {
        "IntegrationId": 7,
        "RepositorySettings": {"Id": 70, "Name": "repo", "Private": True, "TemplateUrl": "https://example.com/t"},
        "DeployConfiguration": {"Branch": "main", "InstallCommand": "npm ci", "BuildCommand": "npm run build",
                                "EntryFile": "dist/index.js", "CreateWorkflow": True},
    }


def test_an_integration_to_create_has_the_reference_s_non_nullable_booleans_false():
    options = dict(INTEGRATION, deploy_configuration={"branch": "main"})

    record = integration_record(options, fill_defaults=True)

    assert record["RepositorySettings"]["Private"] is False
    assert record["DeployConfiguration"] == {"Branch": "main", "InstallCommand": None, "BuildCommand": None, "EntryFile": None, "CreateWorkflow": False}
    assert integration_record(None, fill_defaults=True) is None


def create_params(**changes):
    params = dict(name="edge", script_type="dns", code=None, create_linked_pull_zone=False, linked_pull_zone_name=None, integration=None)
    params.update(changes)
    return params


def create_body(params):
    """What the plan of a new script sends: the create model's fields given, and the name."""
    return dict(EDGE_SCRIPT.desired(params), Name=params["name"])


def test_a_create_request_leaves_out_what_was_not_given():
    assert EDGE_SCRIPT.create_request(None, create_body(create_params())) == (
        "POST", "/compute/script", {"Name": "edge", "ScriptType": 0, "CreateLinkedPullZone": False})


def test_a_create_request_carries_code_zone_and_integration():
    params = create_params(code="c", create_linked_pull_zone=True, linked_pull_zone_name="zone", integration=INTEGRATION)

    _method, _path, body = EDGE_SCRIPT.create_request(None, create_body(params))

    assert body == {
        "Name": "edge", "ScriptType": 0, "Code": "c", "CreateLinkedPullZone": True, "LinkedPullZoneName": "zone",
        "Integration": {"IntegrationId": 7, "RepositorySettings": {"Id": 70, "Name": "repo", "Private": False}},
    }


@pytest.mark.parametrize("linked, expected", [(False, []), (True, None)])
def test_a_new_script_s_linked_pull_zones_are_empty_unless_the_server_makes_one(linked, expected):
    predicted = EDGE_SCRIPT.predicted(EDGE_SCRIPT.record.new_record, create_body(create_params(create_linked_pull_zone=linked)))

    assert predicted["LinkedPullZones"] == expected


def test_without_none_drops_none_at_any_depth_and_keeps_false_and_empty():
    assert without_none({"a": None, "b": False, "c": {"d": None, "e": ""}, "f": [None]}) == {"b": False, "c": {"e": ""}, "f": [None]}


def test_names_are_compared_exactly_after_the_search():
    client = ListingClient([{"Id": 1, "Name": "Router"}, {"Id": 2, "Name": "router"}, {"Id": 3, "Name": "router-eu"}])

    assert EDGE_SCRIPT.named(client, "router") == [{"Id": 2, "Name": "router"}]
    assert client.asked == [("/compute/script", {"search": "router", "includeLinkedPullzones": "true"})]
