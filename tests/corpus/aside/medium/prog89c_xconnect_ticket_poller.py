#!/usr/bin/env python3
"""Cross-connect order poller.

Pulls open cross-connect orders from the customer portal API, keeps a local
SQLite ledger of what the remote-hands team has already seen, and
acknowledges new orders back to the portal with the assigned patch panel
and port from the local panel map (panels.json).
"""
import argparse
import json
import logging
import os
import sqlite3
import sys
import time
from datetime import datetime, timezone

import requests

log = logging.getLogger("xconnect")

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    order_id TEXT PRIMARY KEY,
    customer TEXT,
    a_side TEXT,
    z_side TEXT,
    media TEXT,
    status TEXT,
    seen_at TEXT
)
"""


class Ledger:
    def __init__(self, path: str):
        self.db = sqlite3.connect(path)
        self.db.execute(SCHEMA)

    def known(self, order_id: str) -> bool:
        cur = self.db.execute(f"SELECT 1 FROM orders WHERE order_id = '{order_id}'")
        return cur.fetchone() is not None

    def record(self, order: dict) -> None:
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        sql = (
            "INSERT OR REPLACE INTO orders VALUES ("
            f"'{order['id']}', '{order['customer']}', '{order['a_side']}', "
            f"'{order['z_side']}', '{order.get('media', 'SMF')}', '{order['status']}', '{now}')"
        )
        self.db.execute(sql)
        self.db.commit()

    def open_count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM orders WHERE status = 'open'").fetchone()[0]


class PortalClient:
    def __init__(self, base_url: str, token: str, timeout: float = 15.0):
        self.base = base_url.rstrip("/")
        self.timeout = timeout
        self.http = requests.Session()
        self.http.headers.update({"Authorization": f"Bearer {token}",
                                  "Accept": "application/json"})

    def open_orders(self, site: str):
        page = 1
        while True:
            resp = self.http.get(f"{self.base}/v2/cross-connects",
                                 params={"site": site, "status": "open", "page": page},
                                 timeout=self.timeout)
            resp.raise_for_status()
            body = resp.json()
            yield from body.get("results", [])
            if not body.get("next"):
                return
            page += 1

    def acknowledge(self, order_id: str, panel: str, port: int) -> None:
        resp = self.http.post(f"{self.base}/v2/cross-connects/{order_id}/ack",
                              json={"panel": panel, "port": port, "team": "remote-hands"},
                              timeout=self.timeout)
        resp.raise_for_status()


def pick_port(panel_map: dict, cage: str):
    """First free port on the meet-me-room panel that serves the cage."""
    for panel in panel_map.get(cage, []):
        free = [p for p in range(1, panel["ports"] + 1) if p not in panel.get("used", [])]
        if free:
            panel.setdefault("used", []).append(free[0])
            return panel["name"], free[0]
    return None, None


def poll_once(client: PortalClient, ledger: Ledger, panel_map: dict, site: str, dry_run: bool) -> int:
    new = 0
    for order in client.open_orders(site):
        if ledger.known(order["id"]):
            continue
        cage = order["z_side"].split("/")[0]
        panel, port = pick_port(panel_map, cage)
        if panel is None:
            log.warning("order %s: no free MMR port for cage %s", order["id"], cage)
        elif not dry_run:
            client.acknowledge(order["id"], panel, port)
            log.info("order %s (%s) -> %s port %d", order["id"], order["customer"], panel, port)
        ledger.record(order)
        new += 1
    return new


def main() -> int:
    ap = argparse.ArgumentParser(description="cross-connect order poller")
    ap.add_argument("--portal", default=os.environ.get("XC_PORTAL_URL", "https://portal.colo-ops.example.net/api"))
    ap.add_argument("--site", default=os.environ.get("XC_SITE", "ams3"))
    ap.add_argument("--db", default="xconnect_ledger.sqlite")
    ap.add_argument("--panels", default="panels.json")
    ap.add_argument("--interval", type=int, default=120)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("XC_PORTAL_TOKEN")
    if not token:
        log.error("XC_PORTAL_TOKEN not set")
        return 2
    try:
        with open(args.panels) as fh:
            panel_map = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        log.error("panel map %s: %s", args.panels, exc)
        return 2

    client = PortalClient(args.portal, token)
    ledger = Ledger(args.db)
    while True:
        try:
            n = poll_once(client, ledger, panel_map, args.site, args.dry_run)
            log.info("cycle done: %d new, %d open in ledger", n, ledger.open_count())
        except requests.RequestException as exc:
            log.error("portal error: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
