"""statistics_info against the simulator: which reports it reads, what it sends, what it returns, what it refuses."""

import pytest

from ansible_collections.bunnynet.cloud.plugins.modules import statistics_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

DAY = "2026-11-02T00:00:00Z"
WORLD = dict(
    pull_zones=[{"Id": 10, "Name": "assets", "OriginUrl": "https://origin.example.com"},
                {"Id": 11, "Name": "downloads", "OriginUrl": "https://files.example.com"}],
    dns_zones=[{"Id": 7, "Domain": "example.com"}],
    storage_zones=[{"Id": 4320, "Name": "site-files", "Region": "DE"}],
    edge_scripts=[{"Id": 4700, "Name": "router", "ScriptType": 1}],
    shield_zones=[{"shieldZoneId": 4102, "pullZoneId": 10, "planType": 1}],
)
EVERY_CHART = ["loadBandwidthUsed", "loadRequestsServed", "loadOriginTraffic", "loadOriginResponseTimes", "loadOriginShieldBandwidth",
               "loadErrors", "loadGeographicTrafficDistribution"]


@pytest.fixture
def account(simulator):
    simulator.load(**WORLD)
    return simulator


def run(simulator, check_mode=False, **options):
    return run_module(statistics_info, simulator.api_args(**options), check_mode=check_mode)


def report_requests(simulator):
    """The requests of the reports: the reads that find the resource left out."""
    return [(entry["path"], entry["query"]) for entry in simulator.requests() if "statistics" in entry["path"] or "/metrics/" in entry["path"]]


def test_the_accounts_traffic_asks_for_every_chart_and_returns_the_report_in_snake_case(account):
    account.load(**WORLD, reports={"/statistics": {"TotalBandwidthUsed": 1073741824, "CacheHitRate": 93.5, "GeoTrafficDistribution": {"DE": 4096},
                                                   "BandwidthUsedChart": {DAY: 1024.0}}})

    result = run(account, check_mode=True)

    assert result["changed"] is False
    (path, query), = report_requests(account)
    assert path == "/statistics"
    assert sorted(query) == sorted(EVERY_CHART + ["loadUserBalanceHistory"])
    assert set(query.values()) == {"true"}
    traffic = result["statistics"]["traffic"]
    assert result["statistics"]["resource"] == "account"
    assert traffic["total_bandwidth_used"] == 1073741824 and traffic["cache_hit_rate"] == 93.5
    # The keys of maps keyed by data stay as the API gives them.
    assert traffic["geo_traffic_distribution"] == {"DE": 4096}
    assert traffic["bandwidth_used_chart"] == {DAY: 1024.0}
    assert "error5xx_chart" in traffic and "user_balance_history_chart" in traffic
    assert account.writes() == []


def test_a_date_range_covers_whole_days_and_the_options_go_into_the_query(account):
    result = run(account, date_from="2026-11-01", date_to="2026-11-03", hourly=True, exact_range=True, traffic_charts=["bandwidth", "errors"])

    (_path, query), = report_requests(account)
    assert query == {"dateFrom": "2026-11-01T00:00:00Z", "dateTo": "2026-11-03T23:59:59Z", "hourly": "true", "exactRange": "true",
                     "loadBandwidthUsed": "true", "loadErrors": "true"}
    # Hourly, from the first hour of the 1st to the last of the 3rd.
    chart = result["statistics"]["traffic"]["bandwidth_used_chart"]
    assert min(chart) == "2026-11-01T00:00:00Z" and max(chart) == "2026-11-03T23:00:00Z" and len(chart) == 72


def test_a_date_and_time_is_sent_as_given(account):
    run(account, resource="dns_zone", id=7, date_from="2026-11-01T06:30:00+01:00", date_to="2026-11-01T18:00:00Z")

    (_path, query), = report_requests(account)
    assert query == {"dateFrom": "2026-11-01T06:30:00+01:00", "dateTo": "2026-11-01T18:00:00Z"}


def test_a_pull_zone_found_by_name_has_its_traffic_optimizer_origin_shield_and_safehop_figures(account):
    account.load(**WORLD, reports={"/pullzone/10/safehop/statistics": {"TotalRequestsSaved": 7.0},
                                   "/pullzone/10/optimizer/statistics": {"TotalTrafficSaved": 2048.0}})

    result = run(account, resource="pull_zone", name="assets", hourly=True)

    requests = report_requests(account)
    assert [path for path, _query in requests] == ["/statistics", "/pullzone/10/optimizer/statistics", "/pullzone/10/originshield/queuestatistics",
                                                   "/pullzone/10/safehop/statistics"]
    traffic_query = requests[0][1]
    assert traffic_query["pullZone"] == "10"
    # The balance is the account's: a pull zone's report does not ask for it.
    assert "loadUserBalanceHistory" not in traffic_query and all(flag in traffic_query for flag in EVERY_CHART)
    assert all(query.get("hourly") == "true" for _path, query in requests)
    statistics = result["statistics"]
    assert (statistics["resource"], statistics["id"], statistics["name"]) == ("pull_zone", 10, "assets")
    assert statistics["safehop"]["total_requests_saved"] == 7.0
    assert statistics["optimizer"]["total_traffic_saved"] == 2048.0
    assert set(statistics["origin_shield"]) == {"concurrent_requests_chart", "queued_requests_chart"}
    assert account.writes() == []


def test_reports_reads_only_the_reports_asked(account):
    result = run(account, resource="pull_zone", id=11, reports=["safehop"])

    assert [path for path, _query in report_requests(account)] == ["/pullzone/11/safehop/statistics"]
    assert sorted(result["statistics"]) == ["id", "name", "resource", "safehop"]


def test_a_dns_zone_by_domain(account):
    account.load(**WORLD, reports={"/dnszone/7/statistics": {"TotalQueriesServed": 31337, "QueriesByTypeChart": {"A": 30000, "AAAA": 1337}}})

    result = run(account, resource="dns_zone", name="EXAMPLE.com")

    assert report_requests(account) == [("/dnszone/7/statistics", {})]
    queries = result["statistics"]["queries"]
    assert queries["total_queries_served"] == 31337
    assert queries["queries_by_type_chart"] == {"A": 30000, "AAAA": 1337}
    assert result["statistics"]["name"] == "example.com"


def test_a_storage_zone_has_its_storage_and_its_egress_by_protocol(account):
    account.load(**WORLD, reports={"/storagezone/4320/statistics/egress": {"S3EgressTotal": 512, "TotalEgress": 4096}})

    result = run(account, resource="storage_zone", name="site-files", date_from="2026-11-01", date_to="2026-11-02")

    assert [path for path, _query in report_requests(account)] == ["/storagezone/4320/statistics", "/storagezone/4320/statistics/egress"]
    statistics = result["statistics"]
    assert sorted(statistics["storage"]) == ["file_count_chart", "storage_used_chart"]
    assert sorted(statistics["storage"]["storage_used_chart"]) == ["2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"]
    assert statistics["egress"]["s3_egress_total"] == 512 and statistics["egress"]["total_egress"] == 4096
    assert "s3_presigned_egress_chart" in statistics["egress"]


def test_an_edge_scripts_executions_with_the_latest_figures(account):
    account.load(**WORLD, reports={"/compute/script/4700/statistics": {"TotalMonthlyCost": 1.25, "TotalRequestsServed": 900}})

    result = run(account, resource="edge_script", name="router", latest=True)

    assert report_requests(account) == [("/compute/script/4700/statistics", {"loadLatest": "true"})]
    executions = result["statistics"]["executions"]
    assert executions["total_monthly_cost"] == 1.25 and executions["total_requests_served"] == 900
    assert "average_cpu_time_per_execution" in executions


def test_a_shield_zone_by_the_name_of_its_pull_zone(account):
    account.load(**WORLD, reports={"/shield/metrics/overview/4102": {"data": {"waf": {"blockedRequests": 12}}},
                                   "/shield/metrics/rate-limits/4102": {"data": [{"ratelimitId": 77, "overview": {"blockedBreaches": 5}}]}})

    result = run(account, resource="shield_zone", name="assets", date_from="2026-11-01", resolution="hourly")

    requests = report_requests(account)
    assert requests == [("/shield/metrics/overview/4102", {}),
                        ("/shield/metrics/overview/4102/detailed", {"StartDate": "2026-11-01T00:00:00Z", "Resolution": "3"}),
                        ("/shield/metrics/rate-limits/4102", {})]
    statistics = result["statistics"]
    assert (statistics["id"], statistics["pull_zone_id"]) == (4102, 10)
    assert statistics["overview"]["data"]["waf"]["blocked_requests"] == 12
    detailed = statistics["detailed"]["data"]
    assert detailed["resolution"] == 3 and detailed["rate_limit"] == {"metrics": {}, "totals": {}}
    assert statistics["rate_limits"]["data"] == [{"ratelimit_id": 77, "overview": {"blocked_breaches": 5}}]


def test_each_rate_limit_of_a_shield_zone_with_its_days(account):
    zone = dict(WORLD["shield_zones"][0], rateLimits=[{"id": 77, "shieldZoneId": 4102, "ruleName": "login"}])
    account.load(**dict(WORLD, shield_zones=[zone]))

    result = run(account, resource="shield_zone", id=4102, reports=["rate_limits"])

    (limit,) = result["statistics"]["rate_limits"]["data"]
    assert limit["ratelimit_id"] == 77
    assert limit["overview"] == {"total_breaches": 0, "logged_breaches": 0, "challenged_breaches": 0, "blocked_breaches": 0}
    assert len(limit["ratelimit_overview_past_twenty_eight_days"]) == 28


def test_the_shield_overview_names_ddos_as_one_word_and_keeps_the_days(account):
    result = run(account, resource="shield_zone", id=4102, reports=["overview"])

    data = result["statistics"]["overview"]["data"]
    assert "ddos" in data and "ddos_overview_past_twenty_eight_days" in data and "ddos_mitigated" in data["overview"]
    days = data["overview_past_twenty_eight_days"]
    assert len(days) == 28 and all(day.endswith("T00:00:00Z") for day in days)
    assert set(next(iter(days.values()))) >= {"ddos_mitigated", "waf_triggered_rules", "api_guardian_blocks"}


def test_an_id_that_does_not_exist_fails_naming_it(account):
    result = run(account, resource="storage_zone", id=99)

    assert result["failed"] is True
    assert "Storage zone 99 was not found (HTTP 404)" in result["msg"]
    assert report_requests(account) == []


@pytest.mark.parametrize("options, message", [
    (dict(resource="edge_script", name="nothing"), "No edge script is named 'nothing'."),
    (dict(resource="shield_zone", name="downloads"), "Pull zone 'downloads' (id 11) has no Shield zone."),
    (dict(resource="shield_zone", name="nothing"), "No pull zone is named 'nothing'"),
])
def test_a_name_nothing_has_fails_saying_so(account, options, message):
    result = run(account, **options)

    assert result["failed"] is True and message in result["msg"]
    assert report_requests(account) == []


@pytest.mark.parametrize("options, problem", [
    (dict(id=3), "id is not taken with resource=account"),
    (dict(resource="pull_zone"), "resource=pull_zone needs id or name, to say which pull zone"),
    (dict(resource="dns_zone", id=7, reports=["traffic"]), "reports traffic is not a report of a DNS zone, whose reports are queries"),
    (dict(resource="dns_zone", id=7, hourly=True), "hourly applies to none of the reports asked (queries): no report of a DNS zone takes it"),
    (dict(resource="storage_zone", id=4320, reports=["storage"], hourly=True),
     "hourly applies to none of the reports asked (storage): of a storage zone's reports only egress takes it"),
    (dict(resource="shield_zone", id=4102, reports=["overview"], date_from="2026-11-01"),
     "date_from applies to none of the reports asked (overview): of a Shield zone's reports only detailed takes it"),
    (dict(resource="shield_zone", id=4102, reports=["overview", "rate_limits"], hourly=True),
     "hourly applies to none of the reports asked (overview, rate_limits): no report of a Shield zone takes it"),
    (dict(resource="pull_zone", id=10, reports=["safehop"], traffic_charts=["bandwidth"]), "traffic_charts applies to none of the reports asked (safehop)"),
    (dict(resource="pull_zone", id=10, traffic_charts=["user_balance_history"]), "traffic_charts user_balance_history is the account's"),
    (dict(resource="dns_zone", id=7, reports=["egress"], date_from="2026-11-01"), "date_from applies to none of the reports asked (none of its own)"),
    (dict(latest=True), "latest applies to none of the reports asked (traffic)"),
    (dict(date_from="01/11/2026"), "date_from must be a date (2026-11-01) or an ISO 8601 date and time"),
    (dict(date_from="2026-11-03", date_to="2026-11-01"), "date_from must not be after date_to, got 2026-11-03 after 2026-11-01"),
])
def test_options_that_contradict_the_reports_fail_before_any_request(account, options, problem):
    result = run(account, **options)

    assert result["failed"] is True
    assert problem in result["msg"]
    assert account.requests() == []


def test_a_range_within_one_day_is_accepted(account):
    result = run(account, date_from="2026-11-01T12:00:00Z", date_to="2026-11-01")

    assert "failed" not in result
    assert report_requests(account)[0][1]["dateTo"] == "2026-11-01T23:59:59Z"
