"""How many small sequential requests per second the simulator serves to one client.

Run from the repository root: `python bench/simulator_throughput.py [--requests N]`.
Starts the simulator on 127.0.0.1 and sends N GET requests over one keep-alive session, in
three equal rounds. The best round counts, because other work on the machine can only slow a
round down; the run exits non-zero when even that is under the floor the test suites rely on.
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
ROUNDS = 3
WARM_UP_REQUESTS = 50
TIME_LIMIT_SECONDS = 30


def measure(count: int):
    """Requests per second of each round."""
    fixtures = {"registries": [{"id": 1, "displayName": "hub", "hostName": "docker.io"}]}
    rates = []
    with SimulatorServer(fixtures=fixtures) as simulator, requests.Session() as session:
        session.headers.update(simulator.headers)
        # Proxy and .netrc look-ups cost the client time on every request and mean nothing for 127.0.0.1.
        session.trust_env = False
        url = simulator.url + "/mc/registries/1"
        for _warm_up in range(WARM_UP_REQUESTS):
            session.get(url).raise_for_status()
        deadline = time.perf_counter() + TIME_LIMIT_SECONDS
        for _round in range(ROUNDS):
            started = time.perf_counter()
            sent = 0
            while sent < count // ROUNDS and time.perf_counter() < deadline:
                session.get(url).raise_for_status()
                sent += 1
            rates.append(sent / (time.perf_counter() - started))
    return rates


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000, help="how many requests to send in all (default 3000)")
    args = parser.parse_args()
    rates = measure(args.requests)
    best = max(rates)
    verdict = "ok" if best >= FLOOR_PER_SECOND else "TOO SLOW"
    # uvicorn parses HTTP with httptools when it is installed, else with the slower pure-Python h11.
    parser_name = "httptools" if importlib.util.find_spec("httptools") else "h11"
    rounds = ", ".join(f"{rate:.0f}" for rate in rates)
    print(f"simulator: {best:.0f} sequential requests/s at best (rounds: {rounds}; floor {FLOOR_PER_SECOND}/s; HTTP parser {parser_name}): {verdict}")
    return 0 if best >= FLOOR_PER_SECOND else 1


if __name__ == "__main__":
    sys.exit(main())
