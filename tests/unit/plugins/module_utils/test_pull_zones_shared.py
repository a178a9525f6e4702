"""The pieces pull zone and video library modules share: names, their checks, and the hostname projection."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import (
    canonical,
    each_name_once,
    hostname_problem,
    is_platform_hostname,
    project_hostname,
)


@pytest.mark.parametrize("name", [
    "cdn.example.com",
    "CDN.Example.COM.",
    "*.example.com",
    "*.example",
    "xn--bcher-kva.example",
    "bücher.example",
    "a",
    "a-b.c-d.e",
    "%s.example.com" % ("a" * 63),
    ".".join(["a" * 63] * 3) + "." + "a" * 61,
])
def test_dns_names_pass(name):
    assert hostname_problem(name) is True


LABEL_RULE = "is not 1 to 63 letters, digits or inner hyphens"


@pytest.mark.parametrize("name, problem", [
    ("", "an empty string"),
    ("http://cdn.example.com", "'http://cdn.example.com', which has a scheme: give the hostname alone"),
    ("cdn.example.com:443", "'cdn.example.com:443', which has a port: give the hostname alone"),
    ("cdn.example.com/x", "'cdn.example.com/x', which has a path: give the hostname alone"),
    ("cdn.example.com\t", "'cdn.example.com\\t', which contains white space"),
    (" cdn.example.com", "' cdn.example.com', which contains white space"),
    ("cdn.example.com..", "'cdn.example.com..', whose label '' is not 1 to 63 letters, digits or inner hyphens"),
    (".example.com", "'.example.com', whose label '' is not 1 to 63 letters, digits or inner hyphens"),
    ("cdn-.example.com", "'cdn-.example.com', whose label 'cdn-' is not 1 to 63 letters, digits or inner hyphens"),
    ("cdn_1.example.com", "'cdn_1.example.com', whose label 'cdn_1' is not 1 to 63 letters, digits or inner hyphens"),
    ("cdn.*.example.com", "'cdn.*.example.com', whose label '*' is not 1 to 63 letters, digits or inner hyphens"),
    ("*", "'*', whose label '*' is not 1 to 63 letters, digits or inner hyphens"),
    ("*.-cdn.example.com", "'*.-cdn.example.com', whose label '-cdn' is not 1 to 63 letters, digits or inner hyphens"),
    ("user@cdn.example.com", "'user@cdn.example.com', whose label 'user@cdn' " + LABEL_RULE),
    (".".join(["a" * 63] * 4), "a name of 255 characters, longer than 253"),
    (7, "7, which is not a string"),
])
def test_anything_else_is_refused_saying_why(name, problem):
    assert hostname_problem(name) == problem


def test_names_compare_without_case_and_trailing_dot():
    assert canonical("CDN.Example.com.") == canonical("cdn.example.com") == "cdn.example.com"


def test_a_name_given_twice_in_another_spelling_is_named_even_after_a_malformed_item():
    problem = each_name_once(["a.example", {"force_ssl": True}, {"name": "b.example"}, {"name": "B.Example."}])

    assert problem == "'B.Example.' twice (names are compared without case and trailing dot)"


def test_distinct_names_pass_even_next_to_malformed_items():
    assert each_name_once(["a.example", {"force_ssl": True}, 5, "b.example"]) is True


def test_the_hostname_projection_leaves_certificate_material_out():
    record = {"Id": 3, "Value": "cdn.example.com", "ForceSSL": True, "IsSystemHostname": False, "IsManagedHostname": False,
              "HasCertificate": True, "Certificate": "LS0tcert", "CertificateKey": "LS0tkey", "CertificateKeyType": 0,
              "CertificateProvisionType": 1}

    assert project_hostname(record) == {"id": 3, "value": "cdn.example.com", "force_ssl": True, "is_system_hostname": False,
                                        "is_managed_hostname": False, "has_certificate": True}


@pytest.mark.parametrize("record, platform", [
    ({"Value": "zone.b-cdn.net"}, True),
    ({"Value": "ZONE.B-CDN.NET."}, True),
    ({"Value": "edge.example.net", "IsManagedHostname": True}, True),
    ({"Value": "custom.example.net", "IsSystemHostname": True}, True),
    ({"Value": "cdn.example.com", "IsSystemHostname": False, "IsManagedHostname": False}, False),
    ({"Value": "b-cdn.net.example.com"}, False),
])
def test_platform_hostnames_are_told_by_flag_or_suffix(record, platform):
    assert is_platform_hostname(record) is platform
