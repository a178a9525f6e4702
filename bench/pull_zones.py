"""Pull zones from nothing, measured side by side with the ansible.builtin.uri playbooks a user would write.

- create: configured pull zones made by the collection (one pullzone task per zone) and by a uri
  playbook that lists the account's zones and creates each one missing;
- edge rules: zones given twenty edge rules each, by pullzone_edge_rule's rules list and by a uri
  playbook that reads each zone and adds each rule it lacks;
- the re-run of both on the converged state, and the collection in check mode, which read only.

Each figure is a ratio of two runs made here one after the other, or a count the simulator took.
By default it runs in a reduced size for the test pipeline; `--full` runs 50 zones and 10 zones x
20 rules and rewrites its results in docs/performance.md.

Run from the repository root: `python bench/pull_zones.py [--full]`.
"""

import sys

from collection import Bench, benchmark_main, check, play, uri_task

RESULTS_START = "<!-- pull zone results: written by python bench/pull_zones.py --full -->"
RESULTS_END = "<!-- end of pull zone results -->"
RULES_PER_ZONE = 20


class Size:
    def __init__(self, full):
        self.full = full
        self.created_zones = 50 if full else 10
        self.rule_zones = 10 if full else 3
        self.slack = 1.0 if full else 1.15


def zone_settings(index):
    """What each new zone is given: an origin, regions, caching, blocked countries and CORS."""
    return dict(name="bench-site-%02d" % index, origin_url="https://origin%02d.example.com" % index, regions=["EU", "US"],
                cache_expiration=86400, blocked_countries=["KP"], cors_enabled=True, cors_extensions=["css", "js"])


def api_body(settings):
    """The same zone in the API's create model, as the uri playbook has to spell it."""
    return {"Name": settings["name"], "OriginUrl": settings["origin_url"], "EnableGeoZoneEU": True, "EnableGeoZoneUS": True,
            "EnableGeoZoneASIA": False, "EnableGeoZoneSA": False, "EnableGeoZoneAF": False, "CacheControlMaxAgeOverride": 86400,
            "BlockedCountries": ["KP"], "EnableAccessControlOriginHeader": True, "AccessControlOriginHeaderExtensions": ["css", "js"]}


def rule(index):
    return {"description": "Cache path %02d" % index,
            "actions": [{"type": "override_cache_time", "parameter_1": str(60 * (index + 1))}],
            "triggers": [{"type": "url", "patterns": ["*/path%02d/*" % index]}]}


def api_rule(index):
    """The same rule in the API's model: numbers for the action and trigger types."""
    return {"Description": "Cache path %02d" % index, "Enabled": True, "ActionType": 3, "ActionParameter1": str(60 * (index + 1)),
            "TriggerMatchingType": 0, "Triggers": [{"Type": 0, "PatternMatches": ["*/path%02d/*" % index], "PatternMatchingType": 0}]}


def create_playbooks(zones):
    collection = play([{"name": "Create each zone", "loop": "{{ zones }}", "bunnynet.cloud.pullzone": "{{ item }}"}], zones=zones)
    uri = play([
        dict(uri_task("List the account's zones", "/pullzone"), register="existing"),
        dict(uri_task("Create each zone the account lacks", "/pullzone", method="POST", body_format="json", body="{{ item }}",
                      status_code=[201]),
             loop="{{ bodies }}", when="item.Name not in existing.json | map(attribute='Name')"),
    ], bodies=[api_body(zone) for zone in zones])
    return collection, uri


def rule_playbooks(zone_ids):
    collection = play([{"name": "Give each zone its rules", "loop": "{{ zone_ids }}",
                        "bunnynet.cloud.pullzone_edge_rule": {"pull_zone_id": "{{ item }}", "rules": "{{ rules }}"}}],
                      zone_ids=zone_ids, rules=[rule(index) for index in range(RULES_PER_ZONE)])
    uri = play([
        dict(uri_task("Read each zone", "/pullzone/{{ item }}"), loop="{{ zone_ids }}", register="current"),
        dict(uri_task("Add each rule a zone lacks", "/pullzone/{{ item.0.item }}/edgerules/addOrUpdate", method="POST",
                      body_format="json", body="{{ item.1 }}", status_code=[200, 201]),
             loop="{{ current.results | product(rules) | list }}",
             when="item.1.Description not in item.0.json.EdgeRules | map(attribute='Description')"),
    ], zone_ids=zone_ids, rules=[api_rule(index) for index in range(RULES_PER_ZONE)])
    return collection, uri


def compare(bench, size, results, label, playbooks, fixtures, expected_reads, expected_writes, rerun_reads, settled):
    """Run the collection's playbook (check mode, apply, re-run) and the uri playbook on the same start."""
    collection, uri = (bench.write_playbook("%s-%s" % (label.split()[0], name), playbook) for name, playbook in zip(("collection", "uri"), playbooks))
    checked = bench.run(collection, fixtures, "--check")
    applied = bench.run(collection, fixtures)
    check(results, settled(), "the collection's %s playbook left the account other than wanted" % label)
    again = bench.run(collection, None)
    by_uri = bench.run(uri, fixtures)
    check(results, settled(), "the uri %s playbook left the account other than wanted" % label)
    cpu = by_uri.cpu_seconds / applied.cpu_seconds
    results.add(label, "uri playbook / collection playbook: CPU time (wall time)", "%.1fx (%.1fx)" % (cpu, by_uri.seconds / applied.seconds),
                ">= 1x", cpu >= 1.0 / size.slack)
    results.add(label, "collection requests (reads + writes)", "%d + %d" % (applied.reads, applied.writes),
                "%d + %d" % (expected_reads, expected_writes), (applied.reads, applied.writes) == (expected_reads, expected_writes))
    results.add(label, "uri playbook requests (reads + writes)", "%d + %d" % (by_uri.reads, by_uri.writes))
    results.add(label, "collection re-run on the converged state (reads + writes)", "%d + %d" % (again.reads, again.writes),
                "%d + 0" % rerun_reads, again.writes == 0 and again.reads == rerun_reads)
    results.add(label, "collection in --check (reads + writes)", "%d + %d" % (checked.reads, checked.writes), "0 writes", checked.writes == 0)


def create(bench, size, results):
    zones = [zone_settings(index) for index in range(size.created_zones)]

    def settled():
        names = {zone["Name"]: zone for zone in bench.simulator_zones()}
        return all(zone["name"] in names and names[zone["name"]]["CacheControlMaxAgeOverride"] == 86400 for zone in zones)

    # Each pullzone task looks its zone up by name, and again under the create lock in case a
    # parallel task made it meanwhile (two reads), then creates it (one write).
    compare(bench, size, results, "create (%d zones)" % len(zones), create_playbooks(zones), {"pull_zones": []},
            2 * len(zones), len(zones), len(zones), settled)


def edge_rules(bench, size, results):
    zone_ids = [200 + index for index in range(size.rule_zones)]
    fixtures = {"pull_zones": [{"Id": zone_id, "Name": "bench-rules-%d" % zone_id} for zone_id in zone_ids]}

    def settled():
        return all(len(bench.zone(zone_id)["EdgeRules"]) == RULES_PER_ZONE for zone_id in zone_ids)

    compare(bench, size, results, "edge rules (%d zones x %d)" % (len(zone_ids), RULES_PER_ZONE), rule_playbooks(zone_ids), fixtures,
            len(zone_ids), len(zone_ids) * RULES_PER_ZONE, len(zone_ids), settled)


class PullZoneBench(Bench):
    def simulator_zones(self):
        return self._get("/pullzone")

    def zone(self, zone_id):
        return self._get("/pullzone/%d" % zone_id)

    def _get(self, path):
        import requests

        answer = requests.get(self.simulator.url + path, headers=self.simulator.headers, timeout=30)
        answer.raise_for_status()
        return answer.json()


def main():
    def run(simulator, workdir, size, results):
        bench = PullZoneBench(workdir, simulator)
        for benchmark in (create, edge_rules):
            benchmark(bench, size, results)

    return benchmark_main(__doc__, "full size; rewrites the pull zone results in docs/performance.md", Size, run,
                          (RESULTS_START, RESULTS_END))


if __name__ == "__main__":
    sys.exit(main())
