"""The validator: every rule names the option path and says what is allowed."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import each_named_once, validate

RULES = (
    ("volumes[].size", dict(minimum=1, maximum=100)),
    ("volumes[].name", dict(min_length=1, max_length=50)),
    ("probes.liveness.period_seconds", dict(minimum=1, maximum=3600)),
    ("image_tag", dict(pattern=r"[a-zA-Z0-9]+(?:[._-]{1,2}[a-zA-Z0-9]+)*", pattern_hint="letters and digits joined by . _ -")),
    ("session_headers", dict(min_items=1, max_items=3)),
)


def test_values_inside_bounds_pass():
    params = {"volumes": [{"name": "v", "size": 1}, {"name": "x" * 50, "size": 100}], "image_tag": "1.2-rc_1", "session_headers": ["a"]}

    assert validate(params, RULES) == []


def test_a_number_out_of_range_names_the_item_path():
    assert validate({"volumes": [{"size": 5}, {"size": 101}]}, RULES) == ["volumes[1].size must be between 1 and 100, got 101"]


def test_a_nested_option_is_named_by_its_path():
    assert validate({"probes": {"liveness": {"period_seconds": 0}}}, RULES) == [
        "probes.liveness.period_seconds must be between 1 and 3600, got 0"
    ]


def test_a_string_too_long_says_its_length():
    assert validate({"volumes": [{"name": "x" * 51}]}, RULES) == ["volumes[0].name must be between 1 and 50 characters long, got 51"]


def test_patterns_must_match_the_whole_value():
    problems = validate({"image_tag": "1.2 beta"}, RULES)

    assert problems == ["image_tag must match letters and digits joined by . _ -, got '1.2 beta'"]


def test_list_sizes_are_checked():
    assert validate({"session_headers": ["a", "b", "c", "d"]}, RULES) == ["session_headers must have between 1 and 3 items, got 4"]


def test_absent_options_are_not_checked():
    assert validate({"volumes": None, "probes": {"liveness": None}}, RULES) == []


def test_booleans_are_not_numbers():
    assert validate({"flag": True}, (("flag", dict(minimum=5)),)) == []


def test_a_repeated_name_is_named_not_the_whole_list():
    rules = (("volumes", dict(satisfies=(each_named_once("name"), "name each volume once"))),)

    assert validate({"volumes": [{"name": "a", "size": 1}, {"name": "b"}, {"name": "a", "size": 2}]}, rules) == [
        "volumes must name each volume once, got 'a' more than once"
    ]
    assert validate({"volumes": [{"name": "a"}, {"name": "b"}]}, rules) == []


def test_a_predicate_that_says_false_shows_the_value():
    rules = (("autoscaling", dict(satisfies=(lambda scaling: scaling["min"] <= scaling["max"], "have min no greater than max"))),)

    assert validate({"autoscaling": {"min": 5, "max": 2}}, rules) == [
        "autoscaling must have min no greater than max, got {'min': 5, 'max': 2}"
    ]


def test_a_pattern_without_a_hint_is_quoted_in_the_message():
    assert validate({"tag": "a b"}, (("tag", dict(pattern=r"[a-z]+")),)) == ["tag must match the pattern [a-z]+, got 'a b'"]


def test_an_upper_bound_alone_says_at_most():
    assert validate({"count": 9}, (("count", dict(maximum=5)),)) == ["count must be at most 5, got 9"]


def test_a_path_through_items_that_are_not_dicts_finds_nothing():
    assert validate({"hosts": ["a.example", "b.example"]}, (("hosts[].name", dict(min_length=5)),)) == []
