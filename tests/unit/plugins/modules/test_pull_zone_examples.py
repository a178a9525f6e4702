"""Every EXAMPLES task of the pull zone and video library modules runs against the simulator, and a second run changes nothing."""

import pytest
import yaml

from ansible_collections.bunnynet.cloud.plugins.modules import (
    pullzone_edge_rule,
    pullzone_hostname,
    pullzone_optimizer_class,
    pullzone_referrer,
    videolibrary_referrer,
)
from ansible_collections.bunnynet.cloud.tests.unit.plugins.modules.module_runner import run_module

MODULES = (pullzone_hostname, pullzone_referrer, pullzone_edge_rule, pullzone_optimizer_class, videolibrary_referrer)
# What the examples act on: pull zone 10 and video library 20, with something for each example to change.
EXAMPLE_WORLD = dict(
    pull_zones=[{
        "Id": 10,
        "Name": "site",
        "Hostnames": [{"Value": "old-cdn.example.com"}],
        "AllowedReferrers": ["old.example.org"],
        "BlockedReferrers": ["leech.example.net"],
        "EdgeRules": [
            {"Guid": "3b8f0c1d-2e4a-4f6b-9c7d-5e1f2a3b4c5d", "Description": "Maintenance redirect", "Enabled": True},
            {"Guid": "8d6a1b52-7f0e-4d3a-9a53-4b9a8e0c2f11", "Description": "Block admin", "Enabled": False},
        ],
        "OptimizerClasses": [{"Name": "thumbnail", "Properties": {"width": "150"}}, {"Name": "legacy", "Properties": {"blur": "5"}}],
    }],
    video_libraries=[{"Id": 20, "Name": "lessons", "AllowedReferrers": ["old-courses.example.com"]}],
)


def example_tasks():
    return [
        pytest.param(module, task["bunnynet.cloud." + module.__name__.rsplit(".", 1)[-1]], id=task["name"])
        for module in MODULES for task in yaml.safe_load(module.EXAMPLES)
    ]


@pytest.mark.parametrize("module, options", example_tasks())
def test_the_example_runs_and_is_idempotent(simulator, module, options):
    simulator.load(**EXAMPLE_WORLD)

    first = run_module(module, simulator.api_args(**options))
    second = run_module(module, simulator.api_args(**options))

    assert first.get("failed") is not True, first.get("msg")
    assert first["changed"] is True
    assert second["changed"] is False
