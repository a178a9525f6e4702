# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Runs the collection's modules inside the worker process Ansible forks for each task.

A module run the usual way starts a new Python, unpacks and compiles AnsiballZ's payload, and
imports ansible-core's module utilities and requests before its first request: several times what
its requests cost. On a local connection the module runs on the controller in any case, so the
action plugin of each module calls the module's main() in the task's worker process instead. The
strategy loads action plugins before it forks the workers, so everything this file and the module
import is already there: a task costs about what its requests cost. The worker ends with the task,
so what a module changes in its process (arguments, environment, locale) ends with it too.

Where that would change what the module sees, it runs the usual way: on any other connection,
with become (which runs it as another user), with async, on ansible-core before 2.19 (no module
argument profiles), without requests in Ansible's own Python, or when the variable
bunnynet_cloud_in_process is false.
"""

import contextlib
import io
import json
import os

from ansible.errors import AnsibleError
from ansible.module_utils import basic
from ansible.module_utils.parsing.convert_bool import boolean
from ansible.plugins.action.normal import ActionModule as NormalAction
from ansible.utils.vars import merge_hash

from ansible_collections.bunnynet.cloud.plugins.module_utils.api import HAS_REQUESTS

# The serialization profile AnsiballZ gives every module that declares none, ours included.
PROFILE = "legacy"
SWITCH = "bunnynet_cloud_in_process"

try:
    from ansible.module_utils.common.json import Direction, get_module_encoder
except ImportError:  # ansible-core before 2.19
    ARGUMENTS_ENCODER = None
else:
    ARGUMENTS_ENCODER = get_module_encoder(PROFILE, Direction.CONTROLLER_TO_MODULE)


def runs_in_process(switch, transport, become, async_seconds, supported):
    """Whether a task runs its module in the worker process (see the file's docstring)."""
    return supported and switch and transport == "local" and become is None and not async_seconds


class InProcessAction(NormalAction):
    """The action of one module; the module's action plugin names it in ``module``."""

    module = None

    def run(self, tmp=None, task_vars=None):
        task_vars = task_vars or {}
        if not runs_in_process(self._switch(task_vars), self._connection.transport, self._connection.become,
                               self._task.async_val, ARGUMENTS_ENCODER is not None and HAS_REQUESTS):
            return super().run(tmp, task_vars)
        # ActionBase's checks (check mode, async), without NormalAction's module process.
        result = super(NormalAction, self).run(tmp, task_vars)
        return merge_hash(result, self._run_module(task_vars))

    def _switch(self, task_vars):
        value = self._templar.template(task_vars.get(SWITCH, True))
        try:
            return boolean(value, strict=True)
        except TypeError:
            raise AnsibleError("%s must be a boolean (true or false), got %r." % (SWITCH, value)) from None

    def _run_module(self, task_vars):
        arguments = self._task.args.copy()
        self._update_module_args(self._task.action, arguments, task_vars)
        environment = {}
        self._compute_environment_string(environment)
        os.environ.update((name, str(value)) for name, value in environment.items())
        basic._ANSIBLE_ARGS = json.dumps({"ANSIBLE_MODULE_ARGS": arguments}, cls=ARGUMENTS_ENCODER).encode()
        basic._ANSIBLE_PROFILE = PROFILE
        stdout, stderr = io.StringIO(), io.StringIO()
        status = 0
        # A module ends by printing its result and exiting, as it would as its own process.
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                self.module.main()
            except SystemExit as exit_request:
                status = exit_request.code
        returned = self._parse_returned_data(
            dict(rc=status, stdout=stdout.getvalue(), stderr=stderr.getvalue(), stdout_lines=[], stderr_lines=[]),
            PROFILE)
        # ansible-core 2.19 and 2.20 parse a module's output into a dict, later ones into a task result.
        return returned if isinstance(returned, dict) else returned.as_result_dict(for_round_trip=True)
