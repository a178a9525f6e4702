"""The README's ways to install the collection without Galaxy, run as it shows them."""

import re

SECTION = "Install"


def install_commands(guides):
    """The commands of the Install section's shell blocks, one list per block."""
    blocks = [block for block in guides.section_blocks("README.md", SECTION) if block.language == "sh"]
    return [[re.sub(r"\s+#.*$", "", line).strip() for line in block.text.splitlines() if line.strip()] for block in blocks]


def test_the_readme_installs_from_a_tarball_built_from_a_clone(guides, user_shell, tmp_path):
    (galaxy, tarball, _clone) = install_commands(guides)
    assert galaxy[0] == "ansible-galaxy collection install bunnynet.cloud"
    build, install = tarball[1], tarball[2]
    assert build.startswith("ansible-galaxy collection build") and install.startswith("ansible-galaxy collection install /tmp/build/")

    # The same commands, in a folder of the test's own instead of /tmp/build, and into a collections path of its own;
    # installed from outside the checkout, which ansible-galaxy would take for the collection installed already.
    script = "\n".join(["export ANSIBLE_COLLECTIONS_PATH=%s" % (tmp_path / "collections"),
                        build.replace("/tmp/build", str(tmp_path / "build")),
                        "cd %s" % tmp_path,
                        install.replace("/tmp/build", str(tmp_path / "build")) + " -p %s" % (tmp_path / "collections"),
                        "ansible-doc -l bunnynet.cloud"])
    installed = user_shell.run(script, cwd=guides.root, timeout=300)

    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert "bunnynet.cloud.pullzone_purge" in installed.stdout


def test_the_readme_uses_a_clone_in_place_from_its_path(guides, user_shell, tmp_path):
    (_galaxy, _tarball, clone) = install_commands(guides)
    assert clone[0].startswith("git clone ") and clone[0].endswith(" ~/src/ansible_collections/bunnynet/cloud")
    assert clone[1:] == ["export ANSIBLE_COLLECTIONS_PATH=~/src", "ansible-doc -l bunnynet.cloud"]
    # The checkout stands for the clone, where the README clones it to.
    (user_shell.home / "src" / "ansible_collections" / "bunnynet").mkdir(parents=True)
    (user_shell.home / "src" / "ansible_collections" / "bunnynet" / "cloud").symlink_to(guides.root)

    listed = user_shell.run("\n".join(clone[1:]), cwd=user_shell.home)

    assert listed.returncode == 0, listed.stdout + listed.stderr
    assert "bunnynet.cloud.pullzone_purge" in listed.stdout
