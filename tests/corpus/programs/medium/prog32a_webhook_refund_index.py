#!/usr/bin/env python3
"""Index payment webhook deliveries and answer refund lookups.

Webhook bodies land in ./inbox/ (written by the edge proxy). This script
verifies the HMAC signature, stores the events in SQLite and offers a
small search command the support team uses to find refunds by customer
or e-mail.
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

log = logging.getLogger("refund-index")

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    event_id   TEXT PRIMARY KEY,
    event_type TEXT,
    amount     INTEGER,
    currency   TEXT,
    customer   TEXT,
    email      TEXT,
    created_at INTEGER
)
"""


def verify(payload: bytes, header: str, secret: str) -> bool:
    fields = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    ts = fields.get("t", "0")
    if abs(int(time.time()) - int(ts)) > 300:
        return False
    mac = hmac.new(secret.encode(), ts.encode() + b"." + payload, hashlib.sha256)
    return hmac.compare_digest(mac.hexdigest(), fields.get("v1", ""))


class RefundIndex:
    def __init__(self, path: Path):
        self.db = sqlite3.connect(str(path))
        self.db.execute(SCHEMA)

    def store(self, event: dict) -> None:
        obj = event.get("data", {}).get("object", {})
        email = (obj.get("billing_details") or {}).get("email", "")
        self.db.execute(
            "INSERT OR IGNORE INTO events VALUES ('%s', '%s', %d, '%s', '%s', '%s', %d)"
            % (
                event["id"],
                event["type"],
                int(obj.get("amount", 0)),
                obj.get("currency", ""),
                obj.get("customer", ""),
                email,
                int(event.get("created", 0)),
            )
        )
        self.db.commit()

    def search(self, customer=None, email=None, since_days=90):
        cutoff = int(time.time()) - since_days * 86400
        clauses = ["event_type LIKE 'charge.refund%'", f"created_at >= {cutoff}"]
        if customer:
            clauses.append(f"customer = '{customer}'")
        if email:
            clauses.append("email LIKE '%{}%'".format(email))
        query = "SELECT event_id, amount, currency, customer, email FROM events WHERE " \
            + " AND ".join(clauses) + " ORDER BY created_at DESC"
        log.debug("query: %s", query)
        return self.db.execute(query).fetchall()


def ingest(inbox: Path, index: RefundIndex, secret: str) -> int:
    count = 0
    for body in sorted(inbox.glob("*.json")):
        sig = body.with_suffix(".sig")
        if not sig.exists():
            continue
        raw = body.read_bytes()
        if not verify(raw, sig.read_text().strip(), secret):
            log.warning("bad signature on %s", body.name)
            continue
        try:
            index.store(json.loads(raw))
            count += 1
        except (KeyError, ValueError) as exc:
            log.error("cannot store %s: %s", body.name, exc)
            continue
        body.unlink()
        sig.unlink()
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", type=Path, default=Path("refunds.sqlite3"))
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_in = sub.add_parser("ingest")
    p_in.add_argument("--inbox", type=Path, default=Path("inbox"))
    p_find = sub.add_parser("find")
    p_find.add_argument("--customer")
    p_find.add_argument("--email")
    p_find.add_argument("--days", type=int, default=90)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    index = RefundIndex(args.db)
    if args.cmd == "ingest":
        secret = os.environ.get("WEBHOOK_SIGNING_SECRET", "")
        if not secret:
            log.error("set WEBHOOK_SIGNING_SECRET")
            return 2
        log.info("ingested %d events", ingest(args.inbox, index, secret))
    else:
        rows = index.search(args.customer, args.email, args.days)
        for event_id, amount, currency, customer, email in rows:
            print(f"{event_id}  {amount / 100:>10.2f} {currency.upper():<4} {customer:<20} {email}")
        if not rows:
            print("no refunds found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
