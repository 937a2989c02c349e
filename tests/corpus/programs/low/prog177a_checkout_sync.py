#!/usr/bin/env python3
"""Upload the loans recorded offline on the bookmobile to the library system.

At stops without signal the checkout client writes each loan and return to
a JSON-lines queue file. Back at the depot this script posts the queue to
the circulation API and keeps a record of what has been synced.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("checkout_sync")

API_BASE = os.environ.get("CIRC_API_BASE", "https://api.bookmobile.example.org/v1")
QUEUE_FILE = Path("queue/offline_transactions.jsonl")
SYNCED_FILE = Path("queue/synced_ids.txt")
BATCH_SIZE = 50


def load_queue():
    if not QUEUE_FILE.exists():
        return []
    with QUEUE_FILE.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_synced() -> set:
    if not SYNCED_FILE.exists():
        return set()
    return set(SYNCED_FILE.read_text().split())


def mark_synced(ids) -> None:
    SYNCED_FILE.parent.mkdir(parents=True, exist_ok=True)
    with SYNCED_FILE.open("a", encoding="utf-8") as fh:
        for tx_id in ids:
            fh.write(tx_id + "\n")
    os.chmod(SYNCED_FILE, 0o600)


def post_batch(session: requests.Session, batch) -> list:
    resp = session.post(f"{API_BASE}/transactions/batch", json={"transactions": batch}, timeout=30)
    resp.raise_for_status()
    result = resp.json()
    for err in result.get("rejected", []):
        log.warning("rejected %s: %s", err.get("id"), err.get("reason"))
    return result.get("accepted", [])


def main() -> int:
    parser = argparse.ArgumentParser(description="Sync offline bookmobile loans to circulation")
    parser.add_argument("--van", default=os.environ.get("BOOKMOBILE_VAN", "van-1"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("CIRC_API_KEY")
    if not api_key:
        log.error("CIRC_API_KEY is not set")
        return 1

    synced = load_synced()
    pending = [tx for tx in load_queue() if tx["id"] not in synced]
    log.info("%d pending transactions from %s", len(pending), args.van)
    if args.dry_run or not pending:
        return 0

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}", "X-Van-Id": args.van})

    total = 0
    for i in range(0, len(pending), BATCH_SIZE):
        batch = pending[i:i + BATCH_SIZE]
        try:
            accepted = post_batch(session, batch)
        except requests.RequestException as exc:
            log.error("batch %d failed: %s", i // BATCH_SIZE + 1, exc)
            break
        mark_synced(accepted)
        total += len(accepted)
    log.info("synced %d of %d transactions", total, len(pending))
    return 0 if total == len(pending) else 2


if __name__ == "__main__":
    sys.exit(main())
