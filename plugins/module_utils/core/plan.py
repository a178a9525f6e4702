# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""A module's work as a value, and the one function that carries it out.

Reading and comparing produce a ``Plan``: what the module read (``before``), what it will leave
(``after``, the prediction until answers replace it), the writes in order, the problems that stop
it before any write, and the lock its writes need. ``apply`` is the only code in the collection
that finishes a module after a write: it refuses on problems (all of them, in one message),
returns the prediction in check mode, or takes the lock, sends each write through
``BunnyModule.write`` (a lost answer is settled by the write's ``confirm`` read) and exits once.
"""

from contextlib import contextmanager

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.locking import LockTimeout, LockUnavailable, resource_lock
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import INVALID_INPUT

DEFAULT_LOCK_TIMEOUT = 600
LOCK_TIMEOUT_OPTION = dict(type="int", default=DEFAULT_LOCK_TIMEOUT)


class Write:
    """One request of a plan.

    ``path`` and ``body`` may be callables, evaluated when the write is sent: a write that follows
    a create needs the id the create answers with. ``confirm()`` reads whether the write took
    effect when its answer is lost (None: harmless to send again). ``answered(answer)`` folds the
    answer into the plan (the record a create returns becomes ``after``). ``reads`` marks a
    request that changes nothing though it belongs to the run (a read of the record after a write
    that answers less, a lookup the API takes as a POST): it is retried like a read and is no
    change. ``failed(error)`` may turn the API's refusal of this write into the module's own
    failure (``Failure``); returning None keeps the error. ``refused(answer)`` returns the error a
    2xx answer carries when the API refused the write inside it (Shield's ``errorResponse``): the
    write is then no change, and the error fails the run.
    """

    def __init__(self, method=None, path=None, body=None, params=None, confirm=None, answered=None, reads=False, failed=None,
                 request=None, refused=None):
        self.method = method
        self.path = path
        self.body = body
        self.params = params
        self.confirm = confirm
        self.answered = answered
        self.reads = reads
        self.failed = failed
        # ``request()`` gives ``(method, path, body)`` at once, when all three wait for an answer.
        self.request = request
        self.refused = refused

    def send(self, module):
        if self.request is not None:
            method, path, body = self.request()
        else:
            method = self.method
            path = self.path() if callable(self.path) else self.path
            body = self.body() if callable(self.body) else self.body
        wrote_before = module.client.write_applied
        try:
            if self.reads:
                answer = module.client.request(method, path, params=self.params, json=body, reads=True)
            else:
                answer = module.write(method, path, body, self.params, confirm=self.confirm)
            refusal = self.refused(answer) if self.refused else None
            if isinstance(refusal, Exception):
                # A refusal that came with a success status wrote nothing.
                module.client.write_applied = wrote_before
                raise refusal
        except BunnyApiError as error:
            failure = self.failed(error) if self.failed else None
            if failure is None:
                raise
            raise failure from None
        if self.answered:
            self.answered(answer)
        return answer


class Read:
    """A read that belongs to a plan's sequence: ``read()`` after the writes before it, its result to ``answered``."""

    reads = True

    def __init__(self, read, answered):
        self.read = read
        self.answered = answered

    def send(self, module):
        result = self.read()
        self.answered(result)
        return result


class Failure(Exception):
    """A plan's own failure while it is applied: the message and the result keys it fails with."""

    def __init__(self, msg, **result):
        super().__init__(msg)
        self.msg = msg
        self.result = result


class Plan:
    """What a module will do: ``before`` and ``after`` (the same projection), the writes in order,
    the problems that stop it, and the lock its writes hold.

    ``problems`` fail the run before any request that writes, in one message made with
    ``refusal`` (``%s`` takes the problems, joined); ``refusal_key`` names the result key that
    lists them. ``lock`` is the API path whose lock the writes hold (None: no lock). ``result``
    holds keys the module returns beside the resource. ``steps`` run once the writes are sent (or,
    in check mode, in their place): each may read, or add to ``result``, from what the writes
    answered. ``under_lock()``, when given, runs once the lock is held and may return the plan to
    apply in this one's place (another task created the resource while this one waited).
    ``record`` is the raw record the plan works on, as it stands: what the writes' ``answered``
    hooks and the follow-up writes of a module use (the id a create answered with, say).
    """

    def __init__(self, before=None, after=None, writes=(), problems=(), lock=None, result=None, refusal=INVALID_INPUT,
                 refusal_key="invalid_options", record=None, changed=None, diff=True):
        self.before = before
        self.after = after
        self.writes = list(writes)
        self.problems = list(problems)
        self.lock = lock
        self.result = dict(result or {})
        self.refusal = refusal
        self.refusal_key = refusal_key
        self.record = record
        # An action (a purge) has no before and after to compare: it declares no diff. A list's plan
        # declares how its diff shows: ``diff(before, after)`` gives the two sides (the items that change).
        self.diff = diff
        self.steps = []
        self.under_lock = None
        self._changed = changed

    @property
    def changed(self):
        """A plan changes something when it sends a write, unless it says otherwise (a restart asked for always)."""
        if self._changed is not None:
            return self._changed
        return any(not write.reads for write in self.writes)

    @changed.setter
    def changed(self, value):
        self._changed = value

    def add(self, write):
        self.writes.append(write)
        return write

    def refuse(self, problem):
        self.problems.append(problem)

    @classmethod
    def joined(cls, plans):
        """One plan of several (``{name: plan}``): the writes of each in turn, ``before`` and ``after`` by name."""
        first = next(iter(plans.values()))
        joined = cls(lock=first.lock, refusal=first.refusal, refusal_key=first.refusal_key)
        for plan in plans.values():
            joined.writes.extend(plan.writes)
            joined.problems.extend(plan.problems)
            joined.result.update(plan.result)
            joined.steps.extend(plan.steps)
        joined.before = {name: plan.before for name, plan in plans.items()}
        # The parts' answers may change their ``after``, so the joined one is gathered last.
        joined.after = {name: plan.after for name, plan in plans.items()}
        joined.then(lambda check_mode: setattr(joined, "after", {name: plan.after for name, plan in plans.items()}))
        if any(callable(plan.diff) for plan in plans.values()):
            joined.diff = lambda before, after: _joined_diff(plans, before, after)
        return joined

    def then(self, step):
        """Run ``step(check_mode)`` after the writes (in check mode, in their place)."""
        self.steps.append(step)


def _joined_diff(plans, before, after):
    sides = {name: plan.diff(before[name], after[name]) if callable(plan.diff) else (before[name], after[name]) for name, plan in plans.items()}
    return {name: side[0] for name, side in sides.items()}, {name: side[1] for name, side in sides.items()}


def apply(module, plan, lock=None):
    """Carry out ``plan`` and finish the module; the only exit after a write.

    ``plan`` is a Plan, or a callable that makes one; ``lock`` (an API path) is held while a
    callable plans and writes, for plans that must be made from a read no other task's write
    can overtake (the items of a parent record). Check mode takes no lock and sends nothing.
    """
    with held_lock(module, lock):
        if callable(plan):
            plan = plan()
        refuse(module, plan)
        try:
            if not module.check_mode and plan.writes:
                plan = _send(module, plan, lock)
            for step in plan.steps:
                step(module.check_mode)
        except Failure as failure:
            module.fail(failure.msg, **failure.result)
    module.exit_resource(plan.changed, plan.before, plan.after, diff=plan.diff, **plan.result)


def _send(module, plan, held):
    """Send the writes of ``plan`` under its lock (unless ``held`` already); the plan that was sent."""
    with held_lock(module, plan.lock if plan.lock != held else None):
        replacement = plan.under_lock() if plan.under_lock is not None else None
        if replacement is not None:
            refuse(module, replacement)
            return _send(module, replacement, plan.lock)
        for write in plan.writes:
            write.send(module)
    return plan


def refuse(module, plan):
    """Fail, before any write, with every problem of ``plan`` in one message."""
    module.refuse(plan.problems, plan.refusal, plan.refusal_key)


@contextmanager
def held_lock(module, resource):
    """Hold the lock of ``resource`` (an API path) while the block writes; none in check mode or for None."""
    if resource is None or module.check_mode:
        yield
        return
    try:
        with resource_lock(module.client.api_url, resource, module.params["lock_timeout"]) as held:
            if not held:
                module.ansible.warn("This system has no flock, so writes to %s from parallel tasks are not serialised." % resource)
            yield
    except (LockTimeout, LockUnavailable) as error:
        module.fail(str(error))
