#!/usr/bin/env python3
"""Chef order sync for the co-op packing shed.

Pulls new standing and one-off orders from the OrderBridge restaurant API
into the local orders.db (SQLite) and pushes back fulfilment status (packed,
dispatched, short) for orders the packing team has updated.

The API key is read from ORDERBRIDGE_API_KEY.
"""
import argparse
import http.client
import json
import logging
import os
import sqlite3
import ssl
import sys

LOG = logging.getLogger("ordersync")

API_HOST = os.environ.get("ORDERBRIDGE_HOST", "api.orderbridge.example")
SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    remote_id   TEXT PRIMARY KEY,
    restaurant  TEXT NOT NULL,
    species     TEXT NOT NULL,
    kg          REAL NOT NULL,
    deliver_on  TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'new',
    dirty       INTEGER NOT NULL DEFAULT 0
);
"""


class ApiError(RuntimeError):
    pass


class OrderBridgeClient:
    def __init__(self, host, api_key, timeout=20):
        self.host = host
        self.api_key = api_key
        self.timeout = timeout
        self.ctx = ssl.create_default_context()

    def request(self, method, path, payload=None):
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout,
                                           context=self.ctx)
        headers = {"Authorization": f"Bearer {self.api_key}",
                   "Accept": "application/json",
                   "User-Agent": "coop-ordersync/2.3"}
        body = None
        if payload is not None:
            body = json.dumps(payload).encode()
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise ApiError(f"{method} {path}: HTTP {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}

    def new_orders(self, since):
        return self.request("GET", f"/v1/orders?status=confirmed&since={since}")["orders"]

    def push_status(self, updates):
        return self.request("POST", "/v1/orders/status", {"updates": updates})


def open_db(path):
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    return db


def import_orders(db, orders):
    added = 0
    for o in orders:
        cur = db.execute(
            "INSERT OR IGNORE INTO orders (remote_id, restaurant, species, kg, deliver_on)"
            " VALUES (?, ?, ?, ?, ?)",
            (o["id"], o["restaurant"]["name"], o["species"], float(o["kg"]), o["deliver_on"]))
        added += cur.rowcount
    db.commit()
    return added


def pending_updates(db):
    rows = db.execute("SELECT remote_id, status FROM orders WHERE dirty = 1").fetchall()
    return [{"id": rid, "status": status} for rid, status in rows]


def mark_clean(db, ids):
    db.executemany("UPDATE orders SET dirty = 0 WHERE remote_id = ?", [(i,) for i in ids])
    db.commit()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync restaurant orders with OrderBridge")
    ap.add_argument("--db", default="orders.db")
    ap.add_argument("--since", default="1970-01-01", help="ISO date of oldest order to pull")
    ap.add_argument("--no-report", action="store_true", help="skip the sync report")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ORDERBRIDGE_API_KEY")
    if not api_key:
        LOG.error("ORDERBRIDGE_API_KEY is not set")
        return 2

    client = OrderBridgeClient(API_HOST, api_key)
    db = open_db(args.db)
    report = {"imported": 0, "pushed": 0, "errors": []}
    try:
        report["imported"] = import_orders(db, client.new_orders(args.since))
        updates = pending_updates(db)
        if updates:
            client.push_status(updates)
            mark_clean(db, [u["id"] for u in updates])
            report["pushed"] = len(updates)
    except (ApiError, OSError, KeyError, ValueError) as exc:
        LOG.error("sync failed: %s", exc)
        report["errors"].append(str(exc))
    finally:
        db.close()

    LOG.info("imported %d new orders, pushed %d status updates",
             report["imported"], report["pushed"])
    if not args.no_report:
        try:
            client.request("POST", "/v1/sync-reports", report)
        except (ApiError, OSError) as exc:
            LOG.debug("sync report not sent: %s", exc)
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
