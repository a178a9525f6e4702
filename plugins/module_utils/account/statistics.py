# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The traffic and usage statistics of the account and of its resources (statistics_info), declared as reports.

Each kind of resource has reports of its own, each one ``GET`` of the API: the account's traffic
(``/statistics``), a pull zone's traffic (the same, with ``pullZone``) and its optimizer, origin
shield queue and SafeHop figures, a DNS zone's queries, a storage zone's storage and egress, an
Edge Script's executions, a Shield zone's overview, detailed metrics and rate limits' breaches. A report declares the
options it takes; an option that none of the asked reports takes is refused before any request,
since the API would ignore it silently. The resource is found by the engine's finder, by id or by
its name, as the other info modules find theirs.

The answers are returned in snake_case, except the keys of the maps whose keys are data (the
charts' timestamps, the countries of the traffic distribution, the Shield metrics' names and days).
"""

from datetime import datetime, time, timezone

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import snake_name
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import DAY
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zones import DNS_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import EDGE_SCRIPT
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import SHIELD_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import STORAGE_ZONE

# The charts of the traffic report, each computed only when its flag is sent (all default to false in the API).
TRAFFIC_CHARTS = {
    "bandwidth": "loadBandwidthUsed",
    "requests": "loadRequestsServed",
    "origin_traffic": "loadOriginTraffic",
    "origin_response_times": "loadOriginResponseTimes",
    "origin_shield_bandwidth": "loadOriginShieldBandwidth",
    "errors": "loadErrors",
    "geographic_distribution": "loadGeographicTrafficDistribution",
    "user_balance_history": "loadUserBalanceHistory",
}
# The balance is the account's, whatever pull zone the report is of.
ACCOUNT_ONLY_CHARTS = ("user_balance_history",)
# The Shield detailed metrics' MetricsOverviewResolution.
RESOLUTIONS = {"auto": 0, "two_minutes": 1, "ten_minutes": 2, "hourly": 3, "daily": 4, "weekly": 5, "monthly": 6}
RANGE = ("date_from", "date_to")


class Report:
    """One report: where it is read, which options it take (``takes``) and the query they make (``query(params)``).

    ``subject_param`` names the query parameter that says which resource the report is of, for a
    report of the account's path (a pull zone's traffic); the others name it in their path.
    """

    def __init__(self, name, path, takes, query, subject_param=None):
        self.name = name
        self.path = path
        self.takes = frozenset(takes)
        self.query = query
        self.subject_param = subject_param

    def read(self, client, params, subject_id):
        query = self.query(params)
        if self.subject_param:
            query[self.subject_param] = subject_id
        return client.get(build_path(self.path, id=subject_id), params=query or None)


def timed_query(params):
    """The range and the granularity, as most reports take them."""
    query = daily_query(params)
    if params["hourly"]:
        query["hourly"] = "true"
    return query


def daily_query(params):
    """The range of a report that has one figure a day."""
    query = {}
    if params["date_from"]:
        query["dateFrom"] = range_value(params["date_from"], end=False)
    if params["date_to"]:
        query["dateTo"] = range_value(params["date_to"], end=True)
    return query


def traffic_query(params, account):
    query = timed_query(params)
    if params["exact_range"]:
        query["exactRange"] = "true"
    for chart in wanted_charts(params, account):
        query[TRAFFIC_CHARTS[chart]] = "true"
    return query


def script_query(params):
    query = timed_query(params)
    if params["latest"]:
        query["loadLatest"] = "true"
    return query


def detailed_query(params):
    # The detailed Shield metrics name the range and the resolution otherwise than the other reports.
    query = {}
    if params["date_from"]:
        query["StartDate"] = range_value(params["date_from"], end=False)
    if params["date_to"]:
        query["EndDate"] = range_value(params["date_to"], end=True)
    if params["resolution"]:
        query["Resolution"] = RESOLUTIONS[params["resolution"]]
    return query


def no_query(params):
    return {}


TRAFFIC_OPTIONS = RANGE + ("hourly", "exact_range", "traffic_charts")
TIMED = RANGE + ("hourly",)


class Kind:
    """A kind of resource the module reports on: how it is found (``resource``, None for the account) and its reports."""

    def __init__(self, noun, resource, reports, name_field=None):
        self.noun = noun
        self.resource = resource
        self.reports = {report.name: report for report in reports}
        self.name_field = name_field


KINDS = {
    "account": Kind("the account", None, (Report("traffic", "/statistics", TRAFFIC_OPTIONS, lambda params: traffic_query(params, True)),)),
    "pull_zone": Kind("a pull zone", PULL_ZONE, (
        Report("traffic", "/statistics", TRAFFIC_OPTIONS, lambda params: traffic_query(params, False), subject_param="pullZone"),
        Report("optimizer", "/pullzone/{id}/optimizer/statistics", TIMED, timed_query),
        Report("origin_shield", "/pullzone/{id}/originshield/queuestatistics", TIMED, timed_query),
        Report("safehop", "/pullzone/{id}/safehop/statistics", TIMED, timed_query),
    ), name_field="Name"),
    "dns_zone": Kind("a DNS zone", DNS_ZONE, (Report("queries", "/dnszone/{id}/statistics", RANGE, daily_query),), name_field="Domain"),
    "storage_zone": Kind("a storage zone", STORAGE_ZONE, (
        Report("storage", "/storagezone/{id}/statistics", RANGE, daily_query),
        Report("egress", "/storagezone/{id}/statistics/egress", TIMED, timed_query),
    ), name_field="Name"),
    "edge_script": Kind("an Edge Script", EDGE_SCRIPT, (
        Report("executions", "/compute/script/{id}/statistics", TIMED + ("latest",), script_query),
    ), name_field="Name"),
    # The overview covers the last 28 days and the month's billable requests; it takes no range.
    "shield_zone": Kind("a Shield zone", SHIELD_ZONE, (
        Report("overview", "/shield/metrics/overview/{id}", (), no_query),
        Report("detailed", "/shield/metrics/overview/{id}/detailed", RANGE + ("resolution",), detailed_query),
        # Each rate limit's breaches, the last 28 days: which limit the zone's traffic runs into.
        Report("rate_limits", "/shield/metrics/rate-limits/{id}", (), no_query),
    )),
}
REPORT_NAMES = sorted({name for kind in KINDS.values() for name in kind.reports})
# The options a report may take, in the order problems name them.
REPORT_OPTIONS = ("date_from", "date_to", "hourly", "exact_range", "traffic_charts", "latest", "resolution")


# --- Input ----------------------------------------------------------------------------------------

def parse_moment(value):
    """A ``date_from``/``date_to`` value as an aware datetime, or None when it is neither a date nor an ISO 8601 date and time."""
    text = value.strip()
    try:
        if DAY.match(text):
            return datetime.combine(datetime.strptime(text, "%Y-%m-%d").date(), time(), timezone.utc)
        moment = datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith(("Z", "z")) else text)
    except ValueError:
        return None
    # A date and time without an offset is UTC, as the API takes it.
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def range_value(value, end):
    """What the API is sent for a range bound: a date alone covers its whole day (to 23:59:59 for the end)."""
    text = value.strip()
    if DAY.match(text):
        return text + ("T23:59:59Z" if end else "T00:00:00Z")
    return text


def wanted_charts(params, account):
    """The traffic charts to compute: those asked, or every chart the report's subject has."""
    if params["traffic_charts"] is not None:
        return params["traffic_charts"]
    return [chart for chart in TRAFFIC_CHARTS if account or chart not in ACCOUNT_ONLY_CHARTS]


def problems(params):
    """Every way the options contradict each other or the resource's reports, as sentences naming the option."""
    found = []
    kind = KINDS[params["resource"]]
    selector = [option for option in ("id", "name") if params[option] is not None]
    if kind.resource is None and selector:
        found.append("%s is not taken with resource=account: the account's statistics are of the whole account" % selector[0])
    if kind.resource is not None and not selector:
        found.append("resource=%s needs id or name, to say which %s" % (params["resource"], kind.noun.split(" ", 1)[1]))
    unknown = [name for name in params["reports"] or () if name not in kind.reports]
    if unknown:
        found.append("reports %s %s not a report of %s, whose reports are %s" % (
            ", ".join(unknown), "is" if len(unknown) == 1 else "are", kind.noun, ", ".join(kind.reports)))
    reports = selected_reports(params)
    for option in REPORT_OPTIONS:
        if params[option] in (None, False, []) or any(option in report.takes for report in reports):
            continue
        takers = [name for name, report in kind.reports.items() if option in report.takes]
        among = ("of %s's reports only %s take%s it" % (kind.noun, " and ".join(takers), "s" if len(takers) == 1 else "")
                 if takers else "no report of %s takes it" % kind.noun)
        asked = ", ".join(report.name for report in reports) or "none of its own"
        found.append("%s applies to none of the reports asked (%s): %s" % (option, asked, among))
    if params["resource"] != "account":
        balance = [chart for chart in params["traffic_charts"] or () if chart in ACCOUNT_ONLY_CHARTS]
        if balance:
            found.append("traffic_charts %s is the account's, not %s's: ask for it with resource=account" % (balance[0], kind.noun))
    moments = {}
    for option in RANGE:
        if params[option] is not None:
            moments[option] = parse_moment(params[option])
            if moments[option] is None:
                found.append("%s must be a date (2026-11-01) or an ISO 8601 date and time (2026-11-01T12:00:00Z), got %r" % (option, params[option]))
    if moments.get("date_from") and moments.get("date_to"):
        start = moments["date_from"]
        end = parse_moment(range_value(params["date_to"], end=True))
        if start > end:
            found.append("date_from must not be after date_to, got %s after %s" % (params["date_from"], params["date_to"]))
    return found


def selected_reports(params):
    kind = KINDS[params["resource"]]
    if params["reports"] is None:
        return list(kind.reports.values())
    return [kind.reports[name] for name in params["reports"] if name in kind.reports]


# --- Reading ----------------------------------------------------------------------------------------

def find_subject(module, kind):
    """The record the statistics are of, by id or by name; a Shield zone by the name of its pull zone. None found fails, naming it."""
    params = module.params
    if kind.resource is SHIELD_ZONE and params["id"] is None:
        pull_zone = PULL_ZONE.find(module, name=params["name"])
        if pull_zone is None:
            module.fail("No pull zone is named %r, so it has no Shield zone to report on." % params["name"])
        record = SHIELD_ZONE.find(module, name=pull_zone[PULL_ZONE.id_field])
        if record is None:
            module.fail("Pull zone %r (id %s) has no Shield zone." % (params["name"], pull_zone[PULL_ZONE.id_field]))
        return record
    record = kind.resource.find(module, record_id=params["id"], name=params["name"])
    if record is None:
        module.fail("No %s is named %r." % (kind.resource.noun, params["name"]))
    return record


def read_statistics(module):
    params = module.params
    module.refuse(problems(params))
    kind = KINDS[params["resource"]]
    statistics = {"resource": params["resource"]}
    subject_id = None
    if kind.resource is not None:
        record = find_subject(module, kind)
        subject_id = record[kind.resource.id_field]
        statistics["id"] = subject_id
        if kind.name_field:
            statistics["name"] = record.get(kind.name_field)
        else:
            statistics["pull_zone_id"] = record.get("pullZoneId")
    for report in selected_reports(params):
        statistics[report.name] = project(report.read(module.client, params, subject_id))
    module.exit_info(statistics)


# --- Results ----------------------------------------------------------------------------------------

# Names the snake_case conversion would split (dDoS is one word: DDoS).
RENAMED = {"dDoS": "ddos", "dDoSMitigated": "ddos_mitigated", "dDoSOverviewPastTwentyEightDays": "ddos_overview_past_twenty_eight_days"}


def _kept(name):
    """Whether the property ``name`` holds data keyed by data (a chart's moments, countries, metric names), kept as the API gives it."""
    return name.endswith("Chart") or name in ("GeoTrafficDistribution", "metrics", "totals")


def project(answer):
    """A report in snake_case; the maps keyed by data keep their keys, and a day's figures (Shield's past 28 days) are converted."""
    if isinstance(answer, list):
        return [project(item) for item in answer]
    if not isinstance(answer, dict):
        return answer
    projected = {}
    for key, value in answer.items():
        if _kept(key):
            converted = value
        elif key.endswith("PastTwentyEightDays") and isinstance(value, dict):
            converted = {day: project(figures) for day, figures in value.items()}
        else:
            converted = project(value)
        projected[RENAMED.get(key) or snake_name(key)] = converted
    return projected


def error_describer(params):
    """A 404 of the resource asked by ID names it; other errors keep the API's sentence."""
    kind = KINDS[params["resource"]]
    if kind.resource is None or params["id"] is None:
        return None
    return kind.resource.describe_missing(params["id"])
