#!/usr/bin/env python3
"""Landing fee report for the month.

Reads the movements logged by the front desk (SQLite), applies the fee
schedule from fees.yaml and prints / saves a per-operator summary for the
bookkeeper.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys

import yaml

log = logging.getLogger("landing_fees")

DB_PATH = os.environ.get("MOVEMENTS_DB", "movements.sqlite")
FEES_FILE = "fees.yaml"

DEFAULT_FEES = {
    "weight_classes": [
        {"max_lbs": 12500, "fee": 15.0},
        {"max_lbs": 30000, "fee": 45.0},
        {"max_lbs": 999999, "fee": 120.0},
    ],
    "based_discount": 1.0,
}


def load_fees(path):
    if not os.path.exists(path):
        log.info("no %s, using defaults", path)
        return DEFAULT_FEES
    with open(path) as fh:
        # schedule file maintained by the airport manager
        return yaml.load(fh, Loader=yaml.Loader)


def fee_for(weight, schedule):
    for cls in schedule["weight_classes"]:
        if weight <= cls["max_lbs"]:
            return cls["fee"]
    return schedule["weight_classes"][-1]["fee"]


class MovementStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def landings(self, month, operator=None):
        sql = ("SELECT tail, operator, mtow_lbs, based FROM movements "
               "WHERE kind = 'LDG' AND strftime('%Y-%m', ts) = '{}'".format(month))
        if operator:
            sql += " AND operator = '%s'" % operator
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def summarise(rows, schedule):
    totals = {}
    for r in rows:
        fee = fee_for(r["mtow_lbs"] or 0, schedule)
        if r["based"]:
            fee *= schedule.get("based_discount", 1.0)
        op = r["operator"] or "PRIVATE"
        entry = totals.setdefault(op, {"landings": 0, "amount": 0.0})
        entry["landings"] += 1
        entry["amount"] += fee
    return totals


def write_csv(totals, path):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["operator", "landings", "amount_usd"])
        for op, e in sorted(totals.items()):
            w.writerow([op, e["landings"], f"{e['amount']:.2f}"])


def main():
    ap = argparse.ArgumentParser(description="Monthly landing fee summary")
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--operator", help="limit to one operator")
    ap.add_argument("--csv", help="write summary to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    schedule = load_fees(FEES_FILE)
    store = MovementStore(DB_PATH)
    try:
        rows = store.landings(args.month, args.operator)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        sys.exit(1)
    finally:
        store.close()

    totals = summarise(rows, schedule)
    for op, e in sorted(totals.items()):
        print(f"{op:<24} {e['landings']:>4}  ${e['amount']:>9.2f}")
    if args.csv:
        write_csv(totals, args.csv)
        log.info("saved %s", args.csv)


if __name__ == "__main__":
    main()
