"""The contract's Limits table, both ends of every bound, at every place the Magic Containers rules apply it.

The bounds below are copied from the contract by hand, not read from the rule tables, so a rule
whose number drifts from the contract (a maximum of 3601, a minimum of 2) or that checks another
path than the option's fails here. Each bound is tried at its two ends, which must pass, and one
step outside each, which must fail with the option's path and the allowed range.
"""

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import validate
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import APP_RULES, TEMPLATE_RULES

PROBE_KINDS = ("startup", "readiness", "liveness")
PROBE_TIMINGS = ("initial_delay_seconds", "period_seconds", "timeout_seconds")
PROBE_THRESHOLDS = ("failure_threshold", "success_threshold")
PROBE_CHECKS = ("http_get", "tcp_socket", "grpc")
ENDPOINT_KINDS = ("cdn", "anycast")

# (path in a container template's options, lowest allowed, highest allowed)
TEMPLATE_NUMBER_LIMITS = (
    [("probes.%s.%s" % (probe, timing), 1, 3600) for probe in PROBE_KINDS for timing in PROBE_TIMINGS]
    + [("probes.%s.%s" % (probe, threshold), 1, 1000) for probe in PROBE_KINDS for threshold in PROBE_THRESHOLDS]
    + [("probes.%s.%s.port_number" % (probe, check), 1, 65535) for probe in PROBE_KINDS for check in PROBE_CHECKS]
    + [("endpoints[].%s.port_mappings[].%s" % (kind, port), 1, 65535)
       for kind in ENDPOINT_KINDS for port in ("container_port", "exposed_port")]
)
TEMPLATE_LENGTH_LIMITS = (
    ("name", 1, 50),
    ("endpoints[].display_name", 1, 50),
    ("volume_mounts[].name", 1, 50),
)
APP_NUMBER_LIMITS = (
    ("autoscaling.min", 1, 1000),
    ("autoscaling.max", 1, 1000),
    ("volumes[].size", 1, 100),
)
APP_LENGTH_LIMITS = (
    ("name", 1, 100),
    ("volumes[].name", 1, 50),
)


def options_at(path, value):
    """Options holding value at path, where ``a[]`` is a list of one item."""
    segments = path.split(".")
    for segment in reversed(segments):
        value = {segment[:-2]: [value]} if segment.endswith("[]") else {segment: value}
    return value


def shown(path):
    """The path as a message names it: the one item of each list is item 0."""
    return path.replace("[]", "[0]")


def with_autoscaling_partner(path, value, options):
    """autoscaling needs both ends; the other one is set so that min <= max still holds."""
    if path == "autoscaling.min":
        options["autoscaling"]["max"] = 1000
    if path == "autoscaling.max":
        options["autoscaling"]["min"] = 1
    return options


def number_cases(limits):
    return [pytest.param(path, low, high, id=path) for path, low, high in limits]


@pytest.mark.parametrize("path, low, high", number_cases(TEMPLATE_NUMBER_LIMITS))
def test_template_numbers_are_allowed_at_both_ends_and_refused_one_step_outside(path, low, high):
    assert validate(options_at(path, low), TEMPLATE_RULES) == []
    assert validate(options_at(path, high), TEMPLATE_RULES) == []
    for outside in (low - 1, high + 1):
        assert validate(options_at(path, outside), TEMPLATE_RULES) == [
            "%s must be between %d and %d, got %d" % (shown(path), low, high, outside)]


@pytest.mark.parametrize("path, low, high", number_cases(APP_NUMBER_LIMITS))
def test_application_numbers_are_allowed_at_both_ends_and_refused_one_step_outside(path, low, high):
    def options(value):
        return with_autoscaling_partner(path, value, options_at(path, value))

    assert validate(options(low), APP_RULES) == []
    assert validate(options(high), APP_RULES) == []
    for outside in (low - 1, high + 1):
        assert "%s must be between %d and %d, got %d" % (shown(path), low, high, outside) in validate(options(outside), APP_RULES)


@pytest.mark.parametrize("rules, path, low, high", [
    pytest.param(TEMPLATE_RULES, path, low, high, id="template-" + path) for path, low, high in TEMPLATE_LENGTH_LIMITS
] + [
    pytest.param(APP_RULES, path, low, high, id="app-" + path) for path, low, high in APP_LENGTH_LIMITS
])
def test_names_are_allowed_at_both_lengths_and_refused_one_character_outside(rules, path, low, high):
    assert validate(options_at(path, "a" * low), rules) == []
    assert validate(options_at(path, "a" * high), rules) == []
    for outside in (low - 1, high + 1):
        assert validate(options_at(path, "a" * outside), rules) == [
            "%s must be between %d and %d characters long, got %d" % (shown(path), low, high, outside)]


def mapping(port=80):
    return {"container_port": port, "exposed_port": port}


@pytest.mark.parametrize("path, allowed, refused, words", [
    pytest.param("endpoints[].cdn.port_mappings", [1], [0, 2], "exactly 1", id="cdn port mappings: exactly one"),
    pytest.param("endpoints[].anycast.port_mappings", [1, 5], [0], "at least 1", id="anycast port mappings: at least one"),
    pytest.param("endpoints[].cdn.sticky_sessions.session_headers", [1, 3], [0, 4], "between 1 and 3",
                 id="sticky session headers: one to three"),
])
def test_template_list_sizes_follow_the_contract(path, allowed, refused, words):
    def options(count):
        items = ["X-Header-%d" % index for index in range(count)] if path.endswith("session_headers") else [mapping()] * count
        return options_at(path, items)

    for count in allowed:
        assert validate(options(count), TEMPLATE_RULES) == []
    for count in refused:
        assert validate(options(count), TEMPLATE_RULES) == ["%s must have %s items, got %d" % (shown(path), words, count)]


def test_template_rules_apply_inside_each_template_of_an_application():
    options = {"container_templates": [{"name": "web", "probes": {"startup": {"grpc": {"port_number": 65536}}}}]}

    assert validate(options, APP_RULES) == [
        "container_templates[0].probes.startup.grpc.port_number must be between 1 and 65535, got 65536"]
