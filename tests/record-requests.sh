#!/usr/bin/env bash
# Records what every unit test and every integration target sends to the API and gets back, into
# OUTPUT (default tests/output/recording), so that a refactoring can show that it changed nothing:
#
#   bash tests/record-requests.sh tests/output/before      # on the code before the change
#   bash tests/record-requests.sh tests/output/after       # on the code after it
#   python tests/utils/request_recording.py compare tests/output/before/unit.json tests/output/after/unit.json
#   python tests/utils/request_recording.py compare tests/output/before/integration.json tests/output/after/integration.json
#
# Set RECORD_LAYERS=unit or RECORD_LAYERS=integration to record one layer only, and
# RECORD_TARGETS to the integration targets to run (all by default). Not part of run-tests.sh.
set -euo pipefail

# shellcheck source=tests/utils/environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/environment.sh"
use_default_python_environment

output="$(mkdir -p "${1:-$repository_root/tests/output/recording}" && cd "${1:-$repository_root/tests/output/recording}" && pwd)"
layers="${RECORD_LAYERS:-unit,integration}"
work="$(mktemp -d)"
simulator_pid=""
finish() {
    [[ -n "$simulator_pid" ]] && kill "$simulator_pid" 2>/dev/null
    rm -rf "$work"
}
trap finish EXIT
collection="$(copy_collection_tree "$work")"
cd "$collection"

if [[ ",$layers," == *,unit,* ]]; then
    rm -f "$output"/unit.json*
    PYTHONPATH="$work:$collection/tests/utils" BUNNYNET_RECORD="$output/unit.json" \
        python -m pytest -q -p no:cacheprovider -p request_recording -n 2 tests/unit >"$output/unit.log" 2>&1 || true
    tail -n 3 "$output/unit.log"
fi

if [[ ",$layers," == *,integration,* ]]; then
    # A HOME of its own, whose simulator (started here, recording) the setup_simulator target reuses.
    export HOME="$work/home"
    simulator_dir="$HOME/.ansible/test/bunnynet-cloud-simulator"
    mkdir -p "$simulator_dir"
    rm -f "$output/simulator-record.jsonl"
    BUNNYNET_SIMULATOR_RECORD="$output/simulator-record.jsonl" \
        python -m tests.simulator --port 0 --api-key LEAKCANARY-api-key-4c8e2a >"$simulator_dir/simulator.log" 2>&1 &
    simulator_pid=$!
    echo "$simulator_pid" >"$simulator_dir/pid"
    for _ in $(seq 1200); do
        grep -q '^http://' "$simulator_dir/simulator.log" 2>/dev/null && break
        sleep 0.1
    done
    head -n 1 "$simulator_dir/simulator.log" | tr -d '\n' >"$simulator_dir/url"
    install_pip_bootstrap
    python_version="$(python -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    # shellcheck disable=SC2086 # RECORD_TARGETS is a list of target names
    ansible-test integration --python "$python_version" --color no -vvvv ${RECORD_TARGETS:-} >"$output/integration.log" 2>&1 \
        || echo "The integration run failed; see $output/integration.log"
    python tests/utils/request_recording.py integration "$output/integration.log" "$output/simulator-record.jsonl" \
        "$output/integration.json"
fi
echo "Recorded into $output"
