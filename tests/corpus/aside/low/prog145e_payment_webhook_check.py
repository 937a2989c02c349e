#!/usr/bin/env python3
"""Verify and acknowledge queued payment webhooks.

The receiver drops raw webhook deliveries from the payment provider into
./webhooks/incoming as JSON files (body + headers). This checks each
signature, records successful subscription payments in a local ledger CSV,
and tells the provider's API which events were processed.
"""
import argparse
import base64
import csv
import hashlib
import hmac
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("webhook_check")

PROVIDER_API = "https://api.payments.example.com/v1"
MAX_AGE_SECONDS = 3 * 24 * 3600


def verify_signature(secret: bytes, body: str, header: str, timestamp: str) -> bool:
    """Provider signs '<timestamp>.<body>' with HMAC-SHA256, base64 encoded."""
    mac = hmac.new(secret, f"{timestamp}.{body}".encode(), hashlib.sha256).digest()
    try:
        given = base64.b64decode(header, validate=True)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(mac, given)


def too_old(timestamp: str) -> bool:
    try:
        return time.time() - int(timestamp) > MAX_AGE_SECONDS
    except ValueError:
        return True


class Ledger:
    def __init__(self, path: Path):
        self.path = path
        self.seen = set()
        if path.exists():
            with open(path, newline="") as fh:
                self.seen = {row["event_id"] for row in csv.DictReader(fh)}

    def add(self, event):
        new_file = not self.path.exists()
        with open(self.path, "a", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["event_id", "member_id", "amount", "currency", "paid_at"])
            if new_file:
                w.writeheader()
            obj = event["data"]
            w.writerow({"event_id": event["id"], "member_id": obj.get("metadata", {}).get("member_id", ""),
                        "amount": obj.get("amount", 0) / 100, "currency": obj.get("currency", "gbp"),
                        "paid_at": obj.get("created", "")})
        self.seen.add(event["id"])


def acknowledge(session, event_ids):
    resp = session.post(f"{PROVIDER_API}/events/ack", json={"events": event_ids}, timeout=20)
    resp.raise_for_status()
    return resp.json().get("acknowledged", 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue", default="webhooks/incoming")
    ap.add_argument("--ledger", default="payments_ledger.csv")
    ap.add_argument("--no-ack", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    secret = os.environ.get("PAYMENTS_WEBHOOK_SECRET")
    api_key = os.environ.get("PAYMENTS_API_KEY")
    if not secret:
        log.error("PAYMENTS_WEBHOOK_SECRET is not set")
        return 2

    ledger = Ledger(Path(args.ledger))
    done_dir = Path(args.queue).parent / "processed"
    done_dir.mkdir(parents=True, exist_ok=True)
    processed, rejected = [], 0

    for f in sorted(Path(args.queue).glob("*.json")):
        try:
            raw = json.loads(f.read_text())
            body, headers = raw["body"], raw["headers"]
            ts, sig = headers.get("X-Pay-Timestamp", ""), headers.get("X-Pay-Signature", "")
        except (ValueError, KeyError) as exc:
            log.warning("%s unreadable: %s", f.name, exc)
            rejected += 1
            continue
        if too_old(ts) or not verify_signature(secret.encode(), body, sig, ts):
            log.warning("%s: bad or stale signature", f.name)
            rejected += 1
            continue
        event = json.loads(body)
        if event.get("type") == "payment.succeeded" and event["id"] not in ledger.seen:
            ledger.add(event)
        processed.append(event["id"])
        f.rename(done_dir / f.name)

    log.info("processed %d, rejected %d", len(processed), rejected)
    if processed and api_key and not args.no_ack:
        with requests.Session() as s:
            s.headers["Authorization"] = f"Bearer {api_key}"
            try:
                log.info("provider acknowledged %d events", acknowledge(s, processed))
            except requests.RequestException as exc:
                log.error("ack failed: %s", exc)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
