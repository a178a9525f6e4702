# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The custom response pages of a Shield zone (block, challenge, rate limit): items of the zone, declared on items.py.

A page is the HTML a visitor sees when Shield blocks, challenges or rate-limits a request. Each
type has a path of its own (``custom-page/{pageType}``): a ``GET`` returns the page's HTML as text
(404 when the zone has none of that type), a ``PUT`` sets it, a ``DELETE`` removes it. The
vendor's document gives the ``PUT`` no request body; the Terraform provider for bunny.net, the one
client known to work against it, sends the page's HTML itself as the body, and so does this
collection (``PageWrite``). The page types are the provider's: ``block``, ``challenge`` and
``ratelimit``. A plan without custom pages answers reads with ``feature_not_available_on_plan``,
which the provider reads as no page; so does this file. The zone is read first, so that a zone
that does not exist is told from a page that does not.
"""

from contextlib import contextmanager

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.items import ItemField, Items
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.plan import Write
from ansible_collections.bunnynet.cloud.plugins.module_utils.shield.zones import SHIELD_ZONE

PAGE_PATH = "/shield/shield-zone/{zone_id}/custom-page/{page_type}"
# The option's names for the page types, and the types as the API's paths spell them.
PAGE_TYPES = {"block": "block", "challenge": "challenge", "rate_limit": "ratelimit"}
# What the API answers a zone whose plan has no custom pages with.
NOT_IN_PLAN = "feature_not_available_on_plan"
# The media type the provider sends a page with (its client sends every body so); the API reads the body as it is.
PAGE_MEDIA_TYPE = "application/json"


@contextmanager
def raw_body(client, media_type):
    """Send the text a write gives as ``json`` as the request's body itself, with ``media_type``.

    The client sends every body as JSON; a page is HTML. This narrow piece swaps the session's
    ``request`` for the writes of one page (reads, which have no body, pass through), so that
    retries, timeouts and error handling stay the client's. An engine change would remove it: a
    ``Write`` whose body is text, sent by ``BunnyClient.request(data=..., content_type=...)``.
    """
    session = client.session
    send = session.request
    patched_before = "request" in vars(session)

    def request(method, url, json=None, **kwargs):
        if isinstance(json, str):
            headers = dict(kwargs.pop("headers", None) or {}, **{"Content-Type": media_type})
            return send(method, url, data=json.encode("utf-8"), headers=headers, **kwargs)
        return send(method, url, json=json, **kwargs)

    session.request = request
    try:
        yield
    finally:
        if patched_before:
            session.request = send
        else:
            del session.request


class PageWrite(Write):
    """The ``PUT`` of a page: its body is the page's HTML, as it is."""

    def send(self, module):
        with raw_body(module.client, PAGE_MEDIA_TYPE):
            return super().send(module)


def page_path(zone_id, page):
    return build_path(PAGE_PATH, zone_id=zone_id, page_type=PAGE_TYPES[page])


def read_pages(client, zone_id, _zone=None):
    """The zone's pages, ``{"page": name, "content": HTML}``, in the order of PAGE_TYPES."""
    pages = []
    for page in PAGE_TYPES:
        try:
            content = client.get(page_path(zone_id, page))
        except BunnyApiError as error:
            # The zone itself was read first (converge_items): a 404 here is a page the zone does not have.
            if error.status == 404 or error.error_key == NOT_IN_PLAN:
                continue
            raise
        pages.append({"page": page, "content": content if isinstance(content, str) else str(content)})
    return pages


def put_page(change):
    confirm = change.added if change.adding else change.holding
    return PageWrite("PUT", page_path(change.parent_id, change.key), change.after["content"], confirm=confirm)


def remove_page(change):
    return Write("DELETE", page_path(change.parent_id, change.key), confirm=change.gone)


CUSTOM_PAGES = Items(
    noun="custom page", parent=SHIELD_ZONE, parent_option="shield_zone_id", key=lambda page: page.get("page"),
    # read_pages gives each page in the options' terms already.
    fields=(ItemField("page", "page", key=True, choices=PAGE_TYPES), ItemField("content", "content")),
    read=read_pages, add=put_page, change=put_page, remove=remove_page,
)
