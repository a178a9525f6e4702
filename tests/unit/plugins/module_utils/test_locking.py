"""The per-resource lock: exclusive across processes, bounded waits, never left behind, private to the user."""

import fcntl
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core import locking
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.locking import LockTimeout, LockUnavailable, lock_path, resource_lock

API = "https://api.bunny.net"
ZONE = "/pullzone/10"
# A process of its own that takes the lock, says so, and holds it until it is killed or the time is up.
HOLDER = textwrap.dedent("""
    import sys, time
    from ansible_collections.bunnynet.cloud.plugins.module_utils.core.locking import resource_lock
    with resource_lock(sys.argv[1], sys.argv[2], timeout=10):
        print("held", flush=True)
        time.sleep(float(sys.argv[3]))
""")


@pytest.fixture(autouse=True)
def private_tmp(tmp_path, monkeypatch):
    """Each test gets its own temporary folder, so its locks meet no others."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(locking.tempfile, "tempdir", None)
    return tmp_path


def hold_in_another_process(seconds, api_url=API, resource=ZONE):
    root = os.path.abspath(os.path.join(os.path.dirname(locking.__file__), *[os.pardir] * 6))
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, api_url, resource, str(seconds)], stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=root))
    assert holder.stdout.readline().strip() == "held"
    return holder


def test_a_free_lock_is_taken_at_once():
    waits = []
    with resource_lock(API, ZONE, timeout=1, sleep=waits.append) as held:
        assert held is True
    assert waits == []


def test_a_lock_held_by_another_process_is_waited_for_until_it_is_released():
    holder = hold_in_another_process(0.5)
    started = time.monotonic()

    with resource_lock(API, ZONE, timeout=10):
        waited = time.monotonic() - started

    holder.wait()
    assert waited >= 0.3


def test_waiting_gives_up_after_the_timeout_naming_the_holder_and_when_it_took_the_lock():
    before = time.time()
    holder = hold_in_another_process(30)
    held = time.time()
    try:
        started = time.monotonic()
        with pytest.raises(LockTimeout) as raised, resource_lock(API, ZONE, timeout=1):
            pass
        # At least the timeout, and not until the holder lets go (30 s).
        assert 1.0 <= time.monotonic() - started < 20
        # The holder took the lock between the two readings, more than a second before the message.
        assert str(raised.value) in {
            "Another task on this machine kept writing to /pullzone/10 for longer than 1 seconds (process %d, holding the lock "
            "since %s); raise lock_timeout to wait longer." % (holder.pid, time.strftime("%H:%M:%S", time.localtime(second)))
            for second in range(int(before), int(held) + 1)}
    finally:
        holder.kill()
        holder.wait()


def test_a_holder_that_has_not_said_who_it_is_is_waited_for_without_a_name(private_tmp):
    os.mkdir(os.path.dirname(lock_path(API, ZONE)), 0o700)
    with open(lock_path(API, ZONE), "w") as silent_holder:
        fcntl.flock(silent_holder, fcntl.LOCK_EX)

        with pytest.raises(LockTimeout) as raised, resource_lock(API, ZONE, timeout=1, sleep=lambda seconds: None, clock=iter([0, 1]).__next__):
            pass

    assert str(raised.value) == "Another task on this machine kept writing to /pullzone/10 for longer than 1 seconds; raise lock_timeout to wait longer."


def test_waiting_polls_every_few_milliseconds_at_first_then_five_times_a_second_until_the_deadline():
    now = [0.0]
    waits = []

    def sleep(seconds):
        assert len(waits) < 50, "the waits do not add up to the timeout"
        waits.append(seconds)
        now[0] += seconds

    with resource_lock(API, ZONE, timeout=10), pytest.raises(LockTimeout), resource_lock(API, ZONE, timeout=1, sleep=sleep, clock=lambda: now[0]):
        pass

    assert waits[:7] == pytest.approx([0.01, 0.02, 0.04, 0.08, 0.16, 0.2, 0.2])
    assert sum(waits) == pytest.approx(1.0)


def test_a_lock_whose_time_is_up_exactly_at_the_first_check_is_not_waited_for():
    waits = []

    with resource_lock(API, ZONE, timeout=10), pytest.raises(LockTimeout), resource_lock(
            API, ZONE, timeout=1, sleep=waits.append, clock=iter([0, 1]).__next__):
        pass

    assert waits == []


def test_a_killed_holder_leaves_no_lock_behind():
    holder = hold_in_another_process(30)
    holder.send_signal(signal.SIGKILL)
    holder.wait()

    with resource_lock(API, ZONE, timeout=1) as held:
        assert held is True


def test_other_resources_and_other_apis_have_locks_of_their_own():
    holder = hold_in_another_process(30)
    try:
        with resource_lock(API, "/pullzone/11", timeout=1), resource_lock("http://127.0.0.1:8080", ZONE, timeout=1):
            pass
    finally:
        holder.kill()
        holder.wait()


def test_spellings_of_one_api_url_share_a_lock():
    assert lock_path("https://API.bunny.net/", ZONE) == lock_path(API, ZONE)
    assert lock_path(API, ZONE) != lock_path(API, "/videolibrary/10")
    assert lock_path("https://proxy.example/bunnyX", ZONE) != lock_path("https://proxy.example/bunny", ZONE)


def test_the_lock_folder_is_private_to_the_user(private_tmp):
    with resource_lock(API, ZONE, timeout=1):
        pass

    folder = os.path.dirname(lock_path(API, ZONE))
    assert folder == os.path.join(str(private_tmp), "bunnynet-cloud-locks-%d" % os.geteuid())
    assert os.stat(folder).st_mode & 0o777 == 0o700


def test_a_lock_folder_that_is_not_a_folder_of_the_user_is_refused(private_tmp):
    folder = lock_path(API, ZONE).rsplit(os.sep, 1)[0]
    os.symlink(str(private_tmp), folder)

    with pytest.raises(LockUnavailable) as raised, resource_lock(API, ZONE, timeout=1):
        pass
    assert str(raised.value) == ("%s is not a folder of this user, so it cannot hold the locks that serialise writes; "
                                 "remove it, or set TMPDIR to a private folder." % folder)


def test_a_lock_folder_that_cannot_be_made_is_refused_saying_why(private_tmp, monkeypatch):
    missing = os.path.join(str(private_tmp), "missing")
    monkeypatch.setenv("TMPDIR", missing)
    monkeypatch.setattr(locking.tempfile, "tempdir", missing)

    with pytest.raises(LockUnavailable) as raised, resource_lock(API, ZONE, timeout=1):
        pass
    assert str(raised.value) == ("Cannot make the folder %s/bunnynet-cloud-locks-%d for the locks that serialise writes: "
                                 "No such file or directory." % (missing, os.geteuid()))


def test_without_flock_the_block_runs_unserialised(monkeypatch):
    monkeypatch.setattr(locking, "fcntl", None)

    with resource_lock(API, ZONE, timeout=1) as held:
        assert held is False
