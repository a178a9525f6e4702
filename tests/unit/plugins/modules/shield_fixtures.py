"""Shield zones and OpenAPI documents the Shield module tests share, and reads of the simulator's state."""

import json

import requests

ZONE_ID = 41
BASIC_ZONE_ID = 42
GUARDIAN_PATH = "/shield/shield-zone/%d/api-guardian" % ZONE_ID
SPEC_PATH = GUARDIAN_PATH + "/spec"
BOT_PATH = "/shield/shield-zone/%d/bot-detection" % ZONE_ID

# Fields of the api_guardian result that only the server knows: ids of new endpoints, the update
# time, and whether an upload enables API Guardian, which the vendor's reference does not say.
GUARDIAN_SERVER_FIELDS = ("configuration.updated_at", "configuration.is_enabled", "endpoints[].api_guardian_endpoint_id")
# ...and, after an upload that adds endpoints, the settings a new endpoint starts with, which the
# vendor's reference does not give either (the task sets those it cares about).
NEW_ENDPOINT_FIELDS = tuple("endpoints[].%s" % name for name in (
    "enabled", "validate_request_body", "validate_response_body", "detect_xss", "detect_sqli", "injection_detection", "rate_limit"))

# A shop API in YAML: its version is written as 1.10, which YAML would read as the number 1.1.
SHOP_YAML = """\
openapi: 3.0.3
info:
  title: Shop API
  version: 1.10
components:
  securitySchemes:
    token:
      type: http
      scheme: bearer
  schemas:
    Order:
      type: object
      properties:
        id: {type: string}
        lines:
          type: array
          items:
            $ref: '#/components/schemas/Line'
    Line:
      type: object
      properties:
        sku: {type: string}
paths:
  /orders:
    get:
      responses:
        '200':
          description: the orders
          content:
            application/json:
              schema:
                type: array
                items: {$ref: '#/components/schemas/Order'}
    post:
      security: [{token: []}]
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Order'}
      responses:
        '201': {description: created}
  /orders/{orderId}:
    parameters:
      - {name: orderId, in: path, required: true, schema: {type: string}}
    get:
      responses:
        '200': {description: one order}
"""
SHOP_OPERATIONS = ["GET /orders", "POST /orders", "GET /orders/{orderId}"]
# Order -> lines -> items -> $ref Line -> sku: 4 levels, reached through the GET response's array and $ref: 6.
SHOP_DEPTH = 6

# The next version of the shop API, in JSON: one operation more, one fewer, everything secured.
SHOP_V2 = {
    "openapi": "3.1.0",
    "info": {"title": "Shop API", "version": "2.0"},
    "security": [{"token": []}],
    "components": {"securitySchemes": {"token": {"type": "http", "scheme": "bearer"}}},
    "paths": {
        "/orders": {"get": {"responses": {"200": {"description": "the orders"}}}, "post": {"responses": {"201": {"description": "created"}}}},
        "/orders/{orderId}/cancel": {"post": {"responses": {"204": {"description": "cancelled"}}}},
    },
}
SHOP_V2_JSON = json.dumps(SHOP_V2, indent=2)


def operations_document(count):
    """A document with ``count`` operations and nothing nested."""
    return json.dumps({
        "openapi": "3.0.0", "info": {"title": "Many", "version": "1"},
        "paths": {"/items/%d" % number: {"get": {"responses": {}}} for number in range(count)},
    })


def nested_document(depth):
    """A document whose one schema nests ``depth`` levels of properties."""
    schema = {"type": "string"}
    for _level in range(depth):
        schema = {"type": "object", "properties": {"inner": schema}}
    return json.dumps({"openapi": "3.0.0", "info": {"title": "Deep", "version": "1"}, "paths": {}, "components": {"schemas": {"Deep": schema}}})


def shield_zones(**configuration):
    """An Advanced-plan zone (its API Guardian configuration given) and a Basic-plan zone."""
    zone = {"shieldZoneId": ZONE_ID, "pullZoneId": 7}
    if configuration:
        zone["apiGuardian"] = {"configuration": configuration}
    return [zone, {"shieldZoneId": BASIC_ZONE_ID, "planType": 0}]


def read_api(simulator, path):
    """The ``data`` of a Shield read, straight from the simulator."""
    response = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10)
    response.raise_for_status()
    return response.json()["data"]


# Shield zones with their rules and access lists (shield_zone, shield_waf_rule, shield_rate_limit,
# shield_access_list): pull zone 7 has Advanced-plan zone 41; pull zone 8 has none; pull zone 9 has
# Basic-plan zone 42.
PULL_ZONES = [{"Id": 7, "Name": "shop"}, {"Id": 8, "Name": "blog"}, {"Id": 9, "Name": "docs"}]
SHOP_PULL_ZONE_ID, BLOG_PULL_ZONE_ID, DOCS_PULL_ZONE_ID = 7, 8, 9
ZONE_READ_PATH = "/shield/shield-zone/%d" % ZONE_ID


def protected_zones(**shop_zone):
    """The pull zones above, and their two Shield zones; ``shop_zone`` adds to zone 41's record."""
    return dict(
        pull_zones=[dict(zone) for zone in PULL_ZONES],
        shield_zones=[dict({"shieldZoneId": ZONE_ID, "pullZoneId": SHOP_PULL_ZONE_ID}, **shop_zone),
                      {"shieldZoneId": BASIC_ZONE_ID, "pullZoneId": DOCS_PULL_ZONE_ID, "planType": 0}],
    )


def read_whole(simulator, path):
    """A Shield read whose answer is not enveloped (a rule), straight from the simulator."""
    response = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10)
    response.raise_for_status()
    return response.json()
