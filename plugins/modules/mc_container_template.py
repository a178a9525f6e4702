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
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.mc_container_template
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

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP, error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import (
    IMAGE_EXCLUSIVE,
    TEMPLATE_RULES,
    template_options,
)

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
