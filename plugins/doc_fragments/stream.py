# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)


class ModuleDocFragment(object):
    # The library a Stream module works in (module_utils/stream/collections.py: LIBRARY_OPTIONS and open_library).
    DOCUMENTATION = r"""
options:
  library_id:
    description:
      - ID of the video library.
      - One of O(library_id) and O(library) is required.
    type: int
  library:
    description:
      - Exact name of the video library. Several libraries of that name fail, listing their IDs.
      - One of O(library_id) and O(library) is required.
    type: str
notes:
  - The Stream API takes the library's API key, not the account's. The module reads the library,
    and its key, with O(api_key) through the core API, then talks to O(stream_api_url) with the
    library's key, which never appears in results, diffs, failures or logs.
"""
