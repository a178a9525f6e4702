"""Statistics, metrics, billing and the other reports: well-formed and empty, unless a fixture fills them.

The simulator serves no traffic and charges nothing, so a report it answers on its own counts
nothing: totals are zero and a chart has a zero for each day (or hour) of the range asked. A
fixture's `reports` maps a request path (`/statistics`, `/pullzone/10/optimizer/statistics`) to
what that report holds instead: an object's properties replace the empty report's, one by one,
so a fixture names only what it cares about; any other value (a list) replaces the answer.
"""

import copy
from datetime import datetime, timedelta, timezone
from typing import Any, Dict, Optional

from fastapi import Query

from .errors import ApiError, field_error
from .state import SimulatorState

# The range of a report, as the vendor's statistics operations name it; the handlers share these parameters.
DATE_FROM = Query(default=None, alias="dateFrom", description="The start of the range; by default as many days before its end as the report covers.")
DATE_TO = Query(default=None, alias="dateTo", description="The end of the range; now by default.")
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
MINUTE = timedelta(minutes=1)
# A chart of a year of hours; a longer one would cost the simulator more than any client wants.
MOST_POINTS = 366 * 24


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)


def chart_keys(
    date_from: Optional[datetime], date_to: Optional[datetime], hourly: bool = False, default_days: int = 30, step: Optional[timedelta] = None,
    names: tuple = ("dateFrom", "dateTo"),
) -> list:
    """The vendor's chart keys, one per day (or hour, or `step`) from `date_from` to `date_to`: the last `default_days` days unless given.

    `names` are the range's parameters as the operation spells them, which its errors name.
    """
    end = _utc(date_to) if date_to else datetime.now(timezone.utc)
    start = _utc(date_from) if date_from else end - default_days * DAY
    step = step or (HOUR if hourly else DAY)
    if start > end:
        raise ApiError(400, "The start of the range is after its end.", errors=[field_error(names[0], f"{names[0]} is after {names[1]}.")])
    if (end - start) / step > MOST_POINTS:
        raise ApiError(400, "The range has too many points for its granularity.", errors=[field_error(names[0], "The range is too long.")])
    moment = start.replace(second=0, microsecond=0)
    if step >= HOUR:
        moment = moment.replace(minute=0)
    if step >= DAY:
        moment = moment.replace(hour=0)
    keys = []
    while moment <= end:
        keys.append(moment.strftime("%Y-%m-%dT%H:%M:%SZ"))
        moment += step
    return keys


def chart(keys: list, zero: Any) -> Dict[str, Any]:
    return dict.fromkeys(keys, zero)


def report(state: SimulatorState, path: str, empty: Any) -> Any:
    """The report at `path`: the empty one with what the fixtures give for it."""
    given = state.reports.get(path)
    if given is None:
        return empty
    if isinstance(given, dict) and isinstance(empty, dict):
        return {**empty, **copy.deepcopy(given)}
    return copy.deepcopy(given)
