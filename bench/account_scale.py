"""The account as one truth at scale: the inventory read, the export and the audit of one account, side by side.

An account of N resources of each kind (pull zones with hostnames and rules, DNS zones with records,
storage zones with files, Shield zones with rules, Edge Scripts, applications, video libraries,
registries) is read as the inventory plugin reads it (every list's pages, and each application,
whose list is a summary), read with the roles' variables (the reads the API forces for what a list
leaves out: a script's code, secrets and live release, a Shield zone's rules, lists and bot
detection, a storage zone's files, a library's pull zone), exported, and audited against that
export. Each runs in a process of its own, whose CPU time and peak memory it reports; the simulator
logs the requests. The export must take at most twice, and the audit at most three times, the CPU
of the read with the roles' variables they both need; each read-only run sends GETs only, as many
as that read; CPU time grows linearly with the account.

By default it measures 10 and 40 resources of each kind (the test pipeline runs it); `--full`
measures 10, 100 and 1000 and rewrites its results in docs/performance.md.

Run from the repository root: `python bench/account_scale.py [--full]`.
"""

import json
import os
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)

from collection import ROOT, benchmark_main, check  # noqa: E402

RESULTS_START = "<!-- account results: written by python bench/account_scale.py --full -->"
RESULTS_END = "<!-- end of account results -->"
KINDS = 8
EXPORT_TARGET = 2.0
AUDIT_TARGET = 3.0
# CPU per resource may grow this much from the smallest account to the largest before it is not linear.
LINEAR_MARGIN = 1.6
CODE = "export default { fetch() { return new Response('ok'); } };\n"

# What each measured process does, with the collection importable: print its own CPU time, peak
# memory (KiB) and what it produced.
CHILD = r"""
import json, os, resource, sys, time
import yaml
from ansible_collections.bunnynet.cloud.plugins.module_utils import account
from ansible_collections.bunnynet.cloud.plugins.module_utils.account_files import inventory_files, write_files
from ansible_collections.bunnynet.cloud.plugins.module_utils.api import BunnyClient

step, url, key, folder = sys.argv[1:5]
client = BunnyClient(key, url, 30, 0)
storage = url + "/storage"
if step == "read":
    produced = len(account.read_account(client))
elif step == "read_roles":
    produced = len(account.read_account(client, with_roles=True, storage_url=storage))
elif step == "export":
    hosts = [dict(host, variables=host["role_variables"]) for host in account.read_account(client, with_roles=True, storage_url=storage)
             if host["role"]]
    produced = len(write_files(folder, inventory_files(hosts), False))
else:
    described = []
    for host in sorted(os.listdir(os.path.join(folder, "host_vars"))):
        with open(os.path.join(folder, "host_vars", host, "main.yml")) as handle:
            variables = yaml.safe_load(handle)
        role = next(shape.role for kind in account.KINDS for shape in kind.shapes if shape.identity in variables)
        code_file = variables.get("edge_script_deploy_code_file")
        if code_file:
            with open(code_file.replace("{{ inventory_dir }}", folder)) as handle:
                variables["edge_script_deploy_code"] = handle.read()
        described.append(dict(host=host, role=role, variables=variables))
    findings, unmanaged = account.audit_account(client, described, storage_url=storage)
    produced = sum(finding["drifted"] for finding in findings)
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps(dict(cpu=usage.ru_utime + usage.ru_stime, memory_kib=usage.ru_maxrss, produced=produced)))
"""


class Size:
    def __init__(self, full):
        self.full = full
        self.counts = (10, 100, 1000) if full else (10, 40)


def account_fixtures(count):
    """``count`` resources of each kind, each with what its role manages."""
    registries = [{"id": 100 + index, "displayName": "registry-%d" % index, "hostName": "ghcr.io", "userName": "bot"} for index in range(count)]
    pull_zones = [{"Id": 1000 + index, "Name": "zone-%d" % index, "OriginUrl": "https://origin-%d.example.com" % index,
                   "Hostnames": [{"Value": "cdn-%d.example.com" % index, "ForceSSL": True}], "AllowedReferrers": ["example.com"],
                   "EdgeRules": [{"Guid": "00000000-0000-4000-8000-%012d" % index, "Description": "Block admin", "ActionType": 4,
                                  "Enabled": True}]} for index in range(count)]
    return dict(
        registries=registries,
        apps=[{"id": "app%06d" % index, "name": "app-%d" % index, "runtimeType": "shared", "autoScaling": {"min": 1, "max": 2},
               "containerTemplates": [{"id": "tpl%06d" % index, "name": "web", "imageRegistryId": str(100 + index), "imageNamespace": "acme",
                                       "imageName": "web", "imageTag": "1.0.%d" % index}]} for index in range(count)],
        edge_scripts=[{"Id": 5000 + index, "Name": "script-%d" % index, "ScriptType": 1, "Code": CODE,
                       "EdgeScriptVariables": [{"Name": "REGION", "DefaultValue": "eu"}], "Secrets": [{"Name": "TOKEN", "Secret": "s"}]}
                      for index in range(count)],
        pull_zones=pull_zones,
        shield_zones=[{"shieldZoneId": 7000 + index, "pullZoneId": 1000 + index, "planType": 1} for index in range(count)],
        video_libraries=[{"Id": 9000 + index, "Name": "library-%d" % index} for index in range(count)],
        dns_zones=[{"Id": 3000 + index, "Domain": "zone-%d.example" % index,
                    "Records": [{"Type": 0, "Name": "www", "Value": "192.0.2.10"}, {"Type": 2, "Name": "cdn", "Value": "zone.b-cdn.net"}]}
                   for index in range(count)],
        storage_zones=[{"Id": 4000 + index, "Name": "files-%d" % index, "Region": "DE"} for index in range(count)],
    )


def upload_files(simulator, count):
    """A file in each storage zone, through the storage API with the zone's password."""
    import requests

    with requests.Session() as session:
        for index in range(count):
            zone = session.get("%s/storagezone/%d" % (simulator.url, 4000 + index), headers=simulator.headers, timeout=30).json()
            answer = session.put("%s/storage/%s/index.html" % (simulator.url, zone["Name"]), data=b"<h1>%d</h1>" % index,
                                 headers={"AccessKey": zone["Password"]}, timeout=30)
            answer.raise_for_status()


def measure(simulator, workdir, step, folder):
    simulator.clear_requests()
    environment = dict(os.environ, PYTHONPATH=os.path.join(workdir, "collections"))
    started = time.perf_counter()
    completed = subprocess.run([sys.executable, "-c", CHILD, step, simulator.url, simulator.api_key, folder], env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=3600, check=False)
    seconds = time.perf_counter() - started
    if completed.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (step, completed.stdout[-3000:]))
    figures = json.loads(completed.stdout.strip().splitlines()[-1])
    logged = simulator.requests()
    figures.update(seconds=seconds, requests=len(logged), writes=sum(entry["method"] != "GET" for entry in logged))
    return figures


def run(simulator, workdir, size, results):
    collections = os.path.join(workdir, "collections", "ansible_collections", "bunnynet")
    os.makedirs(collections)
    os.symlink(ROOT, os.path.join(collections, "cloud"))
    per_resource = []
    for count in size.counts:
        simulator.load_fixtures(account_fixtures(count))
        upload_files(simulator, count)
        folder = os.path.join(workdir, "inventory-%d" % count)
        read = measure(simulator, workdir, "read", folder)
        read_roles = measure(simulator, workdir, "read_roles", folder)
        export = measure(simulator, workdir, "export", folder)
        audit = measure(simulator, workdir, "audit", folder)
        label = "account of %d x %d kinds" % (count, KINDS)
        for name, figures in (("inventory read", read), ("read with roles' variables", read_roles), ("export", export), ("audit", audit)):
            results.add(label, "%s: CPU s, requests, peak MiB" % name,
                        "%.2f s, %d, %.0f MiB" % (figures["cpu"], figures["requests"], figures["memory_kib"] / 1024))
        export_ratio = export["cpu"] / read_roles["cpu"]
        audit_ratio = audit["cpu"] / read_roles["cpu"]
        results.add(label, "export CPU / read with roles' variables", "%.2fx" % export_ratio, "<= %.1fx" % EXPORT_TARGET,
                    export_ratio <= EXPORT_TARGET)
        results.add(label, "audit CPU / read with roles' variables", "%.2fx" % audit_ratio, "<= %.1fx" % AUDIT_TARGET,
                    audit_ratio <= AUDIT_TARGET)
        check(results, export["writes"] == 0 and audit["writes"] == 0, "the export and the audit wrote to the API")
        check(results, audit["requests"] <= read_roles["requests"], "the audit sent more requests than the read it needs")
        check(results, audit["produced"] == 0, "the audit of a fresh export found drift")
        per_resource.append((count, audit["cpu"] / count, export["cpu"] / count))
    smallest, largest = per_resource[0], per_resource[-1]
    for column, name in ((1, "audit"), (2, "export")):
        growth = largest[column] / smallest[column]
        results.add("growth %d -> %d" % (smallest[0], largest[0]), "%s CPU per resource" % name, "%.2fx" % growth,
                    "<= %.1fx (linear)" % LINEAR_MARGIN, growth <= LINEAR_MARGIN)


if __name__ == "__main__":
    sys.exit(benchmark_main(__doc__, "10, 100 and 1000 resources of each kind; rewrites docs/performance.md", Size, run,
                            (RESULTS_START, RESULTS_END)))
