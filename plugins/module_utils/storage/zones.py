# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Storage zones on the resource engine, and the edge storage API that storage_sync talks to.

A storage zone's region and tier are chosen when it is created and cannot change; replication
regions can be added later but never removed (the API refuses it). The add model and the update
model do not take the same properties (the add model has no 404 settings, the update model no
region or tier) and spell the replication regions differently (``ReplicationRegions`` to add,
``ReplicationZones`` to update), so a create with 404 settings is an add and then an update.

The zone's password is the key of its files: the storage API, on a host of the zone's region,
takes it in the ``AccessKey`` header. storage_sync reads it from the zone through the management
API, so that no user has to copy it, and keeps it out of every output.
"""

import fnmatch
import hashlib
import os
import queue
import threading
from concurrent.futures import ThreadPoolExecutor, as_completed
from urllib.parse import quote

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import SAFE_METHODS, BunnyApiError, BunnyClient
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.key_rotation import RETURN_OPTION, ROTATE_OPTION, hand_over, rotate
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Failure, Plan
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.regions import STORAGE_REGIONS, unknown_code_problems
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes, name_taken
from ansible_collections.bunnynet.cloud.plugins.module_utils.pull_zones.zones import SECRET_KEYS as PULL_ZONE_SECRET_KEYS

try:
    import requests
    from urllib3.exceptions import MaxRetryError
except ImportError:  # module.py fails the run with missing_required_lib("requests")
    pass

ZONE_TIERS = {"standard": 0, "edge": 1}
# The vendor's StorageZoneS3Type: whether the zone also answers the S3-compatible API (chosen at creation only).
ZONE_TYPES = {"standard": 0, "s3": 1}
# Region codes as the API spells them (DE, NY, SYD, ...); the API knows which exist, and the list
# grows, so the module checks their form and leaves the list to the API.
REGION_RULE = dict(pattern=r"[A-Z]{2,4}", pattern_hint="a region code in capitals such as DE, NY or SYD")
# The file API's host for each region whose host is not <region>.storage.bunnycdn.com.
REGION_HOSTS = {"DE": "storage.bunnycdn.com"}
# The passwords open the zone's files; the pull zones a zone lists carry their own secrets.
SECRET_KEYS = ("password", "read_only_password") + PULL_ZONE_SECRET_KEYS
# What only the API knows of a new zone.
SERVER_FIELDS = ("id", "user_id", "password", "read_only_password", "date_modified", "storage_hostname", "s3_hostname",
                 "price_override", "discount")
# What a new zone reads back with, apart from the server's fields and what the options set.
NEW_ZONE = {
    "Id": None,
    "Deleted": False,
    "StorageUsed": 0,
    "FilesStored": 0,
    "ReplicationRegions": [],
    "PullZones": [],
    "Rewrite404To200": False,
    "Custom404FilePath": None,
    "ZoneTier": ZONE_TIERS["standard"],
    "ReplicationChangeInProgress": False,
    "StorageZoneType": ZONE_TYPES["standard"],
}
# Properties the add model takes, by the name the add model gives them.
ADD_NAMES = {"Name": "Name", "Region": "Region", "ZoneTier": "ZoneTier", "StorageZoneType": "StorageZoneType",
             "ReplicationZones": "ReplicationRegions"}

FIELDS = (
    Field("region", "Region", create_only=True),
    Field("zone_tier", "ZoneTier", names=ZONE_TIERS, create_only=True),
    Field("zone_type", "StorageZoneType", names=ZONE_TYPES, create_only=True),
    Field("replication_regions", "ReplicationZones", type="list", elements="str", read_as="ReplicationRegions"),
    Field("custom_404_file_path", "Custom404FilePath"),
    Field("rewrite_404_to_200", "Rewrite404To200", type="bool"),
)


def zone_problems(current, desired):
    """Replication regions the zone would lose, or that repeat its main region: the API keeps neither."""
    problems = []
    wanted = desired.get("ReplicationZones")
    if wanted is None:
        return problems
    region = desired.get("Region", (current or {}).get("Region"))
    if region in wanted:
        problems.append("replication_regions cannot include %s, the zone's main region" % region)
    if current is not None:
        lost = [region for region in current.get("ReplicationRegions") or [] if region not in wanted]
        if lost:
            problems.append("replication_regions cannot lose %s: the API adds replication regions to a storage zone "
                            "but never removes them; list every region the zone has, or delete the zone and create "
                            "it again" % ", ".join(lost))
    return problems


# snake_case makes Rewrite404To200 "rewrite404_to200"; results use the options' spelling.
RESULT_NAMES = {"rewrite404_to200": "rewrite_404_to_200", "custom404_file_path": "custom_404_file_path"}


class StorageZoneResource(Resource):
    """The engine's resource, with results in the options' spelling of the 404 settings, and the
    regions a write would give the zone checked against the storage regions the API lists."""

    def plan(self, module, desired):
        plan = super().plan(module, desired)
        current = plan.record or {}
        new = [("region", [desired["Region"]])] if "Region" in desired and not current else []
        added = [region for region in desired.get("ReplicationZones") or [] if region not in (current.get("ReplicationRegions") or [])]
        new += [("replication_regions", added)] if added else []
        if plan.writes and not plan.problems and new:
            offered = STORAGE_REGIONS.regions(module.client)
            for option, codes in new:
                plan.problems.extend(unknown_code_problems(option, codes, offered, "storage"))
        return plan

    def project(self, record):
        projected = super().project(record)
        if projected is None:
            return None
        return {RESULT_NAMES.get(key, key): value for key, value in projected.items()}


STORAGE_ZONE = StorageZoneResource(
    noun="storage zone",
    result_key="storage_zone",
    key=Field("name", "Name", create_only=True),
    fields=FIELDS,
    paths=Paths("/storagezone", "/storagezone/{id}"),
    record=Record(server_fields=SERVER_FIELDS, secret_keys=SECRET_KEYS, new_record=NEW_ZONE),
    writes=Writes(create_names=ADD_NAMES, create_requires=("region",)),
    problems=zone_problems,
)


# --- The passwords: rotated, or returned on request ---------------------------------------------------

# Switches, not secrets: no_log=False says so to Ansible, which warns of options named like passwords.
PASSWORD_OPTIONS = dict(rotate_password=dict(ROTATE_OPTION, no_log=False), rotate_read_only_password=dict(ROTATE_OPTION, no_log=False),
                        return_passwords=dict(RETURN_OPTION, no_log=False))
# Each password by its name under the result's secrets, its API name, and the reset that makes a new one.
PASSWORDS = (
    ("password", "Password", lambda record: ("POST", STORAGE_ZONE.path(record["Id"]) + "/resetPassword", None, None)),
    ("read_only_password", "ReadOnlyPassword", lambda record: ("POST", "/storagezone/resetReadOnlyPassword", None, {"id": record["Id"]})),
)


def plan_passwords(module, plan):
    """Add to the zone's plan the resets asked for, and the passwords under the result's ``secrets``
    when one was reset or the task asked for them."""
    params = module.params
    if params["state"] == "absent" or plan.problems:
        return plan
    for name, api, request in PASSWORDS:
        if params["rotate_" + name]:
            rotate(module, plan, STORAGE_ZONE, name, api, request)
    if plan.result.get("rotated") or params["return_passwords"]:
        hand_over(module, plan, STORAGE_ZONE, {name: api for name, api, _request in PASSWORDS})
    return plan


def describe_error(error):
    """A taken name in words: a name is unique across bunny.net, and a deleted zone keeps its name."""
    if name_taken(error, STORAGE_ZONE):
        return ("%s The name of a storage zone is unique across all of bunny.net, and a deleted zone's name is not "
                "free again; choose another name." % str(error))
    return None


# --- The file API ------------------------------------------------------------------------------


def storage_url_of(zone):
    """The file API's address for the zone: the host the zone names, else its region's."""
    host = zone.get("StorageHostname")
    if not host:
        region = zone.get("Region") or "DE"
        host = REGION_HOSTS.get(region, "%s.storage.bunnycdn.com" % region.lower())
    return "https://%s" % host


def object_path(*parts):
    """The URL path of an object: every segment quoted on its own, so names keep their slashes' meaning."""
    segments = [segment for part in parts for segment in part.split("/") if segment]
    return "/" + "/".join(quote(segment, safe="") for segment in segments)


class StorageClient(BunnyClient):
    """The client for the edge storage API: the zone's password as the key, raw bodies, and headers of its own.

    The management client sends JSON and resends only reads after a gateway error or a lost
    connection. A file's PUT and DELETE are idempotent (the same bytes to the same path, the same
    path gone), so they are resent like reads, within the same budget and backoff, 429 and its
    Retry-After included. urllib3 rewinds a file body before each new attempt.
    """

    def send(self, method, path, data=None, headers=None):
        self._adapter.max_retries = self._policy.new(total=self.retries, allowed_methods=SAFE_METHODS.union((method,)))
        try:
            response = self.session.request(method, self.api_url + path, data=data, headers=headers, timeout=self.timeout,
                                            allow_redirects=False, verify=self.validate_certs)
        except requests.exceptions.RequestException as exc:
            reason = self._transport_failure(exc)[0]
            exhausted = any(isinstance(arg, MaxRetryError) for arg in exc.args)
            attempts = self.retries + 1 if exhausted else 1
            raise BunnyApiError(method, path, attempts=attempts, reason=reason, retries_exhausted=exhausted) from None
        body = self._parse_body(response)
        attempts = len(getattr(getattr(response.raw, "retries", None), "history", ())) + 1
        if response.status_code >= 300:
            raise BunnyApiError(method, path, response.status_code, body, attempts, reason=response.reason,
                                retries_exhausted=attempts == self.retries + 1)
        return body


class StorageClients:
    """One storage client per connection, lent to one thread at a time: a session is not shared between threads."""

    def __init__(self, count, **client_options):
        self.count = count
        self._idle = queue.Queue()
        self._all = []
        for _connection in range(count):
            client = StorageClient(**client_options)
            self._all.append(client)
            self._idle.put(client)

    def run(self, work):
        client = self._idle.get()
        try:
            return work(client)
        finally:
            self._idle.put(client)

    def close(self):
        for client in self._all:
            client.session.close()


# --- What storage_sync compares ------------------------------------------------------------------

CHUNK_BYTES = 1024 * 1024


def sha256_of(path):
    """The SHA-256 of a file, upper-case hex as the API writes it, read a megabyte at a time."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(CHUNK_BYTES), b""):
            digest.update(chunk)
    return digest.hexdigest().upper()


def is_excluded(relative_path, patterns):
    """Whether a pattern excludes the path or a directory above it.

    A pattern without a slash matches any one name along the path (``.git``, ``*.map``); a pattern
    with one matches from the top of the tree (``drafts/*``, ``assets/*.psd``).
    """
    names = relative_path.split("/")
    for pattern in patterns:
        pattern = pattern.strip("/")
        if "/" in pattern:
            if any(fnmatch.fnmatchcase("/".join(names[:depth]), pattern) for depth in range(1, len(names) + 1)):
                return True
        elif any(fnmatch.fnmatchcase(name, pattern) for name in names):
            return True
    return False


class LocalFile:
    def __init__(self, path, size):
        self.path = path
        self.size = size
        self._checksum = None

    @property
    def checksum(self):
        if self._checksum is None:
            self._checksum = sha256_of(self.path)
        return self._checksum


def local_files(src, patterns):
    """Every file under ``src`` that no pattern excludes, by its path relative to ``src`` with slashes.

    Links to files are followed; links to directories are not, so a link cannot make a loop.
    """
    found = {}
    for directory, subdirectories, names in os.walk(src):
        relative_directory = os.path.relpath(directory, src).replace(os.sep, "/")
        prefix = "" if relative_directory == "." else relative_directory + "/"
        subdirectories[:] = sorted(name for name in subdirectories if not is_excluded(prefix + name, patterns))
        for name in sorted(names):
            path = os.path.join(directory, name)
            if is_excluded(prefix + name, patterns) or not os.path.isfile(path):
                continue
            found[prefix + name] = LocalFile(path, os.path.getsize(path))
    return found


class RemoteTree:
    """What a path of the zone holds: its files (size and checksum), its directories, and what the patterns keep out."""

    def __init__(self):
        self.files = {}
        self.directories = []
        self.excluded = []


def remote_tree(clients, zone_name, dest, patterns):
    """List ``dest`` and every directory under it, a level at a time, one request per directory in parallel."""
    tree = RemoteTree()
    level = [""]
    with ThreadPoolExecutor(max_workers=clients.count) as pool:
        while level:
            listings = pool.map(lambda directory: (directory, clients.run(
                lambda client: client.get(object_path(zone_name, dest, directory) + "/") or [])), level)
            level = []
            for directory, listing in listings:
                for entry in listing:
                    relative = (directory + "/" if directory else "") + entry["ObjectName"]
                    if is_excluded(relative, patterns):
                        tree.excluded.append(relative)
                    elif entry.get("IsDirectory"):
                        tree.directories.append(relative)
                        level.append(relative)
                    else:
                        tree.files[relative] = (entry.get("Length"), entry.get("Checksum"))
    return tree


class SyncPlan:
    """What makes the zone's path hold exactly the local files: uploads, deletes, and what already matches."""

    def __init__(self, local, tree, delete):
        self.local = local
        self.tree = tree
        self.uploads = []
        self.unchanged = 0
        for relative in sorted(local):
            size, checksum = tree.files.get(relative, (None, None))
            # A listing without a checksum (files stored before the API kept one) cannot prove the
            # content is the same: the file is uploaded once, with its checksum, and compares from then on.
            if size == local[relative].size and checksum and checksum.upper() == local[relative].checksum:
                self.unchanged += 1
            else:
                self.uploads.append(relative)
        self.deletes = sorted(relative for relative in tree.files if relative not in local) if delete else []
        self.whole_directories = self._whole_directories() if delete else []

    def _whole_directories(self):
        """The highest directories with files to delete and nothing to keep: one request deletes each with all it holds.

        Directories that hold no file at all are left as they are: they are not files to sync.
        """
        kept = list(self.local) + self.tree.excluded
        whole = []
        for directory in sorted(self.tree.directories):
            inside = directory + "/"
            if any(directory.startswith(parent + "/") for parent in whole):
                continue
            if any(path.startswith(inside) for path in self.deletes) and not any(path.startswith(inside) for path in kept):
                whole.append(directory)
        return whole

    def delete_requests(self):
        """The paths to delete: whole directories (with a trailing slash) and the files outside them."""
        covered = tuple(directory + "/" for directory in self.whole_directories)
        return [directory + "/" for directory in self.whole_directories] + [
            relative for relative in self.deletes if not relative.startswith(covered)]

    @property
    def bytes_to_send(self):
        return sum(self.local[relative].size for relative in self.uploads)

    def diff(self):
        """Before and after of the files that change, each as its size and checksum."""
        before, after = {}, {}
        for relative in self.uploads + self.deletes:
            if relative in self.tree.files:
                size, checksum = self.tree.files[relative]
                before[relative] = describe(size, checksum)
        for relative in self.uploads:
            after[relative] = describe(self.local[relative].size, self.local[relative].checksum)
        return {"files": before}, {"files": after}


def describe(size, checksum):
    return "%s bytes, SHA-256 %s" % (size, checksum.upper() if checksum else "unknown")


class Transfer:
    """Runs a plan's uploads, then its deletes, in parallel; remembers what was done when it stops part-way."""

    def __init__(self, clients, zone_name, dest, plan):
        self.clients = clients
        self.zone_name = zone_name
        self.dest = dest
        self.plan = plan
        self.uploaded = []
        self.deleted = []
        self.bytes_sent = 0
        self.failures = {}
        self._stopped = threading.Event()

    def upload_all(self):
        return self._run(self.plan.uploads, self._upload, self._uploaded)

    def delete_all(self):
        return self._run(self.plan.delete_requests(), self._delete, self._deleted)

    def _run(self, items, act, done):
        """Act on every item; after the first failure no item starts (those under way finish). True when all succeeded."""
        with ThreadPoolExecutor(max_workers=self.clients.count) as pool:
            futures = {pool.submit(self.clients.run, lambda client, item=item: self._attempt(act, client, item)): item for item in items}
            for future in as_completed(futures):
                item = futures[future]
                try:
                    started = future.result()
                except (BunnyApiError, OSError) as error:
                    self.failures[item] = str(error)
                else:
                    if started:
                        done(item)
        return not self.failures

    def _attempt(self, act, client, item):
        # Set in the worker that failed, so that no other worker starts another item after it.
        if self._stopped.is_set():
            return False
        try:
            act(client, item)
        except Exception:
            self._stopped.set()
            raise
        return True

    def _upload(self, client, relative):
        local = self.plan.local[relative]
        headers = {"Checksum": local.checksum, "Content-Type": "application/octet-stream"}
        with open(local.path, "rb") as handle:
            client.send("PUT", object_path(self.zone_name, self.dest, relative), data=handle, headers=headers)

    def _uploaded(self, relative):
        self.uploaded.append(relative)
        self.bytes_sent += self.plan.local[relative].size

    def _delete(self, client, target):
        path = object_path(self.zone_name, self.dest, target) + ("/" if target.endswith("/") else "")
        try:
            client.send("DELETE", path)
        except BunnyApiError as error:
            # Gone already: deleted by an attempt whose answer was lost, or by someone else meanwhile.
            if error.status != 404:
                raise

    def _deleted(self, target):
        if target.endswith("/"):
            self.deleted.extend(relative for relative in self.plan.deletes if relative.startswith(target))
        else:
            self.deleted.append(target)

    def not_uploaded(self):
        return sorted(set(self.plan.uploads) - set(self.uploaded))


def transfer_plan(sync_plan, transfer):
    """The sync as a plan: the files' diff, and one step that runs the transfer in parallel on the storage API's own clients."""
    before, after = sync_plan.diff()
    plan = Plan(before=before, after=after, changed=bool(sync_plan.uploads or sync_plan.deletes),
                result=dict(uploaded=sorted(sync_plan.uploads), deleted=sorted(sync_plan.deletes), unchanged=sync_plan.unchanged,
                            bytes_sent=sync_plan.bytes_to_send))
    if plan.changed:
        plan.add(TransferStep(sync_plan, transfer, plan))
    return plan


class TransferStep:
    """The uploads, then the deletes, of a sync: files go to the storage API in parallel, not through module.write."""

    reads = False

    def __init__(self, sync_plan, transfer, plan):
        self.sync_plan = sync_plan
        self.transfer = transfer
        self.plan = plan

    def send(self, module):
        transfer = self.transfer
        try:
            if transfer.upload_all():
                transfer.delete_all()
        except OSError as error:
            raise Failure("A file of src could not be read: %s." % error) from None
        if transfer.uploaded or transfer.deleted:
            # The files moved on the storage API's own clients: a failure after them (a purge) still changed the zone.
            module.client.write_applied = True
        if transfer.failures:
            raise part_way(self.sync_plan, transfer)
        self.plan.changed = bool(transfer.uploaded or transfer.deleted)
        self.plan.result.update(uploaded=sorted(transfer.uploaded), deleted=sorted(transfer.deleted), bytes_sent=transfer.bytes_sent)


def part_way(plan, transfer):
    failed = ", ".join("%s (%s)" % (path, reason.rstrip(".")) for path, reason in sorted(transfer.failures.items()))
    not_uploaded = transfer.not_uploaded()
    if not_uploaded:
        msg = ("%d of %d files were uploaded before an upload failed: %s. Not uploaded: %s. No file was deleted. Running "
               "the task again uploads only the files still missing." % (
                   len(transfer.uploaded), len(plan.uploads), failed, ", ".join(not_uploaded)))
    else:
        msg = ("Every file was uploaded, but deleting failed: %s. Deleted: %s. Running the task again deletes the rest." % (
            failed, ", ".join(sorted(transfer.deleted)) or "none"))
    return Failure(msg, changed=bool(transfer.uploaded or transfer.deleted), uploaded=sorted(transfer.uploaded),
                   not_uploaded=not_uploaded, deleted=sorted(transfer.deleted), unchanged=plan.unchanged,
                   bytes_sent=transfer.bytes_sent, failures=transfer.failures)


def storage_manifest(client, zone, storage_url=None):
    """The zone's files as the storage API lists them, a directory at a time: path, size and checksum, by path.

    The zone's password (in the record the core API reads) opens its files; ``storage_url`` stands
    for the host of the zone's region where one is given (BUNNYNET_STORAGE_URL, the simulator's).
    """
    clients = StorageClients(1, api_key=zone.get("Password") or "", api_url=(storage_url or storage_url_of(zone)).rstrip("/"),
                             timeout=client.timeout, retries=client.retries, validate_certs=client.validate_certs)
    try:
        tree = remote_tree(clients, zone["Name"], "", [])
    finally:
        clients.close()
    return [{"path": path, "size": size, "checksum": checksum} for path, (size, checksum) in sorted(tree.files.items())]
