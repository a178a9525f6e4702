"""docs/troubleshooting.md quotes the modules' failures as they print them: each case below makes one
against the simulator, loaded with the demo's resources, and the guide must quote exactly the
messages these cases produce, no more and no fewer.
"""

import os
import platform
import re
import sys

import pytest
import yaml

from ansible_collections.bunnynet.cloud.plugins.module_utils.core import api
from ansible_collections.bunnynet.cloud.plugins.module_utils.core import module as module_base
from ansible_collections.bunnynet.cloud.plugins.modules import (
    edge_script,
    edge_script_variable,
    mc_app,
    mc_container_template,
    mc_registry_info,
    pullzone_edge_rule,
    pullzone_hostname,
    shield_api_guardian,
    shield_bot_detection,
    videolibrary_referrer,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

COLLECTION_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
GUIDE = os.path.join(COLLECTION_ROOT, "docs", "troubleshooting.md")
DEMO_WORLD = os.path.join(COLLECTION_ROOT, "tests", "simulator", "fixtures", "demo.yml")
TEXT_BLOCK = re.compile(r"^```text\n(.*?)^```", re.MULTILINE | re.DOTALL)


def openapi(operations):
    """An OpenAPI 3 document with this many GET operations."""
    return yaml.safe_dump({
        "openapi": "3.0.3",
        "info": {"title": "Demo shop", "version": "1.0.0"},
        "paths": {"/items/%d" % number: {"get": {"responses": {"200": {"description": "an item"}}}} for number in range(operations)},
    })


def second_gateway(world):
    world["edge_scripts"].append(dict(world["edge_scripts"][0], Id=502))


def hostname_on_another_zone(world):
    world["pull_zones"].append({"Id": 11, "Name": "demo-www", "Hostnames": [{"Value": "www.demo.example"}]})


def demo_web_app(**options):
    return dict(app_id="demoWebApp01", **options)


# (the message, how the world differs from the demo's, the faults, the module, its options)
CASES = [
    ("missing required arguments: api_key",
     None, [], mc_registry_info, dict(api_key=None)),
    ("Invalid input: api_retries must be between 0 and 20, got 50.",
     None, [], mc_registry_info, dict(api_retries=50)),
    ("Invalid input: hostnames[0] must be a DNS name such as cdn.example.com, got 'https://cdn.demo.example', which has a scheme: give the hostname alone.",
     None, [], pullzone_hostname, dict(pull_zone_id=10, hostnames=["https://cdn.demo.example"])),
    ("value of script_type must be one of: dns, cdn, middleware, got: worker",
     None, [], edge_script, dict(name="demo-router", script_type="worker")),
    ("Cannot update application demoWebApp01: container_templates[0].volume_mounts[0].name names volume 'logs', which the "
     "application will not have; list it under volumes.",
     None, [], mc_app, demo_web_app(container_templates=[{"name": "web", "volume_mounts": [{"name": "logs", "mount_path": "/var/log/app"}]}])),
    ("Shield zone 4102 cannot take this OpenAPI document: it has 501 operations (method and path pairs) and the zone allows at "
     "most 500 (max_endpoints). Nothing was uploaded.",
     None, [], shield_api_guardian, dict(shield_zone_id=4102, content=openapi(501))),
    ("Invalid input: content is not an OpenAPI 3 document: it lacks info.version (as text).",
     None, [], shield_api_guardian, dict(shield_zone_id=4102, content='{"openapi": "3.0.3", "info": {"title": "Demo shop"}, "paths": {}}')),
    ("Invalid input: content is a Swagger 2.0 document; API Guardian takes OpenAPI 3 (openapi: 3.x).",
     None, [], shield_api_guardian, dict(shield_zone_id=4102, content='{"swagger": "2.0", "info": {"title": "Demo shop", "version": "1"}, "paths": {}}')),
    ("The API key was refused (HTTP 401); check api_key or the BUNNYNET_API_KEY environment variable.",
     None, [], mc_registry_info, dict(api_key="a-key-nobody-issued")),
    ("The API refused to change application demoWebApp01 (HTTP 403): the account has an invalid card or is suspended.",
     "suspended", [], mc_app, demo_web_app(autoscaling={"min": 1, "max": 4})),
    ("Application demoWebApp02 was not found (HTTP 404).",
     None, [], mc_app, dict(app_id="demoWebApp02", autoscaling={"min": 1, "max": 4})),
    ("Pull zone 99 was not found (HTTP 404).",
     None, [], pullzone_hostname, dict(pull_zone_id=99, hostnames=["cdn.demo.example"])),
    ("Video library 21 was not found (HTTP 404).",
     None, [], videolibrary_referrer, dict(video_library_id=21, allowed_referrers=["demo.example"])),
    ("Shield zone 4104 was not found (HTTP 404).",
     None, [], shield_bot_detection, dict(shield_zone_id=4104, execution_mode="challenge")),
    ("Edge script 502 was not found (HTTP 404).",
     None, [], edge_script, dict(id=502, code="export default {};")),
    ("Container registry 9, named by image_registry_id, was not found (HTTP 404).",
     None, [], mc_app, demo_web_app(container_templates=[{"name": "web", "image_registry_id": 9}])),
    ("No edge script is named 'demo-routr'.",
     None, [], edge_script_variable, dict(script_name="demo-routr", name="ORIGIN", default_value="origin.example.com")),
    ("2 edge scripts are named 'demo-gateway' (ids 501, 502); give the id of the one to manage.",
     second_gateway, [], edge_script_variable, dict(script_name="demo-gateway", name="UPSTREAM", default_value="https://origin.example.com")),
    ("Application demoWebApp01 has no container template named 'api'; its templates are: 'web'.",
     None, [], mc_container_template, demo_web_app(name="api", image_tag="2")),
    ("Pull zone 10 has no edge rule described as 'Old redirect'; its edge rules are: 5f0c7a2e-3b1d-4e8f-9a6c-2d4b8e1f7a30 "
     "('Maintenance redirect'), 9c1e4b7a-6d2f-4a8e-b3c5-7f0a1d2e3b4c ('Block admin paths').",
     None, [], pullzone_edge_rule, dict(pull_zone_id=10, description="Old redirect", enabled=False)),
    ("Edge script 501 is a middleware script; the API cannot change the type of a script, so it cannot become cdn. "
     "Delete it and create it again to change its type.",
     None, [], edge_script, dict(name="demo-gateway", script_type="cdn")),
    ("Invalid input: hostnames[0] must not be a bunny.net system hostname (*.b-cdn.net) with state=absent, got 'demo-assets.b-cdn.net'.",
     None, [], pullzone_hostname, dict(pull_zone_id=10, hostnames=["demo-assets.b-cdn.net"], state="absent")),
    ("The plan of Shield zone 4103 does not include bot detection (the Basic plan does not; Advanced and higher do). "
     "The API said: Bot detection is not available on the Basic plan.",
     None, [], shield_bot_detection, dict(shield_zone_id=4103, execution_mode="challenge")),
    ("POST /pullzone/10/addHostname failed with status 400: The hostname 'www.demo.example' is already registered "
     "(Hostname: The hostname 'www.demo.example' is already registered).",
     hostname_on_another_zone, [], pullzone_hostname, dict(pull_zone_id=10, hostnames=["www.demo.example"])),
    ("GET /pullzone/10 was refused with HTTP 429 (the API's rate limit: Injected fault: Too Many Requests) on 6 attempts. "
     "Raise api_retries (5 now) to wait longer, "
     "or run fewer tasks against the API at once.",
     None, [dict(method="GET", path="^/pullzone/10$", status=429, retry_after=0)], pullzone_hostname, dict(pull_zone_id=10, hostnames=[])),
    ("GET /mc/apps/demoWebApp01 failed: the connection closed before an answer arrived (Remote end closed connection without response) "
     "after 6 attempts; raise api_retries (5 now) to give the API longer to recover.",
     None, [dict(method="GET", path="^/mc/apps/demoWebApp01$", drop_connection=True)], mc_app, demo_web_app(autoscaling={"min": 1, "max": 4})),
    ("GET /mc/registries failed: could not connect to http://127.0.0.1:9 ([Errno 111] Connection refused) after 3 attempts: "
     "api_url is wrong or the service is down; check api_url or BUNNYNET_API_URL.",
     None, [], mc_registry_info, dict(api_url="http://127.0.0.1:9")),
    ("GET /mc/registries got no answer from the API at http://127.0.0.1:8080: it did not answer within api_timeout (2 seconds) "
     "on 2 attempts, 4 seconds of silence in all. Check api_url, and any proxy or firewall between this host and the API; if the "
     "API is only slow, raise api_timeout (and api_silence_limit, which ends the wait).",
     None, [dict(method="GET", path="^/mc/registries$", delay_ms=2500)], mc_registry_info, dict(api_timeout=2)),
    ("POST /pullzone/10/addHostname may or may not have been applied: it got no clear answer (the connection closed before an "
     "answer arrived (Remote end closed connection without response)), and reading the resource to find out failed too "
     "(GET /pullzone/10 failed: the connection closed before an answer arrived (Remote end closed connection without response) "
     "after 6 attempts; raise api_retries (5 now) to give the API longer to recover). Check the resource before running the task again.",
     None,
     # The first read goes through (delayed by a millisecond); the write's answer is lost; every later read fails.
     [dict(method="GET", path="^/pullzone/10$", delay_ms=1, count=1),
      dict(method="POST", path="addHostname", drop_connection=True, apply=True, count=1),
      dict(method="GET", path="^/pullzone/10$", drop_connection=True)],
     pullzone_hostname, dict(pull_zone_id=10, hostnames=["static.demo.example"])),
    ("Application demoWebApp01 is failing instead of becoming active.",
     "broken", [], mc_app, demo_web_app(container_templates=[{"name": "web", "image_tag": "2.0.0-broken"}], wait=True, wait_timeout=10)),
    ("Application demoWebApp01 did not become active within 2 seconds; its last status was progressing.",
     "slow", [], mc_app, demo_web_app(autoscaling={"min": 1, "max": 4}, wait=True, wait_timeout=2)),
]


@pytest.fixture
def demo_world(simulator):
    """Load the demo's resources, changed by ``change`` (a function of the fixtures, or a word)."""
    def load(change):
        with open(DEMO_WORLD, encoding="utf-8") as handle:
            world = yaml.safe_load(handle)
        if change == "suspended":
            world["api_keys"] = {"suspended": [simulator.key]}
        elif change == "slow":
            world["settings"] = {"progressing_seconds": 60}
        elif change == "broken":
            world["settings"] = {"progressing_seconds": 0.1, "failing_image_tags": ["2.0.0-broken"]}
        elif change is not None:
            change(world)
        simulator.load(**world)
    return load


@pytest.fixture
def no_backoff(monkeypatch):
    """Retries without the waits between them, so that a case that exhausts them is quick."""
    monkeypatch.setattr(api.ApiRetry, "get_backoff_time", lambda self: 0)


def documented_messages():
    with open(GUIDE, encoding="utf-8") as handle:
        return [line for block in TEXT_BLOCK.findall(handle.read()) for line in block.splitlines() if line]


@pytest.mark.usefixtures("no_backoff")
@pytest.mark.parametrize("message, change, faults, module, options", CASES, ids=[case[0][:60] for case in CASES])
def test_the_module_fails_with_the_message_the_guide_quotes(demo_world, simulator, message, change, faults, module, options):
    demo_world(change)
    for fault in faults:
        simulator.fault(**fault)
    # The default retry budget, as users have it; an option given as None is left out.
    arguments = {name: value for name, value in dict(simulator.api_args(api_retries=5), **options).items() if value is not None}

    result = run_module(module, arguments)

    assert result.get("failed") is True, result
    # The guide names the simulator by the address its sandbox uses.
    assert result["msg"].replace(simulator.url, "http://127.0.0.1:8080") == message
    assert message in documented_messages()


def test_a_missing_requests_library_fails_with_the_message_the_guide_quotes(simulator, monkeypatch):
    monkeypatch.setattr(module_base, "HAS_REQUESTS", False)
    monkeypatch.setattr(platform, "node", lambda: "controller")
    monkeypatch.setattr(sys, "executable", "/usr/bin/python3")

    result = run_module(mc_registry_info, simulator.api_args())

    assert result["msg"] in documented_messages()
    assert result["msg"].startswith("Failed to import the required Python library (requests) on controller's Python /usr/bin/python3.")


def test_a_base_url_the_api_is_not_under_fails_naming_it_with_the_message_the_guide_quotes(simulator):
    result = run_module(mc_registry_info, simulator.api_args(api_url=simulator.url + "/api"))

    assert result.get("failed") is True, result
    assert result["msg"].replace(simulator.url, "http://127.0.0.1:8080") in documented_messages()
    assert result["msg"].startswith("GET /mc/registries failed with status 404: Not Found. The answer does not say which resource is missing")


def test_the_guide_quotes_no_message_that_no_case_produces():
    made_here = {case[0] for case in CASES}
    # Failures of the audit playbook, tested in tests/shipped/test_audit.py, and of the missing library and the wrong base URL, above.
    elsewhere = re.compile(r"^(Failed to import the required Python library|The audit could not check|Drift from the inventory: "
                           r"|GET /mc/registries failed with status 404: Not Found\. The answer does not say)")

    assert [message for message in documented_messages() if message not in made_here and not elsewhere.match(message)] == []
