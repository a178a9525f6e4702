"""How many small sequential requests per second the simulator serves to one client.

Run from the repository root: `python bench/simulator_throughput.py [--requests N]`.
Starts the simulator on 127.0.0.1, sends N GET requests over one keep-alive session, prints
the rate, and exits non-zero when it is under the floor the test suites rely on.
"""

import argparse
import importlib.util
import os
import sys
import time

import requests

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.simulator.server import SimulatorServer

FLOOR_PER_SECOND = 500
TIME_LIMIT_SECONDS = 30


def measure(count: int) -> float:
    fixtures = {"registries": [{"id": 1, "displayName": "hub", "hostName": "docker.io"}]}
    with SimulatorServer(fixtures=fixtures) as simulator, requests.Session() as session:
        session.headers.update(simulator.headers)
        url = simulator.url + "/mc/registries/1"
        session.get(url).raise_for_status()
        started = time.perf_counter()
        sent = 0
        while sent < count and time.perf_counter() - started < TIME_LIMIT_SECONDS:
            session.get(url).raise_for_status()
            sent += 1
        elapsed = time.perf_counter() - started
    return sent / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="how many requests to send (default 2000)")
    args = parser.parse_args()
    rate = measure(args.requests)
    verdict = "ok" if rate >= FLOOR_PER_SECOND else "TOO SLOW"
    # uvicorn parses HTTP with httptools when it is installed, else with the slower pure-Python h11.
    parser_name = "httptools" if importlib.util.find_spec("httptools") else "h11"
    print(f"simulator: {rate:.0f} sequential requests/s (floor {FLOOR_PER_SECOND}/s, HTTP parser {parser_name}): {verdict}")
    return 0 if rate >= FLOOR_PER_SECOND else 1


if __name__ == "__main__":
    sys.exit(main())
