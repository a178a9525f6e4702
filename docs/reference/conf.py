# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Sphinx configuration of the module and role reference that tests/build-docs.sh builds.

It starts from what `antsibull-docs sphinx-init` generates, without intersphinx: the build must
not fetch anything. The few labels of Ansible's own documentation that the generated pages refer
to are resolved to links here instead, and any other unresolved reference stays a warning, which
fails the build.
"""

from docutils import nodes

project = "bunnynet.cloud"
copyright = "bunnynet.cloud contributors"
title = "bunnynet.cloud reference"
html_short_title = "bunnynet.cloud reference"

extensions = ["sphinx_antsibull_ext"]

pygments_style = "ansible"
highlight_language = "YAML+Jinja"

html_theme = "sphinx_ansible_theme"
html_show_sphinx = False
html_use_smartypants = True
html_use_modindex = False
html_use_index = False
html_copy_source = False

default_role = "any"

ANSIBLE_DOCS = "https://docs.ansible.com/projects/ansible/devel/"
# Labels of Ansible's documentation that antsibull-docs links to, and the pages that hold them.
ANSIBLE_DOCS_LABELS = {
    "common_return_values": "reference_appendices/common_return_values.html",
    "ansible_configuration_settings": "reference_appendices/config.html",
}


def ansible_docs_url(label):
    """Where a label of Ansible's documentation, or of another collection's plugin page, lives."""
    if label in ANSIBLE_DOCS_LABELS:
        return ANSIBLE_DOCS + ANSIBLE_DOCS_LABELS[label]
    parts = label.split(".")
    if len(parts) == 4 and parts[0] == "ansible_collections" and parts[1:3] != ["bunnynet", "cloud"]:
        return ANSIBLE_DOCS + "collections/%s/%s/%s.html" % tuple(parts[1:])
    return None


def ansible_envvar_url(name):
    """Where ansible-core documents one of its own environment variables (the inventory cache's, say)."""
    if name.startswith("ANSIBLE_"):
        return ANSIBLE_DOCS + "reference_appendices/config.html#envvar-" + name
    return None


def link_to_ansible_docs(app, env, node, contnode):
    """Resolve a reference Sphinx cannot find locally to Ansible's documentation, if it is one of its labels."""
    if node.get("reftype") == "envvar":
        url = ansible_envvar_url(node["reftarget"])
        return nodes.reference("", "", contnode, internal=False, refuri=url) if url else None
    if node.get("reftype") not in ("ref", "any"):
        return None
    url = ansible_docs_url(node["reftarget"])
    if url is None:
        return None
    return nodes.reference("", "", contnode, internal=False, refuri=url)


def setup(app):
    app.connect("missing-reference", link_to_ansible_docs)
