# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Runs bunnynet.cloud.account_audit with the variables of the inventory's hosts, gathered on the controller.

A host describes a resource when it has its role's identity variable (account.py's shapes); its
variables are those of the role's prefix, templated as the role would see them, and an Edge
Script's code is read from the file its code_file names.
"""

import os

from ansible.errors import AnsibleError

from ansible_collections.bunnynet.cloud.plugins.module_utils.account import KINDS
from ansible_collections.bunnynet.cloud.plugins.modules import account_audit
from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import InProcessAction

ROLES = {shape.role: shape.identity for kind in KINDS for shape in kind.shapes}


def described(host, host_vars):
    """``{host, role, variables}`` of a host that describes a resource, or None."""
    names = list(host_vars.keys())
    role = next((role for role, identity in ROLES.items() if identity in names), None)
    if role is None:
        return None
    variables, unreadable = {}, []
    for name in names:
        if name.startswith(role + "_"):
            try:
                variables[name] = host_vars[name]
            except AnsibleError as error:
                unreadable.append("%s (%s)" % (name, str(error).splitlines()[0]))
    code_file = variables.get("edge_script_deploy_code_file")
    if code_file:
        try:
            with open(os.path.expanduser(code_file), encoding="utf-8") as handle:
                variables["edge_script_deploy_code"] = handle.read()
        except OSError as error:
            unreadable.append("edge_script_deploy_code_file (%s)" % error)
    return dict(host=host, role=role, variables=variables, unreadable=unreadable)


class ActionModule(InProcessAction):
    module = account_audit

    def run(self, tmp=None, task_vars=None):
        task_vars = task_vars or {}
        if self._task.args.get("resources") is None:
            pattern = self._task.args.get("hosts", "all")
            hosts = self._templar.template("{{ query('ansible.builtin.inventory_hostnames', %r) }}" % pattern)
            found = (described(host, task_vars["hostvars"][host]) for host in hosts)
            self._task.args["resources"] = [host for host in found if host is not None]
        return super().run(tmp, task_vars)
