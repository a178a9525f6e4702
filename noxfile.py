"""The collection's test layers as nox sessions: one session per layer, each runnable alone.

    nox -l                       # every session
    nox -s units                 # one of them
    nox -s sanity-2.21 integration-2.21

The ansible-core releases are declared once (CORES); a session that runs on several is named
after each (`sanity-2.19`, `sanity-2.21`). Every session installs tests/requirements.txt with
the constraints of its release into an environment of its own (uv, reused between runs), and
the sessions that run ansible-test or molecule work on a copy of the tree under
ansible_collections/bunnynet/cloud with a HOME of their own (tests/output/home/<session>), so
that sessions run side by side never share a simulator or a folder. `bash tests/run-tests.sh`
runs them all, on both cores; docs/development.md says which runs where.
"""

import contextlib
import os
import pwd
import re
import shutil
import subprocess
import sys
import time
from functools import wraps
from glob import glob
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
OUTPUT = ROOT / "tests" / "output"
REQUIREMENTS = "tests/requirements.txt"

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_venv = "yes"
nox.options.error_on_external_run = True
# Nothing runs unless named: tests/run-tests.sh chooses the sessions for the machine.
nox.options.sessions = []


def find_newest_python(version="3.12"):
    """A Python `version` for the newest ansible-core releases, wherever it is installed, whatever $HOME is:
    on PATH, under $PYENV_ROOT, `pyenv root`, $HOME/.pyenv, the pyenv of the user's home as the password
    database has it (HOME may point elsewhere), or where uv keeps its Pythons. None when there is none."""
    found = shutil.which("python" + version)
    candidates = [found] if found else []
    roots = [os.environ.get("PYENV_ROOT"), os.path.expanduser("~/.pyenv"), os.path.join(pwd.getpwuid(os.getuid()).pw_dir, ".pyenv")]
    if shutil.which("pyenv"):
        roots.append(subprocess.run(["pyenv", "root"], capture_output=True, text=True, check=False).stdout.strip())
    for root in filter(None, roots):
        candidates += sorted(glob(os.path.join(root, "versions", version + "*", "bin", "python" + version)), reverse=True)
    uv = shutil.which("uv") or os.path.join(os.path.dirname(sys.executable), "uv")
    if os.path.exists(uv):
        candidates.append(subprocess.run([uv, "python", "find", "--no-project", version], capture_output=True, text=True, check=False).stdout.strip())
    for candidate in filter(None, candidates):
        answer = subprocess.run([candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"], capture_output=True, text=True, check=False)
        if answer.stdout.strip() == version:
            return candidate
    return None


NEWEST_PYTHON_VERSION = "3.12"
NEWEST_PYTHON = os.environ.get("BUNNYNET_NEWEST_PYTHON") or find_newest_python(NEWEST_PYTHON_VERSION) or NEWEST_PYTHON_VERSION
MISSING_PYTHON = (
    "Python %s is missing: ansible-core 2.20 and 2.21 need it. Install one (pyenv install 3.12, apt-get install python3.12, "
    "or uv python install 3.12) and put it on PATH or in a pyenv root, or set BUNNYNET_NEWEST_PYTHON to its path." % NEWEST_PYTHON_VERSION
)

# The ansible-core releases the collection is tested on, declared once: the Python each runs on and the
# constraints that pin its tools. 2.19 is the newest for the machine's python3 (3.11), 2.21 the newest release.
CORES = {
    "2.19": dict(python="3.11", constraints="tests/constraints.txt", core=None),
    "2.20": dict(python=NEWEST_PYTHON, constraints="tests/constraints-py3.12.txt", core="2.20.10"),
    "2.21": dict(python=NEWEST_PYTHON, constraints="tests/constraints-py3.12.txt", core=None),
}
DEFAULT_CORE, NEWEST_CORE = "2.19", "2.21"

# The units of the code that reads ansible-core's internals: the in-process runner (and the action
# plugins on it), the inventory plugin, the runtime metadata. The rest test the collection's own code
# and the simulator, which no ansible-core release changes. (ansible-test takes a folder as a pattern ending in "/".)
CORE_SENSITIVE_UNITS = ["tests/unit/plugins/plugin_utils/", "tests/unit/plugins/inventory/", "tests/unit/meta/"]
# The runtime dependencies whose newest releases units-newest runs the units with, instead of the pins.
RUNTIME_DEPENDENCIES = ["ansible-core", "requests", "PyYAML"]


def timed(function):
    """Add the session's time and outcome to tests/output/nox-times.txt, which tests/run-tests.sh prints at the end."""

    @wraps(function)
    def session_function(session, *args, **kwargs):
        started, outcome = time.monotonic(), "FAILED"
        try:
            function(session, *args, **kwargs)
            outcome = "passed"
        finally:
            OUTPUT.mkdir(parents=True, exist_ok=True)
            with open(OUTPUT / "nox-times.txt", "a") as times:
                times.write("%5d s  %-7s %s\n" % (time.monotonic() - started, outcome, session.name))

    return session_function


def core_session(cores, **kwargs):
    """A session for each of `cores`, named <name>-<release>, on that release's Python."""

    def decorate(function):
        for core in cores:
            name = "%s-%s" % (kwargs.get("name", function.__name__.replace("_", "-")), core)

            def bound(session, _core=core):
                return function(session, _core)

            bound.__doc__ = "%s (ansible-core %s)" % ((function.__doc__ or "").strip(), core)
            nox.session(name=name, python=CORES[core]["python"])(timed(bound))
        return function

    return decorate


def session_tmp(session):
    """The session's own temporary folder (nox's), as an absolute path, and TMPDIR. (nox's create_tmp() gives a
    path relative to the folder the session is in, which after a chdir into the tree would be inside it.)"""
    tmp = ROOT / session.virtualenv.location / "tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    session.env["TMPDIR"] = str(tmp)
    return tmp


def install(session, core=DEFAULT_CORE, *extra):
    """The test requirements with the release's pins (and the release itself when it is not the one pinned)."""
    constraints = ROOT / CORES[core]["constraints"]
    if CORES[core]["core"]:
        pinned = session_tmp(session) / "constraints.txt"
        pinned.write_text(re.sub(r"(?m)^ansible-core==.*$", "ansible-core==%s" % CORES[core]["core"], constraints.read_text()))
        constraints = pinned
    session.install("-r", REQUIREMENTS, "-c", str(constraints), *extra, silent=True)


def collection_tree(session):
    """A fresh copy of the working tree (with .git, for ansible-test) at <tmp>/ansible_collections/bunnynet/cloud."""
    destination = session_tmp(session) / "tree" / "ansible_collections" / "bunnynet" / "cloud"
    shutil.rmtree(destination.parents[2], ignore_errors=True)
    ignored = {".nox", ".venv", ".venv-nox", ".venv-py3.12", ".venv-core2.20", ".venv-mutation", ".ansible", ".hypothesis", ".ruff_cache", ".pytest_cache"}
    shutil.copytree(
        ROOT,
        destination,
        symlinks=True,
        ignore=lambda folder, names: [name for name in names if (Path(folder) == ROOT and name in ignored) or Path(folder, name) == OUTPUT],
    )
    session.chdir(str(destination))
    return destination


def own_home(session):
    """A HOME for the session (its ansible-test environments, its simulator), kept between runs."""
    home = OUTPUT / "home" / session.name
    (home / ".ansible" / "test" / "cache").mkdir(parents=True, exist_ok=True)
    session.env["HOME"] = str(home)
    return home


def stop_simulator(home):
    """The simulator the setup_simulator target started under HOME (see its defaults), stopped and forgotten."""
    directory = home / ".ansible" / "test" / "bunnynet-cloud-simulator"
    with contextlib.suppress(OSError, ValueError):
        os.kill(int((directory / "pid").read_text()), 15)
    shutil.rmtree(directory, ignore_errors=True)


def pip_bootstrap(session, home):
    """ansible-test downloads its pip bootstrap script from a host outside the package registries; the
    stand-in is named for the pip version this ansible-test asks for."""
    version = session.run(
        "python",
        "-c",
        "from ansible_test._internal.host_configs import NativePythonConfig; "
        "from ansible_test._internal.python_requirements import get_venv_packages; "
        "print(get_venv_packages(NativePythonConfig(version=None))['pip'])",
        silent=True,
    ).strip()
    shutil.copy(ROOT / "tests" / "utils" / "get_pip_offline.py", home / ".ansible" / "test" / "cache" / ("get_pip_%s.py" % version.replace(".", "_")))


def python_version(session):
    return session.run("python", "-c", "import sys; print('%d.%d' % sys.version_info[:2])", silent=True).strip()


def tee(session, log, *command):
    """Run the command with its output on the console and in `log`; fails as the command fails."""
    log.parent.mkdir(parents=True, exist_ok=True)
    session.run("bash", "-c", 'set -o pipefail; "${@:2}" 2>&1 | tee "$1"', "tee", str(log), *command, external=True)


# --- Lint, docs, changelog, build ---------------------------------------------------------------------


# The paths ruff format keeps: ruff format --check covers them, ruff check covers everything. A path
# joins the list once it is formatted (plugins/ does at the line length of 120).
FORMATTED = [
    "noxfile.py",
    "docs/reference",
    "bench/simulator_throughput.py",
    "plugins/action",
    "plugins/doc_fragments",
    "tests/integration/targets/edge_script_examples",
    "tests/unit/extensions",
]


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def lint(session):
    """ruff check everywhere, ruff format --check on FORMATTED."""
    session.install("ruff", "-c", CORES[DEFAULT_CORE]["constraints"], silent=True)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", *FORMATTED)


@nox.session(name="ansible-lint", python=CORES[DEFAULT_CORE]["python"])
@timed
def ansible_lint(session):
    """ansible-lint, production profile (.ansible-lint)."""
    install(session)
    collection_tree(session)
    session.run("ansible-lint")


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def docs(session):
    """antsibull-docs lint-collection-docs, with the plugins' documentation."""
    install(session)
    collection_tree(session)
    session.run("antsibull-docs", "lint-collection-docs", "--plugin-docs", ".")


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def changelog(session):
    """antsibull-changelog lint: the fragments and changelogs/changelog.yaml."""
    install(session)
    collection_tree(session)
    session.run("antsibull-changelog", "lint")


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def build(session):
    """ansible-galaxy collection build, into tests/output/build."""
    install(session)
    collection_tree(session)
    session.run("ansible-galaxy", "collection", "build", "--force", "--output-path", str(OUTPUT / "build"))


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def reference(session):
    """The module and role reference in HTML (tests/build-docs.sh), warnings as errors."""
    install(session)
    collection_tree(session)
    session.run("bash", "tests/build-docs.sh", str(session_tmp(session) / "docs"), external=True)


# --- Sanity, units, integration ------------------------------------------------------------------------


@core_session(CORES)
def sanity(session, core):
    """ansible-test sanity, every test, in its own environments (--venv), shellcheck from PyPI's wheel."""
    install(session, core)
    home = own_home(session)
    collection_tree(session)
    pip_bootstrap(session, home)
    session.run("ansible-test", "sanity", "--venv", "--python", python_version(session), "--color", "no")


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def units(session):
    """Every unit test with pytest in two workers (ansible-test units forks a process per test: three times as long)."""
    install(session)
    run_all_units(session)


@nox.session(name="units-newest", python=NEWEST_PYTHON)
@timed
def units_newest(session):
    """Every unit test with the newest releases of the runtime dependencies (ansible-core, requests, PyYAML), not the pins."""
    if not os.path.isabs(str(session.python)):
        session.error(MISSING_PYTHON)
    unpinned = session_tmp(session) / "constraints.txt"
    names = {name.lower() for name in RUNTIME_DEPENDENCIES}
    unpinned.write_text(
        "".join(line for line in (ROOT / CORES[NEWEST_CORE]["constraints"]).read_text().splitlines(True) if line.split("==")[0].strip().lower() not in names)
    )
    upgrades = [argument for name in RUNTIME_DEPENDENCIES for argument in ("--upgrade-package", name)]
    session.install("-r", REQUIREMENTS, "-c", str(unpinned), *upgrades, silent=True)
    session.run(
        "python",
        "-c",
        "import ansible, requests, yaml; print('newest releases: ansible-core %s, requests %s, PyYAML %s' % "
        "(ansible.__version__, requests.__version__, yaml.__version__))",
    )
    run_all_units(session)


def run_all_units(session):
    tree = collection_tree(session)
    session.env["PYTHONPATH"] = str(tree.parents[2])
    tee(session, OUTPUT / "units" / (session.name + ".log"), "python", "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider", "tests/unit")


@core_session(CORES, name="units-core")
def units_core(session, core):
    """The core-sensitive units (CORE_SENSITIVE_UNITS) through ansible-test units."""
    install(session, core)
    home = own_home(session)
    collection_tree(session)
    pip_bootstrap(session, home)
    tee(
        session,
        OUTPUT / "units" / (session.name + ".log"),
        "ansible-test",
        "units",
        "--python",
        python_version(session),
        "--color",
        "no",
        *CORE_SENSITIVE_UNITS,
    )


def run_integration(session, core, targets):
    """ansible-test integration at -vvvv (the most a user's run shows) into tests/output/integration-<session>.log,
    then a search of that log for the fixtures' secrets. The console gets each target's name and recap, and the
    log's tail when the run fails."""
    install(session, core)
    home = own_home(session)
    collection_tree(session)
    pip_bootstrap(session, home)
    log = OUTPUT / ("%s.log" % session.name)
    stop_simulator(home)
    # The session's environment, as session.run would give it (nox marks a variable to unset with None).
    environment = {name: value for name, value in dict(os.environ, **session.env).items() if value is not None}
    environment.update(PATH=os.pathsep.join([str(ROOT / session.bin), os.environ["PATH"]]), VIRTUAL_ENV=str(ROOT / session.virtualenv.location))
    # Every target runs even after one fails, so that a run names every failing target at once.
    command = ["ansible-test", "integration", "--continue-on-error", "--python", python_version(session), "--color", "no", "-vvvv", *targets]
    session.log("%s > %s" % (" ".join(command), log))
    try:
        with open(log, "w") as output:
            status = subprocess.call(command, stdout=output, stderr=subprocess.STDOUT, env=environment)
    finally:
        stop_simulator(home)
    lines = log.read_text(errors="replace").splitlines()
    print("\n".join(line for line in lines if re.match(r"^(Running .* integration test role|[\w-]+ +: ok=)", line)))
    if status:
        print("--- the last 150 lines of %s:\n%s" % (log, "\n".join(lines[-150:])))
    # The scan runs whatever the targets did: a failing run may leak too.
    session.run("python", str(ROOT / "tests" / "utils" / "find_leaked_secrets.py"), str(log))
    if status:
        session.error("ansible-test integration failed (%d)" % status)


@core_session(CORES)
def integration(session, core):
    """Every integration target (or those named after `--`), then the secret scan of the -vvvv output."""
    run_integration(session, core, session.posargs)


@core_session(CORES, name="in-process")
def in_process(session, core):
    """The in_process target (modules run in the worker through ansible-core's internals), then the secret scan."""
    run_integration(session, core, ["in_process"])


@nox.session(name="unit-count", python=False)
@timed
def unit_count(session):
    """The units sessions' closing pytest lines added up; fails when a run collected no tests (a suite that finds nothing must not pass)."""
    totals, empty_runs = {"passed": 0, "failed": 0, "error": 0}, []
    logs = sorted((OUTPUT / "units").glob("*.log"))
    for log in logs:
        for line in log.read_text(errors="replace").splitlines():
            # pytest's last line, "N passed, M failed in 1.23s", between rows of "=" unless run with -q.
            if re.match(r"^(=+ )?(no tests ran|\d+ \w+(, \d+ \w+)*) in [0-9.]+s", line):
                counts = re.findall(r"(\d+) (passed|failed|errors?)", line)
                if not any(outcome == "passed" for _count, outcome in counts):
                    empty_runs.append(log.name)
                for count, outcome in counts:
                    totals[outcome.rstrip("s")] += int(count)
    print(
        "unit: %d passed, %d failed, in %d logs (%s); pytest runs without a passing test: %s"
        % (totals["passed"], totals["failed"] + totals["error"], len(logs), ", ".join(log.stem for log in logs), ", ".join(empty_runs) or "none")
    )
    if empty_runs or not totals["passed"]:
        session.error("a unit test run passed no test")


# --- What users meet: the installed collection, molecule, benchmarks, demo ----------------------------------


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def shipped(session):
    """pytest against the built and installed collection: the sandbox, the guides as written, AWX, the execution environment."""
    install(session)
    collection_tree(session)
    session.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/shipped")


@core_session(CORES)
def molecule(session, core):
    """The molecule scenarios under extensions/molecule, each in full: those named after `--`, else all. molecule looks for an
    optional 'default' scenario, which these do not use, and logs its absence as CRITICAL: that one line is dropped."""
    install(session, core)
    own_home(session)
    tree = collection_tree(session)
    scenarios = session.posargs or sorted(path.parent.name for path in (tree / "extensions" / "molecule").glob("*/molecule.yml"))
    if not scenarios:
        session.error("no molecule scenario to run")
    session.chdir(str(tree / "extensions"))
    failed = []
    for scenario in scenarios:
        try:
            session.run(
                "bash",
                "-c",
                'set -o pipefail; molecule test -s "$1" 2>&1 | grep -v "molecule/default/molecule.yml\' glob failed"',
                "molecule",
                scenario,
                external=True,
            )
        except nox.command.CommandFailed:
            failed.append(scenario)
    if failed:
        session.error("molecule scenarios failed: %s" % ", ".join(failed))


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def benchmarks(session):
    """Every benchmark under bench/, each checking its own bounds."""
    install(session)
    collection_tree(session)
    failed = []
    for benchmark in sorted(glob("bench/*.py")):
        try:
            session.run("python", benchmark)
        except nox.command.CommandFailed:
            failed.append(benchmark)
    if failed:
        session.error("benchmarks failed: %s" % ", ".join(failed))


@nox.session(python=CORES[DEFAULT_CORE]["python"])
@timed
def demo(session):
    """The README's demo command (tests/run-demo.sh), in this session's environment."""
    install(session)
    session.env["BUNNYNET_TEST_VENV"] = str(ROOT / session.virtualenv.location)
    session.run("bash", str(ROOT / "tests" / "run-demo.sh"), external=True)
