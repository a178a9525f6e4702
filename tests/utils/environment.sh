# shellcheck shell=bash
# Sourced by run-tests.sh and run-demo.sh: virtual environments with the pinned tools, made once
# and remade whenever the requirements, the constraints or the Python version change.

repository_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# ensure_python_environment DIRECTORY PYTHON CONSTRAINTS [ANSIBLE_CORE_VERSION]: makes the environment
# if needed; an ansible-core version given replaces the one the constraints pin.
ensure_python_environment() {
    local venv="$1" python="$2" constraints="$3" core_version="${4:-}" stamp
    stamp="$("$python" --version 2>&1; cat "$repository_root/tests/requirements.txt" "$repository_root/tests/simulator/requirements.txt" "$constraints"; echo "$core_version")"
    if [[ -x "$venv/bin/python" && "$(cat "$venv/.stamp" 2>/dev/null)" == "$stamp" ]]; then
        return
    fi
    echo "Creating the test environment in $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    if [[ -n "$core_version" ]]; then
        sed "s/^ansible-core==.*/ansible-core==$core_version/" "$constraints" > "$venv/constraints.txt"
        constraints="$venv/constraints.txt"
    fi
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

# Prints the newest ansible-core's Python (3.12, else 3.13 or 3.14) if the machine has one, wherever
# it is installed, whatever $HOME is: on PATH, in any pyenv root (PYENV_ROOT, `pyenv root`, the
# root of pyenv shims on PATH, root's and users' ~/.pyenv), in the usual system places, or where
# uv keeps its Pythons. A pyenv shim on PATH may answer for a version it does not have active,
# so every candidate is run to see what it is.
find_python312() {
    local version candidate directory
    local -a roots=("${PYENV_ROOT:-}" /root/.pyenv /home/*/.pyenv /opt/pyenv /usr/local/pyenv)
    command -v pyenv >/dev/null && roots+=("$(pyenv root 2>/dev/null)")
    local IFS=:
    for directory in $PATH; do
        [[ "$directory" == */shims ]] && roots+=("${directory%/shims}")
    done
    unset IFS
    for version in 3.12 3.13 3.14; do
        local -a candidates=("python$version")
        for directory in "${roots[@]}"; do
            [[ -n "$directory" ]] && candidates+=("$directory"/versions/"$version"*/bin/"python$version")
        done
        candidates+=(/usr/local/bin/"python$version" /usr/bin/"python$version" /opt/python*/bin/"python$version")
        command -v uv >/dev/null && candidates+=("$(uv python find --no-project "$version" 2>/dev/null)")
        for candidate in "${candidates[@]}"; do
            [[ -n "$candidate" ]] || continue
            if "$candidate" -c "import sys; assert '%d.%d' % sys.version_info[:2] == '$version'" 2>/dev/null; then
                "$candidate" -c 'import sys; print(sys.executable)'
                return
            fi
        done
    done
}

# ansible-test downloads its pip bootstrap script from a host outside the package registries; the
# stand-in is named for the pip version the ansible-test first on PATH asks for.
install_pip_bootstrap() {
    local pip_version
    pip_version="$(python - <<'PY'
from ansible_test._internal.host_configs import NativePythonConfig
from ansible_test._internal.python_requirements import get_venv_packages
print(get_venv_packages(NativePythonConfig(version=None))["pip"])
PY
)"
    mkdir -p "$HOME/.ansible/test/cache"
    cp "$repository_root/tests/utils/get_pip_offline.py" "$HOME/.ansible/test/cache/get_pip_${pip_version//./_}.py"
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
