"""Fail when a secret of the integration fixtures appears in the output of a run.

Every secret the integration targets use (the API key, DeploymentKeys, edge script secret values,
secret container environment variables) contains the marker below, so one search finds them all,
whatever the target. The log must exist and hold output: a scan of nothing proves nothing.

    python tests/utils/find_leaked_secrets.py integration.log
"""

import re
import sys

MARKER = "LEAKCANARY"
SECRET = re.compile(r"[A-Za-z0-9_.-]*%s[A-Za-z0-9_.-]*" % MARKER)
LINE_CAP = 300


def leaks(lines):
    """(line number, secret, line) for every secret found, in the order met."""
    for number, line in enumerate(lines, 1):
        for secret in SECRET.findall(line):
            yield number, secret, line.rstrip("\n")


def main(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as log:
            lines = log.readlines()
    except OSError as error:
        print("Cannot scan %s for secrets: %s" % (path, error.strerror))
        return 2
    if not any(line.strip() for line in lines):
        print("Cannot scan %s for secrets: it is empty" % path)
        return 2
    found = list(leaks(lines))
    for number, secret, line in found:
        print("%s:%d: %s leaked: %s" % (path, number, secret, line[:LINE_CAP]))
    if found:
        print("%d leaks of %d secrets in %s" % (len(found), len({secret for _number, secret, _line in found}), path))
        return 1
    print("No secret in %d lines of %s" % (len(lines), path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
