# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Waiting for a Magic Containers application: until it is active, or until a deleted one is gone.

Each wait polls ``read()``, a read of the application, within ``timeout`` seconds; ``sleep`` and
``clock`` are the time it passes, so that a test can pass its own.
"""

import time

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import gone

# Polling starts fast, so a short rollout is seen at once, and backs off for long ones.
FIRST_POLL_INTERVAL = 0.2
MAX_POLL_INTERVAL = 5.0


def wait_until_gone(read, app_id, timeout, sleep=time.sleep, clock=time.monotonic):
    """Poll a deleted application until reads answer 404. Returns a problem sentence, None once it is gone.

    The API accepts a delete at once and carries it out later, so the application can still be
    read for a while; waiting keeps a second run from deleting it again.
    """
    deadline = clock() + timeout
    interval = FIRST_POLL_INTERVAL
    while not gone(read):
        remaining = deadline - clock()
        if remaining <= 0:
            return "Application %s was still there %s seconds after the API accepted its deletion." % (app_id, timeout)
        sleep(min(interval, remaining))
        interval = min(interval * 2, MAX_POLL_INTERVAL)
    return None


def wait_until_active(read, app_id, timeout, sleep=time.sleep, clock=time.monotonic):
    """Poll the application until it is active. Returns ``(app, problem)``, problem None on success.

    A failing application will not recover by itself, so waiting stops there; any other status
    (progressing, inactive, ...) is polled until the timeout.
    """
    deadline = clock() + timeout
    interval = FIRST_POLL_INTERVAL
    while True:
        app = read()
        status = app.get("status")
        if status == "active":
            return app, None
        if status == "failing":
            return app, "Application %s is failing instead of becoming active." % app_id
        remaining = deadline - clock()
        if remaining <= 0:
            return app, "Application %s did not become active within %s seconds; its last status was %s." % (
                app_id, timeout, status)
        sleep(min(interval, remaining))
        interval = min(interval * 2, MAX_POLL_INTERVAL)
