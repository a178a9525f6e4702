# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The pull zone as a resource on the engine (resource.py): what pullzone and pullzone_info share.

A pull zone's name is unique across all of bunny.net, not only the account, and cannot change once
the zone exists (the update model has no Name). The first-class options cover the settings users
set most; ``settings`` reaches every other property of the update model by its API name, checked
against pull_zone_settings.py before any request.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.key_rotation import RETURN_OPTION, ROTATE_OPTION, hand_over, rotate
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes, name_of, name_taken, unknown_names
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.settings import (
    BOOL,
    FLOAT,
    INT,
    OBJECTS,
    SETTINGS,
    STR,
    STRINGS,
    Enum,
)

# The vendor's PullZoneOriginType, by the names the options take.
ORIGIN_TYPES = {"url": 0, "dns_accelerate": 1, "storage_zone": 2, "load_balancer": 3, "edge_script": 4,
                "magic_containers": 5, "push_zone": 6}
# Origins whose URL the API sets itself and reads back in its own form: comparing it would never settle.
SELF_ADDRESSED_ORIGINS = frozenset((ORIGIN_TYPES["edge_script"], ORIGIN_TYPES["magic_containers"]))
# The vendor's PullZoneType: the standard network (documented as Premium) or the volume network.
ZONE_TYPES = {"standard": 0, "volume": 1}
LOG_ANONYMIZATION_TYPES = {"one_digit": 0, "drop": 1}
# The delivery regions and the switch of the zone that enables each.
REGIONS = {"AF": "EnableGeoZoneAF", "ASIA": "EnableGeoZoneASIA", "EU": "EnableGeoZoneEU", "SA": "EnableGeoZoneSA",
           "US": "EnableGeoZoneUS"}

# Update-model properties a read does not return: a module could never tell whether they hold.
UNREADABLE_SETTINGS = {
    "CacheControlBrowserMaxAgeOverride": "the API deprecated it; use browser_cache_expiration",
}
# A DNS-accelerated zone fetches from the record's address with this scheme and port. The update
# model sets them as DnsOriginPort and DnsOriginScheme, which a read does not return: the zone's
# OriginUrl (scheme://address[:port]) carries them, as the vendor's Terraform provider reads them.
DNS_ORIGIN_PORTS = {"http": 80, "https": 443}
DNS_ORIGIN_SETTINGS = ("DnsOriginPort", "DnsOriginScheme")
# The update model spells one property otherwise than the read model.
READ_NAMES = {"EnableWebpVary": "EnableWebPVary"}
SETTING_KINDS = {BOOL: "a boolean", INT: "an integer", FLOAT: "a number", STR: "a string",
                 STRINGS: "a list of strings", OBJECTS: "a list of dicts"}

# Secrets a zone's read carries: the token authentication key, S3 signing credentials, the log
# forwarding token, certificate keys (with includeCertificate).
SECRET_KEYS = ("zone_security_key", "aws_signing_key", "aws_signing_secret", "log_forwarding_token", "certificate_key")
# What only the API knows of a new zone.
SERVER_FIELDS = ("id", "hostnames", "cname_domain", "user_id", "monthly_bandwidth_used", "monthly_charges",
                 "cache_version", "zone_security_key", "edge_rules", "optimizer_pricing", "video_library_id",
                 "dns_record_id", "dns_zone_id", "dns_record_value", "origin_link_value", "price_override",
                 "suspended", "enabled")


def _split_origin(url):
    """``(scheme, address, explicit port or None)`` of an origin URL; None for a URL without a scheme."""
    scheme, separator, rest = (url or "").partition("://")
    if not separator:
        return None
    rest = rest.split("/", 1)[0]
    address, port = rest, None
    if rest.startswith("["):
        address, _bracket, tail = rest.partition("]")
        address += "]"
        port = tail[1:] if tail.startswith(":") else None
    elif rest.count(":") == 1:
        address, port = rest.split(":")
    return scheme.lower(), address, int(port) if port and port.isdigit() else None


def dns_origin(record):
    """``(scheme, port)`` a DNS-accelerated zone fetches with, read from its origin URL; ``(None, None)`` for other zones."""
    if record.get("OriginType") != ORIGIN_TYPES["dns_accelerate"]:
        return None, None
    split = _split_origin(record.get("OriginUrl"))
    if split is None:
        return None, None
    scheme, _address, port = split
    return scheme, port if port is not None else DNS_ORIGIN_PORTS.get(scheme)


def with_dns_origin(record):
    """The record with the scheme and port its origin URL carries, by the update model's names (what comparing needs)."""
    if record is None or record.get("OriginType") != ORIGIN_TYPES["dns_accelerate"]:
        return record
    scheme, port = dns_origin(record)
    return dict(record, DnsOriginScheme=scheme, DnsOriginPort=port)


def _moved_dns_origin(after):
    """The origin URL once DnsOriginScheme and DnsOriginPort apply: a port left out stays as the URL has it,
    and the port a scheme uses by default is not written."""
    scheme, port = after.pop("DnsOriginScheme", None), after.pop("DnsOriginPort", None)
    split = _split_origin(after.get("OriginUrl"))
    if split is None or after.get("OriginType") != ORIGIN_TYPES["dns_accelerate"]:
        return after
    current_scheme, address, current_port = split
    scheme = (scheme or current_scheme).lower()
    port = port if port is not None else current_port
    after["OriginUrl"] = "%s://%s%s" % (scheme, address, ":%d" % port if port and port != DNS_ORIGIN_PORTS.get(scheme) else "")
    return after


def _regions_to_api(regions):
    return {switch: region in regions for region, switch in REGIONS.items()}


def _regions_from_api(record):
    return [region for region, switch in REGIONS.items() if record.get(switch)]


FIELDS = (
    Field("origin_url", "OriginUrl"),
    Field("origin_type", "OriginType", names=ORIGIN_TYPES),
    Field("origin_host_header", "OriginHostHeader"),
    Field("forward_host_header", "AddHostHeader", type="bool"),
    Field("verify_origin_ssl", "VerifyOriginSSL", type="bool"),
    Field("follow_redirects", "FollowRedirects", type="bool"),
    Field("storage_zone_id", "StorageZoneId", type="int"),
    Field("type", "Type", names=ZONE_TYPES),
    Field("regions", type="list", elements="str", choices=list(REGIONS), to_api=_regions_to_api, from_api=_regions_from_api),
    Field("cache_expiration", "CacheControlMaxAgeOverride", type="int"),
    Field("browser_cache_expiration", "CacheControlPublicMaxAgeOverride", type="int"),
    Field("ignore_query_strings", "IgnoreQueryStrings", type="bool"),
    Field("sort_query_strings", "EnableQueryStringOrdering", type="bool"),
    Field("query_string_vary_parameters", "QueryStringVaryParameters", type="list", elements="str"),
    Field("stale_while_updating", "UseStaleWhileUpdating", type="bool"),
    Field("stale_while_offline", "UseStaleWhileOffline", type="bool"),
    Field("background_update", "UseBackgroundUpdate", type="bool"),
    Field("perma_cache_storage_zone_id", "PermaCacheStorageZoneId", type="int"),
    Field("blocked_countries", "BlockedCountries", type="list", elements="str", ignore_case=True),
    Field("blocked_ips", "BlockedIps", type="list", elements="str"),
    Field("token_auth_enabled", "ZoneSecurityEnabled", type="bool"),
    Field("token_auth_ip_validation", "ZoneSecurityIncludeHashRemoteIP", type="bool"),
    Field("cors_enabled", "EnableAccessControlOriginHeader", type="bool"),
    Field("cors_extensions", "AccessControlOriginHeaderExtensions", type="list", elements="str", ignore_case=True),
    Field("logging_enabled", "EnableLogging", type="bool"),
    Field("log_anonymization", "LoggingIPAnonymizationEnabled", type="bool"),
    Field("log_anonymization_type", "LogAnonymizationType", names=LOG_ANONYMIZATION_TYPES),
    Field("monthly_bandwidth_limit", "MonthlyBandwidthLimit", type="int"),
    Field("request_limit", "RequestLimit", type="int"),
    Field("connection_limit_per_ip", "ConnectionLimitPerIPCount", type="int"),
    Field("burst_size", "BurstSize", type="int"),
    Field("optimizer_enabled", "OptimizerEnabled", type="bool"),
    Field("optimizer_minify_css", "OptimizerMinifyCSS", type="bool"),
    Field("optimizer_minify_js", "OptimizerMinifyJavaScript", type="bool"),
    Field("optimizer_webp", "OptimizerEnableWebP", type="bool"),
    Field("optimizer_image_manipulation", "OptimizerEnableManipulationEngine", type="bool"),
    Field("optimizer_automatic", "OptimizerAutomaticOptimizationEnabled", type="bool"),
    Field("auto_ssl", "EnableAutoSSL", type="bool"),
    Field("origin_shield_enabled", "EnableOriginShield", type="bool"),
    Field("origin_shield_zone_code", "OriginShieldZoneCode"),
    Field("dns_origin_scheme", "DnsOriginScheme", choices=list(DNS_ORIGIN_PORTS), from_api=lambda record: dns_origin(record)[0]),
    Field("dns_origin_port", "DnsOriginPort", type="int", from_api=lambda record: dns_origin(record)[1]),
)


def _options_by_property():
    """The option that sets each property a first-class option covers."""
    covered = {}
    for field in FIELDS:
        if field.api:
            covered[field.api] = field.option
    covered.update((switch, "regions") for switch in REGIONS.values())
    return covered


OPTION_OF_PROPERTY = _options_by_property()


def predict_side_effects(after, changes):
    """What the API changes along with a write: serving stale content while updating turns background updates
    on; a DNS origin's scheme and port move into the origin URL."""
    if after.get("UseStaleWhileUpdating"):
        after["UseBackgroundUpdate"] = True
    if any(name in changes for name in DNS_ORIGIN_SETTINGS):
        _moved_dns_origin(after)
    return after


def zone_problems(current, desired):
    """Settings that contradict the zone, or each other, in ways the API would settle on its own."""
    current = current or {}
    problems = []
    origin_type = desired.get("OriginType", current.get("OriginType"))
    if "OriginUrl" in desired and origin_type in SELF_ADDRESSED_ORIGINS:
        problems.append("origin_url cannot be set for a zone whose origin is %s: the API sets that address itself" % (
            "an Edge Script" if origin_type == ORIGIN_TYPES["edge_script"] else "a Magic Containers app"))
    for name in DNS_ORIGIN_SETTINGS:
        if desired.get(name) is not None and origin_type != ORIGIN_TYPES["dns_accelerate"]:
            problems.append("%s applies to zones whose origin_type is dns_accelerate, and this zone's is %s" % (
                OPTION_OF_PROPERTY[name], "not given" if origin_type is None else name_of(ORIGIN_TYPES, origin_type)))
    stale_while_updating = desired.get("UseStaleWhileUpdating", current.get("UseStaleWhileUpdating"))
    if stale_while_updating and desired.get("UseBackgroundUpdate") is False:
        problems.append("background_update=false cannot hold while stale_while_updating is true: the API turns "
                        "background updates on to serve stale content while it updates")
    return problems


class PullZoneResource(Resource):
    """The engine's resource, with the scheme and port of a DNS origin compared and shown as its origin URL carries them."""

    def differences(self, record, wanted):
        return super().differences(with_dns_origin(record), wanted)

    def project(self, record):
        projected = super().project(record)
        if projected is not None and record.get("OriginType") == ORIGIN_TYPES["dns_accelerate"]:
            projected["dns_origin_scheme"], projected["dns_origin_port"] = dns_origin(record)
        return projected


PULL_ZONE = PullZoneResource(
    noun="pull zone",
    result_key="pull_zone",
    key=Field("name", "Name", create_only=True),
    fields=FIELDS,
    paths=Paths("/pullzone", "/pullzone/{id}"),
    record=Record(server_fields=SERVER_FIELDS, secret_keys=SECRET_KEYS, read_names=READ_NAMES),
    # The API failed parallel creates of pull zones.
    writes=Writes(lock_creates=True, lock_writes=True),
    predict=predict_side_effects,
    problems=zone_problems,
)


def settings_problems(settings):
    """Every way ``settings`` breaks the update model, as sentences naming the property and the rule."""
    problems = unknown_names(settings, SETTINGS, "the pull zone update model")
    for name, value in settings.items():
        if name not in SETTINGS:
            continue
        if name in UNREADABLE_SETTINGS:
            problems.append("settings.%s cannot be managed: %s" % (name, UNREADABLE_SETTINGS[name]))
        elif name in OPTION_OF_PROPERTY:
            problems.append("settings.%s is set with the option %s; give it there" % (name, OPTION_OF_PROPERTY[name]))
        else:
            problem = kind_problem(SETTINGS[name], value)
            if problem:
                problems.append("settings.%s must be %s, got %r" % (name, problem, value))
    return problems


def kind_problem(kind, value):
    """What ``value`` should have been when it is not of ``kind``; None when it is."""
    if value is None:
        return None
    if isinstance(kind, Enum):
        return None if _is_int(value) and value in kind else "one of %s" % ", ".join(str(number) for number in kind)
    if isinstance(kind, tuple):
        low, high = kind
        return None if _is_int(value) and low <= value <= high else "an integer from %d to %d" % (low, high)
    checks = {
        BOOL: lambda: isinstance(value, bool),
        INT: lambda: _is_int(value),
        FLOAT: lambda: isinstance(value, (int, float)) and not isinstance(value, bool),
        STR: lambda: isinstance(value, str),
        STRINGS: lambda: isinstance(value, list) and all(isinstance(item, str) for item in value),
        OBJECTS: lambda: isinstance(value, list) and all(isinstance(item, dict) for item in value),
    }
    return None if checks[kind]() else SETTING_KINDS[kind]


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def desired_zone(params):
    """The update-model properties the options and ``settings`` give (write names)."""
    wanted = PULL_ZONE.desired(params)
    wanted.update(params.get("settings") or {})
    return wanted


def describe_error(error):
    """A taken name in words: names are unique across all of bunny.net, not only the account."""
    if name_taken(error, PULL_ZONE):
        return ("%s The name of a pull zone is unique across all of bunny.net, not only your account; choose "
                "another name." % str(error))
    return None


# --- The token authentication key: set, rotated, or returned on request ---------------------------------

TOKEN_KEY_OPTIONS = dict(token_key=dict(type="str", no_log=True), rotate_token_key=dict(ROTATE_OPTION), return_token_key=dict(RETURN_OPTION))
# The vendor's ResetPullZoneSecurityKeyModel bounds the key a task chooses.
TOKEN_KEY_RULES = (("token_key", dict(min_length=8, max_length=36)),)


def plan_token_key(module, plan):
    """Add to the zone's plan the reset of its token key (to the key given, or, asked to rotate it, a
    new one the API makes), and the key under the result's ``secrets`` when rotated or asked for."""
    params = module.params
    if params["state"] == "absent" or plan.problems:
        return plan
    token_key = params["token_key"]
    if params["rotate_token_key"] or (token_key is not None and token_key != (plan.record or {}).get("ZoneSecurityKey")):
        body = {"SecurityKey": token_key} if token_key is not None else None
        rotate(module, plan, PULL_ZONE, "token_key", "ZoneSecurityKey",
               lambda record: ("POST", PULL_ZONE.path(record["Id"]) + "/resetSecurityKey", body, None), wanted=token_key)
    if params["rotate_token_key"] or params["return_token_key"]:
        hand_over(module, plan, PULL_ZONE, {"token_key": "ZoneSecurityKey"})
    return plan
