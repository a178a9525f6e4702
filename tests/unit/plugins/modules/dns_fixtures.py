"""DNS zones in the API's read shape, and helpers to read them back past the modules."""

import requests

ZONE_ID = 1
DOMAIN = "example.com"
ZONE_PATH = "/dnszone/%d" % ZONE_ID
RECORDS_PATH = ZONE_PATH + "/records"
PULL_ZONE_ID = 30
DNS_SCRIPT_ID = 40


def example_zone(*records, **fields):
    """Zone 1, example.com, with the records given (types by name) or, by default, a small website's."""
    if not records:
        records = (
            {"Id": 100, "Type": "A", "Name": "", "Value": "192.0.2.10"},
            {"Id": 101, "Type": "CNAME", "Name": "www", "Value": "example.com"},
            {"Id": 102, "Type": "MX", "Name": "", "Value": "mail.example.com", "Priority": 10},
            {"Id": 103, "Type": "TXT", "Name": "", "Value": "v=spf1 mx -all"},
        )
    return dict({"Id": ZONE_ID, "Domain": DOMAIN, "Records": list(records)}, **fields)


def load_world(simulator, *zones):
    simulator.load(
        dns_zones=list(zones) or [example_zone()],
        pull_zones=[{"Id": PULL_ZONE_ID, "Name": "assets"}],
        edge_scripts=[{"Id": DNS_SCRIPT_ID, "Name": "geo-answer", "ScriptType": 0}],
    )
    return simulator


def api_get(simulator, path):
    answer = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10)
    answer.raise_for_status()
    return answer.json()


def read_zone(simulator, zone_id=ZONE_ID):
    return api_get(simulator, "/dnszone/%d" % zone_id)


def stored_records(simulator, zone_id=ZONE_ID):
    return read_zone(simulator, zone_id)["Records"]


def requests_sent(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.requests()]


def writes(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.writes()]


def bodies(simulator, method):
    return [entry["body"] for entry in simulator.requests() if entry["method"] == method]
