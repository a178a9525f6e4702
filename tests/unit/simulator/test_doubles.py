"""Numbers the vendor types as double or decimal read back as JSON numbers with a fraction part (`5.0`, never `5`).

Strict clients (typed SDKs, the Terraform provider's decoding) refuse an integer where the model
says double. The read models' comparison (test_read_models.py) holds every number of every model
it reads; these hold the values that arrive as integers, from a request whose model types them so
or from a fixture, to the read model's type.
"""

import re

import pytest


def number_text(answer, name):
    """The number `name` as the JSON text has it, so that 5 and 5.0 differ."""
    return re.search(r'"%s":(-?[0-9.eE+-]+)' % name, answer.text).group(1)


@pytest.fixture
def world(simulator):
    simulator.load_fixtures(
        {
            "pull_zones": [{"Id": 1, "Name": "assets", "MonthlyCharges": 3}],
            "storage_zones": [{"Id": 2, "Name": "files", "PriceOverride": 1}],
            "video_libraries": [{"Id": 3, "Name": "lessons", "MonthlyChargesTranscribing": 2}],
            "edge_scripts": [{"Id": 4, "Name": "router", "MonthlyCost": 7}],
            "dns_zones": [{"Id": 5, "Domain": "example.com", "Records": [{"Type": "A", "Name": "geo", "Value": "192.0.2.1", "GeolocationLatitude": 46}]}],
            "registries": [{"id": 1}],
            "apps": [{"id": "shop", "volumes": [{"name": "data", "size": 5}]}],
        }
    )


@pytest.mark.usefixtures("world")
@pytest.mark.parametrize(
    ("path", "name", "text"),
    [
        ("/pullzone/1", "MonthlyCharges", "3.0"),
        ("/pullzone/1", "LimitRatePerSecond", "0.0"),
        ("/pullzone/1", "OptimizerWatermarkOffset", "3.0"),
        ("/storagezone/2", "PriceOverride", "1.0"),
        ("/videolibrary/3", "MonthlyChargesTranscribing", "2.0"),
        ("/compute/script/4", "MonthlyCost", "7.0"),
        ("/dnszone/5", "GeolocationLatitude", "46.0"),
        ("/mc/apps/shop", "size", "5.0"),
    ],
)
def test_a_double_a_fixture_gives_as_an_integer_reads_back_as_a_double(api, path, name, text):
    assert number_text(api.get(path), name) == text


@pytest.mark.usefixtures("world")
def test_a_setting_the_settings_model_types_as_an_integer_reads_back_as_the_read_models_double(api):
    assert api.post("/pullzone/1", json={"LimitRatePerSecond": 5, "LimitRateAfter": 2}).status_code == 200

    answer = api.get("/pullzone/1")
    assert (number_text(answer, "LimitRatePerSecond"), number_text(answer, "LimitRateAfter")) == ("5.0", "2.0")


@pytest.mark.usefixtures("world")
def test_a_volume_size_patched_in_whole_gigabytes_reads_back_as_a_double(api):
    assert api.patch("/mc/apps/shop", json={"volumes": [{"name": "data", "size": 8}]}).status_code == 200

    assert number_text(api.get("/mc/apps/shop"), "size") == "8.0"
