"""The Magic Containers patterns: one definition, shared by the modules and the simulator, true to the contract."""

import re
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from ansible_collections.bunnynet.cloud.plugins.module_utils import magic_containers, mc_patterns
from ansible_collections.bunnynet.cloud.tests.simulator.areas import mc_models

# The contract's patterns as its tables print them (management-api.md, ContainerRequest and
# PatchApplicationRequest): the specification the shared definitions are held to.
CONTRACT = {
    "APP_NAME_PATTERN": r"[A-Za-z0-9-\s]+",
    "IMAGE_NAME_PATTERN": r"[a-zA-Z0-9]+(?:[./_-]{1,2}[a-zA-Z0-9]+)*",
    "IMAGE_TAG_PATTERN": r"[a-zA-Z0-9]+(?:[._-]{1,2}[a-zA-Z0-9]+)*",
    "IMAGE_DIGEST_PATTERN": r"sha256:[a-z0-9]{64}",
    "CONTRACT_MOUNT_PATH_PATTERN": r"^/(?!.*//)(?!.*\.\.)(?!.*\s)([a-zA-Z0-9._-]+/?)+$",
}
PATTERN_NAMES = sorted(name for name in vars(mc_patterns) if name.endswith("_PATTERN"))
REPOSITORY = Path(mc_patterns.__file__).resolve().parents[2]

CONTRACT_MOUNT_PATH = re.compile(mc_patterns.CONTRACT_MOUNT_PATH_PATTERN)
LINEAR_MOUNT_PATH = re.compile("(?:%s)\\Z" % mc_patterns.MOUNT_PATH_PATTERN)

# Characters that matter to either pattern (path characters, separators, white space, others), so
# that most generated values sit near the boundary between accepted and refused.
PATH_CHARACTERS = st.sampled_from(list("aZ9._-/") + [" ", "\t", "\n", "!", "ä", "\\"])
# Values stay short: on a long value that fails, the contract's pattern itself takes exponential time.
PATHS = st.one_of(
    st.text(PATH_CHARACTERS, max_size=16).map(lambda rest: "/" + rest),
    st.text(PATH_CHARACTERS, max_size=16),
    st.text(max_size=8),
)


def test_the_shared_patterns_are_the_contracts():
    assert {name: getattr(mc_patterns, name) for name in CONTRACT} == CONTRACT


@settings(max_examples=3000, derandomize=True, database=None, deadline=None)
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
def test_the_linear_mount_path_pattern_accepts_exactly_what_the_contracts_accepts(path):
    assert bool(LINEAR_MOUNT_PATH.match(path)) == bool(CONTRACT_MOUNT_PATH.match(path))


def test_the_simulator_loads_the_collections_definitions():
    assert Path(mc_models.PATTERNS.__file__).resolve() == Path(mc_patterns.__file__).resolve()
    assert {name: getattr(mc_models.PATTERNS, name) for name in PATTERN_NAMES} == {
        name: getattr(mc_patterns, name) for name in PATTERN_NAMES}


def test_the_simulator_checks_values_with_the_shared_patterns():
    template = mc_models.ContainerRequest.model_json_schema()["properties"]
    mount = mc_models.VolumeMountRequest.model_json_schema()["properties"]
    application = mc_models.PatchApplicationRequest.model_json_schema()["properties"]
    checked = {
        "imageName": (template["imageName"]["pattern"], mc_patterns.IMAGE_NAME_PATTERN),
        "imageNamespace": (template["imageNamespace"]["pattern"], mc_patterns.IMAGE_NAME_PATTERN),
        "imageTag": (template["imageTag"]["pattern"], mc_patterns.IMAGE_TAG_PATTERN),
        "mountPath": (mount["mountPath"]["pattern"], mc_patterns.MOUNT_PATH_PATTERN),
        "name": (application["name"]["anyOf"][0]["pattern"], mc_patterns.APP_NAME_PATTERN),
    }
    assert {field: pattern for field, (pattern, _shared) in checked.items()} == {
        field: r"^(?:%s)\Z" % shared for field, (_pattern, shared) in checked.items()}


def test_the_modules_check_values_with_the_shared_patterns():
    rules = dict(magic_containers.TEMPLATE_RULES)
    assert rules["image_name"]["pattern"] is mc_patterns.IMAGE_NAME_PATTERN
    assert rules["image_namespace"]["pattern"] is mc_patterns.IMAGE_NAME_PATTERN
    assert rules["image_tag"]["pattern"] is mc_patterns.IMAGE_TAG_PATTERN
    assert rules["volume_mounts[].mount_path"]["pattern"] is mc_patterns.MOUNT_PATH_PATTERN
    assert mc_patterns.IMAGE_DIGEST_PATTERN in rules["image_digest"]["pattern"]
    assert dict(magic_containers.APP_RULES)["name"]["pattern"] is mc_patterns.APP_NAME_PATTERN


def test_no_other_file_of_the_modules_or_the_simulator_spells_a_pattern_out():
    sources = [path for folder in ("plugins", "tests/simulator") for path in (REPOSITORY / folder).rglob("*.py")]
    copies = [
        "%s in %s" % (name, path.relative_to(REPOSITORY))
        for path in sources if path.name != "mc_patterns.py"
        for name in PATTERN_NAMES if getattr(mc_patterns, name) in path.read_text(encoding="utf-8")
    ]
    assert copies == []
