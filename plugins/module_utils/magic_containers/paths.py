# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Magic Containers API paths, in the form the engine fills (``{id}`` names the record itself).

Kept apart from the declarations so that the registries, which need only their own paths, do not
load the applications' files: a module that runs as its own process (see
plugins/plugin_utils/in_process.py) runs from source, so every file it imports is compiled again
on every run.
"""

APPS_PATH = "/mc/apps"
APP_PATH = "/mc/apps/{id}"
RESTART_PATH = "/mc/apps/{id}/restart"
DEPLOY_PATH = "/mc/apps/{id}/deploy"
UNDEPLOY_PATH = "/mc/apps/{id}/undeploy"
# An application's reports, by the name mc_app_info gives each.
APP_REPORT_PATHS = {"overview": "/mc/apps/{id}/overview", "usage": "/mc/apps/{id}/summary", "statistics": "/mc/apps/{id}/statistics"}
LIMITS_PATH = "/mc/limits"
TEMPLATE_PATH = "/mc/apps/{app_id}/containers/{id}"
REGISTRIES_PATH = "/mc/registries"
REGISTRY_PATH = "/mc/registries/{id}"
REGISTRY_DIGEST_PATH = "/mc/registries/digest"
