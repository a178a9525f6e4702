#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: shield_api_guardian
short_description: Protect a Shield zone's API with API Guardian (its OpenAPI document, enforcement and endpoints)
version_added: 0.1.0
description:
  - Manages the API Guardian of a Shield zone whole. It uploads an OpenAPI 3 document (O(content))
    or replaces the one the zone has; API Guardian then knows the API's operations (one endpoint per
    path and method) and checks requests against them. It switches enforcement on or off and sets
    what API Guardian does with requests that break the document (O(enabled), O(execution_mode),
    O(body_limit_action), O(unmatched_path_action)). And it sets each endpoint's checks (O(endpoints))
    of schema validation, authorization, injection detection and rate limiting.
  - One run makes one plan, sent in this order under the zone's lock, each part only when something
    differs (the upload, one C(PATCH) of the configuration, one C(PATCH) per endpoint). Check mode
    predicts all three, endpoints of a document the same run uploads included.
  - An upload may change what it does not mention (the vendor's reference says only that a
    replacement keeps each endpoint's authorization setting). So when the run uploads, every setting
    the task gives, of the configuration and of its endpoints, is sent after the upload, whether or
    not it differs from what the zone had; without an upload only what differs is sent.
  - O(content) is read before any request. It must be JSON or YAML, an OpenAPI 3 document with
    C(openapi), C(info.title), C(info.version) and C(paths); the failure names what is missing.
  - Reads the zone's API Guardian first. A zone without a document gets it with C(POST); a zone
    with one gets the new one with C(PATCH), as the vendor's API reference has it.
  - Before uploading, the document is measured against the zone's plan maxima, which the result
    reports. A document with more operations than C(max_endpoints), or schemas nested deeper than
    C(max_nesting_depth), fails before anything is sent. Depth counts each step into a property,
    into C(items) or through a C($ref) as one level (C(allOf), C(anyOf), C(oneOf), C(not) and
    C(additionalProperties) add none), over C(components.schemas) and the schemas of the
    operations' parameters, request bodies and responses; a recursive schema is counted once
    around its loop. The other maxima are left to the API to check.
  - No endpoint of the API returns the uploaded text. The module therefore compares what it can
    read, the document's C(info.title), C(info.version) and set of operations (method and path),
    and the authorization flag of every endpoint that has authentication schemes, with what the
    zone reports, and uploads only when they differ. A change inside the document that keeps the
    title, the version and the operations (a new schema, a new parameter, a changed security
    requirement) is not seen; bump C(info.version) with such changes, or set O(force=true).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  content:
    description:
      - The OpenAPI 3 document, as JSON or YAML text, usually from
        C(lookup('ansible.builtin.file', 'openapi.yaml')).
      - A mapping (a document a template has already parsed) is accepted too, and uploaded as JSON.
      - Title and version are compared as written in the document, so in YAML a version written
        1.10 is the text C(1.10), not a number. A document that is not JSON needs PyYAML where the
        module runs.
      - Without it, the zone's document is left as it is, and the other options apply to it.
    type: raw
  enforce_authorization_validation:
    description:
      - Whether API Guardian enforces the authentication the document's security requirements ask
        for, on every operation that has them. Operations without security requirements have nothing
        to enforce and always report C(false).
      - When omitted, the API decides and the module does not compare the flag. A zone's first
        upload then enforces authorization, and a replacement keeps each existing endpoint's
        setting, new endpoints enforcing it.
      - Requires O(content). O(endpoints[].validate_authorization) sets it for one endpoint.
    type: bool
  force:
    description:
      - Upload even when title, version, operations and the authorization flag already match, so
        that changes the comparison cannot see reach the zone. Such a run always reports a change.
      - Requires O(content).
    type: bool
    default: false
  enabled:
    description:
      - Whether API Guardian inspects the zone's requests at all. An upload may turn it on (the
        vendor's reference does not say); give it to have it as you want after an upload.
    type: bool
  execution_mode:
    description: What API Guardian does with a request that breaks the document; C(log) only logs it.
    type: str
    choices: [log, block]
  body_limit_action:
    description: What happens to a request whose body is larger than API Guardian inspects.
    type: str
    choices: [block, log, ignore]
  unmatched_path_action:
    description: What happens to a request no path of the document matches.
    type: str
    choices: [block, log, ignore]
  endpoints:
    description:
      - Settings of the document's endpoints, each found by its method and path as the document
        writes them. Endpoints the list leaves out, and settings an item leaves out, are left as they
        are.
      - An operation the document (the one O(content) uploads, or else the zone's) does not have fails
        before any change; endpoints are the document's operations, so none is created or removed here.
    type: list
    elements: dict
    suboptions:
      method:
        description: The operation's HTTP method.
        type: str
        required: true
        choices: [GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE]
      path:
        description: The operation's path template, as the document writes it (C(/orders/{orderId})).
        type: str
        required: true
      enabled:
        description: Whether API Guardian checks the endpoint at all.
        type: bool
      validate_request_body:
        description: Whether request bodies are validated against the operation's request body schema (if it has one).
        type: bool
      validate_response_body:
        description: Whether responses are validated against the operation's response schemas (if it has them).
        type: bool
      validate_authorization:
        description: Whether the authentication the operation's security requirements ask for is enforced.
        type: bool
      injection_detection:
        description:
          - The parameters to check for cross-site scripting and SQL injection, by where they are sent.
            Each must be a parameter the operation declares; one it does not fails before any change
            (for an endpoint the zone knows). The whole set when given; a location left out has none.
        type: dict
        suboptions:
          path:
            description: Path parameters.
            type: list
            elements: str
          query:
            description: Query parameters.
            type: list
            elements: str
          header:
            description: Header parameters.
            type: list
            elements: str
          cookie:
            description: Cookie parameters.
            type: list
            elements: str
      detect_xss:
        description: Whether the injection detection parameters are checked for cross-site scripting.
        type: bool
      detect_sqli:
        description: Whether the injection detection parameters are checked for SQL injection.
        type: bool
      rate_limit:
        description: The endpoint's own rate limit.
        type: dict
        suboptions:
          enabled:
            description: Whether the endpoint is rate-limited.
            type: bool
          type:
            description: Whether the requests are counted for all clients together (C(global)) or per IP address (C(ip)).
            type: str
            choices: [global, ip]
          requests:
            description: How many requests are allowed within the timeframe, at least 1.
            type: int
          timeframe:
            description: The timeframe, in seconds.
            type: int
            choices: [1, 10, 60, 300, 900, 3600]
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.shield
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
    details:
      - The diff shows the configuration and the endpoints before and after, so operations added and
        removed appear as endpoints; RV(operations_added) and RV(operations_removed) list them too.
  idempotent:
    support: partial
    details:
      - Idempotent for what a read can compare (title, version, operations, authorization flag, the
        configuration and the endpoints' settings); with O(force=true) every run uploads and reports
        a change.
notes:
  - In check mode, endpoints new to the zone have no ID yet, and the settings the task does not
    give them are null (the zone gives them theirs); the zone's C(is_enabled) and C(updated_at) are
    shown as they are now, unless O(enabled) is given; the upload sets them.
seealso:
  - module: bunnynet.cloud.shield_bot_detection
"""

EXAMPLES = r"""
- name: Protect the shop API with its OpenAPI document
  bunnynet.cloud.shield_api_guardian:
    shield_zone_id: 4102
    content: "{{ lookup('ansible.builtin.file', 'files/shop-openapi.yaml') }}"
    enforce_authorization_validation: true
  register: guardian

- name: Enforce it - block what breaks the document, rate-limit and guard the order endpoints
  bunnynet.cloud.shield_api_guardian:
    shield_zone_id: 4102
    content: "{{ lookup('ansible.builtin.file', 'files/shop-openapi.yaml') }}"
    enabled: true
    execution_mode: block
    unmatched_path_action: log
    endpoints:
      - method: POST
        path: /orders
        validate_request_body: true
        rate_limit: {enabled: true, type: ip, requests: 20, timeframe: 60}
      - method: GET
        path: /orders/{orderId}
        injection_detection: {path: [orderId]}
        detect_sqli: true
  register: guardian

- name: Show what API Guardian now checks, and what the plan allows
  ansible.builtin.debug:
    msg: >-
      {{ guardian.api_guardian.endpoints | length }} endpoints of at most
      {{ guardian.limits.max_endpoints }}; added {{ guardian.operations_added }},
      removed {{ guardian.operations_removed }}

# A schema changed under the same info.version is not seen; run with -e shop_schema_changed=true
# to upload anyway. Without it the task stays idempotent.
- name: Upload the document even if title, version and operations are unchanged, when asked to
  bunnynet.cloud.shield_api_guardian:
    shield_zone_id: 4102
    content: "{{ lookup('ansible.builtin.file', 'files/shop-openapi.yaml') }}"
    enforce_authorization_validation: true
    force: "{{ shop_schema_changed | default(false) | bool }}"
"""

RETURN = r"""
api_guardian:
  description:
    - The zone's API Guardian after the run (predicted in check mode), in snake_case.
  returned: success
  type: dict
  contains:
    configuration:
      description: The zone's API Guardian configuration.
      type: dict
      contains:
        shield_zone_id:
          description: ID of the Shield zone.
          type: int
          sample: 4102
        is_enabled:
          description: Whether API Guardian inspects requests.
          type: bool
        execution_mode:
          description: What API Guardian does with a request that breaks the document, C(log) or C(block).
          type: str
          sample: block
        body_limit_action:
          description: What happens to a body over the size limit, C(block), C(log) or C(ignore).
          type: str
        unmatched_path_action:
          description: What happens to a request no path of the document matches, C(block), C(log) or C(ignore).
          type: str
        title:
          description: C(info.title) of the uploaded document; null before the first upload.
          type: str
          sample: Shop API
        version:
          description: C(info.version) of the uploaded document, as written.
          type: str
          sample: "2.4.0"
        max_endpoints:
          description: Plan limit, the most operations a document may have.
          type: int
          sample: 500
        max_fields_per_type:
          description: Plan limit, the most properties one schema may declare.
          type: int
        max_nesting_depth:
          description: Plan limit, the deepest nesting of properties, items and references.
          type: int
          sample: 10
        max_total_schema_nodes:
          description: Plan limit, the most nodes across all schemas of C(components.schemas).
          type: int
        max_total_regex_length:
          description: Plan limit, the most characters of all C(pattern) expressions together.
          type: int
        created_at:
          description: When API Guardian was set up for the zone (UTC, ISO 8601).
          type: str
        updated_at:
          description: When the configuration last changed (UTC, ISO 8601).
          type: str
    endpoints:
      description:
        - One item per operation of the document, sorted by path and then method.
      type: list
      elements: dict
      contains:
        api_guardian_endpoint_id:
          description: ID of the endpoint; null in check mode for an operation new to the zone.
          type: int
        request_method:
          description: HTTP method, in capitals.
          type: str
          sample: POST
        request_path:
          description: Path template, as in the document.
          type: str
          sample: "/orders/{orderId}"
        validate_authorization:
          description: Whether the endpoint's authentication requirements are enforced.
          type: bool
        enabled:
          description: Whether API Guardian checks the endpoint.
          type: bool
        validate_request_body:
          description: Whether request bodies are validated against the operation's schema.
          type: bool
        validate_response_body:
          description: Whether responses are validated against the operation's schemas.
          type: bool
        injection_detection:
          description: The parameters checked for injection, by location (C(path), C(query), C(header), C(cookie)).
          type: dict
        detect_xss:
          description: Whether those parameters are checked for cross-site scripting.
          type: bool
        detect_sqli:
          description: Whether those parameters are checked for SQL injection.
          type: bool
        rate_limit:
          description: The endpoint's rate limit, C(enabled), C(type) (C(global) or C(ip)), C(requests) and C(timeframe) (seconds).
          type: dict
          sample: {enabled: true, type: ip, requests: 20, timeframe: 60}
limits:
  description: The zone's plan maxima, from its configuration (also returned when the document exceeds them).
  returned: always, once the zone has been read
  type: dict
  sample: {max_endpoints: 500, max_fields_per_type: 100, max_nesting_depth: 10, max_total_schema_nodes: 10000,
           max_total_regex_length: 10000}
document:
  description: What the module read from O(content), measured as it is checked against RV(limits).
  returned: always, once O(content) has been read
  type: dict
  contains:
    title:
      description: C(info.title).
      type: str
    version:
      description: C(info.version).
      type: str
    operations:
      description: Number of operations (method and path pairs).
      type: int
    nesting_depth:
      description: Depth of the deepest schema, counted as the description says.
      type: int
operations_added:
  description: Operations of the document the zone did not have, as C(METHOD /path); empty when nothing is uploaded.
  returned: success
  type: list
  elements: str
  sample: ["GET /orders/{orderId}"]
operations_removed:
  description: Operations the zone had that the document no longer has; empty when nothing is uploaded.
  returned: success
  type: list
  elements: str
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION, apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import each_named_once
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.api_guardian import endpoint_options
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.api_guardian_endpoints import guardian_plan
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.common import ZONE_ARGUMENT, zone_error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.settings import API_GUARDIAN_CONFIGURATION


def main():
    argument_spec = dict(ZONE_ARGUMENT)
    argument_spec.update(
        content=dict(type="raw"),
        enforce_authorization_validation=dict(type="bool"),
        force=dict(type="bool", default=False),
        endpoints=dict(type="list", elements="dict", options=endpoint_options()),
        lock_timeout=dict(LOCK_TIMEOUT_OPTION),
    )
    argument_spec.update((field.option, field.argument_spec()) for field in API_GUARDIAN_CONFIGURATION.fields)
    module = BunnyModule(
        argument_spec=argument_spec,
        result_key="api_guardian",
        rules=(
            ("lock_timeout", dict(minimum=1)),
            ("endpoints[].path", dict(pattern=r"/\S*", pattern_hint="a path template of the document, starting with /")),
            ("endpoints[].rate_limit.requests", dict(minimum=1)),
            ("endpoints", dict(satisfies=(lambda items: each_named_once("operation")(
                [dict(operation="%s %s" % (item["method"], item["path"])) for item in items]), "name each operation (method and path) once"))),
        ),
        required_by=dict(enforce_authorization_validation="content"),
        required_if=[("force", True, ("content",))],
    )
    module.run(lambda module: apply(module, guardian_plan(module)), describe_error=zone_error_describer(module.params["shield_zone_id"]))


if __name__ == "__main__":
    main()
