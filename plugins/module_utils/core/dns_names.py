# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The one rule for DNS names, which every module that takes a name follows.

A name is compared as DNS compares it and sent in the form the API stores: each label in its ASCII
form (an internationalised label as IDNA's ``xn--`` form, so ``bücher`` and ``xn--bcher-kva`` are
one label), in lower case, without the trailing dot. A first label ``*`` is a wildcard.

Underscores: the names of the DNS (a zone's domain, its records' names and the names they point
at) may hold them, since records need them (``_dmarc``, ``_sip._tcp``, a DKIM key's CNAME to
``selector._domainkey`` of a mail provider, a zone delegated for ``_acme-challenge``). A host name
that browsers send (a pull zone's hostname, a referrer) may not: RFC 1123 host names have none, and
certificates cannot name one.
"""

import re

NAME_MAX_LENGTH = 253
WILDCARD = "*"
# A label once in ASCII: 1 to 63 characters, no hyphen at either end.
DNS_LABEL = re.compile(r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\Z")
HOST_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\Z")
LABEL_RULES = {
    True: (DNS_LABEL, "1 to 63 letters, digits, underscores or inner hyphens"),
    False: (HOST_LABEL, "1 to 63 letters, digits or inner hyphens"),
}


def ascii_name(name, underscores=True):
    """``name`` as DNS compares it and the API stores it; ValueError says why it is not a name.

    ``underscores`` is false for host names, whose labels have none.
    """
    if not isinstance(name, str):
        raise ValueError("%r, which is not a string" % (name,))
    bare = name[:-1] if name.endswith(".") else name
    if not bare:
        raise ValueError("an empty name")
    labels = [_ascii_label(name, label) for label in bare.split(".")]
    pattern = LABEL_RULES[underscores][0]
    for position, label in enumerate(labels):
        if not (position == 0 and label == WILDCARD) and not pattern.match(label):
            raise ValueError(label_problem(name, label, underscores))
    joined = ".".join(labels)
    if len(joined) > NAME_MAX_LENGTH:
        raise ValueError("a name of %d characters, longer than %d" % (len(joined), NAME_MAX_LENGTH))
    return joined


def _ascii_label(name, label):
    if label.isascii():
        return label.lower()
    try:
        # The standard library's IDNA codec (IDNA 2003), which also folds the label's case.
        return label.encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise ValueError("%r, whose label %r is not a DNS label" % (name, label)) from None


def label_problem(name, label, underscores=True):
    return "%r, whose label %r is not %s" % (name, label, LABEL_RULES[underscores][1])


def host_name(name):
    """A host name as a browser sends it, in the form of ``ascii_name``: no underscores, and a
    wildcard only in front of the name it stands under (``*.example.com``)."""
    ascii = ascii_name(name, underscores=False)
    if ascii == WILDCARD:
        raise ValueError(label_problem(name, WILDCARD, underscores=False))
    return ascii


def comparable_name(name):
    """The form a name read or given is compared in: ``ascii_name``, or for what is no name (the API
    may hold anything), the text in lower case without the trailing dot."""
    if not isinstance(name, str):
        return name
    try:
        return ascii_name(name)
    except ValueError:
        name = name.lower()
        return name[:-1] if name.endswith(".") else name


def same_name(left, right):
    """Whether two names are one, as DNS compares them."""
    return comparable_name(left) == comparable_name(right)
