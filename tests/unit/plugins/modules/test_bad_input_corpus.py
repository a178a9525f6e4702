"""Bad input, one case for every bound of the contract's Limits table and every pattern and enum, in every module.

Each case must fail before any request (the simulator's log stays empty), with a message that names
the option, as a path into the task's arguments, and the rule it breaks. The container template
fields are checked twice: as mc_container_template's options and inside mc_app's
container_templates.
"""

import importlib

import pytest

from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

TOO_LONG_51 = "n" * 51


def length(low, high, got):
    return "must be %s characters long, got %d" % ("between %d and %d" % (low, high) if high else "at least %d" % low, got)


def items(low, high, got):
    if high is None:
        return "must have at least %d items, got %d" % (low, got)
    return "must have %s items, got %d" % ("exactly %d" % low if low == high else "between %d and %d" % (low, high), got)


def bounds(low, high, got):
    return "must be between %d and %d, got %d" % (low, high, got)


def one_of(*choices):
    return "must be one of: %s" % ", ".join(choices)


def one_or_more_of(*choices):
    return "must be one or more of: %s" % ", ".join(choices)


IMAGE_PATH_HINT = "must match letters and digits joined by at most two of . / _ -"
IMAGE_TAG_HINT = "must match letters and digits joined by at most two of . _ -"
MOUNT_PATH_HINT = "must match an absolute path without //, .. or spaces"
HOSTNAME_RULE = "must be a DNS name such as cdn.example.com"

PORT = dict(container_port=80)
CDN = dict(port_mappings=[PORT])


def endpoint(**fields):
    return dict(dict(display_name="public", cdn=CDN), **fields)


def anycast_endpoint(port_mappings):
    return dict(display_name="public", anycast=dict(port_mappings=port_mappings))


def probe(**fields):
    return dict(probes=dict(liveness=dict(dict(tcp_socket=dict(port_number=80)), **fields)))


# (the template fields, the option path within the template, the rule's words)
TEMPLATE_CASES = [
    (dict(name=""), "name", length(1, 50, 0)),
    (dict(name=TOO_LONG_51), "name", length(1, 50, 51)),
    (dict(image_name=""), "image_name", length(1, None, 0)),
    (dict(image_name="-nginx"), "image_name", IMAGE_PATH_HINT),
    (dict(image_namespace=""), "image_namespace", length(1, None, 0)),
    (dict(image_namespace="library_"), "image_namespace", IMAGE_PATH_HINT),
    (dict(image_tag=""), "image_tag", length(1, None, 0)),
    (dict(image_tag="1.27/alpine"), "image_tag", IMAGE_TAG_HINT),
    (dict(image_digest="sha256:abc"), "image_digest", "must match 'sha256:' followed by 64 lowercase letters or digits"),
    (dict(image_digest="sha256:" + "A" * 64), "image_digest", "must match 'sha256:' followed by 64 lowercase letters or digits"),
    (dict(image_registry_id=""), "image_registry_id", length(1, None, 0)),
    (dict(image_pull_policy="never"), "image_pull_policy", one_of("always", "ifNotPresent")),
    (dict(volume_mounts=[dict(name="", mount_path="/data")]), "volume_mounts[0].name", length(1, 50, 0)),
    (dict(volume_mounts=[dict(name=TOO_LONG_51, mount_path="/data")]), "volume_mounts[0].name", length(1, 50, 51)),
    (dict(volume_mounts=[dict(name="data", mount_path="")]), "volume_mounts[0].mount_path", length(1, None, 0)),
    (dict(volume_mounts=[dict(name="data", mount_path="data")]), "volume_mounts[0].mount_path", MOUNT_PATH_HINT),
    (dict(volume_mounts=[dict(name="data", mount_path="/srv//data")]), "volume_mounts[0].mount_path", MOUNT_PATH_HINT),
    (dict(volume_mounts=[dict(name="data", mount_path="/srv/../etc")]), "volume_mounts[0].mount_path", MOUNT_PATH_HINT),
    (dict(volume_mounts=[dict(name="data", mount_path="/srv/my data")]), "volume_mounts[0].mount_path", MOUNT_PATH_HINT),
    (dict(endpoints=[endpoint(display_name="")]), "endpoints[0].display_name", length(1, 50, 0)),
    (dict(endpoints=[endpoint(display_name=TOO_LONG_51)]), "endpoints[0].display_name", length(1, 50, 51)),
    (dict(endpoints=[endpoint(cdn=dict(port_mappings=[]))]), "endpoints[0].cdn.port_mappings", items(1, 1, 0)),
    (dict(endpoints=[endpoint(cdn=dict(port_mappings=[PORT, dict(container_port=81)]))]), "endpoints[0].cdn.port_mappings", items(1, 1, 2)),
    (dict(endpoints=[anycast_endpoint([])]), "endpoints[0].anycast.port_mappings", items(1, None, 0)),
    (dict(endpoints=[endpoint(cdn=dict(CDN, sticky_sessions=dict(session_headers=[])))]),
     "endpoints[0].cdn.sticky_sessions.session_headers", items(1, 3, 0)),
    (dict(endpoints=[endpoint(cdn=dict(CDN, sticky_sessions=dict(session_headers=["a", "b", "c", "d"])))]),
     "endpoints[0].cdn.sticky_sessions.session_headers", items(1, 3, 4)),
    (dict(endpoints=[endpoint(cdn=dict(port_mappings=[dict(container_port=0)]))]),
     "endpoints[0].cdn.port_mappings[0].container_port", bounds(1, 65535, 0)),
    (dict(endpoints=[endpoint(cdn=dict(port_mappings=[dict(container_port=65536)]))]),
     "endpoints[0].cdn.port_mappings[0].container_port", bounds(1, 65535, 65536)),
    (dict(endpoints=[endpoint(cdn=dict(port_mappings=[dict(container_port=80, exposed_port=0)]))]),
     "endpoints[0].cdn.port_mappings[0].exposed_port", bounds(1, 65535, 0)),
    (dict(endpoints=[endpoint(cdn=dict(port_mappings=[dict(container_port=80, exposed_port=65536)]))]),
     "endpoints[0].cdn.port_mappings[0].exposed_port", bounds(1, 65535, 65536)),
    (dict(endpoints=[anycast_endpoint([dict(container_port=0)])]),
     "endpoints[0].anycast.port_mappings[0].container_port", bounds(1, 65535, 0)),
    (dict(endpoints=[anycast_endpoint([dict(container_port=53, exposed_port=65536)])]),
     "endpoints[0].anycast.port_mappings[0].exposed_port", bounds(1, 65535, 65536)),
    (dict(endpoints=[endpoint(cdn=dict(port_mappings=[dict(container_port=80, protocols=["icmp"])]))]),
     "protocols", one_or_more_of("tcp", "udp", "sctp")),
    (probe(initial_delay_seconds=0), "probes.liveness.initial_delay_seconds", bounds(1, 3600, 0)),
    (probe(initial_delay_seconds=3601), "probes.liveness.initial_delay_seconds", bounds(1, 3600, 3601)),
    (probe(period_seconds=0), "probes.liveness.period_seconds", bounds(1, 3600, 0)),
    (probe(period_seconds=3601), "probes.liveness.period_seconds", bounds(1, 3600, 3601)),
    (probe(timeout_seconds=0), "probes.liveness.timeout_seconds", bounds(1, 3600, 0)),
    (probe(timeout_seconds=3601), "probes.liveness.timeout_seconds", bounds(1, 3600, 3601)),
    (probe(failure_threshold=0), "probes.liveness.failure_threshold", bounds(1, 1000, 0)),
    (probe(failure_threshold=1001), "probes.liveness.failure_threshold", bounds(1, 1000, 1001)),
    (probe(success_threshold=0), "probes.liveness.success_threshold", bounds(1, 1000, 0)),
    (probe(success_threshold=1001), "probes.liveness.success_threshold", bounds(1, 1000, 1001)),
    (dict(probes=dict(startup=dict(http_get=dict(port_number=0)))), "probes.startup.http_get.port_number", bounds(1, 65535, 0)),
    (dict(probes=dict(readiness=dict(tcp_socket=dict(port_number=65536)))), "probes.readiness.tcp_socket.port_number", bounds(1, 65535, 65536)),
    (dict(probes=dict(liveness=dict(grpc=dict(port_number=0)))), "probes.liveness.grpc.port_number", bounds(1, 65535, 0)),
    (dict(probes=dict(liveness=dict(http_get=dict(port_number=80, expected_status_code="teapot")))),
     "expected_status_code", "must be one of: continue, switchingProtocols"),
]


def template_cases():
    for fields, path, rule in TEMPLATE_CASES:
        label = "%s %s" % (path, rule)
        yield pytest.param("mc_container_template", dict(app_id="app-1", container_id="tpl-1", **fields), path, rule,
                           id="mc_container_template: " + label)
        # The argument spec names a choice by the option alone; the collection's rules give the whole path.
        in_app = path if " of: " in rule else "container_templates[0]." + path
        yield pytest.param("mc_app", dict(app_id="app-1", container_templates=[dict(dict(name="web"), **fields)]), in_app, rule,
                           id="mc_app: " + "container_templates[0]." + label)


OTHER_CASES = [
    # mc_app: the application's own fields
    ("mc_app", dict(name=""), "name", length(1, 100, 0)),
    ("mc_app", dict(name="n" * 101), "name", length(1, 100, 101)),
    ("mc_app", dict(name="shop_front"), "name", "must match letters, digits, hyphens and spaces"),
    ("mc_app", dict(runtime_type="dedicated"), "runtime_type", one_of("shared", "reserved")),
    ("mc_app", dict(autoscaling=dict(min=0, max=3)), "autoscaling.min", bounds(1, 1000, 0)),
    ("mc_app", dict(autoscaling=dict(min=1001, max=1001)), "autoscaling.min", bounds(1, 1000, 1001)),
    ("mc_app", dict(autoscaling=dict(min=1, max=0)), "autoscaling.max", bounds(1, 1000, 0)),
    ("mc_app", dict(autoscaling=dict(min=1, max=1001)), "autoscaling.max", bounds(1, 1000, 1001)),
    ("mc_app", dict(volumes=[dict(name="", size=1)]), "volumes[0].name", length(1, 50, 0)),
    ("mc_app", dict(volumes=[dict(name=TOO_LONG_51, size=1)]), "volumes[0].name", length(1, 50, 51)),
    ("mc_app", dict(volumes=[dict(name="data", size=0)]), "volumes[0].size", bounds(1, 100, 0)),
    ("mc_app", dict(volumes=[dict(name="data", size=101)]), "volumes[0].size", bounds(1, 100, 101)),
    ("mc_app", dict(restart="sometimes"), "restart", one_of("never", "on_change", "always")),
    ("mc_app", dict(state="gone"), "state", one_of("present", "absent")),
    # mc_registry: the ContainerRegistryRequest's bounds and its RegistryType
    ("mc_registry", dict(display_name=""), "display_name", length(1, 50, 0)),
    ("mc_registry", dict(display_name=TOO_LONG_51), "display_name", length(1, 50, 51)),
    ("mc_registry", dict(display_name="Hub", type="quay"), "type", one_of("docker_hub", "github", "bunny_registry")),
    ("mc_registry", dict(display_name="Hub", user_name="", password="p"), "user_name", length(1, None, 0)),
    ("mc_registry", dict(display_name="Hub", user_name="bot", password=""), "password", length(1, None, 0)),
    ("mc_registry", dict(display_name="Hub", update_password="sometimes"), "update_password", one_of("always", "on_create")),
    ("mc_registry", dict(display_name="Hub", state="gone"), "state", one_of("present", "absent")),
    # videolibrary: the create model's Name, the resolutions, the watermark in percent
    ("videolibrary", dict(name=""), "name", length(1, None, 0)),
    ("videolibrary", dict(name="x", enabled_resolutions=["4k"]), "enabled_resolutions", one_or_more_of(
        "240p", "360p", "480p", "720p", "1080p", "1440p", "2160p")),
    ("videolibrary", dict(name="x", enabled_resolutions=[]), "enabled_resolutions", items(1, None, 0)),
    ("videolibrary", dict(name="x", player_controls=["rewind"]), "player_controls", one_or_more_of(
        "play-large", "play", "progress", "current-time", "mute", "volume", "captions", "settings", "pip", "airplay", "fullscreen")),
    ("videolibrary", dict(name="x", watermark=dict(position_left=-1)), "watermark.position_left", bounds(0, 100, -1)),
    ("videolibrary", dict(name="x", watermark=dict(height=101)), "watermark.height", bounds(0, 100, 101)),
    ("videolibrary", dict(name="x", settings=dict(DrmVersion=3)), "settings.DrmVersion", "must be one of 0, 1, 2, got 3"),
    ("videolibrary", dict(name="x", state="gone"), "state", one_of("present", "absent")),
    ("videolibrary_info", dict(id=0), "id", "must be at least 1, got 0"),
    # Edge scripts: the list's page and page size, the script types and the states
    ("edge_script_info", dict(page=0), "page", bounds(1, 2147483647, 0)),
    ("edge_script_info", dict(page=2147483648), "page", bounds(1, 2147483647, 2147483648)),
    ("edge_script_info", dict(per_page=4), "per_page", bounds(5, 1000, 4)),
    ("edge_script_info", dict(per_page=1001), "per_page", bounds(5, 1000, 1001)),
    ("edge_script_info", dict(script_type=["lambda"]), "script_type", one_or_more_of("dns", "cdn", "middleware")),
    ("edge_script", dict(name="router", script_type="worker"), "script_type", one_of("dns", "cdn", "middleware")),
    ("edge_script", dict(name="router", state="gone"), "state", one_of("present", "absent")),
    ("edge_script_variable", dict(script_id=1, name="REGION", state="gone"), "state", one_of("present", "absent")),
    ("edge_script_secret", dict(script_id=1, name="KEY", value="v", update_secret="sometimes"), "update_secret", one_of("always", "on_create")),
    ("edge_script_secret", dict(script_id=1, name="KEY", state="gone"), "state", one_of("present", "absent")),
    # Pull zones and video libraries: a Hostname in the referrer and hostname bodies has at least one character
    ("pullzone_hostname", dict(pull_zone_id=1, hostnames=[""]), "hostnames[0]", HOSTNAME_RULE),
    ("pullzone_hostname", dict(pull_zone_id=1, hostnames=[dict(name="")]), "hostnames[0].name", HOSTNAME_RULE),
    ("pullzone_hostname", dict(pull_zone_id=1, hostnames=["cdn.example.com"], state="gone"), "state", one_of("present", "absent")),
    ("pullzone_referrer", dict(pull_zone_id=1, allowed_referrers=[""]), "allowed_referrers[0]", HOSTNAME_RULE),
    ("pullzone_referrer", dict(pull_zone_id=1, blocked_referrers=[""]), "blocked_referrers[0]", HOSTNAME_RULE),
    ("pullzone_referrer", dict(pull_zone_id=1, allowed_referrers=["a.example"], state="gone"), "state", one_of("present", "absent")),
    ("videolibrary_referrer", dict(video_library_id=1, allowed_referrers=[""]), "allowed_referrers[0]", HOSTNAME_RULE),
    ("videolibrary_referrer", dict(video_library_id=1, blocked_referrers=[""]), "blocked_referrers[0]", HOSTNAME_RULE),
    ("videolibrary_referrer", dict(video_library_id=1, allowed_referrers=["a.example"], state="gone"), "state", one_of("present", "absent")),
    # Shield: the bot detection enums
    ("shield_bot_detection", dict(shield_zone_id=1, execution_mode="block"), "execution_mode", one_of("log_only", "challenge")),
    ("shield_bot_detection", dict(shield_zone_id=1, request_integrity=dict(sensitivity="extreme")), "sensitivity", one_of("off", "low", "medium", "high")),
    ("shield_bot_detection", dict(shield_zone_id=1, ip_address=dict(sensitivity="extreme")), "sensitivity", one_of("off", "low", "medium", "high")),
    ("shield_bot_detection", dict(shield_zone_id=1, browser_fingerprint=dict(sensitivity="extreme")), "sensitivity", one_of("off", "low", "medium", "high")),
    ("shield_bot_detection", dict(shield_zone_id=1, browser_fingerprint=dict(aggression="max")), "aggression", one_of("low", "medium", "high", "custom")),
]


def other_cases():
    for module, args, path, rule in OTHER_CASES:
        if module == "mc_app":
            args = dict(app_id="app-1", **args)
        yield pytest.param(module, args, path, rule, id="%s: %s %s" % (module, path, rule))


CASES = list(template_cases()) + list(other_cases())


def test_the_corpus_covers_at_least_eighty_cases():
    assert len(CASES) >= 80


@pytest.mark.parametrize("module_name, args, option, rule", CASES)
def test_bad_input_fails_before_any_request_naming_the_option_and_the_rule(simulator, module_name, args, option, rule):
    module = importlib.import_module("ansible_collections.bunnynet.cloud.plugins.modules." + module_name)

    result = run_module(module, simulator.api_args(**args))

    assert result.get("failed") is True
    assert option in result["msg"]
    assert rule in result["msg"]
    assert simulator.requests() == []
