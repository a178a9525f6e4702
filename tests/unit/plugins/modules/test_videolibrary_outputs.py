"""What a video library hands on: its CDN hostname and pull zone always, its API keys under secrets only when a task asks for them."""

from ansible_collections.bunnynet.cloud.plugins.modules import videolibrary, videolibrary_info
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.stream_fixtures import LIBRARY_KEY, READ_ONLY_KEY, library


def zone_hostname(simulator):
    zone_id = simulator.server.state.video_libraries[0]["PullZoneId"]
    zone = next(zone for zone in simulator.server.state.pull_zones if zone["Id"] == zone_id)
    return next(hostname["Value"] for hostname in zone["Hostnames"] if hostname["IsSystemHostname"])


def test_the_library_and_its_info_return_the_cdn_hostname_and_mask_the_keys(simulator):
    simulator.load(video_libraries=[library()])

    managed = run_module(videolibrary, simulator.api_args(name="courses"))["video_library"]
    listed = run_module(videolibrary_info, simulator.api_args(name="courses"))["video_libraries"][0]

    for found in (managed, listed):
        assert found["cdn_hostname"] == zone_hostname(simulator) and found["pull_zone_id"]
        assert (found["api_key"], found["read_only_api_key"]) == ("********", "********")
    assert LIBRARY_KEY not in str(managed) + str(listed)


def test_return_api_keys_returns_them_under_secrets_only_and_the_library_stays_masked(simulator):
    simulator.load(video_libraries=[library()])
    simulator.clear_requests()

    checked = run_module(videolibrary, simulator.api_args(name="courses", return_api_keys=True), check_mode=True)
    managed = run_module(videolibrary, simulator.api_args(name="courses", return_api_keys=True))

    for result in (checked, managed):
        assert result["changed"] is False
        assert result["secrets"] == {"api_key": LIBRARY_KEY, "api_access_key": LIBRARY_KEY, "read_only_api_key": READ_ONLY_KEY}
        assert (result["video_library"]["api_key"], result["video_library"]["read_only_api_key"]) == ("********", "********")
        assert LIBRARY_KEY not in str(dict(result, secrets=None)) and READ_ONLY_KEY not in str(dict(result, secrets=None))
    # Asking for the keys reads them; it sends nothing.
    assert simulator.writes() == []


def test_the_info_module_masks_the_keys_and_has_no_option_to_return_them(simulator):
    """As pullzone_info and storage_zone_info: an info module never returns a secret; the managing module does, under secrets."""
    simulator.load(video_libraries=[library()])

    refused = run_module(videolibrary_info, simulator.api_args(return_api_keys=True))
    listed = run_module(videolibrary_info, simulator.api_args())["video_libraries"][0]

    assert refused["failed"] and "return_api_keys" in refused["msg"]
    assert (listed["api_key"], listed["read_only_api_key"]) == ("********", "********")


def test_a_library_check_mode_would_create_predicts_no_hostname_and_the_new_one_has_its_zones(simulator):
    simulator.load()

    checked = run_module(videolibrary, simulator.api_args(name="fresh"), check_mode=True)["video_library"]
    created = run_module(videolibrary, simulator.api_args(name="fresh"))["video_library"]

    assert checked["cdn_hostname"] is None
    assert created["cdn_hostname"] == "vz-%d.b-cdn.net" % created["id"] or created["cdn_hostname"].endswith(".b-cdn.net")
