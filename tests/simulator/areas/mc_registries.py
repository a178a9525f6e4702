"""Container registries under `/mc/registries`: list, add, read, update, delete, and the digest of a tag.

The simulator has no images: `POST /mc/registries/digest` derives a tag's digest from the
reference it names (sha256 of `<registryId>/<imageNamespace>/<imageName>:<tag>`), so the same
tag always resolves to the same digest. A registry fixture may list `imageDigests`, a map of
`<namespace>/<name>:<tag>` to the digest that tag resolves to, or to null for an image the
registry does not have; the map is the simulator's own and never shown in a registry's read.

Saving a registry answers 200 with a `SaveContainerRegistryResult` whose `status` says whether it
was saved, and deleting one answers 200 with a `RemoveContainerRegistryResult` whose `status` says
`removed`, `notFound` or `inUse` (with the applications whose templates pull from it), as the
vendor documents. Credentials are write-only: a read shows the user name and the first and last
characters of the password. The vendor documents no host for its own registry type; the
simulator gives `bunnyRegistry` registries the host `registry.bunny.invalid`, a name that can
never resolve. Registry ids are integers in reads and in these answers, and strings wherever an
application names its registry (`imageRegistryId`) or a lookup does (`registryId`).
"""

import hashlib
from typing import Any, Dict, List, Optional

from fastapi import APIRouter, Depends, Query, Request

from ..auth import require_access_key
from ..errors import ApiError
from ..ids import new_id, next_int_id, utc_now
from ..pagination import cursor_page
from ..responses import json_response
from ..state import SimulatorState
from ..validation import JSON_OR_TEXT_JSON, documented_body, read_body
from ..vendor_models import vendor_request_model
from .base import find_record, state_of
from .mc_models import ContainerRegistryRequest, GetContainerImageDigestByTagRequest

router = APIRouter(prefix="/mc/registries", tags=["Container registries"], dependencies=[Depends(require_access_key)])

_NULLABLE_FIELDS = ("accountId", "userId", "userName", "firstPasswordSymbols", "lastPasswordSymbols")
# The fixture key that sets what tags resolve to; kept out of every read.
IMAGE_DIGESTS = "imageDigests"
# The public registries the vendor's digest request names by word instead of by id.
PUBLIC_REGISTRY_IDS = ("dockerhub", "github")
# The host each registry type pulls from.
TYPE_HOSTS = {"dockerHub": "docker.io", "gitHub": "ghcr.io", "bunnyRegistry": "registry.bunny.invalid"}
# How many characters of a password a read shows at each end.
PASSWORD_HINT_LENGTH = 2


def fill_registries(registries: List[Dict[str, Any]], state: SimulatorState) -> List[Dict[str, Any]]:
    next_id = next_int_id(registry["id"] for registry in registries if isinstance(registry.get("id"), int))
    for registry in registries:
        if "id" not in registry:
            registry["id"] = next_id
            next_id += 1
        for name in _NULLABLE_FIELDS:
            registry.setdefault(name, None)
        registry.setdefault("namespaceId", new_id())
        registry.setdefault("displayName", f"registry-{registry['id']}")
        registry.setdefault("hostName", "docker.io")
        registry.setdefault("isPublic", False)
        registry.setdefault("isPlatformManaged", False)
        registry.setdefault("createdAt", utc_now())
        registry.setdefault("lastUpdatedAt", registry["createdAt"])
    return registries


@router.get("")
async def list_registries(
    request: Request,
    next_cursor: Optional[str] = Query(default=None, alias="nextCursor"),
    limit: int = Query(default=20, ge=1, le=1000),
):
    state = state_of(request)
    with state.lock:
        return json_response(cursor_page([_read_model(registry) for registry in state.registries], next_cursor, limit))


@router.post("/digest", openapi_extra=documented_body(GetContainerImageDigestByTagRequest, JSON_OR_TEXT_JSON))
async def get_image_digest(request: Request):
    state = state_of(request)
    try:
        wanted = await read_body(request, GetContainerImageDigestByTagRequest, JSON_OR_TEXT_JSON)
    except ApiError as error:
        # The vendor documents 422, not 400, for a request it cannot process.
        if error.status == 400:
            error.status = 422
        raise
    reference = f"{wanted.imageNamespace}/{wanted.imageName}:{wanted.tag}"
    with state.lock:
        digest = _tag_digest(state, wanted.registryId, reference)
    return json_response({"imageNamespace": wanted.imageNamespace, "image": wanted.imageName, "tag": wanted.tag, "digest": digest})


# --- What a registry holds ------------------------------------------------------------------------
#
# The simulator has no images: a registry holds the images its fixture's `imageDigests` name and
# those the account's container templates pull from it, with their tags. It knows nothing of an
# image's configuration, so the suggestions are empty lists.

SearchImagesRequest = vendor_request_model("magic_containers", "SearchPublicContainerImagesRequest")
ListImagesRequest = vendor_request_model("magic_containers", "ListContainerImagesRequest")
ListTagsRequest = vendor_request_model("magic_containers", "ListContainerImageTagsRequest")
ImageConfigRequest = vendor_request_model("magic_containers", "ListContainerImageExposedPortsRequest")
SuggestionsRequest = vendor_request_model("magic_containers", "GetContainerConfigSuggestionsRequest")


async def _lookup(request: Request, model):
    try:
        return await read_body(request, model, JSON_OR_TEXT_JSON)
    except ApiError as error:
        # The vendor documents 422, not 400, for a request it cannot process.
        if error.status == 400:
            error.status = 422
        raise


def _known_images(state: SimulatorState, registry_id: str) -> Dict[str, List[str]]:
    """`<namespace>/<name>` to the image's known tags, for the registry (by id, or dockerhub or github)."""
    registry = next((registry for registry in state.registries if str(registry["id"]) == registry_id), None)
    if registry is None and registry_id not in PUBLIC_REGISTRY_IDS:
        raise ApiError(422, f"Container registry {registry_id} was not found.")
    images: Dict[str, List[str]] = {}
    references = [reference for reference, digest in ((registry or {}).get(IMAGE_DIGESTS) or {}).items() if digest is not None]
    for app in state.apps:
        for template in app["containerTemplates"]:
            if str(template.get("imageRegistryId")) == registry_id and template.get("imageName"):
                references.append(f"{template['imageNamespace']}/{template['imageName']}:{template['imageTag']}")
    for reference in references:
        image, _separator, tag = reference.rpartition(":")
        tags = images.setdefault(image, [])
        if tag not in tags:
            tags.append(tag)
    return images


def _image(image: str) -> Dict[str, str]:
    namespace, _separator, name = image.rpartition("/")
    return {"id": name, "namespace": namespace}


@router.post("/public-images/search", openapi_extra=documented_body(SearchImagesRequest, JSON_OR_TEXT_JSON))
async def search_public_images(request: Request):
    """Images whose name starts with the prefix, a page of `size` at a time."""
    wanted = await _lookup(request, SearchImagesRequest)
    size, page = wanted.size or 20, wanted.page or 1
    state = state_of(request)
    with state.lock:
        found = [_image(image) for image in sorted(_known_images(state, wanted.registryId)) if _image(image)["id"].startswith(wanted.prefix)]
    return json_response(found[(page - 1) * size : page * size])


@router.post("/images", openapi_extra=documented_body(ListImagesRequest, JSON_OR_TEXT_JSON))
async def list_images(request: Request):
    wanted = await _lookup(request, ListImagesRequest)
    state = state_of(request)
    with state.lock:
        return json_response([_image(image) for image in sorted(_known_images(state, wanted.registryId))])


@router.post("/tags", openapi_extra=documented_body(ListTagsRequest, JSON_OR_TEXT_JSON))
async def list_tags(request: Request):
    wanted = await _lookup(request, ListTagsRequest)
    state = state_of(request)
    with state.lock:
        tags = _known_images(state, wanted.registryId).get(f"{wanted.imageNamespace}/{wanted.imageName}", [])
    return json_response([{"name": tag} for tag in tags])


@router.post("/image-config", openapi_extra=documented_body(ImageConfigRequest, JSON_OR_TEXT_JSON))
async def image_config(request: Request):
    wanted = await _lookup(request, ImageConfigRequest)
    state = state_of(request)
    with state.lock:
        _known_images(state, wanted.registryId)
    return json_response({"endpointSuggestions": [], "volumeSuggestions": []})


@router.post("/config-suggestions", openapi_extra=documented_body(SuggestionsRequest, JSON_OR_TEXT_JSON))
async def config_suggestions(request: Request):
    wanted = await _lookup(request, SuggestionsRequest)
    state = state_of(request)
    with state.lock:
        _known_images(state, wanted.registryId)
        registry = next((registry for registry in state.registries if str(registry["id"]) == wanted.registryId), None)
    host = registry["hostName"] if registry else TYPE_HOSTS["dockerHub" if wanted.registryId == "dockerhub" else "gitHub"]
    return json_response(
        {
            "endpointSuggestions": [], "environmentVariablesSuggestions": [], "volumeSuggestions": [], "appName": wanted.imageName,
            "description": None, "instructions": None, "registryUrl": host,
        }  # fmt: skip
    )


@router.post("", openapi_extra=documented_body(ContainerRegistryRequest, JSON_OR_TEXT_JSON))
async def add_registry(request: Request):
    wanted = await read_body(request, ContainerRegistryRequest, JSON_OR_TEXT_JSON)
    state = state_of(request)
    with state.lock:
        registry = fill_registries([{"id": next_int_id(registry["id"] for registry in state.registries)}], state)[0]
        _apply_request(registry, wanted)
        state.registries.append(registry)
        return json_response(_saved(registry["id"]))


@router.get("/{registryId}")
async def get_registry(request: Request, registryId: int):
    state = state_of(request)
    with state.lock:
        return json_response(_read_model(_find_registry(state, registryId)))


@router.put("/{registryId}", openapi_extra=documented_body(ContainerRegistryRequest, JSON_OR_TEXT_JSON))
async def update_registry(request: Request, registryId: int):
    wanted = await read_body(request, ContainerRegistryRequest, JSON_OR_TEXT_JSON)
    state = state_of(request)
    with state.lock:
        registry = _find_registry(state, registryId)
        _apply_request(registry, wanted)
        registry["lastUpdatedAt"] = utc_now()
        return json_response(_saved(registryId))


@router.delete("/{registryId}")
async def delete_registry(request: Request, registryId: int):
    """The vendor documents no 404 here: an unknown registry is a 200 whose status says `notFound`."""
    state = state_of(request)
    with state.lock:
        registry = next((registry for registry in state.registries if registry["id"] == registryId), None)
        if registry is None:
            return json_response({"status": "notFound", "applications": None})
        users = [app["id"] for app in state.apps if any(template.get("imageRegistryId") == str(registryId) for template in app["containerTemplates"])]
        if users:
            return json_response({"status": "inUse", "applications": users})
        state.registries.remove(registry)
        return json_response({"status": "removed", "applications": None})


def _find_registry(state: SimulatorState, registry_id: int) -> Dict[str, Any]:
    return find_record(state.registries, registry_id, f"Container registry {registry_id} was not found.", key="id")


def _apply_request(registry: Dict[str, Any], wanted: ContainerRegistryRequest) -> None:
    """Set what a ContainerRegistryRequest gives; credentials it leaves out stay as they are."""
    registry["displayName"] = wanted.displayName
    if wanted.type is not None:
        registry["hostName"] = TYPE_HOSTS[wanted.type]
    if wanted.passwordCredentials is not None:
        password = wanted.passwordCredentials.password
        registry["userName"] = wanted.passwordCredentials.userName
        registry["firstPasswordSymbols"] = password[:PASSWORD_HINT_LENGTH]
        registry["lastPasswordSymbols"] = password[-PASSWORD_HINT_LENGTH:]


def _saved(registry_id: int) -> Dict[str, Any]:
    return {"id": registry_id, "error": None, "status": "saved"}


def _read_model(registry: Dict[str, Any]) -> Dict[str, Any]:
    return {name: value for name, value in registry.items() if name != IMAGE_DIGESTS}


def _tag_digest(state: SimulatorState, registry_id: str, reference: str) -> str:
    registry = next((registry for registry in state.registries if str(registry["id"]) == registry_id), None)
    if registry is None and registry_id not in PUBLIC_REGISTRY_IDS:
        raise ApiError(422, f"Container registry {registry_id} was not found.")
    known = (registry or {}).get(IMAGE_DIGESTS) or {}
    if reference in known:
        if known[reference] is None:
            raise ApiError(422, f"Image {reference} was not found in container registry {registry_id}.")
        return known[reference]
    return "sha256:" + hashlib.sha256(f"{registry_id}/{reference}".encode()).hexdigest()
