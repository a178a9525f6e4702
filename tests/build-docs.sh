#!/usr/bin/env bash
# Builds the module and role reference: antsibull-docs writes reStructuredText for everything the
# collection documents (modules, and roles with meta/argument_specs.yml as they arrive), then Sphinx
# turns it into HTML with docs/reference/conf.py. Nothing is fetched, and any warning of either
# tool fails the build.
#
#   bash tests/build-docs.sh [OUTPUT_DIR]     (default: tests/output/docs; the HTML is in OUTPUT_DIR/html)
#
# Needs antsibull-docs, Sphinx and sphinx-ansible-theme (tests/requirements.txt) on PATH.
set -euo pipefail

repository_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
output="$(mkdir -p "${1:-$repository_root/tests/output/docs}" && cd "${1:-$repository_root/tests/output/docs}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# antsibull-docs finds the collection through ANSIBLE_COLLECTIONS_PATH, pointing at this checkout.
mkdir -p "$work/collections/ansible_collections/bunnynet"
ln -s "$repository_root" "$work/collections/ansible_collections/bunnynet/cloud"
export ANSIBLE_COLLECTIONS_PATH="$work/collections"

rm -rf "$output/rst" "$output/html" "$output/doctrees"
# antsibull-docs writes only into a folder that no one else may write to.
mkdir -m 0700 "$output/rst"
antsibull-docs --config-file "$repository_root/docs/reference/antsibull-docs.cfg" \
    collection --use-current --fail-on-error --cleanup everything --dest-dir "$output/rst" bunnynet.cloud
cp "$repository_root/docs/reference/index.rst" "$output/rst/index.rst"

# -W turns warnings into errors, -n also warns about every reference that resolves to nothing.
sphinx-build -b html -W --keep-going -n -q -c "$repository_root/docs/reference" \
    -d "$output/doctrees" "$output/rst" "$output/html"
# Every module and every role with an argument spec has its page: antsibull-docs skips what it cannot read.
missing=()
for documented in plugins/modules/*.py:module roles/*/meta/argument_specs.yml:role; do
    pattern="${documented%:*}" kind="${documented##*:}"
    for source in "$repository_root"/$pattern; do
        [[ -e "$source" ]] || continue
        if [[ "$kind" == module ]]; then name="$(basename "$source" .py)"; else name="$(basename "$(dirname "$(dirname "$source")")")"; fi
        [[ -f "$output/html/collections/bunnynet/cloud/${name}_${kind}.html" ]] || missing+=("$kind $name")
    done
done
if (( ${#missing[@]} )); then
    echo "The reference has no page for: ${missing[*]}" >&2
    exit 1
fi
echo "The reference is in $output/html/index.html"
