# shellcheck shell=bash
# Sourced by run-tests.sh and run-demo.sh: virtual environments with the pinned tools, made once
# and remade whenever the requirements, the constraints or the Python version change.

repository_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# ensure_python_environment DIRECTORY PYTHON CONSTRAINTS: makes the environment if needed.
ensure_python_environment() {
    local venv="$1" python="$2" constraints="$3" stamp
    stamp="$("$python" --version 2>&1; cat "$repository_root/tests/requirements.txt" "$repository_root/tests/simulator/requirements.txt" "$constraints")"
    if [[ -x "$venv/bin/python" && "$(cat "$venv/.stamp" 2>/dev/null)" == "$stamp" ]]; then
        return
    fi
    echo "Creating the test environment in $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    # pip's output goes to a log, shown only when the install fails.
    if ! { "$venv/bin/python" -m pip install --upgrade pip \
            && "$venv/bin/python" -m pip install -r "$repository_root/tests/requirements.txt" -c "$constraints"; \
          } > "$venv/install.log" 2>&1; then
        cat "$venv/install.log" >&2
        echo "Installing the test environment in $venv failed." >&2
        return 1
    fi
    printf '%s' "$stamp" > "$venv/.stamp"
}

# The default environment: the machine's python3 with tests/constraints.txt, first on PATH.
use_default_python_environment() {
    ensure_python_environment "$repository_root/.venv" "${PYTHON:-python3}" "$repository_root/tests/constraints.txt"
    export PATH="$repository_root/.venv/bin:$PATH"
    export VIRTUAL_ENV="$repository_root/.venv"
}

# Prints a Python 3.12 interpreter if the machine has one (pyenv keeps it out of PATH).
find_python312() {
    local candidate
    for candidate in python3.12 "$HOME"/.pyenv/versions/3.12*/bin/python3.12; do
        if "$candidate" -c 'import sys; assert sys.version_info[:2] == (3, 12)' 2>/dev/null; then
            command -v "$candidate"
            return
        fi
    done
}

ensure_shellcheck() {
    command -v shellcheck >/dev/null && return
    echo "Installing shellcheck from Debian"
    local sudo=""
    [[ "$(id -u)" == 0 ]] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq shellcheck >/dev/null
}

# Copies the working tree, with .git for ansible-test, to DEST/ansible_collections/bunnynet/cloud.
copy_collection_tree() {
    local destination="$1/ansible_collections/bunnynet/cloud"
    mkdir -p "$destination"
    tar -C "$repository_root" --exclude='./.venv*' --exclude=./tests/output -cf - . | tar -C "$destination" -xf -
    printf '%s' "$destination"
}
