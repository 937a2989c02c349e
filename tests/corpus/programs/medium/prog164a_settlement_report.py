#!/usr/bin/env python3
"""Daily settlement report for a shop.

Pulls settled bets from the shop's SQLite ledger and prints totals per
market and per cashier, optionally writing a CSV for head office.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, datetime

DEFAULT_DB = os.environ.get("SHOP_LEDGER_DB", "ledger.sqlite3")

log = logging.getLogger("settlement")


class Ledger:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def settled_bets(self, day, shop, market=None, cashier=None):
        sql = (
            "SELECT bet_id, cashier, market, stake, returns, settled_at "
            "FROM bets WHERE status = 'settled' "
            "AND date(settled_at) = '{}' AND shop_code = '{}'".format(day, shop)
        )
        if market:
            sql += " AND market = '%s'" % market
        if cashier:
            sql += f" AND cashier = '{cashier}'"
        sql += " ORDER BY settled_at"
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def totals_by(rows, key):
    out = {}
    for row in rows:
        bucket = out.setdefault(row[key], {"bets": 0, "stake": 0.0, "returns": 0.0})
        bucket["bets"] += 1
        bucket["stake"] += row["stake"]
        bucket["returns"] += row["returns"]
    return out


def print_table(title, totals):
    print(title)
    print("{:<24}{:>8}{:>12}{:>12}{:>12}".format("", "bets", "stake", "returns", "margin"))
    for name in sorted(totals):
        t = totals[name]
        margin = t["stake"] - t["returns"]
        print("{:<24}{:>8}{:>12.2f}{:>12.2f}{:>12.2f}".format(
            name, t["bets"], t["stake"], t["returns"], margin))
    print()


def write_csv(path, rows):
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["bet_id", "cashier", "market", "stake", "returns", "settled_at"])
        for row in rows:
            writer.writerow([row[k] for k in row.keys()])


def parse_day(text):
    if text == "today":
        return date.today().isoformat()
    return datetime.strptime(text, "%Y-%m-%d").date().isoformat()


def main():
    parser = argparse.ArgumentParser(description="Shop settlement report")
    parser.add_argument("shop", help="shop code, e.g. LDN014")
    parser.add_argument("--day", default="today")
    parser.add_argument("--market")
    parser.add_argument("--cashier")
    parser.add_argument("--db", default=DEFAULT_DB)
    parser.add_argument("--csv", help="also write the rows to this CSV file")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ledger = Ledger(args.db)
    try:
        rows = ledger.settled_bets(parse_day(args.day), args.shop, args.market, args.cashier)
    except sqlite3.Error as exc:
        log.error("ledger query failed: %s", exc)
        return 1
    finally:
        ledger.close()

    if not rows:
        print("no settled bets")
        return 0
    print_table("By market", totals_by(rows, "market"))
    print_table("By cashier", totals_by(rows, "cashier"))
    if args.csv:
        write_csv(args.csv, rows)
        log.info("wrote %d rows to %s", len(rows), args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
