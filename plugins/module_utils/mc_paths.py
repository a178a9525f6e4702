# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Magic Containers API paths.

Kept apart from magic_containers.py so that a module that only needs a path, such as
mc_registry_info, does not load that file: a module that runs as its own process (see
plugins/plugin_utils/in_process.py) runs from source, so every file it imports is compiled again
on every run.
"""

APP_PATH = "/mc/apps/{app_id}"
APPS_PATH = "/mc/apps"
RESTART_PATH = "/mc/apps/{app_id}/restart"
TEMPLATE_PATH = "/mc/apps/{app_id}/containers/{container_id}"
REGISTRY_PATH = "/mc/registries/{registry_id}"
REGISTRIES_PATH = "/mc/registries"
REGISTRY_DIGEST_PATH = "/mc/registries/digest"
