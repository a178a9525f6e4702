"""Stand-in for the get-pip.py that ansible-test downloads to bootstrap pip into its virtual environments.

ansible-test fetches that script from a host this project's machines cannot reach. It runs the
script with pip's install arguments (for example ``pip==24.2 --no-setuptools --no-wheel``), so
this stand-in installs the pip bundled with Python, then lets it install what was asked for from
the package index.
"""

import subprocess
import sys

# get-pip.py options with no pip install equivalent.
GET_PIP_ONLY_OPTIONS = {"--no-setuptools", "--no-wheel"}


def main():
    # In a process of its own: ensurepip points PIP_CONFIG_FILE at /dev/null in the environment of
    # the process that calls it, which would hide the machine's pip configuration from the install.
    subprocess.check_call([sys.executable, "-m", "ensurepip", "--upgrade"])
    install_arguments = [argument for argument in sys.argv[1:] if argument not in GET_PIP_ONLY_OPTIONS]
    subprocess.check_call([sys.executable, "-m", "pip", "install"] + install_arguments)


if __name__ == "__main__":
    main()
