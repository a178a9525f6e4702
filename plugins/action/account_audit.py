# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Runs bunnynet.cloud.account_audit with the variables of the inventory's hosts, gathered on the controller.

A host describes a resource when it has its role's identity variable (account.py's shapes); its
variables are those its role's shape compares, templated as the role would see them, and an Edge
Script's code is read from the file its code_file names.
"""

import os

from ansible.errors import AnsibleError
from ansible.module_utils.parsing.convert_bool import boolean
from ansible.plugins.loader import lookup_loader

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.secrets import without_secret_values
from ansible_collections.bunnynet.cloud.plugins.modules import account_audit
from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import InProcessAction

SHAPES = [shape for kind in KINDS for shape in kind.shapes]


def described(host, host_vars, template=None):
    """``{host, role, variables, unreadable}`` of a host; ``role`` is None when it describes no resource.

    ``host_vars`` are the host's variables as the inventory holds them, ``template`` renders a
    value in the host's context. Only the variables the audit compares are taken, without the
    secrets it never compares (a registry's password, an Edge Script secret's value, a container's
    secret environment variable's value), before any
    is templated: a secret never leaves the controller, and a vault the audit has no password for
    is never opened.
    """
    shape = next((shape for shape in SHAPES if any(name in host_vars for name in shape.finders())), None)
    if shape is None:
        return dict(host=host, role=None)
    variables, unreadable = {}, []
    for name in shape.variables():
        if name not in host_vars:
            continue
        try:
            value = without_secret_values(name, shape.without_secrets(name, host_vars[name]))
            variables[name] = template(value) if template and not _plain(value) else value
        except AnsibleError as error:
            unreadable.append("%s (%s)" % (name, str(error).splitlines()[0]))
    code_file = variables.get("edge_script_deploy_code_file")
    if code_file and "edge_script_deploy_code" not in variables:
        try:
            with open(os.path.expanduser(code_file), encoding="utf-8") as handle:
                variables["edge_script_deploy_code"] = handle.read()
        except OSError as error:
            unreadable.append("edge_script_deploy_code_file (%s)" % error)
    try:
        audited = shape.audited(variables)
    except OSError as error:
        audited, unreadable = {}, unreadable + [str(error)]
    return dict(host=host, role=shape.role, variables=audited, unreadable=unreadable)


def named_only(host, host_vars):
    """A host that is not checked, by the variable that names its resource only: ``[]`` when it names none.

    Its name is taken as the inventory holds it; one that is a template names nothing here.
    """
    shape = next((shape for shape in SHAPES if any(name in host_vars for name in shape.finders())), None)
    if shape is None:
        return []
    names = {name: host_vars[name] for name in shape.finders() if name in host_vars and _plain(host_vars[name])}
    return [dict(host=host, role=shape.role, variables=names, checked=False)] if names else []


TEMPLATE_MARKS = ("{{", "{%", "{#")


def _plain(value):
    """Whether a value holds no template: it is taken as it is, without the templating engine's walk
    (an exported pull zone's settings are a hundred values; an account has thousands of hosts)."""
    if isinstance(value, str):
        return not any(mark in value for mark in TEMPLATE_MARKS)
    if isinstance(value, dict):
        return all(_plain(key) and _plain(item) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return all(_plain(item) for item in value)
    return True


class ActionModule(InProcessAction):
    module = account_audit

    def run(self, tmp=None, task_vars=None):
        task_vars = task_vars or {}
        if self._task.args.get("resources") is None:
            wanted = self._task.args.get("hosts") or ["all"]
            wanted = [wanted] if isinstance(wanted, str) else wanted
            # A host's own name is taken as it is: as a pattern, a name with a comma or colon would split.
            patterns = [pattern for pattern in wanted if pattern not in task_vars["hostvars"]]
            hostnames = lookup_loader.get("ansible.builtin.inventory_hostnames", loader=self._loader, templar=self._templar)
            matched = set(hostnames.run(patterns, variables=task_vars)) if patterns else set()
            wanted = set(wanted)
            resources = []
            for host in task_vars["hostvars"]:
                if host in matched or host in wanted:
                    resources.append(self._described(task_vars["hostvars"], host))
                elif boolean(self._task.args.get("unmanaged", True)):
                    # A host left out of the run still manages what it names: none of it is unmanaged.
                    resources.extend(named_only(host, task_vars["hostvars"].raw_get(host)))
            # Given to the module for this run only: the worker sends the task's arguments back to
            # the controller with its result, and every host's variables would be pickled with them
            # (6 s of an audit of 9000 hosts).
            self._task.args["resources"] = resources
            try:
                return super().run(tmp, task_vars)
            finally:
                del self._task.args["resources"]
        return super().run(tmp, task_vars)

    def _described(self, hostvars, host):
        raw = hostvars.raw_get(host)
        templar = []

        def template(value):
            # The host's own context, made only for a host with a template to render.
            if not templar:
                templar.append(self._templar.copy_with_new_env(available_variables=raw))
            return templar[0].template(value)

        return described(host, raw, template)
