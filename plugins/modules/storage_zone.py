#!/usr/bin/python
# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

DOCUMENTATION = r"""
module: storage_zone
short_description: Create, configure or delete a bunny.net storage zone
version_added: 0.2.0
description:
  - Manages a storage zone, found by O(id) or by its exact O(name).
  - Creates the zone when no zone of the account has the name, updates the settings that differ
    from the options given (one request, with those settings only), and deletes it with
    O(state=absent). Options left out are left as they are.
  - Reads first and writes only what differs. A run that changes nothing, and any run in check
    mode, only reads.
  - The zone's files are managed by M(bunnynet.cloud.storage_sync), which reads the zone's
    password itself.
author:
  - bunnynet.cloud maintainers (@bunnynet-cloud)
options:
  name:
    description:
      - Name of the zone.
      - Without O(id), the zone is the one named exactly this. The module creates the zone when
        the account has none of that name, and fails when several have it, listing their IDs.
      - Names are unique across all of bunny.net, and the name of a deleted zone does not become
        free again; a taken name fails the create with a message that says so.
      - A zone cannot be renamed. With O(id), a different name fails.
    type: str
  region:
    description:
      - Code of the region that stores the zone's files, such as V(DE) (Falkenstein), V(UK),
        V(SE), V(NY), V(LA), V(SG), V(SYD), V(BR) or V(JH). The API knows which regions exist.
      - Required to create a zone. It can only be set when the zone is created; a zone in another
        region fails the run and says so.
    type: str
  zone_tier:
    description:
      - V(standard) stores files on disks in the main region and its replicas, V(edge) on SSDs
        close to the edge.
      - Set only when the zone is created, V(standard) when left out then; a different tier
        later fails the run and says so.
    type: str
    choices: [standard, edge]
  zone_type:
    description:
      - V(s3) makes a zone that also answers the S3-compatible API, at the endpoint the result
        names (RV(storage_zone.s3_hostname)); V(standard) one that answers the storage API only.
      - Set only when the zone is created, V(standard) when left out then; the API cannot change
        it later, so a different type fails the run and says so.
      - The S3 API takes the zone's name as the access key ID and its password as the secret
        access key; O(return_passwords=true) returns the password for a tool that needs it.
    type: str
    choices: [standard, s3]
  replication_regions:
    description:
      - Codes of the regions the zone's files are copied to, besides O(region). Order does not
        matter.
      - Regions can be added to a zone but never removed. A list without a region the zone already
        has fails before any write, naming the region.
      - The main region cannot be one of them.
    type: list
    elements: str
  rotate_password:
    description:
      - Have the API make a new password for the zone, on this run. The storage API, FTP and the S3
        API refuse the old one at once, so hand the new one on in the same play (see the collection's
        docs/keys-and-certificates.md); M(bunnynet.cloud.storage_sync) reads the password itself.
      - A rotation happens only when asked; every run with V(true) rotates again.
      - The new password is returned under RV(secrets.password).
    type: bool
    default: false
  rotate_read_only_password:
    description:
      - Have the API make a new read-only password for the zone, on this run, returned under
        RV(secrets.read_only_password). Every run with V(true) rotates again.
    type: bool
    default: false
  return_passwords:
    description:
      - Return the zone's password and read-only password under RV(secrets), for a tool that uploads
        or reads files with them (an S3 client takes the password as its secret access key).
      - The task's whole result is then hidden from output, as C(no_log) hides it; only what the task
        registers holds them. RV(storage_zone.password) and RV(storage_zone.read_only_password) stay masked.
    type: bool
    default: false
  custom_404_file_path:
    description:
      - Path of a file of the zone served instead of the API's own page when a file is missing,
        such as V(/404.html).
    type: str
  rewrite_404_to_200:
    description:
      - Whether a missing file is answered with status 200 instead of 404 (single-page
        applications route in the browser).
    type: bool
extends_documentation_fragment:
  - bunnynet.cloud.api
  - bunnynet.cloud.resource
  - bunnynet.cloud.attributes
attributes:
  check_mode:
    support: full
    details:
      - A zone the module would create is predicted with the options given, the values a new zone
        has for the others, and V(null) for what only the API knows (its ID, passwords and hosts).
  diff_mode:
    support: full
  idempotent:
    support: full
notes:
  - Deleting a zone (O(state=absent)) deletes every file it holds.
  - The zone's password and read-only password are secrets. They are masked in results, diffs and
    failures, and kept out of the output at any verbosity. M(bunnynet.cloud.storage_sync) reads
    them from the API itself. They are returned under RV(secrets) only when a task rotates one or
    asks for them, and the task's result is then hidden from output.
seealso:
  - module: bunnynet.cloud.storage_zone_info
  - module: bunnynet.cloud.storage_sync
  - module: bunnynet.cloud.pullzone
"""

EXAMPLES = r"""
- name: Keep a website's files in Falkenstein, copied to New York
  bunnynet.cloud.storage_zone:
    name: example-site-files
    region: DE
    replication_regions: [NY]
    custom_404_file_path: /404.html
  register: site_files

- name: Serve the zone's files through a pull zone
  bunnynet.cloud.pullzone:
    name: example-site
    origin_type: storage_zone
    storage_zone_id: "{{ site_files.storage_zone.id }}"

- name: Answer every missing path of a single-page application with its index
  bunnynet.cloud.storage_zone:
    name: example-app-files
    region: DE
    custom_404_file_path: /index.html
    rewrite_404_to_200: true

- name: Keep backups in a zone that S3 tools can reach
  bunnynet.cloud.storage_zone:
    name: example-backups
    region: DE
    zone_type: s3
  register: backups

- name: Show the S3 endpoint and the bucket's name
  ansible.builtin.debug:
    msg: "s3://{{ backups.storage_zone.name }} at https://{{ backups.storage_zone.s3_hostname }}"

- name: Give the backup tool the zone's S3 credentials
  bunnynet.cloud.storage_zone:
    name: example-backups
    return_passwords: true
  register: backup_credentials

- name: Write the backup tool's S3 credentials, readable by its user only
  ansible.builtin.copy:
    dest: "{{ playbook_dir }}/backup-s3.env"
    content: |
      AWS_ACCESS_KEY_ID={{ backup_credentials.storage_zone.name }}
      AWS_SECRET_ACCESS_KEY={{ backup_credentials.secrets.password }}
      AWS_ENDPOINT_URL=https://{{ backup_credentials.storage_zone.s3_hostname }}
    mode: "0600"
  no_log: true

- name: Rotate the zone's password when asked to (ansible-playbook ... -e rotate_keys=true)
  bunnynet.cloud.storage_zone:
    name: example-backups
    rotate_password: true
  register: rotated_backup_password
  when: rotate_keys | default(false) | bool

- name: Delete a zone and every file it holds
  bunnynet.cloud.storage_zone:
    name: example-old-files
    state: absent
"""

RETURN = r"""
secrets:
  description:
    - The zone's C(password) and C(read_only_password), when O(return_passwords) asks for them or a
      rotation made a new one; after a rotation, the new ones. V(null) in check mode for a password
      the API has yet to make.
    - The task's result is hidden from output when it holds them.
  returned: when asked for, or rotated
  type: dict
  sample:
    password: 5b0c2a9e-1f3d-4c8b-9a7e-2d4f6b8c0e1a-8e7d6c5b4a392
    read_only_password: 0e1a2b3c-4d5e-4f60-8172-93a4b5c6d7e8-1f2e3d4c5b6a7
  contains:
    password:
      description: The zone's password, which the storage API, FTP and the S3 API take.
      type: str
    read_only_password:
      description: The zone's read-only password.
      type: str
rotated:
  description: The passwords the run rotated (or, in check mode, would rotate); a diff shows them masked on both sides.
  returned: when a password was rotated
  type: list
  elements: str
  sample: [password]
storage_zone:
  description:
    - The zone in snake_case, every property the API reads back, after the changes; the
      prediction in check mode. V(null) once deleted.
    - O(zone_tier) appears by the names the option takes.
    - The passwords are masked.
  returned: success
  type: dict
  contains:
    id:
      description: ID of the zone; V(null) for a zone check mode predicts.
      type: int
      sample: 4321
    name:
      description: Name of the zone.
      type: str
      sample: example-site-files
    region:
      description: The main region.
      type: str
      sample: DE
    replication_regions:
      description: The regions the files are copied to.
      type: list
      elements: str
      sample: [NY]
    zone_tier:
      description: V(standard) or V(edge).
      type: str
      sample: standard
    storage_hostname:
      description: Host of the storage API for this zone's files.
      type: str
      sample: storage.bunnycdn.com
    storage_zone_type:
      description: V(standard), or V(s3) for a zone that also answers the S3-compatible API (O(zone_type)).
      type: str
      sample: s3
    s3_hostname:
      description:
        - Host of the S3-compatible endpoint of a V(s3) zone (C(https://<host>)), where the bucket
          is the zone's name; V(null) for a zone check mode predicts.
      type: str
      sample: de-s3.storage.bunnycdn.com
    custom_404_file_path:
      description: File served when a file is missing.
      type: str
      sample: /404.html
    rewrite_404_to_200:
      description: Whether a missing file is answered with status 200.
      type: bool
      sample: false
    files_stored:
      description: How many files the zone holds.
      type: int
      sample: 120
    storage_used:
      description: Bytes the zone's files take.
      type: int
      sample: 5242880
    pull_zones:
      description: The pull zones whose origin the zone is, as M(bunnynet.cloud.pullzone_info) returns them.
      type: list
      elements: dict
    password:
      description: Always masked.
      type: str
      sample: "********"
    read_only_password:
      description: Always masked.
      type: str
      sample: "********"
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.module import BunnyModule
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import apply
from ansible_collections.bunnynet.cloud.plugins.module_utils.storage.zones import PASSWORD_OPTIONS, REGION_RULE, STORAGE_ZONE, describe_error, plan_passwords


def manage_zone(module):
    apply(module, plan_passwords(module, STORAGE_ZONE.plan(module, STORAGE_ZONE.desired(module.params))))


def main():
    module = BunnyModule(
        argument_spec=STORAGE_ZONE.argument_spec(**PASSWORD_OPTIONS),
        result_key=STORAGE_ZONE.result_key,
        rules=(
            ("id", dict(minimum=1)),
            ("name", dict(min_length=1)),
            ("region", REGION_RULE),
            ("replication_regions[]", REGION_RULE),
        ),
        secret_keys=STORAGE_ZONE.secret_keys,
        **STORAGE_ZONE.module_kwargs()
    )
    module.run(manage_zone, describe_error=describe_error)


if __name__ == "__main__":
    main()
