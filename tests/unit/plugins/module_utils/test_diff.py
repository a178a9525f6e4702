"""The diff engine: what differs, what a change predicts, and how lists reconcile."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.diff import (
    apply_changes,
    changed_fields,
    keyed_changes,
    reconcile_keyed,
    reconcile_set,
)


def test_options_left_out_are_not_differences():
    assert changed_fields({"name": "web", "size": 3}, {"name": None, "size": 3}) == {}


def test_nested_dicts_compare_key_by_key():
    current = {"autoScaling": {"min": 1, "max": 3}, "name": "web"}

    assert changed_fields(current, {"autoScaling": {"max": 5}}) == {"autoScaling": {"max": 5}}


def test_whole_keys_compare_as_one_value():
    current = {"nodeSelectors": {"disk": "ssd", "zone": "eu"}}

    assert changed_fields(current, {"nodeSelectors": {"disk": "ssd"}}, whole_keys=("nodeSelectors",)) == {
        "nodeSelectors": {"disk": "ssd"}
    }
    assert changed_fields(current, {"nodeSelectors": {"disk": "ssd"}}) == {}


def test_apply_changes_predicts_without_touching_the_original():
    current = {"autoScaling": {"min": 1, "max": 3}, "name": "web"}

    predicted = apply_changes(current, {"autoScaling": {"max": 5}})

    assert predicted == {"autoScaling": {"min": 1, "max": 5}, "name": "web"}
    assert current["autoScaling"]["max"] == 3


def test_set_reconcile_ignores_order_and_case_when_asked():
    missing, extra = reconcile_set(["A.example", "b.example"], ["b.example", "a.example", "c.example"], normalize=str.lower)

    assert (missing, extra) == (["c.example"], [])


def test_set_reconcile_removes_only_when_purging():
    assert reconcile_set(["a", "b"], ["a"]) == ([], [])
    assert reconcile_set(["a", "b"], ["a"], purge=True) == ([], ["b"])


def test_set_reconcile_never_removes_what_keep_protects():
    missing, extra = reconcile_set(["zone.b-cdn.net", "old.example"], [], purge=True, keep=lambda host: host.endswith(".b-cdn.net"))

    assert (missing, extra) == ([], ["old.example"])


def test_set_reconcile_lists_a_repeated_value_once():
    assert reconcile_set([], ["a", "A", "a"], normalize=str.lower) == (["a"], [])


def test_keyed_reconcile_pairs_items_by_key_and_appends_new_ones():
    current = [{"name": "web", "size": 1}, {"name": "db", "size": 2}]

    pairs, removed = reconcile_keyed(current, [{"name": "db", "size": 5}, {"name": "cache", "size": 1}], key="name")

    assert pairs == [
        ({"name": "web", "size": 1}, None),
        ({"name": "db", "size": 2}, {"name": "db", "size": 5}),
        (None, {"name": "cache", "size": 1}),
    ]
    assert removed == []


def test_keyed_reconcile_removes_unmentioned_items_only_when_purging():
    current = [{"name": "web"}, {"name": "db"}]

    pairs, removed = reconcile_keyed(current, [{"name": "db"}], key="name", purge=True)

    assert pairs == [({"name": "db"}, {"name": "db"})]
    assert removed == [{"name": "web"}]


def test_a_desired_dict_over_a_present_plain_value_is_a_change_of_every_key():
    assert changed_fields({"probe": "none"}, {"probe": {"period": 5}}) == {"probe": {"period": 5}}


def test_whole_keys_count_at_any_depth():
    current = {"region": {"selectors": {"a": "1", "b": "2"}}}

    assert changed_fields(current, {"region": {"selectors": {"a": "1"}}}, whole_keys=("selectors",)) == {"region": {"selectors": {"a": "1"}}}
    assert apply_changes(current, {"region": {"selectors": {"a": "1"}}}, whole_keys=("selectors",)) == {"region": {"selectors": {"a": "1"}}}


def test_changes_apply_to_nothing_as_to_an_empty_record():
    assert apply_changes(None, {"name": "web"}) == {"name": "web"}


def test_the_predicted_state_shares_nothing_with_the_current_or_the_changes():
    current = {"tags": ["a"], "probe": {"period": 5}}
    changes = {"ports": [{"number": 80}]}

    predicted = apply_changes(current, changes)
    predicted["tags"].append("b")
    predicted["ports"][0]["number"] = 443

    assert current == {"tags": ["a"], "probe": {"period": 5}}
    assert changes == {"ports": [{"number": 80}]}


def test_a_list_s_diff_shows_each_item_that_changes_by_its_label_and_of_a_changed_one_only_what_differs():
    before = [("www", {"name": "www", "ttl": 300, "value": "a"}), ("mail", {"name": "mail", "ttl": 300}), ("old", {"name": "old"})]
    after = [("www", {"name": "www", "ttl": 60, "value": "a"}), ("mail", {"name": "mail", "ttl": 300}), ("new", {"name": "new"})]

    shown_before, shown_after = keyed_changes(before, after)

    assert shown_before == {"www": {"ttl": 300}, "old": {"name": "old"}}
    assert shown_after == {"www": {"ttl": 60}, "new": {"name": "new"}}


def test_a_field_an_item_gains_or_loses_shows_on_its_side_only():
    shown_before, shown_after = keyed_changes([("a", {"x": 1})], [("a", {"x": 1, "y": 2})])

    assert (shown_before, shown_after) == ({"a": {}}, {"a": {"y": 2}})


def test_a_set_of_plain_values_shows_the_values_removed_and_those_added():
    assert keyed_changes([("a", "a"), ("b", "b")], [("b", "b"), ("c", "c")]) == (["a"], ["c"])
    assert keyed_changes([("a", "a")], [("a", "a")]) == ([], [])


def test_an_item_removed_and_one_added_that_share_a_looser_identity_show_as_one_change_under_it():
    before = [("A www 192.0.2.10", {"value": "192.0.2.10", "ttl": 300}), ("A api 192.0.2.1", {"value": "192.0.2.1"}),
              ("A api 192.0.2.2", {"value": "192.0.2.2"})]
    after = [("A www 192.0.2.20", {"value": "192.0.2.20", "ttl": 300}), ("A api 192.0.2.3", {"value": "192.0.2.3"})]
    pairs = {"A www 192.0.2.10": "A www", "A www 192.0.2.20": "A www", "A api 192.0.2.1": "A api", "A api 192.0.2.2": "A api",
             "A api 192.0.2.3": "A api"}

    shown_before, shown_after = keyed_changes(before, after, pairs)

    # www's one record changed its value: one field, under its type and name. Two of api went and one came: no pair to tell.
    assert shown_before == {"A www": {"value": "192.0.2.10"}, "A api 192.0.2.1": {"value": "192.0.2.1"}, "A api 192.0.2.2": {"value": "192.0.2.2"}}
    assert shown_after == {"A www": {"value": "192.0.2.20"}, "A api 192.0.2.3": {"value": "192.0.2.3"}}


def test_an_item_added_or_removed_shows_without_its_empty_fields():
    shown_before, shown_after = keyed_changes([("old", {"name": "old", "weight": None, "tags": [], "note": "", "on": False})],
                                              [("new", {"name": "new", "links": {}, "ttl": 0})])

    assert shown_before == {"old": {"name": "old", "on": False}}
    assert shown_after == {"new": {"name": "new", "ttl": 0}}
