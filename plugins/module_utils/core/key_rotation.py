# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Secrets a task asks for, and keys it rotates: added to a resource's plan, returned under ``secrets``.

A resource's secrets (a pull zone's token key, a storage zone's passwords, an Edge Script's
deployment key) are masked in every result and diff. A task may ask for them (``return_*``): they
are then returned under the result's ``secrets``, and nowhere else, while the resource keeps them
masked as always. A rotation happens only when a task asks for it (``rotate_*: true``), as one more
write of the plan, settled by a read that sees a new value; the new value is always returned under
``secrets``, or it would be lost. The action plugin of a module that returns ``secrets`` hides the
task's whole result from output, as ``no_log`` does (``hidden_when_secrets``): only what the task
registers holds them.

Ansible removes every value it was told to hide from the whole result, so a returned secret must
not be hidden that way: the resource's copy is masked here by hand instead.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import MASK, to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Write

RETURN_OPTION = dict(type="bool", default=False)
ROTATE_OPTION = dict(type="bool", default=False)


def rotate(module, plan, resource, name, secret, request, wanted=None):
    """Add the write that gives the record's ``secret`` (its API name) a new value to ``plan``.

    ``request(record)`` gives ``(method, path, body, params)`` once the record is known (after a
    create, say). A lost answer is settled by a read: the secret differs from the one the plan read
    (or, with ``wanted``, holds it). The result's ``rotated`` names what changed, since a diff shows
    a secret masked on both sides.
    """
    old = (plan.record or {}).get(secret)

    def settled():
        record = resource.read(module.client, plan.record[resource.id_field])
        value = record.get(secret)
        return record if (value == wanted if wanted is not None else value != old) else None

    def send():
        method, path, body, params = request(plan.record)
        write.params = params
        return method, path, body
    write = Write(request=send, confirm=settled)
    plan.add(write)
    plan.result.setdefault("rotated", []).append(name)


def hand_over(module, plan, resource, secrets, check_mode_values=None):
    """Return ``secrets`` (``{result name: API name}``) under the result's ``secrets``, the resource's copy masked.

    Once the plan's writes are sent, the record is read again if a rotation changed it (the
    rotations answer no record). In check mode a rotated secret is None (unknown until the API
    makes it), unless ``check_mode_values`` gives the value it will have.
    """
    snake = {name: next(iter(to_snake({api: None}))) for name, api in secrets.items()}
    module.secret_keys = module.secret_keys - set(snake.values())
    if plan.result.get("rotated") and plan.writes:
        plan.add(resource.read_step(module, plan))
    plan.result["secrets"] = None

    def step(check_mode):
        record = plan.record or {}
        values = {name: record.get(api) for name, api in secrets.items()}
        if check_mode:
            values.update((name, None) for name in plan.result.get("rotated") or () if name in values)
            values.update(check_mode_values or {})
        plan.result["secrets"] = values
        for side in (plan.before, plan.after):
            if isinstance(side, dict):
                side.update((key, MASK) for key in snake.values() if side.get(key) not in (None, ""))
    plan.then(step)


def hidden_when_secrets(result):
    """An action plugin's result, hidden from output as no_log hides it when it holds ``secrets``."""
    if result.get("secrets") is not None:
        result["_ansible_no_log"] = True
    return result
