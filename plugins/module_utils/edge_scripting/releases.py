# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The releases of an edge script: the live one, the earlier ones, and how results show them."""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import name_of
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import SCRIPT_PATH

PUBLISH_PATH = SCRIPT_PATH + "/publish/{uuid}"
ACTIVE_RELEASE_PATH = SCRIPT_PATH + "/releases/active"
RELEASES_PATH = SCRIPT_PATH + "/releases"

# The vendor reference's EdgeScriptReleaseStatus.
RELEASE_STATUSES = {"archived": 0, "live": 1}
RELEASE_LIVE = RELEASE_STATUSES["live"]


def project_release(release):
    if release is None:
        return None
    projected = to_snake(release)
    projected["status"] = name_of(RELEASE_STATUSES, release.get("Status"))
    return projected


def active_release(client, script_id):
    """The live release, or None while nothing is published (the API answers 404 then)."""
    try:
        return client.get(build_path(ACTIVE_RELEASE_PATH, id=script_id))
    except BunnyApiError as error:
        if error.status == 404:
            return None
        raise


def live_release(client, script_id, release_uuid):
    """The active release if it is ``release_uuid``, else None."""
    release = active_release(client, script_id)
    return release if release is not None and release.get("Uuid") == release_uuid else None


def release_with_uuid(client, script_id, release_uuid):
    releases = client.paginate_pages(build_path(RELEASES_PATH, id=script_id))
    return next((release for release in releases if release.get("Uuid") == release_uuid), None)


def new_release(release_uuid, note, code):
    """The release a publish of ``code`` creates, with None for what only the API knows."""
    return {
        "Id": None, "Deleted": False, "Code": code, "Uuid": release_uuid, "Note": note, "Author": None, "AuthorEmail": None,
        "CommitSha": None, "Status": RELEASE_LIVE, "DateReleased": None, "DatePublished": None,
    }


def new_uuid():
    # Imported where it is used: only a publish without release_uuid needs it.
    import uuid

    return str(uuid.uuid4())
