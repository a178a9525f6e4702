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

# The vendor's EdgeRuleActionType and TriggerTypes, by the names the options take.
EDGE_RULE_ACTIONS = (
    "force_ssl", "redirect", "origin_url", "override_cache_time", "block_request", "set_response_header", "set_request_header",
    "force_download", "disable_token_authentication", "enable_token_authentication", "override_cache_time_public",
    "ignore_query_string", "disable_optimizer", "force_compression", "set_status_code", "bypass_perma_cache",
    "override_browser_cache_time", "origin_storage", "set_network_rate_limit", "set_connection_limit",
    "set_requests_per_second_limit", "run_edge_script", "origin_magic_containers", "disable_waf", "retry_origin",
    "override_browser_cache_response_header", "remove_browser_cache_response_header", "disable_shield_challenge",
    "disable_shield", "disable_shield_bot_detection", "bypass_aws_s3_authentication", "disable_shield_access_lists",
    "disable_shield_rate_limiting", "enable_request_coalescing", "disable_request_coalescing", "strip_cookies_client_to_origin",
)
EDGE_RULE_TRIGGERS = (
    "url", "request_header", "response_header", "url_extension", "country_code", "remote_ip", "url_query_string", "random_chance",
    "status_code", "request_method", "cookie_value", "country_state_code", "origin_retry_attempt_count", "origin_connection_error",
)
MATCHING = ("any", "all", "none")

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
    ("mc_app", dict(state="gone"), "state", one_of("present", "started", "stopped", "absent")),
    ("mc_app_info", dict(statistics=True, granularity="weekly"), "granularity", one_of("daily", "hourly", "minute")),
    ("mc_app_info", dict(statistics=True, period_start="2026-05-01"), "period_start", "must be an RFC 3339 date-time with a time zone"),
    ("mc_app_info", dict(statistics=True, period_end="yesterday"), "period_end", "must be an RFC 3339 date-time with a time zone"),
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
    # Pull zone edge rules: the vendor's action, trigger and matching types, and a rule's parts
    ("pullzone_edge_rule", dict(pull_zone_id=1, description="x", actions=[dict(type="teleport")]), "actions", one_of(*EDGE_RULE_ACTIONS)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, description="x", triggers=[dict(type="moon_phase")]), "triggers", one_of(*EDGE_RULE_TRIGGERS)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, description="x", triggers=[dict(type="url", pattern_matching_type="some")]), "triggers",
     one_of(*MATCHING)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, description="x", trigger_matching_type="some"), "trigger_matching_type", one_of(*MATCHING)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, description="x", actions=[]), "actions", items(1, None, 0)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, description="x", state="gone"), "state", one_of("present", "absent")),
    ("pullzone_edge_rule", dict(pull_zone_id=1, rules=[dict(description="x", actions=[dict(type="teleport")])]), "rules -> actions",
     one_of(*EDGE_RULE_ACTIONS)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, rules=[dict(description="x", actions=[dict(type="force_ssl")], trigger_matching_type="some")]),
     "rules", one_of(*MATCHING)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, rules=[dict(description="x", actions=[])]), "rules[0].actions", items(1, None, 0)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, rules=[dict(description="")]), "rules[0].description", length(1, None, 0)),
    ("pullzone_edge_rule", dict(pull_zone_id=1, rules=[dict(description="x", actions=[dict(type="force_ssl")])] * 2), "rules",
     "must give each description once, got 'x' more than once"),
    ("pullzone_edge_rule", dict(pull_zone_id=1, rules=[dict(description="x")]), "rules[0].actions", "is required with state=present"),
    # Pull zones: a token key of the reset model's length, not rotated or returned as well
    ("pullzone", dict(id=1, token_key="short"), "token_key", length(8, 36, 5)),
    ("pullzone", dict(id=1, token_key="t" * 37), "token_key", length(8, 36, 37)),
    ("pullzone", dict(id=1, token_key="long-enough", rotate_token_key=True), "token_key|rotate_token_key", "mutually exclusive"),
    # Pull zones: the origin of a DNS-accelerated zone
    ("pullzone", dict(id=1, dns_origin_port=0), "dns_origin_port", bounds(1, 65535, 0)),
    ("pullzone", dict(id=1, dns_origin_scheme="ftp"), "dns_origin_scheme", one_of("http", "https")),
    # Optimizer classes: a name URLs can give, once, and the transformations' bounds and choices
    ("pullzone_optimizer_class", dict(pull_zone_id=1, classes=[dict(name="")]), "classes[0].name", length(1, None, 0)),
    ("pullzone_optimizer_class", dict(pull_zone_id=1, classes=[dict(name="a b")]), "classes[0].name", "must match letters, digits, - and _"),
    ("pullzone_optimizer_class", dict(pull_zone_id=1, classes=[dict(name="a"), dict(name="a")]), "classes", "must name each class once"),
    ("pullzone_optimizer_class", dict(pull_zone_id=1, classes=[dict(name="a", brightness=-101)]), "classes[0].brightness", bounds(-100, 100, -101)),
    ("pullzone_optimizer_class", dict(pull_zone_id=1, classes=[dict(name="a", crop_gravity="up")]), "crop_gravity", "must be one of"),
    ("pullzone_optimizer_class", dict(pull_zone_id=0, classes=[dict(name="a")]), "pull_zone_id", "must be at least 1, got 0"),
    # Certificates: a hostname, a source and what it needs, the key type
    ("pullzone_certificate", dict(pull_zone_id=1, hostname="https://cdn.example.com", source="free"), "hostname", HOSTNAME_RULE),
    ("pullzone_certificate", dict(pull_zone_id=1, hostname="cdn.example.com", source="letsencrypt"), "source",
     one_of("custom", "free", "dns_validation", "http_validation", "wildcard")),
    ("pullzone_certificate", dict(pull_zone_id=1, hostname="cdn.example.com", source="custom", certificate_key="k"), "source is custom",
     "certificate, certificate_file"),
    ("pullzone_certificate", dict(pull_zone_id=1, hostname="cdn.example.com", source="wildcard"), "source is wildcard", "dns_zone_id"),
    ("pullzone_certificate", dict(pull_zone_id=1, hostname="cdn.example.com", source="wildcard", dns_zone_id=0), "dns_zone_id",
     "must be at least 1, got 0"),
    ("pullzone_certificate", dict(pull_zone_id=1, hostname="cdn.example.com", key_type="dsa"), "key_type", one_of("ecdsa", "rsa")),
    # Purges: a zone, a tag, absolute URLs
    ("pullzone_purge", dict(pull_zone_id=0), "pull_zone_id", "must be at least 1, got 0"),
    ("pullzone_purge", dict(pull_zone_id=1, cache_tag=""), "cache_tag", length(1, None, 0)),
    ("pullzone_purge", dict(urls=[]), "urls", items(1, None, 0)),
    ("pullzone_purge", dict(urls=["cdn.example.com/a.css"]), "urls[0]", "must match an absolute http:// or https:// URL"),
    ("videolibrary_referrer", dict(video_library_id=1, allowed_referrers=[""]), "allowed_referrers[0]", HOSTNAME_RULE),
    ("videolibrary_referrer", dict(video_library_id=1, blocked_referrers=[""]), "blocked_referrers[0]", HOSTNAME_RULE),
    ("videolibrary_referrer", dict(video_library_id=1, allowed_referrers=["a.example"], state="gone"), "state", one_of("present", "absent")),
    # Shield: the bot detection enums
    ("shield_bot_detection", dict(shield_zone_id=1, execution_mode="block"), "execution_mode", one_of("log_only", "challenge")),
    ("shield_bot_detection", dict(shield_zone_id=1, request_integrity=dict(sensitivity="extreme")), "sensitivity", one_of("off", "low", "medium", "high")),
    ("shield_bot_detection", dict(shield_zone_id=1, ip_address=dict(sensitivity="extreme")), "sensitivity", one_of("off", "low", "medium", "high")),
    ("shield_bot_detection", dict(shield_zone_id=1, browser_fingerprint=dict(sensitivity="extreme")), "sensitivity", one_of("off", "low", "medium", "high")),
    ("shield_bot_detection", dict(shield_zone_id=1, browser_fingerprint=dict(aggression="max")), "aggression", one_of("low", "medium", "high", "custom")),
    # Shield zones: the enums of the zone, the rule names' pattern, the rate limit's windows, the access list types and entries
    ("shield_zone", dict(pull_zone_id=1, plan="gold"), "plan", one_of("basic", "advanced", "business", "enterprise")),
    ("shield_zone", dict(pull_zone_id=1, waf_execution_mode="deny"), "waf_execution_mode", one_of("log", "block")),
    ("shield_zone", dict(pull_zone_id=1, ddos_sensitivity="max"), "ddos_sensitivity", one_of("off", "low", "medium", "high", "challenge")),
    ("shield_zone", dict(pull_zone_id=1, waf_request_body_limit_action="drop"), "waf_request_body_limit_action", one_of("block", "log", "ignore")),
    ("shield_zone", dict(pull_zone_id=0), "pull_zone_id", "must be at least 1, got 0"),
    ("shield_zone_info", dict(pull_zone_id=0), "pull_zone_id", "must be at least 1, got 0"),
    ("shield_waf_rule", dict(shield_zone_id=1, name="Admin-area", action="block"), "name", "must match letters, digits and spaces only"),
    ("shield_waf_rule", dict(shield_zone_id=1, rules=[dict(name="ok", description="semi;colon")]), "rules[0].description",
     "must match letters, digits and spaces only"),
    ("shield_waf_rule", dict(shield_zone_id=1, name="Admin", action="deny"), "action", one_of("block", "log", "challenge", "allow", "bypass")),
    ("shield_waf_rule", dict(shield_zone_id=1, name="Admin", conditions=[dict(variable="REQUEST_URI", operator="is")]), "operator", "must be one of"),
    ("shield_rate_limit", dict(shield_zone_id=1, name="Login", window=30), "window", one_of("1", "10", "60", "300", "900", "3600")),
    ("shield_rate_limit", dict(shield_zone_id=1, name="Login", requests=0), "requests", "must be at least 1, got 0"),
    ("shield_rate_limit", dict(shield_zone_id=1, name="Login", counter_key="user"), "counter_key", "must be one of"),
    ("shield_access_list", dict(shield_zone_id=1, name="Office", type="user_agent"), "type", one_of("ip", "cidr", "asn", "country", "organization", "ja4")),
    ("shield_access_list", dict(shield_zone_id=1, name="Office", type="ip", entries=["10.0.0.0/8"]), "entries[0]", "is a range"),
    ("shield_access_list", dict(shield_zone_id=1, name="Office", type="country", entries=["DEU"]), "entries[0]", "two-letter country code"),
    ("shield_custom_page", dict(shield_zone_id=1, page="error", content="<p>x</p>"), "page", one_of("block", "challenge", "rate_limit")),
    ("shield_custom_page", dict(shield_zone_id=1, page="block", content=""), "content", length(1, None, 0)),
    ("shield_upload_scanning", dict(shield_zone_id=1, antivirus="quarantine"), "antivirus", one_of("disabled", "log", "block")),
    ("shield_bot_categorization", dict(shield_zone_id=1, categories=[dict(category="seo", action="ignore")]), "action", one_of("none", "block", "allow")),
    ("shield_zone", dict(pull_zone_id=1, under_attack=True, ddos_sensitivity="low"), "under_attack", "ddos_sensitivity=challenge, not low"),
    ("shield_api_guardian", dict(shield_zone_id=1, endpoints=[dict(method="GET", path="/a", rate_limit=dict(requests=0))]),
     "endpoints[0].rate_limit.requests", "must be at least 1, got 0"),
    ("team_member", dict(email="someone", roles=["zones"]), "email", "must match an email address"),
    ("team_member", dict(email="a@example.com", password="Short-1"), "password", "must be at least 12 characters long"),
    ("mc_log_forwarding", dict(app_id="app-1", port=70000), "port", bounds(1, 65535, 70000)),
    ("mc_log_forwarding", dict(app_id="app-1", type="http"), "type", one_of("syslog_udp", "syslog_tcp")),
    # DNS: zones, and each record type's fields and bounds
    ("dns_zone", dict(domain="localhost"), "domain", "must be a domain such as example.com"),
    ("dns_zone", dict(domain="example.com", soa_email="nobody"), "soa_email", "must match an email address"),
    ("dns_zone", dict(domain="example.com", nameserver2="ns 2"), "nameserver2", "must be a DNS name such as ns2.example.com"),
    ("dns_zone", dict(domain="example.com", certificate_key_type="dsa"), "certificate_key_type", one_of("ecdsa", "rsa")),
    ("dns_zone_info", dict(domain="nodot"), "domain", "must be a domain such as example.com"),
    ("dns_record", dict(zone="example.com", records=[dict(type="SPF", name="@", value="x")]), "type", "must be one of: A, AAAA, CNAME"),
    ("dns_record", dict(zone_id=0, records=[]), "zone_id", "must be at least 1"),
    ("dns_record", dict(zone="example.com", records=[dict(type="TXT", name="@", value="x", weight=1)]), "records[0].weight",
     "is not taken by a TXT record (weight is for A, AAAA and SRV records only)"),
    ("dns_record", dict(zone="example.com", records=[dict(type="A", name="x", value="192.0.2.1", weight=101)]), "records[0].weight",
     "must be between 0 and 100"),
    ("dns_record", dict(zone="example.com", records=[dict(type="SRV", name="_x._tcp", value="t.example", port=70000)]), "records[0].port",
     "must be between 0 and 65535"),
    ("dns_record", dict(zone="example.com", records=[dict(type="CAA", name="@", value="ca.example", tag="issue", flags=256)]), "records[0].flags",
     "must be between 0 and 255"),
    ("dns_record", dict(zone="example.com", records=[dict(type="A", name="x", value="192.0.2.1", ttl=-1)]), "records[0].ttl",
     "must be between 0 and 2147483647"),
    ("dns_record", dict(zone="example.com", records=[dict(type="A", name="x", value="192.0.2.1", monitor_type="tcp")]), "monitor_type",
     one_of("none", "ping", "http", "monitor")),
    ("dns_record", dict(zone="example.com", records=[dict(type="A", name="x", value="192.0.2.1", geolocation_longitude=181.0)]),
     "records[0].geolocation_longitude", "must be between -180 and 180"),
    # Regions: the services, and codes that name something
    ("region_info", dict(service=["edge"]), "service", one_or_more_of("cdn", "storage", "magic_containers", "database")),
    ("region_info", dict(service=[]), "service", items(1, None, 0)),
    ("region_info", dict(service=["cdn"], codes=[""]), "codes[0]", length(1, None, 0)),
    # The audit log
    ("audit_log_info", dict(date="2026-11-1"), "date", "must be a day written YYYY-MM-DD, such as 2026-11-01, got '2026-11-1'"),
    ("audit_log_info", dict(limit=0), "limit", "must be at least 1, got 0"),
    ("audit_log_info", dict(order="newest"), "order", one_of("ascending", "descending")),
    ("audit_log_info", dict(resource_ids=[""]), "resource_ids[0]", length(1, None, 0)),
    # Statistics: the bounds and the choices (the reports each resource has are test_statistics_info's)
    ("statistics_info", dict(resource="edge"), "resource", one_of("account", "pull_zone", "dns_zone", "storage_zone", "edge_script", "shield_zone")),
    ("statistics_info", dict(resource="pull_zone", id=0), "id", "must be at least 1, got 0"),
    ("statistics_info", dict(resource="pull_zone", name=""), "name", length(1, None, 0)),
    ("statistics_info", dict(reports=[]), "reports", items(1, None, 0)),
    ("statistics_info", dict(reports=["bandwidth"]), "reports", one_or_more_of(
        "detailed", "egress", "executions", "optimizer", "origin_shield", "overview", "queries", "rate_limits", "safehop", "storage", "traffic")),
    ("statistics_info", dict(traffic_charts=[]), "traffic_charts", items(1, None, 0)),
    ("statistics_info", dict(traffic_charts=["cache"]), "traffic_charts", one_or_more_of(
        "bandwidth", "requests", "origin_traffic", "origin_response_times", "origin_shield_bandwidth", "errors", "geographic_distribution",
        "user_balance_history")),
    ("statistics_info", dict(resource="shield_zone", id=1, resolution="minute"), "resolution", one_of(
        "auto", "two_minutes", "ten_minutes", "hourly", "daily", "weekly", "monthly")),
    # Storage zones and their files
    ("storage_zone", dict(name=""), "name", length(1, None, 0)),
    ("storage_zone", dict(id=0), "id", "must be at least 1, got 0"),
    ("storage_zone", dict(name="site", region="de"), "region", "must match a region code in capitals such as DE, NY or SYD"),
    ("storage_zone", dict(name="site", region="DE", replication_regions=["NY", "new-york"]), "replication_regions[1]", "must match a region code"),
    ("storage_zone", dict(name="site", zone_tier="premium"), "zone_tier", one_of("standard", "edge")),
    ("storage_zone", dict(name="site", zone_type="s4"), "zone_type", one_of("standard", "s3")),
    ("storage_zone", dict(name="site", state="gone"), "state", one_of("present", "absent")),
    ("storage_zone_info", dict(id=0), "id", "must be at least 1, got 0"),
    ("storage_zone_info", dict(name=""), "name", length(1, None, 0)),
    ("storage_sync", dict(storage_zone="", src="/tmp"), "storage_zone", length(1, None, 0)),
    ("storage_sync", dict(storage_zone_id=0, src="/tmp"), "storage_zone_id", "must be at least 1, got 0"),
    ("storage_sync", dict(storage_zone="site", src="/tmp", connections=0), "connections", bounds(1, 32, 0)),
    ("storage_sync", dict(storage_zone="site", src="/tmp", connections=33), "connections", bounds(1, 32, 33)),
    ("storage_sync", dict(storage_zone="site", src="/tmp", storage_url="storage.bunnycdn.com"), "storage_url", "must match an http:// or https:// URL"),
    ("storage_sync", dict(storage_zone="site", src="/tmp", dest="../other"), "dest", "without . or .. parts"),
    ("storage_sync", dict(storage_zone="site", src="/nonexistent/build"), "src", "is not a directory"),
    # Stream: the library, the collection, the video's times, caption languages, encoding choices and the wait
    ("stream_collection", dict(library_id=0, name="x"), "library_id", "must be at least 1, got 0"),
    ("stream_collection", dict(library="", name="x"), "library", length(1, None, 0)),
    ("stream_collection", dict(library="courses", name=""), "name", length(1, None, 0)),
    ("stream_video", dict(library="courses", title=""), "title", length(1, None, 0)),
    ("stream_video", dict(library="courses", title="x", chapters=[dict(title="a", start=0, end=-1)]), "chapters[0].end",
     "must be at least 0, got -1"),
    ("stream_video", dict(library="courses", title="x", moments=[dict(label="a", timestamp=-1)]), "moments[0].timestamp",
     "must be at least 0, got -1"),
    ("stream_video", dict(library="courses", title="x", thumbnail_time=-1), "thumbnail_time", "must be at least 0, got -1"),
    ("stream_video", dict(library="courses", title="x", wait_timeout=0), "wait_timeout", "must be at least 1, got 0"),
    ("stream_video", dict(library="courses", title="x", captions=[dict(language="english", src="a.vtt")]), "captions[0].language",
     "must match a language code such as en or pt-BR"),
    ("stream_video", dict(library="courses", title="x", encoding=dict(resolutions=["4k"])), "encoding.resolutions", one_or_more_of(
        "240p", "360p", "480p", "720p", "1080p", "1440p", "2160p")),
    ("stream_video", dict(library="courses", title="x", encoding=dict(output_codecs=["h264"])), "encoding.output_codecs", one_or_more_of(
        "x264", "vp9", "hevc", "av1")),
    ("stream_video", dict(library="courses", title="x", replace="always"), "replace", one_of("when_changed", "never")),
    ("stream_video", dict(library="courses", title="x", stream_api_url="video.bunnycdn.com"), "stream_api_url",
     "must match an http:// or https:// URL"),
    ("stream_video_info", dict(library="courses", order_by="views"), "order_by", one_of("date", "title")),
    # Bunny Database: the vendor's name bound, its ID form, the PossibleRegion enum, the authorizations and RFC 3339 dates
    ("database", dict(name=""), "name", length(1, 63, 0)),
    ("database", dict(name="d" * 64, primary_regions=["DE"]), "name", length(1, 63, 64)),
    ("database", dict(id="orders"), "id", "must match db_ followed by the database's ULID"),
    ("database", dict(name="orders", primary_regions=["FRA"]), "primary_regions", "must be one or more of: AMS, ASB"),
    ("database", dict(name="orders", replicas_regions=["de"]), "replicas_regions", "must be one or more of: AMS, ASB"),
    ("database", dict(name="orders", primary_regions=[]), "primary_regions", items(1, None, 0)),
    ("database_info", dict(search="a b"), "search", "must match letters and digits"),
    ("database_info", dict(usage=True, period_end="2026-05-01"), "period_end", "must be an RFC 3339 date-time with a time zone"),
    ("database_token", dict(database_name="orders", authorization="owner"), "authorization", one_of("full-access", "read-only")),
    ("database_token", dict(database_name="orders", expires_at="2027-01-01 00:00"), "expires_at", "must be an RFC 3339 date-time with a time zone"),
    ("database_token", dict(database_name="orders", container_template=dict(app_id="a", name="api", variable="DB-TOKEN")),
     "container_template.variable", "must match a letter or _, then letters, digits or _"),
    ("database_token", dict(database_name="orders", edge_script_secret=dict(script_id=0, name="T")), "edge_script_secret.script_id",
     "must be at least 1, got 0"),
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
