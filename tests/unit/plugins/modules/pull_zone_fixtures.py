"""Pull zones and video libraries in the API's read shape, and helpers to read them back past the modules."""

import requests
from ansible.module_utils.common.dict_transformations import camel_dict_to_snake_dict

ZONE_ID = 10
OTHER_ZONE_ID = 11
LIBRARY_ID = 20
REDIRECT_GUID = "8d6a1b52-7f0e-4d3a-9a53-4b9a8e0c2f11"
BLOCK_GUID = "0f3c2a1e-9b7d-4c5e-8a6f-1d2e3f4a5b6c"
# Hostname fields of the read that results leave out: certificate material, and how it was made.
CERTIFICATE_DETAILS = ("certificate", "certificate_key", "certificate_key_type", "certificate_provision_type")


def assets_zone(**fields):
    """Zone 10: its system hostname, a managed one, one plain custom hostname and one with HTTPS forced."""
    zone = {
        "Id": ZONE_ID,
        "Name": "assets",
        "Hostnames": [
            {"Value": "assets.b-cdn.net", "IsSystemHostname": True, "HasCertificate": True},
            {"Value": "edge.example.net", "IsManagedHostname": True, "HasCertificate": True},
            {"Value": "cdn.example.com"},
            {"Value": "secure.example.com", "ForceSSL": True, "HasCertificate": True},
        ],
        "AllowedReferrers": ["example.com"],
        "BlockedReferrers": ["bad.example"],
        "EdgeRules": [
            {"Guid": REDIRECT_GUID, "Description": "Maintenance redirect", "ActionType": 1, "ActionParameter1": "https://status.example.com", "Enabled": True},
            {"Guid": BLOCK_GUID, "Description": "Block admin", "ActionType": 4, "Enabled": False},
        ],
    }
    zone.update(fields)
    return zone


def media_zone():
    return {"Id": OTHER_ZONE_ID, "Name": "media", "Hostnames": [{"Value": "media.example.com"}]}


def lessons_library():
    return {"Id": LIBRARY_ID, "Name": "lessons", "AllowedReferrers": ["courses.example.com"], "BlockedReferrers": ["copycat.example.net"]}


def read(simulator, path, **query):
    """A record as the simulator holds it, read directly so that the module under test proves nothing."""
    response = requests.get(simulator.url + path, headers={"AccessKey": simulator.key}, params=query, timeout=10)
    response.raise_for_status()
    return response.json()


def read_zone(simulator, zone_id=ZONE_ID, **query):
    return read(simulator, "/pullzone/%s" % zone_id, **query)


def read_back_hostnames(simulator, zone_id=ZONE_ID):
    """The zone's hostnames in snake_case without the certificate details results leave out."""
    return [
        {key: value for key, value in camel_dict_to_snake_dict(hostname).items() if key not in CERTIFICATE_DETAILS}
        for hostname in read_zone(simulator, zone_id)["Hostnames"]
    ]


def hostname_values(simulator, zone_id=ZONE_ID):
    return [hostname["Value"] for hostname in read_zone(simulator, zone_id)["Hostnames"]]


def writes(simulator):
    """``(method, path, body)`` of every write the simulator received, oldest first."""
    return [(entry["method"], entry["path"], entry["body"]) for entry in simulator.writes()]


def requests_sent(simulator):
    return [(entry["method"], entry["path"]) for entry in simulator.requests()]
