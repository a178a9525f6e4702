#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: statistics_info
short_description: Read the traffic and usage statistics of the account, a pull zone, a DNS zone, a storage zone, an Edge Script or a Shield zone
version_added: 0.3.0
description:
  - Returns the figures bunny.net keeps for reports and invoices - bandwidth, requests, cache hit
    rate, origin traffic, errors, DNS queries, storage used and egress, script executions and CPU
    time, what Shield blocked - as totals and as charts over a date range.
  - Each kind of resource has its reports (O(reports)), each one read of the API. By default the
    module reads every report of the resource.
  - The resource is found by O(id) or O(name), as the other info modules find it; an ID that does
    not exist fails with the API's 404, a name two resources share fails, listing their IDs.
  - An option that none of the reports asked takes (O(hourly) for a DNS zone, say) fails the task
    before any request, rather than being ignored.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  resource:
    description:
      - What the statistics are of. V(account) is the whole account's traffic.
    type: str
    choices: [account, pull_zone, dns_zone, storage_zone, edge_script, shield_zone]
    default: account
  id:
    description:
      - The ID of the pull zone, DNS zone, storage zone, Edge Script or Shield zone.
      - Not with O(resource=account).
    type: int
  name:
    description:
      - The exact name of the pull zone, storage zone or Edge Script, the domain of the DNS zone, or
        the name of the pull zone whose Shield zone it is.
      - Not with O(resource=account).
    type: str
  reports:
    description:
      - The reports to read; by default every report of the resource.
      - For V(account), V(traffic) (bandwidth, requests, cache hit rate, origin traffic and response
        times, errors, traffic by country, the balance's history).
      - For V(pull_zone), V(traffic) (as the account's, of the zone), V(optimizer) (requests
        optimized, traffic saved, compression, processing time), V(origin_shield) (the origin
        shield's concurrent and queued requests) and V(safehop) (requests retried and saved).
      - For V(dns_zone), V(queries) (queries served, normal and smart, by record type).
      - For V(storage_zone), V(storage) (bytes and files stored, by day) and V(egress) (traffic
        downloaded over HTTP, S3, presigned S3 URLs, FTP and SFTP).
      - For V(edge_script), V(executions) (requests served, CPU time, the month's cost).
      - For V(shield_zone), V(overview) (the last 28 days and this month, by feature - WAF, DDoS,
        rate limits, bot detection, access lists, upload scanning, API Guardian) and V(detailed)
        (each feature's metrics over O(date_from) to O(date_to) at O(resolution)) and V(rate_limits)
        (each rate limit's breaches in the last 28 days).
      - A report the resource does not have fails the task.
    type: list
    elements: str
    choices: [detailed, egress, executions, optimizer, origin_shield, overview, queries, rate_limits, safehop, storage, traffic]
  date_from:
    description:
      - The start of the range, a date (V(2026-11-01), from its midnight UTC) or an ISO 8601 date and
        time (V(2026-11-01T06:00:00Z); without an offset, UTC).
      - Without it the API chooses the start (for most reports, a month before the end).
      - Not taken by the Shield V(overview) and V(rate_limits), which always cover the last 28 days.
    type: str
  date_to:
    description:
      - The end of the range, a date (the whole day, to 23:59:59 UTC) or an ISO 8601 date and time.
        Not before O(date_from).
      - Without it the range ends now.
    type: str
  hourly:
    description:
      - Charts with a point an hour rather than a day.
      - Taken by the reports V(traffic), V(optimizer), V(origin_shield), V(safehop), V(egress) and
        V(executions); the API's default is a point a day.
    type: bool
  exact_range:
    description:
      - Whether the V(traffic) report covers exactly O(date_from) to O(date_to), rather than the whole
        days or hours around them.
    type: bool
  traffic_charts:
    description:
      - The charts of the V(traffic) report the API computes; the totals come with every report.
      - By default every chart (for a pull zone, all but V(user_balance_history), which is the account's).
      - V(bandwidth) is the bandwidth used and cached and the cache hit rate, V(requests) the requests
        served and pulled from the origin, V(errors) the 3xx, 4xx and 5xx responses,
        V(geographic_distribution) the traffic by country.
    type: list
    elements: str
    choices: [bandwidth, requests, origin_traffic, origin_response_times, origin_shield_bandwidth, errors, geographic_distribution, user_balance_history]
  latest:
    description:
      - Whether the V(executions) report of an Edge Script includes the latest figures as soon as they
        exist, which may still change.
    type: bool
  resolution:
    description:
      - The time between two points of the Shield V(detailed) metrics; V(auto) (the API's default)
        lets the API choose by the length of the range.
    type: str
    choices: [auto, two_minutes, ten_minutes, hourly, daily, weekly, monthly]
notes:
  - The reports are read only; running the module changes nothing, in check mode or not.
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.attributes.INFO_MODULE
seealso:
  - module: bunnynet.cloud.pullzone_info
  - module: bunnynet.cloud.shield_zone_info
"""

EXAMPLES = r"""
- name: Read the account's traffic in November
  bunnynet.cloud.statistics_info:
    date_from: "2026-11-01"
    date_to: "2026-11-30"
    traffic_charts: [bandwidth, requests]
  register: november

- name: Show the month's bandwidth and cache hit rate
  ansible.builtin.debug:
    msg: >-
      {{ (november.statistics.traffic.total_bandwidth_used / 1e9) | round(1) }} GB served,
      {{ november.statistics.traffic.cache_hit_rate | round(1) }} % from the cache

- name: Read a pull zone's traffic, optimizer, origin shield and SafeHop figures, hour by hour
  bunnynet.cloud.statistics_info:
    resource: pull_zone
    name: assets
    date_from: "2026-11-20"
    hourly: true
  register: assets_statistics

- name: Show the requests SafeHop saved
  ansible.builtin.debug:
    msg: "{{ assets_statistics.statistics.safehop.total_requests_saved }} requests saved by SafeHop"

- name: Read how much a storage zone served, by protocol
  bunnynet.cloud.statistics_info:
    resource: storage_zone
    name: example-site-files
    reports: [egress]
  register: downloads

- name: Read the queries a DNS zone answered
  bunnynet.cloud.statistics_info:
    resource: dns_zone
    name: example.com
  register: dns_queries

- name: Read an Edge Script's executions and the month's cost
  bunnynet.cloud.statistics_info:
    resource: edge_script
    name: router
  register: router_usage

- name: Read what Shield did for a pull zone in the last 28 days
  bunnynet.cloud.statistics_info:
    resource: shield_zone
    name: assets
    reports: [overview]
  register: shield_metrics

- name: Show the requests the WAF blocked
  ansible.builtin.debug:
    msg: "{{ shield_metrics.statistics.overview.data.waf.blocked_requests }} requests blocked by the WAF"
"""

RETURN = r"""
statistics:
  description:
    - The statistics, one key per report read, each the API's answer in snake_case. The keys of
      the charts (the moments, as the API gives them), of the traffic by country and of the Shield
      metrics by name are kept as the API gives them.
  returned: success
  type: dict
  contains:
    resource:
      description: What the statistics are of, as O(resource) names it.
      type: str
      sample: pull_zone
    id:
      description: The ID of the resource; not for the account.
      type: int
      returned: when O(resource) is not V(account)
      sample: 10
    name:
      description: The name of the pull zone, storage zone or Edge Script, or the domain of the DNS zone.
      type: str
      returned: when O(resource) is V(pull_zone), V(dns_zone), V(storage_zone) or V(edge_script)
      sample: assets
    pull_zone_id:
      description: The ID of the Shield zone's pull zone.
      type: int
      returned: when O(resource=shield_zone)
      sample: 10
    traffic:
      description:
        - The account's or the pull zone's traffic - C(total_bandwidth_used) (bytes),
          C(total_requests_served), C(cache_hit_rate) (percent), C(total_origin_traffic),
          C(average_origin_response_time) (milliseconds) - and the charts of O(traffic_charts), such
          as C(bandwidth_used_chart), C(requests_served_chart), C(error5xx_chart) and
          C(geo_traffic_distribution).
      type: dict
      returned: when read
      sample:
        total_bandwidth_used: 1073741824
        total_requests_served: 52000
        cache_hit_rate: 93.5
        bandwidth_used_chart: {"2026-11-01T00:00:00Z": 1073741824.0}
    optimizer:
      description: The pull zone's optimizer figures - C(total_requests_optimized), C(total_traffic_saved), C(average_compression_ratio) and their charts.
      type: dict
      returned: when read
    origin_shield:
      description: The origin shield's C(concurrent_requests_chart) and C(queued_requests_chart).
      type: dict
      returned: when read
    safehop:
      description: The requests SafeHop retried and saved - C(total_requests_retried), C(total_requests_saved) and their charts.
      type: dict
      returned: when read
    queries:
      description: The DNS zone's C(total_queries_served) and the charts of queries served, normal and smart, and by record type.
      type: dict
      returned: when read
    storage:
      description: The storage zone's C(storage_used_chart) (bytes) and C(file_count_chart), a point a day.
      type: dict
      returned: when read
    egress:
      description: The storage zone's download traffic, total and by protocol - C(total_egress), C(http_egress_total), C(s3_egress_total) - and their charts.
      type: dict
      returned: when read
    executions:
      description: The Edge Script's C(total_requests_served), C(total_cpu_used), C(total_monthly_cost), C(average_cpu_time_per_execution) and their charts.
      type: dict
      returned: when read
    overview:
      description:
        - The Shield zone's metrics under C(data) - C(overview), C(waf), C(ddos), C(ratelimit),
          C(bot_detection), C(access_list), C(upload_scanning) and C(api_guardian), each with its
          figures for the last 28 days by day, C(total_billable_requests) and C(total_clean_requests_limit).
      type: dict
      returned: when read
    detailed:
      description:
        - The Shield zone's metrics over the range under C(data) - for each feature (C(waf),
          C(ddos), C(rate_limit), C(access_lists), C(bot_detection), C(upload_scanning),
          C(api_guardian)) its C(metrics) (by name, then moment) and C(totals) (by name) - and the
          C(resolution) the API used.
      type: dict
      returned: when read
    rate_limits:
      description:
        - The Shield zone's rate limits under C(data), each with its C(ratelimit_id), its C(overview)
          (C(total_breaches), C(blocked_breaches), ...) and its figures for the last 28 days by day.
      type: dict
      returned: when read
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.statistics import (
    KINDS,
    REPORT_NAMES,
    RESOLUTIONS,
    TRAFFIC_CHARTS,
    error_describer,
    read_statistics,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule


def main():
    module = BunnyModule(
        argument_spec=dict(
            resource=dict(type="str", choices=list(KINDS), default="account"),
            id=dict(type="int"),
            name=dict(type="str"),
            reports=dict(type="list", elements="str", choices=REPORT_NAMES),
            date_from=dict(type="str"),
            date_to=dict(type="str"),
            hourly=dict(type="bool"),
            exact_range=dict(type="bool"),
            traffic_charts=dict(type="list", elements="str", choices=list(TRAFFIC_CHARTS)),
            latest=dict(type="bool"),
            resolution=dict(type="str", choices=list(RESOLUTIONS)),
        ),
        result_key="statistics",
        rules=(("id", dict(minimum=1)), ("name", dict(min_length=1)), ("reports", dict(min_items=1)), ("traffic_charts", dict(min_items=1))),
        mutually_exclusive=[("id", "name")],
    )
    module.run(read_statistics, describe_error=error_describer(module.params))


if __name__ == "__main__":
    main()
