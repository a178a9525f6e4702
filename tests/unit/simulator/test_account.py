"""The account's operations of the core API: countries, regions, keys, search, statistics, pricing, billing, the audit log, closing."""

import pytest

from ansible_collections.bunnynet.cloud.tests.unit.simulator.legacy_errors import assert_legacy_error

WORLD = {
    "pull_zones": [{"Id": 1, "Name": "shop-assets"}, {"Id": 2, "Name": "blog"}],
    "storage_zones": [{"Id": 3, "Name": "shop-files"}],
    "dns_zones": [{"Id": 4, "Domain": "shop.example"}],
    "api_keys": {"valid": ["key-one"], "suspended": ["key-two"]},
}


@pytest.fixture
def world(simulator):
    simulator.load_fixtures(WORLD)


def get(api, path, **params):
    answer = api.get(path, params=params, headers={"AccessKey": "key-one"})
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.usefixtures("world")
def test_countries_and_regions_are_listed(api):
    assert {"DE", "US"} <= {country["IsoCode"] for country in get(api, "/country")}
    regions = get(api, "/region")
    assert [region["Id"] for region in regions] == list(range(1, len(regions) + 1))
    assert all(isinstance(region["PricePerGigabyte"], float) for region in regions)


@pytest.mark.usefixtures("world")
def test_the_api_keys_are_the_keys_the_simulator_takes(api):
    assert [key["Key"] for key in get(api, "/apikey")["Items"]] == ["key-one", "key-two"]


@pytest.mark.usefixtures("world")
def test_the_global_search_finds_resources_by_name_without_regard_to_case(api):
    found = get(api, "/search", search="SHOP")

    assert {(item["Type"], item["Id"]) for item in found["SearchResults"]} == {("PullZone", 1), ("StorageZone", 3), ("DnsZone", 4)}
    assert (found["Total"], found["Query"]) == (3, "SHOP")
    assert len(get(api, "/search", search="shop", size=1)["SearchResults"]) == 1


@pytest.mark.usefixtures("world")
def test_statistics_count_nothing_for_each_hour_of_an_hourly_range(api):
    answer = get(api, "/statistics", dateFrom="2024-03-01T00:00:00Z", dateTo="2024-03-01T02:00:00Z", hourly="true", pullZone=1)

    assert answer["RequestsServedChart"] == {"2024-03-01T00:00:00Z": 0.0, "2024-03-01T01:00:00Z": 0.0, "2024-03-01T02:00:00Z": 0.0}
    assert (answer["TotalRequestsServed"], answer["CacheHitRate"], answer["GeoTrafficDistribution"]) == (0, 0.0, {})


def test_a_fixture_fills_a_report_property_by_property(simulator, api):
    simulator.load_fixtures(dict(WORLD, reports={"/statistics": {"TotalBandwidthUsed": 5000}, "/billing": {"Balance": 12.5}}))

    statistics = get(api, "/statistics")
    assert statistics["TotalBandwidthUsed"] == 5000 and statistics["TotalRequestsServed"] == 0
    assert get(api, "/billing")["Balance"] == 12.5


@pytest.mark.usefixtures("world")
def test_a_price_is_zero_unless_a_fixture_reports_one_and_an_estimate_follows_it(simulator, api):
    assert get(api, "/v1/pricing/1101/1", units=10)["EstimatedCost"] == 0.0
    simulator.load_fixtures(dict(WORLD, reports={"/v1/pricing/1101/1": {"PricePerUnit": 0.01}}))

    priced = get(api, "/v1/pricing/1101/1", units=10)

    assert priced["EstimatedCost"] == pytest.approx(0.1)
    assert priced["Breakdown"][0]["Units"] == 10
    assert_legacy_error(api.get("/v1/pricing/9999/1", headers={"AccessKey": "key-one"}), 400, field="source")
    assert_legacy_error(api.get("/v1/pricing/1101/99", headers={"AccessKey": "key-one"}), 404)


@pytest.mark.usefixtures("world")
def test_billing_of_an_account_charged_nothing(api):
    billing = get(api, "/billing")

    assert (billing["Balance"], billing["BillingRecords"], billing["MonthlyMcCpu"]["Usage"]) == (0.0, [], 0.0)
    assert get(api, "/billing/payment-requests") == []
    assert get(api, "/billing/summary") == [
        {"PullZoneId": 1, "MonthlyUsage": 0.0, "MonthlyBandwidthUsed": 0}, {"PullZoneId": 2, "MonthlyUsage": 0.0, "MonthlyBandwidthUsed": 0}]  # fmt: skip
    assert get(api, "/billing/affiliate")["AffiliateBalance"] == 0.0


def test_documents_exist_for_what_the_reports_list(simulator, api):
    simulator.load_fixtures(
        dict(
            WORLD,
            reports={
                "/billing": {"BillingRecords": [{"Id": 7, "Type": 3, "Amount": 1.5}, {"Id": 8, "Type": 2, "Amount": 10.0}]},
                "/billing/payment-requests": [{"Id": 5, "BillingInvoiceId": 50}, {"Id": 6, "BillingInvoiceId": None}],
            },
        )
    )
    headers = {"AccessKey": "key-one"}

    summary = api.get("/billing/summary/7/pdf", headers=headers)
    assert (summary.status_code, summary.headers["content-type"], summary.content[:5]) == (200, "application/pdf", b"%PDF-")
    assert api.get("/billing/payment-request-invoice/5/pdf", headers=headers).status_code == 200
    assert [api.get(path, headers=headers).status_code for path in ("/billing/summary/8/pdf", "/billing/payment-request-invoice/6/pdf")] == [404, 404]


def test_the_audit_log_of_a_day_is_filtered_ordered_and_paged(simulator, api):
    logs = [
        {"Timestamp": "2024-03-01T10:00:00Z", "Product": "CDN", "ResourceId": "1", "Action": "Update"},
        {"Timestamp": "2024-03-01T09:00:00Z", "Product": "DNS", "ResourceId": "4", "Action": "Create"},
        {"Timestamp": "2024-03-01T11:00:00Z", "Product": "CDN", "ResourceId": "2", "Action": "Delete"},
    ]
    simulator.load_fixtures(dict(WORLD, reports={"/user/audit/2024-03-01": {"Logs": logs}}))

    first = get(api, "/user/audit/2024-03-01", Product="CDN", Order="Descending", Limit=1)
    second = get(api, "/user/audit/2024-03-01", Product="CDN", Order="Descending", Limit=1, ContinuationToken=first["ContinuationToken"])

    assert [(page["Logs"][0]["ResourceId"], page["HasMoreData"]) for page in (first, second)] == [("2", True), ("1", False)]
    assert get(api, "/user/audit/2024-03-02")["Logs"] == []


@pytest.mark.usefixtures("world")
def test_a_closed_account_takes_no_key_until_a_reset(simulator, api):
    assert api.post("/user/closeaccount", json={"Password": ""}, headers={"AccessKey": "key-one"}).json()["Success"] is False

    closed = api.post("/user/closeaccount", json={"Password": "secret", "Reason": "testing"}, headers={"AccessKey": "key-one"})

    assert (closed.status_code, closed.json()["Success"]) == (200, True)
    assert_legacy_error(api.get("/pullzone", headers={"AccessKey": "key-one"}), 401)
    simulator.load_fixtures(WORLD)
    assert api.get("/pullzone", headers={"AccessKey": "key-one"}).status_code == 200
