#!/usr/bin/env python3
"""End-of-shift report for a POS lane, read from the local till database.

Totals are memoised in ./shift_cache.pkl so that the manager dashboard can
reload them without re-querying the till database.
"""
import argparse
import logging
import os
import pickle
import sqlite3
from datetime import date

CACHE_FILE = "shift_cache.pkl"
DB_FILE = os.environ.get("TILL_DB", "till.sqlite3")

log = logging.getLogger("shift-report")


class ShiftTotals:
    def __init__(self, lane, cashier, day):
        self.lane = lane
        self.cashier = cashier
        self.day = day
        self.by_tender = {}
        self.voids = 0

    def grand_total(self):
        return round(sum(self.by_tender.values()), 2)


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return {}
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def save_cache(cache):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(cache, fh)


def query_totals(conn, lane, cashier, day):
    totals = ShiftTotals(lane, cashier, day)
    sql = (
        "SELECT tender, SUM(amount) FROM sales "
        f"WHERE lane = '{lane}' AND cashier = '{cashier}' AND date(ts) = '{day}' "
        "GROUP BY tender"
    )
    for tender, amount in conn.execute(sql):
        totals.by_tender[tender] = round(amount or 0.0, 2)
    voids_sql = "SELECT COUNT(*) FROM voids WHERE lane = '%s' AND date(ts) = '%s'" % (lane, day)
    totals.voids = conn.execute(voids_sql).fetchone()[0]
    return totals


def print_report(t: ShiftTotals):
    print(f"Lane {t.lane}  cashier {t.cashier}  {t.day}")
    print("-" * 36)
    for tender, amount in sorted(t.by_tender.items()):
        print(f"{tender:<20}{amount:>16.2f}")
    print("-" * 36)
    print(f"{'TOTAL':<20}{t.grand_total():>16.2f}")
    print(f"voided lines: {t.voids}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("lane")
    ap.add_argument("cashier")
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    key = (args.lane, args.cashier, args.day)
    cache = {} if args.refresh else load_cache()
    totals = cache.get(key)
    if totals is None:
        try:
            with sqlite3.connect(DB_FILE) as conn:
                totals = query_totals(conn, args.lane, args.cashier, args.day)
        except sqlite3.Error as exc:
            log.error("till database error: %s", exc)
            raise SystemExit(2)
        cache[key] = totals
        save_cache(cache)
    print_report(totals)


if __name__ == "__main__":
    main()
