# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The volumes of a Magic Containers application as items of it (mc_app_volume): what mc_app does
not do to a volume.

mc_app adds, resizes and removes volumes through the application's PATCH, by name. The volumes'
own operations act on one volume, by the ID their list gives: a rename that keeps the volume and
its data (PATCH), a detach from every container (POST detach; the containers' mounts of it go), and
the deletion of its instances, the data each node holds, all at once or one by one (DELETE). The
API deletes only instances that are detached.

A wanted volume is ``{"name", "newName", "detached", "deleteAll", "deleteInstances"}``; its
differences from a volume read are those of the same keys that still need a write, so that a
confirming read asks the same question (``Change.holding``).
"""

import copy

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP

VOLUMES_PATH = "/mc/apps/{app_id}/volumes"
VOLUME_PATH = "/mc/apps/{app_id}/volumes/{id}"
DETACH_PATH = "/mc/apps/{app_id}/volumes/{id}/detach"
INSTANCE_PATH = "/mc/apps/{app_id}/volumes/{id}/instances/{instance_id}"
# A volume instance the API counts as attached (VolumeStatus); any other status is not.
ATTACHED = "attached"


def read_volumes(client, app_id, record=None):
    """The application's volumes as ListVolumes gives them: each with its ID, counts and instances.

    ``record``, the application read (Items' read hook takes it), has the volumes without them.
    """
    return list(client.get(build_path(VOLUMES_PATH, app_id=app_id)).get("items") or [])


def attached(instance):
    return bool(instance.get("attachedPods")) or instance.get("status") == ATTACHED


def volume_differences(present, wanted):
    """What ``wanted`` asks of the volume ``present`` that it does not hold yet."""
    differences = {}
    if wanted.get("detached") and (present.get("containersCount") or any(attached(item) for item in present.get("volumeInstances") or [])):
        differences["detached"] = True
    instances = [item["id"] for item in present.get("volumeInstances") or []]
    if wanted.get("deleteAll") and instances:
        differences["deleteAll"] = True
    doomed = [instance_id for instance_id in wanted.get("deleteInstances") or [] if instance_id in instances]
    if doomed and not differences.get("deleteAll"):
        differences["deleteInstances"] = doomed
    if wanted.get("newName") is not None and present.get("name") != wanted["newName"]:
        differences["newName"] = wanted["newName"]
    return differences


def predict_volume(present, changes):
    """The volume once ``changes`` are made, in the read's shape."""
    volume = copy.deepcopy(present)
    instances = volume.get("volumeInstances") or []
    if changes.get("detached"):
        volume["containersCount"] = 0
        for instance in instances:
            instance.update(attachedPods=[], attachedContainers=[], status="detached")
    if changes.get("deleteAll"):
        instances = []
    doomed = set(changes.get("deleteInstances") or ())
    instances = [instance for instance in instances if instance["id"] not in doomed]
    volume["volumeInstances"] = instances
    volume["totalInstancesCount"] = len(instances)
    volume["attachedInstancesCount"] = sum(1 for instance in instances if attached(instance))
    volume["totalUsage"] = float(sum(instance.get("usage") or 0 for instance in instances))
    if changes.get("newName") is not None:
        volume["name"] = changes["newName"]
    return volume


def _refuse_unknown(change):
    change.refuse("Application %s has no volume named %r; add it with bunnynet.cloud.mc_app's volumes" % (change.parent_id, change.key))


def _change_volume(change):
    """The writes of one volume: detach, then the deletions (of detached instances only), then the rename."""
    present, changes, app_id = change.present, change.changes, change.parent_id
    if present is None:
        return []  # refused by _refuse_unknown
    path = dict(app_id=app_id, id=present["id"])
    writes = []
    if changes.get("detached"):
        writes.append(("detach", Write("POST", build_path(DETACH_PATH, **path), confirm=lambda: change.holding({"detached": True}))))
    still_attached = [] if changes.get("detached") else [item["id"] for item in present.get("volumeInstances") or [] if attached(item)]
    if changes.get("deleteAll"):
        if still_attached or (present.get("containersCount") and not changes.get("detached")):
            attached_ones = "instance %s is attached" if len(still_attached) == 1 else "instances %s are attached"
            change.refuse("delete_all_instances needs volume %r detached, but %s; add detached=true" % (
                change.key, attached_ones % ", ".join(still_attached) if still_attached else "a container mounts it"))
        writes.append(("delete", Write("DELETE", build_path(VOLUME_PATH, **path), confirm=lambda: change.holding({"deleteAll": True}))))
    for instance_id in changes.get("deleteInstances") or []:
        if instance_id in still_attached:
            change.refuse("delete_instances names instance %s of volume %r, which is attached; add detached=true" % (instance_id, change.key))
        writes.append(("delete", Write(
            "DELETE", build_path(INSTANCE_PATH, instance_id=instance_id, **path),
            confirm=lambda instance_id=instance_id: change.holding({"deleteInstances": [instance_id]}))))
    if changes.get("newName") is not None:
        new_name = changes["newName"]
        writes.append(("rename", Write("PATCH", build_path(VOLUME_PATH, **path), {"name": new_name},
                                       confirm=lambda: _named(change, new_name))))
    return writes


def _named(change, name):
    """The volume, once the application holds it under ``name``; None while it does not."""
    return next((volume for volume in read_volumes(change.module.client, change.parent_id) if volume.get("name") == name), None)


def project_volume(volume):
    return to_snake(volume)


VOLUMES = Items(
    noun="volume", parent=APP, parent_option="app_id", key=lambda volume: volume.get("name"), read=read_volumes,
    differences=volume_differences, predict=predict_volume, project=project_volume,
    add=_refuse_unknown, change=_change_volume,
    # A volume is detached before its instances can go; the rename is last, since the others' reads find it by its name.
    order=("detach", "delete", "rename"),
)


def wanted_volume(params):
    return {"name": params["name"], "newName": params["new_name"], "detached": params["detached"],
            "deleteAll": params["delete_all_instances"], "deleteInstances": params["delete_instances"]}


def plan_volume(module, record):
    """The plan of mc_app_volume, from the application ``record`` read under its lock."""
    params = module.params
    app_id = params["app_id"]
    present = VOLUMES.read(module.client, app_id, record)
    name = params["name"]
    names = [volume.get("name") for volume in present]
    # A rename that took effect finds the volume under its new name: the same task is then done.
    if params["new_name"] is not None and name not in names and params["new_name"] in names:
        name = params["new_name"]
    plan = VOLUMES.plan(module, app_id, present, [dict(wanted_volume(params), name=name)], focus=name)

    def read_back(check_mode):
        if not check_mode and plan.changed:
            final = params["new_name"] or name
            plan.after = next((project_volume(volume) for volume in read_volumes(module.client, app_id) if volume.get("name") == final), None)

    plan.then(read_back)
    return plan
