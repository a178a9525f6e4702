# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""A lock per API resource, so that parallel tasks on one machine write to it one after another.

bunny.net does not serialise writes to one pull zone: two hostname or edge rule writes in flight
at once can lose one of them. Ansible runs each task of each fork as a process of its own, so the
lock is an ``flock`` on a file; the kernel releases it when the holder exits, however it exits,
so a lock can never be left behind by a crashed or killed task. The files themselves stay (one
small file per resource ever written) because removing a file that another process is waiting on
would let a third process lock a new file of the same name while the second still holds the old.

The lock covers the processes of one OS user on one machine: the forks of one controller when
the modules run there (``connection: local`` or ``delegate_to: localhost``). It cannot see other
controllers, other users, or modules that run on several remote hosts. docs/parallel-runs.md says
what that means for playbooks.
"""

import hashlib
import os
import stat
import tempfile
import time
from contextlib import contextmanager

try:
    import fcntl
except ImportError:  # Not a POSIX system: there is no flock to serialise with.
    fcntl = None

# Waiting polls quickly at first, so a short write by another task costs little, and backs off.
FIRST_POLL_SECONDS = 0.01
MAX_POLL_SECONDS = 0.2


class LockTimeout(Exception):
    """Another process held the lock for longer than the caller was willing to wait."""


class LockUnavailable(Exception):
    """The lock's folder is not safe to use (it belongs to another user, or is not a folder)."""


def lock_directory():
    """The folder of this user's lock files: in the temporary folder, private to the user."""
    return os.path.join(tempfile.gettempdir(), "bunnynet-cloud-locks-%d" % os.geteuid())


def lock_path(api_url, resource):
    """The lock file of ``resource`` (an API path such as ``/pullzone/10``) at ``api_url``.

    URLs differing only in case or a trailing slash name the same API, so they share a lock.
    """
    key = "%s\n%s" % (api_url.rstrip("/").lower(), resource)
    return os.path.join(lock_directory(), hashlib.sha256(key.encode("utf-8")).hexdigest()[:32] + ".lock")


@contextmanager
def resource_lock(api_url, resource, timeout, sleep=time.sleep, clock=time.monotonic):
    """Hold the lock of ``resource`` at ``api_url`` while the block runs; wait at most ``timeout`` seconds.

    Yields True while the lock is held, or False where the system has no ``flock`` (the block then
    runs unserialised and the caller should say so). Raises LockTimeout when another process
    keeps the lock too long, naming it, and LockUnavailable when the folder cannot be trusted.
    """
    if fcntl is None:
        yield False
        return
    path = lock_path(api_url, resource)
    _private_directory(os.path.dirname(path))
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError as error:
        raise LockUnavailable("Cannot open the lock file %s of %s: %s." % (path, resource, error.strerror)) from None
    try:
        _acquire(descriptor, path, resource, timeout, sleep, clock)
        # Who holds the lock, for the message of a process that gives up waiting for it.
        os.ftruncate(descriptor, 0)
        os.write(descriptor, ("%d %d" % (os.getpid(), int(time.time()))).encode("ascii"))
        try:
            yield True
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)


def _private_directory(path):
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    except OSError as error:
        raise LockUnavailable("Cannot make the folder %s for the locks that serialise writes: %s." % (path, error.strerror)) from None
    # In a shared /tmp another user could have made the folder first, or put a link there.
    info = os.lstat(path)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
        raise LockUnavailable(
            "%s is not a folder of this user, so it cannot hold the locks that serialise writes; "
            "remove it, or set TMPDIR to a private folder." % path)


def _acquire(descriptor, path, resource, timeout, sleep, clock):
    deadline = clock() + timeout
    interval = FIRST_POLL_SECONDS
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            remaining = deadline - clock()
            if remaining <= 0:
                raise LockTimeout("Another task on this machine kept writing to %s for longer than %s seconds%s; "
                                  "raise lock_timeout to wait longer." % (resource, timeout, _holder(path))) from None
            sleep(min(interval, remaining))
            interval = min(interval * 2, MAX_POLL_SECONDS)


def _holder(path):
    try:
        with open(path) as handle:
            pid, since = handle.read().split()
        return " (process %s, holding the lock since %s)" % (pid, time.strftime("%H:%M:%S", time.localtime(int(since))))
    except (OSError, ValueError):
        return ""
