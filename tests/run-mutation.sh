#!/usr/bin/env bash
# Mutation testing of plugins/module_utils/ with mutmut: every mutant is a small change to the
# code (a flipped comparison, a changed constant, a dropped argument) that the unit tests should
# notice. Prints each surviving mutant's diff and the share killed; takes about ten minutes.
# Not part of tests/run-tests.sh. See docs/development.md.
#
#   bash tests/run-mutation.sh [FILE ...]   # FILE: module_utils files to mutate (default: all)
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
for file in "$@"; do
    only_mutate+="\"$collection/plugins/module_utils/$(basename "$file")\", "
done
# mutmut runs the tests from its copy of the tree, with the mutated module_utils first on the path;
# the rest of the collection the tests import is copied beside them.
cat > "$work/pyproject.toml" <<TOML
[tool.mutmut]
source_paths = ["$collection/plugins/module_utils/"]
only_mutate = [${only_mutate%, }]
also_copy = ["$collection/plugins/modules/", "$collection/plugins/doc_fragments/", "$collection/tests/", "$collection/meta/", "$collection/galaxy.yml"]
pytest_add_cli_args_test_selection = ["$collection/tests/unit/plugins/"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-q"]
TOML

cd "$work"
"$mutation_env/bin/mutmut" run --max-children 2 > "$work/mutmut.log" 2>&1 || { tail -n 40 "$work/mutmut.log"; exit 1; }
"$mutation_env/bin/mutmut" results --all true > "$work/results.txt"
while read -r mutant; do
    "$mutation_env/bin/mutmut" show "$mutant"
    echo
done < <(awk -F': ' '$2 != "killed" {print $1}' "$work/results.txt" | sed 's/^ *//')
python3 - "$work/results.txt" <<'PY'
import collections
import sys

outcomes = collections.Counter(line.rsplit(": ", 1)[1].strip() for line in open(sys.argv[1]) if ": " in line)
total = sum(outcomes.values())
print("mutants: %d; %s" % (total, ", ".join("%s %d" % item for item in sorted(outcomes.items()))))
print("killed: %.1f %%" % (100.0 * outcomes["killed"] / total if total else 0))
PY
