#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: edge_script_release
short_description: Publish or roll back a release of a bunny.net Edge Script
version_added: 0.1.0
description:
  - Publishes the script's current code as a new release, which becomes the live one.
  - Publishes only when needed. When the live release already carries the script's current code
    the module reports C(ok) and publishes nothing, unless O(force=true).
  - With O(release_uuid) of an earlier release, makes that release live again (a rollback), and
    reports C(ok) when it already is. A O(release_uuid) no release has yet publishes the current
    code under that UUID.
  - Set the code first with M(bunnynet.cloud.edge_script); this module publishes what the API holds.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  note:
    description:
      - Note stored with a new release, such as the commit or ticket it ships.
      - Not used when the module makes an earlier release live again; that release keeps its note.
    type: str
  release_uuid:
    description:
      - UUID of the release to make live.
      - When a release of the script has this UUID it becomes live again; otherwise the current
        code is published as a new release with this UUID.
      - Left out, a new release gets a random UUID (version 4) when the module publishes.
    type: str
  force:
    description:
      - Publish a new release even when the live one already carries the current code.
      - Mutually exclusive with O(release_uuid).
    type: bool
    default: false
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.edge_scripts
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A release the module would publish without O(release_uuid) is predicted with a V(null)
        C(uuid), since the UUID is only drawn when the module publishes; its ID, dates and author
        are V(null) too, since only the API knows them.
      - A script without code fails in check mode as well, since the API would refuse to publish it.
  diff_mode:
    support: full
    details:
      - The diff shows the live release before and after.
  idempotent:
    support: partial
    details:
      - Every run with O(force=true) publishes a new release and reports a change.
seealso:
  - module: bunnynet.cloud.edge_script
"""

EXAMPLES = r"""
- name: Deploy the router's code
  bunnynet.cloud.edge_script:
    name: router
    script_type: cdn
    code: "{{ lookup('ansible.builtin.file', 'files/router.js') }}"

- name: Publish it, unless the live release already runs this code
  bunnynet.cloud.edge_script_release:
    script_name: router
    note: "Deployed by Ansible from {{ lookup('ansible.builtin.env', 'CI_COMMIT_SHA') | default('a workstation', true) }}"
  register: router_release

- name: Remember which release is live
  ansible.builtin.debug:
    msg: "Release {{ router_release.release.uuid }} is live"

- name: Roll back when asked to (ansible-playbook ... -e rollback_to=<uuid of an earlier release>)
  bunnynet.cloud.edge_script_release:
    script_name: router
    release_uuid: "{{ rollback_to }}"
  when: rollback_to is defined
"""

RETURN = r"""
previous_release:
  description:
    - The release that was live before the run, in the same form as RV(release); the one a
      rollback restores. V(null) when the script had none. The same as RV(release) when nothing changed.
  returned: success
  type: dict
release:
  description:
    - The live release in snake_case after the run, as the API returns it; the prediction in
      check mode.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the release; V(null) for a release check mode predicts.
      type: int
      sample: 81
    uuid:
      description: UUID of the release; V(null) in check mode for a new release without O(release_uuid).
      type: str
      sample: 0b6f6f4e-6a39-4f43-9a0e-7e5d3d1f2c11
    note:
      description: The note published with the release.
      type: str
      sample: ship 1.4.0
    code:
      description: The code of the release.
      type: str
    status:
      description: V(live) for the live release.
      type: str
      sample: live
    deleted:
      description: Whether the release is deleted.
      type: bool
    author:
      description: Who published it.
      type: str
    author_email:
      description: E-mail address of who published it.
      type: str
    commit_sha:
      description: Commit the release was built from, for scripts linked to a repository.
      type: str
    date_released:
      description: When the release was made (UTC).
      type: str
    date_published:
      description: When the release last became live (UTC).
      type: str
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Plan, Write, apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.releases import (
    PUBLISH_PATH,
    RELEASE_LIVE,
    active_release,
    live_release,
    new_release,
    new_uuid,
    project_release,
    release_with_uuid,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import (
    SCRIPT_REFERENCE_KWARGS,
    SCRIPT_REFERENCE_OPTIONS,
    SCRIPT_REFERENCE_RULES,
    SECRET_KEYS,
    describe_error,
    read_code,
    target_script_id,
    without_none,
)


# An action rather than a declaration: which release to make live (the current code, an earlier
# UUID, or none when the live one already is what is asked) is its own logic, which is why this
# module is longer than the modules that declare a resource.
def release_plan(module):
    """Publish the current code, or make release_uuid live again; nothing when the live release already is what is asked."""
    params = module.params
    script_id = target_script_id(module)
    # Read first: it also proves the script exists before the active release's 404 is taken to mean "none yet".
    code = read_code(module.client, script_id)
    active = active_release(module.client, script_id)
    plan = Plan(before=project_release(active), after=project_release(active), result=dict(previous_release=project_release(active)))
    uuid = params["release_uuid"]
    earlier = None
    if uuid is not None:
        if active is not None and active.get("Uuid") == uuid:
            return plan
        earlier = release_with_uuid(module.client, script_id, uuid)
    elif active is not None and code and active.get("Code") == code and not params["force"]:
        return plan
    elif not module.check_mode:
        uuid = new_uuid()
    if earlier is None and not code and module.check_mode:
        module.fail("Edge script %s has no code, so the API would refuse to publish a release of it." % script_id)
    predicted = dict(earlier, Status=RELEASE_LIVE, DatePublished=None) if earlier is not None else new_release(uuid, params["note"], code)
    plan.after = project_release(predicted)

    def published(answer):
        # Publishing answers no body: the release comes from a read, unless a read already settled the write.
        plan.after = project_release(answer or active_release(module.client, script_id))

    plan.add(Write("POST", build_path(PUBLISH_PATH, id=script_id, uuid=uuid), without_none({"Note": params["note"]}),
                   confirm=lambda: live_release(module.client, script_id, uuid), answered=published))
    return plan


def main():
    module = BunnyModule(
        argument_spec=dict(
            SCRIPT_REFERENCE_OPTIONS,
            note=dict(type="str"),
            release_uuid=dict(type="str"),
            force=dict(type="bool", default=False),
        ),
        result_key="release",
        rules=(("release_uuid", dict(min_length=1)),) + SCRIPT_REFERENCE_RULES,
        secret_keys=SECRET_KEYS,
        mutually_exclusive=SCRIPT_REFERENCE_KWARGS["mutually_exclusive"] + [("release_uuid", "force")],
        required_one_of=SCRIPT_REFERENCE_KWARGS["required_one_of"],
    )
    module.run(lambda module: apply(module, release_plan(module)), describe_error=describe_error)


if __name__ == "__main__":
    main()
