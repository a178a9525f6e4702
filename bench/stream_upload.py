"""Benchmarks of Stream uploads against the simulator, each measured side by side in one run.

- catalogue: a folder of videos, published by the collection's stream_catalogue role and by the
  ansible.builtin.uri loop a user would otherwise write (create each video, PUT its file, with the
  library's key copied in): the first upload, a re-run on the unchanged folder (the collection
  must only read), and a re-run after one file changed (the collection uploads that one file). The
  uri loop cannot tell what changed, so it creates and uploads every video every time.
- memory: the module's peak memory (resident set, of its own process) as a single file grows: it
  streams the file a block at a time (by TUS in parts from 64 MiB), so the peak stays flat.

By default it runs in a reduced size that the test pipeline runs (about a minute) and checks the
figures with a margin for a loaded machine. `--full` runs 50 videos of 1 to 50 MB and a single file
of 10 MB to 1 GB, and rewrites its results in docs/performance.md; at that size the uri loop runs
once, since each of its re-runs would create and upload every video again, as the reduced size
measures and checks.

Run from the repository root: `python bench/stream_upload.py [--full]`.
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

RESULTS_START = "<!-- stream results: written by python bench/stream_upload.py --full -->"
RESULTS_END = "<!-- end of stream results -->"
LIBRARY_ID = 70
LIBRARY = "bench-courses"
LIBRARY_KEY = "bench-library-key"
MIB = 1024 * 1024
MODULE_TIME_LIMIT_SECONDS = 900
RERUN_TARGET = 5.0
MEMORY_GROWTH_LIMIT_MIB = 8


class Size:
    def __init__(self, full):
        self.full = full
        # Video n (from 1) has n MB in the full size, n * 256 KiB in the reduced one.
        self.videos = 50 if full else 12
        self.unit = MIB if full else MIB // 4
        self.memory_mib = (10, 100, 1000) if full else (8, 80)
        self.slack = 1.0 if full else 1.5


def write_file(path, size, seed):
    """A file of ``size`` bytes whose content depends on ``seed``, written a MiB at a time."""
    block = os.urandom(MIB)
    with open(path, "wb") as handle:
        handle.write(seed.encode())
        left = size - len(seed)
        while left > 0:
            handle.write(block[: min(MIB, left)])
            left -= MIB


def write_catalogue(folder, size):
    os.makedirs(folder)
    videos = []
    for number in range(1, size.videos + 1):
        name = "video-%02d.mp4" % number
        write_file(os.path.join(folder, name), number * size.unit, "video %d" % number)
        videos.append({"title": "Video %02d" % number, "src": name, "collection": "Part %d" % (1 + (number - 1) // 10)})
    with open(os.path.join(folder, "catalogue.yml"), "w") as handle:
        json.dump({"videos": videos}, handle)
    return videos


def fixtures():
    return {"video_libraries": [{"Id": LIBRARY_ID, "Name": LIBRARY, "ApiKey": LIBRARY_KEY}], "settings": {"encoding_seconds": 0}}


def collection_playbook(folder):
    playbook = play([{"name": "Publish the catalogue", "ansible.builtin.include_role": {"name": "bunnynet.cloud.stream_catalogue"},
                      "vars": {"stream_catalogue_library": LIBRARY, "stream_catalogue_dir": folder}}])
    playbook[0]["module_defaults"] = {
        "group/bunnynet.cloud.all": {"api_url": "{{ api_url }}", "api_key": "{{ api_key }}", "stream_api_url": "{{ api_url }}/stream"}}
    return playbook


def uri_playbook(folder, videos, stream_url):
    """What a user writes without the collection: create each video, then PUT its file, with the library's key copied in."""
    base = "%s/library/%d/videos" % (stream_url, LIBRARY_ID)
    return play([
        {"name": "Create each video", "loop": videos, "loop_control": {"label": "{{ item.title }}"},
         "ansible.builtin.uri": {"url": base, "method": "POST", "body_format": "json", "body": {"title": "{{ item.title }}"},
                                 "headers": {"AccessKey": LIBRARY_KEY}},
         "register": "created"},
        {"name": "Upload each file", "loop": "{{ created.results }}", "loop_control": {"label": "{{ item.item.title }}"},
         "ansible.builtin.uri": {"url": base + "/{{ item.json.guid }}", "method": "PUT", "src": folder + "/{{ item.item.src }}",
                                 "headers": {"AccessKey": LIBRARY_KEY, "Content-Type": "application/octet-stream"}}},
    ])


def catalogue(bench, size, results, workdir):
    folder = os.path.join(workdir, "catalogue")
    videos = write_catalogue(folder, size)
    total_mib = sum(range(1, size.videos + 1)) * size.unit / MIB
    collection = bench.write_playbook("stream-collection", collection_playbook(folder))
    uri = bench.write_playbook("stream-uri", uri_playbook(folder, videos, bench.env["BUNNYNET_STREAM_API_URL"]))
    label = "catalogue (%d videos, %.0f MB)" % (size.videos, total_mib)
    runs = {}
    for name, playbook in (("collection", collection), ("uri", uri)):
        first = bench.run(playbook, fixtures(), time_limit=MODULE_TIME_LIMIT_SECONDS * 2)
        if name == "uri" and size.full:
            runs[name] = (first, first, first)
            continue
        unchanged = bench.run(playbook, None, time_limit=MODULE_TIME_LIMIT_SECONDS)
        with open(os.path.join(folder, "video-01.mp4"), "ab") as handle:
            handle.write(b"a new ending")
        changed = bench.run(playbook, None, time_limit=MODULE_TIME_LIMIT_SECONDS)
        runs[name] = (first, unchanged, changed)
        write_file(os.path.join(folder, "video-01.mp4"), size.unit, "video 1")
    for step, index, uploads in (("first upload", 0, size.videos), ("unchanged re-run", 1, 0), ("one file changed", 2, 1)):
        mine, theirs = runs["collection"][index], runs["uri"][index]
        if index and theirs is runs["uri"][0]:
            step += " (uri loop: its first run's figures)"
        cpu = theirs.cpu_seconds / mine.cpu_seconds
        wall = theirs.seconds / mine.seconds
        target = ">= %.0fx" % RERUN_TARGET if index else ""
        results.add(label, "%s: uri loop / collection: CPU time (wall time)" % step, "%.1fx (%.1fx)" % (cpu, wall), target,
                    not index or cpu >= RERUN_TARGET / size.slack)
        results.add(label, "%s: collection requests (reads + writes), uploads" % step, "%d + %d, %d" % (
            mine.reads, mine.writes, mine.uploads), "%d uploads" % uploads, mine.uploads == uploads)
        results.add(label, "%s: uri loop requests (reads + writes), uploads" % step, "%d + %d, %d" % (
            theirs.reads, theirs.writes, theirs.uploads), "%d uploads" % size.videos, theirs.uploads == size.videos)
    unchanged = runs["collection"][1]
    check(results, unchanged.writes == 0, "the unchanged re-run wrote %d times; it must only read" % unchanged.writes)


def run_module(bench, args, workdir):
    """Run stream_video as a process of its own; its result, its wall time and its peak memory in MiB."""
    args_file = os.path.join(workdir, "module-args.json")
    with open(args_file, "w") as handle:
        json.dump({"ANSIBLE_MODULE_ARGS": dict(args, api_url=bench.simulator.url, api_key=bench.simulator.api_key,
                                               stream_api_url=bench.simulator.url + "/stream")}, handle)
    # The module's own high-water mark of resident memory (not ru_maxrss, which an exec inherits).
    code = ("import runpy, sys\n"
            "try:\n"
            "    runpy.run_module('ansible_collections.bunnynet.cloud.plugins.modules.stream_video', run_name='__main__')\n"
            "finally:\n"
            "    with open('/proc/self/status') as status:\n"
            "        sys.stderr.write(''.join(line for line in status if line.startswith('VmHWM:')))\n")
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, args_file], capture_output=True, text=True, timeout=MODULE_TIME_LIMIT_SECONDS,
                          env=dict(bench.env, PYTHONPATH=os.path.join(bench.workdir, "collections")), check=False)
    seconds = time.perf_counter() - started
    result = json.loads(done.stdout)
    if result.get("failed"):
        raise SystemExit("stream_video failed: %s" % result["msg"])
    peak_mib = int(done.stderr.rsplit("VmHWM:", 1)[1].split()[0]) / 1024.0
    return result, seconds, peak_mib


def memory(bench, size, results, workdir):
    peaks = []
    for mib in size.memory_mib:
        path = os.path.join(workdir, "large-%d.mp4" % mib)
        write_file(path, mib * MIB, "large %d" % mib)
        bench.simulator.load_fixtures(fixtures())
        result, seconds, peak = run_module(bench, {"library": LIBRARY, "title": "Large %d" % mib, "src": path}, workdir)
        os.remove(path)
        check(results, result["uploaded"]["bytes"] == mib * MIB, "the %d MB file was not uploaded whole" % mib)
        peaks.append(peak)
        results.add("memory", "%d MB file (%s): module peak memory; upload time" % (mib, result["uploaded"]["method"]),
                    "%.0f MiB; %.1f s" % (peak, seconds))
    growth = max(peaks) - min(peaks)
    results.add("memory", "peak memory growth from %d MB to %d MB" % (size.memory_mib[0], size.memory_mib[-1]), "%.0f MiB" % growth,
                "< %d MiB" % MEMORY_GROWTH_LIMIT_MIB, growth < MEMORY_GROWTH_LIMIT_MIB)


def count_uploads(logged):
    """The uploads a run sent: a PUT of a video's content, or the start of a TUS upload (its parts are one upload)."""
    puts = sum(entry["method"] == "PUT" and entry["path"].startswith("/stream/library/") for entry in logged)
    tus = sum(entry["method"] == "POST" and entry["path"] == "/stream/tusupload" for entry in logged)
    return puts + tus


def main():
    def run(simulator, workdir, size, results):
        bench = Bench(workdir, simulator)
        bench.env["BUNNYNET_STREAM_API_URL"] = simulator.url + "/stream"
        measured_run = bench.run

        def run_counting(playbook, fixtures_, *options, **kwargs):
            done = measured_run(playbook, fixtures_, *options, **kwargs)
            done.uploads = count_uploads(simulator.requests())
            return done
        bench.run = run_counting
        catalogue(bench, size, results, workdir)
        memory(bench, size, results, workdir)
        shutil.rmtree(os.path.join(workdir, "catalogue"), ignore_errors=True)

    return benchmark_main(__doc__, "the full size, and rewrite the results in docs/performance.md", Size, run,
                          (RESULTS_START, RESULTS_END))


if __name__ == "__main__":
    sys.exit(main())
