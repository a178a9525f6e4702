#!/usr/bin/env bash
# Mutation testing of what mutmut cannot reach: the in-process runner (plugins/plugin_utils/),
# the action plugins, the roles and the shipped playbooks. tests/layer_mutants.yml lists realistic
# bugs written by hand (a dropped line, a changed condition or filter, a lost `| bool`, a removed
# `wait`), each with the tests that should notice it. For each mutant, on a copy of the tree: apply
# it, run its tests (unit tests, an integration target, a molecule scenario or a test of the
# installed collection) within a time limit, put the file back. Every test command first runs once
# on the unchanged tree and must pass. Prints each survivor and the figure, and keeps them in
# tests/output/layer-mutation/ (results.txt, results.json, each command's log in logs/); 20 to 30
# minutes on two cores. Not part of tests/run-tests.sh. See docs/mutation-testing.md.
#
#   tests/run-layer-mutants.sh                 # every mutant
#   tests/run-layer-mutants.sh ID ...          # only these mutants, e.g. after writing a test
#   tests/run-layer-mutants.sh --check         # only check that every mutant still applies
#   tests/run-layer-mutants.sh --no-baseline ID ...   # skip the run on the unchanged tree
#   tests/run-layer-mutants.sh --timeout 300 ...      # seconds per test command (default 600)
set -euo pipefail

# shellcheck source=tests/utils/environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/environment.sh"

use_default_python_environment

work="$(mktemp -d)"
collection="$(copy_collection_tree "$work")"
# The tests get a HOME of their own: ansible-test's and molecule's caches, and the simulator the
# setup_simulator target keeps there, are this run's alone.
export HOME="$work/home"
stop_simulators() {
    if [[ -f "$HOME/.ansible/test/bunnynet-cloud-simulator/pid" ]]; then
        kill "$(cat "$HOME/.ansible/test/bunnynet-cloud-simulator/pid")" 2>/dev/null || true
    fi
}
trap 'stop_simulators; rm -rf "$work"' EXIT

install_pip_bootstrap

python "$repository_root/tests/utils/layer_mutants.py" --tree "$collection" --mutants "$collection/tests/layer_mutants.yml" \
    --report "$repository_root/tests/output/layer-mutation" "$@"
