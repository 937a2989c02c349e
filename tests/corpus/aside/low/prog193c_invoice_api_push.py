#!/usr/bin/env python3
"""Push the week's wholesale invoices to the accounting service.

Reads invoice rows exported from the shop system and posts each invoice as
JSON to the accounting provider's API, using the API key the bookkeeper
put in the environment.
"""

import argparse
import csv
import importlib
import json
import logging
import os
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field, asdict
from pathlib import Path

log = logging.getLogger("invoice_push")

API_BASE = os.environ.get("ACCOUNTING_API", "https://api.ledger.example.com/v2")


@dataclass
class Invoice:
    number: str
    customer: str
    lines: list = field(default_factory=list)

    @property
    def total(self) -> float:
        return round(sum(l["qty"] * l["unit_price"] for l in self.lines), 2)


def read_invoices(path: Path) -> list:
    grouped = defaultdict(list)
    names = {}
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            grouped[row["invoice_no"]].append({
                "sku": row["sku"],
                "description": row["description"],
                "qty": int(row["qty"]),
                "unit_price": float(row["unit_price"]),
            })
            names[row["invoice_no"]] = row["customer"]
    return [Invoice(n, names[n], lines) for n, lines in grouped.items()]


def make_client(api_key: str):
    http = importlib.import_module("requests")
    session = http.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}",
                            "Content-Type": "application/json"})

    def send(method: str, path: str, body: dict):
        call = getattr(session, method)
        return call(f"{API_BASE}{path}", data=json.dumps(body), timeout=30)
    return send


def push_all(invoices, send, dry_run: bool) -> dict:
    results = {}
    for inv in invoices:
        body = asdict(inv) | {"total": inv.total, "currency": "USD"}
        if dry_run:
            results[inv.number] = "dry-run"
            continue
        resp = send("post", "/invoices", body)
        results[inv.number] = resp.status_code
        log.info("%s -> %s (%s, $%.2f)", inv.number, resp.status_code, inv.customer, inv.total)
    return results


def main():
    parser = argparse.ArgumentParser(description="push invoices to accounting")
    parser.add_argument("export", type=Path, help="invoice_lines.csv")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    api_key = os.environ.get("LEDGER_API_KEY")
    if not api_key and not args.dry_run:
        parser.error("LEDGER_API_KEY is not set")
    invoices = read_invoices(args.export)
    results = push_all(invoices, make_client(api_key or ""), args.dry_run)

    fd, summary = tempfile.mkstemp(prefix="invoice_push_", suffix=".json", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(results, fh, indent=2)
    os.chmod(summary, 0o600)
    log.info("summary written to %s", summary)


if __name__ == "__main__":
    main()
