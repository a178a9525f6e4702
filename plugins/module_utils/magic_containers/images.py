# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""Magic Containers images: references, and what the registries are asked about them.

An image is named by its parts (registry, namespace, name, tag, digest) and by the full reference
they make, ``[<registry host>/]<namespace>/<name>:<tag>[@<digest>]``. The host of a registry and
the digest a tag resolves to are looked up once per run, when first needed, in check mode too.
"""

import re

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.paths import REGISTRY_DIGEST_PATH
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.patterns import (
    IMAGE_DIGEST_PATTERN,
    IMAGE_NAME_PATTERN,
    IMAGE_TAG_PATTERN,
)
from ansible_collections.bunnynet.cloud.plugins.module_utils.magic_containers.registries import REGISTRY

IMAGE_FORMAT = "[<registry host>/]<namespace>/<name>:<tag>[@<digest>]"


def parse_image(image):
    """The parts of a full image reference, ``[<registry host>/]<namespace>/<name>:<tag>[@<digest>]``.

    The first path segment is a registry host when it holds a dot or a colon or is ``localhost``
    (the convention container tools use); the last segment is the name and the segments between
    them the namespace. Raises ValueError saying which part is missing or malformed.
    """
    reference, at_sign, digest = image.partition("@")
    path, colon, tag = reference.rpartition(":")
    if not colon or "/" in tag:
        raise ValueError("no :<tag>")
    segments = path.split("/")
    host = None
    if len(segments) > 1 and ("." in segments[0] or ":" in segments[0] or segments[0] == "localhost"):
        host = segments.pop(0)
    if len(segments) < 2:
        raise ValueError("no <namespace>/ before the name")
    parts = dict(host=host, namespace="/".join(segments[:-1]), name=segments[-1], tag=tag, digest=digest if at_sign else None)
    for part, pattern in (("namespace", IMAGE_NAME_PATTERN), ("name", IMAGE_NAME_PATTERN), ("tag", IMAGE_TAG_PATTERN)):
        if not _whole_match(pattern, parts[part]):
            raise ValueError("the %s %r is not letters and digits joined by . / _ -" % (part, parts[part]))
    if at_sign and not _whole_match(IMAGE_DIGEST_PATTERN, digest):
        raise ValueError("the digest %r is not 'sha256:' and 64 lowercase letters or digits" % digest)
    return parts


def image_reference(host, template):
    """The full image reference of a template's parts: what the modules send and predict as ``image``."""
    reference = "%s/%s:%s" % (template["imageNamespace"], template["imageName"], template["imageTag"])
    if host:
        reference = "%s/%s" % (host, reference)
    if template.get("imageDigest"):
        reference = "%s@%s" % (reference, template["imageDigest"])
    return reference


def _whole_match(pattern, value):
    return re.match("(?:%s)\\Z" % pattern, value) is not None


def image_host_problems(options, predicted, registry_hosts, prefix=""):
    """An ``image`` whose registry host is not the host of the template's registry."""
    image = options.get("image")
    host = parse_image(image)["host"] if image else None
    if not host or not predicted.get("imageRegistryId"):
        return []
    registry_host = registry_hosts(predicted["imageRegistryId"])
    if host == registry_host:
        return []
    return ["%simage names the registry host %s, but image_registry_id %s is the registry at %s; give the "
            "image_registry_id of the %s registry" % (prefix, host, predicted["imageRegistryId"], registry_host or "no host", host)]


class RegistryHosts:
    """The host name of each container registry, read once (the registry's own read) when first needed."""

    def __init__(self, client):
        self.client = client
        self.hosts = {}

    def __call__(self, registry_id):
        if registry_id not in self.hosts:
            registry = REGISTRY.read(self.client, registry_id) or {}
            self.hosts[registry_id] = registry.get("hostName") or ""
        return self.hosts[registry_id]


class ImageDigests:
    """The digest each image tag resolves to (POST /mc/registries/digest), asked once per tag and run.

    The lookup reads, although it is a POST: it is made in check mode too, and does not count as
    a change when the run fails later.
    """

    def __init__(self, client):
        self.client = client
        self.digests = {}

    def __call__(self, registry_id, namespace, name, tag):
        reference = (registry_id, namespace, name, tag)
        if reference not in self.digests:
            answer = self.client.request("POST", REGISTRY_DIGEST_PATH, reads=True, json=dict(
                registryId=registry_id, imageNamespace=namespace, imageName=name, tag=tag)) or {}
            if not answer.get("digest"):
                # Pinning nothing would unpin the image: refuse rather than guess.
                raise BunnyApiError("POST", REGISTRY_DIGEST_PATH, 200, answer, reason="the answer names no digest for %s/%s:%s" % (
                    namespace, name, tag))
            self.digests[reference] = answer["digest"]
        return self.digests[reference]


def image_lookups(client):
    """``(registry_hosts, image_digests)`` of one run: what the merges of its templates read through."""
    return RegistryHosts(client), ImageDigests(client)
