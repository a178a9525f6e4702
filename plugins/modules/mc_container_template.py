#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_container_template
short_description: Update a container template of a Magic Containers application
version_added: 0.1.0
description:
  - Updates one container template of an existing Magic Containers application. It manages the image, pull
    policy, entry point, probes, environment variables, endpoints and volume mounts.
  - The template is found by O(container_id), or by its exact O(name) within the application.
  - Reads the template first and sends one PATCH holding only the top-level fields that change.
    A run that changes nothing, and any run in check mode, only reads.
  - A list that is sent carries every existing item that stays, so an environment variable,
    endpoint, volume mount or probe that is not listed is removed only when its C(purge_*) option
    says so.
  - Options left out are left as they are. Everything that can be set can be removed again. An
    empty O(image_digest) unpins the image, O(purge_probes) removes probes and
    O(purge_entry_point) clears the entry point.
  - When an image part changes, the module also sends O(image), the full reference the parts make,
    C(<registry host>/<namespace>/<name>:<tag>), with C(@<digest>) when the image is pinned. It reads
    the host from the template's registry (C(GET /mc/registries/{id}), in check mode too), so the
    result, the check-mode prediction and the API all name the image that will run.
  - A digest belongs to the image it was taken of. When the registry, namespace, name or tag
    changes and no digest is given, the module unpins the template (it sends C(imageDigest) as
    null), since the API would otherwise keep the old digest and go on running the old image.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  app_id:
    description:
      - ID of the application the template belongs to.
    type: str
    required: true
  container_id:
    description:
      - ID of the container template.
      - With O(container_id) given, O(name) renames the template.
    type: str
  name:
    description:
      - Name of the container template, 1 to 50 characters.
      - Without O(container_id), the template with exactly this name is updated; no match, or more
        than one, is an error.
    type: str
  image:
    description:
      - The full image reference, C([<registry host>/]<namespace>/<name>:<tag>[@<digest>]), for
        example V(docker.io/library/nginx:1.27).
      - The module takes the namespace, name, tag and digest from it, so it cannot be given together
        with O(image_name), O(image_namespace) or O(image_tag). The last path segment is the name and
        the segments before it the namespace. A first segment with a dot or a colon, or
        V(localhost), is the registry host, which must be the host of the template's registry
        (O(image_registry_id)); otherwise the task fails before any change.
      - A reference without a digest unpins the image, unless O(image_digest) pins it; a digest in
        both must be the same.
    type: str
  image_name:
    description:
      - Image name, for example V(nginx).
    type: str
  image_namespace:
    description:
      - Image namespace, for example V(library).
    type: str
  image_tag:
    description:
      - Image tag, for example V(1.27).
    type: str
  image_digest:
    description:
      - Image digest that pins the image, C(sha256:) followed by 64 lowercase letters or digits.
      - An empty string, V(""), unpins the image.
      - Left out while the registry, namespace, name or tag changes, the template is unpinned.
    type: str
  image_registry_id:
    description:
      - ID of the container registry the image is pulled from.
    type: str
  resolve_digest:
    description:
      - Pin the template to the digest its tag resolves to now, asked of the registry with
        C(POST /mc/registries/digest), so that the image that runs cannot change under the tag.
      - The lookup only reads, so check mode makes it too and predicts the pinned digest. A tag that
        still resolves to the pinned digest is no change; one that resolves to another digest is.
      - Cannot be V(true) together with O(image_digest) or an O(image) that carries a digest.
    type: bool
    default: false
  image_pull_policy:
    description:
      - When the image is pulled.
    type: str
    choices: [always, ifNotPresent]
  entry_point:
    description:
      - What the container runs. Suboptions left out are left as they are, unless
        O(purge_entry_point=true).
    type: dict
    suboptions:
      command:
        description: Command, as one string.
        type: str
      command_array:
        description: Command, as a list of words.
        type: list
        elements: str
      arguments:
        description: Arguments, as one string.
        type: str
      arguments_array:
        description: Arguments, as a list of words.
        type: list
        elements: str
      working_directory:
        description: Working directory.
        type: str
  purge_entry_point:
    description:
      - Clear the parts of the entry point that O(entry_point) does not give.
      - With O(entry_point={}), clears the whole entry point, so the image's own runs.
      - Has no effect when O(entry_point) is not given.
    type: bool
    default: false
  probes:
    description:
      - Health probes. A probe given with a check replaces the probe's other check.
      - A probe that is added takes the API's default timings for the ones it does not give
        (10, 10 and 7 seconds, thresholds 3 and 1).
      - Probes not listed stay, unless O(purge_probes=true).
    type: dict
    suboptions:
      startup: &probe_docs
        description:
          - A probe. Counters left out are left as they are.
          - Takes at most one check, C(http_get), C(tcp_socket) or C(grpc).
        type: dict
        suboptions:
          initial_delay_seconds:
            description: Seconds before the first check, 1 to 3600.
            type: int
          period_seconds:
            description: Seconds between checks, 1 to 3600.
            type: int
          timeout_seconds:
            description: Seconds a check may take, 1 to 3600.
            type: int
          failure_threshold:
            description: Failed checks before the probe fails, 1 to 1000.
            type: int
          success_threshold:
            description: Passed checks before the probe passes, 1 to 1000.
            type: int
          http_get:
            description: Check with an HTTP GET request.
            type: dict
            suboptions:
              path:
                description: Path requested.
                type: str
              port_number:
                description: Container port, 1 to 65535.
                type: int
                required: true
              expected_status_code:
                description: Status the answer must have, by name.
                type: str
                choices: &status_codes
                  - continue
                  - switchingProtocols
                  - processing
                  - earlyHints
                  - ok
                  - created
                  - accepted
                  - nonAuthoritativeInformation
                  - noContent
                  - resetContent
                  - partialContent
                  - multiStatus
                  - alreadyReported
                  - imUsed
                  - multipleChoices
                  - movedPermanently
                  - found
                  - seeOther
                  - notModified
                  - useProxy
                  - unused
                  - temporaryRedirect
                  - permanentRedirect
                  - badRequest
                  - unauthorized
                  - paymentRequired
                  - forbidden
                  - notFound
                  - methodNotAllowed
                  - notAcceptable
                  - proxyAuthenticationRequired
                  - requestTimeout
                  - conflict
                  - gone
                  - lengthRequired
                  - preconditionFailed
                  - requestEntityTooLarge
                  - requestUriTooLong
                  - unsupportedMediaType
                  - requestedRangeNotSatisfiable
                  - expectationFailed
                  - misdirectedRequest
                  - unprocessableEntity
                  - locked
                  - failedDependency
                  - upgradeRequired
                  - preconditionRequired
                  - tooManyRequests
                  - requestHeaderFieldsTooLarge
                  - unavailableForLegalReasons
                  - internalServerError
                  - notImplemented
                  - badGateway
                  - serviceUnavailable
                  - gatewayTimeout
                  - httpVersionNotSupported
                  - variantAlsoNegotiates
                  - insufficientStorage
                  - loopDetected
                  - notExtended
                  - networkAuthenticationRequired
          tcp_socket:
            description: Check by opening a TCP connection.
            type: dict
            suboptions:
              port_number:
                description: Container port, 1 to 65535.
                type: int
                required: true
          grpc:
            description: Check with the gRPC health protocol.
            type: dict
            suboptions:
              port_number:
                description: Container port, 1 to 65535.
                type: int
                required: true
              service_name:
                description: Service checked; without it the server's overall health is checked.
                type: str
      readiness: *probe_docs
      liveness: *probe_docs
  purge_probes:
    description:
      - Remove the probes that O(probes) does not list.
      - With O(probes={}), removes every probe.
      - Has no effect when O(probes) is not given.
    type: bool
    default: false
  environment_variables:
    description:
      - Environment variables, as a map of name to value. Names are kept exactly as given; values
        are text (V(true) and V(false) for booleans), and a list or a map as a value is refused.
      - Variables not listed stay, unless O(purge_environment_variables=true).
      - Values that are secrets belong in O(secret_environment_variables).
    type: dict
  secret_environment_variables:
    description:
      - Environment variables whose values are secrets, as a map of name to value. They are compared
        and written as O(environment_variables) are, and a name may be in only one of the two.
      - Their values, those given and those the template holds now, never appear in the result, the
        diff, error messages or the module arguments Ansible logs and shows at C(-vvvv). Ansible
        shows C(VALUE_SPECIFIED_IN_NO_LOG_PARAMETER) or C(********) in their place, so a changed
        secret is reported as a change with the same masked value on both sides of the diff.
      - Ansible hides such a value wherever it occurs in the output, so a short or common value
        (V(true), V(1)) would hide unrelated text as well.
    type: dict
  purge_environment_variables:
    description:
      - Delete the variables that neither O(environment_variables) nor
        O(secret_environment_variables) lists.
    type: bool
    default: false
  endpoints:
    description:
      - Endpoints, matched to existing ones by O(endpoints[].display_name).
      - Endpoints not listed stay, unless O(purge_endpoints=true).
    type: list
    elements: dict
    suboptions:
      display_name:
        description: Name of the endpoint, 1 to 50 characters. Identifies the endpoint.
        type: str
        required: true
      cdn:
        description: A CDN endpoint. Exactly one of this and O(endpoints[].anycast) is given.
        type: dict
        suboptions:
          is_ssl_enabled:
            description: Whether the endpoint serves HTTPS.
            type: bool
          pull_zone_id:
            description: ID of the pull zone in front of the endpoint.
            type: int
          port_mappings:
            description: Exactly one port mapping; required for a new endpoint.
            type: list
            elements: dict
            suboptions: &port_mapping_docs
              container_port:
                description: Port the container listens on, 1 to 65535.
                type: int
                required: true
              exposed_port:
                description: Port exposed to clients, 1 to 65535. Left out, the API chooses.
                type: int
              protocols:
                description: Protocols carried. Order does not matter.
                type: list
                elements: str
                choices: [tcp, udp, sctp]
          sticky_sessions:
            description: Sticky sessions.
            type: dict
            suboptions:
              enabled:
                description: Whether sticky sessions are on.
                type: bool
              session_headers:
                description: One to three headers that identify a session.
                type: list
                elements: str
                required: true
              cookie_name:
                description: Cookie that identifies a session.
                type: str
      anycast:
        description: An anycast IPv4 endpoint.
        type: dict
        suboptions:
          port_mappings:
            description: At least one port mapping.
            type: list
            elements: dict
            required: true
            suboptions: *port_mapping_docs
  purge_endpoints:
    description:
      - Delete the endpoints that O(endpoints) does not list.
    type: bool
    default: false
  volume_mounts:
    description:
      - Volumes mounted into the container, matched by O(volume_mounts[].name).
      - Mounts not listed stay, unless O(purge_volume_mounts=true).
    type: list
    elements: dict
    suboptions:
      name:
        description: Name of the volume, 1 to 50 characters.
        type: str
        required: true
      mount_path:
        description: Absolute path in the container, without C(//), C(..) or spaces.
        type: str
        required: true
  purge_volume_mounts:
    description:
      - Remove the mounts that O(volume_mounts) does not list.
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - New container templates are added with M(bunnynet.cloud.mc_app).
  - O(volume_mounts) must name volumes of the application (add them with M(bunnynet.cloud.mc_app));
    the module reads the application to check, and fails before any change when one is missing.
seealso:
  - module: bunnynet.cloud.mc_app
  - module: bunnynet.cloud.mc_app_info
"""

EXAMPLES = r"""
- name: Pin the web container to a digest and pull it only when missing
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    image_tag: "1.27.1"
    image_digest: "sha256:{{ web_digest }}"
    image_pull_policy: ifNotPresent

- name: Move to a new tag, pinned to the digest the tag resolves to now
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    image_tag: "1.28.0"
    resolve_digest: true

- name: Unpin it again, so the tag decides what runs
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    image_digest: ""

- name: Move to another image, given as one reference
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    image: docker.io/library/nginx:1.27.2

- name: Probe readiness over HTTP and liveness over TCP
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    probes:
      readiness:
        http_get:
          path: /healthz
          port_number: 8080
          expected_status_code: ok
        period_seconds: 5
      liveness:
        tcp_socket:
          port_number: 8080

- name: Keep only the readiness probe, removing the others
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    probes:
      readiness:
        period_seconds: 5
    purge_probes: true

- name: Run the image's own entry point again
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    entry_point: {}
    purge_entry_point: true

- name: Set two variables; the template's other variables stay
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    container_id: "{{ web_container_id }}"
    environment_variables:
      LOG_LEVEL: info
      FEATURE_SEARCH: true

- name: Give the container its database password, which never shows in output or diffs
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    secret_environment_variables:
      DATABASE_PASSWORD: "{{ vault_database_password }}"

- name: Serve the container through the CDN and mount the uploads volume
  bunnynet.cloud.mc_container_template:
    app_id: "{{ app_id }}"
    name: web
    endpoints:
      - display_name: public
        cdn:
          is_ssl_enabled: true
          port_mappings:
            - container_port: 8080
    volume_mounts:
      - name: uploads
        mount_path: /var/lib/app/uploads
"""

RETURN = r"""
container_template:
  description:
    - The container template in snake_case, as the API returns it after the change; the
      prediction in check mode.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the container template.
      type: str
      sample: c-7f3a
    name:
      description: Name of the container template.
      type: str
      sample: web
    package_id:
      description: ID of the package the template belongs to.
      type: str
    image:
      description: Full image reference, with the digest when the image is pinned.
      type: str
      sample: docker.io/library/nginx:1.27.1
    image_name:
      description: Image name.
      type: str
      sample: nginx
    image_namespace:
      description: Image namespace.
      type: str
      sample: library
    image_tag:
      description: Image tag.
      type: str
      sample: 1.27.1
    image_digest:
      description: Image digest.
      type: str
    image_registry_id:
      description: ID of the registry the image comes from.
      type: str
    image_pull_policy:
      description: C(always) or C(ifNotPresent).
      type: str
    entry_point:
      description: Command, arguments and working directory.
      type: dict
    probes:
      description: The C(startup), C(readiness) and C(liveness) probes, with C(http_get), C(tcp_socket) or C(grpc) as the API shapes them.
      type: dict
    environment_variables:
      description:
        - Environment variables, each with C(name) and C(value).
        - The values of O(secret_environment_variables) are masked.
      type: list
      elements: dict
      sample: [{name: LOG_LEVEL, value: info}]
    endpoints:
      description: Endpoints, with their ID, public host, port mappings, sticky sessions and addresses.
      type: list
      elements: dict
    volume_mounts:
      description: Volume mounts, each with C(name) and C(mount_path).
      type: list
      elements: dict
      sample: [{name: uploads, mount_path: /var/lib/app/uploads}]
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers import (
    IMAGE_EXCLUSIVE,
    TEMPLATE_RULES,
    template_options,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.mc_apps import APP, error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.module import BunnyModule

TEMPLATE_MODULE_RULES = (
    ("app_id", dict(min_length=1)),
    ("container_id", dict(min_length=1)),
) + TEMPLATE_RULES


def main():
    module = BunnyModule(
        argument_spec=template_options(
            app_id=dict(type="str", required=True),
            container_id=dict(type="str"),
            name=dict(type="str"),
        ),
        result_key="container_template",
        rules=TEMPLATE_MODULE_RULES,
        required_one_of=[("container_id", "name")],
        mutually_exclusive=IMAGE_EXCLUSIVE,
    )
    templates = APP.container_templates(module.params["app_id"])
    module.run(lambda module: templates.converge(module, module.params), describe_error=error_describer(module.params["app_id"]))


if __name__ == "__main__":
    main()
