"""The files an export writes (module_utils/account/files.py): each host's variables in JSON that
loads as the same YAML, and hosts.yml naming each host's resource in a comment that nothing in a
resource's name can break."""

import json
import os
import stat

import yaml

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.files import inventory_files, write_files

ZONE = dict(host="pull_zone_shop", kind="pull_zone", name="shop", id=10, role="pullzone_domains",
            variables={"pullzone_domains_pull_zone_id": 10,
                       "pullzone_domains_settings": {"origin_url": "https://origin.example.com", "cache_expiration": None, "regions": ["EU"]},
                       # Strings YAML would read as something else when written bare.
                       "pullzone_domains_allowed_referrers": ["yes", "null", "1.0", "café.example"]})
SCRIPT = dict(host="edge_script_router", kind="edge_script", name="router\n# not a comment: 1", id=4700, role="edge_script_deploy",
              variables={"edge_script_deploy_name": "router", "edge_script_deploy_code": "export default {};\n",
                         "edge_script_deploy_secrets": [{"name": "API_TOKEN"}]})


def files_of(*hosts):
    return {path: content for path, content, _mode in inventory_files(list(hosts))}


def test_a_hosts_variables_are_json_that_yaml_reads_the_same():
    files = files_of(ZONE, SCRIPT)

    zone = files["host_vars/pull_zone_shop/main.yml"]
    assert json.loads(zone) == yaml.safe_load(zone) == ZONE["variables"]
    script = json.loads(files["host_vars/edge_script_router/main.yml"])
    assert script == yaml.safe_load(files["host_vars/edge_script_router/main.yml"])
    assert script["edge_script_deploy_code_file"] == "{{ inventory_dir }}/files/edge_script_router.js"
    assert script["edge_script_deploy_secrets"] == [{"name": "API_TOKEN", "value": "{{ vault_api_token }}"}]
    # The vault file keeps its comments: YAML, small, and encrypted once filled in.
    assert files["host_vars/edge_script_router/vault.yml"].startswith("# The values of router")


def test_hosts_yml_names_each_hosts_resource_and_reads_as_the_groups():
    hosts = files_of(ZONE, SCRIPT)["hosts.yml"]

    assert yaml.safe_load(hosts)["all"]["children"] == {"edge_script_deploy": {"hosts": {"edge_script_router": None}},
                                                        "pullzone_domains": {"hosts": {"pull_zone_shop": None}}}
    assert '        pull_zone_shop:  # pull zone "shop", id 10\n' in hosts
    # A line break in a name is escaped, so the rest of the name stays in the comment.
    assert '        edge_script_router:  # edge script "router\\n# not a comment: 1", id 4700\n' in hosts


def test_check_mode_names_a_file_of_another_mode_and_leaves_it(tmp_path):
    files = inventory_files([ZONE])
    write_files(str(tmp_path), files, check_mode=False)
    os.chmod(tmp_path / "hosts.yml", 0o644)

    assert write_files(str(tmp_path), files, check_mode=True) == ["hosts.yml"]
    assert stat.S_IMODE(os.stat(tmp_path / "hosts.yml").st_mode) == 0o644
    assert write_files(str(tmp_path), files, check_mode=False) == ["hosts.yml"]
    assert stat.S_IMODE(os.stat(tmp_path / "hosts.yml").st_mode) == 0o600
    assert write_files(str(tmp_path), files, check_mode=False) == []
