# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Runs bunnynet.cloud.videolibrary_info in the task's worker process on a local connection (see plugin_utils/in_process.py)."""

from ansible_collections.bunnynet.cloud.plugins.modules import videolibrary_info
from ansible_collections.bunnynet.cloud.plugins.plugin_utils.in_process import InProcessAction


class ActionModule(InProcessAction):
    module = videolibrary_info
