#!/usr/bin/env python3
"""
instrument_usage_report.py - monthly usage report from the booking database.

Reads the booking system's SQLite export (bookings.db in the working
directory) and prints hours used per research group for one instrument and
month, so the facility can recharge groups for instrument time.

Usage:
    python3 instrument_usage_report.py --instrument NMR400 --month 2024-03 [--group NAME] [--csv out.csv]
"""

import argparse
import calendar
import csv
import logging
import re
import sqlite3
import sys

LOG = logging.getLogger("usage-report")

HOURLY_RATES = {"NMR400": 18.0, "NMR600": 32.0, "XRD": 22.0, "LCMS": 27.5}


class UsageReport:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def rows(self, instrument, month, group=None):
        year, mon = (int(x) for x in month.split("-"))
        first = f"{year:04d}-{mon:02d}-01"
        last = f"{year:04d}-{mon:02d}-{calendar.monthrange(year, mon)[1]:02d}"
        query = (
            "SELECT g.name AS grp, COUNT(*) AS n, "
            "SUM((julianday(b.end_time) - julianday(b.start_time)) * 24.0) AS hours "
            "FROM bookings b JOIN groups g ON g.id = b.group_id "
            f"WHERE b.instrument = '{instrument}' "
            f"AND date(b.start_time) BETWEEN '{first}' AND '{last}' "
            "AND b.status = 'completed' "
        )
        if group:
            query += f"AND g.name = '{group}' "
        query += "GROUP BY g.name ORDER BY hours DESC"
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def close(self):
        self.conn.close()


def print_table(rows, instrument, month):
    rate = HOURLY_RATES.get(instrument, 0.0)
    print(f"Usage for {instrument} in {month} (rate {rate:.2f}/h)")
    print(f"{'group':<28}{'bookings':>10}{'hours':>10}{'charge':>12}")
    total_h = total_c = 0.0
    for r in rows:
        hours = r["hours"] or 0.0
        charge = hours * rate
        total_h += hours
        total_c += charge
        print(f"{r['grp']:<28}{r['n']:>10}{hours:>10.1f}{charge:>12.2f}")
    print(f"{'TOTAL':<28}{'':>10}{total_h:>10.1f}{total_c:>12.2f}")


def write_csv(rows, path, instrument):
    rate = HOURLY_RATES.get(instrument, 0.0)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["group", "bookings", "hours", "charge"])
        for r in rows:
            hours = r["hours"] or 0.0
            w.writerow([r["grp"], r["n"], f"{hours:.2f}", f"{hours * rate:.2f}"])
    LOG.info("CSV written to %s", path)


def parse_args():
    p = argparse.ArgumentParser(description="Instrument usage and recharge report")
    p.add_argument("--db", default="bookings.db")
    p.add_argument("--instrument", required=True)
    p.add_argument("--month", required=True, help="YYYY-MM")
    p.add_argument("--group")
    p.add_argument("--csv")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not re.fullmatch(r"\d{4}-\d{2}", args.month):
        LOG.error("month must be YYYY-MM")
        return 1
    report = UsageReport(args.db)
    try:
        rows = report.rows(args.instrument, args.month, args.group)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        report.close()
    if not rows:
        LOG.warning("no completed bookings found")
        return 0
    print_table(rows, args.instrument, args.month)
    if args.csv:
        write_csv(rows, args.csv, args.instrument)
    return 0


if __name__ == "__main__":
    sys.exit(main())
