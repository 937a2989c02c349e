#!/usr/bin/env python3
"""Send the daily revenue summary for a store to the bookkeeping API.

Totals the coin, card and app revenue from the day's export, attaches
the raw export (base64) and posts it once; an MD5 of the export is used
as the cache key so re-running the script the same day is a no-op.
"""
import argparse
import base64
import csv
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

LOG = logging.getLogger("suds.revenue")

CACHE_DIR = Path(".cache") / "revenue"


@dataclass
class BooksApi:
    base: str = os.environ.get("BOOKS_API_URL", "https://books.example.com/api")
    key_var: str = "BOOKS_API_KEY"
    endpoint: tuple = ("v3", "daily-revenue")

    def url(self) -> str:
        return "/".join((self.base.rstrip("/"),) + self.endpoint)

    def headers(self) -> dict:
        key = os.environ.get(self.key_var)
        if not key:
            raise SystemExit(f"{self.key_var} is not set")
        return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


@dataclass
class Totals:
    coins: float = 0.0
    card: float = 0.0
    app: float = 0.0
    cycles: int = 0
    by_machine: dict = field(default_factory=dict)


TENDER = {"coin": "coins", "card": "card", "app": "app"}


def total(export: Path) -> Totals:
    t = Totals()
    with export.open(newline="") as fh:
        for row in csv.DictReader(fh):
            amount = float(row["amount"])
            attr = TENDER.get(row.get("tender", "coin"), "coins")
            setattr(t, attr, round(getattr(t, attr) + amount, 2))
            t.cycles += 1
            t.by_machine[row["machine"]] = round(t.by_machine.get(row["machine"], 0.0) + amount, 2)
    return t


def cache_key(export: Path) -> str:
    return hashlib.md5(export.read_bytes()).hexdigest()


def already_sent(key: str) -> bool:
    return (CACHE_DIR / key).exists()


def mark_sent(key: str, receipt: dict) -> None:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    marker = CACHE_DIR / key
    marker.write_text(json.dumps(receipt))
    os.chmod(marker, 0o600)


def build_payload(store: str, day: str, t: Totals, export: Path) -> dict:
    return {
        "store": store,
        "date": day,
        "totals": {"coins": t.coins, "card": t.card, "app": t.app, "cycles": t.cycles},
        "machines": t.by_machine,
        "attachment": {
            "filename": export.name,
            "content_b64": base64.b64encode(export.read_bytes()).decode("ascii"),
        },
    }


def post(api: BooksApi, payload: dict) -> dict:
    http = importlib.import_module("requests")
    resp = getattr(http, "post")(api.url(), json=payload, headers=api.headers(), timeout=15)
    resp.raise_for_status()
    return resp.json()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("export", type=Path, help="day's transaction export CSV")
    parser.add_argument("--store", default=os.environ.get("SUDS_STORE_ID", "store-017"))
    parser.add_argument("--date", default=date.today().isoformat())
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = cache_key(args.export)
    if already_sent(key):
        LOG.info("export %s already reported (cache %s)", args.export, key[:8])
        return 0
    totals = total(args.export)
    payload = build_payload(args.store, args.date, totals, args.export)
    if args.dry_run:
        print(json.dumps({k: v for k, v in payload.items() if k != "attachment"}, indent=2))
        return 0
    receipt = post(BooksApi(), payload)
    mark_sent(key, receipt)
    LOG.info("reported %s: coins %.2f card %.2f app %.2f", args.date, totals.coins, totals.card, totals.app)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
