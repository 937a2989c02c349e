#!/usr/bin/env python3
"""Pushes finished-job invoices to the bookkeeping service.

Reads invoice JSON files from ./invoices, skips ones already sent (tracked
in a small local ledger keyed by content hash) and posts the rest.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("invoices")
API_BASE = "https://api.example.com/v1"
LEDGER = Path(".invoice_ledger.json")


@dataclass
class Client:
    base: str
    key: str = field(repr=False)

    def post(self, path, payload):
        req = urllib.request.Request(
            f"{self.base}{path}",
            data=json.dumps(payload).encode(),
            method="POST",
            headers={"Authorization": f"Bearer {self.key}",
                     "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.loads(resp.read() or b"{}")


def cache_key(data):
    return hashlib.md5(json.dumps(data, sort_keys=True).encode()).hexdigest()


def load_ledger():
    try:
        return json.loads(LEDGER.read_text())
    except (OSError, ValueError):
        return {}


def save_ledger(ledger):
    LEDGER.write_text(json.dumps(ledger, indent=1))
    LEDGER.chmod(0o600)


def to_payload(inv):
    lines = [{"description": item["what"], "quantity": item.get("qty", 1),
              "unit_amount": round(float(item["price"]), 2)} for item in inv["items"]]
    return {"contact": inv["owner"], "reference": f"{inv['boat']} {inv['job']}",
            "currency": "GBP", "line_items": lines}


def main(argv=None):
    p = argparse.ArgumentParser(description="Send invoices to bookkeeping")
    p.add_argument("--dir", default="invoices")
    p.add_argument("-n", "--dry-run", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("BOOKS_API_KEY")
    if not key and not args.dry_run:
        LOG.error("BOOKS_API_KEY is not set")
        return 2
    client = Client(API_BASE, key or "")
    ledger = load_ledger()
    sent = 0
    for path in sorted(Path(args.dir).glob("*.json")):
        try:
            inv = json.loads(path.read_text())
            payload = to_payload(inv)
        except (OSError, ValueError, KeyError) as exc:
            LOG.warning("skip %s: %s", path.name, exc)
            continue
        digest = cache_key(payload)
        if ledger.get(path.name) == digest:
            continue
        if args.dry_run:
            LOG.info("would send %s (%s)", path.name, payload["reference"])
            continue
        try:
            result = client.post("/invoices", payload)
        except urllib.error.URLError as exc:
            LOG.warning("%s not sent: %s", path.name, exc)
            continue
        ledger[path.name] = digest
        sent += 1
        LOG.info("sent %s -> %s", path.name, result.get("id", "?"))
    if not args.dry_run:
        save_ledger(ledger)
    LOG.info("%d invoice(s) sent", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
