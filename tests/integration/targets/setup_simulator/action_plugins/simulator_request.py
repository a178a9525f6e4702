# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""An HTTP request to the simulator, sent from the task's worker process.

The targets read what the simulator holds, clear its request log and set its faults several
hundred times a run. ansible.builtin.uri starts a Python of its own for each of those, which cost
more than the modules under test; this action takes the options the targets gave uri (url, method,
headers, body as JSON, status_code, return_content) and returns what they read of its result
(status, json, content), without starting a process.
"""

import contextlib
import json
import urllib.error
import urllib.request

from ansible.plugins.action import ActionBase

OPTIONS = {"url", "method", "headers", "body", "body_format", "status_code", "return_content"}


class ActionModule(ActionBase):
    TRANSFERS_FILES = False
    _requires_connection = False

    def run(self, tmp=None, task_vars=None):
        result = super().run(tmp, task_vars)
        arguments = self._task.args
        unknown = sorted(set(arguments) - OPTIONS)
        if unknown or arguments.get("body_format", "json") != "json" or "url" not in arguments:
            return dict(result, failed=True, msg="simulator_request takes url and %s (body_format json only); it was given %s" % (
                ", ".join(sorted(OPTIONS - {"url"})), ", ".join(sorted(arguments))))
        expected = arguments.get("status_code", [200])
        expected = [int(code) for code in (expected if isinstance(expected, list) else [expected])]
        method = arguments.get("method", "GET").upper()
        body = arguments.get("body")
        headers = dict(arguments.get("headers") or {})
        data = None
        if body is not None:
            data = (body if isinstance(body, str) else json.dumps(body)).encode("utf-8")
            headers.setdefault("Content-Type", "application/json")
        request = urllib.request.Request(arguments["url"], data=data, headers=headers, method=method)
        result.update(changed=False, url=arguments["url"])
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, content = answer.status, answer.read()
        except urllib.error.HTTPError as error:
            status, content = error.code, error.read()
        except (urllib.error.URLError, OSError) as error:
            # uri's way of saying that nothing answered, which the simulator's start looks for.
            return dict(result, failed=True, status=-1, msg="%s %s: %s" % (method, arguments["url"], error))
        text = content.decode("utf-8", errors="replace")
        result.update(status=status, content=text)
        with contextlib.suppress(ValueError):
            result["json"] = json.loads(text)
        if status not in expected:
            result.update(failed=True, msg="%s %s answered %d, not %s" % (method, arguments["url"], status, expected))
        return result
