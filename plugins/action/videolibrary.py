# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Runs bunnynet.cloud.videolibrary in the task's worker process on a local connection (see plugin_utils/in_process.py).

A result that holds the library's keys (with return_api_keys, or under secrets after a rotation) is
hidden from output as no_log hides it, and only what the task registers sees them.
"""

from ansible.module_utils.parsing.convert_bool import boolean

from ansible_collections.bunnynet.cloud.plugins.module_utils.key_rotation import hidden_when_secrets
from ansible_collections.bunnynet.cloud.plugins.modules import videolibrary
from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import InProcessAction


class ActionModule(InProcessAction):
    module = videolibrary

    def run(self, tmp=None, task_vars=None):
        result = hidden_when_secrets(super().run(tmp, task_vars))
        if boolean(self._task.args.get("return_api_keys", False), strict=False):
            result["_ansible_no_log"] = True
        return result
