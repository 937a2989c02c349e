#!/usr/bin/env python3
"""Export paid storefront orders to the ERP sales-order API.

Reads from the local SQLite mirror that the storefront replicates every
night, maps each order onto the ERP's sales-order schema and posts them in
batches.  The last exported timestamp is kept in a small state file so the
job can run from cron-like schedulers without double-posting.
"""
import argparse
import json
import logging
import os
import sqlite3
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Iterator, List

import requests

log = logging.getLogger("order_export")

ERP_BASE = os.environ.get("ERP_BASE_URL", "https://erp.northwind-retail.com/api/v2")
STATE_FILE = Path(".order_export_state.json")


@dataclass
class ExportConfig:
    db_path: str
    since: str
    batch_size: int = 50
    dry_run: bool = False


def load_state() -> dict:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text())
        except json.JSONDecodeError:
            log.warning("state file is corrupt, starting from --since")
    return {}


def save_state(state: dict) -> None:
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


def iter_orders(conn: sqlite3.Connection, since: str) -> Iterator[dict]:
    cur = conn.execute(
        "SELECT id, number, email, currency, total_cents, created_at "
        "FROM orders WHERE status = ? AND created_at > ? ORDER BY created_at",
        ("paid", since),
    )
    for oid, number, email, currency, total, created in cur:
        lines = conn.execute(
            "SELECT sku, qty, unit_price_cents FROM order_lines WHERE order_id = ?",
            (oid,),
        ).fetchall()
        yield {
            "id": oid,
            "number": number,
            "email": email,
            "currency": currency,
            "total_cents": total,
            "created_at": created,
            "lines": [{"sku": s, "qty": q, "unit_cents": u} for s, q, u in lines],
        }


def to_erp(order: dict) -> dict:
    def money(cents: int) -> str:
        return str((Decimal(cents) / 100).quantize(Decimal("0.01")))

    return {
        "externalId": f"WEB-{order['number']}",
        "customerEmail": order["email"],
        "currency": order["currency"],
        "orderDate": order["created_at"],
        "total": money(order["total_cents"]),
        "items": [
            {"itemCode": ln["sku"], "quantity": ln["qty"], "rate": money(ln["unit_cents"])}
            for ln in order["lines"]
        ],
    }


class ErpClient:
    def __init__(self, base: str, token: str, retries: int = 4):
        self.base = base.rstrip("/")
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update(
            {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        )

    def post_batch(self, batch: List[dict]) -> dict:
        url = f"{self.base}/sales-orders/batch"
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.post(url, json={"orders": batch}, timeout=30)
                if resp.status_code == 429:
                    wait = int(resp.headers.get("Retry-After", 2 ** attempt))
                    log.info("rate limited, sleeping %ss", wait)
                    time.sleep(wait)
                    continue
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                log.warning("batch post failed (attempt %d): %s", attempt, exc)
                time.sleep(2 ** attempt)
        raise RuntimeError("ERP batch post failed after retries")


def run(cfg: ExportConfig, client: ErpClient) -> dict:
    state = load_state()
    since = state.get("last_created_at", cfg.since)
    conn = sqlite3.connect(cfg.db_path)
    stats = {"exported": 0, "batches": 0, "since": since}
    batch, last_seen = [], since
    try:
        for order in iter_orders(conn, since):
            batch.append(to_erp(order))
            last_seen = order["created_at"]
            if len(batch) >= cfg.batch_size:
                if not cfg.dry_run:
                    client.post_batch(batch)
                stats["exported"] += len(batch)
                stats["batches"] += 1
                batch = []
        if batch:
            if not cfg.dry_run:
                client.post_batch(batch)
            stats["exported"] += len(batch)
            stats["batches"] += 1
    finally:
        conn.close()
    if not cfg.dry_run:
        save_state({"last_created_at": last_seen})
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="storefront_mirror.sqlite3")
    ap.add_argument("--since", default="1970-01-01T00:00:00")
    ap.add_argument("--batch-size", type=int, default=50)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    token = os.environ.get("ERP_API_TOKEN")
    if not token:
        log.error("ERP_API_TOKEN is not set")
        return 2
    cfg = ExportConfig(args.db, args.since, args.batch_size, args.dry_run)
    stats = run(cfg, ErpClient(ERP_BASE, token))
    log.info("export finished: %s", stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
