# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The files an export writes: an inventory of the account, in the shape the roles read.

``inventory_files(hosts, folder)`` gives every file as ``(path, content, mode)``: ``hosts.yml`` (a
group per role), ``host_vars/<host>/main.yml`` (the role's variables), ``host_vars/<host>/vault.yml``
(placeholders of the secrets the API never returns), ``files/<host>.js`` (an Edge Script's code)
and ``files/<host>-<page>.html`` (a Shield zone's custom pages). ``write_files`` writes those whose content differs, so that exporting an unchanged account
again changes nothing.
"""

import os
import re

from ansible.module_utils.common.yaml import yaml_dump

# A vault variable of a secret: lower case, what is not a letter, digit or underscore as "_".
VAULT_NAME_UNSAFE = re.compile(r"[^a-z0-9_]")
HEADER = """# {kind} {name} (id {id}), exported from the bunny.net account by bunnynet.cloud.export,
# for the role bunnynet.cloud.{role}. The roles and the audit find nothing to change here until
# the account or this file changes.
"""


def vault_variable(*names):
    return VAULT_NAME_UNSAFE.sub("_", "_".join(("vault",) + names).lower())


def _yaml(data):
    return yaml_dump(data, default_flow_style=False, sort_keys=False, allow_unicode=True, width=120)


def host_files(host):
    """The files of one exported host: ``[(relative path, content, mode)]``."""
    name, variables = host["host"], dict(host["variables"])
    files = []
    vault = []
    comments = []
    if host["role"] == "edge_script_deploy":
        code_file = "files/%s.js" % name
        files.append((code_file, variables.pop("edge_script_deploy_code"), 0o644))
        variables["edge_script_deploy_code_file"] = "{{ inventory_dir }}/%s" % code_file
        secrets = variables.pop("edge_script_deploy_secrets")
        variables["edge_script_deploy_secrets"] = [
            {"name": secret["name"], "value": "{{ %s }}" % vault_variable(secret["name"])} for secret in secrets]
        vault.extend((vault_variable(secret["name"]), "the value of %s" % secret["name"]) for secret in secrets)
        comments.append("The API never returns a secret's value: each is a variable of vault.yml beside this file.")
    if host["role"] == "shield" and variables.get("shield_custom_pages"):
        # A page is HTML, which may hold "{{" (a script's own templates): in the variables it would be
        # a template. From a file, through a lookup, it is text, taken as it is (trailing newline too).
        pages = []
        for page in variables.pop("shield_custom_pages"):
            page_file = "files/%s-%s.html" % (name, page["page"])
            files.append((page_file, page["content"], 0o644))
            pages.append({"page": page["page"],
                          "content": "{{ lookup('ansible.builtin.file', inventory_dir ~ '/%s', rstrip=false) }}" % page_file})
        variables["shield_custom_pages"] = pages
    if host["role"] == "mc_rollout" and "mc_rollout_log_forwarding_token" in variables:
        variables["mc_rollout_log_forwarding_token"] = "{{ %s }}" % vault_variable("log_forwarding_token")
        vault.append((vault_variable("log_forwarding_token"), "the token of the application's log forwarding"))
        comments.append("The log forwarding's token is a secret: it is a variable of vault.yml beside this file.")
    if host["role"] == "mc_registry" and "mc_registry_password" in variables:
        variables["mc_registry_password"] = "{{ %s }}" % vault_variable("registry_password")
        vault.append((vault_variable("registry_password"), "the registry's password"))
        comments.append("The API never returns the registry's password: it is a variable of vault.yml beside this file.")
    if host["role"] == "static_site":
        comments.append("The export has no build directory, so the role leaves the zone's files as they are. To deploy\n"
                        "from one, name it (the files it lacks are then uploaded, and the cache purged):\n"
                        "static_site_build_dir: /path/to/the/site/build")
    header = HEADER.format(kind=host["kind"].replace("_", " "), name=host["name"], id=host["id"], role=host["role"])
    notes = "".join("\n" + "".join("# %s\n" % line for line in comment.splitlines()) for comment in comments)
    files.append(("host_vars/%s/main.yml" % name, header + _yaml(variables) + notes, 0o644))
    if vault:
        lines = ["# The values of %s's secrets, which the API never returns (or the export never writes out)," % host["name"],
                 "# so they are not here. Put each value in place of its placeholder, then encrypt this file:",
                 "#   ansible-vault encrypt host_vars/%s/vault.yml" % name,
                 "# A placeholder left here changes nothing in the account until a resource of this name is created."]
        lines.extend("%s: REPLACE-WITH-%s" % (variable, re.sub(r"\s+", "-", what.upper())) for variable, what in vault)
        files.append(("host_vars/%s/vault.yml" % name, "\n".join(lines) + "\n", 0o600))
    return files


def inventory_files(hosts):
    """Every file of the exported inventory, hosts.yml last."""
    files = [entry for host in hosts for entry in host_files(host)]
    groups = {}
    for host in sorted(hosts, key=lambda host: host["host"]):
        groups.setdefault(host["role"], {"hosts": {}})["hosts"][host["host"]] = None
    inventory = {"all": {
        "vars": {
            # The roles run their modules on the controller, with the Python Ansible runs with.
            "ansible_connection": "local",
            "ansible_python_interpreter": "{{ ansible_playbook_python }}",
        },
        "children": groups,
    }}
    files.append(("hosts.yml", "# Exported from the bunny.net account by bunnynet.cloud.export: a group per role of the\n"
                               "# collection, each host one resource (its variables are in host_vars/).\n" + _yaml(inventory), 0o644))
    return files


def write_files(folder, files, check_mode):
    """Write the files whose content differs; the relative paths written (or, in check mode, to write)."""
    written = []
    for relative, content, mode in files:
        path = os.path.join(folder, relative)
        try:
            with open(path, encoding="utf-8") as handle:
                if handle.read() == content:
                    continue
        except OSError:
            pass
        written.append(relative)
        if check_mode:
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content)
        os.chmod(path, mode)
    return written
