"""Benchmark of dns_record against the ansible.builtin.uri playbook a user would write, side by side in one run.

A zone that should hold N records holds all but a tenth of them. The collection converges it with
one dns_record task; the comparison reads the zone with ansible.builtin.uri, works out which
records it lacks, and adds each with a uri task item. Both end in the same state, which the
benchmark reads back. Then both run again on the converged zone, and the collection in check
mode on the initial one. Every figure is a ratio of two playbooks run here, or a count the
simulator took.

By default it runs a reduced size (100 records) that the test pipeline runs in well under a
minute; `--full` converges a zone of 1000 records and rewrites the DNS results in
docs/performance.md.

Run from the repository root: `python bench/dns_records.py [--full]`.
"""

import os
import sys

import requests

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from collection import ROOT, Bench, benchmark_main, check, play, uri_task

sys.path.insert(0, ROOT)


RESULTS_START = "<!-- dns results: written by python bench/dns_records.py --full -->"
RESULTS_END = "<!-- end of dns results -->"
DOMAIN = "bench.example"
ZONE_ID = 1
# The collection's converge against the uri playbook's, in CPU time: one module run against a
# task item per record, so the collection must cost a fraction of it.
CONVERGE_TARGET = 0.5


class Size:
    def __init__(self, full):
        self.full = full
        self.records = 1000 if full else 100
        self.missing = self.records // 10
        self.slack = 1.0 if full else 1.15


def wanted_records(size):
    return [{"type": "A", "name": "host%d" % number, "value": "10.%d.%d.%d" % (number // 65536, number // 256 % 256, number % 256)}
            for number in range(size.records)]


def initial_state(size):
    """The zone with every wanted record but the last tenth."""
    present = wanted_records(size)[: size.records - size.missing]
    return {"dns_zones": [{"Id": ZONE_ID, "Domain": DOMAIN,
                           "Records": [{"Type": "A", "Name": record["name"], "Value": record["value"]} for record in present]}]}


def collection_playbook(records):
    return play([{"name": "The zone's records", "bunnynet.cloud.dns_record": {"zone": DOMAIN, "records": "{{ records }}"}}],
                records=records)


def uri_playbook(records):
    """Read the zone, then add each record it lacks: what a user writes without the collection."""
    return play([
        dict(uri_task("Read the zone", "/dnszone/%d" % ZONE_ID), register="zone"),
        {"name": "Note the records the zone has",
         "ansible.builtin.set_fact": {
             "present": "{{ zone.json.Records | map(attribute='Name') | zip(zone.json.Records | map(attribute='Value')) "
                        "| map('join', ' ') | list }}"}},
        dict(uri_task("Add each record the zone lacks", "/dnszone/%d/records" % ZONE_ID, method="PUT", status_code=201,
                      body_format="json", body={"Type": 0, "Name": "{{ item.name }}", "Value": "{{ item.value }}"}),
             loop="{{ records }}", when="(item.name ~ ' ' ~ item.value) not in present"),
    ], records=records)


def zone_records(simulator):
    answer = requests.get("%s/dnszone/%d" % (simulator.url, ZONE_ID), headers=simulator.headers, timeout=30)
    answer.raise_for_status()
    return sorted((record["Name"], record["Value"]) for record in answer.json()["Records"])


def converge(bench, size, results):
    records = wanted_records(size)
    expected = sorted((record["name"], record["value"]) for record in records)
    collection = bench.write_playbook("dns-collection", collection_playbook(records))
    uri = bench.write_playbook("dns-uri", uri_playbook(records))
    state = initial_state(size)
    label = "DNS records (%d)" % size.records

    checked = bench.run(collection, state, "--check")
    results.add(label, "collection --check: requests (writes)", "%d (%d)" % (checked.requests, checked.writes), "1 (0)",
                checked.requests == 1 and checked.writes == 0)

    ours = bench.run(collection, state)
    check(results, zone_records(bench.simulator) == expected, "the collection left the zone otherwise than asked")
    theirs = bench.run(uri, state)
    check(results, zone_records(bench.simulator) == expected, "the uri playbook left the zone otherwise than asked")
    results.add(label, "converge: collection requests (writes)", "%d (%d)" % (ours.requests, ours.writes),
                "%d (%d)" % (1 + size.missing, size.missing), (ours.requests, ours.writes) == (1 + size.missing, size.missing))
    results.add(label, "converge: uri playbook requests (writes)", "%d (%d)" % (theirs.requests, theirs.writes))
    ratio = ours.cpu_seconds / theirs.cpu_seconds
    results.add(label, "converge: CPU time collection / uri (wall)", "%.2f (%.2f)" % (ratio, ours.seconds / theirs.seconds),
                "< %.2f" % CONVERGE_TARGET, ratio < CONVERGE_TARGET * size.slack)

    rerun = bench.run(collection, None)
    uri_rerun = bench.run(uri, None)
    results.add(label, "re-run: collection requests (writes)", "%d (%d)" % (rerun.requests, rerun.writes), "1 (0)",
                (rerun.requests, rerun.writes) == (1, 0))
    results.add(label, "re-run: CPU time collection / uri (wall)", "%.2f (%.2f)" % (
        rerun.cpu_seconds / uri_rerun.cpu_seconds, rerun.seconds / uri_rerun.seconds))


def main():
    def run(simulator, workdir, size, results):
        converge(Bench(workdir, simulator), size, results)

    return benchmark_main(__doc__, "a zone of 1000 records; rewrites the DNS results in docs/performance.md", Size, run,
                          (RESULTS_START, RESULTS_END))


if __name__ == "__main__":
    sys.exit(main())
