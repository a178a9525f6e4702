#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: pullzone
short_description: Create, configure or delete a bunny.net pull zone
version_added: 0.2.0
description:
  - Manages a pull zone, found by O(id) or by its exact O(name).
  - Creates the zone when no zone of the account has the name, updates the settings that differ
    from the options given (one request, with those settings only), and deletes it with
    O(state=absent). Options left out are left as they are.
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads.
  - The settings users set most are options of their own; O(settings) reaches every other
    property of the API's pull zone update model by its API name.
  - Hostnames, referrers, edge rules and cache purges have modules of their own
    (M(bunnynet.cloud.pullzone_hostname), M(bunnynet.cloud.pullzone_referrer),
    M(bunnynet.cloud.pullzone_edge_rule), M(bunnynet.cloud.pullzone_purge)).
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  name:
    description:
      - Name of the zone; the zone answers on V(<name>.b-cdn.net).
      - Without O(id), the zone is the one named exactly this. The module creates the zone when
        the account has none of that name, and fails when several have it, listing their IDs.
      - Names are unique across all of bunny.net, not only the account; a name another account
        holds fails the create with a message that says so.
      - A zone cannot be renamed. With O(id), a different name fails.
      - A zone bunny.net created itself (for an accelerated DNS record or a Magic Containers
        endpoint) is found by its name like any other and configured, never created twice.
    type: str
  origin_url:
    description:
      - URL the zone fetches files from, for O(origin_type=url).
      - Not for zones whose origin is an Edge Script or a Magic Containers app, whose address the
        API sets itself; giving it for them fails before any request.
    type: str
  origin_type:
    description:
      - Where files come from. V(url) is an origin URL, V(storage_zone) a bunny.net storage zone
        (O(storage_zone_id)), V(dns_accelerate) an accelerated DNS record, V(load_balancer),
        V(edge_script), V(magic_containers) and V(push_zone) what their names say.
      - Results show the type by these names; a type the API adds later shows as its number.
    type: str
    choices: [url, dns_accelerate, storage_zone, load_balancer, edge_script, magic_containers, push_zone]
  origin_host_header:
    description: Host header sent to the origin; empty for the origin URL's host.
    type: str
  forward_host_header:
    description: Whether the host a visitor asked for is forwarded to the origin.
    type: bool
  verify_origin_ssl:
    description: Whether the origin's TLS certificate is verified.
    type: bool
  follow_redirects:
    description: Whether redirects the origin answers with are followed and cached.
    type: bool
  storage_zone_id:
    description: ID of the storage zone that is the origin, with O(origin_type=storage_zone).
    type: int
  type:
    description:
      - The network the zone delivers from. V(standard) is the network the API calls premium,
        V(volume) the cheaper one for large files.
    type: str
    choices: [standard, volume]
  regions:
    description:
      - The regions that deliver the zone's files; the others do not. V(AF) Africa, V(ASIA) Asia
        and Oceania, V(EU) Europe, V(SA) South America, V(US) North America. Order does not matter.
    type: list
    elements: str
    choices: [AF, ASIA, EU, SA, US]
  cache_expiration:
    description:
      - How long the edge keeps files, in seconds; V(-1) follows the origin's cache headers.
    type: int
  browser_cache_expiration:
    description:
      - How long browsers are told to keep files, in seconds; V(-1) passes the origin's cache headers on.
    type: int
  ignore_query_strings:
    description: Whether the cache ignores query strings (one cached file for every query string).
    type: bool
  sort_query_strings:
    description: Whether query string parameters are sorted before the cache looks a file up.
    type: bool
  query_string_vary_parameters:
    description:
      - The query string parameters the cache tells files apart by; empty for all of them.
      - Compared as a set.
    type: list
    elements: str
  stale_while_updating:
    description:
      - Whether a stale file is served while the edge fetches a new one.
      - The API turns O(background_update) on with it, so V(true) with O(background_update=false)
        fails before any request.
    type: bool
  stale_while_offline:
    description: Whether a stale file is served while the origin cannot be reached.
    type: bool
  background_update:
    description: Whether expired files are refreshed in the background.
    type: bool
  perma_cache_storage_zone_id:
    description: ID of the storage zone that keeps Perma-Cache copies; V(0) turns Perma-Cache off.
    type: int
  blocked_countries:
    description:
      - Two-letter country codes whose visitors are refused. Compared as a set, without regard to case.
    type: list
    elements: str
  blocked_ips:
    description: IP addresses whose requests are refused. Compared as a set.
    type: list
    elements: str
  token_auth_enabled:
    description:
      - Whether URLs must carry a token signed with the zone's security key.
      - The key is a secret; it is masked in every result and diff.
    type: bool
  token_key:
    description:
      - The zone's token authentication key, 8 to 36 characters, to set; a secret (C(no_log)).
      - Compared with the key the zone has, so a run with the same key changes nothing. To rotate it
        with a key of your own, change the value (in your vault) and run the task again.
      - Mutually exclusive with O(rotate_token_key) and O(return_token_key); the key is yours already.
    type: str
  rotate_token_key:
    description:
      - Have the API make a new token authentication key for the zone, on this run. URLs signed with
        the old key stop working at once, so hand the new key on in the same play (see the collection's
        docs/keys-and-certificates.md).
      - A rotation happens only when asked; every run with V(true) rotates again.
      - The new key is returned under RV(secrets.token_key).
    type: bool
    default: false
  return_token_key:
    description:
      - Return the zone's token authentication key under RV(secrets.token_key), for a task that signs
        URLs with it.
      - The task's whole result is then hidden from output, as C(no_log) hides it; only what the task
        registers holds the key. RV(pull_zone.zone_security_key) stays masked.
    type: bool
    default: false
  token_auth_ip_validation:
    description: Whether a signed URL also binds the visitor's IP address.
    type: bool
  cors_enabled:
    description: Whether CORS headers are added to the files of O(cors_extensions).
    type: bool
  cors_extensions:
    description: File extensions that get CORS headers. Compared as a set, without regard to case.
    type: list
    elements: str
  logging_enabled:
    description: Whether the zone keeps access logs.
    type: bool
  log_anonymization:
    description: Whether visitors' IP addresses are anonymised in the logs.
    type: bool
  log_anonymization_type:
    description: How addresses are anonymised; V(one_digit) drops the last digit group, V(drop) the whole address.
    type: str
    choices: [one_digit, drop]
  monthly_bandwidth_limit:
    description: Bytes the zone may deliver in a month; V(0) for no limit.
    type: int
  request_limit:
    description: Requests per second one visitor may send; V(0) for no limit.
    type: int
  connection_limit_per_ip:
    description: Connections one IP address may hold open at once; V(0) for no limit.
    type: int
  burst_size:
    description: Requests over O(request_limit) one visitor may burst before being limited.
    type: int
  optimizer_enabled:
    description: Whether Bunny Optimizer is on for the zone (billed per zone).
    type: bool
  optimizer_minify_css:
    description: Whether the optimizer minifies CSS.
    type: bool
  optimizer_minify_js:
    description: Whether the optimizer minifies JavaScript.
    type: bool
  optimizer_webp:
    description: Whether the optimizer serves WebP images to browsers that take them.
    type: bool
  optimizer_image_manipulation:
    description: Whether images can be resized and cropped through query parameters.
    type: bool
  optimizer_automatic:
    description: Whether images are optimised automatically for the visitor's device.
    type: bool
  auto_ssl:
    description: Whether hostnames added to the zone get a free certificate on their own.
    type: bool
  origin_shield_enabled:
    description: Whether an origin shield sits between the edge and the origin.
    type: bool
  origin_shield_zone_code:
    description: Where the origin shield is, by the API's zone code (for example V(FR) or V(IL)).
    type: str
  dns_origin_scheme:
    description:
      - The scheme a zone that accelerates a DNS record (O(origin_type=dns_accelerate)) fetches
        from the record's address with.
      - A read of the zone does not return the setting; the zone's origin URL
        (V(https://192.0.2.10:8443)) carries it, and the module compares it there.
      - Giving it for a zone of another origin type fails before any request.
    type: str
    choices: [http, https]
  dns_origin_port:
    description:
      - The port, 1 to 65535, a zone that accelerates a DNS record fetches from the record's
        address on. Compared as the zone's origin URL carries it; a URL without a port means the
        scheme's own (80 or 443).
      - Left out, a new O(dns_origin_scheme) keeps the port the origin URL names, or the new
        scheme's own when it names none.
      - Giving it for a zone of another origin type fails before any request.
    type: int
  settings:
    description:
      - Any other property of the API's pull zone update model, by its API name (for example
        V(EnableWebSockets) or V(CacheErrorResponses)), with the value the API takes
        (numbers for enumerations).
      - Each name and value is checked against the model before any request; an unknown name
        fails and the closest names are suggested. A property that an option of this module
        sets must be given through that option.
      - Only the properties given are compared and sent.
    type: dict
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource
  - bunnynet.cloud.resource.lock
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A zone the module would create is predicted with the options given and V(null) for what
        only the API knows (its ID, hostnames, security key, usage); the settings the API fills
        in with their defaults appear once the zone exists.
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - Deleting a zone (O(state=absent)) deletes its hostnames, edge rules and cache with it.
  - The API failed parallel creates of pull zones, so creates from parallel tasks on one controller run one after another
    (O(lock_timeout)), as writes to one zone do.
  - The zone's security key, S3 signing credentials and log forwarding token are secrets. They are
    masked in results, diffs and failures, and kept out of the output at any verbosity. The token
    key is returned under RV(secrets) only when a task rotates it or asks for it, and the task's
    result is then hidden from output.
seealso:
  - module: bunnynet.cloud.pullzone_info
  - module: bunnynet.cloud.pullzone_hostname
  - module: bunnynet.cloud.pullzone_edge_rule
  - module: bunnynet.cloud.pullzone_purge
"""

EXAMPLES = r"""
- name: Put a CDN in front of the website
  bunnynet.cloud.pullzone:
    name: example-site
    origin_url: https://origin.example.com
    type: standard
    regions: [EU, US]
    cache_expiration: 86400
    stale_while_offline: true
    blocked_countries: [KP]
    cors_enabled: true
    cors_extensions: [css, js, woff2]
  register: site_zone

- name: Show where the zone answers
  ansible.builtin.debug:
    msg: "{{ site_zone.pull_zone.name }} answers on {{ site_zone.pull_zone.name }}.b-cdn.net"

- name: Turn on WebSockets and error caching, which have no option of their own
  bunnynet.cloud.pullzone:
    name: example-site
    settings:
      EnableWebSockets: true
      CacheErrorResponses: true

- name: Serve a storage zone's files through a zone with token authentication
  bunnynet.cloud.pullzone:
    name: example-downloads
    origin_type: storage_zone
    storage_zone_id: 4321
    token_auth_enabled: true

- name: Fetch an accelerated DNS record's origin over HTTPS on port 8443
  bunnynet.cloud.pullzone:
    name: example-accelerated
    dns_origin_scheme: https
    dns_origin_port: 8443

- name: Read the token key to sign download URLs with
  bunnynet.cloud.pullzone:
    name: example-downloads
    return_token_key: true
  register: downloads

- name: Rotate the token key when asked to (ansible-playbook ... -e rotate_keys=true)
  bunnynet.cloud.pullzone:
    name: example-downloads
    rotate_token_key: true
  register: rotated
  when: rotate_keys | default(false) | bool

- name: Give the signing script the new key
  bunnynet.cloud.edge_script_secret:
    script_name: router
    name: TOKEN_KEY
    value: "{{ rotated.secrets.token_key }}"
    update_secret: always
  when: rotated is changed

- name: Delete a zone that is no longer used
  bunnynet.cloud.pullzone:
    name: example-old
    state: absent
"""

RETURN = r"""
secrets:
  description:
    - The zone's token authentication key (C(token_key)), when O(rotate_token_key) or
      O(return_token_key) asks for it; the new key after a rotation. V(null) in check mode for a key
      the API has yet to make.
    - The task's result is hidden from output when it holds them.
  returned: when asked for, or rotated
  type: dict
  sample:
    token_key: 4c4b3f0a-63c2-4b9d-93a1-2f6e0f6b1c5d
  contains:
    token_key:
      description: The zone's token authentication key, which signs its URLs.
      type: str
rotated:
  description: The secrets the run rotated (or, in check mode, would rotate); a diff shows them masked on both sides.
  returned: when a secret was rotated
  type: list
  elements: str
  sample: [token_key]
pull_zone:
  description:
    - The zone in snake_case, every property the API reads back, after the changes; the
      prediction in check mode. V(null) once deleted.
    - O(origin_type), O(type) and O(log_anonymization_type) appear by the names the options take.
    - Secrets are masked.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the zone; V(null) for a zone check mode predicts.
      type: int
      sample: 4711
    name:
      description: Name of the zone.
      type: str
      sample: example-site
    origin_url:
      description: URL files are fetched from.
      type: str
      sample: https://origin.example.com
    origin_type:
      description: Where files come from, by name.
      type: str
      sample: url
    type:
      description: V(standard) or V(volume).
      type: str
      sample: standard
    dns_origin_scheme:
      description:
        - The scheme of a DNS-accelerated zone's origin, as its origin URL carries it.
        - Only for zones whose origin type is V(dns_accelerate).
      type: str
      returned: when the zone accelerates a DNS record
      sample: https
    dns_origin_port:
      description:
        - The port of a DNS-accelerated zone's origin, as its origin URL carries it (the scheme's own when the URL names none).
        - Only for zones whose origin type is V(dns_accelerate).
      type: int
      returned: when the zone accelerates a DNS record
      sample: 8443
    hostnames:
      description: The zone's hostnames, each with C(value), C(force_ssl), C(is_system_hostname) and C(has_certificate).
      type: list
      elements: dict
    cache_control_max_age_override:
      description: O(cache_expiration).
      type: int
      sample: 86400
    enable_geo_zone_eu:
      description: Whether Europe delivers the zone; likewise C(enable_geo_zone_us), C(_asia), C(_sa), C(_af).
      type: bool
      sample: true
    zone_security_key:
      description: Always masked.
      type: str
      sample: "********"
    edge_rules:
      description: The zone's edge rules, as M(bunnynet.cloud.pullzone_edge_rule) manages them.
      type: list
      elements: dict
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import (
    PULL_ZONE,
    TOKEN_KEY_OPTIONS,
    TOKEN_KEY_RULES,
    describe_error,
    desired_zone,
    plan_token_key,
    settings_problems,
)


def manage_zone(module):
    problems = settings_problems(module.params["settings"] or {})
    module.refuse(problems)
    apply(module, plan_token_key(module, PULL_ZONE.plan(module, desired_zone(module.params))))


def main():
    kwargs = PULL_ZONE.module_kwargs()
    # A key the task gives is the task's already: it is neither rotated nor returned.
    kwargs["mutually_exclusive"] = [("token_key", "rotate_token_key"), ("token_key", "return_token_key")]
    module = BunnyModule(
        argument_spec=PULL_ZONE.argument_spec(settings=dict(type="dict"), **TOKEN_KEY_OPTIONS),
        result_key=PULL_ZONE.result_key,
        rules=PULL_ZONE.rules() + (("name", dict(min_length=1)), ("dns_origin_port", dict(minimum=1, maximum=65535))) + TOKEN_KEY_RULES,
        secret_keys=PULL_ZONE.secret_keys,
        **kwargs
    )
    module.run(manage_zone, describe_error=describe_error)


if __name__ == "__main__":
    main()
