"""Pull zones end to end: list, create, update, delete, names, edge rules, blocked IPs and purges."""

import pytest
import requests

from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error

RULE_GUID = "8d6a1b52-7f0e-4d3a-9a53-4b9a8e0c2f11"
LOCKED_GUID = "0b7c4a11-3e2d-4c5f-8a9b-1c2d3e4f5a6b"


@pytest.fixture
def zones(simulator):
    simulator.load_fixtures(
        {
            "pull_zones": [
                {"Id": 1, "Name": "assets", "Hostnames": [{"Value": "cdn.example.com"}], "EdgeRules": [{"Guid": RULE_GUID, "Description": "redirect"}]},
                {"Id": 2, "Name": "media", "EdgeRules": [{"Guid": LOCKED_GUID, "ReadOnly": True}]},
                {"Id": 3, "Name": "Media-Archive"},
            ],
            "edge_scripts": [{"Id": 7, "LinkedPullZones": [{"Id": 2, "PullZoneName": "media", "DefaultHostname": "media.b-cdn.net"}]}],
        }
    )


def zone(api, zone_id):
    answer = api.get(f"/pullzone/{zone_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def purges(simulator):
    return requests.get(simulator.url + "/_sim/purges", timeout=5).json()


# List


@pytest.mark.usefixtures("zones")
def test_a_list_without_page_is_a_plain_array_of_every_zone(api):
    answer = api.get("/pullzone")
    assert answer.status_code == 200
    assert [item["Name"] for item in answer.json()] == ["assets", "media", "Media-Archive"]


@pytest.mark.usefixtures("zones")
def test_a_list_with_page_zero_is_a_plain_array(api):
    assert isinstance(api.get("/pullzone", params={"page": 0}).json(), list)


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(
    ("page", "names", "has_more"),
    [(1, ["assets", "media", "Media-Archive"], False), (2, [], False)],
)
def test_a_list_with_a_page_is_the_vendors_paged_object(api, page, names, has_more):
    body = api.get("/pullzone", params={"page": page, "perPage": 5}).json()
    assert body == {"Items": body["Items"], "CurrentPage": page, "TotalItems": 3, "HasMoreItems": has_more}
    assert [item["Name"] for item in body["Items"]] == names


def test_a_page_of_a_long_list_says_there_are_more(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": number} for number in range(1, 13)]})
    body = api.get("/pullzone", params={"page": 2, "perPage": 5}).json()
    assert [item["Id"] for item in body["Items"]] == [6, 7, 8, 9, 10]
    assert (body["TotalItems"], body["HasMoreItems"]) == (12, True)
    assert api.get("/pullzone", params={"page": 3, "perPage": 5}).json()["HasMoreItems"] is False


@pytest.mark.usefixtures("zones")
def test_search_matches_names_without_regard_to_case(api):
    assert [item["Name"] for item in api.get("/pullzone", params={"search": "MEDIA"}).json()] == ["media", "Media-Archive"]
    assert api.get("/pullzone", params={"search": "nothing"}).json() == []


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("name", "value"), [("page", -1), ("perPage", 4), ("perPage", 1001), ("page", "one")])
def test_a_list_refuses_page_parameters_outside_the_vendor_bounds(api, name, value):
    assert_legacy_error(api.get("/pullzone", params={name: value, **({"page": 1} if name == "perPage" else {})}), 400, field=name)


def test_a_list_shows_certificates_only_when_asked(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 1, "Hostnames": [{"Value": "cdn.example.com", "Certificate": "Q0VSVA"}]}]})
    assert api.get("/pullzone").json()[0]["Hostnames"][1]["Certificate"] is None
    assert api.get("/pullzone", params={"includeCertificate": "true"}).json()[0]["Hostnames"][1]["Certificate"] == "Q0VSVA"


@pytest.mark.usefixtures("zones")
def test_count_answers_the_number_of_zones(api):
    assert api.get("/pullzone/count").json() == {"Count": 3}


# Create


@pytest.mark.usefixtures("zones")
def test_create_answers_201_with_the_full_zone_and_a_system_hostname(api):
    answer = api.post("/pullzone", json={"Name": "fresh", "OriginUrl": "https://origin.example.org", "EnableGeoZoneASIA": False, "Type": 1})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["Id"] == 4
    assert (created["Name"], created["OriginUrl"], created["EnableGeoZoneASIA"], created["Type"]) == ("fresh", "https://origin.example.org", False, 1)
    assert created["EnableGeoZoneEU"] is True and created["IpFamilyPolicy"] == 1
    assert [(hostname["Value"], hostname["IsSystemHostname"]) for hostname in created["Hostnames"]] == [("fresh.b-cdn.net", True)]
    assert zone(api, 4) == created


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("name", ["assets", "ASSETS", "media-archive"])
def test_a_taken_name_is_refused_without_regard_to_case(api, name):
    assert_legacy_error(api.post("/pullzone", json={"Name": name}), 400, field="Name", key="pullzone.name_taken")
    assert len(api.get("/pullzone").json()) == 3


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "Name"),
        ({"Name": ""}, "Name"),
        ({"Name": "x", "Enabled": False}, "Enabled"),
        ({"Name": "x", "OriginType": 7}, "OriginType"),
        ({"Name": "x", "EnableLogging": "yes"}, "EnableLogging"),
        ({"Name": "x", "OptimizerImageQuality": 101}, "OptimizerImageQuality"),
    ],
)
def test_create_refuses_what_the_vendor_add_model_does_not_allow(api, body, field):
    assert_legacy_error(api.post("/pullzone", json=body), 400, field=field, key="validation_error")


@pytest.mark.usefixtures("zones")
def test_check_availability_says_whether_a_name_is_free(api):
    assert api.post("/pullzone/checkavailability", json={"Name": "Assets"}).json() == {"Available": False}
    assert api.post("/pullzone/checkavailability", json={"Name": "fresh"}).json() == {"Available": True}
    assert_legacy_error(api.post("/pullzone/checkavailability", json={"Name": None}), 400, field="Name")


# Update


@pytest.mark.usefixtures("zones")
def test_an_update_changes_only_what_it_sends_and_answers_the_zone(api):
    before = zone(api, 1)
    answer = api.post("/pullzone/1", json={"OriginUrl": "https://new.example.com", "CacheControlMaxAgeOverride": 3600, "EnableLogging": None})
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert after == zone(api, 1)
    changed = {name for name in after if after[name] != before[name]}
    assert changed == {"OriginUrl", "CacheControlMaxAgeOverride"}
    assert after["EnableLogging"] is True


@pytest.mark.usefixtures("zones")
def test_an_update_takes_the_settings_model_spelling_of_webp_vary(api):
    assert api.post("/pullzone/1", json={"EnableWebpVary": True}).json()["EnableWebPVary"] is True


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"Name": "renamed"}, "Name"),
        ({"Id": 5}, "Id"),
        ({"EnableWebPVary": True}, "EnableWebPVary"),
        ({"TlsSecurityLevel": 3}, "TlsSecurityLevel"),
        ({"OriginShieldMaxConcurrentRequests": 0}, "OriginShieldMaxConcurrentRequests"),
        ({"BlockedIps": "1.2.3.4"}, "BlockedIps"),
        ({"OriginConnectTimeout": 1.5}, "OriginConnectTimeout"),
    ],
)
def test_an_update_refuses_what_the_vendor_settings_model_does_not_allow_and_changes_nothing(api, body, field):
    before = zone(api, 1)
    assert_legacy_error(api.post("/pullzone/1", json=body), 400, field=field, key="validation_error")
    assert zone(api, 1) == before


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("sent", "kept"), [(0, 0), (1, 500), (500, 500), (501, 1000), (20000, 25000), (25000, 25000)])
def test_web_socket_connections_round_up_to_the_next_tier(api, sent, kept):
    assert api.post("/pullzone/1", json={"MaxWebSocketConnections": sent}).json()["MaxWebSocketConnections"] == kept


@pytest.mark.usefixtures("zones")
def test_web_socket_connections_over_the_last_tier_are_refused_and_change_nothing(api):
    assert_legacy_error(api.post("/pullzone/1", json={"MaxWebSocketConnections": 25001, "OriginRetries": 2}), 400, field="MaxWebSocketConnections")
    assert zone(api, 1)["OriginRetries"] == 0


@pytest.mark.usefixtures("zones")
def test_vary_parameters_with_other_characters_are_ignored(api):
    answer = api.post("/pullzone/1", json={"QueryStringVaryParameters": ["ver", "a.b", "page_2", "x y"], "CookieVaryParameters": ["lang-id", "$x"]})
    assert (answer.json()["QueryStringVaryParameters"], answer.json()["CookieVaryParameters"]) == (["ver", "page_2"], ["lang-id"])


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("method", "path"), [("POST", "/pullzone/99"), ("DELETE", "/pullzone/99")])
def test_an_unknown_zone_is_404(api, method, path):
    assert_legacy_error(api.request(method, path, json={}), 404, key="not_found")


# Delete


@pytest.mark.usefixtures("zones")
def test_delete_removes_the_zone_frees_its_name_and_hostnames_and_unlinks_scripts(api):
    assert api.delete("/pullzone/2").status_code == 204
    assert_legacy_error(api.get("/pullzone/2"), 404)
    assert api.get("/compute/script/7").json()["LinkedPullZones"] == []
    assert api.post("/pullzone", json={"Name": "media"}).status_code == 201
    assert api.delete("/pullzone/1").status_code == 204
    assert api.post("/pullzone/3/addHostname", json={"Hostname": "cdn.example.com"}).status_code == 204


# Zones the platform makes itself


def test_a_zone_the_platform_made_for_a_dns_record_loads_from_fixtures(simulator, api):
    made = {"Id": 9, "Name": "dns-accelerated", "OriginType": 1, "DnsRecordId": 44, "DnsZoneId": 5, "DnsRecordValue": "192.0.2.1"}
    simulator.load_fixtures({"pull_zones": [made]})
    loaded = zone(api, 9)
    assert (loaded["OriginType"], loaded["DnsRecordId"], loaded["DnsZoneId"], loaded["DnsRecordValue"]) == (1, 44, 5, "192.0.2.1")


def test_a_zone_with_auto_ssl_gives_new_hostnames_a_certificate(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 1, "EnableAutoSSL": True}, {"Id": 2}]})
    api.post("/pullzone/1/addHostname", json={"Hostname": "auto.example.com"})
    api.post("/pullzone/2/addHostname", json={"Hostname": "manual.example.com"})
    assert zone(api, 1)["Hostnames"][-1]["HasCertificate"] is True
    assert zone(api, 2)["Hostnames"][-1]["HasCertificate"] is False


# Edge rules


@pytest.mark.usefixtures("zones")
def test_a_rule_without_guid_is_added_with_a_new_guid_and_answered_with_201(api):
    rule = {"ActionType": 1, "ActionParameter1": "https://example.com", "TriggerMatchingType": 1, "Description": "moved",
            "Triggers": [{"Type": 0, "PatternMatches": ["*/old/*"], "PatternMatchingType": 0}],
            "ExtraActions": [{"ActionType": 5, "ActionParameter1": "X-Moved", "ActionParameter2": "yes"}]}  # fmt: skip
    answer = api.post("/pullzone/1/edgerules/addOrUpdate", json=rule)
    assert answer.status_code == 201, answer.text
    added = answer.json()
    assert added["Guid"] not in (None, RULE_GUID)
    assert (added["OrderIndex"], added["Enabled"], added["ReadOnly"]) == (1, True, False)
    assert added["ExtraActions"] == [{"ActionType": 5, "ActionParameter1": "X-Moved", "ActionParameter2": "yes", "ActionParameter3": None}]
    assert added["Triggers"][0]["Parameter1"] is None
    assert zone(api, 1)["EdgeRules"][1] == added


@pytest.mark.usefixtures("zones")
def test_a_rule_with_the_guid_of_a_rule_replaces_it_in_place(api):
    answer = api.post("/pullzone/1/edgerules/addOrUpdate", json={"Guid": RULE_GUID.upper(), "ActionType": 4, "Enabled": False})
    assert answer.status_code == 201, answer.text
    rules = zone(api, 1)["EdgeRules"]
    assert len(rules) == 1
    assert (rules[0]["Guid"], rules[0]["ActionType"], rules[0]["Enabled"], rules[0]["Description"], rules[0]["OrderIndex"]) == (RULE_GUID, 4, False, "", 0)


@pytest.mark.usefixtures("zones")
def test_a_rule_with_an_unknown_guid_is_404(api):
    assert_legacy_error(api.post("/pullzone/1/edgerules/addOrUpdate", json={"Guid": LOCKED_GUID}), 404, key="pullzone.edgerule_not_found")


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"ActionType": 35}, "ActionType"),
        ({"TriggerMatchingType": 3}, "TriggerMatchingType"),
        ({"Triggers": [{"Type": 14}]}, "Triggers[0].Type"),
        ({"Triggers": [{"PatternMatchingType": -1}]}, "Triggers[0].PatternMatchingType"),
        ({"ExtraActions": [{"ActionType": 36}]}, "ExtraActions[0].ActionType"),
        ({"Colour": "red"}, "Colour"),
    ],
)
def test_a_rule_outside_the_vendor_enums_is_refused(api, body, field):
    assert_legacy_error(api.post("/pullzone/1/edgerules/addOrUpdate", json=body), 400, field=field)
    assert len(zone(api, 1)["EdgeRules"]) == 1


@pytest.mark.usefixtures("zones")
def test_the_last_action_type_of_the_vendor_enum_is_taken(api):
    assert api.post("/pullzone/1/edgerules/addOrUpdate", json={"ActionType": 37}).status_code == 201


@pytest.mark.usefixtures("zones")
def test_delete_rule_removes_it_and_an_unknown_one_is_404(api):
    assert api.delete(f"/pullzone/1/edgerules/{RULE_GUID}").status_code == 204
    assert zone(api, 1)["EdgeRules"] == []
    assert_legacy_error(api.delete(f"/pullzone/1/edgerules/{RULE_GUID}"), 404)


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/pullzone/2/edgerules/addOrUpdate", {"Guid": LOCKED_GUID, "ActionType": 4}),
        ("DELETE", f"/pullzone/2/edgerules/{LOCKED_GUID}", None),
        ("POST", f"/pullzone/2/edgerules/{LOCKED_GUID}/setEdgeRuleEnabled", {"Id": 2, "Value": False}),
    ],
)
def test_a_read_only_rule_cannot_be_changed_or_deleted(api, method, path, body):
    before = zone(api, 2)["EdgeRules"]
    assert_legacy_error(api.request(method, path, json=body), 400, key="pullzone.edgerule_read_only")
    assert zone(api, 2)["EdgeRules"] == before


# Blocked IPs


@pytest.mark.usefixtures("zones")
def test_blocked_ips_are_added_once_and_removed(api):
    for address in ("192.0.2.1", "192.0.2.1", "198.51.100.0/24"):
        assert api.post("/pullzone/1/addBlockedIp", json={"BlockedIp": address}).status_code == 204
    assert zone(api, 1)["BlockedIps"] == ["192.0.2.1", "198.51.100.0/24"]
    assert api.post("/pullzone/1/removeBlockedIp", json={"BlockedIp": "192.0.2.1"}).status_code == 204
    assert api.post("/pullzone/1/removeBlockedIp", json={"BlockedIp": "203.0.113.9"}).status_code == 204
    assert zone(api, 1)["BlockedIps"] == ["198.51.100.0/24"]


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("operation", ["addBlockedIp", "removeBlockedIp"])
@pytest.mark.parametrize("body", [{}, {"BlockedIp": ""}, {"BlockedIp": 1}])
def test_a_blocked_ip_body_needs_an_address(api, operation, body):
    assert_legacy_error(api.post(f"/pullzone/1/{operation}", json=body), 400, field="BlockedIp")


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("operation", ["addBlockedIp", "removeBlockedIp"])
def test_blocked_ips_of_an_unknown_zone_are_404(api, operation):
    assert_legacy_error(api.post(f"/pullzone/99/{operation}", json={"BlockedIp": "192.0.2.1"}), 404)


# Purges


@pytest.mark.usefixtures("zones")
def test_purging_a_zone_is_logged_with_its_cache_tag(simulator, api):
    assert api.post("/pullzone/1/purgeCache").status_code == 204
    assert api.post("/pullzone/2/purgeCache", json={"CacheTag": "product-7"}).status_code == 204
    assert purges(simulator) == [
        {"PullZoneId": 1, "CacheTag": None, "Url": None, "Async": False, "ExactPath": False},
        {"PullZoneId": 2, "CacheTag": "product-7", "Url": None, "Async": False, "ExactPath": False},
    ]


@pytest.mark.usefixtures("zones")
def test_purging_an_unknown_zone_is_404_and_logs_nothing(simulator, api):
    assert_legacy_error(api.post("/pullzone/99/purgeCache"), 404)
    assert_legacy_error(api.post("/pullzone/1/purgeCache", json={"CacheTag": 7}), 400, field="CacheTag")
    assert purges(simulator) == []


@pytest.mark.usefixtures("zones")
def test_purging_a_url_is_logged_with_the_zone_of_its_hostname(simulator, api):
    assert api.post("/purge", params={"url": "https://CDN.example.com/img/*", "async": "true"}).status_code == 200
    assert api.post("/purge", params={"url": "https://elsewhere.example/x", "exactPath": "true"}).status_code == 200
    assert purges(simulator) == [
        {"PullZoneId": 1, "CacheTag": None, "Url": "https://CDN.example.com/img/*", "Async": True, "ExactPath": False},
        {"PullZoneId": None, "CacheTag": None, "Url": "https://elsewhere.example/x", "Async": False, "ExactPath": True},
    ]


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("params", [{}, {"url": "not a url"}, {"url": "https://cdn.example.com/", "async": "maybe"}])
def test_a_purge_without_a_valid_url_is_refused_in_the_legacy_shape(api, params):
    assert_legacy_error(api.post("/purge", params=params), 400)


def test_a_purge_needs_the_access_key(api):
    assert_legacy_error(api.post("/purge", params={"url": "https://cdn.example.com/"}, headers={}), 401)


@pytest.mark.usefixtures("zones")
def test_the_purge_log_is_cleared_by_delete_and_by_a_reset(simulator, api):
    api.post("/pullzone/1/purgeCache")
    assert requests.delete(simulator.url + "/_sim/purges", timeout=5).status_code == 204
    assert purges(simulator) == []
    api.post("/pullzone/1/purgeCache")
    simulator.reset()
    assert purges(simulator) == []


def test_serving_stale_while_updating_turns_background_updates_on(api):
    zone = api.post("/pullzone", json={"Name": "stale-site", "UseBackgroundUpdate": False}).json()
    assert zone["UseBackgroundUpdate"] is False

    updated = api.post("/pullzone/%d" % zone["Id"], json={"UseStaleWhileUpdating": True, "UseBackgroundUpdate": False}).json()

    assert updated["UseBackgroundUpdate"] is True


def test_a_name_another_account_holds_is_taken_though_no_list_shows_it(api, simulator):
    requests.post(simulator.url + "/_sim/settings", json={"taken_pull_zone_names": ["Their-Site"]}, timeout=5).raise_for_status()

    refused = api.post("/pullzone", json={"Name": "their-site"})

    assert refused.status_code == 400
    assert refused.json()["ErrorKey"] == "pullzone.name_taken"
    assert api.get("/pullzone", params={"search": "their"}).json() == []
    assert api.post("/pullzone/checkavailability", json={"Name": "THEIR-SITE"}).json() == {"Available": False}
