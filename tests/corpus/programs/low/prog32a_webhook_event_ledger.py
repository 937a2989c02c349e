#!/usr/bin/env python3
"""Verify and record payment-provider webhook deliveries.

The payment provider posts JSON events to our edge proxy, which drops each
raw body plus its signature header into ./inbox/. This tool verifies the
HMAC-SHA256 signature with the endpoint secret and records the event in a
local SQLite ledger so finance can reconcile payouts.
"""
import argparse
import hashlib
import hmac
import json
import logging
import os
import sqlite3
import sys
import time
from pathlib import Path

log = logging.getLogger("webhook-ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    amount      INTEGER,
    currency    TEXT,
    customer    TEXT,
    created_at  INTEGER,
    recorded_at INTEGER
)
"""

TOLERANCE_SECONDS = 300


class SignatureError(Exception):
    pass


def parse_signature_header(header: str) -> dict:
    parts = {}
    for item in header.split(","):
        if "=" in item:
            key, value = item.split("=", 1)
            parts.setdefault(key.strip(), []).append(value.strip())
    return parts


def verify_signature(payload: bytes, header: str, secret: str, now: int) -> None:
    parts = parse_signature_header(header)
    try:
        timestamp = int(parts["t"][0])
    except (KeyError, ValueError, IndexError):
        raise SignatureError("missing timestamp")
    if abs(now - timestamp) > TOLERANCE_SECONDS:
        raise SignatureError("timestamp outside tolerance")
    signed = f"{timestamp}.".encode() + payload
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    for candidate in parts.get("v1", []):
        if hmac.compare_digest(expected, candidate):
            return
    raise SignatureError("no matching v1 signature")


class EventLedger:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(str(db_path))
        self.conn.execute(SCHEMA)

    def already_seen(self, event_id: str) -> bool:
        cur = self.conn.execute("SELECT 1 FROM events WHERE event_id = ?", (event_id,))
        return cur.fetchone() is not None

    def record(self, event: dict) -> None:
        obj = event.get("data", {}).get("object", {})
        self.conn.execute(
            "INSERT INTO events (event_id, event_type, amount, currency, customer,"
            " created_at, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                event["id"],
                event["type"],
                obj.get("amount"),
                obj.get("currency"),
                obj.get("customer"),
                event.get("created"),
                int(time.time()),
            ),
        )
        self.conn.commit()

    def totals_by_type(self, event_type: str):
        return self.conn.execute(
            "SELECT currency, SUM(amount) FROM events WHERE event_type = ? GROUP BY currency",
            (event_type,),
        ).fetchall()


def process_inbox(inbox: Path, ledger: EventLedger, secret: str) -> int:
    processed = 0
    for body_file in sorted(inbox.glob("*.json")):
        sig_file = body_file.with_suffix(".sig")
        if not sig_file.exists():
            log.warning("no signature for %s, skipping", body_file.name)
            continue
        payload = body_file.read_bytes()
        try:
            verify_signature(payload, sig_file.read_text().strip(), secret, int(time.time()))
        except SignatureError as exc:
            log.error("rejecting %s: %s", body_file.name, exc)
            continue
        event = json.loads(payload)
        if ledger.already_seen(event["id"]):
            log.info("duplicate delivery %s", event["id"])
        else:
            ledger.record(event)
            processed += 1
        body_file.unlink()
        sig_file.unlink()
    return processed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inbox", default="inbox", type=Path)
    parser.add_argument("--db", default="ledger.sqlite3", type=Path)
    parser.add_argument("--report", metavar="EVENT_TYPE")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ledger = EventLedger(args.db)
    if args.report:
        for currency, total in ledger.totals_by_type(args.report):
            print(f"{currency or '?':>5} {total / 100:>14,.2f}")
        return 0

    secret = os.environ.get("WEBHOOK_SIGNING_SECRET")
    if not secret:
        log.error("WEBHOOK_SIGNING_SECRET is not set")
        return 2
    count = process_inbox(args.inbox, ledger, secret)
    log.info("recorded %d new events", count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
