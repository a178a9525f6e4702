#!/usr/bin/env bash
# Runs every test of the collection, on a fresh machine too: it makes its own virtual environments
# from pinned versions, then runs ruff, ansible-test sanity, units and integration, ansible-lint,
# the docs and changelog linters, the build, the module reference, the tests of the installed
# collection (sandbox, guides, AWX, execution environment), the molecule scenarios, the
# benchmarks and the demo with the newest ansible-core the machine's python3 takes (the default).
#
# Where the machine has Python 3.12 or newer (required when BUNNYNET_REQUIRE_NEWEST_CORE is set,
# as .ci/run does), the slow layers run once and the two cores share the work: beside the default
# half, a second half runs sanity, the whole integration suite and most molecule scenarios on the
# newest ansible-core release, and on it and on ansible-core 2.20 the units that hang on
# ansible-core's internals and the in_process target; the default half then runs the whole units,
# the in_process target and the other scenarios. Without one, the default half runs sanity, the
# whole integration suite and every scenario itself.
#
# Every step runs; the script fails if any step failed or could not run. Integration runs at -vvvv
# into tests/output/integration-<ansible-core version>.log, which is then searched for the
# fixtures' secrets.
set -euo pipefail

# The supported release between the default and the newest (tests/constraints-py3.12.txt pins the newest).
ANSIBLE_CORE_2_20=2.20.10

# shellcheck source=tests/utils/environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/environment.sh"

ensure_shellcheck
use_default_python_environment

work="$(mktemp -d)"
collection="$(copy_collection_tree "$work")"

# Where the setup_simulator integration target keeps the simulator it starts (see its defaults):
# under the HOME of the half that runs it.
simulator_dir() {
    printf '%s' "$HOME/.ansible/test/bunnynet-cloud-simulator"
}
stop_simulator() {
    local directory="${1:-$(simulator_dir)}"
    if [[ -f "$directory/pid" ]]; then
        kill "$(cat "$directory/pid")" 2>/dev/null || true
    fi
    rm -rf "$directory"
}
# The newest ansible-core's half has a HOME of its own (its simulator, ansible-test's sanity
# environments), kept between runs on a developer's machine like the default HOME's.
newest_home="$repository_root/tests/output/home-newest-core"
newest_pid=""
# A process and every process it started, children first.
kill_tree() {
    local child
    for child in $(pgrep -P "$1"); do
        kill_tree "$child"
    done
    kill "$1" 2>/dev/null || true
}
finish() {
    [[ -n "$newest_pid" ]] && kill_tree "$newest_pid"
    stop_simulator
    stop_simulator "$newest_home/.ansible/test/bunnynet-cloud-simulator"
    rm -rf "$work"
}
trap finish EXIT

# Each half writes the steps it failed and their times into a folder of its own.
results="$work/results-default"
mkdir -p "$work/results-default" "$work/results-newest"
step_passed=0
step() {
    local name="$1" started=$SECONDS
    shift
    echo
    echo "===== $name: $*"
    if "$@"; then
        echo "----- $name passed ($((SECONDS - started)) s)"
        step_passed=1
    else
        echo "----- $name FAILED ($((SECONDS - started)) s)"
        echo "$name" >>"$results/failed"
        step_passed=0
    fi
    printf '%5d s  %s\n' $((SECONDS - started)) "$name" >>"$results/times"
}

# The units that hang on ansible-core's internals: the in-process runner (and the action plugins on
# it), the inventory plugin, the runtime metadata. The rest test the collection's own code and the
# simulator, which no ansible-core release changes, so they run once, with the default one.
# (ansible-test takes a folder of tests as a pattern ending in "/".)
CORE_SENSITIVE_UNITS=(tests/unit/plugins/plugin_utils/ tests/unit/plugins/inventory/ tests/unit/meta/)

# ansible_test_steps LABEL LAYERS [TARGET...]: ansible-test with whichever ansible-core is first on
# PATH. LAYERS is a comma-separated choice of "sanity", "units" (every unit test) and "core-units"
# (the core-sensitive ones); integration runs the targets named, every target when none are.
ansible_test_steps() {
    local label="$1" layers=",$2," python_version core_version
    shift 2
    python_version="$(python -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    core_version="$(python -c 'import ansible; print(ansible.__version__)')"
    install_pip_bootstrap
    if [[ "$layers" == *,sanity,* ]]; then
        step "sanity ($label)" ansible-test sanity --venv --python "$python_version" --color no
    fi
    if [[ "$layers" == *,core-units,* ]]; then
        # shellcheck disable=SC2016 # the inner shell expands them, from its arguments
        step "units ($label)" bash -c 'set -o pipefail; ansible-test units --python "$1" --color no "${@:3}" 2>&1 | tee -a "$2"' \
            units "$python_version" "$results/units.log" "${CORE_SENSITIVE_UNITS[@]}"
    else
        # Every unit test in two pytest workers, as docs/development.md runs them. ansible-test units
        # forks a process for each test, which made 5000 tests take eleven minutes instead of two and
        # a half; the tests share no state that the forks kept apart (each worker runs thousands).
        # shellcheck disable=SC2016 # the inner shell expands them, from its arguments
        step "units ($label)" bash -c 'set -o pipefail; PYTHONPATH="$1" python -m pytest -q -n 2 -p no:cacheprovider tests/unit 2>&1 | tee -a "$2"' \
            units "$(cd ../../.. && pwd)" "$results/units.log"
    fi
    stop_simulator
    local integration_log="$repository_root/tests/output/integration-$core_version.log"
    step "integration ($label)" run_integration "$python_version" "$integration_log" "$@"
    stop_simulator
    step "secrets in the integration output ($label)" python "$repository_root/tests/utils/find_leaked_secrets.py" "$integration_log"
}

# Integration at -vvvv, the most a user's run can show, into a log for the secret scan; the CI log
# gets each target's name and recap, and the log's tail when the run fails.
run_integration() {
    local python_version="$1" log="$2" status=0
    shift 2
    mkdir -p "$(dirname "$log")"
    rm -f "$log"
    ansible-test integration --python "$python_version" --color no -vvvv "$@" >"$log" 2>&1 || status=$?
    grep -E '^(Running .* integration test role|[[:alnum:]_-]+ +: ok=)' "$log" || true
    if ((status != 0)); then
        echo "--- the last 150 lines of $log:"
        tail -n 150 "$log"
    fi
    return "$status"
}

# Adds the closing summaries of every pytest run in the log into one line, and fails when any run
# collected no tests: a suite that silently finds nothing must not pass.
count_unit_tests() {
    python - "$work"/results-*/units.log <<'PY'
import fileinput
import re

totals = {"passed": 0, "failed": 0, "error": 0}
empty_runs = 0
with fileinput.input() as log:
    for line in log:
        # pytest's last line, "N passed, M failed in 1.23s", between rows of "=" unless run with -q.
        if re.match(r"^(=+ )?(no tests ran|\d+ \w+(, \d+ \w+)*) in [0-9.]+s", line):
            counts = re.findall(r"(\d+) (passed|failed|errors?)", line)
            empty_runs += not any(outcome == "passed" for _count, outcome in counts)
            for count, outcome in counts:
                totals[outcome.rstrip("s")] += int(count)
print("unit: %d passed, %d failed, %d pytest runs without a passing test" % (
    totals["passed"], totals["failed"] + totals["error"], empty_runs))
raise SystemExit(1 if empty_runs or not totals["passed"] else 0)
PY
}

# The molecule scenarios the default half runs, the others the newest half: with all in the newest
# half, from a fresh clone its steps took 25.5 minutes and the default half's 20, and a scenario
# takes twenty to forty seconds. A new scenario runs in the newest half.
DEFAULT_HALF_SCENARIOS=(storage_zone stream_catalogue team_member video_library)

# scenarios default|newest|all: the scenario folders under extensions/molecule that half runs.
scenarios() {
    local scenario
    for scenario in extensions/molecule/*/molecule.yml; do
        scenario="$(basename "$(dirname "$scenario")")"
        case "$1" in
        all) echo "$scenario" ;;
        default) [[ " ${DEFAULT_HALF_SCENARIOS[*]} " == *" $scenario "* ]] && echo "$scenario" ;;
        newest) [[ " ${DEFAULT_HALF_SCENARIOS[*]} " != *" $scenario "* ]] && echo "$scenario" ;;
        esac
    done
    return 0
}

# molecule_step LABEL SCENARIO...: the scenarios named, each in full, with whichever ansible-core is first
# on PATH. The step fails when it is given no scenario, so that roles without scenarios do not pass
# untested. molecule looks for an optional 'default' scenario (the holder of shared state, which
# these scenarios do not use) and logs its absence as CRITICAL; that one line is dropped, nothing else.
molecule_step() {
    local label="$1"
    shift
    compgen -G "roles/*/tasks" >/dev/null || compgen -G "extensions/molecule/*/molecule.yml" >/dev/null || return 0
    # shellcheck disable=SC2016 # the inner shell expands them, from its arguments
    step "molecule ($label)" bash -c 'set -o pipefail
        absent_default="$1"
        shift
        (($# > 0)) && cd extensions || exit 1
        status=0
        for scenario in "$@"; do
            molecule test -s "$scenario" 2>&1 | grep -v "$absent_default" || status=1
        done
        exit "$status"' molecule "'molecule/default/molecule.yml' glob failed" "$@"
}

# The newest ansible-core's half: sanity, every integration target and most molecule scenarios on the newest release, and on
# it and on ansible-core 2.20 (supported, between the two) the core-sensitive units and the target
# that runs modules in the worker process through ansible-core internals (plugin_utils/in_process.py).
# It runs from a copy of its own, so that the two halves' ansible-test runs never share a folder.
newest_half() {
    local newest_venv="$repository_root/.venv-py3.12" core_2_20_venv="$repository_root/.venv-core2.20"
    results="$work/results-newest"
    export HOME="$newest_home"
    mkdir -p "$HOME"
    cd "$(copy_collection_tree "$work/newest")"
    step "environment (newest ansible-core)" \
        ensure_python_environment "$newest_venv" "$newest_python" "$repository_root/tests/constraints-py3.12.txt"
    if ((step_passed)); then
        local newest_core
        newest_core="ansible-core $("$newest_venv/bin/python" -c 'import ansible; print(ansible.__version__)')"
        PATH="$newest_venv/bin:$PATH" ansible_test_steps "$newest_core" sanity,core-units
        # shellcheck disable=SC2046 # scenario names are folder names, without spaces
        PATH="$newest_venv/bin:$PATH" molecule_step "$newest_core" $(scenarios newest)
    fi
    step "environment (ansible-core $ANSIBLE_CORE_2_20)" ensure_python_environment \
        "$core_2_20_venv" "$newest_python" "$repository_root/tests/constraints-py3.12.txt" "$ANSIBLE_CORE_2_20"
    if ((step_passed)); then
        PATH="$core_2_20_venv/bin:$PATH" ansible_test_steps "ansible-core $ANSIBLE_CORE_2_20" core-units in_process
    fi
    touch "$results/done"
}

cd "$collection"
default_core="ansible-core $(python -c 'import ansible; print(ansible.__version__)')"
# The newest ansible-core releases need Python 3.12 or newer. CI requires it (.ci/run says so);
# elsewhere, a machine without one is told that this half did not run, and the default half runs
# sanity and every integration target itself.
newest_python="$(find_python312)"
if [[ -n "$newest_python" ]]; then
    newest_half >"$work/newest-half.log" 2>&1 &
    newest_pid=$!
    echo "The newest ansible-core's half runs beside this one; its output follows this half's."
elif [[ -n "${BUNNYNET_REQUIRE_NEWEST_CORE:-}" ]]; then
    step "newest ansible-core" bash -c 'echo "No Python 3.12 or newer on this machine: ansible-core 2.20 and 2.21 cannot be tested, and this run requires them." >&2; false'
else
    echo
    echo "===== newest ansible-core: not run. It needs Python 3.12 or newer, and none was found on PATH, in a pyenv"
    echo "      root, in /usr/bin, /usr/local/bin or /opt, or through uv. CI requires it; install one to run it here."
fi

step ruff ruff check .
if [[ -n "$newest_pid" ]]; then
    ansible_test_steps "$default_core" units in_process
else
    ansible_test_steps "$default_core" sanity,units
fi
step ansible-lint ansible-lint
step collection-docs antsibull-docs lint-collection-docs --plugin-docs .
step changelog antsibull-changelog lint
step build ansible-galaxy collection build --force --output-path "$work"
step "module reference" bash tests/build-docs.sh "$work/docs"
# What users meet with the built collection: the sandbox, the guides as written, AWX and the EE.
step "installed collection" python -m pytest -q -p no:cacheprovider tests/shipped
# shellcheck disable=SC2046 # scenario names are folder names, without spaces
molecule_step "$default_core" $(scenarios "$([[ -n "$newest_pid" ]] && echo default || echo all)")
for benchmark in bench/*.py; do
    [[ -e "$benchmark" ]] && step "benchmark $(basename "$benchmark")" python "$benchmark"
done
# The README's demo command, from the checkout it lives in (it shares the default environment).
step demo bash "$repository_root/tests/run-demo.sh"

if [[ -n "$newest_pid" ]]; then
    wait "$newest_pid" || true
    newest_pid=""
    echo
    echo "===== the newest ansible-core's half, which ran beside the steps above:"
    cat "$work/newest-half.log"
    if [[ ! -e "$work/results-newest/done" ]]; then
        echo "newest ansible-core's half" >>"$work/results-default/failed"
        echo "The newest ansible-core's half ended before its last step." >&2
    fi
fi

step "unit test count" count_unit_tests

echo
cat "$work"/results-*/times
echo "Total: $((SECONDS / 60)) min $((SECONDS % 60)) s"
failed="$(cat "$work"/results-*/failed 2>/dev/null || true)"
if [[ -n "$failed" ]]; then
    echo "Failed steps: $(echo "$failed" | paste -sd ',' - | sed 's/,/, /g')"
    exit 1
fi
echo "Every step passed."
