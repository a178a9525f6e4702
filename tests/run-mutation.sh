#!/usr/bin/env bash
# Mutation testing of plugins/module_utils/ with mutmut: every mutant is a small change to the
# code (a flipped comparison, a changed constant, a dropped argument) that the unit tests should
# notice. Prints each surviving mutant's diff and the share killed, and keeps both in
# tests/output/mutation/ (results.txt, survivors.diff); takes 15 to 40 minutes on two cores.
# Not part of tests/run-tests.sh. See docs/mutation-testing.md.
#
#   bash tests/run-mutation.sh [FILE ...]     # FILE: module_utils files to mutate (default: all)
#   bash tests/run-mutation.sh MUTANT ...     # only these mutants (names as results.txt gives them)
set -euo pipefail

# shellcheck source=tests/utils/environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/environment.sh"

mutation_env="$repository_root/.venv-mutation"
ensure_python_environment "$mutation_env" "${PYTHON:-python3}" "$repository_root/tests/constraints.txt"
"$mutation_env/bin/python" -m pip install --quiet "mutmut==3.8.1" > "$mutation_env/mutmut-install.log" 2>&1 || { cat "$mutation_env/mutmut-install.log"; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
collection="ansible_collections/bunnynet/cloud"
mkdir -p "$work/$collection"
tar -C "$repository_root" --exclude='./.venv*' --exclude=./tests/output --exclude=./.git -cf - . | tar -C "$work/$collection" -xf -

only_mutate=""
mutants=()
for argument in "$@"; do
    if [[ "$argument" == *__mutmut_* ]]; then
        mutants+=("$argument")
    else
        only_mutate+="\"$collection/plugins/module_utils/${argument#*plugins/module_utils/}\", "
    fi
done
# mutmut runs the tests from its copy of the tree, with the mutated module_utils first on the path;
# the rest of the collection the tests import is copied beside them.
cat > "$work/pyproject.toml" <<TOML
[tool.mutmut]
source_paths = ["$collection/plugins/module_utils/"]
only_mutate = [${only_mutate%, }]
also_copy = ["$collection/plugins/modules/", "$collection/plugins/action/", "$collection/plugins/plugin_utils/", "$collection/plugins/inventory/", "$collection/plugins/doc_fragments/", "$collection/tests/", "$collection/meta/", "$collection/galaxy.yml"]
pytest_add_cli_args_test_selection = ["$collection/tests/unit/plugins/"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]
TOML

cd "$work"
"$mutation_env/bin/mutmut" run --max-children 2 "${mutants[@]}" > "$work/mutmut.log" 2>&1 || { tail -n 40 "$work/mutmut.log"; exit 1; }
"$mutation_env/bin/mutmut" results --all true > "$work/all-results.txt"
if ((${#mutants[@]})); then
    grep -F -f <(printf '%s:\n' "${mutants[@]}") "$work/all-results.txt" > "$work/results.txt" || true
else
    cp "$work/all-results.txt" "$work/results.txt"
fi
report="$repository_root/tests/output/mutation"
mkdir -p "$report"
cp "$work/results.txt" "$report/results.txt"
while read -r mutant; do
    "$mutation_env/bin/mutmut" show "$mutant"
    echo
done < <(awk -F': ' '$2 != "killed" && $2 != "timeout" {print $1}' "$work/results.txt" | sed 's/^ *//') | tee "$report/survivors.diff"
python3 - "$work/results.txt" <<'PY'
import collections
import sys

outcomes = collections.Counter(line.rsplit(": ", 1)[1].strip() for line in open(sys.argv[1]) if ": " in line)
total = sum(outcomes.values())
# A mutant that makes the tests run past mutmut's time limit (an endless retry loop, say) was
# noticed by them, so timeouts count as killed.
detected = outcomes["killed"] + outcomes["timeout"]
print("mutants: %d; %s" % (total, ", ".join("%s %d" % item for item in sorted(outcomes.items()))))
print("killed: %.1f %%" % (100.0 * detected / total if total else 0))
PY
