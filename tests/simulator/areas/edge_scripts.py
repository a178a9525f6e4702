"""Edge Scripting under `/compute/script`: scripts, their code, variables, secrets and releases.

A stored script is the record the API returns plus what that record does not show: its `Code`,
`CodeLastModified`, `Releases` and `Secrets`. `_public` leaves those out of every answer.
Secrets are write-only, as in the vendor's reference: their values are stored but no answer
ever carries one.
"""

import re
from datetime import datetime
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request
from pydantic import Field
from typing_extensions import Annotated

from ..auth import require_access_key
from ..errors import ApiError, LegacyStyle, field_error
from ..ids import new_id, next_int_id, utc_now
from ..reports import DATE_FROM, DATE_TO, chart, chart_keys, report
from ..responses import empty_response, json_response
from ..state import SimulatorState
from ..validation import ContractModel, documented_body, read_body
from . import pull_zones
from .base import Area, find_record, state_of

router = APIRouter(prefix="/compute/script", tags=["Edge scripts"], dependencies=[Depends(require_access_key)])

INT32_MAX = 2**31 - 1
# Response field order, as the vendor's EdgeScriptModel lists the fields.
SCRIPT_FIELDS = (
    "Id", "Name", "LastModified", "ScriptType", "CurrentReleaseId", "EdgeScriptVariables", "Deleted", "LinkedPullZones", "Integration",
    "DefaultHostname", "SystemHostname", "DeploymentKey", "RepositoryId", "IntegrationId", "MonthlyCost", "MonthlyRequestCount", "MonthlyCpuTime",
)  # fmt: skip
RELEASE_LIVE, RELEASE_ARCHIVED = 1, 0

EdgeScriptType = Annotated[int, Field(ge=0, le=2, description="0 DNS, 1 CDN, 2 Middleware")]
ScriptName = Annotated[str, Field(min_length=1, max_length=100)]
VariableValue = Annotated[str, Field(max_length=4096)]
# The vendor's reference bounds secret names and values as it bounds variables.
SecretName = Annotated[str, Field(min_length=1, max_length=256)]
SecretValue = Annotated[str, Field(max_length=4096)]


class EdgeScriptRepositorySettings(ContractModel):
    Id: Optional[int] = None
    Name: Optional[str] = None
    Private: bool = False
    TemplateUrl: Optional[str] = None


class EdgeScriptDeployConfiguration(ContractModel):
    Branch: Optional[str] = None
    InstallCommand: Optional[str] = None
    BuildCommand: Optional[str] = None
    EntryFile: Optional[str] = None
    CreateWorkflow: bool = False


class EdgeScriptIntegration(ContractModel):
    IntegrationId: int = 0
    RepositorySettings: Optional[EdgeScriptRepositorySettings] = None
    DeployConfiguration: Optional[EdgeScriptDeployConfiguration] = None


class AddEdgeScriptRequest(ContractModel):
    Name: ScriptName
    Code: Optional[str] = None
    ScriptType: EdgeScriptType
    CreateLinkedPullZone: bool = False
    LinkedPullZoneName: Optional[Annotated[str, Field(min_length=1)]] = None
    Integration: Optional[EdgeScriptIntegration] = None


class UpdateEdgeScriptRequest(ContractModel):
    """The vendor's UpdateEdgeScriptModel: a new name, a new type, or both; null or left out keeps the current one."""

    Name: Optional[ScriptName] = None
    ScriptType: EdgeScriptType = None


class EdgeScriptCodeRequest(ContractModel):
    Code: Optional[str] = None


class AddEdgeScriptVariableRequest(ContractModel):
    Name: Annotated[str, Field(min_length=1, max_length=256)]
    Required: bool
    DefaultValue: Optional[VariableValue] = None


class UpdateEdgeScriptVariableRequest(ContractModel):
    DefaultValue: Optional[VariableValue] = None
    Required: Optional[bool] = None


class AddEdgeScriptSecretRequest(ContractModel):
    Name: SecretName
    Secret: Optional[SecretValue] = None


class UpsertEdgeScriptSecretRequest(ContractModel):
    # Nullable in the reference, but without a name there is nothing to upsert: refused below.
    Name: Optional[SecretName] = None
    Secret: Optional[SecretValue] = None


class UpdateEdgeScriptSecretRequest(ContractModel):
    Secret: Optional[SecretValue] = None


class PublishEdgeScriptRequest(ContractModel):
    Note: Optional[str] = None


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "script"


def _public(script: Dict[str, Any]) -> Dict[str, Any]:
    return {name: script[name] for name in SCRIPT_FIELDS}


def _fill_variable(variable: Dict[str, Any], next_id: int) -> Dict[str, Any]:
    return {
        "Id": variable.get("Id", next_id),
        "Name": variable.get("Name", f"VARIABLE_{next_id}"),
        "Required": variable.get("Required", False),
        "DefaultValue": variable.get("DefaultValue"),
    }


def _fill_secret(secret: Dict[str, Any], next_id: int) -> Dict[str, Any]:
    return {
        "Id": secret.get("Id", next_id),
        "Name": secret.get("Name", f"SECRET_{next_id}"),
        "LastModified": secret.get("LastModified") or utc_now(),
        "Secret": secret.get("Secret"),
    }


def _public_secret(secret: Dict[str, Any]) -> Dict[str, Any]:
    """A secret as every answer shows it: never its value."""
    return {"Id": secret["Id"], "Name": secret["Name"], "LastModified": secret["LastModified"]}


def _fill_release(release: Dict[str, Any], next_id: int, code: Optional[str]) -> Dict[str, Any]:
    released = release.get("DateReleased") or utc_now()
    return {
        "Id": release.get("Id", next_id),
        "Deleted": release.get("Deleted", False),
        "Code": release.get("Code", code),
        "Uuid": release.get("Uuid") or new_id(32),
        "Note": release.get("Note"),
        "Author": release.get("Author"),
        "AuthorEmail": release.get("AuthorEmail"),
        "CommitSha": release.get("CommitSha"),
        "Status": release.get("Status", RELEASE_ARCHIVED),
        "DateReleased": released,
        "DatePublished": release.get("DatePublished") or released,
    }


def _fill_script(script: Dict[str, Any], next_ids: Dict[str, int]) -> Dict[str, Any]:
    """Complete one script; `next_ids` holds the next free script, variable and release ids and is advanced."""
    if "Id" not in script:
        script["Id"] = next_ids["script"]
        next_ids["script"] += 1
    script.setdefault("Name", f"script-{script['Id']}")
    script.setdefault("LastModified", utc_now())
    script.setdefault("ScriptType", 1)
    variables = []
    for variable in script.get("EdgeScriptVariables") or []:
        variables.append(_fill_variable(variable, next_ids["variable"]))
        next_ids["variable"] = max(next_ids["variable"], variables[-1]["Id"]) + 1
    script["EdgeScriptVariables"] = variables
    script.setdefault("Deleted", False)
    script.setdefault("LinkedPullZones", [])
    script.setdefault("Integration", None)
    script.setdefault("SystemHostname", f"{_slug(script['Name'])}-{script['Id']}.b-cdn.net")
    linked = script["LinkedPullZones"]
    script.setdefault("DefaultHostname", linked[0].get("DefaultHostname") if linked else script["SystemHostname"])
    script.setdefault("DeploymentKey", new_id(36))
    integration = script["Integration"] or {}
    script.setdefault("IntegrationId", integration.get("IntegrationId"))
    script.setdefault("RepositoryId", (integration.get("RepositorySettings") or {}).get("Id"))
    for name in ("MonthlyRequestCount", "MonthlyCpuTime"):
        script.setdefault(name, 0)
    # The vendor types the cost as a double: a JSON number with a fraction part.
    script["MonthlyCost"] = float(script.get("MonthlyCost", 0))
    script.setdefault("Code", None)
    script.setdefault("CodeLastModified", script["LastModified"])
    releases = []
    for release in script.get("Releases") or []:
        releases.append(_fill_release(release, next_ids["release"], script["Code"]))
        next_ids["release"] = max(next_ids["release"], releases[-1]["Id"]) + 1
    script["Releases"] = releases
    secrets = []
    for secret in script.get("Secrets") or []:
        secrets.append(_fill_secret(secret, next_ids["secret"]))
        next_ids["secret"] = max(next_ids["secret"], secrets[-1]["Id"]) + 1
    script["Secrets"] = secrets
    live = [release["Id"] for release in releases if release["Status"] == RELEASE_LIVE]
    script.setdefault("CurrentReleaseId", live[-1] if live else 0)
    return script


def _next_ids(scripts: List[Dict[str, Any]]) -> Dict[str, int]:
    return {
        "script": next_int_id(script["Id"] for script in scripts if isinstance(script.get("Id"), int)),
        "variable": next_int_id(
            variable["Id"] for script in scripts for variable in script.get("EdgeScriptVariables") or [] if isinstance(variable.get("Id"), int)
        ),
        "release": next_int_id(release["Id"] for script in scripts for release in script.get("Releases") or [] if isinstance(release.get("Id"), int)),
        "secret": next_int_id(secret["Id"] for script in scripts for secret in script.get("Secrets") or [] if isinstance(secret.get("Id"), int)),
    }


def fill_edge_scripts(scripts: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    next_ids = _next_ids(scripts)
    return [_fill_script(script, next_ids) for script in scripts]


def _find_script(state: SimulatorState, script_id: int) -> Dict[str, Any]:
    return find_record(state.edge_scripts, script_id, f"The edge script {script_id} does not exist.")


def _find_variable(script: Dict[str, Any], variable_id: int) -> Dict[str, Any]:
    for variable in script["EdgeScriptVariables"]:
        if variable["Id"] == variable_id:
            return variable
    raise ApiError(404, f"The edge script {script['Id']} has no variable {variable_id}.")


def _find_secret(script: Dict[str, Any], secret_id: int) -> Dict[str, Any]:
    return find_record(script["Secrets"], secret_id, f"The edge script {script['Id']} has no secret {secret_id}.")


def _secret_named(script: Dict[str, Any], name: str) -> Optional[Dict[str, Any]]:
    return next((secret for secret in script["Secrets"] if secret["Name"] == name), None)


def _numbered_page(items: List[Any], page: int, per_page: int) -> Dict[str, Any]:
    start = (page - 1) * per_page
    return {"Items": items[start : start + per_page], "CurrentPage": page, "TotalItems": len(items), "HasMoreItems": start + per_page < len(items)}


def _touch(script: Dict[str, Any]) -> None:
    script["LastModified"] = utc_now()


Page = Query(default=1, ge=1, le=INT32_MAX)
PerPage = Query(default=1000, alias="perPage", ge=5, le=1000)


@router.get("")
async def list_edge_scripts(
    request: Request,
    script_types: Annotated[Optional[List[EdgeScriptType]], Query(alias="type")] = None,
    page: int = Page,
    per_page: int = PerPage,
    search: Optional[str] = None,
    include_linked_pull_zones: bool = Query(default=False, alias="includeLinkedPullzones"),
    integration_id: Optional[int] = Query(default=None, alias="integrationId"),
):
    state = state_of(request)
    needle = search.lower() if search else None
    with state.lock:
        matches = []
        for script in state.edge_scripts:
            if script_types and script["ScriptType"] not in script_types:
                continue
            if needle and needle not in script["Name"].lower():
                continue
            if integration_id is not None and script["IntegrationId"] != integration_id:
                continue
            item = _public(script)
            if not include_linked_pull_zones:
                item["LinkedPullZones"] = []
            matches.append(item)
        return json_response(_numbered_page(matches, page, per_page))


@router.post("", openapi_extra=documented_body(AddEdgeScriptRequest))
async def add_edge_script(request: Request):
    body = await read_body(request, AddEdgeScriptRequest)
    state = state_of(request)
    with state.lock:
        script = {"Name": body.Name, "ScriptType": body.ScriptType, "Code": body.Code}
        if body.Integration is not None:
            script["Integration"] = body.Integration.model_dump()
        script = _fill_script(script, _next_ids(state.edge_scripts))
        if body.CreateLinkedPullZone:
            zone_name = body.LinkedPullZoneName or _slug(body.Name)
            zone = pull_zones.add_pull_zone(state, zone_name, EdgeScriptId=script["Id"], OriginType=pull_zones.ORIGIN_TYPE_EDGE_SCRIPT)
            script["LinkedPullZones"] = [{"Id": zone["Id"], "PullZoneName": zone["Name"], "DefaultHostname": pull_zones.system_hostname(zone)}]
            script["DefaultHostname"] = script["LinkedPullZones"][0]["DefaultHostname"]
        state.edge_scripts.append(script)
        return json_response(_public(script), 201)


@router.get("/{id}")
async def get_edge_script(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        return json_response(_public(_find_script(state, id)))


@router.post("/{id}", openapi_extra=documented_body(UpdateEdgeScriptRequest))
async def update_edge_script(request: Request, id: int):
    body = await read_body(request, UpdateEdgeScriptRequest)
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        if body.Name is not None:
            script["Name"] = body.Name
        if body.ScriptType is not None:
            script["ScriptType"] = body.ScriptType
        _touch(script)
        return json_response(_public(script))


@router.delete("/{id}")
async def delete_edge_script(request: Request, id: int, delete_linked_pull_zones: bool = Query(default=False, alias="deleteLinkedPullZones")):
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        state.edge_scripts.remove(script)
        if delete_linked_pull_zones:
            linked = {zone.get("Id") for zone in script["LinkedPullZones"]}
            state.pull_zones = [zone for zone in state.pull_zones if zone["Id"] not in linked]
    return empty_response(204)


@router.get("/{id}/code")
async def get_edge_script_code(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        return json_response({"Code": script["Code"], "LastModified": script["CodeLastModified"]})


@router.post("/{id}/code", openapi_extra=documented_body(EdgeScriptCodeRequest))
async def set_edge_script_code(request: Request, id: int):
    body = await read_body(request, EdgeScriptCodeRequest)
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        script["Code"] = body.Code
        _touch(script)
        script["CodeLastModified"] = script["LastModified"]
    return empty_response(204)


@router.post("/{id}/variables/add", openapi_extra=documented_body(AddEdgeScriptVariableRequest))
async def add_edge_script_variable(request: Request, id: int):
    body = await read_body(request, AddEdgeScriptVariableRequest)
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        if any(variable["Name"] == body.Name for variable in script["EdgeScriptVariables"]):
            problem = field_error("Name", f"The script already has a variable named '{body.Name}'.")
            raise ApiError(400, problem["message"], errors=[problem], key="edgescript.variable_exists")
        variable = _fill_variable(body.model_dump(), _next_ids(state.edge_scripts)["variable"])
        script["EdgeScriptVariables"].append(variable)
        _touch(script)
        return json_response(variable)


class UpsertEdgeScriptVariableRequest(ContractModel):
    """The vendor's UpsertEdgeScriptVariableModel: a name, and what to set of the rest."""

    Name: Annotated[str, Field(min_length=1, max_length=256)]
    Required: Optional[bool] = None
    DefaultValue: Optional[VariableValue] = None


@router.put("/{id}/variables", openapi_extra=documented_body(UpsertEdgeScriptVariableRequest))
async def upsert_edge_script_variable(request: Request, id: int):
    """Add the variable named in the body (200 with it), or change what the body sets of the one the script has (204), as secrets' upsert does."""
    body = await read_body(request, UpsertEdgeScriptVariableRequest)
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        _touch(script)
        for variable in script["EdgeScriptVariables"]:
            if variable["Name"] == body.Name:
                if body.Required is not None:
                    variable["Required"] = body.Required
                if "DefaultValue" in body.model_fields_set:
                    variable["DefaultValue"] = body.DefaultValue
                return empty_response(204)
        variable = _fill_variable(body.model_dump(exclude_none=True), _next_ids(state.edge_scripts)["variable"])
        script["EdgeScriptVariables"].append(variable)
        return json_response(variable)


@router.get("/{id}/variables/{variableId}")
async def get_edge_script_variable(request: Request, id: int, variableId: int):
    state = state_of(request)
    with state.lock:
        return json_response(_find_variable(_find_script(state, id), variableId))


@router.post("/{id}/variables/{variableId}", openapi_extra=documented_body(UpdateEdgeScriptVariableRequest))
async def update_edge_script_variable(request: Request, id: int, variableId: int):
    body = await read_body(request, UpdateEdgeScriptVariableRequest)
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        variable = _find_variable(script, variableId)
        if "DefaultValue" in body.model_fields_set:
            variable["DefaultValue"] = body.DefaultValue
        if body.Required is not None:
            variable["Required"] = body.Required
        _touch(script)
        return json_response(variable)


@router.delete("/{id}/variables/{variableId}")
async def delete_edge_script_variable(request: Request, id: int, variableId: int):
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        script["EdgeScriptVariables"].remove(_find_variable(script, variableId))
        _touch(script)
    return empty_response(204)


@router.get("/{id}/secrets")
async def list_edge_script_secrets(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        return json_response({"Secrets": [_public_secret(secret) for secret in _find_script(state, id)["Secrets"]]})


@router.post("/{id}/secrets", openapi_extra=documented_body(AddEdgeScriptSecretRequest))
async def add_edge_script_secret(request: Request, id: int):
    body = await read_body(request, AddEdgeScriptSecretRequest)
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        if _secret_named(script, body.Name) is not None:
            problem = field_error("Name", f"The script already has a secret named '{body.Name}'.")
            raise ApiError(400, problem["message"], errors=[problem], key="edgescript.secret_exists")
        secret = _fill_secret({"Name": body.Name, "Secret": body.Secret}, _next_ids(state.edge_scripts)["secret"])
        script["Secrets"].append(secret)
        return json_response(_public_secret(secret))


@router.put("/{id}/secrets", openapi_extra=documented_body(UpsertEdgeScriptSecretRequest))
async def upsert_edge_script_secret(request: Request, id: int):
    """Set the value of the secret named in the body: 200 with the secret when it is new, 204 when it existed."""
    body = await read_body(request, UpsertEdgeScriptSecretRequest)
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        if body.Name is None:
            raise ApiError(400, "A secret needs a name.", errors=[field_error("Name", "A secret needs a name.")])
        secret = _secret_named(script, body.Name)
        if secret is not None:
            secret["Secret"] = body.Secret
            secret["LastModified"] = utc_now()
            return empty_response(204)
        secret = _fill_secret({"Name": body.Name, "Secret": body.Secret}, _next_ids(state.edge_scripts)["secret"])
        script["Secrets"].append(secret)
        return json_response(_public_secret(secret))


@router.post("/{id}/secrets/{secretId}", openapi_extra=documented_body(UpdateEdgeScriptSecretRequest))
async def update_edge_script_secret(request: Request, id: int, secretId: int):
    body = await read_body(request, UpdateEdgeScriptSecretRequest)
    state = state_of(request)
    with state.lock:
        secret = _find_secret(_find_script(state, id), secretId)
        secret["Secret"] = body.Secret
        secret["LastModified"] = utc_now()
        return json_response(_public_secret(secret))


@router.delete("/{id}/secrets/{secretId}")
async def delete_edge_script_secret(request: Request, id: int, secretId: int):
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        script["Secrets"].remove(_find_secret(script, secretId))
    return empty_response(204)


@router.post("/{id}/deploymentKey/rotate")
async def rotate_deployment_key(request: Request, id: int):
    """A new DeploymentKey: deployments with the old one are refused from now on."""
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        script["DeploymentKey"] = new_id(36)
        _touch(script)
    return empty_response(204)


@router.get("/{id}/statistics")
async def edge_script_statistics(
    request: Request, id: int, date_from: Optional[datetime] = DATE_FROM, date_to: Optional[datetime] = DATE_TO, loadLatest: bool = False, hourly: bool = False
):
    """`loadLatest` (the freshest data as soon as it exists) makes no difference to a script that ran nothing."""
    keys = chart_keys(date_from, date_to, hourly)
    state = state_of(request)
    with state.lock:
        _find_script(state, id)
        empty = {
            "TotalRequestsServed": 0, "TotalCpuUsed": 0.0, "TotalMonthlyCost": 0.0, "AverageCpuTimePerExecution": 0.0,
            "RequestsServedChart": chart(keys, 0.0), "AverageCpuTimeChart": chart(keys, 0.0), "TotalCpuTimeChart": chart(keys, 0.0),
        }  # fmt: skip
        return json_response(report(state, request.url.path, empty))


PUBLISH_BODY = documented_body(PublishEdgeScriptRequest)


@router.post("/{id}/publish", openapi_extra=PUBLISH_BODY)
async def publish_edge_script(request: Request, id: int):
    """Publish the current code as a new release, with a uuid of the simulator's making."""
    return await _publish(request, id, new_id(32))


@router.post("/{id}/publish/{uuid}", openapi_extra=PUBLISH_BODY)
async def publish_edge_script_release(request: Request, id: int, uuid: str):
    """Publish the current code as release `uuid`; publishing a uuid that already names a release makes it live again."""
    return await _publish(request, id, uuid)


async def _publish(request: Request, script_id: int, uuid: str):
    body = await read_body(request, PublishEdgeScriptRequest)
    state = state_of(request)
    with state.lock:
        script = _find_script(state, script_id)
        release = next((release for release in script["Releases"] if release["Uuid"] == uuid), None)
        if release is None:
            if not script["Code"]:
                raise ApiError(400, "The script has no active code to publish.", key="edgescript.no_active_code")
            release = _fill_release({"Uuid": uuid, "Note": body.Note}, _next_ids(state.edge_scripts)["release"], script["Code"])
            script["Releases"].append(release)
        for other in script["Releases"]:
            other["Status"] = RELEASE_ARCHIVED
        release["Status"] = RELEASE_LIVE
        release["DatePublished"] = utc_now()
        script["CurrentReleaseId"] = release["Id"]
        _touch(script)
    return empty_response(204)


@router.get("/{id}/releases/active")
async def get_active_edge_script_release(request: Request, id: int):
    state = state_of(request)
    with state.lock:
        script = _find_script(state, id)
        for release in script["Releases"]:
            if release["Status"] == RELEASE_LIVE:
                return json_response(release)
    raise ApiError(404, f"The edge script {id} has no active release.")


@router.get("/{id}/releases")
async def list_edge_script_releases(request: Request, id: int, page: int = Page, per_page: int = PerPage):
    state = state_of(request)
    with state.lock:
        releases = list(reversed(_find_script(state, id)["Releases"]))
        return json_response(_numbered_page(releases, page, per_page))


AREA = Area(name="edge_scripts", prefix="/compute", error_style=LegacyStyle(), routers=(router,), fixture_fillers={"edge_scripts": fill_edge_scripts})
