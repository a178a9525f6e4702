#!/usr/bin/env bash
# Runs the demo on a fresh machine too: starts the bundled simulator with the demo fixture, runs
# playbooks/demo.yml twice (the second run must change nothing), then once with --check --diff,
# and stops the simulator however the playbooks end.
set -euo pipefail

# shellcheck source=tests/utils/environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/environment.sh"

use_default_python_environment

work="$(mktemp -d)"
simulator_pid=""
cleanup() {
    [[ -n "$simulator_pid" ]] && kill "$simulator_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# The playbook finds the collection through ANSIBLE_COLLECTIONS_PATH, pointing at this checkout.
mkdir -p "$work/ansible_collections/bunnynet"
ln -s "$repository_root" "$work/ansible_collections/bunnynet/cloud"
export ANSIBLE_COLLECTIONS_PATH="$work"

export BUNNYNET_API_KEY="demo-api-key"
cd "$repository_root"
python -m tests.simulator --port 0 --api-key "$BUNNYNET_API_KEY" \
    --fixtures tests/simulator/fixtures/demo.yml > "$work/simulator.out" 2> "$work/simulator.err" &
simulator_pid=$!
for _ in $(seq 1 100); do
    BUNNYNET_API_URL="$(head -n 1 "$work/simulator.out")"
    [[ "$BUNNYNET_API_URL" == http://* ]] && break
    kill -0 "$simulator_pid" 2>/dev/null || { cat "$work/simulator.err" >&2; exit 1; }
    sleep 0.1
done
export BUNNYNET_API_URL
echo "Simulator listening on $BUNNYNET_API_URL"

run_playbook() {
    ansible-playbook playbooks/demo.yml "$@" | tee "$work/play.log"
}

echo "== First run: converge"
run_playbook
echo "== Second run: nothing left to change"
run_playbook
if ! grep -Eq 'localhost +: ok=[0-9]+ +changed=0 ' "$work/play.log"; then
    echo "The second run changed something: the demo is not idempotent." >&2
    exit 1
fi
echo "== Audit: --check --diff"
run_playbook --check --diff
echo "The demo converged, stayed converged, and the audit ran."
