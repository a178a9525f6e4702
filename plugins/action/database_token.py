# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Runs bunnynet.cloud.database_token in the task's worker process on a local connection (see plugin_utils/in_process.py).

A result that carries a token (a task without a destination) is no_log as a whole: Ansible has no
way to hide one key of a result, so the task's output shows nothing of it, as with ``no_log:
true``, while a registered variable keeps the token. ansible-core 2.19 and later read the
result's flag; earlier ones take the task's, which the worker sets for this task alone.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.tokens import TOKEN_KEY
from ansible_collections.bunnynet.cloud.plugins.modules import database_token
from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import InProcessAction


class ActionModule(InProcessAction):
    module = database_token

    def run(self, tmp=None, task_vars=None):
        result = super().run(tmp, task_vars)
        if result.get(TOKEN_KEY):
            result["_ansible_no_log"] = True
            self._play_context.no_log = True
        return result
