#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: mc_app_info
short_description: Read Magic Containers applications
version_added: 0.1.0
description:
  - Returns one Magic Containers application of the account by its ID or its exact name, or every application.
  - Reading every application follows the API's cursor pages to the last one. The list gives a
    summary of each application (ID, name, description, status, display endpoint); read one by
    O(app_id) for its templates, volumes, autoscaling and region settings.
  - On request, each application returned carries its overview (O(overview)), its usage summary
    (O(usage)) and its statistics over a period (O(statistics)), one more request per application
    and report; and the result the account's Magic Containers limits (O(limits)).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  app_id:
    description:
      - ID of the application to return, in full.
      - When omitted, a summary of every application of the account is returned.
      - An application that does not exist is an error, not an empty result.
      - Mutually exclusive with O(name).
    type: str
  name:
    description:
      - Exact name of the applications to return, in full; an empty list when none has it.
      - Names are compared exactly; several applications may share one, and all of them are returned.
      - Mutually exclusive with O(app_id).
    type: str
    version_added: 0.2.0
  overview:
    description:
      - Add each application's C(overview) - its status, latency, CPU, memory and volume use, active
        and desired instances, and each region with its pods and their containers - as the API
        reports it now.
    type: bool
    default: false
    version_added: 0.3.0
  usage:
    description:
      - Add each application's C(usage) - its average and current latency, the size of its volumes,
        its monthly cost and its status.
    type: bool
    default: false
    version_added: 0.3.0
  statistics:
    description:
      - Add each application's C(statistics) over the period O(period_start) to O(period_end), in
        steps of O(granularity) - latency, instances, active regions, CPU, memory, traffic and
        volume use, each a chart.
    type: bool
    default: false
    version_added: 0.3.0
  period_start:
    description:
      - Start of the period of O(statistics), an RFC 3339 date-time such as
        V(2026-05-01T00:00:00Z). Defaults to 24 hours before O(period_end).
    type: str
    version_added: 0.3.0
  period_end:
    description:
      - End of the period of O(statistics), an RFC 3339 date-time. Defaults to now.
    type: str
    version_added: 0.3.0
  granularity:
    description:
      - The step of the charts of O(statistics).
    type: str
    choices: [daily, hourly, minute]
    default: hourly
    version_added: 0.3.0
  limits:
    description:
      - Add C(limits), the account's Magic Containers limits (applications, regions and instances
        per application, volumes and their size) and how many applications it has.
    type: bool
    default: false
    version_added: 0.3.0
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.mc_app
  - module: bunnynet.cloud.mc_container_template
"""

EXAMPLES = r"""
- name: List every application of the account
  bunnynet.cloud.mc_app_info:
  register: all_apps

- name: Show the applications that are not active
  ansible.builtin.debug:
    msg: "{{ all_apps.apps | rejectattr('status', 'equalto', 'active') | map(attribute='name') | list }}"

- name: Read one application in full
  bunnynet.cloud.mc_app_info:
    app_id: "{{ app_id }}"
  register: app

- name: Read the application named storefront, if there is one
  bunnynet.cloud.mc_app_info:
    name: storefront
  register: storefront

- name: Read one application with its overview, its usage and yesterday's statistics, day by day
  bunnynet.cloud.mc_app_info:
    app_id: "{{ app_id }}"
    overview: true
    usage: true
    statistics: true
    period_start: "2026-05-01T00:00:00Z"
    period_end: "2026-05-02T00:00:00Z"
    granularity: daily
  register: app_reports

- name: Show what the application costs a month and how many instances run
  ansible.builtin.debug:
    msg: "{{ app_reports.apps[0].usage.monthly_cost }} a month, {{ app_reports.apps[0].overview.active_instances.indicator }} instances"

- name: Check that the account can take one more application
  bunnynet.cloud.mc_app_info:
    name: checkout
    limits: true
  register: account

- name: Fail when the account is at its limit of applications
  ansible.builtin.assert:
    that: account.limits.existing_number_of_applications < account.limits.max_number_of_applications

- name: Use the ID of its web container
  ansible.builtin.debug:
    msg: "{{ app.apps[0].container_templates | selectattr('name', 'equalto', 'web') | map(attribute='id') | first }}"
"""

RETURN = r"""
apps:
  description:
    - The applications found, in snake_case.
    - One application, in full, when O(app_id) is given, and those of the name, in full, with
      O(name) (the keys that M(bunnynet.cloud.mc_app) returns); otherwise a summary of each.
  returned: success
  type: list
  elements: dict
  contains:
    id:
      description: ID of the application.
      type: str
      sample: 8a1f0c2e
    name:
      description: Name of the application.
      type: str
      sample: storefront
    status:
      description: Status, one of C(unknown), C(active), C(progressing), C(inactive), C(failing), C(suspended).
      type: str
      sample: active
    description:
      description: Description of the application. In the summaries only.
      type: str
    display_endpoint:
      description: The endpoint shown for the application, with C(id), C(address) and C(type).
      type: dict
    runtime_type:
      description: C(shared) or C(reserved). With O(app_id) only.
      type: str
    auto_scaling:
      description: Fewest (C(min)) and most (C(max)) instances. With O(app_id) only.
      type: dict
    region_settings:
      description:
        - Allowed and required region IDs and the most regions at once. With O(app_id) only.
        - Node selectors are not among them; the API does not return them.
      type: dict
    volumes:
      description: Volumes, each with C(name) and C(size) in GB. With O(app_id) only.
      type: list
      elements: dict
    container_templates:
      description: Container templates, as M(bunnynet.cloud.mc_container_template) returns them. With O(app_id) only.
      type: list
      elements: dict
    container_instances:
      description: Running container instances. With O(app_id) only.
      type: list
      elements: dict
    overview:
      description:
        - The application's overview, with O(overview=true). C(target_latency), C(current_latency),
          C(active_regions), C(active_instances), C(average_cpu), C(average_ram) and
          C(average_volumes_usage) are each an C(indicator) with its C(status_grade)
          (C(couldBeBetter), C(notBad), C(doingGreat)); C(regions) lists each region with its
          C(instances), C(status) and C(pods) (each pod with its C(containers)).
        - The charts (C(latency_chart) and the pods' C(outbound_traffic_chart)) and the pods'
          C(volumes_utilization_percentage) keep their keys, moments and volume names.
      returned: with O(overview=true)
      type: dict
      sample: {status: active, desired_instances: 1, active_instances: {indicator: 1, status_grade: doingGreat},
               monthly_cost: 4.2, total_volume_size_in_gb: 10.0, regions: []}
    usage:
      description: The application's usage summary, with O(usage=true); C(latency_chart) keeps its keys, moments.
      returned: with O(usage=true)
      type: dict
      sample: {average_latency: 12.5, current_latency: 11.0, total_volume_size_in_gb: 10.0, monthly_cost: 4.2,
               latency_chart: {}, status: active}
    statistics:
      description:
        - The application's statistics over the period, with O(statistics=true), each chart a map of
          moment to value - C(latency_chart), C(target_latency_chart), C(instances_chart),
          C(active_regions_chart), C(cpu_usage_chart), C(ram_usage_chart), C(traffic_chart),
          C(volumes_usage_chart), C(volumes_capacity_chart) - and C(volumes_split_usage_chart) and
          C(volumes_split_capacity_chart), a chart per volume name.
      returned: with O(statistics=true)
      type: dict
      sample: {instances_chart: {"2026-05-01T00:00:00Z": 1, "2026-05-02T00:00:00Z": 2}}
limits:
  description:
    - The account's Magic Containers limits and use, as the API reports them. A limit the API gives
      as V(null) is not set.
  returned: with O(limits=true)
  type: dict
  contains:
    max_number_of_applications:
      description: Most applications the account may have.
      type: int
      sample: 100
    existing_number_of_applications:
      description: How many applications the account has.
      type: int
      sample: 4
    max_number_of_regions_per_application:
      description: Most regions an application may run in.
      type: int
    max_number_of_instances_per_region:
      description: Most instances an application may run in one region.
      type: int
    max_number_of_instances_per_application:
      description: Most instances an application may run.
      type: int
    max_number_of_volumes_per_application:
      description: Most volumes an application may have.
      type: int
    max_volume_size:
      description: Largest size of a volume, in GB.
      type: int
      sample: 100
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP, error_describer
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.reports import (
    REPORT_OPTIONS,
    REPORT_RULES,
    limits,
    statistics_window,
    with_reports,
)


def read_apps(module):
    window = statistics_window(module) if module.params["statistics"] else None
    apps = APP.select(module, id_option="app_id")
    if module.params["name"] is not None:
        # A list item is a summary: each application of the name is read in full.
        apps = [APP.read(module.client, app["id"]) for app in apps]
    extra = {"limits": limits(module.client)} if module.params["limits"] else {}
    module.exit_info(with_reports(module, [APP.project(app) for app in apps], window), **extra)


def main():
    module = BunnyModule(argument_spec=dict(app_id=dict(type="str"), name=dict(type="str"), **REPORT_OPTIONS), result_key="apps",
                         rules=(("app_id", dict(min_length=1)), ("name", dict(min_length=1))) + REPORT_RULES,
                         mutually_exclusive=[("app_id", "name")])
    module.run(read_apps, describe_error=error_describer(module.params["app_id"]))


if __name__ == "__main__":
    main()
