# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The files an export writes: an inventory of the account, in the shape the roles read.

``inventory_files(hosts, folder)`` gives every file as ``(path, content, mode)``: ``hosts.yml`` (a
group per role), ``host_vars/<host>/main.yml`` (the role's variables), ``host_vars/<host>/vault.yml``
(placeholders of the secrets the API never returns), ``files/<host>.js`` (an Edge Script's code)
and ``files/<host>-<page>.html`` (a Shield zone's custom pages). ``write_files`` writes those whose content differs, so that exporting an unchanged account
again changes nothing.

A host's ``main.yml`` is written as JSON, which is YAML too: Ansible tries JSON first and loads it
about three times faster than the same variables as YAML, and the audit loads every host's (an
exported pull zone holds a hundred settings; docs/performance.md). JSON has no comments, so what
the file's header said is in ``hosts.yml`` beside the host, and what a secret's placeholder needs
is in ``vault.yml``. A file a user rewrites as YAML, comments and all, loads as well.
"""

import json
import os
import re
import stat

from ansible.module_utils.common.yaml import yaml_dump

# An inventory is what teams commit, and it may hold what a secret rule missed: the owner's alone.
FILE_MODE = 0o600
FOLDER_MODE = 0o700
# The vault variable of a secret account/secrets.py named.
VAULT_PLACEHOLDER_VARIABLE = "vault_%s"
# A vault variable of a secret: lower case, what is not a letter, digit or underscore as "_".
VAULT_NAME_UNSAFE = re.compile(r"[^a-z0-9_]")
HOSTS_HEADER = """# Exported from the bunny.net account by bunnynet.cloud.export: a group per role of the
# collection, each host one resource. host_vars/<host>/main.yml holds the host's role variables, in
# JSON (which is YAML too, and loads faster: edit it as JSON, or rewrite it as YAML); the roles and
# the audit find nothing to change there until the account or the file changes. A secret the API
# never returns is a variable of host_vars/<host>/vault.yml, to fill in and encrypt. A static site
# has no build directory, so its role leaves the zone's files as they are: to deploy from one, set
# static_site_build_dir in its main.yml (the files it lacks are then uploaded, and the cache purged).
"""


def vault_variable(*names):
    return VAULT_NAME_UNSAFE.sub("_", "_".join(("vault",) + names).lower())


def _yaml(data):
    return yaml_dump(data, default_flow_style=False, sort_keys=False, allow_unicode=True, width=120)


def _json(data):
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def host_files(host, to_fill_in=None):
    """The files of one exported host: ``[(relative path, content, mode)]``; each secret to fill in
    is appended to ``to_fill_in`` as ``{file, variable, what}``."""
    name, variables = host["host"], dict(host["variables"])
    files = []
    vault = []
    if host["role"] == "edge_script_deploy":
        code_file = "files/%s.js" % name
        files.append((code_file, variables.pop("edge_script_deploy_code"), FILE_MODE))
        variables["edge_script_deploy_code_file"] = "{{ inventory_dir }}/%s" % code_file
        secrets = variables.pop("edge_script_deploy_secrets")
        variables["edge_script_deploy_secrets"] = [
            {"name": secret["name"], "value": "{{ %s }}" % vault_variable(secret["name"])} for secret in secrets]
        vault.extend((vault_variable(secret["name"]), "the value of %s" % secret["name"]) for secret in secrets)
    if host["role"] == "shield" and variables.get("shield_custom_pages"):
        # A page is HTML, which may hold "{{" (a script's own templates): in the variables it would be
        # a template. From a file, through a lookup, it is text, taken as it is (trailing newline too).
        pages = []
        for page in variables.pop("shield_custom_pages"):
            page_file = "files/%s-%s.html" % (name, page["page"])
            files.append((page_file, page["content"], FILE_MODE))
            pages.append({"page": page["page"],
                          "content": "{{ lookup('ansible.builtin.file', inventory_dir ~ '/%s', rstrip=false) }}" % page_file})
        variables["shield_custom_pages"] = pages
    if host["role"] == "mc_rollout" and "mc_rollout_log_forwarding_token" in variables:
        variables["mc_rollout_log_forwarding_token"] = "{{ %s }}" % vault_variable("log_forwarding_token")
        vault.append((vault_variable("log_forwarding_token"), "the token of the application's log forwarding"))
    if host["role"] == "mc_registry" and "mc_registry_password" in variables:
        variables["mc_registry_password"] = "{{ %s }}" % vault_variable("registry_password")
        vault.append((vault_variable("registry_password"), "the registry's password"))
    files.append(("host_vars/%s/main.yml" % name, _json(variables), FILE_MODE))
    # The secrets the account holds a value of (account/secrets.py): left here, a placeholder stops
    # the role before it writes it, rather than write the placeholder over the value.
    held = [(VAULT_PLACEHOLDER_VARIABLE % variable, "Fill in %s in host_vars/%s/vault.yml: %s" % (VAULT_PLACEHOLDER_VARIABLE % variable, name, what))
            for variable, what in host.get("secrets") or []]
    if vault or held:
        lines = ["# The values of %s's secrets, which the API never returns (or the export never writes out)," % host["name"],
                 "# so they are not here. Put each value in place of its placeholder, then encrypt this file:",
                 "#   ansible-vault encrypt host_vars/%s/vault.yml" % name,
                 "# A placeholder left here changes nothing in the account until a resource of this name is created;",
                 "# one that says what to fill in stops the role, and the audit, until it is filled in."]
        lines.extend("%s: REPLACE-WITH-%s" % (variable, re.sub(r"\s+", "-", what.upper())) for variable, what in vault)
        lines.extend("%s: %s" % (variable, json.dumps("{{ undef(hint='%s') }}" % hint.replace("\\", "\\\\").replace("'", "\\'"), ensure_ascii=False))
                     for variable, hint in held)
        files.append(("host_vars/%s/vault.yml" % name, "\n".join(lines) + "\n", FILE_MODE))
        if to_fill_in is not None:
            to_fill_in.extend(dict(file="host_vars/%s/vault.yml" % name, variable=variable, what=what)
                              for variable, what in vault + [(VAULT_PLACEHOLDER_VARIABLE % variable, what) for variable, what in host.get("secrets") or []])
    return files


def inventory_files(hosts, to_fill_in=None):
    """Every file of the exported inventory, hosts.yml last; the secrets to fill in appended to ``to_fill_in``."""
    files = [entry for host in hosts for entry in host_files(host, to_fill_in)]
    groups = {}
    for host in sorted(hosts, key=lambda host: host["host"]):
        groups.setdefault(host["role"], []).append(host)
    inventory = _yaml({"all": {"vars": {
        # The roles run their modules on the controller, with the Python Ansible runs with.
        "ansible_connection": "local",
        "ansible_python_interpreter": "{{ ansible_playbook_python }}",
    }}})
    # Written line by line for the comment that names each host's resource. A host name and a role
    # are plain words (account.HOST_NAME_UNSAFE), never read as anything but a string; a host is null.
    lines = ["  children:"]
    for role, members in groups.items():
        lines.extend(["    %s:" % role, "      hosts:"])
        # The name as a JSON string: escaped, no line break of it can end the comment.
        lines.extend("        %s:  # %s %s, id %s" % (host["host"], host["kind"].replace("_", " "), json.dumps(host["name"]), host["id"])
                     for host in members)
    files.append(("hosts.yml", HOSTS_HEADER + inventory + "\n".join(lines) + "\n", FILE_MODE))
    return files


def write_files(folder, files, check_mode):
    """Write the files whose content or mode differs, each for the owner alone, in folders for the
    owner alone; the relative paths written (or, in check mode, to write)."""
    written = []
    for relative, content, mode in files:
        path = os.path.join(folder, relative)
        try:
            with open(path, encoding="utf-8") as handle:
                unchanged = handle.read() == content and _mode(path) == mode and _folders_private(folder, relative)
        except OSError:
            unchanged = False
        if unchanged:
            continue
        written.append(relative)
        if check_mode:
            continue
        _make_folders(folder, os.path.dirname(relative))
        # Made with its mode, so that no other user can open it between its creation and a chmod.
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            os.fchmod(handle.fileno(), mode)
            handle.write(content)
    return written


def _mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def _folders_private(folder, relative):
    """Whether each folder the export made under ``folder`` on the way to ``relative`` is the owner's alone."""
    parts = os.path.dirname(relative).split("/")
    return all(_mode(os.path.join(folder, *parts[:depth])) == FOLDER_MODE for depth in range(1, len(parts) + 1) if parts[0])


def _make_folders(folder, relative):
    """``folder`` (when missing) and each folder of ``relative`` under it, for the owner alone."""
    if not os.path.isdir(folder):
        os.makedirs(folder, mode=FOLDER_MODE)
        os.chmod(folder, FOLDER_MODE)
    path = folder
    for part in relative.split("/") if relative else []:
        path = os.path.join(path, part)
        if not os.path.isdir(path):
            os.mkdir(path, FOLDER_MODE)
        os.chmod(path, FOLDER_MODE)
