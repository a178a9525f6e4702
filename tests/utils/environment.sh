# shellcheck shell=bash
# Sourced by run-demo.sh and the mutation and recording scripts: virtual environments with the pinned
# tools, made once and remade whenever the requirements, the constraints or the Python version change.
# (The test command's environments are nox's: noxfile.py.)

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

# The default environment: the machine's python3 with tests/constraints.txt, first on PATH; or the
# environment BUNNYNET_TEST_VENV names (the nox demo session passes its own).
use_default_python_environment() {
    if [[ -n "${BUNNYNET_TEST_VENV:-}" ]]; then
        export PATH="$BUNNYNET_TEST_VENV/bin:$PATH" VIRTUAL_ENV="$BUNNYNET_TEST_VENV"
        return
    fi
    ensure_python_environment "$repository_root/.venv" "${PYTHON:-python3}" "$repository_root/tests/constraints.txt"
    export PATH="$repository_root/.venv/bin:$PATH"
    export VIRTUAL_ENV="$repository_root/.venv"
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

# Copies the working tree, with .git for ansible-test, to DEST/ansible_collections/bunnynet/cloud.
copy_collection_tree() {
    local destination="$1/ansible_collections/bunnynet/cloud"
    mkdir -p "$destination"
    tar -C "$repository_root" --exclude='./.venv*' --exclude=./.nox --exclude=./tests/output -cf - . | tar -C "$destination" -xf -
    printf '%s' "$destination"
}
