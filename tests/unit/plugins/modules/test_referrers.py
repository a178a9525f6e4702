"""pullzone_referrer and videolibrary_referrer against the simulator: one behaviour, two parents."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import pullzone_referrer, videolibrary_referrer
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.pull_zone_fixtures import (
    LIBRARY_ID,
    ZONE_ID,
    assets_zone,
    lessons_library,
    read,
    requests_sent,
    writes,
)


class Parent:
    def __init__(self, module, id_option, record_id, path, noun):
        self.module = module
        self.id_option = id_option
        self.record_id = record_id
        self.path = path
        self.noun = noun

    def __repr__(self):
        return self.module.__name__.rsplit(".", 1)[-1]


PULL_ZONE = Parent(pullzone_referrer, "pull_zone_id", ZONE_ID, "/pullzone/%d" % ZONE_ID, "Pull zone")
VIDEO_LIBRARY = Parent(videolibrary_referrer, "video_library_id", LIBRARY_ID, "/videolibrary/%d" % LIBRARY_ID, "Video library")


@pytest.fixture(params=[PULL_ZONE, VIDEO_LIBRARY], ids=repr)
def parent(request, simulator):
    """Zone 10 allows example.com and blocks bad.example; library 20 allows courses.example.com and blocks copycat.example.net."""
    simulator.load(pull_zones=[assets_zone(AllowedReferrers=["example.com"], BlockedReferrers=["bad.example"])],
                   video_libraries=[dict(lessons_library(), AllowedReferrers=["example.com"], BlockedReferrers=["bad.example"])])
    request.param.simulator = simulator
    return request.param


def run(parent, check_mode=False, diff=False, **options):
    options.setdefault(parent.id_option, parent.record_id)
    return run_module(parent.module, parent.simulator.api_args(**options), check_mode=check_mode, diff=diff)


def stored(parent):
    record = read(parent.simulator, parent.path)
    return {"allowed_referrers": record["AllowedReferrers"], "blocked_referrers": record["BlockedReferrers"]}


def test_check_mode_reports_the_change_and_only_reads(parent):
    result = run(parent, check_mode=True, allowed_referrers=["new.example"])

    assert result["changed"] is True
    assert result["referrers"]["allowed_referrers"] == ["example.com", "new.example"]
    assert requests_sent(parent.simulator) == [("GET", parent.path)]


@pytest.mark.parametrize("options", [
    pytest.param(dict(allowed_referrers=["New.Example.", "*.example.org"], blocked_referrers=["worse.example"]), id="add to both"),
    pytest.param(dict(allowed_referrers=["other.example"], purge=True), id="purge one list"),
    pytest.param(dict(blocked_referrers=[], purge=True), id="empty a list"),
    pytest.param(dict(allowed_referrers=["EXAMPLE.com"], blocked_referrers=["bad.example", "never.example"], state="absent"), id="absent"),
])
def test_check_mode_predicts_what_applying_returns_and_a_read_shows(parent, options):
    original = stored(parent)
    checked = run(parent, check_mode=True, diff=True, **options)
    applied = run(parent, diff=True, **options)

    assert checked["changed"] is applied["changed"] is True
    assert_prediction_holds(checked["referrers"], applied["referrers"], stored(parent))
    # The diff shows, of each list, the referrers removed and those added.
    for name in ("allowed_referrers", "blocked_referrers"):
        removed, added = checked["diff"]["before"][name], checked["diff"]["after"][name]
        assert set(stored(parent)[name]) == set(original[name]) - set(removed) | set(added)


def test_the_diff_shows_of_each_list_the_referrers_removed_and_added(parent):
    result = run(parent, diff=True, blocked_referrers=["worse.example"], allowed_referrers=["other.example"], purge=True)

    assert result["diff"]["before"] == {"allowed_referrers": ["example.com"], "blocked_referrers": ["bad.example"]}
    assert result["diff"]["after"] == {"allowed_referrers": ["other.example"], "blocked_referrers": ["worse.example"]}


def test_missing_referrers_are_added_one_call_each_in_lower_case(parent):
    run(parent, allowed_referrers=["example.com", "New.Example."], blocked_referrers=["worse.example"])

    assert writes(parent.simulator) == [
        ("POST", parent.path + "/addAllowedReferrer", {"Hostname": "new.example"}),
        ("POST", parent.path + "/addBlockedReferrer", {"Hostname": "worse.example"}),
    ]


def test_reapplying_reports_ok_with_one_read(parent):
    options = dict(allowed_referrers=["new.example"], blocked_referrers=["worse.example"], purge=True)
    run(parent, **options)
    parent.simulator.clear_requests()

    result = run(parent, **options)

    assert result["changed"] is False
    assert requests_sent(parent.simulator) == [("GET", parent.path)]


def test_referrers_in_another_case_or_with_a_trailing_dot_are_no_change(parent):
    result = run(parent, allowed_referrers=["EXAMPLE.COM."], blocked_referrers=["Bad.Example"])

    assert result["changed"] is False


def test_a_referrer_the_record_holds_in_another_case_is_the_same_referrer(parent):
    parent.simulator.load(pull_zones=[assets_zone(AllowedReferrers=["Example.COM"])],
                          video_libraries=[dict(lessons_library(), AllowedReferrers=["Example.COM"])])

    result = run(parent, allowed_referrers=["example.com."], purge=True)

    assert result["changed"] is False
    assert writes(parent.simulator) == []


def test_a_list_left_out_is_not_touched_even_with_purge(parent):
    run(parent, allowed_referrers=["other.example"], purge=True)

    assert writes(parent.simulator) == [
        ("POST", parent.path + "/addAllowedReferrer", {"Hostname": "other.example"}),
        ("POST", parent.path + "/removeAllowedReferrer", {"Hostname": "example.com"}),
    ]
    assert stored(parent)["blocked_referrers"] == ["bad.example"]


def test_absent_removes_the_listed_referrers_that_are_there(parent):
    run(parent, blocked_referrers=["BAD.example", "never.example"], state="absent")

    assert writes(parent.simulator) == [("POST", parent.path + "/removeBlockedReferrer", {"Hostname": "bad.example"})]


def test_an_add_whose_answer_is_lost_after_it_was_applied_is_settled_by_a_read(parent):
    parent.simulator.fault(method="POST", path="addBlockedReferrer", status=504, apply=True, count=1)

    result = run(parent, blocked_referrers=["worse.example"])

    assert result["changed"] is True
    assert requests_sent(parent.simulator) == [("GET", parent.path), ("POST", parent.path + "/addBlockedReferrer"), ("GET", parent.path)]
    assert stored(parent)["blocked_referrers"] == ["bad.example", "worse.example"]


def test_a_removal_whose_answer_is_lost_after_it_was_applied_is_settled_by_a_read(parent):
    parent.simulator.fault(method="POST", path="removeAllowedReferrer", drop_connection=True, apply=True, count=1)

    result = run(parent, allowed_referrers=["example.com"], state="absent")

    assert (result.get("failed"), result["changed"]) == (None, True)
    assert requests_sent(parent.simulator) == [("GET", parent.path), ("POST", parent.path + "/removeAllowedReferrer"), ("GET", parent.path)]
    assert stored(parent)["allowed_referrers"] == []


def test_a_removal_that_got_a_gateway_error_before_it_was_applied_is_sent_again(parent):
    parent.simulator.fault(method="POST", path="removeBlockedReferrer", status=502, count=1)

    result = run(parent, blocked_referrers=["bad.example"], state="absent")

    assert (result.get("failed"), result["changed"]) == (None, True)
    remove = ("POST", parent.path + "/removeBlockedReferrer")
    assert requests_sent(parent.simulator) == [("GET", parent.path), remove, ("GET", parent.path), remove]
    assert stored(parent)["blocked_referrers"] == []


@pytest.mark.parametrize("operation, options", [
    ("addAllowedReferrer", dict(allowed_referrers=["new.example"])),
    ("removeBlockedReferrer", dict(blocked_referrers=["bad.example"], state="absent")),
])
def test_a_refused_write_fails_naming_the_call(parent, operation, options):
    parent.simulator.fault(method="POST", path=operation, status=400, count=1)

    result = run(parent, **options)

    assert result["failed"] is True
    assert result["msg"].startswith("POST %s/%s failed with status 400" % (parent.path, operation))


def test_an_unknown_record_is_named(parent):
    result = run(parent, allowed_referrers=["a.example"], **{parent.id_option: 99})

    assert result["msg"] == "%s 99 was not found (HTTP 404)." % parent.noun


@pytest.mark.parametrize("method, operation, status", [
    pytest.param("GET", "", 500, id="the read fails otherwise"),
    pytest.param("POST", "/addAllowedReferrer", 404, id="a write gets a 404"),
])
def test_other_errors_keep_the_apis_sentence(parent, method, operation, status):
    path = parent.path + operation
    parent.simulator.fault(method=method, path=path + "$", status=status, count=1)

    result = run(parent, allowed_referrers=["new.example"])

    assert result["failed"] is True
    assert result["msg"].startswith("%s %s failed with status %d" % (method, path, status))


DNS_NAME = "must be a DNS name such as cdn.example.com, got "


@pytest.mark.parametrize("options, message", [
    ({"allowed_referrers": ["https://example.com"]}, "allowed_referrers[0] " + DNS_NAME + "'https://example.com', which has a scheme"),
    ({"blocked_referrers": ["a.example", "bad example"]}, "blocked_referrers[1] " + DNS_NAME + "'bad example', which contains white space"),
    ({"blocked_referrers": [""]}, "blocked_referrers[0] " + DNS_NAME + "an empty string"),
    ({"allowed_referrers": ["example.com/page"]}, "which has a path"),
    ({"allowed_referrers": ["a.example", "A.example."]}, "allowed_referrers must name each referrer once, got 'A.example.' twice"),
    ({"state": "absent"}, "one of the following is required: allowed_referrers, blocked_referrers"),
    ({"allowed_referrers": ["a.example"], "lock_timeout": 0}, "lock_timeout must be at least 1, got 0"),
])
def test_bad_input_fails_before_any_request_naming_the_option_and_rule(parent, options, message):
    result = run(parent, **options)

    assert result["failed"] is True
    assert message in result["msg"]
    assert parent.simulator.requests() == []


def test_a_library_id_below_one_is_refused(simulator):
    result = run_module(videolibrary_referrer, simulator.api_args(video_library_id=0, allowed_referrers=["a.example"]))

    assert "video_library_id must be at least 1, got 0" in result["msg"]
    assert simulator.requests() == []


def test_the_librarys_api_keys_never_appear_in_the_result(simulator):
    simulator.load(video_libraries=[lessons_library()])
    library = read(simulator, "/videolibrary/%d" % LIBRARY_ID)

    result = run_module(videolibrary_referrer, simulator.api_args(video_library_id=LIBRARY_ID, allowed_referrers=["a.example"]), diff=True)

    assert library["ApiKey"] not in str(result) and library["ReadOnlyApiKey"] not in str(result)
