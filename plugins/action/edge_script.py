# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Runs bunnynet.cloud.edge_script in the task's worker process on a local connection (see plugin_utils/in_process.py).

A result that holds the deployment key (rotated, or asked for) is hidden from output as no_log hides it.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.key_rotation import hidden_when_secrets
from ansible_collections.bunnynet.cloud.plugins.modules import edge_script
from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import InProcessAction


class ActionModule(InProcessAction):
    module = edge_script

    def run(self, tmp=None, task_vars=None):
        return hidden_when_secrets(super().run(tmp, task_vars))
