#!/usr/bin/env python3
"""Push finished workshop invoices to the accounting service.

Reads invoices exported as JSON by the counter app, posts each one to the
accounting API and records which ones were accepted so reruns don't create
duplicates. The API key comes from ACCOUNTS_API_KEY and is only ever sent to
the accounting API itself.
"""
import argparse
import json
import logging
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("invoicepush")

API_BASE = os.environ.get("ACCOUNTS_API_BASE", "https://api.example.com/v1")
STATE_FILE = Path("pushed_invoices.json")


class AccountsClient:
    def __init__(self, base, key, timeout=20):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def _request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(
            self.base + path, data=data, method=method,
            headers={"Authorization": f"Bearer {self.key}",
                     "Content-Type": "application/json",
                     "User-Agent": "workshop-invoice-push/1.3"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            raw = resp.read()
            return resp.status, (json.loads(raw) if raw else {})

    def ping(self):
        status, _ = self._request("GET", "/status")
        return status == 200

    def push_invoice(self, invoice):
        return self._request("POST", "/invoices", invoice)


def load_state():
    if STATE_FILE.exists():
        return set(json.loads(STATE_FILE.read_text()))
    return set()


def save_state(pushed):
    # write atomically so a crash mid-write can't corrupt the record
    fd, tmp = tempfile.mkstemp(dir=".", prefix=".pushed_", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(sorted(pushed), fh)
    os.replace(tmp, STATE_FILE)
    os.chmod(STATE_FILE, 0o600)


def to_payload(inv):
    return {
        "reference": inv["id"],
        "customer": inv["customer"],
        "issued": inv["issued_on"],
        "lines": [{"description": l["desc"], "amount": round(float(l["amount"]), 2),
                   "vat_rate": l.get("vat_rate", 0.2)} for l in inv.get("lines", [])],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export_dir", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("ACCOUNTS_API_KEY")
    if not key:
        LOG.error("ACCOUNTS_API_KEY is not set")
        return 1
    client = AccountsClient(API_BASE, key)
    try:
        if not client.ping():
            LOG.error("accounting API not healthy")
            return 1
    except urllib.error.URLError as exc:
        LOG.error("cannot reach accounting API: %s", exc)
        return 1

    pushed = load_state()
    for path in sorted(args.export_dir.glob("INV-*.json")):
        inv = json.loads(path.read_text())
        if inv["id"] in pushed:
            continue
        if args.dry_run:
            LOG.info("would push %s", inv["id"])
            continue
        try:
            status, body = client.push_invoice(to_payload(inv))
        except urllib.error.HTTPError as exc:
            LOG.error("%s rejected: %s", inv["id"], exc.code)
            continue
        if status in (200, 201):
            pushed.add(inv["id"])
            LOG.info("%s accepted as %s", inv["id"], body.get("ledger_id"))
        time.sleep(0.3)  # stay under the API rate limit
    if not args.dry_run:
        save_state(pushed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
