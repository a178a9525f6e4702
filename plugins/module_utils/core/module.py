# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The module base: shared options, the client, input rules, results, diffs and failures."""

import functools

from ansible.module_utils.basic import AnsibleModule, env_fallback, missing_required_lib
from ansible.module_utils.common.arg_spec import ArgumentSpecValidator
from ansible.module_utils.common.dict_transformations import camel_dict_to_snake_dict
from ansible.module_utils.errors import UnsupportedError

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import (
    HAS_REQUESTS,
    REQUESTS_IMPORT_ERROR,
    BunnyApiError,
    BunnyClient,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.validation import validate

MASK = "********"
INVALID_INPUT = "Invalid input: %s."

AUTH_REFUSED = "The API key was refused (HTTP 401); check api_key or the BUNNYNET_API_KEY environment variable."

API_ARGUMENT_SPEC = dict(
    api_key=dict(type="str", required=True, no_log=True, fallback=(env_fallback, ["BUNNYNET_API_KEY"])),
    api_url=dict(type="str", default="https://api.bunny.net", fallback=(env_fallback, ["BUNNYNET_API_URL"])),
    api_timeout=dict(type="int", default=30, fallback=(env_fallback, ["BUNNYNET_API_TIMEOUT"])),
    api_retries=dict(type="int", default=5, fallback=(env_fallback, ["BUNNYNET_API_RETRIES"])),
    api_silence_limit=dict(type="int", fallback=(env_fallback, ["BUNNYNET_API_SILENCE_LIMIT"])),
    stream_api_url=dict(type="str", default="https://video.bunnycdn.com", fallback=(env_fallback, ["BUNNYNET_STREAM_API_URL"])),
    validate_certs=dict(type="bool", default=True),
)

API_RULES = (
    ("api_url", dict(pattern=r"https?://[^\s/?#]+(?:/\S*)?", pattern_hint="an http:// or https:// URL")),
    ("stream_api_url", dict(pattern=r"https?://[^\s/?#]+(?:/\S*)?", pattern_hint="an http:// or https:// URL")),
    ("api_timeout", dict(minimum=1)),
    ("api_retries", dict(minimum=0, maximum=20)),
    ("api_silence_limit", dict(minimum=1)),
)
# Retries that waited this long in all are worth a warning, not only a line in the result.
LONG_WAIT_SECONDS = 10


def to_snake(resource, keep_keys=()):
    """The API's camelCase or PascalCase record in snake_case; maps named in keep_keys keep their keys.

    keep_keys are API key names and count at any depth (``nodeSelectors`` inside ``regionSettings``):
    camel_dict_to_snake_dict forgets its ignore_list below the top level, so each level is done here.
    """
    if isinstance(resource, list):
        return [to_snake(item, keep_keys) for item in resource]
    if not isinstance(resource, dict):
        return resource
    return {
        _snake_key(key): value if key in keep_keys else to_snake(value, keep_keys)
        for key, value in resource.items()
    }


@functools.lru_cache(maxsize=4096)
def _snake_key(key):
    # An account has a few hundred distinct property names and millions of keys: each is converted once.
    return next(iter(camel_dict_to_snake_dict({key: None})))


def mask_secrets(data, secret_keys, found=None):
    """A copy of data with the values of secret-bearing keys replaced, at any depth.

    Keys match in any spelling (``deployment_key``, ``deploymentKey``, ``DeploymentKey``), so the
    same names mask snake_case results and the API's own casing in error bodies. The values
    replaced are added to the set ``found`` when one is given.
    """
    if not secret_keys:
        return data
    return _mask(data, {_spelling_free(key) for key in secret_keys}, found if found is not None else set())


def _mask(data, secret_names, found):
    if isinstance(data, dict):
        masked = {}
        for key, value in data.items():
            if _spelling_free(key) in secret_names and value not in (None, ""):
                found.add(str(value))
                masked[key] = MASK
            else:
                masked[key] = _mask(value, secret_names, found)
        return masked
    if isinstance(data, list):
        return [_mask(item, secret_names, found) for item in data]
    return data


def _spelling_free(key):
    return str(key).replace("_", "").lower()


class UnsettledWriteError(BunnyApiError):
    """A write that may or may not have been applied: it failed without an answer, and so did the read."""

    def __init__(self, write_error, read_error):
        self.read_error = read_error
        super().__init__(
            write_error.method, write_error.path, write_error.status, write_error.body, write_error.attempts,
            reason=write_error.message, outcome_unknown=True,
        )

    def _sentence(self):
        return (
            "%s %s may or may not have been applied: it got no clear answer (%s), and reading the resource "
            "to find out failed too (%s). Check the resource before running the task again." % (
                self.method, self.path, self.message.rstrip("."), str(self.read_error).rstrip("."))
        )


class BunnyModule:
    """What every module of the collection shares; a module declares the rest.

    ``result_key`` names the single key the resource is returned under; ``rules`` are the
    contract's bounds and patterns that an argument spec cannot express (see validation.py);
    ``secret_keys`` are snake_case result keys whose values never leave the module;
    ``item_options`` maps a list option to the argument spec each of its items is checked and
    converted against, as Ansible does suboptions (an item that takes the options the module takes
    for one resource is then documented once, by those options).

    Results tell the truth: once a write has been applied, every later exit or failure of the run
    says ``changed: true`` (the client counts the writes the API accepted).
    """

    def __init__(self, argument_spec, result_key, rules=(), secret_keys=(), item_options=None, **module_kwargs):
        self.client = None
        self.ansible = AnsibleModule(argument_spec=dict(API_ARGUMENT_SPEC, **argument_spec), supports_check_mode=True, **module_kwargs)
        if not HAS_REQUESTS:
            self.ansible.fail_json(msg=missing_required_lib("requests"), exception=REQUESTS_IMPORT_ERROR)
        self.result_key = result_key
        self.secret_keys = frozenset(secret_keys)

        for option, spec in (item_options or {}).items():
            self._check_items(option, spec)
        self.refuse(validate(self.params, tuple(API_RULES) + tuple(rules)))

        self.client = BunnyClient(
            api_key=self.params["api_key"],
            api_url=self.params["api_url"],
            timeout=self.params["api_timeout"],
            retries=self.params["api_retries"],
            validate_certs=self.params["validate_certs"],
            silence_limit=self.params["api_silence_limit"],
        )

    def _check_items(self, option, spec):
        if self.params.get(option) is None:
            return
        problems, items = [], []
        for index, item in enumerate(self.params[option]):
            checked = ArgumentSpecValidator(spec).validate(item)
            for error in checked.errors:
                kind = "unsupported parameters: " if isinstance(error, UnsupportedError) else ""
                problems.append("%s[%d]: %s%s" % (option, index, kind, error.msg.rstrip(".")))
            items.append(checked.validated_parameters)
        self.refuse(problems)
        self.params[option] = items

    @property
    def params(self):
        return self.ansible.params

    @property
    def check_mode(self):
        return self.ansible.check_mode

    @property
    def wrote(self):
        """Whether a write of this run has been applied."""
        return self.client is not None and self.client.write_applied

    def run(self, action, describe_error=None):
        """Run ``action(self)``; any API error becomes one clean failure instead of a traceback.

        ``describe_error(error)`` may return the sentence to fail with, saying what the status means
        for this module's resource; when it returns None the error's own sentence is used. A refused
        API key gets the same sentence in every module.
        """
        try:
            action(self)
        except BunnyApiError as error:
            if error.status == 401:
                self.fail_api(error, msg=AUTH_REFUSED)
            self.fail_api(error, msg=describe_error(error) if describe_error else None)

    def write(self, method, path, body=None, params=None, *, confirm):
        """Send one write and return the API's answer; an unknown outcome is settled by reading.

        A 502/503/504, or a connection lost after the request went out, leaves open whether the API
        applied the write. ``confirm()`` then reads the resource and returns something true when
        the write has taken effect (the resource it read, say), which is returned in place of the
        lost answer. When it has not, the write is sent again while the retry budget lasts; a
        refusal of that second attempt (a duplicate, say) is checked with ``confirm()`` as well.
        ``confirm=None`` declares a write that is harmless to repeat, such as a restart, which is
        sent again without a read. If the read fails too, the module fails saying that the write
        may or may not have been applied, and reports a change, since it may have been.
        """
        budget = self.client.retries
        attempts = 0
        unsettled = False
        while True:
            try:
                answer = self.client.request(method, path, params=params, json=body, retries=budget - attempts)
                # The client counts only write methods; a write the API takes as a GET
                # (loadFreeCertificate) is a write all the same.
                self.client.write_applied = True
                return answer
            except BunnyApiError as error:
                attempts += error.attempts
                if not (error.outcome_unknown or unsettled):
                    raise
                unsettled = True
                applied = self._confirm(confirm, error)
                if applied:
                    self.client.write_applied = True
                    self.client.note_settled(method, path, "a read showed it applied")
                    return applied
                if error.outcome_unknown and confirm is not None:
                    self.client.note_settled(method, path, "a read showed it not applied, so it was sent again")
                # Nor is a write sent again to an API whose silence has used up the run's patience.
                if not error.outcome_unknown or self.client.silent_seconds >= self.client.silence_limit:
                    raise
                if attempts > budget:
                    raise BunnyApiError(
                        method, path, error.status, error.body, attempts, reason=error.message,
                        outcome_unknown=confirm is None, retries_exhausted=True,
                    ) from None

    @staticmethod
    def _confirm(confirm, write_error):
        if confirm is None:
            return None
        try:
            return confirm()
        except BunnyApiError as read_error:
            raise UnsettledWriteError(write_error, read_error) from None

    def hide_values(self, values):
        """Keep these strings (user secrets such as chosen environment variable values) out of all output.

        Ansible replaces them wherever they appear in the result, the diff, the message and the
        logged module arguments, as it does for ``no_log`` options.
        """
        self.ansible.no_log_values.update(str(value) for value in values if value not in (None, ""))

    def refuse(self, problems, msg=INVALID_INPUT, key="invalid_options"):
        """Fail before any write with every problem in one message (``msg`` takes them joined), listed under ``key``."""
        if problems:
            self.fail(msg % "; ".join(problems), **({key: list(problems)} if key else {}))

    def fail(self, msg, **extra):
        extra["changed"] = bool(extra.get("changed")) or self.wrote
        self.ansible.fail_json(msg=msg, **self._with_retries(extra))

    def fail_api(self, error, msg=None):
        result = error.as_result()
        result["api_error"] = self.mask(result["api_error"])
        self.fail(msg or str(error), changed=error.outcome_unknown, **result)

    def exit_info(self, items, changed=False, **extra):
        """Finish an info module: the account changes in no way (``changed`` is about what the module
        writes on the controller, a report), the items go under the result key, ``extra`` beside them."""
        result = dict(extra)
        # Records only, each secret masked where it stands: adding every masked value to Ansible's
        # no_log values as well would have Ansible try each of them on every string of a long list.
        result[self.result_key] = self.mask(items, hide=False)
        self.ansible.exit_json(changed=changed, **self._with_retries(result))

    def exit_resource(self, changed, before, after, diff=True, **extra):
        """Finish a managing module: ``after`` is the resource (predicted in check mode).

        ``before`` and ``after`` are the same normalised projection, so ``--diff`` compares like
        with like; both are masked. Ansible's diff display takes mappings only, so a resource that
        is a list (a pull zone's hostnames) appears in the diff under the result key.
        """
        result = dict(extra)
        result["changed"] = bool(changed) or self.wrote
        if self.result_key is not None:
            result[self.result_key] = self.mask(after)
        if self.ansible._diff and diff:
            if callable(diff):
                # A list keeps its place under the result key, as _diff_side gives it.
                listed = self.result_key is not None and isinstance(after if after is not None else before, list)
                before, after = diff(before, after)
                if listed:
                    before, after = {self.result_key: before}, {self.result_key: after}
            result["diff"] = dict(before=self._diff_side(before), after=self._diff_side(after))
        self.ansible.exit_json(**self._with_retries(result))

    def _with_retries(self, result):
        """The result with the requests the API made the module try again (``retried``), and a warning when they waited long."""
        retried = self.client.retried if self.client is not None else []
        if not retried:
            return result
        waited = sum(entry["waited_seconds"] for entry in retried)
        if waited >= LONG_WAIT_SECONDS:
            self.ansible.warn("The API made this task wait %d seconds in all, for %d requests sent again (see the result's "
                              "retried): %s." % (waited, len(retried), "; ".join(
                                  "%s: %s" % (entry["request"], ", ".join(entry["reasons"])) for entry in retried[:3])))
        return dict(result, retried=retried)

    def _diff_side(self, resource):
        masked = self.mask(resource)
        if isinstance(masked, list):
            return {self.result_key: masked}
        return masked or {}

    def mask(self, data, hide=True):
        """Mask the secret keys' values, and (``hide``) keep those values out of every other part of the output too."""
        found = set()
        masked = mask_secrets(data, self.secret_keys, found)
        if hide:
            self.hide_values(found)
        return masked
