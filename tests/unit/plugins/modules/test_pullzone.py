"""pullzone and pullzone_info against the simulator: the resource engine's whole life, on the pull zone."""

import requests

from ansible_collections.bunnynet.cloud.plugins.modules import pullzone, pullzone_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import (
    ZONE_ID,
    assets_zone,
    media_zone,
    read_zone,
    writes,
)

SECURITY_KEY = "LEAKCANARY-zone-security-key-41d2"
NEW_ZONE = dict(name="shop", origin_url="https://origin.shop.example", regions=["EU", "US"], cache_expiration=3600,
                blocked_countries=["kp"], cors_enabled=True, cors_extensions=["css", "js"], type="volume")


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(pullzone, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def info(simulator, **options):
    return run_module(pullzone_info, simulator.api_args(**options))


def zones(simulator):
    return requests.get(simulator.url + "/pullzone", headers={"AccessKey": simulator.key}, timeout=10).json()


def load(simulator, *extra):
    simulator.load(pull_zones=[assets_zone(ZoneSecurityKey=SECURITY_KEY, OriginUrl="https://origin.example.com"), media_zone(), *extra])


def the_predicted_part(resource, predicted):
    """What a create returned, limited to what check mode could know of it: what it predicted."""
    return {key: resource[key] for key in predicted}


# --- Create ----------------------------------------------------------------------------------------

def test_a_missing_zone_is_created_with_the_settings_given(simulator):
    load(simulator)

    result = run(simulator, **NEW_ZONE)

    assert result["changed"] is True
    assert [(method, path) for method, path, _body in writes(simulator)] == [("POST", "/pullzone")]
    stored = read_zone(simulator, result["pull_zone"]["id"])
    assert (stored["Name"], stored["OriginUrl"], stored["Type"], stored["CacheControlMaxAgeOverride"]) == ("shop", "https://origin.shop.example", 1, 3600)
    assert (stored["EnableGeoZoneEU"], stored["EnableGeoZoneUS"], stored["EnableGeoZoneASIA"]) == (True, True, False)
    assert result["pull_zone"]["type"] == "volume"


def test_a_create_answered_with_the_zone_reads_nothing_after_it(simulator):
    load(simulator)
    simulator.clear_requests()

    result = run(simulator, name="bare", origin_url="https://bare.example")

    methods = [entry["method"] for entry in simulator.requests()]
    assert methods[-1] == "POST" and methods.count("POST") == 1
    assert result["pull_zone"]["id"] == read_zone(simulator, result["pull_zone"]["id"])["Id"]


def test_a_create_sends_the_name_and_only_the_options_given(simulator):
    load(simulator)

    run(simulator, name="bare", origin_url="https://bare.example")

    assert writes(simulator) == [("POST", "/pullzone", {"Name": "bare", "OriginUrl": "https://bare.example"})]


def test_check_mode_predicts_the_new_zone_and_writes_nothing(simulator):
    load(simulator)

    checked = run(simulator, check_mode=True, diff=True, **NEW_ZONE)

    assert writes(simulator) == []
    assert checked["changed"] is True
    assert checked["pull_zone"]["id"] is None
    assert checked["diff"]["before"] == {}
    applied = run(simulator, **NEW_ZONE)
    read_back = info(simulator, name="shop")["pull_zones"][0]
    server_known = [key for key, value in checked["pull_zone"].items() if value is None]
    assert_prediction_holds(checked["pull_zone"], the_predicted_part(applied["pull_zone"], checked["pull_zone"]),
                            the_predicted_part(read_back, checked["pull_zone"]), server_fields=server_known)


def test_a_second_run_changes_nothing_and_only_reads(simulator):
    load(simulator)
    run(simulator, **NEW_ZONE)
    simulator.clear_requests()

    again = run(simulator, **NEW_ZONE)

    assert again["changed"] is False
    assert writes(simulator) == []
    assert run(simulator, check_mode=True, **NEW_ZONE)["changed"] is False


def test_a_name_another_account_holds_fails_saying_names_are_unique_across_bunny_net(simulator):
    load(simulator)
    requests.post(simulator.url + "/_sim/settings", json={"taken_pull_zone_names": ["popular"]}, timeout=5).raise_for_status()

    result = run(simulator, name="popular", origin_url="https://o.example")

    assert result["failed"] is True
    assert result["changed"] is False
    assert result["msg"].endswith("The name of a pull zone is unique across all of bunny.net, not only your account; choose another name.")
    assert result["api_error"]["error_key"] == "pullzone.name_taken"


def test_a_create_whose_answer_is_lost_is_settled_by_finding_the_name(simulator):
    load(simulator)
    simulator.fault(method="POST", path="^/pullzone$", drop_connection=True, apply=True, count=1)

    result = run(simulator, **NEW_ZONE)

    assert result["changed"] is True
    assert [zone["Name"] for zone in zones(simulator)].count("shop") == 1
    assert [(method, path) for method, path, _body in writes(simulator)] == [("POST", "/pullzone")]
    assert result["pull_zone"]["name"] == "shop"


def test_a_zone_bunny_net_made_itself_is_adopted_by_name_not_created_again(simulator):
    load(simulator, {"Id": 30, "Name": "records-www", "DnsRecordId": 77, "DnsZoneId": 7, "OriginType": 1})

    result = run(simulator, name="records-www", cache_expiration=600)

    assert [(method, path) for method, path, _body in writes(simulator)] == [("POST", "/pullzone/30")]
    assert result["pull_zone"]["id"] == 30
    assert len(zones(simulator)) == 3


# --- Update ----------------------------------------------------------------------------------------

def test_only_the_settings_that_differ_are_sent(simulator):
    load(simulator)

    result = run(simulator, diff=True, name="assets", origin_url="https://origin.example.com", cache_expiration=120,
                 blocked_countries=["RU"], settings={"EnableWebSockets": True})

    assert writes(simulator) == [("POST", "/pullzone/%d" % ZONE_ID,
                                  {"CacheControlMaxAgeOverride": 120, "BlockedCountries": ["RU"], "EnableWebSockets": True})]
    assert result["diff"]["before"]["cache_control_max_age_override"] != 120
    assert result["diff"]["after"]["cache_control_max_age_override"] == 120


def test_check_mode_predicts_an_update_exactly(simulator):
    load(simulator)
    options = dict(id=ZONE_ID, regions=["EU"], stale_while_updating=True, log_anonymization_type="drop", settings={"EnableWebpVary": True})

    checked = run(simulator, check_mode=True, diff=True, **options)
    assert writes(simulator) == []
    applied = run(simulator, diff=True, **options)
    read_back = info(simulator, id=ZONE_ID)["pull_zones"][0]

    assert_prediction_holds(checked["pull_zone"], applied["pull_zone"], read_back)
    assert applied["diff"]["after"] == read_back
    assert applied["pull_zone"]["use_background_update"] is True
    assert applied["pull_zone"]["enable_web_p_vary"] is True


def test_lists_compare_as_sets_and_countries_without_case(simulator):
    load(simulator)
    run(simulator, id=ZONE_ID, blocked_countries=["KP", "RU"], cors_extensions=["CSS", "js"])
    simulator.clear_requests()

    again = run(simulator, id=ZONE_ID, blocked_countries=["ru", "kp"], cors_extensions=["js", "css"])

    assert again["changed"] is False
    assert writes(simulator) == []


def test_an_update_whose_answer_is_lost_is_settled_by_reading(simulator):
    load(simulator)
    simulator.fault(method="POST", path="^/pullzone/%d$" % ZONE_ID, status=504, apply=True, count=1)

    result = run(simulator, id=ZONE_ID, cache_expiration=900)

    assert result["changed"] is True
    assert len(writes(simulator)) == 1
    assert read_zone(simulator)["CacheControlMaxAgeOverride"] == 900


def test_a_different_name_for_an_existing_zone_fails_since_zones_cannot_be_renamed(simulator):
    load(simulator)

    result = run(simulator, id=ZONE_ID, name="renamed")

    assert result["failed"] is True
    assert result["msg"] == ("pull zone 10: name can only be set when the pull zone is created, and differs from what it has; "
                             "delete it and create it again to change it.")
    assert writes(simulator) == []


def test_an_id_no_zone_has_fails_and_never_creates(simulator):
    load(simulator)

    result = run(simulator, id=999, name="ghost", origin_url="https://o.example")

    assert result["failed"] is True
    assert result["status"] == 404
    assert writes(simulator) == []


def test_secrets_are_masked_in_results_and_diffs(simulator):
    load(simulator)

    result = run(simulator, diff=True, id=ZONE_ID, token_auth_enabled=True)

    assert result["pull_zone"]["zone_security_key"] == "********"
    assert SECURITY_KEY not in repr(result)


# --- Refusals before any request --------------------------------------------------------------------

def test_an_unknown_setting_fails_before_any_request_with_the_closest_name(simulator):
    load(simulator)

    result = run(simulator, id=ZONE_ID, settings={"EnableWebsockets": True})

    assert result["failed"] is True
    assert result["msg"] == ("Invalid input: EnableWebsockets is not a property of the pull zone update model "
                             "(did you mean EnableWebSockets?).")
    assert simulator.requests() == []


def test_an_origin_url_for_an_edge_script_zone_fails_before_any_write(simulator):
    load(simulator, {"Id": 31, "Name": "router-zone", "OriginType": 4, "EdgeScriptId": 5, "OriginUrl": "https://router.b-cdn.net"})

    result = run(simulator, name="router-zone", origin_url="https://elsewhere.example")

    assert result["failed"] is True
    assert "origin_url cannot be set for a zone whose origin is an Edge Script" in result["msg"]
    assert writes(simulator) == []


def test_an_edge_script_zone_converges_without_touching_its_origin(simulator):
    load(simulator, {"Id": 31, "Name": "router-zone", "OriginType": 4, "EdgeScriptId": 5, "OriginUrl": "https://router.b-cdn.net"})

    result = run(simulator, name="router-zone", origin_type="edge_script", cache_expiration=60)

    assert writes(simulator) == [("POST", "/pullzone/31", {"CacheControlMaxAgeOverride": 60})]
    assert result["pull_zone"]["origin_type"] == "edge_script"


def test_background_updates_off_with_stale_while_updating_fails_before_any_write(simulator):
    load(simulator)

    result = run(simulator, id=ZONE_ID, stale_while_updating=True, background_update=False)

    assert result["failed"] is True
    assert "background_update=false cannot hold while stale_while_updating is true" in result["msg"]
    assert writes(simulator) == []


# --- The origin of a DNS-accelerated zone --------------------------------------------------------------

ACCELERATED = {"Id": 40, "Name": "www-accelerated", "OriginType": 1, "OriginUrl": "http://192.0.2.10"}


def test_a_dns_origin_reads_its_scheme_and_port_from_the_origin_url(simulator):
    load(simulator, dict(ACCELERATED, OriginUrl="https://192.0.2.10:8443"))

    zone = info(simulator, id=40)["pull_zones"][0]

    assert (zone["dns_origin_scheme"], zone["dns_origin_port"]) == ("https", 8443)
    assert "dns_origin_port" not in info(simulator, id=ZONE_ID)["pull_zones"][0]


def test_a_dns_origin_without_a_port_uses_its_schemes_own(simulator):
    load(simulator, ACCELERATED)

    result = run(simulator, id=40, dns_origin_scheme="http", dns_origin_port=80)

    assert result["changed"] is False
    assert (result["pull_zone"]["dns_origin_scheme"], result["pull_zone"]["dns_origin_port"]) == ("http", 80)
    assert writes(simulator) == []


def test_a_new_dns_origin_scheme_and_port_are_sent_and_predicted_as_the_origin_url_reads_back(simulator):
    load(simulator, ACCELERATED)
    options = dict(id=40, dns_origin_scheme="https", dns_origin_port=8443)

    checked = run(simulator, check_mode=True, diff=True, **options)
    applied = run(simulator, **options)

    assert writes(simulator) == [("POST", "/pullzone/40", {"DnsOriginScheme": "https", "DnsOriginPort": 8443})]
    assert read_zone(simulator, 40)["OriginUrl"] == "https://192.0.2.10:8443"
    assert checked["diff"]["before"]["dns_origin_port"] == 80 and checked["diff"]["after"]["dns_origin_port"] == 8443
    assert_prediction_holds(checked["pull_zone"], applied["pull_zone"], info(simulator, id=40)["pull_zones"][0])
    assert run(simulator, **options)["changed"] is False


def test_a_scheme_alone_keeps_no_port_and_takes_the_schemes_own(simulator):
    load(simulator, ACCELERATED)

    checked = run(simulator, check_mode=True, id=40, dns_origin_scheme="https")
    applied = run(simulator, id=40, dns_origin_scheme="https")

    assert writes(simulator) == [("POST", "/pullzone/40", {"DnsOriginScheme": "https"})]
    assert applied["pull_zone"]["origin_url"] == checked["pull_zone"]["origin_url"] == "https://192.0.2.10"
    assert applied["pull_zone"]["dns_origin_port"] == 443


def test_a_dns_origin_setting_for_a_zone_of_another_origin_fails_before_any_write(simulator):
    load(simulator)

    result = run(simulator, id=ZONE_ID, dns_origin_port=8080)

    assert result["failed"] is True
    assert "dns_origin_port applies to zones whose origin_type is dns_accelerate, and this zone's is url" in result["msg"]
    assert writes(simulator) == []


def test_a_dns_origin_port_out_of_range_fails_before_any_request(simulator):
    result = run(simulator, id=40, dns_origin_port=70000)

    assert result["failed"] is True
    assert "dns_origin_port must be between 1 and 65535, got 70000" in result["msg"]
    assert simulator.requests() == []


# --- Delete -----------------------------------------------------------------------------------------

def test_state_absent_deletes_the_zone_and_a_second_run_is_ok(simulator):
    load(simulator)

    checked = run(simulator, check_mode=True, name="media", state="absent")
    assert checked["changed"] is True and writes(simulator) == []
    deleted = run(simulator, diff=True, name="media", state="absent")
    again = run(simulator, name="media", state="absent")

    assert deleted["changed"] is True
    assert deleted["pull_zone"] is None
    assert deleted["diff"]["before"]["name"] == "media"
    assert writes(simulator) == [("DELETE", "/pullzone/11", None)]
    assert again["changed"] is False
    assert [zone["Name"] for zone in zones(simulator)] == ["assets"]


def test_state_absent_by_an_id_already_gone_is_ok_and_says_nothing_was_there(simulator):
    load(simulator)

    result = run(simulator, diff=True, id=99, state="absent")

    assert "failed" not in result and result["changed"] is False
    assert (result["pull_zone"], result["diff"]["before"]) == (None, {})
    assert writes(simulator) == []


def test_an_update_by_id_sends_only_what_differs_and_reads_nothing_after_the_zone_the_api_answers(simulator):
    load(simulator)
    simulator.clear_requests()

    result = run(simulator, id=ZONE_ID, cache_expiration=120)

    assert writes(simulator) == [("POST", "/pullzone/%d" % ZONE_ID, {"CacheControlMaxAgeOverride": 120})]
    assert [entry["method"] for entry in simulator.requests()][-1] == "POST"
    assert result["pull_zone"]["cache_control_max_age_override"] == 120


def test_every_state_the_api_would_not_keep_is_named_in_one_failure(simulator):
    load(simulator)

    result = run(simulator, name="assets", origin_url="https://a.example", stale_while_updating=True, background_update=False,
                 origin_type="edge_script")

    assert result["msg"].startswith("Invalid input: ") and result["msg"].endswith(".")
    assert result["msg"] == "Invalid input: %s." % "; ".join(result["invalid_options"])
    assert len(result["invalid_options"]) == 2
    assert writes(simulator) == []


def test_a_delete_whose_answer_is_lost_is_settled_by_the_404(simulator):
    load(simulator)
    simulator.fault(method="DELETE", path="^/pullzone/11$", drop_connection=True, apply=True, count=1)

    result = run(simulator, id=11, state="absent")

    assert result["changed"] is True
    assert len(writes(simulator)) == 1


# --- pullzone_info ------------------------------------------------------------------------------------

def test_info_reads_every_zone_across_pages(simulator):
    simulator.load(pull_zones=[{"Id": number, "Name": "zone-%04d" % number} for number in range(1, 1206)])

    result = info(simulator)

    assert len(result["pull_zones"]) == 1205
    assert [entry["query"]["page"] for entry in simulator.requests()] == ["1", "2"]


def test_info_finds_a_name_exactly_although_the_search_matches_more(simulator):
    simulator.load(pull_zones=[{"Id": 1, "Name": "site"}, {"Id": 2, "Name": "site-staging"}])

    assert [zone["id"] for zone in info(simulator, name="site")["pull_zones"]] == [1]
    assert [zone["id"] for zone in info(simulator, search="site")["pull_zones"]] == [1, 2]
    assert info(simulator, name="absent")["pull_zones"] == []


def test_info_masks_secrets(simulator):
    load(simulator)

    result = info(simulator, id=ZONE_ID)

    assert result["pull_zones"][0]["zone_security_key"] == "********"
    assert SECURITY_KEY not in repr(result)


# --- The token key: set, rotated, returned on request ------------------------------------------------------

def test_the_token_key_is_returned_only_when_asked_and_only_under_secrets(simulator):
    load(simulator)

    plain = run(simulator, id=ZONE_ID)
    asked = run(simulator, id=ZONE_ID, return_token_key=True, diff=True)

    assert "secrets" not in plain and SECURITY_KEY not in repr(plain)
    assert asked["secrets"] == {"token_key": SECURITY_KEY}
    assert asked["changed"] is False and writes(simulator) == []
    assert asked["pull_zone"]["zone_security_key"] == "********"
    assert SECURITY_KEY not in repr((asked["pull_zone"], asked["diff"]))


def test_rotating_and_asking_for_the_key_go_together(simulator):
    load(simulator)

    result = run(simulator, id=ZONE_ID, rotate_token_key=True, return_token_key=True)

    assert result["secrets"]["token_key"] == read_zone(simulator)["ZoneSecurityKey"]


def test_rotating_resets_the_key_returns_the_new_one_and_reads_it_back(simulator):
    load(simulator)

    checked = run(simulator, check_mode=True, diff=True, id=ZONE_ID, rotate_token_key=True)
    rotated = run(simulator, id=ZONE_ID, rotate_token_key=True)

    assert checked["changed"] is True and checked["secrets"] == {"token_key": None} and checked["rotated"] == ["token_key"]
    assert writes(simulator) == [("POST", "/pullzone/%d/resetSecurityKey" % ZONE_ID, None)]
    new_key = read_zone(simulator)["ZoneSecurityKey"]
    assert new_key != SECURITY_KEY and rotated["secrets"] == {"token_key": new_key}
    assert rotated["pull_zone"]["zone_security_key"] == "********"
    assert_prediction_holds(checked["pull_zone"], rotated["pull_zone"], info(simulator, id=ZONE_ID)["pull_zones"][0])


def test_a_rotation_is_never_a_side_effect_of_a_run(simulator):
    load(simulator)

    run(simulator, id=ZONE_ID, cache_expiration=60, return_token_key=True)

    assert read_zone(simulator)["ZoneSecurityKey"] == SECURITY_KEY
    assert [path for _method, path, _body in writes(simulator)] == ["/pullzone/%d" % ZONE_ID]


def test_a_chosen_token_key_is_set_once_and_compared_after(simulator):
    load(simulator)
    chosen = "LEAKCANARY-chosen-key-0001"

    checked = run(simulator, check_mode=True, id=ZONE_ID, token_key=chosen)
    applied = run(simulator, id=ZONE_ID, token_key=chosen)
    again = run(simulator, id=ZONE_ID, token_key=chosen)

    assert checked["changed"] is True and checked["rotated"] == ["token_key"]
    assert applied["changed"] is True and "secrets" not in applied and chosen not in repr(applied)
    assert writes(simulator) == [("POST", "/pullzone/%d/resetSecurityKey" % ZONE_ID, {"SecurityKey": chosen})]
    assert again["changed"] is False


def test_a_new_zone_can_be_created_with_its_key_rotated_and_returned(simulator):
    load(simulator)

    result = run(simulator, name="fresh", origin_url="https://o.example", rotate_token_key=True)

    zone = read_zone(simulator, result["pull_zone"]["id"])
    assert [(method, path) for method, path, _body in writes(simulator)] == [
        ("POST", "/pullzone"), ("POST", "/pullzone/%d/resetSecurityKey" % zone["Id"])]
    assert result["secrets"] == {"token_key": zone["ZoneSecurityKey"]}


def test_a_lost_reset_answer_is_settled_by_reading_a_new_key_and_not_sent_again(simulator):
    load(simulator)
    simulator.fault(method="POST", path="/resetSecurityKey$", drop_connection=True, apply=True, count=1)

    result = run(simulator, id=ZONE_ID, rotate_token_key=True)

    assert result["changed"] is True
    assert len(writes(simulator)) == 1
    assert result["secrets"]["token_key"] == read_zone(simulator)["ZoneSecurityKey"] != SECURITY_KEY


def test_a_token_key_out_of_bounds_or_with_rotation_fails_before_any_request(simulator):
    short = run(simulator, id=ZONE_ID, token_key="short")
    both = run(simulator, id=ZONE_ID, token_key="long-enough-key", rotate_token_key=True)
    returned = run(simulator, id=ZONE_ID, token_key="long-enough-key", return_token_key=True)

    assert "token_key must be between 8 and 36 characters long, got 5" in short["msg"]
    assert "mutually exclusive: token_key|rotate_token_key" in both["msg"]
    assert "mutually exclusive: token_key|return_token_key" in returned["msg"]
    assert simulator.requests() == []
