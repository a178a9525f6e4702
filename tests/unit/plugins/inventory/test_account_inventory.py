"""The inventory plugin bunnynet.cloud.account, against the in-process simulator."""

import json
import warnings

import pytest
from ansible import constants
from ansible.errors import AnsibleError
from ansible.inventory.data import InventoryData
from ansible.parsing.dataloader import DataLoader
from ansible.plugins.loader import fragment_loader, init_plugin_loader
from ansible.utils.collection_loader import AnsibleCollectionConfig
from ansible.utils.collection_loader._collection_finder import _AnsibleCollectionFinder
from ansible.utils.plugin_docs import get_docstring

from ansible_collections.bunnynet.cloud.plugins.inventory import account
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.secret_fixtures import PUBLIC, everything_under, plant_secrets, planted

PLUGIN_NAME = "bunnynet.cloud.account"

ACCOUNT = dict(
    pull_zones=[
        {"Id": 10, "Name": "assets", "OriginUrl": "https://origin.example.com", "ZoneSecurityKey": "LEAKCANARY-zone-key",
         "Hostnames": [{"Value": "cdn.example.com"}]},
    ],
    dns_zones=[{"Id": 30, "Domain": "example.com"}],
    storage_zones=[{"Id": 40, "Name": "site files", "Password": "LEAKCANARY-storage", "ReadOnlyPassword": "LEAKCANARY-read"}],
    shield_zones=[{"shieldZoneId": 4102, "pullZoneId": 10, "planType": 1}],
    edge_scripts=[{"Id": 501, "Name": "gateway", "ScriptType": 2, "Code": "export default {};\n"}],
    apps=[{"id": "app1", "name": "web", "runtimeType": "reserved", "autoScaling": {"min": 1, "max": 2},
           "containerTemplates": [{"name": "web", "imageRegistryId": "1", "imageNamespace": "library", "imageName": "nginx", "imageTag": "1.27"}]}],
    registries=[{"id": 1, "displayName": "Docker Hub", "hostName": "docker.io", "isPublic": True}],
    video_libraries=[{"Id": 20, "Name": "lessons", "ApiKey": "LEAKCANARY-library-key", "ReadOnlyApiKey": "LEAKCANARY-library-read"}],
    stream_collections=[{"videoLibraryId": 20, "name": "Basics"}],
    databases=[{"id": "db_01KCHBG8C5KSFGG0VRNFQ7EK7X", "name": "orders"}],
    team_members=[{"Email": "ana@example.com", "FirstName": "Ana", "LastName": "Silva", "Roles": ["SubuserManage"]}],
)


@pytest.fixture(scope="module", autouse=True)
def builtin_fragments():
    # The documentation extends ansible.builtin fragments, which the collection loader resolves;
    # under ansible-test it is configured already, which init_plugin_loader says in a warning.
    configured = AnsibleCollectionConfig.collection_finder is not None
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "AnsibleCollectionFinder has already been configured", UserWarning)
        init_plugin_loader()
    yield
    # A plain pytest run imports the collection as ordinary packages; a finder left installed
    # would make the tests that run after these import it through the loader instead.
    if not configured:
        _AnsibleCollectionFinder._remove()


def new_plugin():
    """The plugin as Ansible's plugin loader makes it: its options declared from its documentation.

    Made by hand, since a plain pytest run imports the collection as ordinary packages, which the
    plugin loader does not find collections among.
    """
    documentation = get_docstring(account.__file__, fragment_loader)[0]
    constants.config.initialize_plugin_configuration_definitions("inventory", PLUGIN_NAME, documentation["options"])
    plugin = account.InventoryModule()
    plugin._load_name = PLUGIN_NAME
    plugin._redirected_names = [PLUGIN_NAME]
    return plugin


@pytest.fixture
def source(tmp_path, simulator, monkeypatch):
    """Writes an inventory source for the simulator's account and returns a parse of it."""
    monkeypatch.setenv("BUNNYNET_API_URL", simulator.url)
    monkeypatch.setenv("BUNNYNET_API_KEY", simulator.key)
    monkeypatch.setenv("BUNNYNET_API_RETRIES", "0")
    monkeypatch.setenv("BUNNYNET_STREAM_API_URL", simulator.url + "/stream")

    def parse(text, name="account.bunnynet.yml", cache=True):
        path = tmp_path / name
        path.write_text("plugin: bunnynet.cloud.account\n" + text)
        inventory = InventoryData()
        plugin = new_plugin()
        assert plugin.verify_file(str(path))
        plugin.parse(inventory, DataLoader(), str(path), cache=cache)
        # As Ansible's inventory manager does after a parse; there is no cache to write unless cache is on.
        if plugin.get_option("cache"):
            plugin.update_cache_if_changed()
        return inventory

    return parse


def hosts_of(inventory, group):
    return sorted(host.name for host in inventory.groups[group].get_hosts())


def test_every_kind_of_resource_is_a_host_in_the_group_of_its_kind(simulator, source):
    simulator.load(**ACCOUNT)

    inventory = source("")

    # The video library's own pull zone too, as the account lists it.
    assert hosts_of(inventory, "bunnynet_pull_zones") == ["pull_zone_assets", "pull_zone_vz-20"]
    assert hosts_of(inventory, "bunnynet_dns_zones") == ["dns_zone_example.com"]
    # A space is not kept in a host name.
    assert hosts_of(inventory, "bunnynet_storage_zones") == ["storage_zone_site_files"]
    assert hosts_of(inventory, "bunnynet_shield_zones") == ["shield_zone_pull-zone-10"]
    assert hosts_of(inventory, "bunnynet_edge_scripts") == ["edge_script_gateway"]
    assert hosts_of(inventory, "bunnynet_apps") == ["app_web"]
    assert hosts_of(inventory, "bunnynet_video_libraries") == ["video_library_lessons"]
    # The library's collections and videos, read with its own key, which the host does not hold.
    assert hosts_of(inventory, "bunnynet_stream_catalogues") == ["stream_catalogue_lessons"]
    assert hosts_of(inventory, "bunnynet_databases") == ["database_orders"]
    assert hosts_of(inventory, "bunnynet_registries") == ["registry_Docker_Hub"]
    # An address's @ is not kept either.
    assert hosts_of(inventory, "bunnynet_team_members") == ["team_member_ana_example.com"]
    assert set(inventory.groups["bunnynet"].child_groups) == {inventory.groups["bunnynet_" + plural] for plural in (
        "pull_zones", "dns_zones", "storage_zones", "shield_zones", "edge_scripts", "apps", "video_libraries", "registries", "stream_catalogues",
        "databases", "team_members")}
    # Reads only, and the key exchanged for the team endpoints' token, which changes nothing.
    assert {(entry["method"], entry["path"] if entry["method"] != "GET" else None) for entry in simulator.requests()} == {
        ("GET", None), ("POST", "/apikey/exchange")}


def test_a_host_holds_its_record_as_its_info_module_returns_it(simulator, source):
    simulator.load(**ACCOUNT)

    inventory = source("")

    app = inventory.get_host("app_web").vars
    assert (app["bunnynet_kind"], app["bunnynet_id"], app["bunnynet_name"]) == ("app", "app1", "web")
    # The list gives a summary only; the host has the whole application.
    assert app["bunnynet_resource"]["runtime_type"] == "reserved"
    assert app["bunnynet_resource"]["container_templates"][0]["image_tag"] == "1.27"
    zone = inventory.get_host("pull_zone_assets").vars
    assert (zone["bunnynet_kind"], zone["bunnynet_id"]) == ("pull_zone", 10)
    assert zone["bunnynet_resource"]["origin_url"] == "https://origin.example.com"


def test_secrets_are_left_out_of_the_host_variables(simulator, source):
    simulator.load(**ACCOUNT)

    inventory = source("")

    everything = repr({host: inventory.get_host(host).vars for host in inventory.hosts})
    assert "LEAKCANARY" not in everything
    assert "zone_security_key" not in inventory.get_host("pull_zone_assets").vars["bunnynet_resource"]
    storage = inventory.get_host("storage_zone_site_files").vars["bunnynet_resource"]
    assert "password" not in storage and "read_only_password" not in storage
    assert "deployment_key" not in inventory.get_host("edge_script_gateway").vars["bunnynet_resource"]
    # The library's keys and its pull zone's keys alike.
    assert "api_key" not in inventory.get_host("video_library_lessons").vars["bunnynet_resource"]


def test_every_page_of_a_list_is_read(simulator, source):
    zones = [{"Id": number, "Name": "zone-%04d" % number, "OriginUrl": "https://o.example.com"} for number in range(1, 1203)]
    simulator.load(pull_zones=zones)

    inventory = source("kinds: [pull_zone]\n")

    assert len(hosts_of(inventory, "bunnynet_pull_zones")) == 1202
    assert inventory.get_host("pull_zone_zone-1202").vars["bunnynet_id"] == 1202


def test_kinds_limits_what_is_read(simulator, source):
    simulator.load(**ACCOUNT)

    inventory = source("kinds: [dns_zone]\n")

    assert sorted(inventory.hosts) == ["dns_zone_example.com"]
    assert {entry["path"] for entry in simulator.requests()} == {"/dnszone"}


def test_two_resources_whose_names_make_one_host_name_each_get_their_id(simulator, source):
    simulator.load(edge_scripts=[
        {"Id": 7, "Name": "a b", "ScriptType": 1, "Code": ""}, {"Id": 8, "Name": "a_b", "ScriptType": 1, "Code": ""}])

    inventory = source("kinds: [edge_script]\n")

    assert sorted(inventory.hosts) == ["edge_script_a_b_7", "edge_script_a_b_8"]


def test_constructed_groups_keyed_groups_and_compose(simulator, source):
    simulator.load(**ACCOUNT)

    inventory = source(
        "kinds: [app, pull_zone]\n"
        "strict: true\n"
        "compose:\n  templates: bunnynet_resource.container_templates | default([]) | length\n"
        "groups:\n  reserved_apps: bunnynet_resource.runtime_type | default('') == 'reserved'\n"
        "keyed_groups:\n  - key: bunnynet_kind\n    prefix: kind\n"
    )

    assert hosts_of(inventory, "reserved_apps") == ["app_web"]
    assert hosts_of(inventory, "kind_app") == ["app_web"]
    assert inventory.get_host("app_web").vars["templates"] == 1


def test_the_key_may_be_a_template(simulator, source, monkeypatch):
    simulator.load(**ACCOUNT)
    monkeypatch.delenv("BUNNYNET_API_KEY")
    monkeypatch.setenv("KEY_ELSEWHERE", simulator.key)

    inventory = source("kinds: [dns_zone]\napi_key: \"{{ lookup('ansible.builtin.env', 'KEY_ELSEWHERE') }}\"\n")

    assert sorted(inventory.hosts) == ["dns_zone_example.com"]


def test_a_refused_key_fails_naming_the_plugin_and_the_status(simulator, source, monkeypatch):
    monkeypatch.setenv("BUNNYNET_API_KEY", "wrong")

    with pytest.raises(AnsibleError, match=r"bunnynet.cloud.account could not read the account: .*401"):
        source("kinds: [dns_zone]\n")


def test_a_source_file_with_another_name_is_not_this_plugins(tmp_path):
    path = tmp_path / "inventory.yml"
    path.write_text("plugin: bunnynet.cloud.account\n")

    assert not new_plugin().verify_file(str(path))


def test_the_cache_answers_without_reading_the_account_again(simulator, source, tmp_path):
    simulator.load(**ACCOUNT)
    cached = "kinds: [dns_zone]\ncache: true\ncache_plugin: ansible.builtin.jsonfile\ncache_connection: %s\n" % (tmp_path / "cache")
    source(cached)
    simulator.load(dns_zones=[{"Id": 31, "Domain": "other.example"}])
    simulator.clear_requests()

    from_cache = source(cached)
    refreshed = source(cached, cache=False)

    assert sorted(from_cache.hosts) == ["dns_zone_example.com"]
    assert sorted(refreshed.hosts) == ["dns_zone_other.example"]
    assert [entry["path"] for entry in simulator.requests()] == ["/dnszone"]
    # The key is not in what was cached.
    assert "unit-test-key" not in "".join(path.read_text() for path in (tmp_path / "cache").iterdir())


# Secrets planted in every place the account can hold one (secret_fixtures.py), read with the roles' variables.
SECRETS_SOURCE = "role_variables: true\nsecret_names: [SEAL]\nnot_secrets: [PUBLIC_KEY_ID]\ncache: true\ncache_plugin: ansible.builtin.jsonfile\n"


def test_the_inventory_plugin_shows_and_caches_no_secret(simulator, source, tmp_path):
    database_token_value = plant_secrets(simulator)
    cache = tmp_path / "cache"

    # A placeholder is text: what composes a variable from it takes it as it is, never as a template.
    inventory = source(SECRETS_SOURCE + "cache_connection: %s\nstorage_url: %s/storage\nstrict: true\n"
                                        "compose:\n  environment: bunnynet_resource.container_templates[0].environment_variables | default([])\n"
                       % (cache, simulator.url))

    shown = json.dumps({host: inventory.get_host(host).vars for host in inventory.hosts}, default=str)
    cached = b"".join(everything_under(cache).values())
    for secret in planted(database_token_value):
        assert secret not in shown
        assert secret.encode() not in cached
    app = inventory.get_host("app_storefront").vars
    held = {variable["name"]: variable["value"] for variable in app["bunnynet_resource"]["container_templates"][0]["environment_variables"]}
    assert held["STREAM_LIBRARY"] == "{{ vault_video_library_lessons_api_key }}" and held["SEAL"] == "{{ vault_web_seal }}"
    assert held["PUBLIC_KEY_ID"] == PUBLIC
    assert {variable["name"]: variable["value"] for variable in app["environment"]} == held
    web = app["bunnynet_role_variables"]["mc_rollout_containers"][0]
    assert web["secret_environment_variables"]["SESSION_SECRET"] == "{{ vault_web_session_secret }}"
