# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""What mc_app_info reads beside an application: its overview, its usage summary, its statistics
over a period, and the account's Magic Containers limits. Read only.

The reports' charts are maps keyed by data (a moment, a volume's name), which keep their keys in
the snake_case results.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import RFC3339_RULE, period_of, rfc3339
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.paths import APP_REPORT_PATHS, LIMITS_PATH

REPORTS = tuple(APP_REPORT_PATHS)
# The vendor's DataGranularity, by the option's choices.
GRANULARITIES = {"daily": "Daily", "hourly": "Hourly", "minute": "Minute"}
# Maps whose keys are moments or volume names, at any depth of the reports.
DATA_KEYED = (
    "latencyChart", "targetLatencyChart", "activeRegionsChart", "instancesChart", "cpuUsageChart", "ramUsageChart", "trafficChart",
    "volumesSplitUsageChart", "volumesSplitCapacityChart", "volumesUsageChart", "volumesCapacityChart", "outboundTrafficChart",
    "volumesUtilizationPercentage",
)  # fmt: skip
REPORT_OPTIONS = dict(
    overview=dict(type="bool", default=False),
    usage=dict(type="bool", default=False),
    statistics=dict(type="bool", default=False),
    period_start=dict(type="str"),
    period_end=dict(type="str"),
    granularity=dict(type="str", choices=list(GRANULARITIES), default="hourly"),
    limits=dict(type="bool", default=False),
)
REPORT_RULES = (("period_start", RFC3339_RULE), ("period_end", RFC3339_RULE))


def statistics_window(module):
    """The statistics' query (``fromDate``, ``toDate``, ``granularity``), or a refusal before any request."""
    params = module.params
    start, end, problems = period_of(params)
    module.refuse(problems)
    return {"fromDate": rfc3339(start), "toDate": rfc3339(end), "granularity": GRANULARITIES[params["granularity"]]}


def with_reports(module, apps, window):
    """``apps`` (projected), each with the reports the options ask for, one request per report and application."""
    for app in apps:
        for report in REPORTS:
            if module.params[report]:
                answer = module.client.get(build_path(APP_REPORT_PATHS[report], id=app["id"]),
                                           params=window if report == "statistics" else None)
                app[report] = to_snake(answer, keep_keys=DATA_KEYED)
    return apps


def limits(client):
    """The account's Magic Containers limits and how many applications it has, in snake_case."""
    return to_snake(client.get(build_path(LIMITS_PATH)))
