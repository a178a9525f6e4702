# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Purges of a pull zone's cache as writes of a plan: the whole zone, or URL by URL.

A purge has no state to read back: one whose answer is lost is sent again, unread, since purging
twice purges the same files.
"""

from urllib.parse import quote

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Failure, Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.hostnames import hostname_value

ZONE_PURGE_PATH = "/pullzone/{zone_id}/purgeCache"
URL_PURGE_PATH = "/purge"
# The most URLs a deploy purges one by one (each a request, and the API limits their rate) before
# it purges the whole zone in one request instead.
PURGE_MAX_URLS = 25


def zone_purge(zone_id, cache_tag=None):
    body = {"CacheTag": cache_tag} if cache_tag is not None else None
    return Write("POST", build_path(ZONE_PURGE_PATH, zone_id=zone_id), body, confirm=None)


def url_purges(module, urls, exact_path, purged):
    """One purge per URL; a failure after the first says which URLs were purged before it (``purged``,
    the result a failure returns with the URLs done)."""
    query = {"exactPath": "true"} if exact_path else {}
    done = []

    def failed(error):
        if not done:
            return None
        result = error.as_result()
        result["api_error"] = module.mask(result["api_error"])
        return Failure("%s The URLs before it were purged: %s." % (error, ", ".join(done)), changed=error.outcome_unknown,
                       purged=dict(purged, urls=list(done)), **result)

    return [Write("POST", URL_PURGE_PATH, params=dict(query, url=url), confirm=None, failed=failed,
                  answered=lambda _answer, url=url: done.append(url)) for url in urls]


def file_urls(zone, paths):
    """The URLs a pull zone serves the files at ``paths`` (of its storage zone) under: on its system
    hostname, or on every hostname when it varies its cache by hostname; a folder's ``index.html``
    also under the folder's own URL."""
    hostnames = [hostname_value(record) for record in zone.get("Hostnames") or []
                 if zone.get("EnableHostnameVary") or record.get("IsSystemHostname")]
    hostnames = [name for name in hostnames if name] or ["%s.b-cdn.net" % (zone.get("Name") or "").lower()]
    served = []
    for path in paths:
        served.append(path)
        if path.rsplit("/", 1)[-1] == "index.html":
            served.append(path[:-len("index.html")])
    unique = list(dict.fromkeys(served))
    return ["https://%s/%s" % (hostname, quote(path)) for hostname in hostnames for path in unique]
