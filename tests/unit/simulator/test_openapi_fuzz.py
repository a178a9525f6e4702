"""Schemathesis over the simulator's own OpenAPI document: no request, valid or not, makes it fail with a 5xx.

Every operation of every area is fuzzed with requests that fit its schema and requests that do
not. The fitting ones address the resources of a small world, so that their bodies reach the
handlers instead of stopping at 404. The runs are derandomized and bounded, so they repeat
exactly and take seconds.

Five examples an operation and mode, each operation still fuzzed both ways: at twelve this file
took two thirds of the unit tests' time, as generating examples costs nearly linearly.
"""

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode

from ansible_collections.bunnynet.cloud.tests.simulator.app import create_app

WORLD = {
    "registries": [{"id": 0}, {"id": 1}],
    "apps": [{"id": "0", "containerTemplates": [{"id": "0", "name": "web"}]}],
    "edge_scripts": [{"Id": 0, "Code": "export default {}", "EdgeScriptVariables": [{"Id": 0, "Name": "V"}], "Secrets": [{"Id": 0, "Name": "S"}]}, {"Id": 1}],
    "pull_zones": [{"Id": 0, "Hostnames": [{"Value": "0"}], "EdgeRules": [{"Guid": "0"}]}, {"Id": 1}],
    # Stream takes the library's key, which the fuzzer sends as the simulator's key.
    "video_libraries": [{"Id": 0, "ApiKey": "sim-api-key"}, {"Id": 1}],
    "stream_collections": [{"videoLibraryId": 0, "guid": "0", "name": "c"}],
    "stream_videos": [{"videoLibraryId": 0, "guid": "0", "title": "v", "originalHash": "0", "captions": [{"srclang": "en", "label": "en"}]}],
    "shield_zones": [{"shieldZoneId": 0}, {"shieldZoneId": 1, "planType": 0}],
    "dns_zones": [
        {"Id": 0, "Domain": "zero.example", "Records": [{"Id": 0, "Type": "A", "Name": "a", "Value": "192.0.2.1"}]},
        {"Id": 1, "Domain": "one.example"},
    ],
    # The file API takes the zone's password, which the fuzzer sends as the simulator's key.
    "storage_zones": [{"Id": 0, "Name": "site", "Password": "sim-api-key", "Files": {"0/0": "0"}}],
    # One id for a v2 database and a v1 one (in a group), so that the fuzzer's requests reach both generations' handlers.
    "databases": [{"id": "db_0", "name": "zero"}],
    "database_groups": [{"id": "group_0", "name": "zero", "databases": [{"id": "db_0", "name": "zero"}]}],
    "settings": {"progressing_seconds": 0, "encoding_seconds": 0},
}
WORLD_PATH_PARAMETERS = {
    "appId": "0",
    "containerId": "0",
    "registryId": 0,
    "id": 0,
    "variableId": 0,
    "secretId": 0,
    "pullZoneId": 0,
    "edgeRuleId": "0",
    "shieldZoneId": 0,
    "zoneId": 0,
    "storageZoneName": "site",
    "path": "0",
    "fileName": "0",
    "libraryId": 0,
    "collectionId": "0",
    "videoId": "0",
    "srclang": "en",
    "outputCodecId": 1,
    "db_id": "db_0",
    "group_id": "group_0",
}
EXAMPLES_PER_OPERATION_AND_MODE = 5

# The document comes from the application itself, built in process: no server is needed to collect the tests.
DOCUMENT = create_app().app.openapi()
SCHEMA = schemathesis.openapi.from_dict(DOCUMENT)
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


def test_every_area_is_in_the_document():
    prefixes = {operation.path.split("/")[1] for operation in OPERATIONS}
    assert prefixes == {
        "mc", "compute", "pullzone", "purge", "videolibrary", "shield", "dnszone", "storagezone", "storage", "stream", "database",
        "apikey", "billing", "country", "region", "search", "statistics", "user", "v1", "team",
    }  # fmt: skip


def test_every_body_the_simulator_reads_is_documented():
    writes_without_body = sorted(
        f"{method.upper()} {path}"
        for path, operations in DOCUMENT["paths"].items()
        for method, operation in operations.items()
        if method in {"post", "put", "patch", "delete"} and "requestBody" not in operation
    )
    assert writes_without_body == [
        "DELETE /compute/script/{id}",
        "DELETE /compute/script/{id}/secrets/{secretId}",
        "DELETE /compute/script/{id}/variables/{variableId}",
        "DELETE /database/v1/databases/{db_id}",
        "DELETE /database/v1/groups/{group_id}",
        "DELETE /database/v2/databases/{db_id}",
        "DELETE /dnszone/{id}",
        "DELETE /dnszone/{id}/dnssec",
        "DELETE /dnszone/{zoneId}/records/{id}",
        "DELETE /mc/apps/{appId}",
        "DELETE /mc/apps/{appId}/containers/{containerId}",
        "DELETE /mc/apps/{appId}/endpoints/{endpointId}",
        "DELETE /mc/apps/{appId}/volumes/{volumeId}",
        "DELETE /mc/apps/{appId}/volumes/{volumeId}/instances/{instanceId}",
        "DELETE /mc/log/forwarding/{appId}",
        "DELETE /mc/registries/{registryId}",
        "DELETE /pullzone/{id}",
        "DELETE /pullzone/{pullZoneId}/edgerules/{edgeRuleId}",
        "DELETE /shield/rate-limit/{id}",
        "DELETE /shield/shield-zone/{shieldZoneId}/access-lists/{id}",
        "DELETE /shield/shield-zone/{shieldZoneId}/custom-page/{pageType}",
        "DELETE /shield/waf/custom-rule/{id}",
        "DELETE /storage/{storageZoneName}/{path}/{fileName}",
        "DELETE /storagezone/{id}",
        "DELETE /stream/library/{libraryId}/collections/{collectionId}",
        "DELETE /stream/library/{libraryId}/videos/{videoId}",
        "DELETE /stream/library/{libraryId}/videos/{videoId}/captions/{srclang}",
        "DELETE /team/member/{memberId}",
        "DELETE /videolibrary/{id}",
        "DELETE /videolibrary/{id}/live/thumbnail",
        "DELETE /videolibrary/{id}/live/watermark",
        "DELETE /videolibrary/{id}/watermark",
        "POST /compute/script/{id}/deploymentKey/rotate",
        "POST /database/v1/databases/{db_id}/auth/invalidate",
        "POST /database/v1/groups/{group_id}/auth/invalidate",
        "POST /database/v2/databases/{db_id}/auth/revoke",
        "POST /dnszone/{id}/dnssec",
        "POST /mc/apps/{appId}/deploy",
        "POST /mc/apps/{appId}/pods/{podId}/recreate",
        "POST /mc/apps/{appId}/restart",
        "POST /mc/apps/{appId}/undeploy",
        "POST /mc/apps/{appId}/volumes/{volumeId}/detach",
        "POST /purge",
        "POST /storagezone/resetReadOnlyPassword",
        "POST /storagezone/{id}/resetPassword",
        "POST /stream/library/{libraryId}/videos/{videoId}/reencode",
        "POST /stream/library/{libraryId}/videos/{videoId}/repackage",
        "POST /stream/library/{libraryId}/videos/{videoId}/resolutions/cleanup",
        "POST /videolibrary/{id}/resetApiKey",
        "POST /videolibrary/{id}/resetReadOnlyApiKey",
        "PUT /stream/library/{libraryId}/videos/{videoId}/outputs/{outputCodecId}",
    ]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=str)
@pytest.mark.parametrize("operation", OPERATIONS, ids=[operation.label for operation in OPERATIONS])
def test_no_request_makes_the_simulator_fail(simulator, operation, mode):
    simulator.load_fixtures(WORLD)
    session = requests.Session()
    path_parameters = None
    if mode == GenerationMode.POSITIVE:
        path_parameters = {name: value for name, value in WORLD_PATH_PARAMETERS.items() if f"{{{name}}}" in operation.path}

    @given(case=operation.as_strategy(generation_mode=mode, path_parameters=path_parameters))
    @settings(
        max_examples=EXAMPLES_PER_OPERATION_AND_MODE,
        deadline=2000,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def fuzz(case):
        response = case.call(base_url=simulator.url, session=session, headers=simulator.headers, timeout=10)
        assert response.status_code < 500, f"{case.method} {case.formatted_path} answered {response.status_code}: {response.text[:500]}"

    try:
        fuzz()
    finally:
        session.close()
