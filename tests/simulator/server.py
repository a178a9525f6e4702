"""Run the simulator in a background thread of the current process, for pytest and scripts."""

import socket
import threading
import time
from typing import Any, Dict, Iterable, List, Optional

import uvicorn

from .app import create_app
from .faults import FaultRuleRequest
from .http_protocol import http_protocol
from .state import DEFAULT_API_KEY, SettingsUpdate, SimulatorState


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening socket bound before uvicorn starts, so the chosen port is known at once."""
    # Naming the protocol matters: asyncio disables Nagle's algorithm only on sockets whose proto
    # is IPPROTO_TCP, and without that every response waits ~40 ms for a delayed ACK.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    return sock


def uvicorn_config(app, host: str, port: int) -> uvicorn.Config:
    return uvicorn.Config(
        app, host=host, port=port, http=http_protocol(), log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=1
    )


class SimulatorServer:
    """The simulator on 127.0.0.1 at a free port.

    with SimulatorServer(fixtures={...}) as sim:
        requests.get(sim.url + "/mc/registries", headers=sim.headers)

    The helpers act on the shared state directly; they do what the `/_sim/` control API does.
    """

    def __init__(self, fixtures: Optional[Dict[str, Any]] = None, api_keys: Iterable[str] = (), host: str = "127.0.0.1"):
        self.api_keys = list(api_keys)
        self.app = create_app(api_keys=self.api_keys)
        self.state: SimulatorState = self.app.state
        self.host = host
        self.url = ""
        self._initial_fixtures = fixtures
        self._server: Optional[uvicorn.Server] = None
        self._thread: Optional[threading.Thread] = None

    @property
    def api_key(self) -> str:
        """The key to authenticate with: the first one given, else the default key."""
        return self.api_keys[0] if self.api_keys else DEFAULT_API_KEY

    @property
    def headers(self) -> Dict[str, str]:
        return {"AccessKey": self.api_key}

    def start(self, timeout: float = 5.0) -> "SimulatorServer":
        if self._initial_fixtures is not None:
            self.load_fixtures(self._initial_fixtures)
        sock = bind_socket(self.host, 0)
        self.url = f"http://{self.host}:{sock.getsockname()[1]}"
        self._server = uvicorn.Server(uvicorn_config(self.app, self.host, 0))
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, name="bunnynet-simulator", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the simulator did not start")
            time.sleep(0.005)
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
            self._thread.join(timeout=5)
            self._server = None

    def __enter__(self) -> "SimulatorServer":
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def load_fixtures(self, fixtures: Dict[str, Any]) -> Dict[str, int]:
        return self.state.load_fixtures(fixtures)

    def reset(self) -> None:
        self.state.reset()

    def requests(self) -> List[Dict[str, Any]]:
        """The request log, oldest first."""
        return self.state.logged_requests()

    def clear_requests(self) -> None:
        """Clear the request log and the request stats."""
        self.state.clear_request_log()

    def stats(self) -> Dict[str, Any]:
        """Connections opened and the most concurrent writes per resource since the log was cleared."""
        return self.state.stats.describe()

    def add_fault(self, **rule: Any) -> Dict[str, Any]:
        """Add a fault rule; the keywords are those of `POST /_sim/faults`."""
        return self.state.add_fault(FaultRuleRequest.model_validate(rule)).describe()

    def clear_faults(self) -> None:
        self.state.faults.clear()

    def advance_clock(self, seconds: float) -> float:
        """Move the simulator's clock on, as `POST /_sim/clock` does; returns the total advance."""
        return self.state.advance_clock(seconds)

    def update_settings(self, **settings: Any) -> Dict[str, Any]:
        return self.state.update_settings(SettingsUpdate.model_validate(settings)).model_dump()
