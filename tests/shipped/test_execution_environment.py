"""An execution environment with the collection gets its Python requirements from meta/execution-environment.yml.

`ansible-builder create` writes a build context without a container engine. Building the image
then installs the collections the context names (its galaxy stage) and collects their Python
requirements with the context's own introspection script (its builder stage); both steps run here
outside a container, on the build of this checkout.
"""

import subprocess
import sys

import yaml
from ansible_builder.ee_schema import validate_schema


def run(command, **options):
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False, **options)


def test_ansible_builder_accepts_the_collections_meta_file(installed_collection):
    definition = yaml.safe_load((installed_collection / "meta" / "execution-environment.yml").read_text())

    validate_schema(definition)
    assert (installed_collection / definition["dependencies"]["python"]).is_file()


def test_an_image_defined_as_the_guide_shows_installs_the_collections_python_requirements(guides, built_collection, installed_collection, tmp_path):
    (block,) = [block for block in guides.code_blocks("docs/authentication.md") if block.file_name == "execution-environment.yml"]
    definition = block.data()
    # The guide's definition, with the collection taken from this build rather than from Galaxy.
    (collection,) = [entry for entry in definition["dependencies"]["galaxy"]["collections"] if entry["name"] == "bunnynet.cloud"]
    collection.update(type="file", source="collections/" + built_collection.name)
    definition["additional_build_files"] = [{"src": str(built_collection), "dest": "collections"}]
    (tmp_path / "execution-environment.yml").write_text(yaml.safe_dump(definition))

    created = run([sys.executable, "-m", "ansible_builder", "create", "-f", "execution-environment.yml", "--context", "context"], cwd=str(tmp_path))
    assert created.returncode == 0, created.stdout + created.stderr
    build = tmp_path / "context" / "_build"
    installed = run([sys.executable, "-m", "ansible.cli.galaxy", "collection", "install", "--force", "-r", "requirements.yml", "-p", str(tmp_path / "image")],
                    cwd=str(build))
    assert installed.returncode == 0, installed.stdout + installed.stderr
    introspect = [sys.executable, str(build / "scripts" / "introspect.py"), "introspect"]
    introspected = run(introspect + ["--write-pip", str(tmp_path / "pip.txt"), str(tmp_path / "image")])
    assert introspected.returncode == 0, introspected.stdout + introspected.stderr

    declared = [line for line in (installed_collection / "requirements.txt").read_text().splitlines() if line and not line.startswith("#")]
    assert "requests" in " ".join(declared)
    # dns_record's zone_file needs it: an image built from the guide must have it.
    assert "dnspython" in " ".join(declared)
    collected = (tmp_path / "pip.txt").read_text().splitlines()
    assert collected == ["%s  # from collection bunnynet.cloud" % line for line in declared]
