"""Applies the hand-written mutants of tests/layer_mutants.yml one at a time and runs the tests that should notice each.

tests/run-layer-mutants.sh calls this with a copy of the collection, in the test environment and
with a HOME of its own; see that script and docs/mutation-testing.md.

    python tests/utils/layer_mutants.py --tree COPY --mutants FILE --report FOLDER [--timeout S] [--no-baseline] [--check] [ID ...]

A mutant names a file, a piece of its text (which must occur exactly once: a mutant whose text is
gone or ambiguous stops the run instead of counting as killed) and what replaces it; the mutated
file must still parse. Before the
mutants, each test command they name runs once on the unchanged tree and must pass, so that a
failure under a mutant is the mutant's doing.
"""

import argparse
import contextlib
import datetime
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

KINDS = ("pytest", "integration", "molecule")
LOG_TAIL_LINES = 80


class StaleMutant(Exception):
    """A mutant whose original text is no longer in its file or is there more than once, or that breaks the file's syntax."""


def load_mutants(path):
    mutants = yaml.safe_load(Path(path).read_text(encoding="utf-8"))["mutants"]
    seen = set()
    for mutant in mutants:
        missing = {"id", "file", "original", "replacement", "bug", "tests"} - set(mutant)
        if missing:
            raise SystemExit("mutant %s lacks %s" % (mutant.get("id", mutant), ", ".join(sorted(missing))))
        if mutant["id"] in seen:
            raise SystemExit("mutant id %s is used twice" % mutant["id"])
        seen.add(mutant["id"])
        if mutant["original"] == mutant["replacement"]:
            raise SystemExit("mutant %s replaces its text with the same text" % mutant["id"])
        for command in mutant["tests"]:
            if command.split()[0] not in KINDS:
                raise SystemExit("mutant %s: test command %r is none of %s" % (mutant["id"], command, ", ".join(KINDS)))
    return mutants


def mutated_text(tree, mutant):
    """The mutant's file as it is, and as the mutant makes it."""
    path = tree / mutant["file"]
    if not path.is_file():
        raise StaleMutant("%s: %s does not exist" % (mutant["id"], mutant["file"]))
    text = path.read_text(encoding="utf-8")
    found = text.count(mutant["original"])
    if found != 1:
        raise StaleMutant("%s: its original text occurs %d times in %s, not once:\n%s" % (mutant["id"], found, mutant["file"], mutant["original"]))
    mutated = text.replace(mutant["original"], mutant["replacement"])
    # A mutant that breaks the syntax would be killed by any test, and would say nothing about them.
    try:
        if path.suffix == ".py":
            compile(mutated, str(path), "exec")
        elif path.suffix in (".yml", ".yaml"):
            yaml.safe_load(mutated)
    except (SyntaxError, yaml.YAMLError) as error:
        raise StaleMutant("%s: the mutated %s does not parse: %s" % (mutant["id"], mutant["file"], error)) from None
    return text, mutated


class Runner:
    """Runs test commands in the copy of the collection, each in its own process group, within a time limit."""

    def __init__(self, tree, logs, timeout):
        self.tree = tree
        self.logs = logs
        self.timeout = timeout
        self.python_version = "%d.%d" % sys.version_info[:2]
        self.environment = dict(os.environ, PYTHONPATH=str(tree.parents[2]), ANSIBLE_NOCOLOR="1", NO_COLOR="1")

    def argv(self, command):
        kind, *arguments = command.split()
        if kind == "pytest":
            # Temporary folders under the run's own, so that a simulator a test left behind can be found.
            return [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "--basetemp", str(self.scratch()), *arguments], self.tree
        if kind == "integration":
            return ["ansible-test", "integration", "--python", self.python_version, "--color", "no", *arguments], self.tree
        return ["molecule", "test", "-s", *arguments], self.tree / "extensions"

    def scratch(self):
        return self.tree.parents[2] / "pytest"

    def run(self, command, log_name):
        """'passed', 'failed' or 'timeout'; the command's output goes to log_name in the logs folder."""
        argv, cwd = self.argv(command)
        log_path = self.logs / log_name
        started = time.monotonic()
        with open(log_path, "w", encoding="utf-8") as log:
            log.write("$ %s\n" % " ".join(argv))
            log.flush()
            process = subprocess.Popen(argv, cwd=str(cwd), env=self.environment, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            try:
                outcome = "passed" if process.wait(timeout=self.timeout) == 0 else "failed"
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                outcome = "timeout"
            log.write("\n[%s after %.0f s]\n" % (outcome, time.monotonic() - started))
        self.stop_left_simulators()
        return outcome

    def stop_left_simulators(self):
        """Stop any simulator that a failed or stopped test left running in this run's folders."""
        root = str(self.tree.parents[2])
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                command = (entry / "cmdline").read_bytes()
                cwd = os.readlink(str(entry / "cwd"))
            except OSError:
                continue
            if b"tests.simulator" in command and (cwd == root or cwd.startswith(root + os.sep)):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(entry.name), signal.SIGTERM)


def log_tail(path):
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return "\n".join(lines[-LOG_TAIL_LINES:])


def run_mutant(runner, mutant):
    """('killed' | 'survived' | 'timeout', the command that noticed it or None)."""
    path = runner.tree / mutant["file"]
    original, mutated = mutated_text(runner.tree, mutant)
    path.write_text(mutated, encoding="utf-8")
    try:
        for index, command in enumerate(mutant["tests"]):
            outcome = runner.run(command, "%s.%d.log" % (mutant["id"], index))
            if outcome == "failed":
                return "killed", command
            if outcome == "timeout":
                return "timeout", command
        return "survived", None
    finally:
        path.write_text(original, encoding="utf-8")


def baseline(runner, mutants):
    """Runs every test command the mutants name on the unchanged tree; stops the run if one fails."""
    commands = list(dict.fromkeys(command for mutant in mutants for command in mutant["tests"]))
    for number, command in enumerate(commands):
        print("baseline %d/%d: %s" % (number + 1, len(commands), command), flush=True)
        log_name = "baseline.%d.log" % number
        outcome = runner.run(command, log_name)
        if outcome != "passed":
            print(log_tail(runner.logs / log_name))
            raise SystemExit("The unchanged tree does not pass %r (%s); no mutant can be judged by it. Log: %s"
                             % (command, outcome, runner.logs / log_name))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--tree", type=Path, required=True, help="the copy of the collection, at .../ansible_collections/bunnynet/cloud")
    parser.add_argument("--mutants", type=Path, required=True)
    parser.add_argument("--report", type=Path, required=True)
    parser.add_argument("--timeout", type=int, default=600, help="seconds each test command may take")
    parser.add_argument("--no-baseline", action="store_true", help="skip the run of every test command on the unchanged tree")
    parser.add_argument("--check", action="store_true", help="only check that every mutant still applies")
    parser.add_argument("ids", nargs="*", help="run only these mutants")
    options = parser.parse_args()

    mutants = load_mutants(options.mutants)
    unknown = set(options.ids) - {mutant["id"] for mutant in mutants}
    if unknown:
        raise SystemExit("no mutant has the id %s" % ", ".join(sorted(unknown)))
    chosen = [mutant for mutant in mutants if not options.ids or mutant["id"] in options.ids]
    try:
        for mutant in chosen:
            mutated_text(options.tree, mutant)
    except StaleMutant as stale:
        raise SystemExit("Stale mutant, update tests/layer_mutants.yml: %s" % stale) from None
    if options.check:
        print("%d mutants apply." % len(chosen))
        return

    shutil.rmtree(options.report, ignore_errors=True)
    logs = options.report / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    runner = Runner(options.tree, logs, options.timeout)
    if not options.no_baseline:
        baseline(runner, chosen)

    results = []
    for number, mutant in enumerate(chosen):
        started = time.monotonic()
        outcome, by = run_mutant(runner, mutant)
        results.append(dict(id=mutant["id"], file=mutant["file"], bug=mutant["bug"], outcome=outcome, by=by))
        noticed = " by %s" % by if by else ""
        print("%d/%d %s: %s%s (%.0f s)" % (number + 1, len(chosen), mutant["id"], outcome, noticed, time.monotonic() - started), flush=True)

    counts = {outcome: sum(result["outcome"] == outcome for result in results) for outcome in ("killed", "timeout", "survived")}
    # A test that runs past its time limit under a mutant noticed it (a wait that never ends), as in run-mutation.sh.
    detected = counts["killed"] + counts["timeout"]
    figure = "mutants: %d; killed %d, timed out %d, survived %d; detected: %.1f %%" % (
        len(results), counts["killed"], counts["timeout"], counts["survived"], 100.0 * detected / len(results) if results else 0)
    survivors = [result for result in results if result["outcome"] == "survived"]
    (options.report / "results.json").write_text(json.dumps(dict(
        date=datetime.date.today().isoformat(), figure=figure, results=results), indent=2) + "\n", encoding="utf-8")
    (options.report / "results.txt").write_text("".join(
        "%s: %s%s\n" % (result["id"], result["outcome"], " (%s)" % result["by"] if result["by"] else "") for result in results), encoding="utf-8")
    print()
    for survivor in survivors:
        print("survived: %s (%s): %s" % (survivor["id"], survivor["file"], survivor["bug"]))
    print(figure)


if __name__ == "__main__":
    main()
