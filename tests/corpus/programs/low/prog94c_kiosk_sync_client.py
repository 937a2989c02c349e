#!/usr/bin/env python3
"""Self-checkout kiosk offline journal sync.

When the ILS is unreachable the kiosk keeps recording checkouts and
returns in a local SQLite journal.  This tool replays the unsynced rows to
the ILS circulation API in batches and marks them as synced once the API
has acknowledged them.

Usage:
    kiosk_sync_client.py [--config kiosk_sync.ini] [--dry-run] [--loop]
"""
import argparse
import configparser
import logging
import os
import sqlite3
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("kiosk-sync")
DEFAULT_CONFIG = "kiosk_sync.ini"


class SyncConfig:
    """Settings read from the [sync] section of the kiosk ini file."""

    def __init__(self, path):
        parser = configparser.ConfigParser()
        parser.read(path)
        section = parser["sync"] if parser.has_section("sync") else {}
        self.api_base = section.get("api_base", "https://ils.northfield-library.org/api/v2")
        self.kiosk_id = section.get("kiosk_id", "SCO-01")
        self.journal = Path(section.get("journal", "offline_journal.db"))
        self.batch_size = int(section.get("batch_size", 50))
        self.timeout = float(section.get("timeout", 15))
        self.interval = int(section.get("interval", 120))


def pending_transactions(conn, limit):
    cur = conn.execute(
        "SELECT id, kind, patron_barcode, item_barcode, ts FROM journal "
        "WHERE synced = 0 ORDER BY ts LIMIT ?",
        (limit,),
    )
    for row in cur:
        yield {
            "local_id": row[0],
            "type": row[1],
            "patron": row[2],
            "item": row[3],
            "timestamp": row[4],
        }


def mark_synced(conn, ids):
    conn.executemany("UPDATE journal SET synced = 1 WHERE id = ?", [(i,) for i in ids])
    conn.commit()


class CirculationClient:
    """Thin wrapper around the ILS circulation endpoints."""

    def __init__(self, cfg):
        self.cfg = cfg
        token = os.environ.get("ILS_API_KEY")
        if not token:
            raise RuntimeError("ILS_API_KEY is not set in the environment")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": f"kiosk-sync/{cfg.kiosk_id}",
        })

    def ping(self):
        resp = self.session.get(f"{self.cfg.api_base}/status", timeout=self.cfg.timeout)
        return resp.status_code == 200

    def push_batch(self, batch):
        url = f"{self.cfg.api_base}/circulation/offline-batch"
        body = {"kiosk": self.cfg.kiosk_id, "transactions": batch}
        resp = self.session.post(url, json=body, timeout=self.cfg.timeout)
        resp.raise_for_status()
        return resp.json()


def sync_once(cfg, client, dry_run=False):
    if not cfg.journal.exists():
        LOG.warning("journal %s not found, nothing to sync", cfg.journal)
        return 0
    conn = sqlite3.connect(cfg.journal)
    total = 0
    try:
        while True:
            batch = list(pending_transactions(conn, cfg.batch_size))
            if not batch:
                break
            if dry_run:
                LOG.info("dry run: would push %d transactions", len(batch))
                total += len(batch)
                break
            for attempt in range(1, 4):
                try:
                    result = client.push_batch(batch)
                    break
                except requests.RequestException as exc:
                    LOG.warning("push attempt %d failed: %s", attempt, exc)
                    time.sleep(2 ** attempt)
            else:
                LOG.error("giving up on batch starting at id %s", batch[0]["local_id"])
                break
            accepted = result.get("accepted", [])
            mark_synced(conn, accepted)
            rejected = result.get("rejected", [])
            for rej in rejected:
                LOG.warning("ILS rejected %s: %s", rej.get("local_id"), rej.get("reason"))
            total += len(accepted)
            if not accepted:
                break
    finally:
        conn.close()
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description="Replay offline kiosk transactions to the ILS")
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--loop", action="store_true", help="keep running every interval seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = SyncConfig(args.config)
    try:
        client = CirculationClient(cfg)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2

    while True:
        if client.ping():
            count = sync_once(cfg, client, dry_run=args.dry_run)
            LOG.info("synced %d transactions for %s", count, cfg.kiosk_id)
        else:
            LOG.info("ILS not reachable, will retry later")
        if not args.loop:
            break
        time.sleep(cfg.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
