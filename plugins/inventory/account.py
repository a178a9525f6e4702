# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
name: account
short_description: A bunny.net account as an inventory, one host per resource
version_added: 0.2.0
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
description:
  - Reads the resources of a bunny.net account (pull zones, DNS zones, storage zones, Shield
    zones, Edge Scripts, Magic Containers applications, video libraries, container registries and
    the members of the account's team) and adds each one as a host, in a group per kind, with its
    record as host variables. The account has no variables of its own; whatever it holds that has
    an id and a life of its own (a registry, a team member) is a host of its kind.
  - Every page of every list is read. The values of secrets (zone security keys, storage zone
    passwords, video library API keys, script deployment keys, certificate keys) are left out of
    the host variables.
  - Nor is a secret's value anywhere else in them, nor in the cache. A value the account holds
    that equals (or holds) one of those secrets, a value shaped as a JSON Web Token (a database's
    token), and the value of an environment variable or a script variable whose name has
    C(token), C(key), C(secret), C(password) or C(credential) as a part (in any case) are each a
    vault placeholder C({{ vault_<name> }}), as M(bunnynet.cloud.account_export) writes them;
    O(not_secrets) names the variables that are no secrets.
  - Host names are the kind and the resource's name, with characters other than letters, digits,
    C(.), C(_) and C(-) replaced by C(_) (C(pull_zone_demo-assets), C(dns_zone_example.com),
    C(app_demo_web)). A Shield zone is named after the pull zone it protects
    (C(shield_zone_pull-zone-4711)). When two resources of a kind would get the same name, each gets
    its id appended.
  - The source file's name must end in C(bunnynet.yml) or C(bunnynet.yaml).
  - Nothing is written to the account; the plugin only reads. The team endpoints take a token the API
    key is exchanged for first (C(POST /apikey/exchange), which changes nothing), the one request
    that is not a C(GET); leave V(team_member) out of O(kinds) to send none.
extends_documentation_fragment:
  - ansible.builtin.constructed
  - ansible.builtin.inventory_cache
options:
  plugin:
    description: The name of this plugin; it must be V(bunnynet.cloud.account) for the file to be read by it.
    type: str
    required: true
    choices: [bunnynet.cloud.account]
  api_key:
    description:
      - The bunny.net account API key, sent in the C(AccessKey) header.
      - May be a template, such as a lookup of a vaulted variable.
      - Never written to host variables or to the cache.
    type: str
    required: true
    env:
      - name: BUNNYNET_API_KEY
  api_url:
    description: Base URL of the bunny.net management API, an C(http://) or C(https://) URL.
    type: str
    default: https://api.bunny.net
    env:
      - name: BUNNYNET_API_URL
  api_timeout:
    description: Seconds to wait for each HTTP request before giving up on it, at least 1.
    type: int
    default: 30
    env:
      - name: BUNNYNET_API_TIMEOUT
  api_retries:
    description:
      - How many times a read is sent again after a rate limit (HTTP 429), a gateway error
        (HTTP 502, 503, 504) or a dropped connection, 0 to 20.
    type: int
    default: 5
    env:
      - name: BUNNYNET_API_RETRIES
  validate_certs:
    description: Whether to verify the API's TLS certificate.
    type: bool
    default: true
  kinds:
    description:
      - The kinds of resources to list; the others are not read at all.
    type: list
    elements: str
    choices: [pull_zone, dns_zone, storage_zone, shield_zone, edge_script, app, registry, video_library, stream_catalogue, database, team_member]
    default: [pull_zone, dns_zone, storage_zone, shield_zone, edge_script, app, registry, video_library, stream_catalogue, database, team_member]
  not_secrets:
    description:
      - Names of environment variables and script variables whose values are no secrets although
        their names, or values, look like one; they are shown as they are.
      - A value equal to a secret the account exposes (a library's API key) stays hidden all the same.
    type: list
    elements: str
    default: []
  secret_names:
    description:
      - Names of environment variables and script variables whose values are secrets although
        nothing else says so (a variable mc_app wrote from C(secret_environment_variables) reads as
        any other, since the API keeps no mark of it).
    type: list
    elements: str
    default: []
  storage_url:
    description:
      - Base URL of the storage API, for the manifests of the storage zones' files with
        O(role_variables), instead of each zone's region host.
    type: str
    env:
      - name: BUNNYNET_STORAGE_URL
  stream_api_url:
    description:
      - Base URL of the Stream API, which each library's own key opens, for the libraries' collections
        and videos (the C(stream_catalogue) kind).
    type: str
    default: https://video.bunnycdn.com
    env:
      - name: BUNNYNET_STREAM_API_URL
  group:
    description: A group that holds every host of the account, besides the group of its kind.
    type: str
    default: bunnynet
  role_variables:
    description:
      - Also give each host C(bunnynet_role), the collection's role that manages a resource of its
        kind (V(pullzone_domains), V(dns_zone), V(static_site), V(storage_zone), V(shield),
        V(edge_script_deploy), V(mc_rollout), V(mc_registry), V(video_library), V(team_member)), and
        C(bunnynet_role_variables), that role's variables as the resource is now, every field the
        role's modules manage, as M(bunnynet.cloud.account_export) writes them out.
      - C(bunnynet_role) is null where no role manages the resource as it is (a Shield zone that
        protects no pull zone, a registry the platform owns).
      - A storage zone that a pull zone serves is a V(static_site) without a build directory, so
        the role manages the two zones and leaves the files as they are; its files are listed with
        their size and checksum, as for a V(storage_zone).
      - Costs the reads the API forces for what a list leaves out (a script's code, secrets and live
        release, a Shield zone's rules, access lists, bot detection, upload scanning, custom pages
        (one read per page type), bot categorisation and API Guardian, a storage zone's files, a
        video library's pull zone, the account's log forwarding configurations, once). Secret
        values the API never returns are null; the others are vault placeholders, as the export
        writes them.
    type: bool
    default: false
requirements:
  - requests
notes:
  - Each host has the variables C(bunnynet_kind) (for example V(pull_zone)), C(bunnynet_id),
    C(bunnynet_name) and C(bunnynet_resource), the resource as the kind's C(_info) module returns
    it (snake_case keys), without the values of secrets.
  - The groups of the kinds are C(bunnynet_pull_zones), C(bunnynet_dns_zones),
    C(bunnynet_storage_zones), C(bunnynet_shield_zones), C(bunnynet_edge_scripts),
    C(bunnynet_apps), C(bunnynet_video_libraries), C(bunnynet_registries) and C(bunnynet_team_members).
  - To turn the account into an inventory of host variables that the collection's roles take,
    run the C(bunnynet.cloud.export) playbook with this inventory source.
seealso:
  - name: Bring an existing account under Ansible
    description: The guide to the inventory plugin, the export and the account-wide audit.
    link: https://github.com/bunnynet/cloud/blob/main/docs/adopt-an-account.md
"""

EXAMPLES = r"""
# account.bunnynet.yml: the whole account, the key from the environment (BUNNYNET_API_KEY)
plugin: bunnynet.cloud.account
---
# apps.bunnynet.yml: only Magic Containers applications, cached for an hour,
# in a group per runtime type (runtime_shared, runtime_reserved)
plugin: bunnynet.cloud.account
api_key: "{{ lookup('ansible.builtin.env', 'BUNNY_KEY') }}"
kinds: [app]
cache: true
cache_plugin: ansible.builtin.jsonfile
cache_connection: ~/.cache/bunnynet-inventory
cache_timeout: 3600
keyed_groups:
  - key: bunnynet_resource.runtime_type
    prefix: runtime
compose:
  template_count: bunnynet_resource.container_templates | length
groups:
  scaled_out: bunnynet_resource.auto_scaling.max > 1
"""

from ansible.errors import AnsibleError
from ansible.plugins.inventory import BaseInventoryPlugin, Cacheable, Constructable

from ansible_collections.bunnynet.cloud.plugins.module_utils.account.kinds import KINDS
from ansible_collections.bunnynet.cloud.plugins.module_utils.account.secrets import AccountSecrets
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.account import read_account
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import HAS_REQUESTS, BunnyApiError, BunnyClient

GROUP_PREFIX = "bunnynet_"


class InventoryModule(BaseInventoryPlugin, Constructable, Cacheable):
    NAME = "bunnynet.cloud.account"

    def verify_file(self, path):
        return super().verify_file(path) and path.endswith(("bunnynet.yml", "bunnynet.yaml"))

    def parse(self, inventory, loader, path, cache=True):
        super().parse(inventory, loader, path, cache)
        if not HAS_REQUESTS:
            raise AnsibleError("The bunnynet.cloud.account inventory plugin needs the Python library requests.")
        self._read_config_data(path)

        cache_key = self.get_cache_key(path)
        # cache is False for --flush-cache and meta: refresh_inventory: read again, then cache anew.
        use_cache = self.get_option("cache") and cache
        hosts = None
        if use_cache:
            try:
                hosts = self._cache[cache_key]
            except KeyError:
                hosts = None
        if hosts is None:
            hosts = self._read_account()
            if self.get_option("cache"):
                self._cache[cache_key] = hosts
        self._populate(hosts)

    def _read_account(self):
        # The key may be a template (a vaulted variable, a lookup); extra vars are available to it.
        self.templar.available_variables = self._vars
        api_key = self.templar.template(self.get_option("api_key"))
        api_url = self.templar.template(self.get_option("api_url"))
        timeout, retries = self.get_option("api_timeout"), self.get_option("api_retries")
        if not api_key:
            raise AnsibleError("bunnynet.cloud.account needs api_key in the source file or the BUNNYNET_API_KEY environment variable.")
        if timeout < 1 or not 0 <= retries <= 20:
            raise AnsibleError("bunnynet.cloud.account: api_timeout must be at least 1 and api_retries 0 to 20.")
        client = BunnyClient(api_key, api_url, timeout, retries, validate_certs=self.get_option("validate_certs"))
        secrets = AccountSecrets(not_secrets=self.get_option("not_secrets"), secret_names=self.get_option("secret_names"))
        try:
            return read_account(client, KINDS, self.get_option("kinds"), with_roles=self.get_option("role_variables"),
                                storage_url=self.get_option("storage_url"), stream_api_url=self.get_option("stream_api_url"), secrets=secrets)
        except BunnyApiError as error:
            raise AnsibleError("bunnynet.cloud.account could not read the account: %s" % error) from None

    def _populate(self, hosts):
        account_group = self.inventory.add_group(self.get_option("group"))
        for kind in KINDS:
            if kind.name in self.get_option("kinds"):
                self.inventory.add_child(account_group, self.inventory.add_group(GROUP_PREFIX + kind.plural))
        strict = self.get_option("strict")
        for found in hosts:
            host = found["host"]
            self.inventory.add_host(host, group=GROUP_PREFIX + found["group"])
            host_vars = dict(bunnynet_kind=found["kind"], bunnynet_id=found["id"], bunnynet_name=found["name"], bunnynet_resource=found["resource"])
            if "role" in found:
                host_vars.update(bunnynet_role=found["role"], bunnynet_role_variables=found["role_variables"])
            for name, value in host_vars.items():
                self.inventory.set_variable(host, name, value)
            self._set_composite_vars(self.get_option("compose"), host_vars, host, strict=strict)
            self._add_host_to_composed_groups(self.get_option("groups"), host_vars, host, strict=strict)
            self._add_host_to_keyed_groups(self.get_option("keyed_groups"), host_vars, host, strict=strict)
