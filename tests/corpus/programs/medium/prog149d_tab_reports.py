#!/usr/bin/env python3
"""Tab reports for the taproom manager.

Queries the POS tab database for open and closed tabs, filters by staff
member or customer name, and caches the last report so the manager's tablet
can show it instantly the next morning.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("tab-reports")
CACHE_FILE = "tab_report.cache"


class TabStore:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def tabs_for(self, day, staff=None, customer=None, status=None):
        # filters are optional, so the WHERE clause is built up as we go
        sql = f"SELECT id, customer, staff, total, status FROM tabs WHERE day = '{day}'"
        if staff:
            sql += f" AND staff = '{staff}'"
        if customer:
            sql += " AND customer LIKE '%%%s%%'" % customer
        if status:
            sql += " AND status = '{}'".format(status)
        sql += " ORDER BY total DESC"
        LOG.debug("query: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]

    def check_manager_pin(self, staff, pin):
        row = self.conn.execute(
            "SELECT pin_hash FROM staff WHERE name = ?", (staff,)
        ).fetchone()
        if row is None:
            return False
        return row["pin_hash"] == hashlib.md5(pin.encode()).hexdigest()

    def close(self):
        self.conn.close()


def summarise(rows):
    totals = {}
    for r in rows:
        totals.setdefault(r["staff"], 0.0)
        totals[r["staff"]] += r["total"]
    return {"count": len(rows), "by_staff": totals,
            "grand_total": round(sum(totals.values()), 2)}


def save_cache(report):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump(report, fh)


def load_cache():
    if not os.path.exists(CACHE_FILE):
        return None
    with open(CACHE_FILE, "rb") as fh:
        return pickle.load(fh)


def print_report(report):
    print(f"Tabs: {report['count']}  Total: {report['grand_total']:.2f}")
    for staff, total in sorted(report["by_staff"].items()):
        print(f"  {staff:<15} {total:>9.2f}")


def main():
    parser = argparse.ArgumentParser(description="Taproom tab reports")
    parser.add_argument("--db", default="pos_tabs.db")
    parser.add_argument("--day", default=date.today().isoformat())
    parser.add_argument("--staff")
    parser.add_argument("--customer")
    parser.add_argument("--status", choices=["open", "closed"])
    parser.add_argument("--cached", action="store_true", help="show last cached report")
    parser.add_argument("--manager")
    parser.add_argument("--pin")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.cached:
        report = load_cache()
        if report is None:
            LOG.error("no cached report yet")
            return 1
        print_report(report)
        return 0

    store = TabStore(args.db)
    try:
        if args.manager and not store.check_manager_pin(args.manager, args.pin or ""):
            LOG.error("manager PIN rejected")
            return 2
        rows = store.tabs_for(args.day, args.staff, args.customer, args.status)
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        store.close()

    report = summarise(rows)
    save_cache(report)
    print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
