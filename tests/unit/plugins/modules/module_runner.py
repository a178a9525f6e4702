"""Run a module's main() in-process and return the JSON it printed, as Ansible would see it; or run it in a process of its own.

The real exit path runs (including Ansible's no_log masking), so a test that finds no secret in
the result proves what a playbook would see.
"""

import contextlib
import io
import json
import os
import subprocess
import sys

from ansible.module_utils.common import warnings as module_warnings
from ansible.module_utils.testing import patch_module_args

try:
    from ansible.module_utils import _internal as module_utils_internal
except ImportError:  # before ansible-core 2.19, module warnings never go to the controller's display
    module_utils_internal = None


from ansible.module_utils.common import parameters as module_parameters


def run_module(module, args, check_mode=False, diff=False):
    # A module's warnings are kept in the process; a module that runs as its own process starts without any.
    for collected in (getattr(module_warnings, "_global_warnings", None), getattr(module_warnings, "_global_deprecations", None)):
        if collected is not None:
            collected.clear()
    module_args = dict(args, _ansible_check_mode=check_mode, _ansible_diff=diff)
    # From ansible-core 2.21.6 a result carries its invocation only when the controller asks for it
    # (INJECT_INVOCATION, off by default); the tests ask, so that its no_log masking is held to account.
    if "inject_invocation" in module_parameters.PASS_VARS:
        module_args["_ansible_inject_invocation"] = True
    output = io.StringIO()
    # A module runs on the target, never as the controller: its warnings go into its result, as they
    # do in a process of its own, even when a test before it (the in-process runner's) loaded the controller.
    controller = getattr(module_utils_internal, "is_controller", False)
    if module_utils_internal is not None:
        module_utils_internal.is_controller = False
    try:
        with patch_module_args(module_args), contextlib.redirect_stdout(output), contextlib.suppress(SystemExit):
            module.main()
    finally:
        if module_utils_internal is not None:
            module_utils_internal.is_controller = controller
    return json.loads(output.getvalue())


def start_module_process(module, args, tmp_path, run_name):
    """Start a module in a process of its own, as Ansible does, with its arguments in a file.

    Every process of one test shares ``tmp_path`` as its TMPDIR, where the pull zone locks live.
    """
    args_file = tmp_path / ("%s.json" % run_name)
    args_file.write_text(json.dumps({"ANSIBLE_MODULE_ARGS": args}))
    root = os.path.abspath(os.path.join(os.path.dirname(module.__file__), *[os.pardir] * 5))
    return subprocess.Popen([sys.executable, "-m", module.__name__, str(args_file)], stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=root, TMPDIR=str(tmp_path)))


def run_module_process(module, args, tmp_path, run_name, timeout):
    """Run a module in a process of its own and return its result; a run that outlasts ``timeout`` seconds fails the test."""
    return json.loads(start_module_process(module, args, tmp_path, run_name).communicate(timeout=timeout)[0])
