# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The regions of bunny.net's services (region_info), each a read-only list declared on the engine.

Each service names its regions by codes of its own, and lists them at a path of its own, in a shape
of its own: the CDN (``GET /region``), storage zones (``GET /storagezone/regions``), Magic
Containers (``GET /mc/regions``, a cursor list) and databases (``GET /database/v1/config``, one
object with the regions that take a primary, those that take a replica, and the regions of the
data at rest). A region is shown in one shape for all of them: the service, the code, the name,
and what the service says beside them, in snake_case. The lists are what a region option is
checked against: storage_zone refuses a region the storage list lacks before any write.
"""

import difflib

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import to_snake
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Resource, Writes

READ_ONLY = Writes(create=None, update=None, delete=None, no_delete="The API has no call that deletes a region.")


class RegionList(Resource):
    """The regions of one service: a list the API only reads, each region shown with its ``service``, ``code`` and ``name``."""

    def __init__(self, service, path, code, name="Name", pages=None):
        super().__init__(noun="%s region" % service, result_key="regions", key=Field("code", code),
                         fields=(), paths=Paths(path, path, search=None, pages=pages), writes=READ_ONLY)
        self.service = service
        self.name_field = name

    def project(self, record):
        projected = to_snake(record)
        projected.update(service=self.service, code=record.get(self.key.api), name=record.get(self.name_field))
        return projected

    def regions(self, client):
        return [self.project(record) for record in self.list(client)]


class DatabaseRegions(RegionList):
    """The Database API answers one object: a region is listed once, with the uses it is offered for."""

    USES = (("primary", "primary_regions"), ("replica", "replica_regions"), ("storage", "storage_region_available"))

    def list(self, client, search=None):
        config = client.get(self.paths.list) or {}
        regions = {}
        for use, listed in self.USES:
            for region in config.get(listed) or []:
                entry = regions.setdefault(region.get("id"), dict(region, **{name: False for name, _listed in self.USES}))
                entry[use] = True
        return list(regions.values())


SERVICES = {
    "cdn": RegionList("cdn", "/region", code="RegionCode"),
    "storage": RegionList("storage", "/storagezone/regions", code="Id"),
    "magic_containers": RegionList("magic_containers", "/mc/regions", code="id", name="name", pages="cursor"),
    "database": DatabaseRegions("database", "/database/v1/config", code="id", name="name"),
}
STORAGE_REGIONS = SERVICES["storage"]


def unknown_code_problems(option, codes, regions, service):
    """Sentences for the codes of ``option`` that no region of ``service`` has, each with the closest codes."""
    known = [region["code"] for region in regions]
    problems = []
    for code in codes:
        if code in known:
            continue
        close = difflib.get_close_matches(code, known, n=3, cutoff=0.5)
        hint = " (did you mean %s?)" % " or ".join(close) if close else ""
        problems.append("%s %s is not a %s region%s; the %s regions are %s" % (option, code, service, hint, service, ", ".join(known)))
    return problems


def region_info(module):
    params = module.params
    regions = []
    problems = []
    for service in params["service"]:
        listed = SERVICES[service].regions(module.client)
        problems.extend(unknown_code_problems("codes", params["codes"] or [], listed, service))
        regions.extend(region for region in listed if not params["codes"] or region["code"] in params["codes"])
    module.refuse(problems, "%s.", None)
    codes = {service: sorted({region["code"] for region in regions if region["service"] == service}) for service in params["service"]}
    module.exit_info(regions, codes=codes)
