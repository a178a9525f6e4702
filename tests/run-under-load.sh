#!/usr/bin/env bash
# Runs the unit and integration layers beside four CPU-bound processes (twice the cores of a
# two-core machine), RUNS times in a row (3 unless given), and fails if any run fails: the tests
# must hold on a busy machine, with no wall-clock bound it cannot keep and no transient state to
# catch. The layers are the nox sessions `units` and `integration-2.21` (`integration-2.19`
# without a Python 3.12), side by side as the test command runs them; other sessions can be named.
#
#   bash tests/run-under-load.sh [RUNS] [SESSION...]
#
# Each run's output is in tests/output/load/run-<n>.log; the summary says which runs passed.
set -euo pipefail

runs="${1:-3}"
shift || true
# shellcheck source=tests/utils/nox-environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/nox-environment.sh"
if (($# > 0)); then
    sessions=("$@")
elif [[ "$newest_python" == /* ]]; then
    sessions=(units integration-2.21)
else
    sessions=(units integration-2.19)
fi

hogs=()
pids=()
# On the way out, the hogs and any session still running (each in a process group of its own).
stop() {
    local pid
    for pid in "${pids[@]}"; do
        kill -- "-$pid" 2>/dev/null
    done
    ((${#hogs[@]})) && kill "${hogs[@]}" 2>/dev/null
    hogs=()
}
trap stop EXIT
set -m
for _ in 1 2 3 4; do
    python3 -c 'while True: pass' &
    hogs+=($!)
done
echo "Four CPU-bound processes run beside the tests: ${hogs[*]}"

mkdir -p tests/output/load
results=()
failed=0
for run in $(seq 1 "$runs"); do
    started=$SECONDS
    pids=()
    # Each session in a nox of its own, side by side.
    for session in "${sessions[@]}"; do
        nox -s "$session" >"tests/output/load/run-$run-$session.log" 2>&1 &
        pids+=($!)
    done
    outcome=passed
    for index in "${!pids[@]}"; do
        if ! wait "${pids[$index]}"; then
            outcome="FAILED (${sessions[$index]}: tests/output/load/run-$run-${sessions[$index]}.log)"
        fi
    done
    [[ "$outcome" == passed ]] || failed=1
    pids=()
    results+=("run $run: $outcome in $((SECONDS - started)) s, load $(cut -d ' ' -f 1-3 /proc/loadavg)")
    echo "${results[-1]}"
done
stop
echo
printf '%s\n' "${results[@]}"
exit "$failed"
