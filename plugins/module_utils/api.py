# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The HTTP client: the only place in the collection that talks to the bunny.net API."""

import random
import traceback
from urllib.parse import quote

try:
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.exceptions import MaxRetryError
    from urllib3.util.retry import Retry
except ImportError:
    HAS_REQUESTS = False
    REQUESTS_IMPORT_ERROR = traceback.format_exc()
    Retry = object
else:
    HAS_REQUESTS = True
    REQUESTS_IMPORT_ERROR = None

COLLECTION_VERSION = "0.1.0"
USER_AGENT = "bunnynet.cloud/%s (Ansible collection)" % COLLECTION_VERSION

# A 502/503/504 or a dropped connection leaves the outcome of a write unknown, so only methods
# that can be repeated without a second effect are resent. The caller re-reads state instead.
IDEMPOTENT_METHODS = frozenset(("GET", "HEAD", "OPTIONS", "PUT", "DELETE"))
GATEWAY_STATUSES = frozenset((502, 503, 504))
# A 429 means the request was refused before it was processed, so it is safe to resend any method.
RATE_LIMITED = 429

# Backoff between attempts grows exponentially from this factor and never exceeds the cap; a
# Retry-After header wins but is capped as well, so one answer cannot stall a playbook for hours.
BACKOFF_FACTOR = 0.5
BACKOFF_CAP_SECONDS = 30.0
RETRY_AFTER_CAP_SECONDS = 120.0

SHIELD_ENVELOPE_KEYS = frozenset(("error", "data"))


class ApiRetry(Retry):
    """urllib3's retry policy with the collection's rules for which answers may be retried."""

    def is_retry(self, method, status_code, has_retry_after=False):
        if status_code == RATE_LIMITED:
            return True
        return method.upper() in IDEMPOTENT_METHODS and status_code in GATEWAY_STATUSES

    def get_backoff_time(self):
        backoff = min(BACKOFF_CAP_SECONDS, super().get_backoff_time())
        # Full jitter keeps many hosts of one inventory from retrying in lockstep.
        return random.uniform(backoff / 2.0, backoff) if backoff > 0 else 0

    def get_retry_after(self, response):
        retry_after = super().get_retry_after(response)
        if retry_after is None:
            return None
        return max(0.0, min(RETRY_AFTER_CAP_SECONDS, retry_after))


def describe_error_body(body):
    """Return (message, error_key, field_errors) from any of the API's four error shapes.

    ErrorDetails carries ``errors[{field, message}]``; ProblemDetails only ``title``/``detail``;
    the scripting, pull zone and video library areas answer ``{ErrorKey, Field, Message}``; Shield
    wraps errors in ``{error: {success, message, errorKey}, data}``.
    """
    if isinstance(body, dict):
        if isinstance(body.get("error"), dict):
            shield_error = body["error"]
            return shield_error.get("message") or "", shield_error.get("errorKey"), []
        if "ErrorKey" in body or "Message" in body:
            field = body.get("Field")
            message = body.get("Message") or ""
            field_errors = [{"field": field, "message": message}] if field else []
            return message, body.get("ErrorKey"), field_errors
        message = body.get("detail") or body.get("title") or ""
        # RFC 7807's "about:blank" means the problem has no type beyond its status.
        problem_type = body.get("type") if body.get("type") != "about:blank" else None
        return message, problem_type, _field_errors(body.get("errors"))
    if isinstance(body, str):
        return body.strip()[:500], None, []
    return "", None, []


def _field_errors(errors):
    if isinstance(errors, list):
        return [
            {"field": item.get("field"), "message": item.get("message", "")}
            for item in errors if isinstance(item, dict)
        ]
    # ASP.NET's ValidationProblemDetails, which the Magic Containers API can also return,
    # keys the messages by field name.
    if isinstance(errors, dict):
        return [
            {"field": field, "message": message}
            for field, messages in sorted(errors.items())
            for message in (messages if isinstance(messages, list) else [messages])
        ]
    return []


def is_shield_error(body):
    """Shield reports some failures inside a 2xx envelope; success is only an envelope without an error."""
    if not isinstance(body, dict) or not SHIELD_ENVELOPE_KEYS.intersection(body):
        return False
    error = body.get("error")
    return isinstance(error, dict) and error.get("success") is not True and bool(error.get("errorKey") or error.get("message"))


class BunnyApiError(Exception):
    """A failed API call: what was asked, what came back, and how many attempts were made."""

    def __init__(self, method, path, status=None, body=None, attempts=1, reason=None):
        self.method = method
        self.path = path
        self.status = status
        self.body = body
        self.attempts = attempts
        self.message, self.error_key, self.field_errors = describe_error_body(body)
        if reason and not self.message:
            self.message = reason
        super().__init__(self._sentence())

    def _sentence(self):
        outcome = "failed with status %s" % self.status if self.status is not None else "failed"
        sentence = "%s %s %s" % (self.method, self.path, outcome)
        if self.message:
            sentence += ": %s" % self.message
        if self.field_errors:
            sentence += " (%s)" % "; ".join(
                "%s: %s" % (item["field"], item["message"]) if item["field"] else item["message"]
                for item in self.field_errors
            )
        if self.attempts > 1:
            sentence += " after %d attempts" % self.attempts
        return sentence

    def as_result(self):
        """The structured part of a module failure (``status`` and ``api_error``)."""
        return {
            "status": self.status,
            "api_error": {
                "method": self.method,
                "path": self.path,
                "message": self.message,
                "error_key": self.error_key,
                "field_errors": self.field_errors,
                "attempts": self.attempts,
                "body": self.body,
            },
        }


def build_path(template, **params):
    """Fill a path template, quoting every parameter as one segment so ``../x`` stays an id."""
    quoted = {}
    for name, value in params.items():
        segment = quote(str(value), safe="")
        # urllib3 removes dot segments from paths; encoded dots survive that untouched.
        if segment in (".", ".."):
            segment = segment.replace(".", "%2E")
        quoted[name] = segment
    return template.format(**quoted)


class BunnyClient:
    """One keep-alive session per module run, with timeouts, retries and error parsing."""

    def __init__(self, api_key, api_url="https://api.bunny.net", timeout=30, retries=5,
                 validate_certs=True, backoff_factor=BACKOFF_FACTOR):
        self.api_url = api_url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        self.session = requests.Session()
        self.session.verify = validate_certs
        self.session.headers.update({
            "AccessKey": api_key,
            "Accept": "application/json",
            "User-Agent": USER_AGENT,
        })
        policy = ApiRetry(
            total=retries,
            backoff_factor=backoff_factor,
            allowed_methods=IDEMPOTENT_METHODS,
            respect_retry_after_header=True,
            raise_on_status=False,
            raise_on_redirect=False,
        )
        adapter = HTTPAdapter(max_retries=policy)
        self.session.mount("https://", adapter)
        self.session.mount("http://", adapter)

    def __repr__(self):
        return "BunnyClient(api_url=%r, timeout=%r, retries=%r)" % (self.api_url, self.timeout, self.retries)

    def request(self, method, path, params=None, json=None):
        """Send one request and return its parsed JSON body (None when the body is empty)."""
        try:
            response = self.session.request(
                method, self.api_url + path, params=params, json=json, timeout=self.timeout, allow_redirects=False
            )
        except requests.exceptions.RequestException as exc:
            raise BunnyApiError(method, path, attempts=self._attempts_of(exc), reason=self._reason_of(exc)) from None

        body = self._parse_body(response)
        attempts = len(getattr(getattr(response.raw, "retries", None), "history", ())) + 1
        if response.status_code >= 300 or is_shield_error(body):
            raise BunnyApiError(method, path, response.status_code, body, attempts)
        return body

    def get(self, path, params=None):
        return self.request("GET", path, params=params)

    def post(self, path, json=None, params=None):
        return self.request("POST", path, params=params, json=json)

    def patch(self, path, json=None):
        return self.request("PATCH", path, json=json)

    def put(self, path, json=None):
        return self.request("PUT", path, json=json)

    def delete(self, path, json=None):
        return self.request("DELETE", path, json=json)

    def paginate_pages(self, path, params=None, per_page=1000):
        """Yield every item of a ``page``/``perPage`` list (``Items`` and ``HasMoreItems``)."""
        query = dict(params or {})
        query["perPage"] = per_page
        page = 1
        while True:
            query["page"] = page
            body = self.get(path, params=query) or {}
            items = body.get("Items") or []
            yield from items
            if not body.get("HasMoreItems") or not items:
                return
            page += 1

    def paginate_cursor(self, path, params=None, limit=1000):
        """Yield every item of a cursor list (``items``, then ``cursor`` sent back as ``nextCursor``)."""
        query = dict(params or {})
        query["limit"] = limit
        while True:
            body = self.get(path, params=query) or {}
            yield from body.get("items") or []
            cursor = body.get("cursor")
            if not cursor:
                return
            query["nextCursor"] = cursor

    @staticmethod
    def _parse_body(response):
        if not response.content:
            return None
        try:
            return response.json()
        except ValueError:
            return response.text

    def _attempts_of(self, exc):
        cause = exc.args[0] if exc.args else None
        return self.retries + 1 if isinstance(cause, MaxRetryError) else 1

    @staticmethod
    def _reason_of(exc):
        cause = exc.args[0] if exc.args else None
        reason = getattr(cause, "reason", None) or cause or exc
        return "%s: %s" % (type(exc).__name__, reason)
