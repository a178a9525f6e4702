"""Applications and their container templates under `/mc/apps`.

Stored applications are in the shape `GET /mc/apps/{appId}` returns. A write builds a changed
copy and swaps it in only when the whole request is valid, so a refused request changes nothing.

A delete is accepted at once and carried out later, as the vendor documents: the application stays
readable (and listed) for the `progressing_seconds` setting, then is gone. A delete of an
application already being deleted is accepted again.
"""

import copy
import re
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request

from ..auth import require_access_key, require_active_account
from ..errors import ApiError, invalid
from ..ids import new_id, new_numeric_id
from ..pagination import cursor_page
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import JSON_OR_TEXT_JSON, documented_body, read_body
from .base import state_of
from .mc_models import AddApplicationRequest, PatchApplicationRequest, PatchContainerRequest

router = APIRouter(prefix="/mc/apps", tags=["Applications"], dependencies=[Depends(require_access_key)])

PROBE_DEFAULTS = {"initialDelaySeconds": 10, "periodSeconds": 10, "timeoutSeconds": 7, "failureThreshold": 3, "successThreshold": 1}
PROBE_KINDS = ("startup", "readiness", "liveness")
ENTRY_POINT_FIELDS = ("command", "commandArray", "arguments", "argumentsArray", "workingDirectory")
# Response field order, as the vendor's read model lists the fields.
APP_FIELDS = ("id", "name", "displayEndpoint", "status", "runtimeType", "regionSettings", "containerTemplates", "containerInstances", "volumes", "autoScaling")
TEMPLATE_FIELDS = (
    "id", "name", "packageId", "image", "imageName", "imageNamespace", "imageTag", "imageRegistryId", "imageDigest", "imagePullPolicy",
    "entryPoint", "probes", "environmentVariables", "endpoints", "volumeMounts",
)  # fmt: skip
ENDPOINT_FIELDS = (
    "id", "displayName", "publicHost", "type", "isSslEnabled", "pullZoneId", "portMappings", "stickySessions", "internalIpAddresses", "publicIpAddresses",
)  # fmt: skip
TEMPLATE_SCALARS = ("name", "imageName", "imageNamespace", "imageTag", "imageRegistryId", "imagePullPolicy")
# The parts the platform builds a template's full image reference from.
IMAGE_PARTS = ("imageName", "imageNamespace", "imageTag", "imageRegistryId", "imageDigest")
DEFAULT_PULL_POLICY = "ifNotPresent"
# What a new application keeps of an AddApplicationRequest; the read model has no place for the rest.
CREATED_FIELDS = ("name", "runtimeType", "autoScaling", "regionSettings", "volumes", "containerTemplates")
# Where an application keeps its volumes' instances, by volume name (mc_app_parts.py); never shown in a read.
VOLUME_INSTANCES = "_volumeInstances"
# Sticky sessions as the read model shows an endpoint without them: off, no headers.
NO_STICKY_SESSIONS = {"enabled": False, "sessionHeaders": [], "cookieName": ""}


def _in_order(item: Dict[str, Any], fields) -> Dict[str, Any]:
    """The item with `fields` first in that order, then any other fields a fixture gave."""
    ordered = {name: item[name] for name in fields if name in item}
    ordered.update(item)
    return ordered


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "endpoint"


def _image_reference(template: Dict[str, Any], registries: List[Dict[str, Any]]) -> str:
    """The full image reference the platform shows, `<registry host>/<namespace>/<name>:<tag>[@<digest>]`.

    The vendor documents no rule for it; this is the simulator's model, used when a request or a
    fixture gives the parts without `image`.
    """
    host = next((str(registry.get("hostName")) for registry in registries if str(registry.get("id")) == str(template.get("imageRegistryId"))), None)
    reference = f"{template.get('imageNamespace')}/{template.get('imageName')}:{template.get('imageTag')}"
    if host:
        reference = f"{host}/{reference}"
    return f"{reference}@{template['imageDigest']}" if template.get("imageDigest") else reference


def _probe(request: Dict[str, Any]) -> Dict[str, Any]:
    """A probe as stored: unset or null timings take the contract's defaults; a check it does not make is absent."""
    probe = {name: request.get(name) if request.get(name) is not None else default for name, default in PROBE_DEFAULTS.items()}
    for kind in ("httpGet", "tcpSocket", "grpc"):
        if request.get(kind) is not None:
            probe[kind] = request[kind]
    return probe


def _port_mapping(request: Dict[str, Any]) -> Dict[str, Any]:
    exposed = request.get("exposedPort")
    return {
        "containerPort": request["containerPort"],
        "exposedPort": exposed if exposed is not None else request["containerPort"],
        "protocols": request.get("protocols") or ["tcp"],
    }


def _endpoint_from_request(request: Dict[str, Any], current: Optional[Dict[str, Any]], app_id: str, index: int) -> Dict[str, Any]:
    """Turn an EndpointRequest into the endpoint a template returns, keeping what the request leaves out."""
    kind = "cdn" if request.get("cdn") is not None else "anycast"
    if current is not None and current.get("type") != kind:
        current = {"id": current["id"]}
    endpoint = copy.deepcopy(current) if current else {"id": new_id()}
    endpoint["displayName"] = request["displayName"]
    endpoint["type"] = kind
    details = request[kind]
    if "portMappings" in details:
        endpoint["portMappings"] = [_port_mapping(mapping) for mapping in details["portMappings"]]
    if kind == "cdn":
        if "isSslEnabled" in details:
            endpoint["isSslEnabled"] = details["isSslEnabled"]
        if details.get("pullZoneId") is not None:
            endpoint["pullZoneId"] = str(details["pullZoneId"])
        if "stickySessions" in details:
            sticky = details["stickySessions"]
            endpoint["stickySessions"] = {
                "enabled": sticky.get("enabled", False),
                "sessionHeaders": sticky["sessionHeaders"],
                "cookieName": sticky.get("cookieName") or "",
            }
    return fill_endpoint(endpoint, app_id, index)


def fill_endpoint(endpoint: Dict[str, Any], app_id: str, index: int) -> Dict[str, Any]:
    endpoint.setdefault("id", new_id())
    endpoint.setdefault("displayName", f"endpoint-{index}")
    endpoint.setdefault("type", "cdn")
    endpoint.setdefault("portMappings", [])
    endpoint.setdefault("internalIpAddresses", [])
    if endpoint["type"] == "anycast":
        # An address from the documentation range 203.0.113.0/24, so nothing real is ever named.
        endpoint.setdefault("publicIpAddresses", [{"address": f"203.0.113.{index % 254 + 1}", "region": "DE"}])
        endpoint.setdefault("publicHost", endpoint["publicIpAddresses"][0]["address"] if endpoint["publicIpAddresses"] else "")
        endpoint.setdefault("isSslEnabled", False)
        endpoint.setdefault("pullZoneId", None)
    else:
        endpoint.setdefault("publicIpAddresses", [])
        endpoint.setdefault("publicHost", f"{_slug(endpoint['displayName'])}-{app_id.lower()}.b-cdn.net")
        endpoint.setdefault("isSslEnabled", False)
        # The platform creates a pull zone for a CDN endpoint when none is named.
        endpoint.setdefault("pullZoneId", str(new_numeric_id()))
    if endpoint.get("stickySessions") is None:
        endpoint["stickySessions"] = dict(NO_STICKY_SESSIONS, sessionHeaders=[])
    return _in_order(endpoint, ENDPOINT_FIELDS)


def _at(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def _merge_endpoints(current: List[Dict[str, Any]], requested: List[Dict[str, Any]], app_id: str, field: str) -> List[Dict[str, Any]]:
    """Endpoints carry no id in requests: match them by displayName; those not listed are deleted."""
    by_name = {endpoint["displayName"]: endpoint for endpoint in current}
    _refuse_duplicates(requested, _at(field, "endpoints"), "displayName")
    return [_endpoint_from_request(item, by_name.get(item["displayName"]), app_id, index) for index, item in enumerate(requested)]


def _refuse_duplicates(items: List[Dict[str, Any]], field: str, key: str) -> None:
    """Refuse a request list in which two items share the value of `key`; items without one are skipped."""
    seen = set()
    for index, item in enumerate(items):
        name = item.get(key)
        if name is None:
            continue
        if name in seen:
            raise invalid(f"{field}[{index}].{key}", f"'{name}' appears more than once; each {key} has to be unique.", status=422)
        seen.add(name)


def _apply_template_request(template: Dict[str, Any], request: Dict[str, Any], app_id: str, field: str) -> None:
    """Merge-patch a template with a ContainerRequest or PatchContainerRequest (unset and null fields keep their value)."""
    for name in TEMPLATE_SCALARS:
        if request.get(name) is not None:
            template[name] = request[name]
    # The digest is the one nullable field a template can be without: null unpins it, as merge patch says.
    if "imageDigest" in request:
        template["imageDigest"] = request["imageDigest"]
    if request.get("image") is not None:
        template["image"] = request["image"]
    elif any(name in request for name in IMAGE_PARTS):
        template["image"] = None
    if request.get("entryPoint") is not None:
        template["entryPoint"] = {name: request["entryPoint"].get(name) for name in ENTRY_POINT_FIELDS}
    if request.get("probes") is not None:
        # A probe cannot be null in a request, so the probes given replace the stored ones: one left out is removed.
        template["probes"] = {kind: _probe(request["probes"][kind]) for kind in PROBE_KINDS if request["probes"].get(kind) is not None}
    if request.get("environmentVariables") is not None:
        template["environmentVariables"] = [{"name": item["name"], "value": item.get("value")} for item in request["environmentVariables"]]
    if request.get("volumeMounts") is not None:
        template["volumeMounts"] = [{"name": item["name"], "mountPath": item["mountPath"]} for item in request["volumeMounts"]]
    if request.get("endpoints") is not None:
        template["endpoints"] = _merge_endpoints(template.get("endpoints") or [], request["endpoints"], app_id, field)


def fill_template(template: Dict[str, Any], app_id: str, registries: List[Dict[str, Any]]) -> Dict[str, Any]:
    template.setdefault("id", new_id())
    template.setdefault("packageId", new_id())
    template.setdefault("name", f"container-{template['id']}")
    for name in ("imageName", "imageNamespace", "imageTag", "imageRegistryId", "imageDigest"):
        template.setdefault(name, None)
    if not template.get("image"):
        template["image"] = _image_reference(template, registries)
    template.setdefault("imagePullPolicy", DEFAULT_PULL_POLICY)
    entry_point = template.get("entryPoint") or {}
    template["entryPoint"] = {name: entry_point.get(name) for name in ENTRY_POINT_FIELDS}
    probes = template.get("probes") or {}
    # As in the vendor's read model, a probe the template does not have is absent, not null.
    template["probes"] = {kind: _probe(probes[kind]) for kind in PROBE_KINDS if probes.get(kind)}
    template.setdefault("environmentVariables", [])
    template.setdefault("volumeMounts", [])
    template["endpoints"] = [fill_endpoint(endpoint, app_id, index) for index, endpoint in enumerate(template.get("endpoints") or [])]
    return _in_order(template, TEMPLATE_FIELDS)


def _display_endpoint(app: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    for template in app["containerTemplates"]:
        for endpoint in template["endpoints"]:
            return {"id": endpoint["id"], "address": endpoint["publicHost"], "type": endpoint["type"]}
    return None


def fill_app(app: Dict[str, Any], registries: List[Dict[str, Any]]) -> Dict[str, Any]:
    app.setdefault("id", new_id())
    app.setdefault("name", f"app-{app['id']}")
    app.setdefault("status", "active")
    app.setdefault("runtimeType", "shared")
    region_settings = app.setdefault("regionSettings", {})
    region_settings.setdefault("allowedRegionIds", [])
    region_settings.setdefault("requiredRegionIds", [])
    region_settings.setdefault("maxAllowedRegions", None)
    app.setdefault("autoScaling", {"min": 1, "max": 1})
    app["containerTemplates"] = [fill_template(template, app["id"], registries) for template in app.get("containerTemplates") or []]
    app.setdefault("containerInstances", [])
    instances = app.setdefault(VOLUME_INSTANCES, {})
    for volume in app.get("volumes") or []:
        if volume.get("instances"):
            instances[volume["name"]] = [fill_volume_instance(instance, float(volume.get("size", 1))) for instance in volume["instances"]]
    app["volumes"] = [{"name": volume["name"], "size": float(volume.get("size", 1))} for volume in app.get("volumes") or []]
    app["displayEndpoint"] = _display_endpoint(app)
    return _in_order(app, APP_FIELDS)


def fill_volume_instance(instance: Dict[str, Any], size: float) -> Dict[str, Any]:
    """A volume instance as the vendor's VolumeInstance reads it; one attached to no pod is detached."""
    attached = list(instance.get("attachedPods") or [])
    return {
        "id": instance.get("id") or new_id(), "attachedPods": attached, "attachedContainers": list(instance.get("attachedContainers") or []),
        "region": instance.get("region", "DE"), "status": instance.get("status", "attached" if attached else "detached"),
        "size": float(instance.get("size", size)), "usage": float(instance.get("usage", 0)), "set": instance.get("set", ""),
    }  # fmt: skip


def fill_apps(apps: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    filled = [fill_app(app, state.registries) for app in apps]
    for app in filled:
        if app["status"] == "progressing":
            state.mark_progressing(app)
    return filled


def _merge_templates(app: Dict[str, Any], requested: List[Dict[str, Any]], registries: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Templates with an id update that template, those without are new, existing ones not listed are deleted."""
    current = {template["id"]: template for template in app["containerTemplates"]}
    _refuse_duplicates(requested, "containerTemplates", "name")
    _refuse_duplicates(requested, "containerTemplates", "id")
    merged = []
    for index, item in enumerate(requested):
        field = f"containerTemplates[{index}]"
        if item.get("id"):
            if item["id"] not in current:
                raise invalid(f"{field}.id", f"The application has no container template '{item['id']}'.", status=422)
            template = copy.deepcopy(current[item["id"]])
        else:
            template = {}
        _apply_template_request(template, item, app["id"], field)
        merged.append(fill_template(template, app["id"], registries))
    return merged


def _merge_volumes(requested: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Volumes carry no id in requests: listed names are updated or added, the others deleted."""
    _refuse_duplicates(requested, "volumes", "name")
    # The read model's VolumeTemplate types the size as a double, though requests give whole gigabytes.
    return [{"name": item["name"], "size": float(item["size"])} for item in requested]


def _patched_app(app: Dict[str, Any], patch: Dict[str, Any], registries: List[Dict[str, Any]]) -> Dict[str, Any]:
    """The application after a PatchApplicationRequest; null top-level fields leave the value as it is."""
    changed = copy.deepcopy(app)
    for name in ("name", "runtimeType"):
        if patch.get(name) is not None:
            changed[name] = patch[name]
    if patch.get("autoScaling") is not None:
        scaling = patch["autoScaling"]
        if scaling["min"] > scaling["max"]:
            raise invalid("autoScaling.min", "min cannot be greater than max.", status=422)
        changed["autoScaling"] = {"min": scaling["min"], "max": scaling["max"]}
    if patch.get("regionSettings") is not None:
        # nodeSelectors is accepted but, as in the vendor's read model, not part of what is returned.
        for name in ("allowedRegionIds", "requiredRegionIds", "maxAllowedRegions"):
            if patch["regionSettings"].get(name) is not None:
                changed["regionSettings"][name] = patch["regionSettings"][name]
    if patch.get("volumes") is not None:
        changed["volumes"] = _merge_volumes(patch["volumes"])
    if patch.get("containerTemplates") is not None:
        if not patch["containerTemplates"] and app["containerTemplates"]:
            raise invalid("containerTemplates", "Cannot delete the last container template.")
        changed["containerTemplates"] = _merge_templates(changed, patch["containerTemplates"], registries)
    _refuse_missing_volumes(app, changed)
    changed["displayEndpoint"] = _display_endpoint(changed)
    return changed


def _refuse_missing_volumes(before: Dict[str, Any], after: Dict[str, Any], field: str = "containerTemplates[{index}].") -> None:
    """Refuse a change after which a template mounts a volume the application does not have.

    A volume has to be detached before it is deleted, as the vendor documents, so deleting one a
    template still mounts names the template; a mount that names no volume at all names the mount.
    """
    kept = {volume["name"] for volume in after["volumes"]}
    removed = {volume["name"] for volume in before["volumes"]} - kept
    for index, template in enumerate(after["containerTemplates"]):
        for position, mount in enumerate(template["volumeMounts"]):
            if mount["name"] in removed:
                raise invalid("volumes", f"Volume '{mount['name']}' is still mounted by container template '{template['name']}'; detach it first.")
            if mount["name"] not in kept and mount not in _mounts_of(before, template["id"]):
                raise invalid(f"{field.format(index=index)}volumeMounts[{position}].name", f"The application has no volume '{mount['name']}'.")


def _mounts_of(app: Dict[str, Any], template_id: str) -> List[Dict[str, Any]]:
    return next((template["volumeMounts"] for template in app["containerTemplates"] if template["id"] == template_id), [])


# When an application being deleted is gone, on the simulator's clock (state.now()): kept in the record
# (so that a patch meanwhile keeps it, and new fixtures drop it) and never shown in a read.
DELETION_DEADLINE = "_deletionDeadline"


def _finish_deletions(state: SimulatorState) -> None:
    """Remove the applications whose deletion has been carried out by now."""
    now = state.now()
    state.apps[:] = [app for app in state.apps if app.get(DELETION_DEADLINE, now + 1) > now]


def _read_model(app: Dict[str, Any]) -> Dict[str, Any]:
    """The application without what the simulator keeps beside it (keys starting with an underscore)."""
    return {name: value for name, value in app.items() if not name.startswith("_")}


def _find_app(state: SimulatorState, app_id: str) -> int:
    _finish_deletions(state)
    for index, app in enumerate(state.apps):
        if app["id"] == app_id:
            state.settle(app)
            return index
    raise ApiError(404, f"Application '{app_id}' was not found.")


def _find_template(app: Dict[str, Any], container_id: str) -> int:
    for index, template in enumerate(app["containerTemplates"]):
        if template["id"] == container_id:
            return index
    raise ApiError(404, f"Application '{app['id']}' has no container template '{container_id}'.")


def _replace_app(state: SimulatorState, index: int, changed: Dict[str, Any]) -> None:
    if changed != state.apps[index]:
        state.mark_progressing(changed)
        state.apps[index] = changed


def _list_item(app: Dict[str, Any]) -> Dict[str, Any]:
    # The vendor's AppListItem has a description, which nothing sets: an application has none.
    return {"id": app["id"], "name": app["name"], "description": "", "displayEndpoint": app["displayEndpoint"], "status": app["status"]}


@router.get("")
async def list_apps(
    request: Request,
    next_cursor: Optional[str] = Query(default=None, alias="nextCursor"),
    limit: int = Query(default=20, ge=1, le=1000),
):
    state = state_of(request)
    with state.lock:
        _finish_deletions(state)
        for app in state.apps:
            state.settle(app)
        return json_response(cursor_page([_list_item(app) for app in state.apps], next_cursor, limit))


@router.post("", dependencies=[Depends(require_active_account)], openapi_extra=documented_body(AddApplicationRequest, JSON_OR_TEXT_JSON))
async def add_app(request: Request):
    """Create an application; its templates and volumes are checked as a patch checks them."""
    state = state_of(request)
    wanted = (await read_body(request, AddApplicationRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_unset=True)
    with state.lock:
        for index, template in enumerate(wanted.get("containerTemplates") or []):
            if template.get("id"):
                raise invalid(f"containerTemplates[{index}].id", "A new application's container templates cannot carry an id.", status=422)
        empty = fill_app({"volumes": [], "containerTemplates": []}, state.registries)
        app = _patched_app(empty, {name: wanted[name] for name in CREATED_FIELDS if name in wanted}, state.registries)
        state.mark_progressing(app)
        state.apps.append(app)
        return json_response({"id": app["id"]}, 201)


@router.get("/{appId}")
async def get_app(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        return json_response(_read_model(state.apps[_find_app(state, appId)]))


@router.patch("/{appId}", dependencies=[Depends(require_active_account)], openapi_extra=documented_body(PatchApplicationRequest, JSON_OR_TEXT_JSON))
async def patch_app(request: Request, appId: str):
    state = state_of(request)
    try:
        # As in the vendor's framework, the body is validated before the application is looked up.
        patch = (await read_body(request, PatchApplicationRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_unset=True)
        with state.lock:
            index = _find_app(state, appId)
            _replace_app(state, index, _patched_app(state.apps[index], patch, state.registries))
    except ApiError as error:
        error.resource_id = appId
        raise
    return json_response({"id": appId})


@router.delete("/{appId}", dependencies=[Depends(require_active_account)])
async def delete_app(request: Request, appId: str):
    """Accept the deletion; the application goes once `progressing_seconds` have passed."""
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        app.setdefault(DELETION_DEADLINE, state.now() + state.settings.progressing_seconds)
    return empty_response(200)


@router.post("/{appId}/restart")
async def restart_app(request: Request, appId: str):
    state = state_of(request)
    with state.lock:
        state.mark_progressing(state.apps[_find_app(state, appId)])
    return empty_response(200)


@router.get("/{appId}/containers/{containerId}")
async def get_container_template(request: Request, appId: str, containerId: str):
    state = state_of(request)
    with state.lock:
        app = state.apps[_find_app(state, appId)]
        return json_response(app["containerTemplates"][_find_template(app, containerId)])


@router.patch("/{appId}/containers/{containerId}", openapi_extra=documented_body(PatchContainerRequest, JSON_OR_TEXT_JSON))
async def patch_container_template(request: Request, appId: str, containerId: str):
    state = state_of(request)
    patch = (await read_body(request, PatchContainerRequest, JSON_OR_TEXT_JSON)).model_dump(exclude_unset=True)
    with state.lock:
        index = _find_app(state, appId)
        changed = copy.deepcopy(state.apps[index])
        position = _find_template(changed, containerId)
        template = changed["containerTemplates"][position]
        if patch.get("name") is not None and any(other["name"] == patch["name"] for other in changed["containerTemplates"] if other is not template):
            raise invalid("name", "Another container template of the application already has this name.", status=422)
        _apply_template_request(template, patch, appId, "")
        changed["containerTemplates"][position] = fill_template(template, appId, state.registries)
        _refuse_missing_volumes(state.apps[index], changed, field="")
        changed["displayEndpoint"] = _display_endpoint(changed)
        _replace_app(state, index, changed)
        return json_response(changed["containerTemplates"][position])
