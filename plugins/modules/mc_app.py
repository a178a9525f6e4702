#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_app
short_description: Create, update or delete a Magic Containers application
version_added: 0.1.0
description:
  - Manages a Magic Containers application, found by its ID (O(app_id)) or by its exact O(name).
    It manages the name, runtime type, autoscaling, region settings, volumes and container templates.
  - Creates the application when O(name) is given and no application has it, and deletes it with
    O(state=absent).
  - Reads the application first and sends one PATCH holding only the top-level fields that change.
    A run that changes nothing, and any run in check mode, only reads.
  - In that PATCH an array replaces the stored one, and items left out are deleted. Whenever the
    module sends O(volumes) or O(container_templates) it therefore carries every existing item that
    stays (templates with their ID, volumes by name), and removes one only when
    O(purge_volumes) or O(purge_container_templates) says so.
  - Can restart the application after the changes (only when something changed, with
    O(restart=on_change)) and wait until it is active again.
  - Stops an application (undeploys it, O(state=stopped)) and starts it again (deploys it,
    O(state=started)), by the status it reads.
  - Options left out are left as they are.
  - Refuses, before any change, a volume mount of a volume the application will not have, and
    purging a volume that a template still mounts (remove the mount in the same task).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  app_id:
    description:
      - ID of the application. It must exist, unless O(state=absent).
      - With O(name), the application is renamed to O(name).
      - At least one of O(app_id) and O(name) is required.
    type: str
  name:
    description:
      - Name of the application, 1 to 100 letters, digits, hyphens and spaces.
      - Without O(app_id), the application is the one named exactly this. The module creates it
        when no application has the name, and fails when several have it, listing their IDs.
      - To create an application, give O(runtime_type), O(autoscaling), O(region_settings) and at
        least one item of O(container_templates) too, each template with its image
        (O(container_templates[].image_name), O(container_templates[].image_namespace),
        O(container_templates[].image_tag) and O(container_templates[].image_registry_id)). What
        is missing fails before any write.
    type: str
  runtime_type:
    description:
      - Whether the application runs on shared or reserved capacity.
    type: str
    choices: [shared, reserved]
  autoscaling:
    description:
      - How many instances the application scales between.
    type: dict
    suboptions:
      min:
        description:
          - Fewest instances, 1 to 1000, at most O(autoscaling.max).
        type: int
        required: true
      max:
        description:
          - Most instances, 1 to 1000.
        type: int
        required: true
  region_settings:
    description:
      - Where the application may and must run. Suboptions left out are left as they are.
    type: dict
    suboptions:
      allowed_region_ids:
        description:
          - Regions the application may run in. Order does not matter.
        type: list
        elements: str
      required_region_ids:
        description:
          - Regions the application always runs in. Order does not matter.
          - When O(region_settings.allowed_region_ids) is given too, each must be one of them.
        type: list
        elements: str
      max_allowed_regions:
        description:
          - Most regions the application runs in at once, at least 1.
        type: int
      node_selectors:
        description:
          - Labels the nodes running the application must carry, as a map of label to value.
          - The map replaces the stored one as a whole; its keys are kept exactly as given.
          - Values are text (V(true) and V(false) for booleans); a list or a map as a value is refused.
          - The API accepts node selectors but does not return them when the application is read,
            so the module cannot tell whether they are already set. When the read carries none, the
            node selectors are sent, and a change reported, on every run that gives them. The result
            shows the node selectors the task sent.
        type: dict
  volumes:
    description:
      - Volumes of the application, matched to existing volumes by O(volumes[].name).
      - A listed volume that exists is resized; one that does not is added.
      - Existing volumes that are not listed stay, unless O(purge_volumes=true).
    type: list
    elements: dict
    suboptions:
      name:
        description:
          - Name of the volume, 1 to 50 characters.
        type: str
        required: true
      size:
        description:
          - Size of the volume in GB, 1 to 100.
        type: int
        required: true
  purge_volumes:
    description:
      - Delete the existing volumes that O(volumes) does not list.
      - Has no effect when O(volumes) is not given.
    type: bool
    default: false
  container_templates:
    description:
      - Container templates of the application, matched to existing templates by O(container_templates[].name).
      - A listed template that exists is updated with the fields given; one that does not is added
        and then needs O(container_templates[].image_name), O(container_templates[].image_namespace),
        O(container_templates[].image_tag) and O(container_templates[].image_registry_id).
      - Existing templates that are not listed stay unchanged, unless O(purge_container_templates=true).
      - Each item takes the options of M(bunnynet.cloud.mc_container_template), and
        O(container_templates[].name) is required. O(container_templates[].resolve_digest) is an option
        of each template rather than of the module, because templates pull from different registries
        and some may be pinned with O(container_templates[].image_digest) instead.
      - When an image part of a template changes, the module also sends its full C(image) reference,
        built from the parts and the host of the template's registry, which it reads.
      - When the registry, namespace, name or tag of a pinned template changes and no digest is
        given, the digest is removed, since it was the digest of the old image.
    type: list
    elements: dict
  purge_container_templates:
    description:
      - Delete the existing container templates that O(container_templates) does not list.
      - Has no effect when O(container_templates) is not given.
      - An application keeps at least one template, so an empty O(container_templates) with this
        option is refused.
    type: bool
    default: false
  restart:
    description:
      - Whether to restart every pod of the application after the update.
      - V(never) does not restart.
      - V(on_change) restarts only when this task changed the application, so a play that runs
        twice restarts once. Use it to roll out a change.
      - V(always) restarts on every run, and so reports a change on every run.
      - In check mode nothing is restarted; a restart that would be made counts as a change.
    type: str
    choices: [never, on_change, always]
    default: never
  wait:
    description:
      - Poll the application until its status is C(active), for at most O(wait_timeout) seconds.
      - Fails with the last status seen when the application is C(failing) or the time runs out.
      - Polling starts at a fraction of a second and backs off to a few seconds between reads.
      - Nothing is waited for in check mode.
    type: bool
    default: false
  wait_timeout:
    description:
      - How many seconds O(wait=true) waits at most, and how long O(state=absent) waits for the
        application to be gone. Separate from O(api_timeout), which bounds each request.
    type: int
    default: 300
  state:
    description:
      - V(present) creates or updates the application, and leaves it deployed or undeployed as it is.
      - V(started) does the same, then deploys the application when it is undeployed (its status is
        C(inactive)), so that its instances run again; one of any other status is left as it is.
        A deploy starts every pod afresh, so it takes the place of a restart O(restart) asks for in
        the same run. O(wait) then waits until the deployed application is active.
      - V(stopped) does the same, then undeploys the application unless it is already undeployed,
        stopping every instance while keeping its configuration and volumes; it is C(inactive)
        afterwards. An application this task creates or updates is undeployed after the write,
        whatever its status was, since an update may roll it out again. O(restart) and O(wait),
        which need running instances, are refused with V(stopped).
      - The API deploys and undeploys no suspended application (status C(suspended)), so with
        V(started) and V(stopped) the module fails on one before any write.
      - V(absent) deletes it when it exists. The API accepts a delete at once and carries it out
        later; the module waits until the application can no longer be read, for at most
        O(wait_timeout) seconds, so that a second run finds it gone. In check mode nothing is
        deleted or waited for.
    type: str
    choices: [present, started, stopped, absent]
    default: present
    version_added: 0.3.0
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.mc_container_template.container_templates
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - An application the module would create is predicted with V(null) for what only the API
        knows (its ID, status, endpoint addresses) and for settings the API fills in itself, such
        as the pull policy of a template that does not give one.
      - An application O(state=stopped) would undeploy is predicted C(inactive) without container
        instances, one O(state=started) would deploy C(progressing).
  diff_mode:
    support: full
  idempotent:
    support: partial
    details:
      - Every run with O(restart=always) restarts the application and reports a change.
      - Every run with O(region_settings.node_selectors) sends them and reports a change while the
        API does not return node selectors when the application is read.
notes:
  - An application the module creates is not restarted, whatever O(restart) says, since it starts
    with its templates; O(wait) and O(container_templates[].resolve_digest) work for it as for an update.
seealso:
  - module: bunnynet.cloud.mc_app_info
  - module: bunnynet.cloud.mc_container_template
"""

EXAMPLES = r"""
- name: Create the application on its first run, and keep it as declared on later runs
  bunnynet.cloud.mc_app:
    name: checkout
    runtime_type: shared
    autoscaling:
      min: 1
      max: 3
    region_settings:
      allowed_region_ids: [DE, UK]
      required_region_ids: [DE]
    volumes:
      - name: uploads
        size: 5
    container_templates:
      - name: web
        image_registry_id: "{{ registry_id }}"
        image_namespace: library
        image_name: nginx
        image_tag: "1.27"
        endpoints:
          - display_name: public
            cdn:
              port_mappings:
                - container_port: 80
        volume_mounts:
          - name: uploads
            mount_path: /data/uploads
    wait: true
  register: checkout

- name: Scale the application and pin it to Europe
  bunnynet.cloud.mc_app:
    app_id: "{{ app_id }}"
    autoscaling:
      min: 2
      max: 10
    region_settings:
      allowed_region_ids: [DE, UK, SE]
      required_region_ids: [DE]

- name: Grow one volume; the other volumes and every container template stay as they are
  bunnynet.cloud.mc_app:
    app_id: "{{ app_id }}"
    volumes:
      - name: uploads
        size: 20

- name: Roll out a new image tag, restarting and waiting only when the tag changed
  bunnynet.cloud.mc_app:
    app_id: "{{ app_id }}"
    container_templates:
      - name: web
        image_tag: "1.27.1"
        environment_variables:
          LOG_LEVEL: info
    restart: on_change
    wait: true
    wait_timeout: 600

- name: Roll out a new tag pinned to the digest it resolves to, so the rollout cannot change under the tag
  bunnynet.cloud.mc_app:
    app_id: "{{ app_id }}"
    container_templates:
      - name: web
        image_tag: "1.27.2"
        resolve_digest: true
    restart: on_change

- name: Keep exactly these volumes, deleting any other
  bunnynet.cloud.mc_app:
    app_id: "{{ app_id }}"
    volumes:
      - {name: uploads, size: 20}
      - {name: cache, size: 5}
    purge_volumes: true

- name: Stop the application for the night; its configuration and volumes stay
  bunnynet.cloud.mc_app:
    app_id: "{{ app_id }}"
    state: stopped

- name: Start it again in the morning, and wait until it serves
  bunnynet.cloud.mc_app:
    app_id: "{{ app_id }}"
    state: started
    wait: true

- name: Delete the application, and wait until it is gone
  bunnynet.cloud.mc_app:
    app_id: "{{ app_id }}"
    state: absent
    wait_timeout: 120
"""

RETURN = r"""
app:
  description:
    - The application in snake_case, as read back after the changes; the prediction in check mode.
      V(null) once deleted.
    - Node selector labels keep their spelling.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the application; V(null) for an application check mode predicts.
      type: str
      sample: 8a1f0c2e
    name:
      description: Name of the application.
      type: str
      sample: storefront
    status:
      description: Status, one of C(unknown), C(active), C(progressing), C(inactive), C(failing), C(suspended).
      type: str
      sample: active
    runtime_type:
      description: C(shared) or C(reserved).
      type: str
      sample: shared
    auto_scaling:
      description: Fewest (C(min)) and most (C(max)) instances.
      type: dict
      sample: {min: 1, max: 3}
    region_settings:
      description:
        - Allowed and required region IDs and the most regions at once.
        - C(node_selectors) only when the task sent them (in check mode, would send them), since the
          API does not return them.
      type: dict
      sample: {allowed_region_ids: [DE, UK], required_region_ids: [DE], max_allowed_regions: 2}
    volumes:
      description: Volumes, each with C(name) and C(size) in GB.
      type: list
      elements: dict
      sample: [{name: uploads, size: 20}]
    container_templates:
      description: Container templates, each as M(bunnynet.cloud.mc_container_template) returns one.
      type: list
      elements: dict
    container_instances:
      description: Running container instances.
      type: list
      elements: dict
    display_endpoint:
      description: The endpoint shown for the application.
      type: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP, error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.options import APP_RULES, app_options


def main():
    module = BunnyModule(argument_spec=app_options(), result_key=APP.result_key, rules=APP_RULES, required_one_of=[("app_id", "name")])
    module.run(lambda module: APP.converge(module, module.params), describe_error=error_describer(module.params["app_id"]))


if __name__ == "__main__":
    main()
