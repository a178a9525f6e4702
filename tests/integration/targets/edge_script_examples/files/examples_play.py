"""Print a playbook that runs the EXAMPLES of the given module files in order, on localhost.

The examples are read from the module sources without importing them, the way ansible-doc shows
them; credentials come from the BUNNYNET_API_* environment variables.
"""

import ast
import sys

import yaml


def examples_of(path):
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "EXAMPLES" for target in node.targets):
            return yaml.safe_load(node.value.value)
    raise SystemExit("%s has no EXAMPLES" % path)


def main(paths):
    tasks = [task for path in paths for task in examples_of(path)]
    play = {"name": "Every example of the given modules", "hosts": "localhost", "connection": "local", "gather_facts": False, "tasks": tasks}
    yaml.safe_dump([play], sys.stdout, sort_keys=False, width=1000)


if __name__ == "__main__":
    main(sys.argv[1:])
