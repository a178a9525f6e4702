# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The HTTP client: the only place in the collection that talks to the bunny.net API."""

import random
import time
import traceback
from urllib.parse import quote

try:
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.exceptions import ConnectTimeoutError, MaxRetryError, NewConnectionError, ProtocolError, ReadTimeoutError
    from urllib3.exceptions import SSLError as Urllib3SSLError
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

# Only reads are resent after a 502/503/504 or a dropped connection. A write in that state may or
# may not have been applied, and resending it blindly could apply it twice (a second hostname add
# fails, a second variable add duplicates it): the module base settles it by reading instead.
SAFE_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))
GATEWAY_STATUSES = frozenset((502, 503, 504))
# A 429 means the request was refused before it was processed, so it is safe to resend any method.
RATE_LIMITED = 429

# Backoff between attempts grows exponentially from this factor and never exceeds the cap; a
# Retry-After header wins but is capped as well, so one answer cannot stall a playbook for hours.
BACKOFF_FACTOR = 0.5
BACKOFF_CAP_SECONDS = 30.0
RETRY_AFTER_CAP_SECONDS = 120.0
# A refused connection or a name that does not resolve means that api_url is wrong or the service
# is down, which waiting does not mend: it gets a short, bounded retry whatever api_retries says.
UNREACHABLE_RETRIES = 2
# Enough of a non-JSON error page to recognise it, without pasting a whole HTML page into a result.
ERROR_TEXT_CAP = 500

SHIELD_ENVELOPE_KEYS = frozenset(("error", "data"))


class RetryTrace:
    """What one request's attempts met: why each failed (a status, or what went wrong below HTTP) and how long they waited.

    It also counts the client's silence: an attempt the API accepted but never answered (or a
    connection nobody accepted or refused) costs a whole ``api_timeout``, and once the run's
    silence reaches ``silence_limit`` no attempt follows, whatever ``api_retries`` allows.
    """

    def __init__(self, client, method, path):
        self.client = client
        self.method = method
        self.path = path
        self.reasons = []
        self.waited = 0.0

    def failed(self, response, error):
        if response is not None:
            self.reasons.append("HTTP %d" % response.status)
        elif _silent(error):
            self.client.silent_seconds += self.client.timeout
            self.reasons.append("no answer within api_timeout")
        else:
            self.reasons.append("connection refused" if isinstance(error, NewConnectionError) else "connection lost")

    def silent_too_long(self, error):
        return _silent(error) and self.client.silent_seconds >= self.client.silence_limit

    def as_result(self, attempts):
        return {"request": "%s %s" % (self.method, self.path), "attempts": attempts, "reasons": self.reasons,
                "waited_seconds": round(self.waited, 1)}


def _silent(error):
    # urllib3's NewConnectionError (refused, no such host) is a kind of ConnectTimeoutError; it is no silence.
    return isinstance(error, ReadTimeoutError) or (isinstance(error, ConnectTimeoutError) and not isinstance(error, NewConnectionError))


class ApiRetry(Retry):
    """urllib3's retry policy with the collection's rules for which answers may be retried."""

    # The trace of the request this policy serves; urllib3 makes a new policy for each attempt.
    trace = None

    def new(self, **kwargs):
        policy = super().new(**kwargs)
        policy.trace = self.trace
        return policy

    def sleep(self, response=None):
        started = time.monotonic()
        super().sleep(response)
        if self.trace is not None:
            self.trace.waited += time.monotonic() - started

    def is_retry(self, method, status_code, has_retry_after=False):
        if status_code == RATE_LIMITED:
            return True
        return method.upper() in self.allowed_methods and status_code in GATEWAY_STATUSES

    def get_backoff_time(self):
        backoff = min(BACKOFF_CAP_SECONDS, super().get_backoff_time())
        # Full jitter keeps many hosts of one inventory from retrying in lockstep.
        return random.uniform(backoff / 2.0, backoff)

    def increment(self, method=None, url=None, response=None, error=None, _pool=None, _stacktrace=None):
        if self.trace is not None:
            self.trace.failed(response, error)
            # An API that accepts connections and never answers does not mend by being asked again.
            if self.trace.silent_too_long(error):
                raise MaxRetryError(_pool, url, error) from error
        if isinstance(error, NewConnectionError) and self._unreachable_attempts() >= UNREACHABLE_RETRIES:
            raise MaxRetryError(_pool, url, error) from error
        return super().increment(method, url, response, error, _pool, _stacktrace)

    def _unreachable_attempts(self):
        return sum(isinstance(attempt.error, NewConnectionError) for attempt in self.history)

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
        return body.strip()[:ERROR_TEXT_CAP], None, []
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


# The keys that mark a body as one of the API's own error shapes (describe_error_body's four, the
# Stream API's StatusModel, the edge storage API's ErrorObject, the database API's AppError).
API_ERROR_KEYS = frozenset(("error", "ErrorKey", "Message", "message", "title", "type", "status", "errors", "HttpCode", "statusCode",
                            "success"))
NOT_FOUND = 404


def names_what_is_missing(body, message):
    """Whether a 404's answer is the API saying which resource is missing: a body in one of its shapes
    with a message beyond the status phrase. Anything else (no body, a web server's or a proxy's
    page, a router's bare ``Not Found``) is what a path unknown under the base URL gets."""
    if not isinstance(body, dict) or not API_ERROR_KEYS.intersection(body):
        return False
    # The shapes describe_error_body does not read (Stream's, the database API's) say it in their own keys.
    said = [message] + [body[key] for key in ("message", "error") if isinstance(body.get(key), str)]
    return any(text.strip().rstrip(".").lower() not in ("", "not found") for text in said)


def is_shield_error(body):
    """Shield reports some failures inside a 2xx envelope; success is only an envelope without an error."""
    if not isinstance(body, dict) or not SHIELD_ENVELOPE_KEYS.intersection(body):
        return False
    error = body.get("error")
    return isinstance(error, dict) and error.get("success") is not True and bool(error.get("errorKey") or error.get("message"))


class BunnyApiError(Exception):
    """A failed API call: what was asked, what came back, and how many attempts were made.

    ``outcome_unknown`` is true for a write that may have been applied although it failed: a
    502/503/504, or a connection that dropped or timed out after the request was sent. Only a read
    can tell what happened (see ``BunnyModule.write``). ``retries_exhausted`` is true when the
    last answer could have been retried but the retry budget was used up.
    """

    def __init__(self, method, path, status=None, body=None, attempts=1, reason=None, outcome_unknown=False,
                 retries_exhausted=False, unreachable=False, silence=None, api_url=None):
        self.method = method
        self.path = path
        self.status = status
        self.body = body
        self.attempts = attempts
        self.outcome_unknown = outcome_unknown
        self.retries_exhausted = retries_exhausted
        self.unreachable = unreachable
        # ``(api_url, api_timeout, seconds of silence in the run)`` when the API accepted the request and never answered.
        self.silence = silence
        # The base URL the path was sent under; a 404 in no shape of the API's names it.
        self.api_url = api_url
        self.message, self.error_key, self.field_errors = describe_error_body(body)
        if reason and not self.message:
            self.message = reason
        super().__init__(self._sentence())

    def _sentence(self):
        if self.silence is not None:
            api_url, timeout, silent_seconds = self.silence
            return (
                "%s %s got no answer from the API at %s: it did not answer within api_timeout (%s seconds) on %s, %s seconds "
                "of silence in all. Check api_url, and any proxy or firewall between this host and the API; if the API is "
                "only slow, raise api_timeout (and api_silence_limit, which ends the wait)." % (
                    self.method, self.path, api_url, timeout, _count(self.attempts, "attempt"), int(silent_seconds))
            )
        if self.status == RATE_LIMITED and self.retries_exhausted:
            api_says = ": %s" % self.message.rstrip(".") if self.message else ""
            return (
                "%s %s was refused with HTTP 429 (the API's rate limit%s) on %s. Raise api_retries "
                "(%d now) to wait longer, or run fewer tasks against the API at once." % (
                    self.method, self.path, api_says, _count(self.attempts, "attempt"), self.attempts - 1)
            )
        outcome = "failed with status %s" % self.status if self.status is not None else "failed"
        sentence = "%s %s %s" % (self.method, self.path, outcome)
        # The API's own sentences end in a full stop; they become clauses of this one.
        if self.message:
            sentence += ": %s" % self.message.rstrip(".")
        if self.field_errors:
            sentence += " (%s)" % "; ".join(
                "%s: %s" % (item["field"], item["message"].rstrip(".")) if item["field"] else item["message"].rstrip(".")
                for item in self.field_errors
            )
        if self.attempts > 1:
            sentence += " after %s" % _count(self.attempts, "attempt")
        if self.unreachable:
            return sentence + ": api_url is wrong or the service is down; check api_url or BUNNYNET_API_URL."
        if self.retries_exhausted:
            sentence += "; raise api_retries (%d now) to give the API longer to recover" % (self.attempts - 1)
        if self.status == NOT_FOUND and self.api_url and not names_what_is_missing(self.body, self.message):
            return sentence + (
                ". The answer does not say which resource is missing: if the path's IDs are right, the base URL used, %s, "
                "may be wrong: check api_url (or BUNNYNET_API_URL); bunny.net's API is https://api.bunny.net." % self.api_url)
        return sentence + "."

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


def _count(number, noun):
    return "%d %s%s" % (number, noun, "" if number == 1 else "s")


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
    """One keep-alive session per module run, with timeouts, retries and error parsing.

    ``write_applied`` turns true once the API has accepted a write, so that a failure later in the
    same run can still say that something changed.
    """

    def __init__(self, api_key, api_url, timeout, retries, validate_certs=True, backoff_factor=BACKOFF_FACTOR, silence_limit=None):
        self.api_url = api_url.rstrip("/")
        self.timeout = timeout
        self.retries = retries
        # How long the API may leave requests unanswered in one run before no request is tried again.
        self.silence_limit = silence_limit or 2 * timeout
        self.silent_seconds = 0
        # The requests that needed more than one attempt, for the module's result (RetryTrace.as_result).
        self.retried = []
        self.write_applied = False
        self.validate_certs = validate_certs
        self.session = requests.Session()
        self.session.headers.update({
            "AccessKey": api_key,
            "Accept": "application/json",
            "User-Agent": USER_AGENT,
        })
        # The template of every request's policy; request() gives each its retry budget.
        self._policy = ApiRetry(
            backoff_factor=backoff_factor,
            allowed_methods=SAFE_METHODS,
            # Errors that are neither connect, read nor status errors (a certificate that fails
            # verification) come back the same on every attempt.
            other=0,
            # An exhausted status retry returns the last answer, whose body says what went wrong.
            raise_on_status=False,
        )
        self._adapter = HTTPAdapter()
        self.session.mount("https://", self._adapter)
        self.session.mount("http://", self._adapter)

    def __repr__(self):
        return "BunnyClient(api_url=%r, timeout=%r, retries=%r)" % (self.api_url, self.timeout, self.retries)

    def request(self, method, path, params=None, json=None, retries=None, reads=False):
        """Send one request and return its parsed JSON body (None when the body is empty).

        ``retries`` narrows the retry budget for this request, so that a write sent again after an
        unknown outcome shares the budget of the first attempt instead of starting a new one.
        ``reads`` declares a request that changes nothing although its method is not a read's (a
        lookup the API takes as a POST): it is retried like a read, and never counts as a write.
        """
        budget = self.retries if retries is None else max(0, min(retries, self.retries))
        safe = reads or method in SAFE_METHODS
        trace = RetryTrace(self, method, path)
        policy = self._policy.new(total=budget, allowed_methods=SAFE_METHODS.union((method,)) if safe else SAFE_METHODS)
        policy.trace = trace
        self._adapter.max_retries = policy
        try:
            response = self.session.request(
                method, self.api_url + path, params=params, json=json, timeout=self.timeout, allow_redirects=False,
                # Given per request: requests lets REQUESTS_CA_BUNDLE override a session's verify=False.
                verify=self.validate_certs,
            )
        except requests.exceptions.RequestException as exc:
            reason, sent = self._transport_failure(exc)
            unreachable = _cause(exc, NewConnectionError)
            exhausted = _cause(exc, MaxRetryError) and not _cause(exc, Urllib3SSLError)
            attempts = (min(budget, UNREACHABLE_RETRIES) if unreachable else budget) + 1 if exhausted else 1
            silent = _cause(exc, ReadTimeoutError) or (_cause(exc, ConnectTimeoutError) and not unreachable)
            if silent:
                attempts = len(trace.reasons) or 1
            self._note(trace, attempts)
            raise BunnyApiError(
                method, path, attempts=attempts, reason=reason,
                outcome_unknown=sent and not safe,
                retries_exhausted=attempts > 1 and not unreachable, unreachable=unreachable,
                silence=(self.api_url, self.timeout, self.silent_seconds) if silent else None,
            ) from None

        body = self._parse_body(response)
        attempts = len(getattr(getattr(response.raw, "retries", None), "history", ())) + 1
        self._note(trace, attempts)
        status = response.status_code
        if status >= 300 or is_shield_error(body):
            retryable = status == RATE_LIMITED or (status in GATEWAY_STATUSES and safe)
            raise BunnyApiError(
                method, path, status, body, attempts,
                reason=response.reason, api_url=self.api_url,
                outcome_unknown=not safe and status in GATEWAY_STATUSES,
                retries_exhausted=retryable and attempts == budget + 1,
            )
        if not safe:
            self.write_applied = True
        return body

    def _note(self, trace, attempts):
        if trace.reasons:
            self.retried.append(trace.as_result(attempts))

    def note_settled(self, method, path, outcome):
        """A write whose answer was lost, and what reading the resource then found (module.write)."""
        self.retried.append({"request": "%s %s" % (method, path), "attempts": None, "reasons": ["answer lost: %s" % outcome],
                             "waited_seconds": 0.0})

    def get(self, path, params=None):
        return self.request("GET", path, params=params)

    def paginate(self, path, params=None, shape="pages"):
        """Every item of a list, whichever of the API's list shapes it has: ``pages`` (``Items`` and
        ``HasMoreItems``), ``cursor``, ``shield`` (``data`` and ``page.nextPage``), or None for one array."""
        if shape == "pages":
            return self.paginate_pages(path, params)
        if shape == "cursor":
            return self.paginate_cursor(path, params)
        if shape == "shield":
            return self.paginate_shield(path, params)
        return iter(self.get(path, params=params) or [])

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

    def paginate_shield(self, path, params=None, per_page=100):
        """Yield every item of a Shield list: ``data`` page by page, following ``page.nextPage`` until it is null."""
        query = dict(params or {})
        query["perPage"] = per_page
        page = 1
        while True:
            query["page"] = page
            body = self.get(path, params=query) or {}
            items = body.get("data") or []
            yield from items
            next_page = (body.get("page") or {}).get("nextPage")
            # A next page that does not move forward would loop for ever; an empty page ends the list too.
            if not items or not isinstance(next_page, int) or next_page <= page:
                return
            page = next_page

    @staticmethod
    def _parse_body(response):
        if not response.content:
            return None
        try:
            return response.json()
        except ValueError:
            return response.text

    def _transport_failure(self, exc):
        """What went wrong below HTTP, in words, and whether the request may have reached the API."""
        # urllib3's NewConnectionError is a kind of ConnectTimeoutError, so it is told apart first.
        if _cause(exc, NewConnectionError):
            return "could not connect to %s (%s)" % (self.api_url, _innermost(exc)), False
        if _cause(exc, ConnectTimeoutError):
            return "could not connect to %s within api_timeout (%s seconds)" % (self.api_url, self.timeout), False
        if _cause(exc, ReadTimeoutError):
            return "no answer within api_timeout (%s seconds)" % self.timeout, True
        if _cause(exc, Urllib3SSLError):
            return ("the TLS connection to %s failed (%s); validate_certs=false turns certificate checks off, "
                    "for test systems only" % (self.api_url, _innermost(exc))), False
        if _cause(exc, ProtocolError):
            return "the connection closed before an answer arrived (%s)" % _innermost(exc), True
        # Anything else (an answer cut short, say) happened after the request went out.
        return "%s: %s" % (type(exc).__name__, _innermost(exc)), True


def _causes(exc):
    """The exception and what it wraps, outermost first: requests wraps urllib3's errors, which wrap the socket's."""
    chain = []
    while exc is not None and exc not in chain:
        chain.append(exc)
        wrapped = getattr(exc, "reason", None)
        if not isinstance(wrapped, BaseException):
            wrapped = next((arg for arg in reversed(exc.args) if isinstance(arg, BaseException)), exc.__cause__)
        exc = wrapped
    return chain


def _cause(exc, kind):
    return any(isinstance(item, kind) for item in _causes(exc))


def _innermost(exc):
    return _causes(exc)[-1]
