"""Pull zones under /pullzone: every endpoint, the Hostname bound, and the hostname and edge rule semantics."""

import time

import pytest
import requests

from ansible_collections.bunnynet.cloud.tests.simulator.server import SimulatorServer
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
    ("POST", "/pullzone/1/setForceSSL", {"Hostname": "cdn.example.com", "ForceSSL": True}),
    ("POST", "/pullzone/1", {"OriginUrl": "https://new.example.com"}),
    ("DELETE", "/pullzone/1", None),
    ("POST", "/pullzone/1/edgerules/addOrUpdate", {"ActionType": 0}),
    ("DELETE", f"/pullzone/1/edgerules/{RULE_GUID}", None),
    ("POST", "/pullzone/1/addBlockedIp", {"BlockedIp": "192.0.2.1"}),
    ("POST", "/pullzone/1/removeBlockedIp", {"BlockedIp": "192.0.2.1"}),
    ("POST", "/pullzone/1/purgeCache", None),
]
ENDPOINTS = [
    *ZONE_ENDPOINTS,
    *[(method, path, {"Hostname": "cdn.example.com"}) for method, path in HOSTNAME_BODY_PATHS if "/1/" not in path],
    ("GET", "/pullzone/loadFreeCertificate?hostname=cdn.example.com", None),
    ("GET", "/pullzone", None),
    ("POST", "/pullzone", {"Name": "fresh"}),
    ("GET", "/pullzone/count", None),
    ("POST", "/pullzone/checkavailability", {"Name": "fresh"}),
]


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


def custom_hostname(api, value="cdn.example.com", zone_id=1, **query):
    return next(hostname for hostname in zone_of(api, zone_id, **query)["Hostnames"] if hostname["Value"] == value)


def zone_of(api, zone_id=1, **query):
    answer = api.get(f"/pullzone/{zone_id}", params=query)
    assert answer.status_code == 200, answer.text
    return answer.json()


# Force SSL (the vendor's setForceSSL)


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("value", [True, False])
def test_set_force_ssl_answers_204_and_sets_the_hostnames_switch(api, value):
    answer = api.post("/pullzone/1/setForceSSL", json={"Hostname": "CDN.example.com", "ForceSSL": value})

    assert answer.status_code == 204
    assert custom_hostname(api)["ForceSSL"] is value


@pytest.mark.usefixtures("zones")
def test_set_force_ssl_works_on_the_system_hostname(api):
    assert api.post("/pullzone/1/setForceSSL", json={"Hostname": "assets.b-cdn.net", "ForceSSL": True}).status_code == 204
    assert custom_hostname(api, "assets.b-cdn.net")["ForceSSL"] is True


@pytest.mark.usefixtures("zones")
def test_set_force_ssl_refuses_a_hostname_of_another_zone(api):
    answer = api.post("/pullzone/2/setForceSSL", json={"Hostname": "cdn.example.com", "ForceSSL": True})

    assert_legacy_error(answer, 400, field="Hostname", key="pullzone.hostname_not_found")
    assert custom_hostname(api)["ForceSSL"] is False


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("body, field", [
    ({"Hostname": "cdn.example.com"}, "ForceSSL"),
    ({"ForceSSL": True}, "Hostname"),
    ({"Hostname": "", "ForceSSL": True}, "Hostname"),
    ({"Hostname": "cdn.example.com", "ForceSSL": "yes"}, "ForceSSL"),
    ({"Hostname": "cdn.example.com", "ForceSSL": True, "Id": 1}, "Id"),
])
def test_set_force_ssl_refuses_a_body_the_vendor_model_does_not_allow(api, body, field):
    assert_legacy_error(api.post("/pullzone/1/setForceSSL", json=body), 400, field=field, key="validation_error")


# Free certificates (the vendor's loadFreeCertificate)


@pytest.mark.usefixtures("zones")
def test_load_free_certificate_answers_200_and_gives_the_hostname_a_certificate(api):
    answer = api.get("/pullzone/loadFreeCertificate", params={"hostname": "CDN.example.com"})

    assert answer.status_code == 200
    assert answer.content == b""
    hostname = custom_hostname(api)
    assert (hostname["HasCertificate"], hostname["CertificateProvisionType"]) == (True, 1)


@pytest.mark.usefixtures("zones")
def test_load_free_certificate_takes_the_validation_switch(api):
    assert api.get("/pullzone/loadFreeCertificate", params={"hostname": "cdn.example.com", "useOnlyHttp01": "false"}).status_code == 200
    assert_legacy_error(api.get("/pullzone/loadFreeCertificate", params={"hostname": "cdn.example.com", "useOnlyHttp01": "maybe"}), 400,
                        field="useOnlyHttp01")


@pytest.mark.usefixtures("zones")
def test_load_free_certificate_is_404_for_a_hostname_on_no_zone(api):
    assert_legacy_error(api.get("/pullzone/loadFreeCertificate", params={"hostname": "nowhere.example.com"}), 404, field="hostname", key="not_found")


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize("query", [{}, {"hostname": ""}])
def test_load_free_certificate_needs_a_hostname(api, query):
    assert_legacy_error(api.get("/pullzone/loadFreeCertificate", params=query), 400, field="hostname", key="validation_error")


@pytest.mark.usefixtures("zones")
def test_a_read_carries_certificate_material_only_when_asked_for(api):
    api.get("/pullzone/loadFreeCertificate", params={"hostname": "cdn.example.com"})

    plain = custom_hostname(api)
    full = custom_hostname(api, includeCertificate="true")
    assert (plain["Certificate"], plain["CertificateKey"]) == (None, None)
    assert full["Certificate"] and full["CertificateKey"]


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(("method", "path", "options"), [
    ("GET", "/pullzone/loadFreeCertificate", {"params": {"hostname": "cdn.example.com"}}),
    ("POST", "/pullzone/completeExternalDnsCertificate", {"json": {"Hostname": "cdn.example.com"}}),
])
def test_a_fault_rule_rate_limits_certificate_requests_in_the_legacy_shape_without_applying_them(simulator, api, method, path, options):
    simulator.add_fault(method=method, path="^/pullzone/(loadFreeCertificate|completeExternalDnsCertificate)$", status=429, retry_after=2, count=1)

    limited = api.request(method, path, **options)

    assert_legacy_error(limited, 429, key="too_many_requests")
    assert limited.headers["Retry-After"] == "2"
    assert custom_hostname(api)["HasCertificate"] is False
    assert api.request(method, path, **options).status_code == 200
    assert custom_hostname(api)["HasCertificate"] is True


# The hostname index


def test_hostnames_added_after_new_fixtures_get_fresh_ids_and_the_old_ones_are_forgotten(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 1, "Hostnames": [{"Id": 50, "Value": "old.example.com"}]}]})
    api.post("/pullzone/1/addHostname", json={"Hostname": "first.example.com"})
    simulator.load_fixtures({"pull_zones": [{"Id": 1, "Hostnames": [{"Id": 7, "Value": "fresh.example.com"}]}]})

    assert api.post("/pullzone/1/addHostname", json={"Hostname": "old.example.com"}).status_code == 204
    ids = {hostname["Value"]: hostname["Id"] for hostname in zone_of(api)["Hostnames"]}
    assert len(set(ids.values())) == len(ids)
    assert "first.example.com" not in ids


def test_a_removed_hostname_can_be_added_again_to_any_zone(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 1, "Hostnames": [{"Value": "cdn.example.com"}]}, {"Id": 2}]})

    assert api.delete("/pullzone/1/removeHostname", json={"Hostname": "cdn.example.com"}).status_code == 204
    assert api.post("/pullzone/2/addHostname", json={"Hostname": "CDN.example.com"}).status_code == 204
    assert_legacy_error(api.post("/pullzone/1/addHostname", json={"Hostname": "cdn.example.com"}), 400, key="pullzone.hostname_already_registered")


def test_a_zone_an_edge_script_creates_is_known_to_the_index(simulator, api):
    simulator.load_fixtures({"pull_zones": [{"Id": 1}]})
    created = api.post("/compute/script", json={"Name": "router", "ScriptType": 1, "CreateLinkedPullZone": True, "LinkedPullZoneName": "edge"})
    assert created.status_code in (200, 201), created.text
    zone_id = created.json()["LinkedPullZones"][0]["Id"]

    assert_legacy_error(api.post("/pullzone/1/addHostname", json={"Hostname": "edge.b-cdn.net"}), 400, key="pullzone.hostname_already_registered")
    assert api.post(f"/pullzone/{zone_id}/addHostname", json={"Hostname": "script.example.com"}).status_code == 204


def test_adding_a_hostname_costs_the_same_however_many_the_account_has(api):
    """Each add looks the name up instead of scanning every hostname: with 40000 more it is no slower.

    Adds to an account with 40000 hostnames alternate with adds to an empty one on a second
    simulator, so a busy machine slows both alike, and the medians are compared: a scan of 40000
    hostnames per add would cost several times an add's HTTP round trip.
    """
    crowded = api.simulator
    crowded.load_fixtures({"pull_zones": [{"Id": 1, "Hostnames": [{"Value": f"h{number}.example.com"} for number in range(40000)]}]})
    durations = {"empty": [], "crowded": []}
    with SimulatorServer(fixtures={"pull_zones": [{"Id": 1}]}) as empty:
        session = requests.Session()
        for number in range(60):
            for name, server in (("empty", empty), ("crowded", crowded)):
                started = time.perf_counter()
                answer = session.post(server.url + "/pullzone/1/addHostname", json={"Hostname": f"new{number}.example.com"}, headers=server.headers, timeout=10)
                durations[name].append(time.perf_counter() - started)
                assert answer.status_code == 204, answer.text
        session.close()

    empty_median, crowded_median = (sorted(durations[name])[len(durations[name]) // 2] for name in ("empty", "crowded"))
    assert crowded_median < empty_median * 3


# Certificates, key types, the token key and statistics


@pytest.mark.usefixtures("zones")
def test_a_custom_certificate_is_kept_as_sent_and_removed_on_request(api):
    added = api.post("/pullzone/1/addCertificate", json={"Hostname": "cdn.example.com", "Certificate": "Q0VSVA==", "CertificateKey": "S0VZ"})
    assert added.status_code == 204, added.text
    hostname = [item for item in api.get("/pullzone/1?includeCertificate=true").json()["Hostnames"] if item["Value"] == "cdn.example.com"][0]
    assert (hostname["HasCertificate"], hostname["Certificate"], hostname["CertificateKey"], hostname["CertificateProvisionType"]) == (
        True, "Q0VSVA==", "S0VZ", 3)  # fmt: skip

    assert api.delete("/pullzone/1/removeCertificate", json={"Hostname": "cdn.example.com"}).status_code == 204
    hostname = [item for item in api.get("/pullzone/1?includeCertificate=true").json()["Hostnames"] if item["Value"] == "cdn.example.com"][0]
    assert (hostname["HasCertificate"], hostname["Certificate"]) == (False, None)


@pytest.mark.usefixtures("zones")
def test_a_certificate_for_a_hostname_of_another_zone_or_of_the_system_hostname_is_refused(api):
    body = {"Hostname": "cdn.example.com", "Certificate": "Q0VSVA==", "CertificateKey": "S0VZ"}
    assert_legacy_error(api.post("/pullzone/2/addCertificate", json=body), 400, key="pullzone.hostname_not_found")
    assert_legacy_error(api.delete("/pullzone/1/removeCertificate", json={"Hostname": "assets.b-cdn.net"}), 400, key="pullzone.system_hostname")


@pytest.mark.usefixtures("zones")
def test_the_private_key_type_of_a_hostname_changes(api):
    assert api.post("/pullzone/1/updatePrivateKeyType", json={"Hostname": "cdn.example.com", "KeyType": 1}).status_code == 200
    assert [item["CertificateKeyType"] for item in zone(api)["Hostnames"] if item["Value"] == "cdn.example.com"] == [1]
    assert_legacy_error(api.post("/pullzone/1/updatePrivateKeyType", json={"Hostname": "cdn.example.com", "KeyType": 2}), 400, field="KeyType")


@pytest.mark.usefixtures("zones")
def test_an_external_http_certificate_is_requested_then_completed(api):
    challenge = api.post("/pullzone/requestExternalHttpCertificate", json={"Hostname": "cdn.example.com"})
    assert challenge.status_code == 200, challenge.text
    assert challenge.json()["FilePath"].startswith("/.well-known/acme-challenge/")

    assert api.post("/pullzone/completeExternalHttpCertificate", json={"Hostname": "cdn.example.com"}).status_code == 200
    assert [(item["HasCertificate"], item["CertificateProvisionType"]) for item in zone(api)["Hostnames"] if item["Value"] == "cdn.example.com"] == [(True, 1)]
    assert_legacy_error(api.post("/pullzone/requestExternalHttpCertificate", json={"Hostname": "nowhere.example"}), 404)


@pytest.mark.usefixtures("zones")
def test_the_token_key_is_reset_to_the_one_sent_or_a_new_one(api):
    before = zone(api)["ZoneSecurityKey"]
    assert api.post("/pullzone/1/resetSecurityKey").status_code == 204
    assert zone(api)["ZoneSecurityKey"] not in (before, None)

    assert api.post("/pullzone/1/resetSecurityKey", json={"SecurityKey": "my-own-key-123"}).status_code == 204
    assert zone(api)["ZoneSecurityKey"] == "my-own-key-123"
    assert_legacy_error(api.post("/pullzone/1/resetSecurityKey", json={"SecurityKey": "short"}), 400, field="SecurityKey")


@pytest.mark.usefixtures("zones")
@pytest.mark.parametrize(
    ("path", "total"),
    [("optimizer/statistics", "TotalRequestsOptimized"), ("safehop/statistics", "TotalRequestsRetried"), ("originshield/queuestatistics", None)],
)
def test_zone_statistics_answer_zeros_for_each_hour_or_day_of_the_range(api, path, total):
    daily = api.get(f"/pullzone/1/{path}", params={"dateFrom": "2024-03-01T00:00:00Z", "dateTo": "2024-03-02T00:00:00Z"})
    hourly = api.get(f"/pullzone/1/{path}", params={"dateFrom": "2024-03-01T00:00:00Z", "dateTo": "2024-03-01T05:00:00Z", "hourly": "true"})

    assert daily.status_code == 200, daily.text
    charts = [value for value in daily.json().values() if isinstance(value, dict)]
    assert charts and all(chart == {"2024-03-01T00:00:00Z": 0, "2024-03-02T00:00:00Z": 0} for chart in charts)
    assert all(len(value) == 6 for value in hourly.json().values() if isinstance(value, dict))
    if total:
        assert daily.json()[total] == 0.0
    assert_legacy_error(api.get(f"/pullzone/99/{path}"), 404)


# A free certificate for a hostname whose DNS does not point at the zone


@pytest.mark.usefixtures("zones")
def test_a_free_certificate_fails_as_on_bunny_net_for_a_hostname_named_unpointed(simulator, api):
    simulator.update_settings(unpointed_hostnames=["CDN.example.com"])

    answer = api.get("/pullzone/loadFreeCertificate", params={"hostname": "cdn.example.com"})

    assert_legacy_error(answer, 400, key="pullzone.domain_not_pointing")
    assert answer.json()["Message"] == "The domain cdn.example.com is not pointing to our servers."
    assert [item["HasCertificate"] for item in zone(api)["Hostnames"] if item["Value"] == "cdn.example.com"] == [False]


@pytest.mark.usefixtures("zones")
def test_a_free_certificate_loads_once_the_control_api_says_the_hostname_points_at_the_zone(simulator, api):
    assert requests.post(simulator.url + "/_sim/settings", json={"unpointed_hostnames": ["cdn.example.com"]}, timeout=5).status_code == 200
    assert api.get("/pullzone/loadFreeCertificate", params={"hostname": "cdn.example.com"}).status_code == 400

    assert requests.post(simulator.url + "/_sim/settings", json={"unpointed_hostnames": []}, timeout=5).status_code == 200

    assert api.get("/pullzone/loadFreeCertificate", params={"hostname": "cdn.example.com"}).status_code == 200


# A write to a part of the zone after its settings changed lands on the zone the next read returns.


def _custom_hostname(loaded):
    return next(item for item in loaded["Hostnames"] if item["Value"] == "cdn.example.com")


def _rule(loaded):
    return next((rule for rule in loaded["EdgeRules"] if rule["Guid"] == RULE_GUID), None)


CERTIFICATE = {"Hostname": "cdn.example.com", "Certificate": "Q0VSVA==", "CertificateKey": "S0VZ"}
# Each child write of a pull zone: (method, path, body, what the zone reads back with afterwards).
CHILD_WRITES = [
    ("POST", "/pullzone/1/addHostname", {"Hostname": "new.example.com"}, lambda z: "new.example.com" in [h["Value"] for h in z["Hostnames"]]),
    ("DELETE", "/pullzone/1/removeHostname", {"Hostname": "cdn.example.com"}, lambda z: "cdn.example.com" not in [h["Value"] for h in z["Hostnames"]]),
    ("POST", "/pullzone/1/setForceSSL", {"Hostname": "cdn.example.com", "ForceSSL": True}, lambda z: _custom_hostname(z)["ForceSSL"] is True),
    ("POST", "/pullzone/1/addCertificate", CERTIFICATE, lambda z: _custom_hostname(z)["Certificate"] == "Q0VSVA=="),
    ("DELETE", "/pullzone/1/removeCertificate", {"Hostname": "cdn.example.com"}, lambda z: _custom_hostname(z)["HasCertificate"] is False),
    ("GET", "/pullzone/loadFreeCertificate?hostname=cdn.example.com", None, lambda z: _custom_hostname(z)["CertificateProvisionType"] == 1),
    ("POST", "/pullzone/completeExternalDnsCertificate", {"Hostname": "cdn.example.com"}, lambda z: _custom_hostname(z)["CertificateProvisionType"] == 2),
    ("POST", "/pullzone/completeExternalHttpCertificate", {"Hostname": "cdn.example.com"}, lambda z: _custom_hostname(z)["CertificateProvisionType"] == 1),
    ("POST", "/pullzone/1/updatePrivateKeyType", {"Hostname": "cdn.example.com", "KeyType": 1}, lambda z: _custom_hostname(z)["CertificateKeyType"] == 1),
    ("POST", "/pullzone/1/addAllowedReferrer", {"Hostname": "new.example"}, lambda z: "new.example" in z["AllowedReferrers"]),
    ("POST", "/pullzone/1/removeAllowedReferrer", {"Hostname": "example.com"}, lambda z: z["AllowedReferrers"] == []),
    ("POST", "/pullzone/1/addBlockedReferrer", {"Hostname": "worse.example"}, lambda z: "worse.example" in z["BlockedReferrers"]),
    ("POST", "/pullzone/1/removeBlockedReferrer", {"Hostname": "bad.example"}, lambda z: z["BlockedReferrers"] == []),
    ("POST", "/pullzone/1/addBlockedIp", {"BlockedIp": "192.0.2.9"}, lambda z: "192.0.2.9" in z["BlockedIps"]),
    ("POST", "/pullzone/1/removeBlockedIp", {"BlockedIp": "192.0.2.1"}, lambda z: z["BlockedIps"] == []),
    ("POST", f"/pullzone/1/edgerules/{RULE_GUID}/setEdgeRuleEnabled", {"Id": 1, "Value": False}, lambda z: _rule(z)["Enabled"] is False),
    ("POST", "/pullzone/1/edgerules/addOrUpdate", {"Guid": RULE_GUID, "Description": "renamed"}, lambda z: _rule(z)["Description"] == "renamed"),
    ("POST", "/pullzone/1/edgerules/addOrUpdate", {"ActionType": 1, "Description": "added"}, lambda z: "added" in [r["Description"] for r in z["EdgeRules"]]),
    ("DELETE", f"/pullzone/1/edgerules/{RULE_GUID}", None, lambda z: _rule(z) is None),
    ("POST", "/pullzone/1/resetSecurityKey", {"SecurityKey": "a-new-key-1234"}, lambda z: z["ZoneSecurityKey"] == "a-new-key-1234"),
]


@pytest.mark.parametrize(("method", "path", "body", "holds"), CHILD_WRITES, ids=[f"{method} {path.split('?')[0]}" for method, path, _b, _h in CHILD_WRITES])
def test_a_child_write_after_a_settings_update_is_kept(simulator, api, method, path, body, holds):
    simulator.load_fixtures(
        {
            "pull_zones": [
                {
                    "Id": 1,
                    "Name": "assets",
                    "Hostnames": [{"Value": "cdn.example.com", "HasCertificate": True, "Certificate": "T0xE", "CertificateKey": "T0xE"}],
                    "AllowedReferrers": ["example.com"],
                    "BlockedReferrers": ["bad.example"],
                    "BlockedIps": ["192.0.2.1"],
                    "EdgeRules": [{"Guid": RULE_GUID, "Description": "redirect", "Enabled": True}],
                }
            ]
        }
    )
    # A hostname write first, as a converge makes one before the settings: the simulator then knows the hostnames it holds.
    assert api.post("/pullzone/1/setForceSSL", json={"Hostname": "cdn.example.com", "ForceSSL": False}).status_code == 204
    updated = api.post("/pullzone/1", json={"OriginUrl": "https://new.example.com", "EnableLogging": False})
    assert updated.status_code == 200, updated.text

    answer = api.request(method, path, json=body)
    assert answer.status_code < 300, answer.text

    loaded = api.get("/pullzone/1?includeCertificate=true").json()
    assert holds(loaded), loaded
    assert loaded["OriginUrl"] == "https://new.example.com"
