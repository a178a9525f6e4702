"""shield_bot_categorization against the simulator."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import shield_bot_categorization
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import BASIC_ZONE_ID, ZONE_ID, read_whole

CATEGORIZATION_PATH = "/shield/shield-zone/%d/bot-categorization" % ZONE_ID
# The zone blocks AI scrapers; GPTBot (id 3) is allowed all the same.
STORED = {"categories": {"2": 1}, "bots": {"3": 2}}


@pytest.fixture
def zone(simulator):
    simulator.load(shield_zones=[{"shieldZoneId": ZONE_ID, "pullZoneId": 7, "botCategorization": STORED},
                                 {"shieldZoneId": BASIC_ZONE_ID, "planType": 0}])
    return simulator


def run(simulator, check_mode=False, diff=False, **options):
    options.setdefault("shield_zone_id", ZONE_ID)
    return run_module(shield_bot_categorization, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def read_back(simulator):
    """The zone's categorisation in the module's projection, from a plain read."""
    result = run(simulator)
    assert result["changed"] is False
    return result["bot_categorization"]


def actions(simulator):
    groups = read_whole(simulator, CATEGORIZATION_PATH)["categories"]
    return ({group["category"]: group["categoryAction"] for group in groups},
            {bot["userAgentMatch"]: bot["action"] for group in groups for bot in group["bots"]})


def test_the_categories_and_bots_are_returned_with_the_vendor_names(zone):
    result = run(zone)

    assert {"category": "ai_scraper", "action": "block"} in result["bot_categorization"]["categories"]
    gpt = next(bot for bot in result["bot_categorization"]["bots"] if bot["name"] == "GPTBot")
    assert gpt == {"name": "GPTBot", "bot_id": 3, "category": "ai_scraper", "action": "allow", "is_verifiable": True}
    assert zone.writes() == []


def test_check_mode_predicts_the_actions_and_applying_sets_them_one_put_each(zone):
    options = dict(categories=[dict(category="seo", action="allow"), dict(category="ai_scraper", action="block")],
                   bots=[dict(name="gptbot", action="none"), dict(name="curl", action="ignore")])

    checked = run(zone, check_mode=True, diff=True, **options)
    assert zone.writes() == []
    applied = run(zone, **options)

    assert [(entry["method"], entry["path"], entry["body"]) for entry in zone.writes()] == [
        ("PUT", CATEGORIZATION_PATH + "/categories/1", {"action": 2}),
        ("PUT", CATEGORIZATION_PATH + "/bots/3", {"action": 0}),
        ("PUT", CATEGORIZATION_PATH + "/bots/8", {"action": 3}),
    ]
    assert_prediction_holds(checked["bot_categorization"], applied["bot_categorization"], read_back(zone))
    assert checked["diff"]["before"] != checked["diff"]["after"]
    categories, bots = actions(zone)
    assert (categories[1], categories[2], bots["GPTBot"], bots["curl"]) == (2, 1, 0, 3)


def test_actions_in_place_read_once_and_report_ok(zone):
    result = run(zone, categories=[dict(category="ai_scraper", action="block")], bots=[dict(name="GPTBot", action="allow")])

    assert result["changed"] is False
    assert [(entry["method"], entry["path"]) for entry in zone.requests()] == [("GET", CATEGORIZATION_PATH)]


def test_a_bot_the_zone_does_not_list_fails_before_any_write_with_the_closest_names(zone):
    result = run(zone, categories=[dict(category="seo", action="block")], bots=[dict(name="GPTBott", action="block")])

    assert result["failed"] is True
    assert result["msg"] == "Shield zone %d has no categorised bot named GPTBott (did you mean GPTBot?)." % ZONE_ID
    assert zone.writes() == []


def test_a_lost_answer_to_a_put_is_settled_by_reading(zone):
    zone.fault(method="PUT", path="/bots/8$", status=503, apply=True, count=1)

    result = run(zone, bots=[dict(name="curl", action="block")])

    assert result["changed"] is True and "failed" not in result
    assert actions(zone)[1]["curl"] == 1


def test_a_basic_plan_zone_fails_saying_its_plan_lacks_bot_categorisation(zone):
    result = run(zone, shield_zone_id=BASIC_ZONE_ID, categories=[dict(category="seo", action="allow")])

    assert result["failed"] is True
    assert "does not include bot categorisation" in result["msg"]
    assert result["api_error"]["error_key"] == "invalid_plan_type.bot_categorization"
    assert zone.writes() == []


@pytest.mark.parametrize(("options", "named"), [
    (dict(categories=[dict(category="crawlers", action="block")]), "category must be one of"),
    (dict(categories=[dict(category="seo", action="ignore")]), "action must be one of: none, block, allow"),
    (dict(bots=[dict(name="curl", action="deny")]), "action must be one of: none, block, allow, ignore"),
    (dict(categories=[dict(category="seo", action="allow"), dict(category="seo", action="block")]), "categories must name each category once"),
    (dict(bots=[dict(name="curl", action="allow"), dict(name="CURL", action="block")]), "bots must name each bot once"),
])
def test_bad_input_fails_before_any_request(zone, options, named):
    result = run(zone, **options)

    assert result["failed"] is True and named in result["msg"]
    assert zone.requests() == []
