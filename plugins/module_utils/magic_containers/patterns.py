# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The Magic Containers contract's patterns, defined once for the modules and the simulator.

This file imports nothing, so the simulator (started with ``python -m tests.simulator``, outside
the ``ansible_collections`` namespace) loads it by its file path, and both sides check values
against the same definitions. Each pattern must match a whole value, as the API's validators
require.
"""

APP_NAME_PATTERN = r"[A-Za-z0-9-\s]+"
IMAGE_NAME_PATTERN = r"[a-zA-Z0-9]+(?:[./_-]{1,2}[a-zA-Z0-9]+)*"
IMAGE_TAG_PATTERN = r"[a-zA-Z0-9]+(?:[._-]{1,2}[a-zA-Z0-9]+)*"
IMAGE_DIGEST_PATTERN = r"sha256:[a-z0-9]{64}"

# The contract's mount path pattern, verbatim. Its nested quantifiers backtrack exponentially on a
# long value that fails (a 40-character typo would stall a validator for hours), so nothing checks
# values with it; it is what MOUNT_PATH_PATTERN is proven equivalent to.
CONTRACT_MOUNT_PATH_PATTERN = r"^/(?!.*//)(?!.*\.\.)(?!.*\s)([a-zA-Z0-9._-]+/?)+$"
# The same values in linear time: after the leading slash, path characters starting with a
# non-slash; the look-aheads still refuse "//", ".." and white space.
MOUNT_PATH_PATTERN = r"/(?!.*//)(?!.*\.\.)(?!.*\s)[a-zA-Z0-9._-][a-zA-Z0-9._/-]*"
