# shellcheck shell=bash
# Sourced by run-tests.sh and run-under-load.sh: nox and uv from pinned versions (tests/nox-requirements.txt)
# in .venv-nox, made once and remade when the pins or the Python change, first on PATH.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root" || exit 1
# uv verifies the package index with the system's certificates (as pip does).
export UV_NATIVE_TLS=1
stamp="$(python3 --version 2>&1; cat tests/nox-requirements.txt)"
if [[ ! -x .venv-nox/bin/nox || "$(cat .venv-nox/.stamp 2>/dev/null)" != "$stamp" ]]; then
    echo "Installing nox into .venv-nox"
    rm -rf .venv-nox
    python3 -m venv .venv-nox
    .venv-nox/bin/python -m pip install -q -r tests/nox-requirements.txt
    printf '%s' "$stamp" >.venv-nox/.stamp
fi
export PATH="$root/.venv-nox/bin:$PATH"
# newest_python: the Python 3.12 noxfile.py found (an absolute path), or its version when there is none.
newest_python="$(.venv-nox/bin/python -c 'import sys; sys.path.insert(0, "."); from noxfile import NEWEST_PYTHON; print(NEWEST_PYTHON)')"
export newest_python
