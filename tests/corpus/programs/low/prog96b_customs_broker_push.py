#!/usr/bin/env python3
"""Push bonded-stock movements to the customs broker's filing API.

Reads the day's movements (receipts into bond, withdrawals for consumption,
transfers between bonds) from the ledger export CSV, groups them by entry
number and submits each entry to the broker's API so they can lodge the
warehouse entry / withdrawal declarations on our behalf.  Broker receipts are
written to ./receipts so the bond clerk can reconcile them with the ledger.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import sys
import time
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("broker_push")

REQUIRED = ("entry_no", "movement", "sku", "hts_code", "qty", "uom", "value_usd", "bond_id")
MOVEMENTS = {"RECEIPT", "WITHDRAWAL", "TRANSFER", "MANIPULATION"}


class LedgerError(ValueError):
    pass


def load_movements(path):
    rows = []
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise LedgerError(f"ledger export lacks columns: {', '.join(missing)}")
        for n, row in enumerate(reader, start=2):
            mv = row["movement"].strip().upper()
            if mv not in MOVEMENTS:
                raise LedgerError(f"line {n}: unknown movement {row['movement']!r}")
            try:
                qty = Decimal(row["qty"])
                value = Decimal(row["value_usd"])
            except InvalidOperation as exc:
                raise LedgerError(f"line {n}: bad number ({exc})") from None
            rows.append({**row, "movement": mv, "qty": str(qty), "value_usd": str(value)})
    return rows


def group_by_entry(rows):
    entries = defaultdict(list)
    for row in rows:
        entries[row["entry_no"].strip()].append(row)
    return entries


class BrokerClient:
    def __init__(self, base_url, api_key, timeout=30):
        parts = urlsplit(base_url)
        if parts.scheme != "https":
            raise ValueError("broker URL must be https")
        self.host = parts.hostname
        self.port = parts.port or 443
        self.prefix = parts.path.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _request(self, method, path, payload=None):
        conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
        headers = {
            "Authorization": f"ApiKey {self.api_key}",
            "Content-Type": "application/json",
            "Accept": "application/json",
            "User-Agent": "bond-ledger-push/2.3",
        }
        body = json.dumps(payload) if payload is not None else None
        try:
            conn.request(method, self.prefix + path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:300]!r}")
        return json.loads(data or b"{}")

    def submit_entry(self, entry_no, lines, filer_code, retries=3):
        payload = {
            "entry_number": entry_no,
            "filer_code": filer_code,
            "bond_id": lines[0]["bond_id"],
            "lines": [{k: ln[k] for k in REQUIRED if k not in ("entry_no", "bond_id")} for ln in lines],
        }
        for attempt in range(1, retries + 1):
            try:
                return self._request("POST", "/v1/warehouse-entries", payload)
            except (OSError, http.client.HTTPException, RuntimeError) as exc:
                log.warning("entry %s attempt %d failed: %s", entry_no, attempt, exc)
                if attempt == retries:
                    raise
                time.sleep(2 ** attempt)


def main(argv=None):
    ap = argparse.ArgumentParser(description="submit bonded movements to the broker")
    ap.add_argument("ledger", help="ledger export CSV")
    ap.add_argument("--broker-url", default=os.environ.get("BROKER_API_URL", "https://api.brokerhub.example.com"))
    ap.add_argument("--filer-code", default=os.environ.get("BROKER_FILER_CODE", ""))
    ap.add_argument("--receipts", default="receipts")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("BROKER_API_KEY")
    if not api_key and not args.dry_run:
        log.error("BROKER_API_KEY not set")
        return 2
    try:
        entries = group_by_entry(load_movements(args.ledger))
    except (OSError, LedgerError) as exc:
        log.error("%s", exc)
        return 2

    client = BrokerClient(args.broker_url, api_key or "")
    out_dir = Path(args.receipts)
    out_dir.mkdir(exist_ok=True)
    failed = 0
    for entry_no, lines in sorted(entries.items()):
        if args.dry_run:
            log.info("[dry-run] %s: %d lines", entry_no, len(lines))
            continue
        try:
            receipt = client.submit_entry(entry_no, lines, args.filer_code)
        except Exception as exc:
            failed += 1
            log.error("entry %s not submitted: %s", entry_no, exc)
            continue
        path = out_dir / f"{entry_no}.json"
        path.write_text(json.dumps(receipt, indent=2))
        os.chmod(path, 0o600)
        log.info("entry %s accepted, broker ref %s", entry_no, receipt.get("reference"))
    log.info("%d entries, %d failed", len(entries), failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
