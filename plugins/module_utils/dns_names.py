# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""DNS names as DNS zones and their records take them.

A name is compared as DNS compares it and sent in the form the API stores: each label in its ASCII
form (an internationalised label as IDNA's ``xn--`` form, so ``bücher`` and ``xn--bcher-kva`` are
one label), in lower case, without the trailing dot. A first label ``*`` is a wildcard.
"""

import re

NAME_MAX_LENGTH = 253
# A label of a DNS name as zones hold them: letters, digits, hyphens and underscores (_dmarc,
# _sip._tcp), at most 63 characters once in ASCII.
LABEL = re.compile(r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\Z")


def ascii_name(name):
    """``name`` as DNS compares it: ASCII (IDNA), lower case, no trailing dot. ValueError says why it is not a name."""
    if not isinstance(name, str):
        raise ValueError("%r, which is not a string" % (name,))
    bare = name[:-1] if name.endswith(".") else name
    if not bare:
        raise ValueError("an empty name")
    labels = []
    for label in bare.split("."):
        try:
            # The standard library's IDNA codec, label by label: ASCII labels pass through as they are.
            encoded = label.encode("idna").decode("ascii").lower()
        except UnicodeError:
            raise ValueError("%r, whose label %r is not a DNS label" % (name, label)) from None
        labels.append(encoded)
    for position, label in enumerate(labels):
        if label == "*" and position == 0:
            continue
        if not LABEL.match(label):
            raise ValueError("%r, whose label %r is not 1 to 63 letters, digits, underscores or inner hyphens" % (name, label))
    joined = ".".join(labels)
    if len(joined) > NAME_MAX_LENGTH:
        raise ValueError("a name of %d characters, longer than %d" % (len(joined), NAME_MAX_LENGTH))
    return joined


def comparable_name(name):
    """The form a name read or given is compared in: ``ascii_name``, or for what is no name (the API
    may hold anything), the text in lower case."""
    if not isinstance(name, str):
        return name
    try:
        return ascii_name(name)
    except ValueError:
        return name.lower()


def same_name(left, right):
    """Whether two names are one, as DNS compares them; a name that is not a DNS name is compared as it is."""
    return comparable_name(left) == comparable_name(right)
