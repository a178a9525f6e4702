"""`python -m tests.simulator --port PORT [--fixtures FILE] [--api-key KEY] [--host HOST]`.

The first line printed is the base URL; the server then runs until interrupted.
"""

import argparse
import json
import sys

import uvicorn

from .app import create_app
from .server import bind_socket, uvicorn_config


def read_fixtures(path: str):
    with open(path, encoding="utf-8") as handle:
        if path.endswith((".yml", ".yaml")):
            import yaml  # only YAML fixtures need PyYAML

            return yaml.safe_load(handle) or {}
        return json.load(handle)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.simulator", description="Serve the bunny.net management API simulator.")
    parser.add_argument("--port", type=int, default=0, help="port to listen on; 0 picks a free one (default)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--fixtures", help="JSON or YAML file with the initial state")
    parser.add_argument("--api-key", action="append", default=[], dest="api_keys", help="an accepted AccessKey; repeatable (default: sim-api-key)")
    args = parser.parse_args(argv)

    app = create_app(api_keys=args.api_keys)
    if args.fixtures:
        try:
            app.state.load_fixtures(read_fixtures(args.fixtures))
        except (OSError, ValueError) as exc:
            print(f"cannot load fixtures from {args.fixtures}: {exc}", file=sys.stderr)
            return 2
    try:
        sock = bind_socket(args.host, args.port)
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    host, port = sock.getsockname()[:2]
    print(f"http://{host}:{port}", flush=True)
    uvicorn.Server(uvicorn_config(app, args.host, port)).run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
