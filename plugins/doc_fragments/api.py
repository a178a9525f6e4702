# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)


class ModuleDocFragment(object):
    DOCUMENTATION = r"""
options:
  api_key:
    description:
      - The bunny.net account API key, sent in the C(AccessKey) header.
      - If not set, the value of the E(BUNNYNET_API_KEY) environment variable is used.
      - The key is never written to results, diffs or logs.
    type: str
    required: true
  api_url:
    description:
      - Base URL of the bunny.net management API, an C(http://) or C(https://) URL.
      - If not set, the value of the E(BUNNYNET_API_URL) environment variable is used.
      - Point it at the bundled simulator to test playbooks offline.
    type: str
    default: https://api.bunny.net
  api_timeout:
    description:
      - Seconds to wait for each HTTP request before giving up on it, at least 1.
      - If not set, the value of the E(BUNNYNET_API_TIMEOUT) environment variable is used.
      - This bounds a single request; waiting for a resource to settle has its own option.
    type: int
    default: 30
  api_retries:
    description:
      - How many times a request is sent again after a rate limit (HTTP 429), a gateway error
        (HTTP 502, 503, 504) or a dropped connection, 0 to 20.
      - Reads are simply sent again. A write that got no clear answer may have been applied, so
        the module first reads the resource to see whether it took effect, and sends the write
        again only when it did not; the attempts of one write share this budget.
      - Retries back off exponentially with jitter, up to 30 seconds between attempts, and honour
        the C(Retry-After) header up to 120 seconds.
      - If not set, the value of the E(BUNNYNET_API_RETRIES) environment variable is used.
      - A request that needed more than one attempt is listed in the result's C(retried) (the
        request, its attempts, why each failed, how long it waited), and a warning says when the
        waits came to 10 seconds or more. An API that accepts requests and never answers is not
        retried beyond O(api_silence_limit).
    type: int
    default: 5
  api_silence_limit:
    description:
      - Seconds the API may leave requests unanswered (each such attempt costs O(api_timeout)),
        counted over the whole task, before no request is sent again and the task fails saying the
        API did not answer. At least 1; by default twice O(api_timeout).
      - An API that accepts connections and never answers (a hung service, a proxy or firewall that
        swallows requests) then fails a task within two timeouts instead of waiting through every
        retry.
      - If not set, the value of the E(BUNNYNET_API_SILENCE_LIMIT) environment variable is used.
    type: int
  stream_api_url:
    description:
      - Base URL of the bunny.net Stream API, which manages the videos and collections of a video
        library with the library's own API key (the modules read that key with O(api_key)).
      - If not set, the value of the E(BUNNYNET_STREAM_API_URL) environment variable is used.
      - The bundled simulator serves it under C(/stream) of its address.
    type: str
    default: https://video.bunnycdn.com
  validate_certs:
    description:
      - Whether to verify the API's TLS certificate.
    type: bool
    default: true
requirements:
  - requests
notes:
  - All modules of this collection can share these options through
    C(module_defaults) with the action group C(group/bunnynet.cloud.all).
"""
