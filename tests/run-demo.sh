#!/usr/bin/env bash
# Runs the demo on a fresh machine too: starts the bundled simulator with the demo fixture, runs
# playbooks/demo.yml with its inventory twice (the second run must change nothing), then once with
# --check --diff asking for a newer image (it must show that change and make none), then its drift
# stage (--tags drift: changes by hand, the drift audit, its report, kept in tests/output/demo/),
# and stops the simulator however the playbooks end.
set -euo pipefail

# shellcheck source=tests/utils/environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/environment.sh"

use_default_python_environment

work="$(mktemp -d)"
report_dir="$repository_root/tests/output/demo"
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
# It prints its address once it listens: on a busy machine that can take many seconds, so this waits
# until it does or ends, and only a simulator silent for two minutes counts as hung.
for _ in $(seq 1 1200); do
    BUNNYNET_API_URL="$(head -n 1 "$work/simulator.out")"
    [[ "$BUNNYNET_API_URL" == http://* ]] && break
    kill -0 "$simulator_pid" 2>/dev/null || { cat "$work/simulator.err" >&2; exit 1; }
    sleep 0.1
done
if [[ "$BUNNYNET_API_URL" != http://* ]]; then
    echo "The simulator did not say where it listens within two minutes." >&2
    cat "$work/simulator.err" >&2
    exit 1
fi
export BUNNYNET_API_URL
# The Stream API and the databases' own endpoints are the simulator's too: the audit reads the library's catalogue and asks about tokens.
export BUNNYNET_STREAM_API_URL="$BUNNYNET_API_URL/stream" BUNNYNET_DATABASE_URL="$BUNNYNET_API_URL/sql"
echo "Simulator listening on $BUNNYNET_API_URL"

run_playbook() {
    ansible-playbook -i playbooks/inventory/demo.yml playbooks/demo.yml "$@" | tee "$work/play.log"
}

# simulator_log clear|writes: forgets the requests the simulator logged, or prints its writes.
simulator_log() {
    python - "$1" "$BUNNYNET_API_URL/_sim/requests" <<'EOF'
import json
import sys
import urllib.request

action, url = sys.argv[1:]
if action == "clear":
    urllib.request.urlopen(urllib.request.Request(url, method="DELETE"))
else:
    for entry in json.load(urllib.request.urlopen(url)):
        if entry["method"] != "GET":
            print(entry["method"], entry["path"])
EOF
}

echo "== First run: converge"
run_playbook
echo "== Second run: nothing left to change"
run_playbook
recap="$(sed -n '/^PLAY RECAP/,$p' "$work/play.log")"
if ! grep -Eq ' changed=0 ' <<<"$recap" || grep -Eq ' changed=[1-9]' <<<"$recap"; then
    echo "The second run changed something: the demo is not idempotent." >&2
    exit 1
fi
echo "== Check mode: what rolling the web container out to nginx 1.27.4 would change (--check --diff)"
simulator_log clear
run_playbook --check --diff -e demo_web_image_tag=1.27.4
if ! grep -Eq '^\+ +"image_tag": "1\.27\.4",?$' "$work/play.log"; then
    echo "Check mode showed no diff for the image tag it was asked to change." >&2
    exit 1
fi
writes="$(simulator_log writes)"
if [[ -n "$writes" ]]; then
    printf 'Check mode changed the account:\n%s\n' "$writes" >&2
    exit 1
fi
echo "== Drift: changes behind Ansible's back, then the drift audit and its report"
mkdir -p "$report_dir"
rm -f "$report_dir/drift-report.json" "$report_dir/drift-report.md"
run_playbook --tags drift -e audit_report_path="$report_dir/drift-report"
if ! grep -q '^## ' "$report_dir/drift-report.md"; then
    echo "The drift audit found no drift after the changes made by hand." >&2
    exit 1
fi
echo "The demo converged, stayed converged, showed a pending change without making it, and the"
echo "drift audit found what was changed by hand: its report is $report_dir/drift-report.md (and .json)."
