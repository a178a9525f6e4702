"""pullzone_optimizer_class against the simulator: a zone's image classes, keyed by name, written as one list."""

from ansible_collections.bunnynet.cloud.plugins.modules import pullzone_optimizer_class
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import ZONE_ID, assets_zone, read_zone, writes

THUMBNAIL = {"Name": "thumbnail", "Properties": {"width": "200", "height": "200"}}
BANNER = {"Name": "banner", "Properties": {"width": "1200", "sharpen": "true"}}
ZONE_PATH = "/pullzone/%d" % ZONE_ID


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(pullzone_optimizer_class, simulator.api_args(pull_zone_id=ZONE_ID, **options), check_mode=check_mode, diff=diff)


def load(simulator, *classes):
    simulator.load(pull_zones=[assets_zone(OptimizerClasses=list(classes))])


def stored(simulator):
    return read_zone(simulator)["OptimizerClasses"]


def read_back(simulator):
    """The classes as the module shows them, read past the module."""
    return [dict({"name": item["Name"]}, **{name: pullzone_optimizer_class_value(name, value) for name, value in item["Properties"].items()})
            for item in stored(simulator)]


def pullzone_optimizer_class_value(name, value):
    if value in ("true", "false"):
        return value == "true"
    return int(value) if value.lstrip("-").isdigit() else value


def test_a_new_class_is_added_with_the_whole_list_in_one_update(simulator):
    load(simulator, BANNER)

    result = run(simulator, classes=[dict(name="thumbnail", width=200, height=200, crop_gravity="center")])

    assert result["changed"] is True
    assert writes(simulator) == [("POST", ZONE_PATH, {"OptimizerClasses": [
        BANNER, {"Name": "thumbnail", "Properties": {"width": "200", "height": "200", "crop_gravity": "center"}}]})]
    assert result["optimizer_classes"] == read_back(simulator)


def test_check_mode_predicts_the_classes_exactly_and_writes_nothing(simulator):
    load(simulator, BANNER, THUMBNAIL)
    options = dict(classes=[dict(name="thumbnail", width=320, quality=75), dict(name="avatar", width=64, height=64, sharpen=False)])

    checked = run(simulator, check_mode=True, diff=True, **options)
    assert writes(simulator) == []
    applied = run(simulator, **options)

    assert checked["changed"] is True
    # The diff shows the class that changes by its name, only what changes of it, and the one added whole.
    assert checked["diff"]["before"]["optimizer_classes"] == {"thumbnail": {"width": 200, "height": 200}}
    assert checked["diff"]["after"]["optimizer_classes"]["thumbnail"] == {"width": 320, "quality": 75}
    assert checked["diff"]["after"]["optimizer_classes"]["avatar"] == {"name": "avatar", "width": 64, "height": 64, "sharpen": False}
    assert_prediction_holds(checked["optimizer_classes"], applied["optimizer_classes"], read_back(simulator))
    assert applied["optimizer_classes"][2] == {"name": "avatar", "width": 64, "height": 64, "sharpen": False}


def test_a_class_is_replaced_whole_so_a_transformation_left_out_goes(simulator):
    load(simulator, THUMBNAIL)

    run(simulator, classes=[dict(name="thumbnail", width=200)])

    assert stored(simulator) == [{"Name": "thumbnail", "Properties": {"width": "200"}}]


def test_the_same_classes_in_another_order_change_nothing_and_only_read(simulator):
    load(simulator, BANNER, THUMBNAIL)

    result = run(simulator, classes=[dict(name="thumbnail", height=200, width=200), dict(name="banner", sharpen=True, width=1200)])

    assert result["changed"] is False
    assert [entry["method"] for entry in simulator.requests()] == ["GET"]


def test_classes_not_listed_stay_unless_purged(simulator):
    load(simulator, BANNER, THUMBNAIL)
    options = dict(classes=[dict(name="thumbnail", width=200, height=200)])

    assert run(simulator, **options)["changed"] is False
    purged = run(simulator, purge=True, **options)

    assert purged["changed"] is True
    assert stored(simulator) == [THUMBNAIL]
    assert run(simulator, purge=True, **options)["changed"] is False


def test_absent_removes_the_named_classes_whatever_they_set(simulator):
    load(simulator, BANNER, THUMBNAIL)

    result = run(simulator, classes=[dict(name="banner", width=1)], state="absent")

    assert result["changed"] is True
    assert stored(simulator) == [THUMBNAIL]
    assert run(simulator, classes=[dict(name="banner")], state="absent")["changed"] is False


def test_several_changes_are_one_update(simulator):
    load(simulator, BANNER, THUMBNAIL)

    run(simulator, classes=[dict(name="thumbnail", width=100), dict(name="avatar", width=64)], purge=True)

    assert [(method, path) for method, path, _body in writes(simulator)] == [("POST", ZONE_PATH)]
    assert [item["Name"] for item in stored(simulator)] == ["thumbnail", "avatar"]


def test_a_lost_answer_is_settled_by_reading_the_classes(simulator):
    load(simulator, BANNER)
    simulator.fault(method="POST", path="^%s$" % ZONE_PATH, drop_connection=True, apply=True, count=1)

    result = run(simulator, classes=[dict(name="thumbnail", width=200, height=200)])

    assert result["changed"] is True
    assert [(method, path) for method, path, _body in writes(simulator)] == [("POST", ZONE_PATH)]
    assert stored(simulator) == [BANNER, THUMBNAIL]


def test_a_class_named_twice_or_out_of_bounds_fails_before_any_request(simulator):
    result = run(simulator, classes=[dict(name="thumbnail", quality=101), dict(name="thumbnail"), dict(name="big thumb")])

    assert result["failed"] is True
    assert "classes[0].quality must be between 0 and 100, got 101" in result["msg"]
    assert "classes[2].name must match letters, digits, - and _" in result["msg"]
    assert "classes must name each class once, got 'thumbnail' more than once" in result["msg"]
    assert simulator.requests() == []


def test_a_missing_zone_is_named(simulator):
    load(simulator)

    result = run_module(pullzone_optimizer_class, simulator.api_args(pull_zone_id=99, classes=[dict(name="x")]))

    assert result["failed"] is True
    assert result["msg"] == "Pull zone 99 was not found (HTTP 404)."
