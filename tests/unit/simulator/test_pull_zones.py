"""Pull zones under /pullzone: every endpoint, the Hostname bound, and the hostname and edge rule semantics."""

import pytest

from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error

HOSTNAME_FIELDS = {"Id", "Value", "ForceSSL", "IsSystemHostname", "IsManagedHostname", "HasCertificate"}
RULE_GUID = "8d6a1b52-7f0e-4d3a-9a53-4b9a8e0c2f11"


@pytest.fixture
def zones(simulator):
    simulator.load_fixtures(
        {
            "pull_zones": [
                {
                    "Id": 1,
                    "Name": "assets",
                    "Hostnames": [{"Value": "cdn.example.com"}],
                    "AllowedReferrers": ["example.com"],
                    "BlockedReferrers": ["bad.example"],
                    "EdgeRules": [{"Guid": RULE_GUID, "Description": "redirect", "Enabled": True}],
                },
                {"Id": 2, "Name": "media"},
            ]
        }
    )


def zone(api, zone_id=1):
    answer = api.get(f"/pullzone/{zone_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def hostnames(api, zone_id=1):
    return [hostname["Value"] for hostname in zone(api, zone_id)["Hostnames"]]


HOSTNAME_BODY_PATHS = [
    ("POST", "/pullzone/1/addHostname"),
    ("DELETE", "/pullzone/1/removeHostname"),
    ("POST", "/pullzone/1/addAllowedReferrer"),
    ("POST", "/pullzone/1/removeAllowedReferrer"),
    ("POST", "/pullzone/1/addBlockedReferrer"),
    ("POST", "/pullzone/1/removeBlockedReferrer"),
    ("POST", "/pullzone/requestExternalDnsCertificate"),
    ("POST", "/pullzone/completeExternalDnsCertificate"),
]
ZONE_ENDPOINTS = [
    ("GET", "/pullzone/1", None),
    *[(method, path, {"Hostname": "cdn.example.com"}) for method, path in HOSTNAME_BODY_PATHS if "/1/" in path],
    ("POST", f"/pullzone/1/edgerules/{RULE_GUID}/setEdgeRuleEnabled", {"Id": 1, "Value": False}),
]
ENDPOINTS = [*ZONE_ENDPOINTS, *[(method, path, {"Hostname": "cdn.example.com"}) for method, path in HOSTNAME_BODY_PATHS if "/1/" not in path]]


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("method", "path", "body"), ENDPOINTS, ids=[f"{method} {path}" for method, path, _body in ENDPOINTS])
def test_a_request_without_key_gets_401_in_the_legacy_shape(api, method, path, body):
    assert_legacy_error(api.request(method, path, json=body, headers={}), 401, key="unauthorized")


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("method", "path", "body"), ZONE_ENDPOINTS, ids=[f"{method} {path}" for method, path, _body in ZONE_ENDPOINTS])
def test_an_unknown_zone_gets_404_in_the_legacy_shape(api, method, path, body):
    assert_legacy_error(api.request(method, path.replace("/pullzone/1", "/pullzone/99"), json=body), 404, key="not_found")


# The Hostname bound: min length 1 in every hostname and referrer body


# One-letter values each operation takes: "a" is on zone 1 and in its lists, "x" is nowhere yet.
SHORTEST_ACCEPTED = {
    "/pullzone/1/addHostname": ("x", 204),
    "/pullzone/1/removeHostname": ("a", 204),
    "/pullzone/1/addAllowedReferrer": ("x", 204),
    "/pullzone/1/removeAllowedReferrer": ("a", 204),
    "/pullzone/1/addBlockedReferrer": ("x", 204),
    "/pullzone/1/removeBlockedReferrer": ("a", 204),
    "/pullzone/requestExternalDnsCertificate": ("a", 200),
    "/pullzone/completeExternalDnsCertificate": ("a", 200),
}


@pytest.mark.parametrize(("method", "path"), HOSTNAME_BODY_PATHS)
def test_a_one_character_hostname_is_accepted(simulator, api, method, path):
    simulator.load_fixtures({"pull_zones": [{"Id": 1, "Hostnames": [{"Value": "a"}], "AllowedReferrers": ["a"], "BlockedReferrers": ["a"]}]})
    value, status = SHORTEST_ACCEPTED[path]
    assert api.request(method, path, json={"Hostname": value}).status_code == status


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("method", "path"), HOSTNAME_BODY_PATHS)
def test_an_empty_hostname_is_refused(api, method, path):
    assert_legacy_error(api.request(method, path, json={"Hostname": ""}), 400, field="Hostname", key="validation_error")


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("method", "path"), HOSTNAME_BODY_PATHS)
def test_a_body_without_hostname_is_refused(api, method, path):
    assert_legacy_error(api.request(method, path, json={}), 400, field="Hostname")


# Read


@pytest.mark.usefixtures("zones")
def test_get_answers_hostnames_referrers_and_edge_rules(api):
    loaded = zone(api)
    assert set(loaded["Hostnames"][0]) >= HOSTNAME_FIELDS
    assert (loaded["AllowedReferrers"], loaded["BlockedReferrers"]) == (["example.com"], ["bad.example"])
    assert {"Guid": RULE_GUID, "Enabled": True, "Description": "redirect"}.items() <= loaded["EdgeRules"][0].items()


@pytest.mark.usefixtures("zones")
def test_a_fixture_zone_gets_a_system_hostname(api):
    system = [hostname for hostname in zone(api)["Hostnames"] if hostname["IsSystemHostname"]]
    assert [hostname["Value"] for hostname in system] == ["assets.b-cdn.net"]


# Hostnames


@pytest.mark.usefixtures("zones")
def test_add_hostname_answers_204_and_adds_it_without_certificate(api):
    assert api.post("/pullzone/2/addHostname", json={"Hostname": "media.example.com"}).status_code == 204
    added = zone(api, 2)["Hostnames"][-1]
    assert (added["Value"], added["IsSystemHostname"], added["HasCertificate"]) == ("media.example.com", False, False)


@pytest.mark.usefixtures("zones")
def test_add_hostname_gives_each_hostname_its_own_id(api):
    api.post("/pullzone/2/addHostname", json={"Hostname": "one.example.com"})
    api.post("/pullzone/1/addHostname", json={"Hostname": "two.example.com"})
    ids = [hostname["Id"] for zone_id in (1, 2) for hostname in zone(api, zone_id)["Hostnames"]]
    assert len(ids) == len(set(ids))


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("zone_id", "hostname"), [(1, "cdn.example.com"), (2, "CDN.Example.com"), (2, "assets.b-cdn.net")])
def test_add_hostname_refuses_one_registered_on_any_zone(api, zone_id, hostname):
    answer = api.post(f"/pullzone/{zone_id}/addHostname", json={"Hostname": hostname})
    assert_legacy_error(answer, 400, field="Hostname", key="pullzone.hostname_already_registered")


@pytest.mark.usefixtures("zones")
def test_remove_hostname_answers_204_and_removes_it_by_any_case(api):
    assert api.delete("/pullzone/1/removeHostname", json={"Hostname": "CDN.example.com"}).status_code == 204
    assert hostnames(api) == ["assets.b-cdn.net"]


@pytest.mark.usefixtures("zones")
def test_remove_hostname_refuses_the_system_hostname(api):
    assert_legacy_error(api.delete("/pullzone/1/removeHostname", json={"Hostname": "assets.b-cdn.net"}), 400, field="Hostname", key="pullzone.system_hostname")
    assert "assets.b-cdn.net" in hostnames(api)


@pytest.mark.usefixtures("zones")
def test_remove_hostname_refuses_one_the_zone_does_not_have(api):
    answer = api.delete("/pullzone/2/removeHostname", json={"Hostname": "cdn.example.com"})
    assert_legacy_error(answer, 400, field="Hostname", key="pullzone.hostname_not_found")
    assert "cdn.example.com" in hostnames(api, 1)


# Referrers


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("operation", "list_name"), [("addAllowedReferrer", "AllowedReferrers"), ("addBlockedReferrer", "BlockedReferrers")])
def test_add_referrer_answers_204_and_appends_it(api, operation, list_name):
    assert api.post(f"/pullzone/1/{operation}", json={"Hostname": "new.example"}).status_code == 204
    assert zone(api)[list_name][-1] == "new.example"


@pytest.mark.usefixtures("zones")
def test_adding_a_listed_referrer_again_keeps_one_entry(api):
    api.post("/pullzone/1/addAllowedReferrer", json={"Hostname": "EXAMPLE.com"})
    assert zone(api)["AllowedReferrers"] == ["example.com"]


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("operation", "list_name"), [("removeAllowedReferrer", "AllowedReferrers"), ("removeBlockedReferrer", "BlockedReferrers")])
def test_remove_referrer_answers_204_and_removes_it(api, operation, list_name):
    listed = zone(api)[list_name][0]
    assert api.post(f"/pullzone/1/{operation}", json={"Hostname": listed}).status_code == 204
    assert zone(api)[list_name] == []


@pytest.mark.usefixtures("zones")
def test_removing_an_unlisted_referrer_changes_nothing(api):
    assert api.post("/pullzone/1/removeAllowedReferrer", json={"Hostname": "other.example"}).status_code == 204
    assert zone(api)["AllowedReferrers"] == ["example.com"]


# Edge rules


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("value", [False, True])
def test_set_edge_rule_enabled_answers_204_and_sets_the_switch(api, value):
    answer = api.post(f"/pullzone/1/edgerules/{RULE_GUID}/setEdgeRuleEnabled", json={"Id": 1, "Value": value})
    assert answer.status_code == 204
    assert zone(api)["EdgeRules"][0]["Enabled"] is value


@pytest.mark.usefixtures("zones")
def test_set_edge_rule_enabled_is_404_for_an_unknown_rule(api):
    answer = api.post("/pullzone/1/edgerules/00000000-0000-0000-0000-000000000000/setEdgeRuleEnabled", json={"Id": 1, "Value": False})
    assert_legacy_error(answer, 404)


@pytest.mark.usefixtures("zones")
def test_set_edge_rule_enabled_refuses_a_non_boolean_value(api):
    assert_legacy_error(api.post(f"/pullzone/1/edgerules/{RULE_GUID}/setEdgeRuleEnabled", json={"Id": 1, "Value": "no"}), 400, field="Value")


# External-DNS certificates


@pytest.mark.usefixtures("zones")
def test_request_certificate_answers_the_txt_record_to_create(api):
    answer = api.post("/pullzone/requestExternalDnsCertificate", json={"Hostname": "cdn.example.com"})
    assert answer.status_code == 200
    assert answer.json()["RecordType"] == "TXT"
    assert answer.json()["RecordName"] == "_acme-challenge.cdn.example.com"


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("operation", ["requestExternalDnsCertificate", "completeExternalDnsCertificate"])
def test_certificate_operations_refuse_a_hostname_on_no_zone(api, operation):
    assert_legacy_error(api.post(f"/pullzone/{operation}", json={"Hostname": "nowhere.example.com"}), 404, field="Hostname")


@pytest.mark.usefixtures("zones")
def test_complete_certificate_sets_has_certificate(api):
    assert api.post("/pullzone/completeExternalDnsCertificate", json={"Hostname": "CDN.example.com"}).status_code == 200
    custom = next(hostname for hostname in zone(api)["Hostnames"] if hostname["Value"] == "cdn.example.com")
    assert custom["HasCertificate"] is True
