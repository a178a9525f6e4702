#!/usr/bin/env bash
# Runs every test of the collection, on a fresh machine too: it installs nox (and uv) from pinned
# versions into .venv-nox, then runs the sessions of noxfile.py, one per layer, in two lanes side
# by side so that both cores work, and prints each session's time. `nox -l` lists the sessions;
# `.venv-nox/bin/nox -s NAME` runs one alone. docs/development.md says which runs where.
#
# The newest ansible-core releases (2.20, 2.21) need Python 3.12, which noxfile.py finds on PATH or in
# a pyenv root whatever $HOME is (find_newest_python). Without one, this says which is missing and
# how to get it, and the default lane runs sanity, integration and molecule itself; with
# BUNNYNET_REQUIRE_NEWEST_CORE set (.ci/run sets it), the run fails instead.
set -euo pipefail

# shellcheck source=tests/utils/nox-environment.sh
source "$(dirname "${BASH_SOURCE[0]}")/utils/nox-environment.sh"
output="$root/tests/output"
mkdir -p "$output"

# The molecule scenarios the default lane runs; the newest lane runs the others (a scenario takes
# twenty to forty seconds; the shares are set for the lanes to finish together).
default_scenarios=(storage_zone stream_catalogue team_member video_library)
all_scenarios=()
for scenario in extensions/molecule/*/molecule.yml; do
    all_scenarios+=("$(basename "$(dirname "$scenario")")")
done
newest_scenarios=()
for scenario in "${all_scenarios[@]}"; do
    [[ " ${default_scenarios[*]} " == *" $scenario "* ]] || newest_scenarios+=("$scenario")
done

rm -f "$output/nox-times.txt" "$output"/units/*.log
status=0
lane_pid=""
trap '[[ -n "$lane_pid" ]] && kill -- "-$lane_pid" 2>/dev/null; true' EXIT

if [[ "$newest_python" == /* ]]; then
    echo "The newest ansible-core's lane ($newest_python) runs beside this one; its output follows this lane's."
    set -m
    {
        lane=0
        nox -s sanity-2.21 integration-2.21 units-newest units-core-2.20 in-process-2.20 || lane=1
        nox -s molecule-2.21 -- "${newest_scenarios[@]}" || lane=1
        exit "$lane"
    } >"$output/lane-newest.log" 2>&1 &
    lane_pid=$!
    set +m
    nox -s lint units in-process-2.19 ansible-lint docs changelog build reference shipped || status=1
    nox -s molecule-2.19 -- "${default_scenarios[@]}" || status=1
    nox -s benchmarks demo || status=1
    wait "$lane_pid" || status=1
    lane_pid=""
    echo
    echo "===== the newest ansible-core's lane, which ran beside the sessions above:"
    cat "$output/lane-newest.log"
else
    .venv-nox/bin/python -c 'import sys; sys.path.insert(0, "."); from noxfile import MISSING_PYTHON; print(MISSING_PYTHON)'
    if [[ -n "${BUNNYNET_REQUIRE_NEWEST_CORE:-}" ]]; then
        echo "This run requires the newest ansible-core releases (BUNNYNET_REQUIRE_NEWEST_CORE), so it fails." >&2
        status=1
    fi
    echo "The sessions on ansible-core 2.20 and 2.21 do not run; this lane runs sanity, integration and molecule itself."
    nox -s lint sanity-2.19 units integration-2.19 ansible-lint docs changelog build reference shipped molecule-2.19 benchmarks demo || status=1
fi
nox -s unit-count || status=1

echo
echo "Session times:"
cat "$output/nox-times.txt"
echo "Total: $((SECONDS / 60)) min $((SECONDS % 60)) s"
if ((status)); then
    echo "Failed sessions: $(grep -c FAILED "$output/nox-times.txt" || true) (marked FAILED above)."
    exit 1
fi
echo "Every session passed."
