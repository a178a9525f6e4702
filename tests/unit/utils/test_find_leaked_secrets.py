"""The pipeline's scan of the -vvvv integration log: it must find every marked secret, and refuse to pass on nothing."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SCAN = os.path.join(ROOT, "tests", "utils", "find_leaked_secrets.py")


def scan(path):
    return subprocess.run([sys.executable, SCAN, str(path)], capture_output=True, text=True, timeout=30, check=False)


def test_a_log_without_secrets_passes(tmp_path):
    log = tmp_path / "integration.log"
    log.write_text('TASK [x] ***\nok: [testhost] => {"api_key": "********"}\n')

    outcome = scan(log)

    assert outcome.returncode == 0
    assert "No secret in 2 lines" in outcome.stdout


def test_every_leaked_secret_is_named_with_its_line(tmp_path):
    log = tmp_path / "integration.log"
    log.write_text('ok\n"AccessKey": "LEAKCANARY-api-key-1"\nEXEC BUNNYNET_API_KEY=LEAKCANARY-api-key-1 x\n"value": "LEAKCANARY-env-2"\n')

    outcome = scan(log)

    assert outcome.returncode == 1
    assert "integration.log:2: LEAKCANARY-api-key-1 leaked" in outcome.stdout
    assert "integration.log:3: LEAKCANARY-api-key-1 leaked" in outcome.stdout
    assert "integration.log:4: LEAKCANARY-env-2 leaked" in outcome.stdout
    assert "3 leaks of 2 secrets" in outcome.stdout


def test_a_missing_log_fails(tmp_path):
    outcome = scan(tmp_path / "absent.log")

    assert outcome.returncode == 2
    assert "Cannot scan" in outcome.stdout


def test_an_empty_log_fails(tmp_path):
    log = tmp_path / "integration.log"
    log.write_text("\n\n")

    outcome = scan(log)

    assert outcome.returncode == 2
    assert "it is empty" in outcome.stdout
