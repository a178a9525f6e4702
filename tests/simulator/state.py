"""The simulator's whole world: resources, API keys, settings, the request log and the faults."""

import copy
import threading
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from .faults import FaultBook, FaultRule, FaultRuleRequest

DEFAULT_API_KEY = "sim-api-key"

# Loaded in this order, so a list's filler can look up the lists before it (apps name registries).
RESOURCE_LISTS = (
    "registries", "apps", "log_forwarding", "edge_scripts", "pull_zones", "video_libraries", "stream_collections", "stream_videos",
    "shield_zones", "dns_zones", "storage_zones", "databases", "database_groups", "team_members",
)  # fmt: skip

# An area fills in the server-generated fields a fixture leaves out: it gets the list as loaded
# and the state it is loaded into, and returns the completed list.
FixtureFiller = Callable[[List[Dict[str, Any]], "SimulatorState"], List[Dict[str, Any]]]


class RequestStats:
    """What the request log does not show: connections opened, and writes to one resource at once.

    A client that keeps its connection alive sends every request from one port, so the number of
    client ports seen is the number of connections it opened. Writes are counted per resource
    (see recording.resource_of) while they are in flight, faults' delays included.
    """

    def __init__(self):
        self._lock = threading.Lock()
        self.clear()

    def clear(self) -> None:
        with self._lock:
            self._client_ports: set = set()
            self._in_flight: Dict[str, int] = {}
            self._most_in_flight: Dict[str, int] = {}

    def request_started(self, client_port: Optional[int], resource: Optional[str]) -> None:
        with self._lock:
            if client_port is not None:
                self._client_ports.add(client_port)
            if resource is not None:
                self._in_flight[resource] = self._in_flight.get(resource, 0) + 1
                self._most_in_flight[resource] = max(self._most_in_flight.get(resource, 0), self._in_flight[resource])

    def request_finished(self, resource: Optional[str]) -> None:
        if resource is not None:
            with self._lock:
                # A client may clear the stats as soon as it has its answer, before the request is finished here.
                if resource in self._in_flight:
                    self._in_flight[resource] -= 1

    def describe(self) -> Dict[str, Any]:
        with self._lock:
            return {"connections": len(self._client_ports), "most_concurrent_writes": dict(self._most_in_flight)}


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    progressing_seconds: float = Field(
        default=1.0, ge=0, le=3600, description="How long an application stays `progressing` after a change or a restart."
    )
    failing_image_tags: List[str] = Field(
        default=[], description="Image tags that turn an application `failing` instead of `active` once it has been progressing."
    )
    taken_pull_zone_names: List[str] = Field(
        default=[], description="Pull zone names that other bunny.net accounts hold: a create with one of them is refused as taken, "
        "though the account's lists never show it."
    )
    unpointed_hostnames: List[str] = Field(
        default=[],
        description="Hostnames whose DNS does not point at their pull zone: loading a free certificate for one fails as on bunny.net.",
    )
    encoding_seconds: float = Field(default=1.0, ge=0, le=3600, description="How long a Stream video takes from uploaded to finished.")
    encoding_steps_per_read: bool = Field(
        default=False, description="Move a Stream video's encoding one status on at each read of it (uploaded, processing, transcoding, "
        "finished) instead of by the clock: a test sees every status however busy the machine is."
    )
    database_token_marker: str = Field(
        default="", pattern=r"^[A-Za-z0-9_-]*$", max_length=40,
        description="A word every new database token carries (the integration run's leak scan looks for LEAKCANARY).",
    )


class SettingsUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    progressing_seconds: Optional[float] = Field(default=None, ge=0, le=3600)
    failing_image_tags: Optional[List[str]] = None
    taken_pull_zone_names: Optional[List[str]] = None
    unpointed_hostnames: Optional[List[str]] = None
    encoding_seconds: Optional[float] = Field(default=None, ge=0, le=3600)
    encoding_steps_per_read: Optional[bool] = None
    database_token_marker: Optional[str] = Field(default=None, pattern=r"^[A-Za-z0-9_-]*$", max_length=40)


class ClockAdvance(BaseModel):
    """The body of `POST /_sim/clock`: how far to move the simulator's clock on."""

    model_config = ConfigDict(extra="forbid")

    seconds: float = Field(ge=0, le=86400)


class ApiKeys(BaseModel):
    model_config = ConfigDict(extra="forbid")

    valid: List[str] = []
    suspended: List[str] = []


class Fixtures(BaseModel):
    """The body of `POST /_sim/fixtures` and the content of a `--fixtures` file."""

    model_config = ConfigDict(extra="forbid")

    apps: List[Dict[str, Any]] = []
    registries: List[Dict[str, Any]] = []
    log_forwarding: List[Dict[str, Any]] = []
    edge_scripts: List[Dict[str, Any]] = []
    pull_zones: List[Dict[str, Any]] = []
    video_libraries: List[Dict[str, Any]] = []
    stream_collections: List[Dict[str, Any]] = []
    stream_videos: List[Dict[str, Any]] = []
    shield_zones: List[Dict[str, Any]] = []
    dns_zones: List[Dict[str, Any]] = []
    storage_zones: List[Dict[str, Any]] = []
    databases: List[Dict[str, Any]] = []
    database_groups: List[Dict[str, Any]] = []
    # The account's team (areas/team.py: not in the vendor's documents).
    team_members: List[Dict[str, Any]] = []
    # What a statistics, metrics or billing report holds, by request path (reports.py).
    reports: Dict[str, Any] = {}
    api_keys: ApiKeys = ApiKeys()
    settings: SettingsUpdate = SettingsUpdate()


class SimulatorState:
    """One in-memory store. Request handlers and the in-process helpers share it under `lock`."""

    def __init__(self, api_keys: Iterable[str] = (), fixture_fillers: Optional[Dict[str, FixtureFiller]] = None):
        # How far tests have moved the clock on (POST /_sim/clock): time-driven states (progressing
        # applications, pending deletions, Stream encoding) follow now(), never time.monotonic() itself.
        self.clock_offset = 0.0
        self.lock = threading.RLock()
        self.startup_keys = frozenset(api_keys)
        self.fixture_fillers = fixture_fillers or {}
        self.faults = FaultBook()
        self.stats = RequestStats()
        self.request_log: List[Dict[str, Any]] = []
        self._clear()

    def _clear(self) -> None:
        self.apps: List[Dict[str, Any]] = []
        self.registries: List[Dict[str, Any]] = []
        self.log_forwarding: List[Dict[str, Any]] = []
        self.edge_scripts: List[Dict[str, Any]] = []
        self.pull_zones: List[Dict[str, Any]] = []
        self.video_libraries: List[Dict[str, Any]] = []
        self.stream_collections: List[Dict[str, Any]] = []
        self.stream_videos: List[Dict[str, Any]] = []
        self.shield_zones: List[Dict[str, Any]] = []
        self.dns_zones: List[Dict[str, Any]] = []
        self.storage_zones: List[Dict[str, Any]] = []
        self.databases: List[Dict[str, Any]] = []
        # The Database document's v1 groups, each with its databases under `_databases` (areas/databases.py).
        self.database_groups: List[Dict[str, Any]] = []
        # Every database token generated, oldest first (areas/databases.py): which are valid is for tests to ask.
        self.database_tokens: List[Dict[str, Any]] = []
        self.team_members: List[Dict[str, Any]] = []
        # Tokens POST /apikey/exchange issued, with the key each was issued for (areas/team.py).
        self.team_tokens: Dict[str, str] = {}
        # What was purged from the CDN cache, oldest first: `{PullZoneId, CacheTag, Url, Async, ExactPath}`.
        self.purges: List[Dict[str, Any]] = []
        self.reports: Dict[str, Any] = {}
        # The latest record scan of each domain, by its DNS name (dns_zones.py).
        self.dns_scans: Dict[str, Dict[str, Any]] = {}
        # POST /user/closeaccount closes it: no key works until a reset or new fixtures.
        self.account_closed = False
        self.settings = Settings()
        # When each progressing application turns active, on the simulator's clock (now()).
        self.progress_deadlines: Dict[str, float] = {}
        self._set_keys(ApiKeys())

    def _set_keys(self, keys: ApiKeys) -> None:
        valid = set(self.startup_keys) | set(keys.valid)
        if not valid:
            valid.add(DEFAULT_API_KEY)
        self.suspended_keys = frozenset(keys.suspended)
        self.known_keys = frozenset(valid) | self.suspended_keys

    def reset(self) -> None:
        with self.lock:
            self._clear()
            self.request_log.clear()
            self.stats.clear()
            self.faults.clear()

    def load_fixtures(self, data: Union[Fixtures, Dict[str, Any]]) -> Dict[str, int]:
        """Replace every resource list, the fixture keys and the settings; returns the list sizes."""
        fixtures = data if isinstance(data, Fixtures) else Fixtures.model_validate(data)
        with self.lock:
            self._clear()
            self._set_keys(fixtures.api_keys)
            self.update_settings(fixtures.settings)
            self.reports = copy.deepcopy(fixtures.reports)
            for name in RESOURCE_LISTS:
                items = copy.deepcopy(getattr(fixtures, name))
                filler = self.fixture_fillers.get(name)
                setattr(self, name, filler(items, self) if filler else items)
            return {name: len(getattr(self, name)) for name in RESOURCE_LISTS}

    def update_settings(self, update: SettingsUpdate) -> Settings:
        with self.lock:
            self.settings = self.settings.model_copy(update=update.model_dump(exclude_none=True))
            return self.settings

    def add_fault(self, request: FaultRuleRequest) -> FaultRule:
        return self.faults.add(request)

    def logged_requests(self) -> List[Dict[str, Any]]:
        with self.lock:
            return copy.deepcopy(self.request_log)

    def clear_request_log(self) -> None:
        with self.lock:
            self.request_log.clear()
            self.stats.clear()

    def now(self) -> float:
        """The simulator's clock: time.monotonic(), moved on by what tests advanced it."""
        return time.monotonic() + self.clock_offset

    def advance_clock(self, seconds: float) -> float:
        """Move the clock on, as if that much time had passed; returns the total advance."""
        with self.lock:
            self.clock_offset += seconds
            return self.clock_offset

    def mark_progressing(self, app: Dict[str, Any]) -> None:
        app["status"] = "progressing"
        self.progress_deadlines[app["id"]] = self.now() + self.settings.progressing_seconds

    def settle(self, app: Dict[str, Any]) -> None:
        """Turn a progressing application active once its delay is over, or failing when a template
        runs one of the failing image tags; checked when it is read."""
        deadline = self.progress_deadlines.get(app["id"])
        if deadline is not None and self.now() >= deadline:
            del self.progress_deadlines[app["id"]]
            failing = any(template.get("imageTag") in self.settings.failing_image_tags for template in app["containerTemplates"])
            app["status"] = "failing" if failing else "active"
