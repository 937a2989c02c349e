#!/usr/bin/env python3
"""Booking deposit reconciler.

Matches the payout export from the card processor (Square, Stripe, SumUp...)
against the deposits recorded in the studio booking database, and writes a
report of deposits that were never paid out, paid twice, or refunded without
the booking being cancelled.

Each processor formats its export differently, so the column mappings are
published as small JSON profiles on the studio-tools index; the reconciler
keeps a local copy under ./.profiles and refreshes it when the index changes.
"""
import argparse
import csv
import json
import logging
import sqlite3
import sys
import urllib.request
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

log = logging.getLogger("deposit_reconciler")

PROFILE_INDEX = "https://tools.inkdesk.example/profiles/index.json"
CACHE_DIR = Path(".profiles")


@dataclass
class Payout:
    ref: str
    booking_id: str
    amount: Decimal
    kind: str  # "charge" or "refund"


class ProfileStore:
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
            raise KeyError(f"no profile published for {processor!r}")
        target = self.cache_dir / f"{processor}_{entry['version']}.json"
        if not target.exists():
            log.info("fetching %s profile v%s", processor, entry["version"])
            target.write_bytes(self._get(entry["url"]))
        return target

    def load(self, processor):
        return json.loads(self.refresh(processor).read_text())


def parse_row(profile, row):
    cols = profile["columns"]
    kind_raw = row.get(cols["type"], "").strip().lower()
    kind = profile.get("kinds", {}).get(kind_raw)
    if kind is None:
        return None
    try:
        amount = abs(Decimal(row[cols["amount"]].replace(",", "").strip() or "0"))
    except (InvalidOperation, KeyError):
        return None
    scale = Decimal(profile.get("amount_scale", "1"))
    return Payout(ref=row.get(cols["ref"], ""),
                  booking_id=row.get(cols["booking"], "").strip(),
                  amount=(amount / scale).quantize(Decimal("0.01")),
                  kind=kind)


def read_payouts(profile, export_path):
    with open(export_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            parsed = parse_row(profile, row)
            if parsed:
                yield parsed


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
    ap.add_argument("--index", default=PROFILE_INDEX)
    ap.add_argument("--report", default="deposit_report.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        profile = ProfileStore(args.index).load(args.processor)
    except (OSError, KeyError, ValueError) as exc:
        log.error("could not load profile: %s", exc)
        return 2

    deposits = load_deposits(args.db, args.since)
    payouts = list(read_payouts(profile, args.export))
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
