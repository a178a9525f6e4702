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

One worker runs every item of a loop, so what a module run changes in the process that outlives
it (the environment, from the task's `environment:` or the module's own locale settings, and the
working directory) is put back after each run.

The hand-over relies on ansible-core internals that AnsiballZ's own wrapper uses: the module reads
its arguments from basic._ANSIBLE_ARGS and _ANSIBLE_PROFILE, and the action parses its output
with ActionBase._parse_returned_data(res, profile). They are checked, without running anything,
before a task runs in the worker; an ansible-core the project has not tested, or one where the
hand-over is not there as expected, runs the module the usual way.

Where that would change what the module sees, it runs the usual way too: on any other connection,
with become (which runs it as another user), with async, without requests in Ansible's own
Python, or when the variable bunnynet_cloud_in_process is false.
"""

import contextlib
import inspect
import io
import json
import os
import re

from ansible.errors import AnsibleError
from ansible.module_utils import basic
from ansible.module_utils.ansible_release import __version__ as ANSIBLE_CORE_VERSION
from ansible.module_utils.parsing.convert_bool import boolean
from ansible.plugins.action import ActionBase
from ansible.plugins.action.normal import ActionModule as NormalAction
from ansible.utils.vars import merge_hash

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import HAS_REQUESTS

# The serialization profile AnsiballZ gives every module that declares none, ours included.
PROFILE = "legacy"
SWITCH = "bunnynet_cloud_in_process"
# The ansible-core releases whose internals the pipeline runs this hand-over on (tests/run-tests.sh).
TESTED_CORE_RELEASES = ((2, 19), (2, 20), (2, 21))

try:
    from ansible.module_utils.common.json import Direction, get_module_encoder
except ImportError:  # ansible-core before 2.19
    ARGUMENTS_ENCODER = None
else:
    ARGUMENTS_ENCODER = get_module_encoder(PROFILE, Direction.CONTROLLER_TO_MODULE)


def core_release(version=ANSIBLE_CORE_VERSION):
    """The major and minor numbers of an ansible-core version string."""
    match = re.match(r"(\d+)\.(\d+)", version)
    return (int(match.group(1)), int(match.group(2))) if match else None


def handover_in_place(load_params=None, parse_returned_data=None):
    """Whether this ansible-core takes a module's arguments and output the way the worker hands them over.

    Reads code objects and signatures only: the module's parameter loader must still read both
    globals that carry its arguments, and the parser of a module's output must still take the
    output and a serialization profile.
    """
    load_params = load_params or getattr(basic, "_load_params", None)
    parse_returned_data = parse_returned_data or getattr(ActionBase, "_parse_returned_data", None)
    names_read = getattr(getattr(load_params, "__code__", None), "co_names", ())
    if not {"_ANSIBLE_ARGS", "_ANSIBLE_PROFILE"}.issubset(names_read):
        return False
    try:
        parameters = list(inspect.signature(parse_returned_data).parameters)
    except (TypeError, ValueError):
        return False
    return parameters == ["self", "res", "profile"]


def worker_can_run_modules(release=None):
    """Whether modules can run in the worker process on this controller, and this ansible-core release."""
    return (ARGUMENTS_ENCODER is not None and HAS_REQUESTS and (release or core_release()) in TESTED_CORE_RELEASES
            and handover_in_place())


SUPPORTED = worker_can_run_modules()


def runs_in_process(switch, transport, become, async_seconds, supported):
    """Whether a task runs its module in the worker process (see the file's docstring)."""
    return supported and switch and transport == "local" and become is None and not async_seconds


@contextlib.contextmanager
def process_state_restored():
    """Puts the environment and the working directory back as they were, whatever the module did."""
    environment = os.environ.copy()
    directory = os.getcwd()
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(environment)
        os.chdir(directory)


class InProcessAction(NormalAction):
    """The action of one module; the module's action plugin names it in ``module``."""

    module = None

    def run(self, tmp=None, task_vars=None):
        task_vars = task_vars or {}
        if not runs_in_process(self._switch(task_vars), self._connection.transport, self._connection.become,
                               self._task.async_val, SUPPORTED):
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
        basic._ANSIBLE_ARGS = json.dumps({"ANSIBLE_MODULE_ARGS": arguments}, cls=ARGUMENTS_ENCODER).encode()
        basic._ANSIBLE_PROFILE = PROFILE
        stdout, stderr = io.StringIO(), io.StringIO()
        status = 0
        # A module ends by printing its result and exiting, as it would as its own process.
        with process_state_restored(), contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            os.environ.update((name, str(value)) for name, value in environment.items())
            try:
                self.module.main()
            except SystemExit as exit_request:
                status = exit_request.code
        returned = self._parse_returned_data(
            dict(rc=status, stdout=stdout.getvalue(), stderr=stderr.getvalue(), stdout_lines=[], stderr_lines=[]),
            PROFILE)
        # ansible-core 2.19 and 2.20 parse a module's output into a dict, later ones into a task result.
        return returned if isinstance(returned, dict) else returned.as_result_dict(for_round_trip=True)
