"""Container registries: the digest a tag resolves to (POST /mc/registries/digest), and registry reads."""

import hashlib

import pytest

DIGEST_PATH = "/mc/registries/digest"
KNOWN_DIGEST = "sha256:" + "e" * 64
ERROR_DETAILS_KEYS = {"title", "status", "detail", "instance", "errors", "id"}


@pytest.fixture
def registries(simulator):
    simulator.load_fixtures({"registries": [
        {"id": 1, "hostName": "docker.io"},
        {"id": 2, "hostName": "ghcr.io", "imageDigests": {"acme/api:2.5": KNOWN_DIGEST, "acme/gone:1": None}},
    ]})


def lookup(registry_id="1", namespace="library", name="nginx", tag="1.27"):
    return {"registryId": registry_id, "imageNamespace": namespace, "imageName": name, "tag": tag}


def derived(reference):
    return "sha256:" + hashlib.sha256(reference.encode()).hexdigest()


def test_a_tag_resolves_to_the_image_tag_info_of_the_vendor_model(registries, api):
    response = api.post(DIGEST_PATH, json=lookup())

    assert response.status_code == 200
    assert response.json() == {"imageNamespace": "library", "image": "nginx", "tag": "1.27", "digest": derived("1/library/nginx:1.27")}


def test_the_same_tag_always_resolves_to_the_same_digest_and_another_tag_to_another(registries, api):
    first, again, other = (api.post(DIGEST_PATH, json=body).json()["digest"] for body in (lookup(), lookup(), lookup(tag="1.28")))

    assert first == again != other


@pytest.mark.parametrize("registry_id", ["dockerhub", "github"])
def test_the_public_registries_are_named_by_word(registries, api, registry_id):
    response = api.post(DIGEST_PATH, json=lookup(registry_id=registry_id))

    assert response.json()["digest"] == derived(registry_id + "/library/nginx:1.27")


def test_a_fixture_sets_the_digest_a_tag_resolves_to(registries, api):
    assert api.post(DIGEST_PATH, json=lookup("2", "acme", "api", "2.5")).json()["digest"] == KNOWN_DIGEST


def test_an_image_the_fixture_marks_missing_is_unprocessable(registries, api):
    response = api.post(DIGEST_PATH, json=lookup("2", "acme", "gone", "1"))

    assert response.status_code == 422
    assert set(response.json()) == ERROR_DETAILS_KEYS
    assert response.json()["detail"] == "Image acme/gone:1 was not found in container registry 2."


def test_an_unknown_registry_is_unprocessable(registries, api):
    response = api.post(DIGEST_PATH, json=lookup(registry_id="77"))

    assert response.status_code == 422
    assert response.json()["detail"] == "Container registry 77 was not found."


@pytest.mark.parametrize("body, field", [
    ({"registryId": "1", "imageNamespace": "library", "imageName": "nginx"}, "tag"),
    (dict(lookup(), tag="t" * 101), "tag"),
    (dict(lookup(), imageName=""), "imageName"),
    (dict(lookup(), registryId=""), "registryId"),
    (dict(lookup(), platform="linux/amd64"), "platform"),
])
def test_a_request_outside_the_model_is_unprocessable(registries, api, body, field):
    response = api.post(DIGEST_PATH, json=body)

    assert response.status_code == 422
    assert [error["field"] for error in response.json()["errors"]] == [field]


def test_the_lookup_needs_the_access_key(registries, api):
    assert api.post(DIGEST_PATH, json=lookup(), headers={}).status_code == 401


def test_the_digests_a_fixture_sets_stay_out_of_the_registry_reads(registries, api):
    listed = api.get("/mc/registries").json()["items"]
    read = api.get("/mc/registries/2").json()

    assert ["imageDigests" in registry for registry in listed + [read]] == [False, False, False]
    assert read["hostName"] == "ghcr.io"
