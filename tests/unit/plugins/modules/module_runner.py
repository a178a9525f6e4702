"""Run a module's main() in-process and return the JSON it printed, as Ansible would see it.

The real exit path runs (including Ansible's no_log masking), so a test that finds no secret in
the result proves what a playbook would see.
"""

import contextlib
import io
import json

from ansible.module_utils.testing import patch_module_args


def run_module(module, args, check_mode=False, diff=False):
    module_args = dict(args, _ansible_check_mode=check_mode, _ansible_diff=diff)
    output = io.StringIO()
    with patch_module_args(module_args), contextlib.redirect_stdout(output), contextlib.suppress(SystemExit):
        module.main()
    return json.loads(output.getvalue())
