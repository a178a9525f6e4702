"""Every read model the simulator serves against the vendor's model: the same property names, and values of the vendor's types.

The vendor's models come from `tests/simulator/vendor_facts.json`, extracted from the vendor's
OpenAPI documents; the simulator writes its read models out by hand, so the two are compared
rather than one derived from the other. To hold another resource to its vendor model, add one
line to READ_MODELS (and its records to WORLD). Magic Containers' models are held to the vendor's
by that area's own tests, apart from the registry models and the answers of the writes.
"""

from typing import Any, Callable, Dict, NamedTuple, Optional

import pytest

from ansible_collections.bunnynet.cloud.tests.simulator.vendor_facts import models
from ansible_collections.bunnynet.cloud.tests.unit.simulator.vendor_schema import mismatches

PETSTORE_SPEC = '{"openapi": "3.0.0", "info": {"title": "Pets", "version": "1"}, "paths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}}}}'

WORLD = {
    "pull_zones": [
        {
            "Id": 1,
            "Name": "assets",
            "Hostnames": [{"Value": "cdn.example.com", "HasCertificate": True, "Certificate": "Q0VSVA", "CertificateKey": "S0VZ"}],
            "EdgeRules": [
                {
                    "Description": "redirect",
                    "ActionType": 1,
                    "Triggers": [{"Type": 0, "PatternMatches": ["*/old/*"]}],
                    "ExtraActions": [{"ActionType": 5, "ActionParameter1": "X-Moved", "ActionParameter2": "yes"}],
                }
            ],
            "OptimizerClasses": [{"Name": "thumb", "Properties": {"width": "200"}}],
            "StorageZoneId": 1,
        }
    ],
    # The Stream API takes the library's key; these tests send the simulator's default key.
    "video_libraries": [{"Id": 1, "Name": "videos", "ApiKey": "sim-api-key"}],
    "stream_collections": [{"videoLibraryId": 1, "guid": "c0", "name": "intro"}],
    "stream_videos": [
        {"videoLibraryId": 1, "guid": "v0", "title": "Welcome", "collectionId": "c0", "originalHash": "AB", "storageSize": 1000,
         "captions": [{"srclang": "en", "label": "English", "version": 1}], "chapters": [{"title": "Start", "start": 0, "end": 5}],
         "moments": [{"label": "Hello", "timestamp": 1}], "metaTags": [{"property": "description", "value": "First"}]},
        {"videoLibraryId": 1, "guid": "v1", "title": "Broken", "status": 5},
    ],
    "registries": [{"id": 1, "displayName": "Docker Hub", "hostName": "docker.io"}],
    "edge_scripts": [
        {
            "Id": 1,
            "Name": "router",
            "Code": "export default {}",
            "EdgeScriptVariables": [{"Id": 1, "Name": "ORIGIN", "Required": True, "DefaultValue": "https://origin.example.com"}],
            "Secrets": [{"Id": 1, "Name": "TOKEN", "Secret": "s3cret"}],
            "Releases": [{"Id": 1, "Status": 1, "Note": "first"}],
            "LinkedPullZones": [{"Id": 1, "PullZoneName": "assets", "DefaultHostname": "assets.b-cdn.net"}],
        }
    ],
    "shield_zones": [
        {
            "shieldZoneId": 1,
            "pullZoneId": 1,
            "wafRules": [{"id": 1, "ruleName": "Admin", "ruleConfiguration": {"actionType": 1, "variableTypes": {"REQUEST_URI": ""}, "value": "/admin"}}],
            "rateLimits": [{"id": 2, "ruleName": "Login", "ruleConfiguration": {"variableTypes": {"REQUEST_URI": ""}, "value": "/login", "requestCount": 5}}],
            "accessLists": {"custom": [{"listId": 1000, "name": "Office", "type": 1, "content": "10.0.0.0/8"}]},
        }
    ],
    "dns_zones": [
        {
            "Id": 1,
            "Domain": "example.com",
            "Records": [
                {"Type": "A", "Name": "geo", "Value": "192.0.2.1", "SmartRoutingType": 2, "GeolocationLatitude": 46.0, "GeolocationLongitude": 14.5},
                {"Type": "PullZone", "Name": "cdn", "PullZoneId": 1},
            ],
        }
    ],
    # The file API takes the zone's password; these tests send the simulator's default key.
    "storage_zones": [{"Id": 1, "Name": "site", "Password": "sim-api-key", "Files": {"assets/app.js": "export {}"}}],
    "databases": [{"id": "db_01KCHBG8C5KSFGG0VRNFQ7EK7X", "name": "orders", "primary_regions": ["DE", "NY"], "replicas_regions": ["UK"],
                   "current_size": "2097152", "activity": {"rows_read_per_hour": 120, "rows_written_per_hour": 12, "latency_ms": 3.5}}],
    "database_groups": [{"id": "group_1", "name": "shop", "primary_regions": ["DE"], "replicas_regions": ["UK"],
                         "databases": [{"id": "db_1", "name": "carts", "created_at": "2026-01-01T00:00:00Z", "current_size": "4096"}]}],
}
DATABASE = "/database/v2/databases/db_01KCHBG8C5KSFGG0VRNFQ7EK7X"
PERIOD = "?from=2026-05-01T00:00:00Z&to=2026-05-01T03:00:00Z"
WAF_RULE_BODY = {"ruleName": "New", "ruleConfiguration": {"actionType": 5, "variableTypes": {"GEO": ""}, "value": "XX"}}


def first(key: str) -> Callable[[Any], Any]:
    return lambda body: body[key][0]


def sparse_variables(pick: Callable[[Any], Any] = lambda body: body) -> Callable[[Any], Any]:
    """A Shield rule whose conditions' `variableTypes` are held as what they are: a subset of the vendor's variables.

    The vendor models `variableTypes` as an object listing every variable a condition could test; a
    condition holds the ones it tests. Names outside the vendor's list stay in (and fail the check).
    """

    def complete(body: Any) -> Any:
        rule = pick(body)
        variables = models("shield")["CreateCustomWafRuleModel"]["properties"]["variableTypes"]["properties"]
        configuration = rule["ruleConfiguration"]
        for condition in [configuration] + list(configuration.get("chainedRuleConditions") or []):
            condition["variableTypes"] = {**dict.fromkeys(variables, ""), **condition["variableTypes"]}
        return rule

    return complete


def without_service_additions(storage_object: Dict[str, Any]) -> Dict[str, Any]:
    return {name: value for name, value in storage_object.items() if name not in ("Checksum", "ReplicatedZones", "ContentType")}


class ReadModel(NamedTuple):
    """`path` answers `model` of the vendor's `document`, or `pick` finds an instance of it in the answer."""

    path: str
    document: str
    model: str
    pick: Optional[Callable[[Any], Any]] = None
    method: str = "GET"
    body: Optional[Dict[str, Any]] = None


READ_MODELS = [
    ReadModel("/pullzone/1", "core", "PullZoneModel"),
    ReadModel("/pullzone/1?includeCertificate=true", "core", "PullZoneModel"),
    ReadModel("/pullzone", "core", "PullZoneModel", pick=lambda body: body[0]),
    ReadModel("/pullzone?page=1", "core", "PullZoneModel", pick=first("Items")),
    ReadModel("/pullzone/count", "core", "PullZoneCountModel"),
    ReadModel("/pullzone", "core", "PullZoneModel", method="POST", body={"Name": "fresh"}),
    ReadModel("/pullzone/1", "core", "PullZoneModel", method="POST", body={"EnableLogging": False}),
    ReadModel("/pullzone/1/edgerules/addOrUpdate", "core", "EdgeRuleV2Model", method="POST", body={"ActionType": 4}),
    ReadModel("/videolibrary/1", "core", "VideoLibraryModel"),
    ReadModel("/videolibrary", "core", "VideoLibraryModel", pick=lambda body: body[0]),
    ReadModel("/videolibrary?page=1", "core", "PaginationListModelOfVideoLibraryModel"),
    ReadModel("/videolibrary", "core", "VideoLibraryModel", method="POST", body={"Name": "fresh", "ReplicationRegions": ["UK"]}),
    ReadModel("/videolibrary/1", "core", "VideoLibraryModel", method="POST", body={"EnableTokenAuthentication": True, "PlayerKeyColor": "#000000"}),
    ReadModel("/mc/registries", "magic_containers", "ListContainerRegistriesResponse"),
    ReadModel("/mc/registries/1", "magic_containers", "ContainerRegistry"),
    ReadModel("/mc/registries", "magic_containers", "SaveContainerRegistryResult", method="POST",
              body={"displayName": "GitHub", "type": "gitHub", "passwordCredentials": {"userName": "ci", "password": "token"}}),
    ReadModel("/mc/registries/1", "magic_containers", "SaveContainerRegistryResult", method="PUT", body={"displayName": "Hub"}),
    ReadModel("/mc/registries/1", "magic_containers", "RemoveContainerRegistryResult", method="DELETE"),
    ReadModel("/mc/apps", "magic_containers", "AddApplicationResponse", method="POST", body={
        "name": "fresh", "runtimeType": "shared", "autoScaling": {"min": 1, "max": 1}, "regionSettings": {},
        "containerTemplates": [{"name": "web", "imageName": "nginx", "imageNamespace": "library", "imageTag": "1", "imageRegistryId": "1"}]}),
    ReadModel("/compute/script/1", "edge_scripting", "EdgeScriptModel"),
    ReadModel("/compute/script?includeLinkedPullzones=true", "edge_scripting", "PaginationListModelOfEdgeScriptModel"),
    ReadModel("/compute/script", "edge_scripting", "EdgeScriptModel", method="POST", body={"Name": "new", "ScriptType": 1, "CreateLinkedPullZone": True}),
    ReadModel("/compute/script/1", "edge_scripting", "EdgeScriptModel", method="POST", body={"Name": "renamed"}),
    ReadModel("/compute/script/1/code", "edge_scripting", "EdgeScriptCodeModel"),
    ReadModel("/compute/script/1/variables/1", "edge_scripting", "EdgeScriptVariableModel"),
    ReadModel("/compute/script/1/variables/add", "edge_scripting", "EdgeScriptVariableModel", method="POST", body={"Name": "NEW", "Required": False}),
    ReadModel("/compute/script/1/secrets", "edge_scripting", "ListEdgeScriptSecretsModel"),
    ReadModel("/compute/script/1/secrets", "edge_scripting", "EdgeScriptSecretModel", method="POST", body={"Name": "NEW", "Secret": "x"}),
    ReadModel("/compute/script/1/releases/active", "edge_scripting", "EdgeScriptReleaseModel"),
    ReadModel("/compute/script/1/releases", "edge_scripting", "PaginationListModelOfEdgeScriptReleaseModel"),
    ReadModel("/shield/shield-zone/1/api-guardian", "shield", "GetApiGuardianResponse"),
    ReadModel("/shield/shield-zone/1/api-guardian/spec", "shield", "GetApiGuardianResponse", method="POST", body={"content": PETSTORE_SPEC}),
    ReadModel("/shield/shield-zone/1/bot-detection", "shield", "BotDetectionConfigurationResponse"),
    ReadModel("/shield/shield-zone/1/bot-detection", "shield", "UpdateBotDetectionResponse", method="PATCH", body={"executionMode": 1}),
    ReadModel("/shield/shield-zone/1", "shield", "GetShieldZoneResponse"),
    ReadModel("/shield/shield-zone/get-by-pullzone/1", "shield", "GetShieldZoneResponse"),
    ReadModel("/shield/shield-zones", "shield", "GetShieldZonesResponse"),
    ReadModel("/shield/shield-zone", "shield", "UpdateShieldZoneResponse", method="PATCH", body={"shieldZoneId": 1, "shieldZone": {"wafEnabled": False}}),
    ReadModel("/shield/waf/custom-rules/1", "shield", "CustomWafRule", pick=sparse_variables(first("data"))),
    ReadModel("/shield/waf/custom-rule/1", "shield", "CustomWafRule", pick=sparse_variables()),
    ReadModel("/shield/waf/custom-rule", "shield", "CustomWafRule", pick=sparse_variables(), method="POST", body=dict(WAF_RULE_BODY, shieldZoneId=1)),
    ReadModel("/shield/waf/custom-rule/1", "shield", "CustomWafRule", pick=sparse_variables(), method="PATCH", body=WAF_RULE_BODY),
    # The vendor documents the rate limit read and list with the WAF rule's model, whose configuration
    # lacks the rate; its create and update answer RateLimitRule, which a read is held to here.
    ReadModel("/shield/rate-limit/2", "shield", "RateLimitRule", pick=sparse_variables()),
    ReadModel("/shield/rate-limits/1", "shield", "RateLimitRule", pick=sparse_variables(first("data"))),
    ReadModel("/shield/rate-limit", "shield", "RateLimitRule", pick=sparse_variables(), method="POST",
              body={"shieldZoneId": 1, "ruleName": "New", "ruleConfiguration": {"variableTypes": {"GEO": ""}}}),
    ReadModel("/shield/rate-limit/2", "shield", "RateLimitRule", pick=sparse_variables(), method="PATCH", body={"ruleName": "Renamed"}),
    ReadModel("/shield/shield-zone/1/access-lists", "shield", "AccessListsDetailsResponse"),
    ReadModel("/shield/shield-zone/1/access-lists/1000", "shield", "CustomAccessListResponse"),
    ReadModel("/shield/shield-zone/1/access-lists", "shield", "CustomAccessListResponse", method="POST", body={"name": "New", "type": 3, "content": "DE"}),
    ReadModel("/shield/shield-zone/1/access-lists/1000", "shield", "CustomAccessListResponse", method="PATCH", body={"content": "10.0.0.0/8"}),
    ReadModel("/shield/shield-zone/1/access-lists/configurations/1", "shield", "UpdateAccessListConfigurationResponse", method="PATCH", body={"action": 4}),
    ReadModel("/shield/shield-zone/1/access-lists/1000", "shield", "GenericRequestResponse", method="DELETE"),
    ReadModel("/shield/waf/custom-rule/1", "shield", "GenericRequestResponse", method="DELETE"),
    ReadModel("/dnszone/1", "core", "DnsZoneModel"),
    ReadModel("/dnszone?page=1", "core", "PaginationListModelOfDnsZoneModel"),
    ReadModel("/dnszone", "core", "DnsZoneModel", method="POST", body={"Domain": "fresh.example"}),
    ReadModel("/dnszone/1", "core", "DnsZoneModel", method="POST", body={"LoggingEnabled": True}),
    ReadModel("/dnszone/1/records", "core", "PaginationListModelOfDnsRecordModel"),
    ReadModel("/dnszone/1/records", "core", "DnsRecordModel", method="PUT", body={"Type": 0, "Name": "shop", "Value": "192.0.2.9", "Accelerated": True}),
    ReadModel("/dnszone/1/dnssec", "core", "DnsSecDsRecordModel", method="POST"),
    ReadModel("/dnszone/1/dnssec", "core", "DnsSecDsRecordModel", method="DELETE"),
    ReadModel("/storagezone/1", "core", "StorageZoneModel"),
    ReadModel("/storagezone", "core", "StorageZoneModel", pick=lambda body: body[0]),
    ReadModel("/storagezone?page=1", "core", "StorageZoneModel", pick=first("Items")),
    ReadModel("/storagezone", "core", "StorageZoneModel", method="POST", body={"Name": "fresh", "Region": "DE"}),
    ReadModel("/storagezone/regions", "core", "StorageRegionModel", pick=lambda body: body[0]),
    ReadModel("/stream/library/1/collections", "stream", "PaginationListOfCollectionModel"),
    ReadModel("/stream/library/1/collections?includeThumbnails=true", "stream", "PaginationListOfCollectionModel"),
    ReadModel("/stream/library/1/collections/c0", "stream", "CollectionModel"),
    ReadModel("/stream/library/1/collections", "stream", "CollectionModel", method="POST", body={"name": "new"}),
    ReadModel("/stream/library/1/collections/c0", "stream", "StatusModel", method="POST", body={"name": "renamed"}),
    ReadModel("/stream/library/1/collections/c0", "stream", "StatusModel", method="DELETE"),
    ReadModel("/stream/library/1/videos", "stream", "PaginationListOfVideoModel"),
    ReadModel("/stream/library/1/videos/v0", "stream", "VideoModel"),
    ReadModel("/stream/library/1/videos/v1", "stream", "VideoModel"),
    ReadModel("/stream/library/1/videos", "stream", "VideoModel", method="POST", body={"title": "New", "thumbnailTime": 1000}),
    ReadModel("/stream/library/1/videos/v0", "stream", "StatusModel", method="POST", body={"title": "Renamed", "metaTags": []}),
    ReadModel("/stream/library/1/videos/v0", "stream", "StatusModel", method="DELETE"),
    ReadModel("/stream/library/1/videos/fetch", "stream", "StatusModel", method="POST", body={"url": "https://example.com/a.mp4"}),
    ReadModel("/stream/library/1/videos/v0/heatmap", "stream", "VideoHeatmapModel"),
    ReadModel("/stream/library/1/videos/v0/play", "stream", "VideoPlayDataModel"),
    ReadModel("/stream/library/1/videos/v0/play/heatmap", "stream", "VideoPlayDataModel"),
    ReadModel("/stream/library/1/statistics", "stream", "VideoStatisticsModel"),
    ReadModel("/stream/library/1/videos/v0/reencode", "stream", "VideoModel", method="POST"),
    ReadModel("/stream/library/1/videos/v0/outputs/1", "stream", "VideoModel", method="PUT"),
    ReadModel("/stream/library/1/videos/v0/repackage", "stream", "VideoModel", method="POST"),
    ReadModel("/stream/library/1/videos/v0/thumbnail?thumbnailUrl=https://example.com/t.jpg", "stream", "StatusModel", method="POST"),
    ReadModel("/stream/library/1/videos/v0/captions/de", "stream", "CaptionValidationModel", method="POST", pick=lambda body: body["data"],
              body={"srclang": "de", "label": "Deutsch", "captionsFile": "V0VCVlRUCgowMDowMC4wMDAgLS0+IDAwOjAxLjAwMApIYWxsbwo="}),
    ReadModel("/stream/library/1/videos/v0/captions/en", "stream", "StatusModel", method="DELETE"),
    ReadModel("/stream/library/1/videos/v0/transcribe", "stream", "StatusModel", method="POST", body={"targetLanguages": ["fr"]}),
    ReadModel("/stream/library/1/videos/v0/smart", "stream", "StatusModel", method="POST", body={"generateTitle": True}),
    ReadModel("/stream/library/1/videos/v0/resolutions", "stream", "VideoResolutionsInfoModel", pick=lambda body: body["data"]),
    ReadModel("/stream/library/1/videos/v0/storage", "stream", "VideoStorageSizeModel", pick=lambda body: body["data"]),
    ReadModel("/stream/library/1/videos/v0/resolutions/cleanup?resolutionsToDelete=240p", "stream", "StatusModel", method="POST"),
    ReadModel("/stream/OEmbed?url=https://iframe.mediadelivery.net/embed/1/v0", "stream", "VideoOEmbedModel"),
    ReadModel("/database/v2/databases?page=1", "database", "ListDatabaseV2Response"),
    ReadModel(DATABASE, "database", "ReadDatabaseV2Response"),
    ReadModel("/database/v2/databases", "database", "CreateDatabaseV2Response", method="POST",
              body={"name": "fresh", "storage_region": "us-east-1", "primary_regions": ["NY"], "replicas_regions": []}),
    ReadModel(DATABASE, "database", "UpdateDatabaseV2Response", method="PATCH", body={"replicas_regions": ["UK", "SG"]}),
    ReadModel(DATABASE, "database", "DeletedDatabaseV2Response", method="DELETE"),
    ReadModel(DATABASE + "/usage" + PERIOD, "database", "UsageDatabaseV2Response"),
    ReadModel(DATABASE + "/statistics" + PERIOD, "database", "StatsDatabaseV2Response"),
    ReadModel("/database/v2/databases/active_usage", "database", "ActiveStatsResponse"),
    ReadModel(DATABASE + "/auth/generate", "database", "GenerateTokenDatabaseV2Response", method="PUT", body={"authorization": "read-only"}),
    ReadModel(DATABASE + "/auth/generate", "database", "GenerateTokenDatabaseV2Response", method="PUT",
              body={"authorization": "full-access", "expires_at": "2099-01-01T00:00:00Z"}),
    ReadModel("/database/v1/config", "database", "ListConfigAPIResponse"),
    ReadModel("/database/v1/config/optimal?cdn_server_token=BunnyCDN-DE1-1058", "database", "OptimalConfigAPIResponse"),
    ReadModel("/database/v1/config/optimal_single?cdn_server_token=BunnyCDN-DE1-1058", "database", "OptimalSingleConfigAPIResponse"),
    ReadModel("/database/v1/groups", "database", "ListDatabaseGroupResponse"),
    ReadModel("/database/v1/groups/group_1", "database", "ReadDatabaseGroupResponse"),
    ReadModel("/database/v1/groups/group_1", "database", "UpdateDatabaseGroupResponse", method="PATCH", body={"display_name": "store"}),
    ReadModel("/database/v1/groups/group_1/stats" + PERIOD, "database", "StatsDatabaseGroupResponse"),
    ReadModel("/database/v1/databases", "database", "ListDatabaseResponse"),
    ReadModel("/database/v1/databases/db_1", "database", "ReadDatabaseResponse"),
    ReadModel("/database/v1/databases/db_1/list_versions", "database", "ListVersionsDatabaseGroupResponse", method="POST", body={}),
    ReadModel("/database/v1/databases/db_1/fork", "database", "ForkDatabaseResponse", method="POST",
              body={"slug": "carts-copy", "date": "2026-02-01T00:00:00Z"}),
    ReadModel("/database/v1/live/live_db", "database", "LiveMetricsForDBResponse", method="POST", body={"db_ids": ["db_1"]}),
    ReadModel("/database/v1/live/live_group", "database", "LiveMetricsForGroupResponse", method="POST", body={"group_ids": ["group_1"]}),
    ReadModel("/database/v1/config/limits", "database", "LimitsResponse"),
    # The service's objects carry Checksum, ReplicatedZones and ContentType, which the vendor's
    # StorageObject leaves out (test_storage_zones.py holds them); every other property is the vendor's.
    ReadModel("/storage/site/", "edge_storage", "StorageObject", pick=lambda body: without_service_additions(body[0])),
    ReadModel("/storage/site/assets/", "edge_storage", "StorageObject", pick=lambda body: without_service_additions(body[0])),
]


@pytest.mark.parametrize("read", READ_MODELS, ids=[f"{read.method} {read.path} {read.model}" for read in READ_MODELS])
def test_a_read_model_has_every_property_of_the_vendor_model_and_its_types(simulator, api, read):
    simulator.load_fixtures(WORLD)
    answer = api.request(read.method, read.path, json=read.body)
    assert answer.status_code in (200, 201, 202), answer.text
    body = answer.json()
    instance = read.pick(body) if read.pick else body
    assert mismatches(instance, {"$ref": read.model}, read.document, read.model) == []


# The checker itself, so that a passing comparison means the models agree rather than that nothing was compared.


def test_the_checker_reports_a_missing_and_an_extra_property():
    hostname = {"Id": 1, "Value": "a", "ForceSSL": False, "IsSystemHostname": False, "IsManagedHostname": False, "HasCertificate": False}
    hostname.update(Certificate=None, CertificateKey=None, CertificateKeyType=0, Extra=1)
    assert mismatches(hostname, {"$ref": "HostnameModel"}, "core", "H") == [
        "H<HostnameModel>.CertificateProvisionType is missing",
        "H<HostnameModel>.Extra is not in the vendor's model",
    ]


@pytest.mark.parametrize(
    ("prop", "value", "problem"),
    [
        ("Enabled", None, "is null"),
        ("Enabled", 1, "the vendor's type is boolean"),
        ("Id", "7", "the vendor's type is integer"),
        ("OriginType", 9, "not one of the vendor's"),
        ("Hostnames", {}, "the vendor's type is array"),
        ("MonthlyCharges", 0, "the vendor's type is number"),
    ],
)
def test_the_checker_reports_a_wrong_type_a_null_and_a_value_outside_an_enum(simulator, api, prop, value, problem):
    simulator.load_fixtures(WORLD)
    zone = api.get("/pullzone/1").json()
    zone[prop] = value
    found = mismatches(zone, {"$ref": "PullZoneModel"}, "core", "Z")
    assert len(found) == 1 and problem in found[0] and f".{prop}" in found[0]


CAPTION_VALIDATION = {"success": True, "message": None, "statusCode": 200, "data": {"valid": True, "errorList": None, "warningList": None,
                                                                                    "warningMessage": None}}  # fmt: skip


@pytest.mark.parametrize(
    ("value", "model", "document", "problem"),
    [
        # allOf of two parts: StatusModel's properties and the data's, together.
        (dict(CAPTION_VALIDATION, extra=1), "StatusModelOfCaptionValidationModel", "stream", ".extra is not in the vendor's model"),
        ({key: value for key, value in CAPTION_VALIDATION.items() if key != "success"}, "StatusModelOfCaptionValidationModel", "stream",
         ".success is missing"),
        (dict(CAPTION_VALIDATION, data={"valid": "yes", "errorList": None, "warningList": None, "warningMessage": None}),
         "StatusModelOfCaptionValidationModel", "stream", ".data<CaptionValidationModel>.valid is 'yes'; the vendor's type is boolean"),
        # oneOf of several alternatives: Stream's numbered statuses, the Database's live states and their const.
        (9, "VideoModelStatus", "stream", "matches none of the vendor's 9 alternatives"),
        ({"state": "Live"}, "DBLiveStatus", "database", "matches none of the vendor's 3 alternatives"),
        ({"state": "Sleeping"}, "GroupLiveStatus", "database", "matches none of the vendor's 3 alternatives"),
        # anyOf of a model and null: the model is held when the value is not null.
        ({"storage_region": {"id": "us-east-1", "name": "US East", "group": "NA"}, "region": {"id": "NY"}}, "OptimalSingleConfigAPIResponse",
         "database", "region matches none of the vendor's 1 alternatives"),
        # A tuple's prefixItems: the Database's chart points, [date-time, double].
        (["2026-05-01T00:00:00Z", 3], "Datapoint", "database", "[1] is 3; the vendor's type is number"),
        (["2026-05-01T00:00:00Z"], "Datapoint", "database", "has 1 items; the vendor's tuple has 2"),
    ],
)
def test_the_checker_holds_the_compositions_of_the_stream_and_database_documents(value, model, document, problem):
    found = mismatches(value, {"$ref": model}, document, "V")
    assert len(found) >= 1 and any(problem in item for item in found), found


@pytest.mark.parametrize(
    ("value", "model", "document"),
    [
        (CAPTION_VALIDATION, "StatusModelOfCaptionValidationModel", "stream"),
        (4, "VideoModelStatus", "stream"),
        ({"state": "Offline"}, "DBLiveStatus", "database"),
        ({"state": "Live", "metadata": {"main": "DE", "replicas": ["UK"]}}, "DBLiveStatus", "database"),
        ({"storage_region": {"id": "us-east-1", "name": "US East", "group": "NA"}, "region": None}, "OptimalSingleConfigAPIResponse", "database"),
        (["2026-05-01T00:00:00Z", 3.0], "Datapoint", "database"),
    ],
)
def test_the_checker_takes_what_the_compositions_allow(value, model, document):
    assert mismatches(value, {"$ref": model}, document, "V") == []
