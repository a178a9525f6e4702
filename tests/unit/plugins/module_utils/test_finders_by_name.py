"""Every finder by name takes the resource of exactly that name: the API's search only narrows the list.

The simulator's searches match any part of a name without regard to case, as the API's do, so a
list searched for "shop" holds "shop-staging", "myshop" and "Shop" beside "shop". Each resource's
finder is run as the modules run it, against the simulator.
"""

import pytest

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyClient
from ansible_collections.bunnynet.cloud.plugins.module_utils.databases.databases import DATABASE
from ansible_collections.bunnynet.cloud.plugins.module_utils.dns.zones import DNS_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.edge_scripting.scripts import EDGE_SCRIPT
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.apps import APP
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.registries import REGISTRY
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import PULL_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import STORAGE_ZONE
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import VIDEO_LIBRARY
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.database_fixtures import orders
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.edge_fixtures import router
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.mc_fixtures import REGISTRIES, storefront


class Refused(Exception):
    def __init__(self, msg, extra):
        super().__init__(msg)
        self.extra = extra


class Finding:
    """What a finder uses of a module: its client and its failure."""

    def __init__(self, simulator):
        self.client = BunnyClient(simulator.key, simulator.url, timeout=10, retries=0)

    def fail(self, msg, **extra):
        raise Refused(msg, extra)


# (resource, the fixture list, a record of that id and name, ids for the records, the name to find, the similar names)
FINDERS = {
    "pull zone": (PULL_ZONE, "pull_zones", lambda id_, name: {"Id": id_, "Name": name}, [1, 2, 3, 4], "shop",
                  ["shop-staging", "myshop", "Shop"]),
    "storage zone": (STORAGE_ZONE, "storage_zones", lambda id_, name: {"Id": id_, "Name": name, "Region": "DE"}, [1, 2, 3, 4], "shop",
                     ["shop-staging", "myshop", "Shop"]),
    "edge script": (EDGE_SCRIPT, "edge_scripts", lambda id_, name: router(Id=id_, Name=name), [11, 12, 13, 14], "shop",
                    ["shop-staging", "myshop", "Shop"]),
    "application": (APP, "apps", lambda id_, name: storefront(id=id_, name=name), ["app-1", "app-2", "app-3", "app-4"], "shop",
                    ["shop-staging", "myshop", "Shop"]),
    "database": (DATABASE, "databases", lambda id_, name: orders(id=id_, name=name),
                 ["db_01KCHBG8C5KSFGG0VRNFQ7EK71", "db_01KCHBG8C5KSFGG0VRNFQ7EK72", "db_01KCHBG8C5KSFGG0VRNFQ7EK73", "db_01KCHBG8C5KSFGG0VRNFQ7EK74"],
                 "shop", ["shop-staging", "myshop", "Shop"]),
    "registry": (REGISTRY, "registries", lambda id_, name: dict(REGISTRIES[0], id=id_, displayName=name), [201, 202, 203, 204], "shop",
                 ["shop-staging", "myshop", "Shop"]),
    "video library": (VIDEO_LIBRARY, "video_libraries", lambda id_, name: {"Id": id_, "Name": name}, [1, 2, 3, 4], "shop",
                      ["shop-staging", "myshop", "Shop"]),
    # Domains are names in the DNS, where case does not count: "SHOP.example" is not a similar name but the same one.
    "DNS zone": (DNS_ZONE, "dns_zones", lambda id_, name: {"Id": id_, "Domain": name}, [1, 2, 3], "shop.example",
                 ["shop.example.net", "myshop.example"]),
}


def load(simulator, resource_kind, records):
    _resource, fixture, make, ids, _name, _similar = FINDERS[resource_kind]
    simulator.load(**{fixture: [make(id_, name) for id_, name in zip(ids, records)]})
    return dict(zip(ids, records))


def found_id(resource, found):
    return None if found is None else found[resource.id_field]


@pytest.mark.parametrize("kind", FINDERS)
def test_the_resource_of_exactly_the_name_is_taken_beside_similar_names(simulator, kind):
    resource, _fixture, _make, ids, name, similar = FINDERS[kind]
    load(simulator, kind, similar + [name])

    found = resource.find(Finding(simulator), name=name)

    assert found_id(resource, found) == ids[len(similar)]


@pytest.mark.parametrize("kind", FINDERS)
def test_only_similar_names_are_not_taken(simulator, kind):
    resource, _fixture, _make, _ids, name, similar = FINDERS[kind]
    load(simulator, kind, similar)

    assert resource.find(Finding(simulator), name=name) is None


@pytest.mark.parametrize("kind", FINDERS)
def test_two_resources_of_exactly_the_name_fail_listing_both(simulator, kind):
    resource, _fixture, _make, ids, name, _similar = FINDERS[kind]
    load(simulator, kind, [name, "%s-staging" % name, name])

    with pytest.raises(Refused) as refused:
        resource.find(Finding(simulator), name=name)

    assert str(refused.value).startswith("2 %s are named %r (ids %s, %s)" % (resource.plural, name, ids[0], ids[2]))


def test_a_domain_in_another_case_is_the_same_zone(simulator):
    load(simulator, "DNS zone", ["myshop.example", "shop.example"])

    assert DNS_ZONE.find(Finding(simulator), name="SHOP.Example")["Id"] == 2
