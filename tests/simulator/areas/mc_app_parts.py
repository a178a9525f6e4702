"""An application's parts and life under `/mc/apps/{appId}`: full update, deployment, autoscaling, regions, templates, endpoints, volumes, pods, reports.

Every write here goes through the same change-and-swap as the application patch (mc_apps.py), so
a refused request changes nothing and an accepted change makes the application `progressing`.

Volumes carry no id in the application's read model; the simulator gives each an id of its own,
kept in the application beside the volume's name (a rename keeps it), and a path may name a
volume by that id or by its name. A volume's instances are kept beside it too: none unless a
fixture lists them (`volumes[].instances`, each the vendor's VolumeInstance; one attached to no
pod is detached). Endpoints are named by id or display name alike, as the vendor's document calls
the update's parameter the display name and the delete's the id. The simulator runs no pods (a
fixture's `containerInstances` names some), and the reports (statistics, summary, overview) count
nothing unless a fixture fills them.
"""

import copy
import hashlib
from datetime import datetime
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request
from pydantic import ConfigDict, RootModel

from ..auth import require_access_key, require_active_account
from ..errors import ApiError, invalid
from ..reports import DAY, HOUR, MINUTE, chart, chart_keys, report
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import JSON_OR_TEXT_JSON, documented_body, read_body
from .base import state_of
from .mc_apps import (
    CREATED_FIELDS,
    VOLUME_INSTANCES,
    _apply_template_request,
    _display_endpoint,
    _endpoint_from_request,
    _find_app,
    _find_template,
    _patched_app,
    _refuse_missing_volumes,
    _replace_app,
    fill_app,
    fill_template,
)
from .mc_models import AddApplicationRequest, AddContainerRequest, AutoscalingSettings, EndpointRequest, PatchVolumeRequest, UpdateRegionSettingsRequest

router = APIRouter(prefix="/mc/apps", tags=["Applications"], dependencies=[Depends(require_access_key)])
ACTIVE_ACCOUNT = [Depends(require_active_account)]

# Where an application keeps its volumes' ids, by volume name; never shown in a read.
VOLUME_IDS = "_volumeIds"
GRANULARITY_STEPS = {"Daily": DAY, "Hourly": HOUR, "Minute": MINUTE}
REGION_SETTING_FIELDS = ("allowedRegionIds", "requiredRegionIds", "maxAllowedRegions")
# The vendor documents no default provisioning type; a fixture's regionSettings may name one.
DEFAULT_PROVISIONING = "static"
ENDPOINT_LIST_FIELDS = (
    "id", "displayName", "publicHost", "type", "isSslEnabled", "pullZoneId", "portMappings", "containerName", "containerId",
    "stickySessions", "internalIpAddresses", "publicIpAddresses",
)  # fmt: skip


class EnvironmentMap(RootModel[Dict[str, str]]):
    """The environment variables of a template, as the vendor's set-environment body gives them: a name-to-value map."""

    model_config = ConfigDict(strict=True)


def _changing(state: SimulatorState, app_id: str):
    """The application's index and a copy to change; `_replace_app` swaps it in."""
    index = _find_app(state, app_id)
    return index, copy.deepcopy(state.apps[index])


def _refuse_suspended(app: Dict[str, Any]) -> None:
    if app["status"] == "suspended":
        raise ApiError(409, f"Application '{app['id']}' is suspended.")


# --- The whole application ------------------------------------------------------------------------


@router.put("/{appId}", dependencies=ACTIVE_ACCOUNT, openapi_extra=documented_body(AddApplicationRequest, JSON_OR_TEXT_JSON))
async def replace_app(request: Request, appId: str):
    """Replace the whole configuration: what the request leaves out takes a new application's value.

    Templates are matched by id as in the patch (an unknown id gets 422), and keep their ids and
    package ids; their other fields are the request's alone. Endpoints keep their ids by display name.
    """
    wanted = (await read_body(request, AddApplicationRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_unset=True)
    state = state_of(request)
    try:
        with state.lock:
            index, current = _changing(state, appId)
            base = fill_app({"id": appId, "volumes": [], "containerTemplates": []}, state.registries)
            # What the application is, not how it is configured: its state, its instances, and what the simulator keeps beside it.
            base.update({name: value for name, value in current.items() if name in ("status", "containerInstances") or name.startswith("_")})
            base["containerTemplates"] = [
                fill_template({"id": template["id"], "packageId": template["packageId"], "name": template["name"], "endpoints": template["endpoints"]},
                              appId, state.registries)
                for template in current["containerTemplates"]
            ]  # fmt: skip
            replacement = {name: wanted[name] for name in CREATED_FIELDS if name in wanted}
            replacement.setdefault("volumes", [])
            replacement.setdefault("containerTemplates", [])
            for requested in replacement["containerTemplates"]:
                # The base keeps the endpoints only so that those the request names again keep their ids.
                requested.setdefault("endpoints", [])
            _replace_app(state, index, _patched_app(base, replacement, state.registries))
    except ApiError as error:
        error.resource_id = appId
        raise
    return json_response({"id": appId})


@router.post("/{appId}/deploy")
async def deploy_app(request: Request, appId: str):
    """Run the application again: it is progressing, then active."""
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        _refuse_suspended(app)
        state.mark_progressing(app)
    return empty_response(200)


@router.post("/{appId}/undeploy")
async def undeploy_app(request: Request, appId: str):
    """Stop every instance: the application is inactive until it is deployed again."""
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        _refuse_suspended(app)
        state.progress_deadlines.pop(app["id"], None)
        app["status"] = "inactive"
        app["containerInstances"] = []
    return empty_response(200)


@router.get("/{appId}/autoscaling")
async def get_autoscaling(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        return json_response(dict(state.apps[_find_app(state, appId)]["autoScaling"]))


@router.put("/{appId}/autoscaling", dependencies=ACTIVE_ACCOUNT, openapi_extra=documented_body(AutoscalingSettings, JSON_OR_TEXT_JSON))
async def set_autoscaling(request: Request, appId: str):
    wanted = (await read_body(request, AutoscalingSettings, JSON_OR_TEXT_JSON)).model_dump()
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        _replace_app(state, index, _patched_app(changed, {"autoScaling": wanted}, state.registries))
    return empty_response(200)


@router.get("/{appId}/region-settings")
async def get_region_settings(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        settings = state.apps[_find_app(state, appId)]["regionSettings"]
        return json_response({**{name: copy.deepcopy(settings.get(name)) for name in REGION_SETTING_FIELDS},
                              "provisioningType": settings.get("provisioningType", DEFAULT_PROVISIONING)})  # fmt: skip


@router.put("/{appId}/region-settings", dependencies=ACTIVE_ACCOUNT, openapi_extra=documented_body(UpdateRegionSettingsRequest, JSON_OR_TEXT_JSON))
async def set_region_settings(request: Request, appId: str):
    wanted = (await read_body(request, UpdateRegionSettingsRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_unset=True)
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        _replace_app(state, index, _patched_app(changed, {"regionSettings": wanted}, state.registries))
    return empty_response(200)


# --- Container templates --------------------------------------------------------------------------


@router.post("/{appId}/containers", status_code=201, dependencies=ACTIVE_ACCOUNT, openapi_extra=documented_body(AddContainerRequest, JSON_OR_TEXT_JSON))
async def add_container_template(request: Request, appId: str):
    wanted = (await read_body(request, AddContainerRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_unset=True)
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        if any(template["name"] == wanted["name"] for template in changed["containerTemplates"]):
            raise invalid("name", "Another container template of the application already has this name.")
        template: Dict[str, Any] = {}
        _apply_template_request(template, wanted, appId, "")
        changed["containerTemplates"].append(fill_template(template, appId, state.registries))
        _refuse_missing_volumes(state.apps[index], changed, field="")
        changed["displayEndpoint"] = _display_endpoint(changed)
        _replace_app(state, index, changed)
        return json_response(changed["containerTemplates"][-1], 201)


@router.delete("/{appId}/containers/{containerId}", dependencies=ACTIVE_ACCOUNT)
async def delete_container_template(request: Request, appId: str, containerId: str):
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        position = _find_template(changed, containerId)
        if len(changed["containerTemplates"]) == 1:
            raise invalid(None, "Cannot delete the last container template.")
        del changed["containerTemplates"][position]
        changed["displayEndpoint"] = _display_endpoint(changed)
        _replace_app(state, index, changed)
    return empty_response(200)


@router.put("/{appId}/containers/{containerId}/env", dependencies=ACTIVE_ACCOUNT, openapi_extra=documented_body(EnvironmentMap, JSON_OR_TEXT_JSON))
async def set_environment(request: Request, appId: str, containerId: str):
    """Replace every environment variable of the template with the map's."""
    wanted = (await read_body(request, EnvironmentMap, JSON_OR_TEXT_JSON)).root
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        template = changed["containerTemplates"][_find_template(changed, containerId)]
        template["environmentVariables"] = [{"name": name, "value": value} for name, value in wanted.items()]
        _replace_app(state, index, changed)
        return json_response(template)


# --- Endpoints ------------------------------------------------------------------------------------


def _find_endpoint(app: Dict[str, Any], endpoint_id: str):
    for template in app["containerTemplates"]:
        for position, endpoint in enumerate(template["endpoints"]):
            if endpoint_id in (endpoint["id"], endpoint["displayName"]):
                return template, position
    raise ApiError(404, f"Application '{app['id']}' has no endpoint '{endpoint_id}'.")


def _refuse_taken_endpoint_name(app: Dict[str, Any], name: str, keep: Optional[Dict[str, Any]] = None) -> None:
    if any(endpoint["displayName"] == name and endpoint is not keep for template in app["containerTemplates"] for endpoint in template["endpoints"]):
        raise invalid("displayName", f"The application already has an endpoint named '{name}'.")


@router.get("/{appId}/endpoints")
async def list_endpoints(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        items = [
            {name: copy.deepcopy({**endpoint, "containerName": template["name"], "containerId": template["id"]}[name]) for name in ENDPOINT_LIST_FIELDS}
            for template in app["containerTemplates"]
            for endpoint in template["endpoints"]
        ]
    return json_response({"items": items, "meta": {"totalItems": len(items)}, "cursor": None})


@router.post("/{appId}/containers/{containerId}/endpoints", status_code=201, dependencies=ACTIVE_ACCOUNT,
             openapi_extra=documented_body(EndpointRequest, JSON_OR_TEXT_JSON))  # fmt: skip
async def add_endpoint(request: Request, appId: str, containerId: str):
    wanted = (await read_body(request, EndpointRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_unset=True)
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        template = changed["containerTemplates"][_find_template(changed, containerId)]
        _refuse_taken_endpoint_name(changed, wanted["displayName"])
        endpoint = _endpoint_from_request(wanted, None, appId, len(template["endpoints"]))
        template["endpoints"].append(endpoint)
        changed["displayEndpoint"] = _display_endpoint(changed)
        _replace_app(state, index, changed)
        return json_response({"id": endpoint["id"]}, 201)


@router.put("/{appId}/endpoints/{endpointId}", dependencies=ACTIVE_ACCOUNT, openapi_extra=documented_body(EndpointRequest, JSON_OR_TEXT_JSON))
async def update_endpoint(request: Request, appId: str, endpointId: str):
    wanted = (await read_body(request, EndpointRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_unset=True)
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        template, position = _find_endpoint(changed, endpointId)
        current = template["endpoints"][position]
        _refuse_taken_endpoint_name(changed, wanted["displayName"], keep=current)
        template["endpoints"][position] = _endpoint_from_request(wanted, current, appId, position)
        changed["displayEndpoint"] = _display_endpoint(changed)
        _replace_app(state, index, changed)
    return empty_response(200)


@router.delete("/{appId}/endpoints/{endpointId}", dependencies=ACTIVE_ACCOUNT)
async def delete_endpoint(request: Request, appId: str, endpointId: str):
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        template, position = _find_endpoint(changed, endpointId)
        del template["endpoints"][position]
        changed["displayEndpoint"] = _display_endpoint(changed)
        _replace_app(state, index, changed)
    return empty_response(200)


# --- Volumes --------------------------------------------------------------------------------------


def volume_ids(app: Dict[str, Any]) -> Dict[str, str]:
    """The application's volume ids by volume name, made for volumes that have none yet."""
    known = app.setdefault(VOLUME_IDS, {})
    names = [volume["name"] for volume in app["volumes"]]
    for name in names:
        known.setdefault(name, hashlib.sha256(f"{app['id']}/{name}".encode()).hexdigest()[:12])
    for name in [name for name in known if name not in names]:
        del known[name]
    return known


def _find_volume(app: Dict[str, Any], volume_id: str) -> Dict[str, Any]:
    ids = volume_ids(app)
    for volume in app["volumes"]:
        if volume_id in (volume["name"], ids[volume["name"]]):
            return volume
    raise ApiError(404, f"Application '{app['id']}' has no volume '{volume_id}'.")


def _mounting(app: Dict[str, Any], name: str):
    return [template for template in app["containerTemplates"] if any(mount["name"] == name for mount in template["volumeMounts"])]


def _instances(app: Dict[str, Any], name: str) -> List[Dict[str, Any]]:
    return app.setdefault(VOLUME_INSTANCES, {}).setdefault(name, [])


def _attached(instance: Dict[str, Any]) -> bool:
    return bool(instance["attachedPods"]) or instance["status"] == "attached"


@router.get("/{appId}/volumes")
async def list_volumes(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        ids = volume_ids(app)
        items = []
        for volume in app["volumes"]:
            instances = copy.deepcopy(_instances(app, volume["name"]))
            items.append(
                {"name": volume["name"], "id": ids[volume["name"]], "size": volume["size"], "totalUsage": float(sum(item["usage"] for item in instances)),
                 "totalInstancesCount": len(instances), "attachedInstancesCount": sum(1 for item in instances if _attached(item)),
                 "containersCount": len(_mounting(app, volume["name"])), "volumeInstances": instances}
            )  # fmt: skip
        mounting = {template["id"] for volume in app["volumes"] for template in _mounting(app, volume["name"])}
        pods = {pod for volume in app["volumes"] for item in _instances(app, volume["name"]) for pod in item["attachedPods"]}
        summary = {"totalPods": len(pods), "totalContainers": len(mounting), "totalStorage": float(sum(volume["size"] for volume in app["volumes"]))}
    return json_response({"items": items, "meta": {"totalItems": len(items)}, "cursor": None, "summary": summary})


@router.patch("/{appId}/volumes/{volumeId}", openapi_extra=documented_body(PatchVolumeRequest, JSON_OR_TEXT_JSON))
async def update_volume(request: Request, appId: str, volumeId: str):
    """A new name (the mounts follow it, and the volume keeps its id) or size."""
    wanted = (await read_body(request, PatchVolumeRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_none=True)
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        volume = _find_volume(changed, volumeId)
        old_name = volume["name"]
        new_name = wanted.get("name", old_name)
        if new_name != old_name:
            if any(other["name"] == new_name for other in changed["volumes"]):
                raise invalid("name", f"The application already has a volume named '{new_name}'.")
            for template in _mounting(changed, old_name):
                for mount in template["volumeMounts"]:
                    if mount["name"] == old_name:
                        mount["name"] = new_name
            changed[VOLUME_IDS][new_name] = changed[VOLUME_IDS].pop(old_name)
            changed.setdefault(VOLUME_INSTANCES, {})[new_name] = changed[VOLUME_INSTANCES].pop(old_name, [])
            volume["name"] = new_name
        if "size" in wanted:
            volume["size"] = float(wanted["size"])
        _replace_app(state, index, changed)
        return json_response({"name": volume["name"], "size": volume["size"]})


@router.post("/{appId}/volumes/{volumeId}/detach")
async def detach_volume(request: Request, appId: str, volumeId: str):
    """Unmount the volume from every container template: its instances are detached."""
    state = state_of(request)
    with state.lock:
        index, changed = _changing(state, appId)
        name = _find_volume(changed, volumeId)["name"]
        for template in changed["containerTemplates"]:
            template["volumeMounts"] = [mount for mount in template["volumeMounts"] if mount["name"] != name]
        for instance in _instances(changed, name):
            instance.update(attachedPods=[], attachedContainers=[], status="detached")
        _replace_app(state, index, changed)
        return json_response({"name": name})


@router.delete("/{appId}/volumes/{volumeId}")
async def delete_volume_instances(request: Request, appId: str, volumeId: str):
    """Delete every instance of the volume, once it is detached (no template mounts it, no instance is attached); the volume stays."""
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        volume = _find_volume(app, volumeId)
        instances = _instances(app, volume["name"])
        if _mounting(app, volume["name"]) or any(_attached(instance) for instance in instances):
            raise invalid(None, f"Some instances of volume '{volume['name']}' are not detached.")
        deleted = [instance["id"] for instance in instances]
        instances.clear()
    return json_response({"ids": deleted})


@router.delete("/{appId}/volumes/{volumeId}/instances/{instanceId}")
async def delete_volume_instance(request: Request, appId: str, volumeId: str, instanceId: str):
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        instances = _instances(app, _find_volume(app, volumeId)["name"])
        instance = next((instance for instance in instances if instance["id"] == instanceId), None)
        if instance is None:
            raise ApiError(404, f"Volume '{volumeId}' has no instance '{instanceId}'.")
        if _attached(instance):
            raise invalid(None, f"Volume instance '{instanceId}' is attached; detach the volume first.")
        instances.remove(instance)
    return json_response({"id": instanceId})


# --- Pods -----------------------------------------------------------------------------------------


@router.post("/{appId}/pods/{podId}/recreate", dependencies=ACTIVE_ACCOUNT)
async def recreate_pod(request: Request, appId: str, podId: str):
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        if not any(instance.get("podId") == podId for instance in app["containerInstances"]):
            raise ApiError(404, f"Application '{appId}' has no pod '{podId}'.")
        _refuse_suspended(app)
    return empty_response(200)


# --- Reports --------------------------------------------------------------------------------------


@router.get("/{appId}/statistics")
async def app_statistics(
    request: Request,
    appId: str,
    fromDate: datetime,
    toDate: Optional[datetime] = None,
    granularity: str = Query(pattern="^(Daily|Hourly|Minute)$"),
):
    keys = chart_keys(fromDate, toDate, step=GRANULARITY_STEPS[granularity], names=("fromDate", "toDate"))
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        capacity = float(sum(volume["size"] for volume in app["volumes"]))
        empty = {
            "targetLatencyChart": chart(keys, 0.0), "activeRegionsChart": chart(keys, 0), "latencyChart": chart(keys, 0.0),
            "instancesChart": chart(keys, 0), "cpuUsageChart": chart(keys, 0.0), "ramUsageChart": chart(keys, 0.0),
            "trafficChart": chart(keys, 0.0), "volumesSplitUsageChart": {volume["name"]: chart(keys, 0.0) for volume in app["volumes"]},
            "volumesSplitCapacityChart": {volume["name"]: chart(keys, volume["size"]) for volume in app["volumes"]},
            "volumesUsageChart": chart(keys, 0.0), "volumesCapacityChart": chart(keys, capacity),
        }  # fmt: skip
        return json_response(report(state, request.url.path, empty))


@router.get("/{appId}/summary")
async def app_summary(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        empty = {
            "averageLatency": 0.0, "currentLatency": 0.0, "totalVolumeSizeInGb": float(sum(volume["size"] for volume in app["volumes"])),
            "monthlyCost": 0.0, "latencyChart": {}, "status": app["status"],
        }  # fmt: skip
        return json_response(report(state, request.url.path, empty))


def _indicator(value: Any) -> Dict[str, Any]:
    return {"indicator": value, "statusGrade": "doingGreat"}


@router.get("/{appId}/overview")
async def app_overview(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        empty = {
            "targetLatency": _indicator(0.0), "currentLatency": _indicator(0.0), "activeRegions": _indicator(0),
            "activeInstances": _indicator(len(app["containerInstances"])), "desiredInstances": app["autoScaling"]["min"], "status": app["status"],
            "averageCPU": _indicator(0.0), "averageRAM": _indicator(0.0), "averageVolumesUsage": _indicator(0.0), "regions": [],
            "averageLatency": 0.0, "totalVolumeSizeInGb": float(sum(volume["size"] for volume in app["volumes"])), "monthlyCost": 0.0,
            "latencyChart": {},
        }  # fmt: skip
        return json_response(report(state, request.url.path, empty))
