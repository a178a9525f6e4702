# -*- coding: utf-8 -*-
# Copyright: (c) 2026, bunnynet.cloud contributors
# GNU General Public License v3.0+ (see https://www.gnu.org/licenses/gpl-3.0.txt)

"""The records of a BIND zone file, as items of dns_record's ``records`` (its option ``zone_file``).

dnspython reads the file: ``$ORIGIN``, ``$TTL``, ``$GENERATE``, relative and absolute names,
parentheses across lines. Each record becomes one item, with the line it starts on, so that a
record the module cannot take is refused by its line. The zone's own SOA record and the NS records
of its apex are bunny.net's (and dns_zone's) to set: they are left out. dnspython is needed only
when a zone file is given.
"""

import re
import sys
import traceback

try:
    import dns.exception
    import dns.name
    import dns.rdataclass
    import dns.rdatatype
    import dns.tokenizer
    import dns.zonefile
except ImportError:
    HAS_DNSPYTHON = False
    DNSPYTHON_IMPORT_ERROR = traceback.format_exc()
else:
    HAS_DNSPYTHON = True
    DNSPYTHON_IMPORT_ERROR = None

# How the refusals name the file, and how dnspython's own errors name a line of it.
ZONE_FILE = "zone_file"
DNSPYTHON_LINE = re.compile(r"\A%s:(\d+): (.*)\Z" % ZONE_FILE, re.DOTALL)


def dnspython_missing():
    """Why a zone file cannot be read without dnspython, and the command that installs it for the Python that runs the module."""
    return ("%s needs the Python package dnspython, which the Python that runs this module (%s) cannot import. Install it "
            "there with: %s -m pip install dnspython (the collection's requirements.txt lists it, so an execution environment "
            "built with the collection has it)." % (ZONE_FILE, sys.executable, sys.executable))


# The record types a zone file may hold that the module takes; bunny.net's own (Redirect, Flatten,
# PullZone, Script) have no zone file form.
TAKEN = ("A", "AAAA", "CNAME", "TXT", "MX", "SRV", "CAA", "PTR", "NS", "SVCB", "HTTPS", "TLSA")
# A parameter value of an SVCB or HTTPS record that needs no quotes (dnspython quotes them all).
PLAIN_PARAMETER = re.compile(r'="([^"\\\s]*)"')


class _Records:
    """What dnspython's zone file reader hands the records to (its transaction), with the line each starts on."""

    def __init__(self, origin):
        self.origin = origin
        self.manager = self
        self.line = None
        self.read = []

    def origin_information(self):
        return self.origin, False, self.origin

    def check_put_rdataset(self, check):
        # The reader's own checks of a name's records (a CNAME alone at its name) are the API's here.
        pass

    def _set_origin(self, origin):
        pass

    def add(self, name, ttl, rdata):
        self.read.append((self.line, name, ttl, rdata))


if HAS_DNSPYTHON:
    class _LineReader(dns.zonefile.Reader):
        """dnspython's reader, noting the line each record starts on (its errors name the line it stopped on)."""

        def _rr_line(self):
            self.txn.line = self.tok.line_number
            super()._rr_line()
            self.txn.line = None

        def _generate_line(self):
            self.txn.line = self.tok.line_number
            super()._generate_line()
            self.txn.line = None


def zone_file_records(text, domain):
    """``(records, problems)``: the records of the zone file ``text`` of the zone ``domain`` (ASCII, the
    origin of relative names until a ``$ORIGIN``), each as ``(line, item)``; the problems name their line."""
    origin = dns.name.from_text(domain)
    collected = _Records(origin)
    reader = _LineReader(dns.tokenizer.Tokenizer(text, ZONE_FILE), dns.rdataclass.IN, collected)
    # Every name is read, so that one outside the zone is refused by its line rather than left out.
    reader.zone_origin = dns.name.root
    try:
        reader.read()
    except dns.exception.SyntaxError as error:
        found = DNSPYTHON_LINE.match(str(error))
        line, detail = (int(found.group(1)), found.group(2)) if found else (None, str(error))
        return [], ["%s line %s: %s" % (ZONE_FILE, collected.line or line, detail)]
    records, problems = [], []
    for line, name, ttl, rdata in collected.read:
        type_name = dns.rdatatype.to_text(rdata.rdtype)
        where = "%s line %d" % (ZONE_FILE, line)
        if name == origin and type_name in ("SOA", "NS"):
            continue
        if not name.is_subdomain(origin):
            problems.append("%s: %s is outside the zone %s" % (where, name.to_text(), domain))
        elif type_name not in TAKEN:
            problems.append("%s: a %s record, which dns_record does not take (it takes %s)" % (
                where, type_name, ", ".join(TAKEN[:-1]) + " and " + TAKEN[-1]))
        else:
            item = _item(rdata, type_name)
            if item is None:
                problems.append("%s: a TXT record whose text is not UTF-8" % where)
                continue
            item.update(type=type_name, name=name.relativize(origin).to_text(), ttl=ttl)
            records.append((line, item))
    return records, problems


def _item(rdata, type_name):
    """The options of a record item that ``rdata`` sets; None for text the API cannot hold."""
    if type_name in ("A", "AAAA"):
        return dict(value=rdata.address)
    if type_name in ("CNAME", "PTR", "NS"):
        return dict(value=rdata.target.to_text())
    if type_name == "MX":
        return dict(value=rdata.exchange.to_text(), priority=rdata.preference)
    if type_name == "SRV":
        return dict(value=rdata.target.to_text(), priority=rdata.priority, weight=rdata.weight, port=rdata.port)
    if type_name == "TXT":
        try:
            # A long text is several strings of at most 255 bytes in a zone file, and one value to the API.
            return dict(value=b"".join(rdata.strings).decode("utf-8"))
        except UnicodeDecodeError:
            return None
    if type_name == "CAA":
        return dict(value=rdata.value.decode("utf-8", "replace"), flags=rdata.flags, tag=rdata.tag.decode("ascii"))
    if type_name == "TLSA":
        return dict(value="%d %d %d %s" % (rdata.usage, rdata.selector, rdata.mtype, rdata.cert.hex()))
    # SVCB and HTTPS: the priority apart, the target and the parameters as the value.
    target_and_parameters = rdata.to_text().split(" ", 1)[1]
    return dict(value=PLAIN_PARAMETER.sub(r"=\1", target_and_parameters), priority=rdata.priority)
