#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_app_volume
short_description: Rename, detach or empty a persistent volume of a Magic Containers application
version_added: 0.3.0
description:
  - Acts on one volume of a Magic Containers application, found by its O(name), in what
    M(bunnynet.cloud.mc_app) cannot do to it - M(bunnynet.cloud.mc_app) adds, resizes and removes
    volumes (O(bunnynet.cloud.mc_app#module:volumes)); this module renames one while keeping its
    data, detaches it from every container, and deletes its instances, the data each node holds.
  - Reads the application's volumes first, and writes only what the volume does not hold yet;
    with nothing to do, and in check mode, it only reads. Returns the volume with its instances,
    which the application's own read does not show.
  - The writes go in this order - the detach, the deletions, the rename.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  app_id:
    description: ID of the application.
    type: str
    required: true
  name:
    description:
      - Name of the volume. The application must have it; a volume is added with
        M(bunnynet.cloud.mc_app).
      - With O(new_name), a volume that has O(new_name) already while none has O(name) is the
        volume, renamed by an earlier run.
    type: str
    required: true
  new_name:
    description:
      - Rename the volume to this, 1 to 50 characters. The volume keeps its ID, size and data, and
        the containers' mounts of it follow the new name.
      - Tasks of M(bunnynet.cloud.mc_app) and M(bunnynet.cloud.mc_container_template) that name the
        volume then give the new name.
    type: str
  detached:
    description:
      - V(true) detaches the volume from every container of the application, when a container
        mounts it or one of its instances is attached. The containers' mounts of the volume are
        removed, so the volume's data stays but no container sees it; mount it again with
        O(bunnynet.cloud.mc_container_template#module:volume_mounts).
      - V(false) is not taken, since a volume is attached by mounting it in a container template.
    type: bool
  delete_all_instances:
    description:
      - V(true) deletes every instance of the volume, the data it holds on each node; the volume
        stays, with its name and size, and new instances start empty.
      - The API deletes only detached instances; give O(detached=true) in the same task, or the task
        fails before any write while the volume is attached.
      - Mutually exclusive with O(delete_instances).
    type: bool
    default: false
  delete_instances:
    description:
      - IDs of instances of the volume to delete, with the data they hold. Instances the volume no
        longer has are done already.
      - The API deletes only detached instances; give O(detached=true) in the same task, or the
        task fails before any write while one of them is attached.
    type: list
    elements: str
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A detach is predicted with no container and every instance detached, a deletion without the
        instances, a rename with the new name.
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - The module takes the lock of the application, which M(bunnynet.cloud.mc_app) takes too, so
    parallel tasks on one application write one after the other.
seealso:
  - module: bunnynet.cloud.mc_app
  - module: bunnynet.cloud.mc_container_template
  - module: bunnynet.cloud.mc_app_info
"""

EXAMPLES = r"""
- name: Rename the uploads volume; its data and the containers' mounts of it stay
  bunnynet.cloud.mc_app_volume:
    app_id: "{{ app_id }}"
    name: uploads
    new_name: media

- name: Start the cache afresh - detach it and delete the data of every instance
  bunnynet.cloud.mc_app_volume:
    app_id: "{{ app_id }}"
    name: cache
    detached: true
    delete_all_instances: true
  register: cache

- name: Show the instances left
  ansible.builtin.debug:
    msg: "{{ cache.volume.volume_instances | map(attribute='id') | list }}"

- name: Delete the data one node holds of the scratch volume
  bunnynet.cloud.mc_app_volume:
    app_id: "{{ app_id }}"
    name: scratch
    detached: true
    delete_instances: [scratchVolDe1]
"""

RETURN = r"""
volume:
  description: The volume as the application's volume list reads it, in snake_case; the prediction in check mode.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the volume.
      type: str
      sample: 3f2a9c1d0e4b
    name:
      description: Name of the volume.
      type: str
      sample: media
    size:
      description: Size of each instance, in GB.
      type: float
      sample: 10.0
    total_usage:
      description: What the instances use together.
      type: float
    total_instances_count:
      description: How many instances the volume has.
      type: int
    attached_instances_count:
      description: How many of them are attached.
      type: int
    containers_count:
      description: How many containers mount the volume.
      type: int
    volume_instances:
      description:
        - The instances, each with C(id), C(region), C(status) (C(attached), C(detached) and the
          API's other volume statuses), C(size), C(usage), C(set), and the C(attached_pods) and
          C(attached_containers) it is attached to.
      type: list
      elements: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import converge_items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import LOCK_TIMEOUT_OPTION
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.volumes import VOLUMES, plan_volume


def main():
    module = BunnyModule(
        argument_spec=dict(
            app_id=dict(type="str", required=True),
            name=dict(type="str", required=True),
            new_name=dict(type="str"),
            detached=dict(type="bool"),
            delete_all_instances=dict(type="bool", default=False),
            delete_instances=dict(type="list", elements="str"),
            lock_timeout=dict(LOCK_TIMEOUT_OPTION),
        ),
        result_key="volume",
        rules=(
            ("app_id", dict(min_length=1)),
            ("name", dict(min_length=1, max_length=50)),
            ("new_name", dict(min_length=1, max_length=50)),
            ("detached", dict(satisfies=(lambda value: value is True, "be true; a volume is attached by mounting it in a container template"))),
        ),
        mutually_exclusive=[("delete_all_instances", "delete_instances")],
    )
    converge_items(module, VOLUMES, lambda record: plan_volume(module, record))


if __name__ == "__main__":
    main()
