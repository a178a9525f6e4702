"""Scripted servers for the client and module-base tests."""

import pytest

from ansible_collections.bunnynet.cloud.tests.unit.plugins.module_utils.scripted_api import ScriptedApi


@pytest.fixture
def api():
    scripted = ScriptedApi()
    yield scripted
    scripted.close()


@pytest.fixture
def tls_api(tmp_path):
    scripted = ScriptedApi(tls_directory=tmp_path)
    yield scripted
    scripted.close()
