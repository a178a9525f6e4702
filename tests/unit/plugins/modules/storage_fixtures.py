"""Storage zones in the API's read shape, and helpers that read them and their files past the modules."""

import hashlib
from urllib.parse import quote

import requests

ZONE_ID = 30
PASSWORD = "zone-password-LEAKCANARY-30"
READ_ONLY_PASSWORD = "zone-read-only-LEAKCANARY-30"
# What only the API knows of a new zone, apart from its id.
SERVER_FIELDS = ["id", "user_id", "password", "read_only_password", "date_modified", "storage_hostname", "s3_hostname", "price_override", "discount"]


def site_zone(**fields):
    """Zone 30, "site", in Falkenstein with a copy in New York."""
    zone = {"Id": ZONE_ID, "Name": "site", "Region": "DE", "ReplicationRegions": ["NY"], "Password": PASSWORD, "ReadOnlyPassword": READ_ONLY_PASSWORD}
    zone.update(fields)
    return zone


def read(simulator, path):
    response = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, timeout=10)
    response.raise_for_status()
    return response.json()


def stored_files(simulator, zone_name="site", password=PASSWORD, directory=""):
    """Every file under a directory of the zone, by path, with its content, read through the file API."""
    found = {}
    base = simulator.url + "/storage/" + zone_name + "/"
    listing = requests.get(base + quote(directory), headers={"AccessKey": password}, timeout=10).json()
    for entry in listing:
        path = directory + entry["ObjectName"]
        if entry["IsDirectory"]:
            found.update(stored_files(simulator, zone_name, password, path + "/"))
        else:
            found[path] = requests.get(base + quote(path), headers={"AccessKey": password}, timeout=10).content
    return found


def sha256(data):
    return hashlib.sha256(data).hexdigest().upper()


def write_tree(root, files):
    """Write files (relative path to bytes or text) under root; return root as a string."""
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return str(root)
