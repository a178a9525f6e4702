"""The account as one truth: an export the audit finds nothing in, and every exported field's change found.

A fixture account holds every kind with its managed fields set away from their defaults. It is
exported (``read_account`` with the roles' variables), then audited against itself: no drift.
Then, for each field the export writes (``Shape.fields()``, enumerated from the declarations, so a
field added later is covered without a new test), a change made through the API by the module
that manages it must be reported by the audit, named by the host's kind, its resource's name and
that field.
"""

import copy
import re

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.action import account_audit as account_audit_action
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.core import account
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account_shapes import Options, Settings
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyClient
from ansible_collections.bunnynet.cloud.plugins.modules import (
    database,
    database_token,
    dns_record,
    dns_zone,
    edge_script,
    edge_script_release,
    edge_script_secret,
    edge_script_variable,
    mc_app,
    mc_container_template,
    mc_log_forwarding,
    mc_registry,
    pullzone,
    pullzone_certificate,
    pullzone_edge_rule,
    pullzone_hostname,
    pullzone_optimizer_class,
    pullzone_referrer,
    shield_access_list,
    shield_api_guardian,
    shield_bot_categorization,
    shield_bot_detection,
    shield_custom_page,
    shield_rate_limit,
    shield_upload_scanning,
    shield_waf_rule,
    shield_zone,
    storage_zone,
    stream_collection,
    stream_video,
    team_member,
    videolibrary,
    videolibrary_referrer,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.certificate_fixtures import make_certificate
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.shield_fixtures import SHOP_YAML

GUARDED_ENDPOINT = dict(method="POST", path="/orders", validate_request_body=True, rate_limit=dict(enabled=True, type="ip", requests=20, timeframe=60))
CODE = "export default { fetch() { return new Response('live'); } };\n"
FILES = {"index.html": b"<h1>Shop</h1>\n", "css/site.css": b"h1 { color: teal; }\n"}
BASICS, ADVANCED = "c0ffee00-0000-4000-8000-0000000000c1", "c0ffee00-0000-4000-8000-0000000000c2"
INTRO, DEEP_DIVE = "c0ffee00-0000-4000-8000-0000000000a1", "c0ffee00-0000-4000-8000-0000000000a2"
DATABASE_ID = "db_01KCHBG8C5KSFGG0VRNFQ7EK7X"
# The shop's database token, where the database_app role puts it: the web container, and the router script.
CONTAINER_HANDOFF = dict(app_id="shopApp01", name="web", variable="BUNNY_DATABASE_AUTH_TOKEN", url_variable="BUNNY_DATABASE_URL")
SCRIPT_HANDOFF = dict(script_id=4700, name="BUNNY_DATABASE_AUTH_TOKEN", url_variable="BUNNY_DATABASE_URL")

ACCOUNT = dict(
    registries=[{"id": 1042, "displayName": "Team registry", "hostName": "ghcr.io", "userName": "deploy-bot"},
                {"id": 1043, "displayName": "Mirror", "hostName": "registry.example.com", "userName": "mirror-bot"}],
    apps=[{
        "id": "shopApp01", "name": "shop", "runtimeType": "shared", "autoScaling": {"min": 1, "max": 3},
        "regionSettings": {"allowedRegionIds": ["DE", "UK"], "requiredRegionIds": ["DE"], "maxAllowedRegions": 2},
        "volumes": [{"name": "data", "size": 5}, {"name": "cache", "size": 1}],
        "containerTemplates": [{
            "id": "shopWebTpl1", "name": "web", "imageRegistryId": "1042", "imageNamespace": "acme", "imageName": "storefront",
            "imageTag": "1.4.0", "imagePullPolicy": "always", "entryPoint": {"command": "serve", "arguments": "--port 8080"},
            "probes": {"liveness": {"initialDelaySeconds": 5, "periodSeconds": 10, "timeoutSeconds": 3, "failureThreshold": 3, "successThreshold": 1,
                                    "httpGet": {"request": {"path": "/healthz", "portNumber": 8080}, "response": {"expectedStatusCode": "ok"}}}},
            "environmentVariables": [{"name": "LOG_LEVEL", "value": "info"}, {"name": "REGION", "value": "eu"}],
            "endpoints": [{"displayName": "site", "type": "cdn", "isSslEnabled": True,
                           "portMappings": [{"containerPort": 8080, "exposedPort": 80, "protocols": ["tcp"]}]}],
            "volumeMounts": [{"name": "data", "mountPath": "/data"}],
        }],
    }],
    # Where the shop's logs go; the token is a secret the export leaves to the vault.
    log_forwarding=[{"app": "shopApp01", "type": "SyslogTcp", "endpoint": "logs.example.com", "port": 6514, "format": "SyslogRfc5424",
                     "enabled": True, "token": "LEAKCANARY-log-token"}],
    edge_scripts=[{
        "Id": 4700, "Name": "router", "ScriptType": 2, "Code": CODE,
        "EdgeScriptVariables": [{"Name": "REGION", "DefaultValue": "eu", "Required": True}],
        "Secrets": [{"Name": "API_TOKEN", "Secret": "LEAKCANARY-token"}],
    }],
    pull_zones=[
        {"Id": 10, "Name": "shop", "OriginUrl": "https://origin.example.com", "OriginHostHeader": "origin.example.com",
         "AddHostHeader": True, "VerifyOriginSSL": True, "FollowRedirects": True, "Type": 1,
         "EnableGeoZoneASIA": False, "EnableGeoZoneSA": False, "CacheControlMaxAgeOverride": 3600,
         "CacheControlPublicMaxAgeOverride": 600, "IgnoreQueryStrings": False, "EnableQueryStringOrdering": False,
         "QueryStringVaryParameters": ["lang"], "UseStaleWhileUpdating": True, "UseStaleWhileOffline": True,
         "UseBackgroundUpdate": True, "BlockedCountries": ["KP"], "BlockedIps": ["203.0.113.7"], "ZoneSecurityEnabled": True,
         "ZoneSecurityIncludeHashRemoteIP": True, "EnableAccessControlOriginHeader": True,
         "AccessControlOriginHeaderExtensions": ["woff2"], "EnableLogging": False, "LoggingIPAnonymizationEnabled": False,
         "LogAnonymizationType": 1, "MonthlyBandwidthLimit": 1000000000, "RequestLimit": 100, "ConnectionLimitPerIPCount": 10,
         "BurstSize": 5, "OptimizerEnabled": True, "OptimizerMinifyCSS": True, "OptimizerMinifyJavaScript": True,
         "OptimizerEnableWebP": True, "OptimizerEnableManipulationEngine": True, "OptimizerAutomaticOptimizationEnabled": True,
         "EnableAutoSSL": True, "EnableOriginShield": True, "OriginShieldZoneCode": "IL",
         "OptimizerClasses": [{"Name": "thumbnail", "Properties": {"width": "200", "height": "200", "crop_gravity": "center"}},
                              {"Name": "hero", "Properties": {"width": "1600", "sharpen": "true"}}],
         "Hostnames": [{"Value": "cdn.example.com", "ForceSSL": True, "HasCertificate": True}],
         "AllowedReferrers": ["shop.example.com"], "BlockedReferrers": ["copycat.example.org"],
         "EdgeRules": [
             {"Guid": "3e1b2c4d-5f60-4a7b-8c9d-0e1f2a3b4c5d", "Description": "Maintenance redirect", "ActionType": 1,
              "ActionParameter1": "https://status.example.com", "Enabled": False,
              "Triggers": [{"Type": 0, "PatternMatches": ["https://*/maintenance*"], "PatternMatchingType": 0}]},
             {"Guid": "8d6a1b52-7f0e-4d3a-9a53-4b9a8e0c2f11", "Description": "Block admin paths", "ActionType": 4, "Enabled": True,
              "Triggers": [{"Type": 0, "PatternMatches": ["*/admin*"], "PatternMatchingType": 0}]},
         ]},
        # The static site's pull zone.
        {"Id": 11, "Name": "site", "OriginType": 2, "StorageZoneId": 4320,
         "Hostnames": [{"Value": "www.site.example", "ForceSSL": True, "HasCertificate": True},
                       # Added by hand without Force SSL or a certificate: the export writes it so, and the role leaves it so.
                       {"Value": "old.site.example", "ForceSSL": False, "HasCertificate": False}]},
    ],
    video_libraries=[{"Id": 20, "Name": "lessons", "AllowedReferrers": ["courses.example.com"], "BlockedReferrers": ["copy.example.net"],
                      "EnabledResolutions": "360p,720p", "PlayerKeyColor": "#ff7755", "ShowHeatmap": True, "EnableMP4Fallback": True}],
    stream_collections=[{"videoLibraryId": 20, "guid": BASICS, "name": "Basics"}, {"videoLibraryId": 20, "guid": ADVANCED, "name": "Advanced"}],
    stream_videos=[
        {"videoLibraryId": 20, "guid": INTRO, "title": "Intro", "collectionId": BASICS, "originalHash": "A1" * 32,
         "metaTags": [{"property": "description", "value": "Where to start"}, {"property": "level", "value": "beginner"}],
         "chapters": [{"title": "Welcome", "start": 0, "end": 30}], "moments": [{"label": "Demo", "timestamp": 12}]},
        {"videoLibraryId": 20, "guid": DEEP_DIVE, "title": "Deep dive", "collectionId": ADVANCED, "originalHash": "B2" * 32},
    ],
    databases=[{"id": DATABASE_ID, "name": "orders", "storage_region": "eu-central-1", "primary_regions": ["DE"], "replicas_regions": ["UK"]}],
    shield_zones=[{
        "shieldZoneId": 4102, "pullZoneId": 10, "planType": 1, "wafEnabled": True, "wafExecutionMode": 1, "learningMode": False,
        "dDoSShieldSensitivity": 2, "customWafRules": [], "accessLists": {},
        "uploadScanning": {"isEnabled": True, "antivirusScanningMode": 2, "csamScanningMode": 1},
        "customPages": {"block": "<h1>Blocked by the shop</h1>", "ratelimit": "<h1>Slow down</h1>"},
        "botCategorization": {"categories": {"2": 1}, "bots": {"1": 2, "8": 1}},
    }],
    dns_zones=[{
        "Id": 1, "Domain": "example.com", "SoaEmail": "hostmaster@example.com", "LoggingEnabled": True, "CertificateKeyType": 1,
        "Records": [{"Type": 0, "Name": "www", "Value": "192.0.2.10", "Ttl": 600},
                    {"Type": 4, "Name": "", "Value": "mail.example.com", "Priority": 10, "Ttl": 3600}],
    }],
    team_members=[{"Email": "ana@example.com", "FirstName": "Ana", "LastName": "Silva", "Roles": ["SubuserManage", "SubuserSupport"]}],
    storage_zones=[{"Id": 4320, "Name": "site", "Region": "DE", "ReplicationRegions": ["NY"], "Rewrite404To200": True},
                   {"Id": 4321, "Name": "downloads", "Region": "DE", "Custom404FilePath": "/404.html"}],
)


class World:
    def __init__(self, simulator):
        self.simulator = simulator
        self.client = BunnyClient(simulator.key, simulator.url, 10, 0)
        self.storage_url = simulator.url + "/storage"
        # The hosts beside the API's: storage, Stream and the databases' own endpoints, all the simulator's.
        self.addresses = dict(storage_url=self.storage_url, stream_api_url=simulator.url + "/stream", database_url=simulator.url + "/sql")

    def export(self):
        return [host for host in account.read_account(self.client, KINDS, with_roles=True, **self.addresses) if host["role"]]

    def audit(self, exported):
        # As the audit's action hands the hosts over: only the variables the audit compares.
        described = [account_audit_action.described(host["host"], copy.deepcopy(host["role_variables"])) for host in exported]
        findings, unmanaged = account.audit_account(self.client, KINDS, described, **self.addresses)
        return {finding["host"]: finding for finding in findings}, unmanaged

    def run(self, module, **options):
        options.setdefault("stream_api_url", self.simulator.url + "/stream")
        result = run_module(module, self.simulator.api_args(api_retries=0, **options))
        assert not result.get("failed"), result
        return result

    def hand_over_tokens(self):
        """The database's tokens, where the database_app role puts them: a container's variable and a script's secret."""
        self.run(database_token, database_id=DATABASE_ID, container_template=CONTAINER_HANDOFF)
        self.run(database_token, database_id=DATABASE_ID, edge_script_secret=SCRIPT_HANDOFF)

    def install_certificate(self, days=90):
        """A certificate of the shop's own on its hostname, valid for ``days``, in place of the one it has."""
        pem, key, certificate = make_certificate(["cdn.example.com"], days=days)
        self.run(pullzone_certificate, pull_zone_id=10, hostname="cdn.example.com", source="custom", certificate=pem, certificate_key=key)
        return certificate

    def upload(self, zone, path, content):
        password = self.client.get("/storagezone/%d" % zone)["Password"]
        name = self.client.get("/storagezone/%d" % zone)["Name"]
        answer = requests.put("%s/%s/%s" % (self.storage_url, name, path), data=content, headers={"AccessKey": password}, timeout=10)
        assert answer.status_code == 201, answer.text


@pytest.fixture
def world(simulator):
    return round_trip_world(simulator)


def round_trip_world(simulator):
    """The simulator loaded with ACCOUNT and the files, release, API Guardian document and tokens only modules can make."""
    simulator.load(**copy.deepcopy(ACCOUNT))
    account_world = World(simulator)
    for path, content in FILES.items():
        account_world.upload(4320, path, content)
    account_world.upload(4321, "setup.exe", b"MZ")
    account_world.run(edge_script_release, script_id=4700, note="first")
    # API Guardian with the shop API's document, enforcing, one endpoint rate-limited.
    account_world.run(shield_api_guardian, shield_zone_id=4102, content=SHOP_YAML, enabled=True, execution_mode="block",
                      unmatched_path_action="log", endpoints=[GUARDED_ENDPOINT])
    account_world.hand_over_tokens()
    account_world.install_certificate()
    return account_world


def test_the_audit_of_a_fresh_export_finds_nothing_and_every_kind_has_a_role(world):
    exported = world.export()
    findings, unmanaged = world.audit(exported)

    assert {host["kind"] for host in exported} == {kind.name for kind in KINDS}
    assert [finding for finding in findings.values() if finding["drifted"]] == []
    assert unmanaged == []


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_declared_kind_has_a_shape_a_round_trip_case_and_an_unmanaged_listing(world, kind):
    """A kind added to account/kinds.py without an account shape, a resource in this fixture account, or a listing
    when no host describes it fails here, named."""
    assert kind.shapes, "%s declares no account shape" % kind.name
    exported = world.export()
    own = [host for host in exported if host["kind"] == kind.name]
    assert own, "the round-trip account holds no %s: add one to ACCOUNT" % kind.title

    _findings, unmanaged = world.audit([])

    listed = {(entry["kind"], entry["id"]) for entry in unmanaged}
    assert {(kind.name, host["id"]) for host in own} <= listed, unmanaged
    assert all(entry["reason"] == "no host of the inventory describes it" for entry in unmanaged if entry["kind"] == kind.name)


# --- Every field, changed in turn ------------------------------------------------------------------

# The module that changes a resource's settings, and the option naming the resource.
SETTINGS_MODULES = {
    "pull zone": (pullzone, "id", 10), "DNS zone": (dns_zone, "id", 1), "Shield zone": (shield_zone, "id", 4102),
    "video library": (videolibrary, "id", 20), "edge script": (edge_script, "id", 4700), "container registry": (mc_registry, "id", 1042),
    "upload scanning configuration": (shield_upload_scanning, "shield_zone_id", 4102),
    "API Guardian configuration": (shield_api_guardian, "shield_zone_id", 4102),
    "log forwarding configuration": (mc_log_forwarding, "app_id", "shopApp01"),
    "team member": (team_member, "email", "ana@example.com"),
    "database": (database, "id", DATABASE_ID),
}
# The storage zone of each storage role.
STORAGE_ZONES = {"static_site": 4320, "storage_zone": 4321}
# Values a change may not take from the field's type alone: a pattern, a bound, a reference.
CHANGED_VALUES = {
    "dns_origin_scheme": "https", "dns_origin_port": 8443,
    "origin_url": "https://moved.example.com", "origin_host_header": "moved.example.com", "soa_email": "dns@example.com",
    "origin_shield_zone_code": "FR", "storage_zone_id": 4321, "perma_cache_storage_zone_id": 4321, "custom_404_file_path": "/missing.html",
    "player_key_color": "#000000", "player_language": "de", "webhook_url": "https://hooks.example.com/video",
    "user_name": "other-bot", "learning_mode_until": "2030-01-01T00:00:00Z", "waf_engine_config": {"rule_1": "x"},
    "enabled_resolutions": ["240p", "360p", "720p"], "playback_speeds": ["1", "2"], "player_controls": ["play", "progress"],
    "watermark": {"position_left": 10, "position_top": 10, "width": 20, "height": 20},
    "endpoint": "logs.example.net",
}
# Options a change needs beside the field, since the module refuses it alone.
WITH_OPTIONS = {
    "background_update": {"stale_while_updating": False},
    "user_name": {"password": "LEAKCANARY-new-password"},
    # A DNS origin's scheme and port belong to a zone that accelerates a DNS record.
    "dns_origin_scheme": {"origin_type": "dns_accelerate", "origin_url": "http://192.0.2.10"},
    "dns_origin_port": {"origin_type": "dns_accelerate", "origin_url": "http://192.0.2.10"},
}


def settings_fields():
    """``(shape, part, field)`` of every field a Settings or Options part writes."""
    return [(shape, part, field) for kind in KINDS for shape in kind.shapes for part in shape.parts
            if isinstance(part, (Settings, Options)) for field in part.fields_of]


def changed(field, value):
    if field.option in CHANGED_VALUES:
        return CHANGED_VALUES[field.option]
    if field.type == "bool":
        return not value
    if field.choices and field.type != "list":
        return next(choice for choice in field.choices if choice != value)
    if field.type == "int":
        return (value or 0) + 1
    if field.type == "list":
        choices = [choice for choice in field.choices or () if choice not in (value or [])]
        return list(value or []) + [choices[0] if choices else "added"]
    return "%s-changed" % (value or "value")


def api_cannot_change(shape, field):
    """A field the API takes only when it creates the resource: it drifts only where the inventory says otherwise."""
    return field.create_only or field.option == "replication_regions" and shape.role in STORAGE_ZONES


def field_id(item):
    return getattr(item, "option", None) or getattr(item, "role", None) or type(item).__name__


@pytest.mark.parametrize("shape, part, field", [case for case in settings_fields() if not api_cannot_change(case[0], case[2])], ids=field_id)
def test_a_changed_setting_is_drift_named_by_its_field(world, shape, part, field):
    exported = world.export()
    host = next(host for host in exported if host["role"] == shape.role)
    variable = part.fields()[part.fields_of.index(field)]
    if shape.role in STORAGE_ZONES:
        module, option, record_id = storage_zone, "id", STORAGE_ZONES[shape.role]
    else:
        module, option, record_id = SETTINGS_MODULES[part.resource.noun]
    current = variable_value(host["role_variables"], variable)
    world.run(module, **dict(WITH_OPTIONS.get(field.option, {}), **{option: record_id, field.option: changed(field, current)}))

    findings, _unmanaged = world.audit(exported)

    assert variable in [found["field"] for found in findings[host["host"]]["drift"]], findings[host["host"]]


@pytest.mark.parametrize("shape, part, field", [case for case in settings_fields() if api_cannot_change(case[0], case[2])], ids=field_id)
def test_a_setting_the_api_cannot_change_is_drift_when_the_inventory_asks_for_another(world, shape, part, field):
    exported = world.export()
    host = next(host for host in exported if host["role"] == shape.role)
    variable = part.fields()[part.fields_of.index(field)]
    variables = host["role_variables"]
    holder, option = (variables.setdefault(variable.split(".", 1)[0], {}), variable.split(".", 1)[1]) if "." in variable else (variables, variable)
    holder[option] = changed(field, variable_value(variables, variable))

    findings, _unmanaged = world.audit(exported)

    assert variable in [found["field"] for found in findings[host["host"]]["drift"]], findings[host["host"]]


def variable_value(variables, name):
    if "." in name:
        holder, option = name.split(".", 1)
        return variables.get(holder, {}).get(option)
    return variables.get(name)


# The change behind the inventory's back for every other field: a module run that a colleague might make.
OTHER_CHANGES = {
    "pullzone_domains_hostnames": lambda world: world.run(pullzone_hostname, pull_zone_id=10, hostnames=["new.example.com"]),
    "pullzone_domains_free_certificate": lambda world: world.simulator.load(**dict(copy.deepcopy(ACCOUNT), pull_zones=[
        dict(ACCOUNT["pull_zones"][0], Hostnames=[{"Value": "cdn.example.com", "ForceSSL": True, "HasCertificate": False}]),
        ACCOUNT["pull_zones"][1]])),
    "pullzone_domains_allowed_referrers": lambda world: world.run(pullzone_referrer, pull_zone_id=10, allowed_referrers=["x.example.com"]),
    "pullzone_domains_blocked_referrers": lambda world: world.run(pullzone_referrer, pull_zone_id=10, blocked_referrers=["y.example.com"]),
    "pullzone_domains_edge_rules": lambda world: world.run(pullzone_edge_rule, pull_zone_id=10, description="Block admin paths", enabled=False),
    "dns_zone_custom_nameservers": lambda world: world.run(dns_zone, id=1, custom_nameservers_enabled=True, nameserver1="ns1.example.net",
                                                           nameserver2="ns2.example.net"),
    "dns_zone_dnssec": lambda world: world.run(dns_zone, id=1, dnssec=True),
    "dns_zone_records": lambda world: world.run(dns_record, zone_id=1, records=[{"type": "A", "name": "www", "value": "192.0.2.10", "ttl": 60}]),
    # Force SSL turned off by hand, on a hostname the site names.
    "static_site_hostnames": lambda world: world.run(pullzone_hostname, pull_zone_id=11, hostnames=[{"name": "www.site.example", "force_ssl": False}]),
    "static_site_files": lambda world: world.upload(4320, "css/site.css", b"h1 { color: red; }\n"),
    "storage_zone_files": lambda world: world.upload(4321, "readme.txt", b"new"),
    "shield_waf_rules": lambda world: world.run(shield_waf_rule, shield_zone_id=4102, name="Block scanners", action="block",
                                                conditions=[{"variable": "REQUEST_URI", "operator": "contains", "value": "wp-admin"}]),
    "shield_rate_limits": lambda world: world.run(shield_rate_limit, shield_zone_id=4102, name="Login", action="rate_limit",
                                                  conditions=[{"variable": "REQUEST_URI", "operator": "begins_with", "value": "/login"}],
                                                  requests=10, window=60),
    "shield_access_lists": lambda world: world.run(shield_access_list, shield_zone_id=4102, name="Partners", type="ip",
                                                   entries=["198.51.100.7"]),
    "shield_managed_lists": lambda world: world.run(shield_access_list, shield_zone_id=4102,
                                                    managed_lists=[{"name": first_managed_list(world), "enabled": True, "action": "log"}]),
    "shield_bot_detection": lambda world: world.run(shield_bot_detection, shield_zone_id=4102, execution_mode="challenge"),
    "edge_script_deploy_code_file": lambda world: world.run(edge_script, id=4700, code="export default {};\n"),
    "edge_script_deploy_published": lambda world: world.run(edge_script, id=4700, code="export default { unpublished: true };\n"),
    "edge_script_deploy_variables": lambda world: world.run(edge_script_variable, script_id=4700, name="REGION", default_value="us"),
    "edge_script_deploy_secrets": lambda world: world.run(edge_script_secret, script_id=4700, name="NEW_SECRET", value="LEAKCANARY-new"),
    "mc_rollout_app.runtime_type": lambda world: world.run(mc_app, app_id="shopApp01", runtime_type="reserved"),
    "mc_rollout_app.autoscaling": lambda world: world.run(mc_app, app_id="shopApp01", autoscaling={"min": 2, "max": 6}),
    "mc_rollout_app.region_settings": lambda world: world.run(mc_app, app_id="shopApp01", region_settings={"allowed_region_ids": ["DE"]}),
    "mc_rollout_app.volumes": lambda world: world.run(mc_app, app_id="shopApp01", volumes=[{"name": "data", "size": 10}]),
    "mc_rollout_containers[].image_registry_id": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web",
                                                                         image_registry_id="1043"),
    "mc_rollout_containers[].image_namespace": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web", image_namespace="other"),
    "mc_rollout_containers[].image_name": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web", image_name="shop"),
    "mc_rollout_containers[].image_tag": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web", image_tag="1.5.0"),
    "mc_rollout_containers[].image_digest": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web",
                                                                    image_digest="sha256:" + "ab" * 32),
    "mc_rollout_containers[].image_pull_policy": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web",
                                                                         image_pull_policy="ifNotPresent"),
    "mc_rollout_containers[].entry_point": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web",
                                                                   entry_point={"command": "worker"}),
    "mc_rollout_containers[].probes": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web",
                                                              probes={"liveness": {"tcp_socket": {"port_number": 8080}}}),
    # The change issue 28 found unseen: an environment variable set to debug by hand.
    "mc_rollout_containers[].environment_variables": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web",
                                                                             environment_variables={"LOG_LEVEL": "debug"}),
    "mc_rollout_containers[].endpoints": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web", endpoints=[
        {"display_name": "admin", "anycast": {"port_mappings": [{"container_port": 9000}]}}]),
    "mc_rollout_containers[].volume_mounts": lambda world: world.run(mc_container_template, app_id="shopApp01", name="web",
                                                                     volume_mounts=[{"name": "cache", "mount_path": "/cache"}]),
    "pullzone_domains_optimizer_classes": lambda world: world.run(pullzone_optimizer_class, pull_zone_id=10, classes=[{"name": "hero", "width": 1200}]),
    "shield_custom_pages": lambda world: world.run(shield_custom_page, shield_zone_id=4102, page="challenge", content="<h1>Prove it</h1>"),
    "shield_bot_categories": lambda world: world.run(shield_bot_categorization, shield_zone_id=4102, categories=[{"category": "seo", "action": "block"}]),
    "shield_bots": lambda world: world.run(shield_bot_categorization, shield_zone_id=4102, bots=[{"name": "GPTBot", "action": "ignore"}]),
    "shield_api_guardian_endpoints": lambda world: world.run(shield_api_guardian, shield_zone_id=4102,
                                                             endpoints=[dict(GUARDED_ENDPOINT, rate_limit=dict(requests=50))]),
    "video_library_allowed_referrers": lambda world: world.run(videolibrary_referrer, video_library_id=20, allowed_referrers=["a.example.com"]),
    "video_library_blocked_referrers": lambda world: world.run(videolibrary_referrer, video_library_id=20, blocked_referrers=["b.example.com"]),
    # The shop's certificate replaced by another of its own.
    "pullzone_domains_certificates": lambda world: world.install_certificate(),
    # A video's title and a collection's name changed by hand, each found by its GUID.
    "stream_catalogue_videos": lambda world: world.run(stream_video, library_id=20, guid=INTRO, title="Introduction"),
    "stream_catalogue_collections": lambda world: world.run(stream_collection, library_id=20, guid=ADVANCED, name="Expert"),
    # Every token of the database revoked: the web container's is refused by the database from then on.
    "database_app_tokens": lambda world: world.run(database_token, database_id=DATABASE_ID, state="absent"),
}


def first_managed_list(world):
    overview = world.client.get("/shield/shield-zone/4102/access-lists")
    return overview["managedLists"][0]["name"]


def other_fields():
    settings = {(shape.role, name) for shape, part, field in settings_fields() for name in [part.fields()[part.fields_of.index(field)]]}
    return [(shape, name) for kind in KINDS for shape in kind.shapes for name in shape.fields() if (shape.role, name) not in settings]


@pytest.mark.parametrize("shape, field", other_fields(), ids=lambda item: getattr(item, "role", item))
def test_a_change_of_every_other_field_is_drift_named_by_its_field(world, shape, field):
    exported = world.export()
    host = next(host for host in exported if host["role"] == shape.role)
    OTHER_CHANGES[field](world)

    findings, _unmanaged = world.audit(exported)

    found = findings[host["host"]]
    assert (found["kind"], found["name"]) == (host["kind"], host["name"])
    # An item's label stands in brackets: mc_rollout_containers[web].image_tag is mc_rollout_containers[].image_tag.
    named = [re.sub(r"\[[^\]]*\]", "[]", drifted["field"]) for drifted in found["drift"]]
    assert any(name == field or name.startswith((field + "[", field + " ", field + ".")) or drifted["field"].startswith((field + "[", field + " "))
               for name, drifted in zip(named, found["drift"])), found
