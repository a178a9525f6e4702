# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

import re

import yaml


class ModuleDocFragment(object):
    # The options of one container template (magic_containers.py's TEMPLATE_OPTIONS), as
    # mc_container_template takes them; mc_app takes them in each item of container_templates.
    DOCUMENTATION = r"""
options:
  name:
    description:
      - Name of the container template, 1 to 50 characters.
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
      - Cannot be V(true) together with O(image_digest) or a digest in O(image).
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
              port_number: &port_number
                description: Container port, 1 to 65535.
                type: int
                required: true
              expected_status_code:
                description: Status the answer must have, by name.
                type: str
                choices:
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
              port_number: *port_number
          grpc:
            description: Check with the gRPC health protocol.
            type: dict
            suboptions:
              port_number: *port_number
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
        diff, error messages or the module arguments Ansible logs and shows at C(-vvvv). The result
        and both sides of the diff show C(********) as their value, in check mode and in a run
        alike, also when the value given is empty (a secret handed on from a task that cannot know
        it in check mode), so a changed secret is reported as a change with the same masked value
        on both sides of the diff.
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
"""


def container_templates_items(documentation):
    """The options of ``documentation`` as the suboptions of mc_app's ``container_templates``.

    Their references ``O(x)`` become ``O(container_templates[].x)``, and ``name``, which matches an
    item to a template, is required.
    """
    options = yaml.safe_load(re.sub(r"\bO\(", "O(container_templates[].", documentation))["options"]
    options["name"]["required"] = True
    return yaml.safe_dump({"options": {"container_templates": {"suboptions": options}}}, sort_keys=False)


# A doc fragment's options merge into a module's at the top level only, so the one form of the
# template options above is nested for mc_app here rather than written a second time. It is made
# outside the class body: ansible-test's yamllint reads the class's string literals (the source above).
ModuleDocFragment.CONTAINER_TEMPLATES = container_templates_items(ModuleDocFragment.DOCUMENTATION)
