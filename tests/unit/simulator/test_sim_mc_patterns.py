"""The Magic Containers patterns: the simulator's own, each the vendor document's, and the modules' held to the same document."""

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers import options as magic_containers
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers import patterns as mc_patterns
from ansible_collections.bunnynet.cloud.tests.simulator.areas import mc_models
from ansible_collections.bunnynet.cloud.tests.simulator.vendor_facts import models

DOCUMENT = models("magic_containers")
# Each field the simulator checks with a pattern: the vendor's model and property, and the
# simulator's request model and property that checks it.
CHECKED_FIELDS = [
    ("PatchApplicationRequest", "name", mc_models.PatchApplicationRequest, "name"),
    ("AddApplicationRequest", "name", mc_models.AddApplicationRequest, "name"),
    ("ContainerRequest", "imageName", mc_models.ContainerRequest, "imageName"),
    ("ContainerRequest", "imageNamespace", mc_models.ContainerRequest, "imageNamespace"),
    ("ContainerRequest", "imageTag", mc_models.ContainerRequest, "imageTag"),
    ("ContainerRequest", "imageDigest", mc_models.ContainerRequest, "imageDigest"),
    ("PatchContainerRequest", "imageName", mc_models.PatchContainerRequest, "imageName"),
    ("PatchContainerRequest", "imageNamespace", mc_models.PatchContainerRequest, "imageNamespace"),
    ("PatchContainerRequest", "imageTag", mc_models.PatchContainerRequest, "imageTag"),
    ("PatchContainerRequest", "imageDigest", mc_models.PatchContainerRequest, "imageDigest"),
]

DOCUMENT_MOUNT_PATH = re.compile(DOCUMENT["VolumeMountRequest"]["properties"]["mountPath"]["pattern"])
LINEAR_MOUNT_PATH = re.compile("(?:%s)\\Z" % mc_models.MOUNT_PATH_PATTERN)

# Characters that matter to either pattern (path characters, separators, white space, others), so
# that most generated values sit near the boundary between accepted and refused.
PATH_CHARACTERS = st.sampled_from(list("aZ9._-/") + [" ", "\t", "\n", "!", "ä", "\\"])
# Values stay short: on a long value that fails, the document's pattern itself takes exponential time.
PATHS = st.one_of(
    st.text(PATH_CHARACTERS, max_size=16).map(lambda rest: "/" + rest),
    st.text(PATH_CHARACTERS, max_size=16),
    st.text(max_size=8),
)


def _pattern_of(schema):
    if "pattern" in schema:
        return schema["pattern"]
    return next(option["pattern"] for option in schema.get("anyOf", []) if "pattern" in option)


def _document_pattern(model, prop):
    schema = DOCUMENT[model]["properties"][prop]
    return schema.get("pattern") or next(option["pattern"] for option in schema.get("oneOf", []) + schema.get("anyOf", []) if "pattern" in option)


def test_every_pattern_the_simulator_checks_is_the_vendor_documents():
    checked = {(model, prop): _pattern_of(request.model_json_schema()["properties"][field]) for model, prop, request, field in CHECKED_FIELDS}
    assert checked == {(model, prop): r"^(?:%s)\Z" % _document_pattern(model, prop) for model, prop, _request, _field in CHECKED_FIELDS}


def test_the_simulator_quotes_the_documents_mount_path_pattern():
    assert DOCUMENT_MOUNT_PATH.pattern == mc_models.DOCUMENT_MOUNT_PATH_PATTERN
    mount = mc_models.VolumeMountRequest.model_json_schema()["properties"]["mountPath"]
    assert mount["pattern"] == r"^(?:%s)\Z" % mc_models.MOUNT_PATH_PATTERN


@settings(max_examples=1000, derandomize=True, database=None, deadline=None)
@given(PATHS)
@example("/")
@example("/a/")
@example("//a")
@example("/a//b")
@example("/a/../b")
@example("/a..b")
@example("/.a")
@example("/a b")
@example("/a\n")
@example("/a/\n")
@example("a")
def test_the_linear_mount_path_pattern_accepts_exactly_what_the_documents_accepts(path):
    assert bool(LINEAR_MOUNT_PATH.match(path)) == bool(DOCUMENT_MOUNT_PATH.match(path))


def test_the_modules_check_values_with_the_documents_patterns():
    """The collection's definitions, held to the same document as the simulator's and not to the simulator's."""
    rules = dict(magic_containers.TEMPLATE_RULES)
    assert rules["image_name"]["pattern"] == _document_pattern("ContainerRequest", "imageName")
    assert rules["image_namespace"]["pattern"] == _document_pattern("ContainerRequest", "imageNamespace")
    assert rules["image_tag"]["pattern"] == _document_pattern("ContainerRequest", "imageTag")
    assert _document_pattern("ContainerRequest", "imageDigest") in rules["image_digest"]["pattern"]
    assert dict(magic_containers.APP_RULES)["name"]["pattern"] == _document_pattern("PatchApplicationRequest", "name")
    assert DOCUMENT_MOUNT_PATH.pattern == mc_patterns.CONTRACT_MOUNT_PATH_PATTERN
