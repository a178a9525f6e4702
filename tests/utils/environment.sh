# shellcheck shell=bash
# Sourced by run-tests.sh and run-demo.sh: a virtual environment with the pinned tools, made once
# and remade whenever the requirements, the constraints or the Python version change.

repository_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$repository_root/.venv"

ensure_python_environment() {
    local python stamp
    python="${PYTHON:-python3}"
    stamp="$("$python" --version 2>&1; cat "$repository_root/tests/requirements.txt" "$repository_root/tests/constraints.txt")"
    if [[ ! -x "$venv/bin/python" || "$(cat "$venv/.stamp" 2>/dev/null)" != "$stamp" ]]; then
        echo "Creating the test environment in $venv"
        rm -rf "$venv"
        "$python" -m venv "$venv"
        # pip's output goes to a log, shown only when the install fails.
        if ! { "$venv/bin/python" -m pip install --upgrade pip \
                && "$venv/bin/python" -m pip install \
                    -r "$repository_root/tests/requirements.txt" -c "$repository_root/tests/constraints.txt"; \
              } > "$venv/install.log" 2>&1; then
            cat "$venv/install.log" >&2
            echo "Installing the test environment failed." >&2
            return 1
        fi
        printf '%s' "$stamp" > "$venv/.stamp"
    fi
    export PATH="$venv/bin:$PATH"
    export VIRTUAL_ENV="$venv"
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
    tar -C "$repository_root" --exclude=./.venv --exclude=./tests/output -cf - . | tar -C "$destination" -xf -
    printf '%s' "$destination"
}
