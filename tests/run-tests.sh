#!/usr/bin/env bash
# Runs every test of the collection, on a fresh machine too: it makes its own virtual environments
# from pinned versions, then runs ruff, ansible-test sanity, units and integration, ansible-lint,
# the docs and changelog linters, the build, the module reference, the tests of the installed
# collection (sandbox, guides, AWX, execution environment), the molecule scenarios, the
# benchmarks and the demo with the newest ansible-core the machine's python3 takes; then sanity,
# units and integration again with the newest ansible-core release, and units and the in_process
# target with ansible-core 2.20, on Python 3.12 or newer where the machine has one (required when
# BUNNYNET_REQUIRE_NEWEST_CORE is set, as .ci/run does). Every step runs; the script fails if any
# step failed or could not run. Integration runs at -vvvv into
# tests/output/integration-<ansible-core version>.log, which is then searched for the fixtures' secrets.
set -euo pipefail

# The supported release between the default and the newest (tests/constraints-py3.12.txt pins the newest).
ANSIBLE_CORE_2_20=2.20.10

# shellcheck source=tests/utils/environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/environment.sh"

ensure_shellcheck
use_default_python_environment

work="$(mktemp -d)"
collection="$(copy_collection_tree "$work")"

# Where the setup_simulator integration target keeps the simulator it starts (see its defaults).
simulator_dir="$HOME/.ansible/test/bunnynet-cloud-simulator"
stop_simulator() {
    if [[ -f "$simulator_dir/pid" ]]; then
        kill "$(cat "$simulator_dir/pid")" 2>/dev/null || true
    fi
    rm -rf "$simulator_dir"
}
trap 'stop_simulator; rm -rf "$work"' EXIT

failed_steps=()
step_times=()
step() {
    local name="$1" started=$SECONDS
    shift
    echo
    echo "===== $name: $*"
    if "$@"; then
        echo "----- $name passed ($((SECONDS - started)) s)"
    else
        echo "----- $name FAILED ($((SECONDS - started)) s)"
        failed_steps+=("$name")
    fi
    step_times+=("$(printf '%5d s  %s' $((SECONDS - started)) "$name")")
}

# ansible-test sanity, units and integration with whichever ansible-core is first on PATH. With
# integration targets named, a lean pass for a release that is supported but neither the default
# nor the newest: units and those targets only.
ansible_test_steps() {
    local label="$1" python_version core_version
    shift
    python_version="$(python -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    core_version="$(python -c 'import ansible; print(ansible.__version__)')"
    install_pip_bootstrap
    if (($# == 0)); then
        step "sanity ($label)" ansible-test sanity --venv --python "$python_version" --color no
    fi
    step "units ($label)" bash -c \
        "set -o pipefail; ansible-test units --python $python_version --color no 2>&1 | tee -a $work/units.log"
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
    python - "$work/units.log" <<'PY'
import re
import sys

totals = {"passed": 0, "failed": 0, "error": 0}
empty_runs = 0
with open(sys.argv[1]) as log:
    for line in log:
        if re.match(r"^=+ .* in [0-9.]+s", line):
            counts = re.findall(r"(\d+) (passed|failed|errors?)", line)
            empty_runs += not any(outcome == "passed" for _count, outcome in counts)
            for count, outcome in counts:
                totals[outcome.rstrip("s")] += int(count)
print("unit: %d passed, %d failed, %d pytest runs without a passing test" % (
    totals["passed"], totals["failed"] + totals["error"], empty_runs))
sys.exit(1 if empty_runs or not totals["passed"] else 0)
PY
}

cd "$collection"
default_core="ansible-core $(python -c 'import ansible; print(ansible.__version__)')"
step ruff ruff check .
ansible_test_steps "$default_core"
step ansible-lint ansible-lint
step collection-docs antsibull-docs lint-collection-docs --plugin-docs .
step changelog antsibull-changelog lint
step build ansible-galaxy collection build --force --output-path "$work"
step "module reference" bash tests/build-docs.sh "$work/docs"
# What users meet with the built collection: the sandbox, the guides as written, AWX and the EE.
step "installed collection" python -m pytest -q -p no:cacheprovider tests/shipped
if compgen -G "roles/*/tasks" >/dev/null || compgen -G "extensions/molecule/*/molecule.yml" >/dev/null; then
    # Roles without scenarios fail here rather than pass untested.
    # molecule looks for an optional 'default' scenario (the holder of shared state, which these
    # scenarios do not use) and logs its absence as CRITICAL; that one line is dropped, nothing else.
    step molecule bash -c "set -o pipefail; compgen -G 'extensions/molecule/*/molecule.yml' >/dev/null && cd extensions \
        && molecule test --all 2>&1 | grep -v \"'molecule/default/molecule.yml' glob failed\""
fi
for benchmark in bench/*.py; do
    [[ -e "$benchmark" ]] && step "benchmark $(basename "$benchmark")" python "$benchmark"
done
# The README's demo command, from the checkout it lives in (it shares the default environment).
step demo bash "$repository_root/tests/run-demo.sh"

# The newest ansible-core releases need Python 3.12 or newer. CI requires it (.ci/run says so);
# elsewhere, a machine without one is told that this half of the matrix did not run.
newest_python="$(find_python312)"
if [[ -n "$newest_python" ]]; then
    ensure_python_environment "$repository_root/.venv-py3.12" "$newest_python" "$repository_root/tests/constraints-py3.12.txt"
    PATH="$repository_root/.venv-py3.12/bin:$PATH" ansible_test_steps \
        "ansible-core $("$repository_root/.venv-py3.12/bin/python" -c 'import ansible; print(ansible.__version__)')"
    # ansible-core 2.20, supported and between the two: the units, and the target that runs modules
    # in the worker process through ansible-core internals (plugin_utils/in_process.py).
    ensure_python_environment "$repository_root/.venv-core2.20" "$newest_python" "$repository_root/tests/constraints-py3.12.txt" "$ANSIBLE_CORE_2_20"
    PATH="$repository_root/.venv-core2.20/bin:$PATH" ansible_test_steps "ansible-core $ANSIBLE_CORE_2_20" in_process
elif [[ -n "${BUNNYNET_REQUIRE_NEWEST_CORE:-}" ]]; then
    step "newest ansible-core" bash -c 'echo "No Python 3.12 or newer on this machine: ansible-core 2.20 and 2.21 cannot be tested, and this run requires them." >&2; false'
else
    echo
    echo "===== newest ansible-core: not run. It needs Python 3.12 or newer, and none was found on PATH, in a pyenv"
    echo "      root, in /usr/bin, /usr/local/bin or /opt, or through uv. CI requires it; install one to run it here."
fi

step "unit test count" count_unit_tests

echo
printf '%s\n' "${step_times[@]}"
echo "Total: $((SECONDS / 60)) min $((SECONDS % 60)) s"
if ((${#failed_steps[@]})); then
    echo "Failed steps: ${failed_steps[*]}"
else
    echo "Every step passed."
fi
((${#failed_steps[@]} == 0))
