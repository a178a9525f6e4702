# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Stream API: its client, the library a module works in, and the library's collections on the engine.

Stream lives on a host of its own (``stream_api_url``, https://video.bunnycdn.com) and takes the
library's API key, never the account's. A Stream module therefore starts with reads of the core
API (the library, by ID or name, and its pull zone, whose system hostname is the library's CDN
hostname), then hands the rest of the run to a client of the Stream API that carries the library's
key: from then on ``module.client`` is that client, so that ``BunnyModule.write``, the engine's
plans and the run's record of retries and accepted writes work as for any other module. The key is
kept out of every output.

The Stream API answers errors with its StatusModel (``{success, message, statusCode}``) and pages
its lists with ``page``/``itemsPerPage`` (``items``, ``totalItems``); the client reads both.
"""

from ansible_collections.bunnynet.cloud.plugins.module_utils.core.api import BunnyApiError, BunnyClient, build_path
from ansible_collections.bunnynet.cloud.plugins.module_utils.core.resource import Field, Paths, Record, Resource, Writes
from ansible_collections.bunnynet.cloud.plugins.module_utils.stream.libraries import VIDEO_LIBRARY, cdn_hostname

try:
    import requests
except ImportError:  # module.py fails the run with missing_required_lib("requests")
    requests = None

# The options every Stream module names its library with.
LIBRARY_OPTIONS = dict(library_id=dict(type="int"), library=dict(type="str"))
LIBRARY_RULES = (("library_id", dict(minimum=1)), ("library", dict(min_length=1)))
LIBRARY_KWARGS = dict(required_one_of=[("library_id", "library")], mutually_exclusive=[("library_id", "library")])
PER_PAGE = 1000
STREAM_REFUSED = ("The Stream API refused the library's API key (HTTP 401). The module reads the key from the library "
                  "with api_key; check that stream_api_url (or BUNNYNET_STREAM_API_URL) is the Stream API of the same service.")

if requests is not None:
    class RawBodySession(requests.Session):
        """A session that sends the next request with a raw body and headers of its own (an upload), once."""

        raw = None

        def request(self, method, url, **kwargs):
            if self.raw is not None:
                kwargs.update(self.raw)
                self.raw = None
            return super().request(method, url, **kwargs)


class StreamClient(BunnyClient):
    """The client of the Stream API: the library's key, StatusModel errors, raw bodies for uploads, Stream's pages."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        headers = self.session.headers
        self.session = RawBodySession()
        self.session.headers.update(headers)
        self.session.mount("https://", self._adapter)
        self.session.mount("http://", self._adapter)

    def request(self, method, path, params=None, json=None, retries=None, reads=False):
        try:
            return super().request(method, path, params=params, json=json, retries=retries, reads=reads)
        except BunnyApiError as error:
            raise with_status_message(error) from None

    def send_raw(self, method, path, data, headers=None, params=None, retries=None):
        """A request whose body is ``data`` (a file, streamed), with ``headers``; retried and parsed like any other."""
        self.session.raw = dict(data=data, headers=headers or {})
        try:
            return self.request(method, path, params=params, retries=retries)
        finally:
            self.session.raw = None

    def paginate_stream(self, path, params=None):
        """Every item of a Stream list, page after page, until a page holds the last one."""
        query = dict(params or {})
        query["itemsPerPage"] = PER_PAGE
        page = 1
        while True:
            query["page"] = page
            body = self.get(path, params=query) or {}
            items = body.get("items") or []
            yield from items
            if not items or page * PER_PAGE >= (body.get("totalItems") or 0):
                return
            page += 1


def with_status_message(error):
    """The error with the message of Stream's StatusModel, which the client's error shapes do not know."""
    body = error.body
    if error.message or not isinstance(body, dict) or not body.get("message"):
        return error
    return BunnyApiError(error.method, error.path, error.status, body, error.attempts, reason=body["message"],
                         outcome_unknown=error.outcome_unknown, retries_exhausted=error.retries_exhausted,
                         unreachable=error.unreachable, silence=error.silence)


class StreamLibrary:
    """The library a Stream module works in: its ID, name, CDN hostname and pull zone; its key stays inside."""

    def __init__(self, record, hostname):
        self.id = record["Id"]
        self.name = record["Name"]
        self.pull_zone_id = record.get("PullZoneId")
        self.api_key = record.get("ApiKey")
        self.cdn_hostname = hostname

    def path(self, template, **params):
        return build_path("/library/{library}" + template, library=self.id, **params)


def library_cdn_hostname(client, library):
    if not library.get("PullZoneId"):
        return None
    return cdn_hostname(client.get(build_path("/pullzone/{id}", id=library["PullZoneId"])))


def open_library(module):
    """Find the module's library with the account's key, then switch the module to the Stream API with the library's key."""
    params = module.params
    if params["library_id"] is not None:
        record = Resource.read(VIDEO_LIBRARY, module.client, params["library_id"])
    else:
        matches = Resource.named(VIDEO_LIBRARY, module.client, params["library"])
        if len(matches) > 1:
            module.fail("%d video libraries are named %r (ids %s); give library_id." % (
                len(matches), params["library"], ", ".join(str(match["Id"]) for match in matches)), ids=[match["Id"] for match in matches])
        if not matches:
            module.fail("No video library is named %r; create it with bunnynet.cloud.videolibrary." % params["library"])
        record = matches[0]
    library = StreamLibrary(record, library_cdn_hostname(module.client, record))
    module.hide_values([library.api_key])
    core = module.client
    stream = StreamClient(api_key=library.api_key, api_url=params["stream_api_url"], timeout=core.timeout, retries=core.retries,
                          validate_certs=core.validate_certs, silence_limit=params["api_silence_limit"])
    # The run's record of retries and accepted writes goes on in the Stream client.
    stream.retried = core.retried
    stream.silent_seconds = core.silent_seconds
    stream.write_applied = core.write_applied
    module.client = stream
    return library


def run_stream(module, action):
    """Run ``action(module)`` as ``module.run`` does, with a refused library key told apart from a refused account key."""
    def guarded(module):
        try:
            action(module)
        except BunnyApiError as error:
            if error.status == 401 and isinstance(module.client, StreamClient):
                module.fail_api(error, msg="%s %s" % (str(error), STREAM_REFUSED))
            raise
    module.run(guarded, describe_error=describe_missing_library)


def describe_missing_library(error):
    if error.status == 404 and error.path.startswith("/videolibrary/"):
        return "Video library %s was not found (HTTP 404)." % error.path.rsplit("/", 1)[-1]
    return None


# --- Collections ---------------------------------------------------------------------------------


class StreamResource(Resource):
    """A Resource of the Stream API: Stream's pages, and the GUID as the ID."""

    def list(self, client, search=None):
        query = {self.paths.search: search} if search and self.paths.search else {}
        return list(client.paginate_stream(self.paths.list, query))


def collection_resource(library):
    """The library's collections as a resource: a name, created and renamed with ``{name}``, found by GUID or exact name."""
    return StreamResource(
        noun="collection",
        result_key="collection",
        key=Field("name", "name"),
        fields=(),
        paths=Paths(library.path("/collections"), library.path("/collections") + "/{id}"),
        record=Record(id_field="guid", server_fields=("guid",), ids_key="guids",
                      new_record={"videoLibraryId": library.id, "videoCount": 0, "totalSize": 0, "previewVideoIds": None,
                                  "previewImageUrls": None}),
        # The create answers the collection; a rename answers a StatusModel, so the collection is read after it.
        writes=Writes(create="POST", update="POST"),
    )
