"""Fault rules: answers the real API might give on a bad day, injected by method and path."""

import random
import re
import threading
from typing import Any, Dict, List, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class FaultRuleRequest(BaseModel):
    """The body of `POST /_sim/faults`.

    Without `count` or `rate` a rule fires on every match until the faults are cleared.
    """

    model_config = ConfigDict(extra="forbid")

    method: Optional[str] = None
    path: str = Field(description="A regular expression searched for in the request path.")
    status: Optional[int] = Field(default=None, ge=400, le=599)
    retry_after: Optional[int] = Field(default=None, ge=0, description="Seconds, sent as the Retry-After header.")
    delay_ms: int = Field(default=0, ge=0, le=60000)
    drop_connection: bool = False
    apply: bool = Field(
        default=False,
        description="Let the request take effect first, then answer with the fault instead: a write whose answer is lost.",
    )
    count: Optional[int] = Field(default=None, ge=1)
    rate: Optional[float] = Field(default=None, ge=0, le=1)
    seed: int = Field(default=0, description="Seeds the random draws of `rate`, so runs repeat.")

    @field_validator("path")
    @classmethod
    def _path_is_a_regex(cls, value: str) -> str:
        try:
            re.compile(value)
        except re.error as exc:
            raise ValueError(f"not a regular expression: {exc}") from None
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "FaultRuleRequest":
        if self.count is not None and self.rate is not None:
            raise ValueError("give either count or rate, not both")
        if self.drop_connection and self.status is not None:
            raise ValueError("a dropped connection sends no status")
        if self.retry_after is not None and self.status is None:
            raise ValueError("retry_after needs a status")
        if self.status is None and not self.drop_connection and not self.delay_ms:
            raise ValueError("the rule does nothing: give status, delay_ms or drop_connection")
        if self.apply and self.status is None and not self.drop_connection:
            raise ValueError("apply needs a status or drop_connection to answer with")
        return self


class FaultRule:
    def __init__(self, rule_id: int, request: FaultRuleRequest):
        self.id = rule_id
        self.request = request
        self.method = request.method.upper() if request.method else None
        self.path = re.compile(request.path)
        self.remaining = request.count
        self.random = random.Random(request.seed)

    def describe(self) -> Dict[str, Any]:
        return {"id": self.id, **self.request.model_dump(), "remaining": self.remaining}


class FaultBook:
    """The active fault rules; the first rule that matches and fires decides a request's fate."""

    def __init__(self):
        self._lock = threading.Lock()
        self._rules: List[FaultRule] = []
        self._next_id = 1

    def add(self, request: FaultRuleRequest) -> FaultRule:
        with self._lock:
            rule = FaultRule(self._next_id, request)
            self._next_id += 1
            self._rules.append(rule)
            return rule

    def clear(self) -> None:
        with self._lock:
            self._rules = []

    def describe(self) -> List[Dict[str, Any]]:
        with self._lock:
            return [rule.describe() for rule in self._rules]

    def take(self, method: str, path: str) -> Optional[FaultRuleRequest]:
        """The fault to apply to this request, if any, consuming one use of a counted rule."""
        if not self._rules:
            return None
        with self._lock:
            for rule in self._rules:
                if rule.method is not None and rule.method != method:
                    continue
                if not rule.path.search(path):
                    continue
                if rule.request.rate is not None and rule.random.random() >= rule.request.rate:
                    continue
                if rule.remaining is not None:
                    rule.remaining -= 1
                    if rule.remaining == 0:
                        self._rules.remove(rule)
                return rule.request
        return None
