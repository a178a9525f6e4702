"""Benchmarks of storage_sync against the simulator, each measured side by side in one run.

- deploy: many small files and one large file, synced by the collection's storage_sync task and by
  the ansible.builtin.uri loop a user would otherwise write (find the files, PUT each one): the
  first upload, a re-run on the unchanged directory, and a re-run after 10 files changed. The uri
  loop cannot tell what changed, so it uploads everything every time; storage_sync lists the
  zone's directories and uploads what differs.
- memory: the module's peak memory (resident set, of its own process) as the large file grows:
  it streams files, so the peak stays flat.
- parallel uploads: with latency injected on every upload, storage_sync over 8 connections
  against the same sync over one.

By default it runs in a reduced size that the test pipeline runs (well under a minute) and checks
the figures with a margin for a loaded machine. `--full` runs the full size (2000 small files, a
large file of 10 MB to 500 MB) and rewrites its results in docs/performance.md. At that size the
uri loop runs once (about 15 minutes): each of its re-runs would upload every file again, as the
reduced size measures and checks, so its first run stands for them.

Run from the repository root: `python bench/storage_sync.py [--full]`.
"""

import json
import os
import shutil
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)

from collection import Bench, benchmark_main, check, play  # noqa: E402

RESULTS_START = "<!-- storage results: written by python bench/storage_sync.py --full -->"
RESULTS_END = "<!-- end of storage results -->"
ZONE = "bench-site"
PASSWORD = "bench-zone-password"
MIB = 1024 * 1024
# A module run that takes longer than this is a hang, not a slow machine.
MODULE_TIME_LIMIT_SECONDS = 600
# A uri loop item costs more as the loop grows (Ansible keeps every item's result): at 2000 files
# one run takes longer than a module run may.
URI_ITEM_TIME_LIMIT_SECONDS = 2
# The checks' targets: how much less the collection costs than the uri loop, how flat the memory
# stays, and how much parallel uploads gain when every upload waits on the network.
RERUN_TARGET = 5.0
MEMORY_GROWTH_LIMIT_MIB = 8
PARALLEL_TARGET = 4.0


class Size:
    def __init__(self, full):
        self.full = full
        self.small_files = 2000 if full else 16
        self.directories = 20 if full else 4
        self.large_mib = 50 if full else 4
        self.changed = 10
        self.memory_mib = (10, 100, 500) if full else (10, 40)
        self.latency_files = 64 if full else 24
        self.latency_ms = 100
        self.connections = 8
        self.slack = 1.0 if full else 1.5


def write_build(folder, size):
    """The site: small files spread over directories, and one large file."""
    for number in range(size.small_files):
        path = os.path.join(folder, "dir%02d" % (number % size.directories), "page%04d.html" % number)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            handle.write("<h1>Page %d</h1>\n" % number)
    write_large(os.path.join(folder, "video.bin"), size.large_mib)


def write_large(path, mib):
    """A file of random-looking bytes, written a MiB at a time."""
    block = os.urandom(MIB)
    with open(path, "wb") as handle:
        for _megabyte in range(mib):
            handle.write(block)


def fixtures():
    return {"storage_zones": [{"Id": 1, "Name": ZONE, "Password": PASSWORD}]}


def collection_playbook(build):
    return play([{"name": "Sync the build", "bunnynet.cloud.storage_sync": {
        "storage_zone": ZONE, "src": build, "api_url": "{{ api_url }}", "api_key": "{{ api_key }}"}}])


def uri_playbook(build, storage_url):
    """What a user writes without the collection: find every file and PUT it, with the zone's password copied in."""
    return play([
        {"name": "Find the build's files", "ansible.builtin.find": {"paths": build, "recurse": True, "file_type": "file"},
         "register": "found"},
        {"name": "Upload each file", "loop": "{{ found.files }}", "loop_control": {"label": "{{ item.path }}"},
         "ansible.builtin.uri": {
             "url": storage_url + "/" + ZONE + "/{{ item.path | relpath('" + build + "') }}",
             "method": "PUT", "src": "{{ item.path }}", "headers": {"AccessKey": PASSWORD}, "status_code": 201}},
    ])


def change_files(build, size):
    """Append to the first files of the build, the same ones on every call."""
    for number in range(size.changed):
        with open(os.path.join(build, "dir%02d" % (number % size.directories), "page%04d.html" % number), "a") as handle:
            handle.write("<p>changed</p>\n")


def deploy(bench, size, results, workdir):
    build = os.path.join(workdir, "build")
    write_build(build, size)
    files = size.small_files + 1
    collection = bench.write_playbook("sync-collection", collection_playbook(build))
    uri = bench.write_playbook("sync-uri", uri_playbook(build, bench.env["BUNNYNET_STORAGE_URL"]))
    label = "deploy (%d files)" % files

    runs = {}
    time_limit = max(MODULE_TIME_LIMIT_SECONDS, URI_ITEM_TIME_LIMIT_SECONDS * files)
    for name, playbook in (("collection", collection), ("uri", uri)):
        first = bench.run(playbook, fixtures(), time_limit=time_limit)
        if name == "uri" and size.full:
            # The uri loop cannot tell what changed: each of its runs uploads every file again, the
            # first run's work (the reduced size measures all three and checks they send the same).
            runs[name] = (first, first, first)
            continue
        unchanged = bench.run(playbook, None, time_limit=time_limit)
        change_files(build, size)
        changed = bench.run(playbook, None, time_limit=time_limit)
        runs[name] = (first, unchanged, changed)

    for step, index, collection_puts in (("first upload", 0, files), ("unchanged re-run", 1, 0), ("%d files changed" % size.changed, 2, size.changed)):
        mine, theirs = runs["collection"][index], runs["uri"][index]
        if index and theirs is runs["uri"][0]:
            step += " (uri loop: its first run's figures)"
        cpu = theirs.cpu_seconds / mine.cpu_seconds
        wall = theirs.seconds / mine.seconds
        target = ">= %.0fx" % RERUN_TARGET if index else ""
        results.add(label, "%s: uri loop / collection: CPU time (wall time)" % step, "%.1fx (%.1fx)" % (cpu, wall), target,
                    not index or cpu >= RERUN_TARGET / size.slack)
        results.add(label, "%s: collection requests (reads + writes)" % step, "%d + %d" % (mine.reads, mine.writes),
                    "%d writes" % collection_puts, mine.writes == collection_puts)
        results.add(label, "%s: uri loop requests (reads + writes)" % step, "%d + %d" % (theirs.reads, theirs.writes),
                    "%d writes" % files, theirs.writes == files)
    directories = size.directories + 1
    unchanged = runs["collection"][1]
    check(results, unchanged.reads == directories + 1,
          "the unchanged re-run read %d times; one read of the zone and one listing per directory make %d" % (unchanged.reads, directories + 1))


def run_module(bench, args, workdir):
    """Run storage_sync as a process of its own; its result, its wall time and its peak memory in MiB."""
    args_file = os.path.join(workdir, "module-args.json")
    with open(args_file, "w") as handle:
        json.dump({"ANSIBLE_MODULE_ARGS": dict(args, api_url=bench.simulator.url, api_key=bench.simulator.api_key)}, handle)
    # The module's own high-water mark of resident memory. Not ru_maxrss: Linux carries that over an
    # exec from the forking process, which here holds the simulator and the uploads it keeps.
    code = ("import runpy, sys\n"
            "try:\n"
            "    runpy.run_module('ansible_collections.bunnynet.cloud.plugins.modules.storage_sync', run_name='__main__')\n"
            "finally:\n"
            "    with open('/proc/self/status') as status:\n"
            "        sys.stderr.write(''.join(line for line in status if line.startswith('VmHWM:')))\n")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, args_file], capture_output=True, text=True, timeout=MODULE_TIME_LIMIT_SECONDS,
                          env=dict(bench.env, PYTHONPATH=os.path.join(bench.workdir, "collections")), check=False)
    seconds = time.perf_counter() - started
    result = json.loads(done.stdout)
    if result.get("failed"):
        raise SystemExit("storage_sync failed: %s" % result["msg"])
    peak_mib = int(done.stderr.rsplit("VmHWM:", 1)[1].split()[0]) / 1024.0
    return result, seconds, peak_mib


def memory(bench, size, results, workdir):
    peaks = []
    for mib in size.memory_mib:
        folder = os.path.join(workdir, "large-%d" % mib)
        os.makedirs(folder)
        write_large(os.path.join(folder, "video.bin"), mib)
        bench.simulator.load_fixtures(fixtures())
        result, seconds, peak = run_module(bench, {"storage_zone": ZONE, "src": folder}, workdir)
        shutil.rmtree(folder)
        check(results, result["bytes_sent"] == mib * MIB, "the %d MB file was not uploaded whole" % mib)
        peaks.append(peak)
        results.add("memory", "%d MB file: module peak memory; upload time" % mib, "%.0f MiB; %.1f s" % (peak, seconds))
    growth = max(peaks) - min(peaks)
    results.add("memory", "peak memory growth from %d MB to %d MB" % (size.memory_mib[0], size.memory_mib[-1]), "%.0f MiB" % growth,
                "< %d MiB" % MEMORY_GROWTH_LIMIT_MIB, growth < MEMORY_GROWTH_LIMIT_MIB)


def parallel(bench, size, results, workdir):
    folder = os.path.join(workdir, "latency")
    os.makedirs(folder)
    for number in range(size.latency_files):
        with open(os.path.join(folder, "file%03d.txt" % number), "w") as handle:
            handle.write("file %d\n" % number)
    seconds = {}
    for connections in (1, size.connections):
        bench.simulator.load_fixtures(fixtures())
        bench.simulator.add_fault(method="PUT", path="^/storage/", delay_ms=size.latency_ms)
        bench.simulator.clear_requests()
        result, seconds[connections], _peak = run_module(bench, {"storage_zone": ZONE, "src": folder, "connections": connections}, workdir)
        check(results, len(result["uploaded"]) == size.latency_files, "not every file was uploaded over %d connections" % connections)
    bench.simulator.clear_faults()
    label = "parallel uploads (%d files, %d ms each)" % (size.latency_files, size.latency_ms)
    ratio = seconds[1] / seconds[size.connections]
    results.add(label, "1 connection / %d connections: wall time" % size.connections, "%.1fx (%.1f s / %.1f s)" % (
        ratio, seconds[1], seconds[size.connections]), ">= %.0fx" % PARALLEL_TARGET, ratio >= PARALLEL_TARGET / size.slack)


def main():
    def run(simulator, workdir, size, results):
        bench = Bench(workdir, simulator)
        bench.env["BUNNYNET_STORAGE_URL"] = simulator.url + "/storage"
        deploy(bench, size, results, workdir)
        memory(bench, size, results, workdir)
        parallel(bench, size, results, workdir)

    return benchmark_main(__doc__, "the full size, and rewrite the results in docs/performance.md", Size, run,
                          (RESULTS_START, RESULTS_END))


if __name__ == "__main__":
    sys.exit(main())
