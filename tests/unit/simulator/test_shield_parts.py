"""Shield beyond the zone's rules and lists: API Guardian's settings, bot categorization, upload scanning, custom pages, the catalogue, metrics and logs."""

import pytest

WORLD = {
    "pull_zones": [{"Id": 10, "Name": "shop"}, {"Id": 11, "Name": "blog"}, {"Id": 12, "Name": "spare"}],
    "shield_zones": [
        {"shieldZoneId": 1, "pullZoneId": 10, "apiGuardian": {"endpoints": [{"apiGuardianEndpointId": 7, "requestPath": "/pets",
                                                                            "availableParameters": {"Query": ["limit"]}}]}},
        {"shieldZoneId": 2, "pullZoneId": 11, "planType": 0},
    ],
}  # fmt: skip


@pytest.fixture
def zones(simulator):
    simulator.load_fixtures(WORLD)


def data(answer):
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["error"]["success"] is True
    return body["data"]


@pytest.mark.usefixtures("zones")
def test_api_guardian_is_switched_and_an_endpoints_checks_set(api):
    configuration = data(api.patch("/shield/shield-zone/1/api-guardian", json={"isEnabled": True, "executionMode": 1, "unmatchedPathAction": 0}))
    assert (configuration["isEnabled"], configuration["executionMode"], configuration["unmatchedPathAction"]) == (True, 1, 0)

    endpoint = data(
        api.patch("/shield/shield-zone/1/api-guardian/endpoint/7", json={"detectParameterSqli": True, "injectionDetectionParameters": {"Query": ["limit"]}})
    )
    assert (endpoint["detectParameterSqli"], endpoint["injectionDetectionParameters"]) == (True, {"Query": ["limit"]})
    assert api.patch("/shield/shield-zone/1/api-guardian/endpoint/7", json={"injectionDetectionParameters": {"Query": ["nope"]}}).status_code == 400
    assert api.patch("/shield/shield-zone/1/api-guardian/endpoint/8", json={"isEnabled": False}).status_code == 404
    assert api.patch("/shield/shield-zone/1/api-guardian/endpoint/7", json={"rateLimitingTimeframe": 7}).status_code == 400


@pytest.mark.usefixtures("zones")
def test_a_bot_and_a_category_get_their_actions_and_clearing_returns_to_none(api):
    assert data(api.put("/shield/shield-zone/1/bot-categorization/bots/3", json={"action": 1}))["action"] == 1
    assert data(api.put("/shield/shield-zone/1/bot-categorization/categories/2", json={"action": 2})) == {"category": 2, "action": 2}

    groups = {group["category"]: group for group in api.get("/shield/shield-zone/1/bot-categorization").json()["categories"]}
    assert groups[2]["categoryAction"] == 2 and [bot["action"] for bot in groups[2]["bots"] if bot["botId"] == 3] == [1]
    assert data(api.put("/shield/shield-zone/1/bot-categorization/bots/3", json={"action": 0}))["action"] == 0
    assert api.put("/shield/shield-zone/1/bot-categorization/bots/999", json={"action": 1}).status_code == 404
    assert api.put("/shield/shield-zone/1/bot-categorization/categories/9", json={"action": 1}).status_code == 400


@pytest.mark.usefixtures("zones")
def test_bot_categorization_is_refused_on_the_basic_plan(api):
    answer = api.get("/shield/shield-zone/2/bot-categorization")

    assert answer.status_code == 403
    assert answer.json()["error"]["errorKey"] == "invalid_plan_type.bot_categorization"


@pytest.mark.usefixtures("zones")
def test_upload_scanning_is_read_and_set(api):
    assert data(api.get("/shield/shield-zone/1/upload-scanning")) == {"shieldZoneId": 1, "isEnabled": False, "csamScanningMode": 0, "antivirusScanningMode": 0}

    changed = data(api.patch("/shield/shield-zone/1/upload-scanning", json={"shieldZoneId": 1, "isEnabled": True, "antivirusScanningMode": 2}))

    assert (changed["isEnabled"], changed["antivirusScanningMode"], changed["csamScanningMode"]) == (True, 2, 0)
    assert api.patch("/shield/shield-zone/1/upload-scanning", json={"shieldZoneId": 2, "isEnabled": True}).status_code == 400
    assert data(api.get("/shield/shield-zone/1/upload-scanning"))["isEnabled"] is True


def test_a_zone_created_with_scanners_scans_uploads(simulator, api):
    simulator.load_fixtures(WORLD)

    assert api.post("/shield/shield-zone", json={"pullZoneId": 12, "antivirusScanningMode": 1}).status_code == 200

    assert data(api.get("/shield/shield-zone/3/upload-scanning"))["antivirusScanningMode"] == 1


@pytest.mark.usefixtures("zones")
def test_a_custom_page_is_kept_as_sent_and_deleted(api):
    assert (
        api.put(
            "/shield/shield-zone/1/custom-page/block", data=b"<h1>Blocked</h1>", headers={"AccessKey": "sim-api-key", "Content-Type": "text/html"}
        ).status_code
        == 200
    )
    page = api.get("/shield/shield-zone/1/custom-page/block")
    assert (page.text, page.headers["content-type"].split(";")[0]) == ("<h1>Blocked</h1>", "text/plain")

    assert api.delete("/shield/shield-zone/1/custom-page/block").json()["success"] is True
    assert api.get("/shield/shield-zone/1/custom-page/block").status_code == 404
    assert api.put("/shield/shield-zone/1/custom-page/block", data=b" ").status_code == 400


@pytest.mark.usefixtures("zones")
def test_a_zone_under_attack_challenges_at_once_and_a_second_is_refused(api):
    created = data(api.post("/shield/shield-zone/under-attack", json={"pullZoneId": 12, "planType": 1}))
    zone = api.get(f"/shield/shield-zone/{created['shieldZone']['shieldZoneId']}").json()["data"]

    assert (zone["dDoSShieldSensitivity"], zone["dDoSExecutionMode"], zone["planType"]) == (4, 1, 1)
    assert api.post("/shield/shield-zone/under-attack", json={"pullZoneId": 12, "planType": 1}).status_code == 409
    assert api.post("/shield/shield-zone/under-attack", json={"pullZoneId": 99, "planType": 1}).status_code == 403


@pytest.mark.usefixtures("zones")
def test_the_defaults_and_the_mapping_describe_new_and_existing_zones(api):
    defaults = data(api.get("/shield/shield-zone/defaults"))

    assert (defaults["shieldZone"]["planType"], defaults["shieldZone"]["wafEnabled"]) == (0, True)
    assert api.get("/shield/shield-zones/pullzone-mapping").json()["data"] == [{"shieldZoneId": 1, "pullZoneId": 10}, {"shieldZoneId": 2, "pullZoneId": 11}]


@pytest.mark.usefixtures("zones")
def test_reviewing_a_triggered_rule_logs_it_only_or_disables_it(api):
    for rule, action in (("941100", 1), ("942100", 2), ("913100", 0)):
        assert api.post("/shield/waf/rules/review-triggered/1", json={"ruleId": rule, "action": action}).json()["success"] is True

    zone = api.get("/shield/shield-zone/1").json()["data"]
    assert (zone["wafLogOnlyRules"], zone["wafDisabledRules"]) == (["941100"], ["942100"])


@pytest.mark.usefixtures("zones")
def test_a_zones_rules_are_those_its_plan_includes(api):
    def rule_ids(groups):
        return {rule["ruleId"] for main in groups for group in main["ruleGroups"] for rule in group["rules"]}

    by_plan = {item["planValue"]: rule_ids(item["rules"]) for item in api.get("/shield/waf/rules/plan-segmentation").json()["data"]}

    assert rule_ids(api.get("/shield/waf/rules/2").json()) == by_plan[0] < by_plan[1] == rule_ids(api.get("/shield/waf/rules/1").json())


@pytest.mark.usefixtures("zones")
def test_the_enumerations_name_the_vendors_values(api):
    assert api.get("/shield/shield-zone/1/access-lists/enums").json()["AccessListType"]["3"] == "Country"
    assert api.get("/shield/shield-zone/1/api-guardian/enums").json()["RateLimitTimeframe"]["60"] == "PerOneMinute"
    waf = {item["enumName"]: {value["value"]: value["name"] for value in item["enumValues"]} for item in api.get("/shield/waf/enums").json()["data"]}
    assert waf["WafRuleOperatorType"][17] == "DETECTSQLI" and waf["WafRuleTransformationType"][21] == "UTF8TOUNICODE"


@pytest.mark.usefixtures("zones")
def test_metrics_count_nothing_for_each_of_the_past_28_days_unless_a_fixture_reports(simulator, api):
    overview = data(api.get("/shield/metrics/overview/1"))
    assert len(overview["overviewPastTwentyEightDays"]) == 28 and overview["waf"]["blockedRequests"] == 0

    simulator.load_fixtures(dict(WORLD, reports={"/shield/metrics/shield-zone/1/bot-detection": {"data": {"totalChallengedRequests": 42}}}))

    assert api.get("/shield/metrics/shield-zone/1/bot-detection").json()["data"] == {"totalChallengedRequests": 42}


@pytest.mark.usefixtures("zones")
def test_event_logs_are_a_days_report_and_search_and_export_find_nothing(simulator, api):
    logs = [{"logId": "a", "timestamp": 1709280000, "log": "blocked", "labels": {"ruleId": "941100"}}]
    simulator.load_fixtures(dict(WORLD, reports={"/shield/event-logs/1/03-01-2024": {"logs": logs}}))

    assert api.get("/shield/event-logs/1/03-01-2024/start").json()["logs"] == logs
    assert api.get("/shield/event-logs/1/2024-03-01/start").status_code == 400
    assert api.post("/shield/event-logs/1/search", json={"from": 2, "to": 1}).status_code == 400
    assert api.post("/shield/event-logs/1/export", json={"from": 1, "to": 2}).text.startswith("logId,timestamp")


KEPT_DOCUMENT = """openapi: 3.0.3
info: {title: Pets, version: "%s"}
paths:
  /pets:
    get:
      parameters:
        - {name: limit, in: query, schema: {type: integer}}
      responses: {'200': {description: the pets}}
"""


def test_an_upload_keeps_the_settings_of_the_endpoints_it_keeps(api, simulator):
    simulator.load_fixtures({"shield_zones": [{"shieldZoneId": 1}]})
    api.post("/shield/shield-zone/1/api-guardian/spec", json={"content": KEPT_DOCUMENT % "1"})
    endpoint = data(api.get("/shield/shield-zone/1/api-guardian"))["endpoints"][0]
    api.patch("/shield/shield-zone/1/api-guardian/endpoint/%d" % endpoint["apiGuardianEndpointId"],
              json={"isEnabled": False, "rateLimitingEnabled": True, "rateLimitingRequestCount": 5, "injectionDetectionParameters": {"Query": ["limit"]}})

    data(api.patch("/shield/shield-zone/1/api-guardian/spec", json={"content": KEPT_DOCUMENT % "2"}))

    kept = data(api.get("/shield/shield-zone/1/api-guardian"))["endpoints"][0]
    assert kept["apiGuardianEndpointId"] == endpoint["apiGuardianEndpointId"]
    assert (kept["isEnabled"], kept["rateLimitingEnabled"], kept["rateLimitingRequestCount"]) == (False, True, 5)
    assert kept["injectionDetectionParameters"] == {"Path": [], "Query": ["limit"], "Header": [], "Cookie": []}
