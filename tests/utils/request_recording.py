"""Record what the tests send and get back, so that a refactoring can prove it changed nothing.

Three parts:

* a pytest plugin (``-p tests.utils.request_recording`` with ``BUNNYNET_RECORD=<file>``) that
  records, for every unit test, each HTTP request a module or a test sent (method, path, query,
  body) and each result a module returned in-process;
* ``integration LOG RECORD OUTPUT``: the integration run's side, from the simulator's record of
  every request (``BUNNYNET_SIMULATOR_RECORD``) and the module results in the -vvvv log;
* ``compare BEFORE AFTER [PATTERN...]``: what differs between two recordings, test by test (only
  the tests whose names contain a pattern, when some are given).

Values that differ from run to run (generated GUIDs, timestamps, ports, temporary paths) are
replaced by stable placeholders, numbered in the order each test first shows them, so that two
runs of unchanged code record the same.
"""

import copy
import json
import os
import random
import re
import secrets
import sys
import threading

UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.IGNORECASE)
TIMESTAMP = re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?")
LOCAL_URL = re.compile(r"https?://(?:127\.0\.0\.1|localhost):\d+")
TEMPORARY = re.compile(r"(?:/tmp|/var/tmp|%s)/[^\s'\",:]+" % re.escape(os.environ.get("TMPDIR", "/tmp").rstrip("/")))
# Result keys whose values depend on the machine or the clock, not on the code under test.
VOLATILE_KEYS = frozenset(("invocation", "_ansible_no_log", "warnings", "deprecations", "elapsed", "waited_seconds"))
# ...and, in integration runs, of the files setup_simulator stats and the commands targets run.
INTEGRATION_VOLATILE_KEYS = VOLATILE_KEYS | frozenset((
    "atime", "ctime", "mtime", "inode", "dev", "version", "checksum", "delta", "start", "end"))


class Placeholders:
    """Stable stand-ins for the values that change from run to run, numbered by first sight."""

    def __init__(self, volatile=VOLATILE_KEYS):
        self.seen = {}
        self.volatile = volatile

    def _stand_in(self, kind, value):
        key = (kind, value.lower())
        if key not in self.seen:
            self.seen[key] = "<%s-%d>" % (kind, sum(1 for seen_kind, _value in self.seen if seen_kind == kind) + 1)
        return self.seen[key]

    def text(self, value):
        value = LOCAL_URL.sub("<simulator>", value)
        value = TEMPORARY.sub("<tmp>", value)
        value = UUID.sub(lambda match: self._stand_in("uuid", match.group(0)), value)
        return TIMESTAMP.sub("<time>", value)

    def data(self, value):
        if isinstance(value, dict):
            return {self.text(str(key)): self.data(item) for key, item in value.items() if key not in self.volatile}
        if isinstance(value, (list, tuple)):
            return [self.data(item) for item in value]
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value


# --- The pytest plugin -------------------------------------------------------------------------

class _Recorder:
    def __init__(self):
        self.lock = threading.Lock()
        self.current = None
        self.tests = {}
        # The in-process simulator draws the ids it makes (Magic Containers ids, pull zones made on
        # the side, DNSSEC keys) from ``secrets``; seeded again before each test, they repeat.
        self.random = random.Random(0)

    def add(self, kind, entry):
        with self.lock:
            if self.current is not None:
                self.current.append([kind, entry])


_recorder = _Recorder()


def _install_patches():
    import requests
    from ansible.module_utils import basic

    send = requests.Session.request

    def recorded_request(session, method, url, params=None, data=None, headers=None, cookies=None, files=None,
                         auth=None, timeout=None, allow_redirects=True, proxies=None, hooks=None, stream=None,
                         verify=None, cert=None, json=None):
        path = re.sub(r"^https?://[^/]+", "", url)
        body = json if json is not None else (None if data is None or hasattr(data, "read") else "<%d bytes>" % len(data))
        # Copied as sent: a caller may change its query after the request (the next page's number).
        _recorder.add("request", copy.deepcopy([method, path, params, body]))
        return send(session, method, url, params=params, data=data, headers=headers, cookies=cookies, files=files, auth=auth,
                    timeout=timeout, allow_redirects=allow_redirects, proxies=proxies, hooks=hooks, stream=stream,
                    verify=verify, cert=cert, json=json)

    requests.Session.request = recorded_request
    returned = basic.AnsibleModule._return_formatted

    def recorded_result(module, kwargs):
        _recorder.add("result", dict(kwargs))
        return returned(module, kwargs)

    basic.AnsibleModule._return_formatted = recorded_result
    secrets.choice = _recorder.random.choice
    secrets.randbelow = _recorder.random.randrange
    secrets.token_hex = lambda size=32: "%0*x" % (2 * size, _recorder.random.getrandbits(8 * size))


def pytest_configure(config):
    if os.environ.get("BUNNYNET_RECORD"):
        _install_patches()


def pytest_runtest_setup(item):
    with _recorder.lock:
        _recorder.current = []
        _recorder.random.seed(0)


def pytest_runtest_teardown(item, nextitem):
    with _recorder.lock:
        entries, _recorder.current = _recorder.current, None
    if entries is not None:
        placeholders = Placeholders()
        _recorder.tests[item.nodeid] = [[kind, placeholders.data(entry)] for kind, entry in entries]


def pytest_sessionfinish(session, exitstatus):
    target = os.environ.get("BUNNYNET_RECORD")
    if not target or not _recorder.tests:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        target = "%s.%s" % (target, worker)
    with open(target, "w", encoding="utf-8") as handle:
        json.dump(_recorder.tests, handle, indent=0, sort_keys=True)


# --- The integration run -----------------------------------------------------------------------

TARGET_START = re.compile(r"^Running (\S+) integration test role")
TASK_RESULT = re.compile(r"^(ok|changed|failed|fatal): \[[^\]]+\](?: => \(item=.*?\))? => (\{.*)$")


def integration(log_path, record_path, output_path):
    """The integration run's recording: per target, the module results of the -vvvv log and the simulator's requests.

    The simulator's record is one sequence for the whole run (every target talks to one
    simulator); setup_simulator marks where each target begins (``GET /_sim/requests?target=``),
    and the control requests the targets send (fixtures loaded, log cleared) stay in it, so a
    difference is found where it happens.
    """
    results = {}
    target = None
    with open(log_path, encoding="utf-8", errors="replace") as log:
        lines = log.read().splitlines()
    for index, line in enumerate(lines):
        started = TARGET_START.match(line)
        if started:
            target = started.group(1)
            results.setdefault(target, [])
            continue
        found = TASK_RESULT.match(line)
        if target and found:
            text = found.group(2)
            # A result spans lines until its JSON closes.
            end = index
            while True:
                try:
                    value = json.loads(text)
                    break
                except ValueError:
                    end += 1
                    if end >= len(lines) or end - index > 5000:
                        value = None
                        break
                    text += "\n" + lines[end]
            if isinstance(value, dict) and "bunnynet" in json.dumps(value.get("invocation", {})) + line:
                results[target].append([found.group(1), Placeholders(INTEGRATION_VOLATILE_KEYS).data(value)])
    requests = {}
    target, placeholders = "(before the first target)", Placeholders()
    with open(record_path, encoding="utf-8") as record:
        for line in record:
            entry = json.loads(line)
            marker = (entry.get("query") or {}).get("target") if entry["path"] == "/_sim/requests" else None
            if marker:
                target, placeholders = marker, Placeholders()
            requests.setdefault(target, []).append(
                placeholders.data([entry["method"], entry["path"], entry.get("query"), entry.get("body"), entry.get("status")]))
    recording = {"results " + name: entries for name, entries in results.items()}
    recording.update(("requests " + name, entries) for name, entries in requests.items())
    with open(output_path, "w", encoding="utf-8") as handle:
        json.dump(recording, handle, indent=0, sort_keys=True)


# --- Comparing two recordings ------------------------------------------------------------------

def load(path):
    """A recording, merged from the files the pytest workers wrote (``path.gw0`` ...) when they did."""
    directory, name = os.path.split(os.path.abspath(path))
    merged = {}
    parts = [os.path.join(directory, entry) for entry in sorted(os.listdir(directory)) if entry == name or entry.startswith(name + ".gw")]
    for part in parts:
        with open(part, encoding="utf-8") as handle:
            merged.update(json.load(handle))
    return merged


def compare(before_path, after_path, *patterns, out=sys.stdout):
    """Print what differs, test by test; ``patterns`` (parts of test names) narrow the comparison to those tests."""
    before, after = load(before_path), load(after_path)
    names = sorted(set(before) | set(after))
    if patterns:
        names = [name for name in names if any(pattern in name for pattern in patterns)]
    differing = 0
    for name in names:
        if before.get(name) == after.get(name):
            continue
        differing += 1
        out.write("=== %s\n" % name)
        if name not in before or name not in after:
            out.write("    only in the %s recording\n" % ("after" if name not in before else "before"))
            continue
        old, new = before[name], after[name]
        if isinstance(old, dict):
            old, new = _flatten(old), _flatten(new)
        import difflib

        for line in difflib.unified_diff([json.dumps(entry, sort_keys=True) for entry in old],
                                         [json.dumps(entry, sort_keys=True) for entry in new], lineterm="", n=2):
            out.write("    %s\n" % line[:400])
    out.write("%d of %d recorded tests differ\n" % (differing, len(names)))
    return differing


def _flatten(recording):
    return [[key, entry] for key in sorted(recording) for entry in (recording[key] if isinstance(recording[key], list) else [recording[key]])]


if __name__ == "__main__":
    if sys.argv[1:2] == ["integration"] and len(sys.argv) == 5:
        integration(*sys.argv[2:])
    elif sys.argv[1:2] == ["compare"] and len(sys.argv) >= 4:
        sys.exit(1 if compare(*sys.argv[2:]) else 0)
    else:
        sys.exit(__doc__)
