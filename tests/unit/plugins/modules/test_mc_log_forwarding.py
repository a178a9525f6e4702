"""mc_log_forwarding and mc_node_ips_info against the simulator."""

import pytest
import requests

from ansible_collections.bunnynet.cloud.plugins.modules import mc_log_forwarding, mc_node_ips_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.prediction import assert_prediction_holds

TOKEN = "log-token-5f2a"
TCP = dict(type="syslog_tcp", endpoint="logs.example.com", port=6514, format="rfc5424", token=TOKEN)
WORKER_FORWARDING = {"app": "app-worker", "type": "SyslogUdp", "endpoint": "old.example.com", "port": 514, "format": "SyslogRfc3164",
                     "token": "worker-token-77", "enabled": True}
SERVER_FIELDS = ("id", "product_id", "created_at")


@pytest.fixture
def apps(simulator):
    simulator.load(apps=[{"id": "app-checkout", "name": "checkout"}, {"id": "app-worker", "name": "worker"}, {"id": "app-twin", "name": "twin"},
                         {"id": "app-twin-2", "name": "twin"}], log_forwarding=[WORKER_FORWARDING])
    return simulator


def run(simulator, check_mode=False, diff=False, **options):
    return run_module(mc_log_forwarding, simulator.api_args(**options), check_mode=check_mode, diff=diff)


def stored(simulator, app_id):
    """The configuration as the API has it, or None."""
    response = requests.get(simulator.url + "/mc/log/forwarding/" + app_id, headers={"AccessKey": simulator.key}, timeout=10)
    return None if response.status_code == 404 else response.json()


def read_back(simulator, app_id):
    result = run(simulator, app_id=app_id)
    assert result["changed"] is False
    return result["log_forwarding"]


def test_check_mode_predicts_a_new_configuration_and_writes_nothing(apps):
    checked = run(apps, check_mode=True, diff=True, app_name="checkout", **TCP)

    assert checked["changed"] is True and apps.writes() == []
    assert checked["log_forwarding"]["app"] == "app-checkout"
    assert (checked["log_forwarding"]["type"], checked["log_forwarding"]["format"], checked["log_forwarding"]["enabled"]) == ("syslog_tcp", "rfc5424", True)
    assert stored(apps, "app-checkout") is None


def test_a_new_configuration_is_one_post_with_the_vendor_values_and_forwards(apps):
    checked = run(apps, check_mode=True, app_name="checkout", **TCP)
    applied = run(apps, app_name="checkout", **TCP)

    assert [(entry["method"], entry["path"], entry["body"]) for entry in apps.writes()] == [("POST", "/mc/log/forwarding", {
        "app": "app-checkout", "type": "SyslogTcp", "endpoint": "logs.example.com", "port": 6514, "format": "SyslogRfc5424", "token": TOKEN,
        "enabled": True})]
    assert_prediction_holds(checked["log_forwarding"], applied["log_forwarding"], read_back(apps, "app-checkout"), SERVER_FIELDS)
    assert stored(apps, "app-checkout")["enabled"] is True


def test_the_token_is_masked_in_results_and_diffs(apps):
    result = run(apps, app_id="app-checkout", diff=True, **TCP)

    assert result["log_forwarding"]["token"] == "********"
    assert result["diff"]["after"]["token"] == "********"
    assert TOKEN not in str(result)


def test_a_second_run_reads_once_and_reports_ok(apps):
    run(apps, app_id="app-checkout", **TCP)
    apps.clear_requests()

    again = run(apps, app_id="app-checkout", **TCP)

    assert again["changed"] is False
    assert [(entry["method"], entry["path"]) for entry in apps.requests()] == [("GET", "/mc/log/forwarding/app-checkout")]


def test_a_change_replaces_the_configuration_whole_keeping_what_the_task_leaves_out(apps):
    checked = run(apps, check_mode=True, diff=True, app_id="app-worker", enabled=False)
    applied = run(apps, app_id="app-worker", enabled=False)

    assert [(entry["method"], entry["path"], entry["body"]) for entry in apps.writes()] == [
        ("PUT", "/mc/log/forwarding/app-worker", dict(WORKER_FORWARDING, enabled=False))]
    assert (checked["diff"]["before"]["enabled"], checked["diff"]["after"]["enabled"]) == (True, False)
    assert_prediction_holds(checked["log_forwarding"], applied["log_forwarding"], read_back(apps, "app-worker"))


def test_a_new_token_is_a_change(apps):
    result = run(apps, app_id="app-worker", token="rotated-token-1")

    assert result["changed"] is True
    assert stored(apps, "app-worker")["token"] == "rotated-token-1"


def test_absent_deletes_the_configuration_and_a_second_run_is_ok(apps):
    checked = run(apps, check_mode=True, app_name="worker", state="absent")
    assert apps.writes() == []
    removed = run(apps, app_name="worker", state="absent")
    again = run(apps, app_name="worker", state="absent")

    assert (checked["changed"], removed["changed"], again["changed"]) == (True, True, False)
    assert [(entry["method"], entry["path"]) for entry in apps.writes()] == [("DELETE", "/mc/log/forwarding/app-worker")]
    assert stored(apps, "app-worker") is None


def test_a_lost_answer_to_the_create_is_settled_by_reading(apps):
    apps.fault(method="POST", path="^/mc/log/forwarding$", status=503, apply=True, count=1)

    result = run(apps, app_id="app-checkout", **TCP)

    assert result["changed"] is True and "failed" not in result
    assert len(apps.writes()) == 1 and stored(apps, "app-checkout")["endpoint"] == "logs.example.com"


def test_a_lost_answer_to_a_change_is_settled_by_reading(apps):
    apps.fault(method="PUT", path="^/mc/log/forwarding/", status=502, apply=True, count=1)

    result = run(apps, app_id="app-worker", port=1514)

    assert result["changed"] is True and "failed" not in result
    assert stored(apps, "app-worker")["port"] == 1514


def test_a_new_configuration_needs_what_the_create_takes(apps):
    result = run(apps, app_id="app-checkout", endpoint="logs.example.com")

    assert result["failed"] is True
    assert "type and port and format are required to create it" in result["msg"]
    assert apps.writes() == []


def test_an_application_name_two_applications_have_fails_listing_them(apps):
    result = run(apps, app_name="twin", **TCP)

    assert result["failed"] is True and "app-twin" in result["msg"] and "app-twin-2" in result["msg"]


def test_an_application_that_does_not_exist_fails_naming_it(apps):
    result = run(apps, app_name="ghost", **TCP)

    assert result["failed"] is True and result["msg"] == "There is no application named 'ghost'."


@pytest.mark.parametrize(("options", "named"), [
    (dict(app_id="a", port=0), "port must be between 1 and 65535"),
    (dict(app_id="a", type="http"), "type must be one of: syslog_udp, syslog_tcp"),
    (dict(app_id="a", format="json"), "format must be one of: rfc3164, rfc5424"),
    (dict(app_id="a", app_name="b"), "mutually exclusive"),
    (dict(port=514), "one of the following is required: app_id, app_name"),
])
def test_bad_input_fails_before_any_request(apps, options, named):
    result = run(apps, **options)

    assert result["failed"] is True and named in result["msg"]
    assert apps.requests() == []


# mc_node_ips_info


def test_the_node_addresses_come_sorted_once_each_with_their_cidr_blocks(simulator):
    result = run_module(mc_node_ips_info, simulator.api_args())

    assert [(entry["method"], entry["path"]) for entry in simulator.requests()] == [("GET", "/mc/nodes/plain")]
    plain = requests.get(simulator.url + "/mc/nodes/plain", headers={"AccessKey": simulator.key}, timeout=10).json()
    assert result["changed"] is False
    assert result["addresses"] == sorted(set(plain), key=lambda address: tuple(int(part) for part in address.split(".")))
    assert result["cidrs"] == [address + "/32" for address in result["addresses"]]


def test_ipv6_addresses_follow_ipv4_as_128_bit_blocks():
    from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.log_forwarding import read_node_addresses

    class Listing:
        @staticmethod
        def get(path):
            return ["2001:db8::2", "198.51.100.20", "198.51.100.3", "2001:db8::2"]

    assert read_node_addresses(Listing()) == ["198.51.100.3", "198.51.100.20", "2001:db8::2"]
