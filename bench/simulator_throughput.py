"""Checks the test tool, not the collection: the simulator must not be what a benchmark measures.

The collection's benchmarks (bench/collection.py, see docs/performance.md) and the fault and
load tests attribute time to the modules under test. That holds only while the simulator's own
work per request is a small part of each request's cost. This measures it as a ratio, in one
run, so that a loaded machine slows both sides alike: small sequential GETs over one keep-alive
connection against the simulator and against a bare ASGI application served by the same uvicorn
configuration, in interleaved rounds, best round of each. The run fails when the simulator
serves fewer than FLOOR_RATIO of the bare application's requests per second.

Run from the repository root: `python bench/simulator_throughput.py [--requests N]`.
"""

import argparse
import importlib.util
import os
import sys
import threading
import time

import requests
import uvicorn

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.simulator.server import SimulatorServer, bind_socket, uvicorn_config

# The simulator validates, routes, logs and serialises every request; a third of the bare
# server's rate still leaves it well under a millisecond per request, next to the tens of
# milliseconds a module's request costs the controller.
FLOOR_RATIO = 0.33
ROUNDS = 3
WARM_UP_REQUESTS = 50
TIME_LIMIT_SECONDS = 60


async def bare_application(scope, receive, send):
    """The least an HTTP server can do: one small JSON answer."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b'{"id": 1}'})


class BareServer:
    def __enter__(self):
        sock = bind_socket("127.0.0.1", 0)
        self.url = "http://127.0.0.1:%d" % sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn_config(bare_application, "127.0.0.1", 0))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.005)
        return self

    def __exit__(self, *exc_info):
        self.server.should_exit = True
        self.thread.join(timeout=5)


def rate(session, url, count, deadline):
    started = time.perf_counter()
    sent = 0
    while sent < count and time.perf_counter() < deadline:
        session.get(url).raise_for_status()
        sent += 1
    return sent / (time.perf_counter() - started)


def measure(count):
    """Best requests per second of the simulator and of the bare server, rounds interleaved."""
    fixtures = {"registries": [{"id": 1, "displayName": "hub", "hostName": "docker.io"}]}
    rates = {"simulator": [], "bare": []}
    with SimulatorServer(fixtures=fixtures) as simulator, BareServer() as bare, requests.Session() as session:
        session.headers.update(simulator.headers)
        # Proxy and .netrc look-ups cost the client time on every request and mean nothing for 127.0.0.1.
        session.trust_env = False
        urls = {"simulator": simulator.url + "/mc/registries/1", "bare": bare.url + "/"}
        deadline = time.perf_counter() + TIME_LIMIT_SECONDS
        for url in urls.values():
            rate(session, url, WARM_UP_REQUESTS, deadline)
        for _round in range(ROUNDS):
            for name, url in urls.items():
                rates[name].append(rate(session, url, count // ROUNDS, deadline))
    return rates


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1500, help="requests per server in all (default 1500)")
    args = parser.parse_args()
    rates = measure(args.requests)
    simulator, bare = max(rates["simulator"]), max(rates["bare"])
    ratio = simulator / bare
    verdict = "ok" if ratio >= FLOOR_RATIO else "TOO SLOW"
    # uvicorn parses HTTP with httptools when it is installed, else with the slower pure-Python h11.
    parser_name = "httptools" if importlib.util.find_spec("httptools") else "h11"
    print(
        "simulator: %.0f requests/s, bare uvicorn: %.0f requests/s, ratio %.2f (floor %.2f; HTTP parser %s): %s"
        % (simulator, bare, ratio, FLOOR_RATIO, parser_name, verdict)
    )
    return 0 if ratio >= FLOOR_RATIO else 1


if __name__ == "__main__":
    sys.exit(main())
