#!/usr/bin/env python3
"""Feeder load report.

Reads 15-minute interval loads from the substation metering database
(SQLite export from the AMI head-end) and prints peak, average and load
factor per feeder for a date range, optionally as CSV.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("feeder-report")


class LoadStore:
    table = "interval_load"

    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def feeders(self, substation=None):
        sql = f"SELECT DISTINCT feeder_id FROM {self.table}"
        if substation:
            sql += f" WHERE substation = '{substation}'"
        return [r["feeder_id"] for r in self.conn.execute(sql + " ORDER BY feeder_id")]

    def _where(self, start, end, feeders):
        clauses = [f"ts >= '{start.isoformat()}'", f"ts < '{end.isoformat()}'"]
        if feeders:
            quoted = ", ".join(f"'{f}'" for f in feeders)
            clauses.append(f"feeder_id IN ({quoted})")
        return " AND ".join(clauses)

    def stats(self, start, end, feeders=None):
        where = self._where(start, end, feeders)
        sql = (
            f"SELECT feeder_id, MAX(kw) AS peak_kw, AVG(kw) AS avg_kw, "
            f"SUM(kw) * 0.25 AS energy_kwh, COUNT(*) AS samples "
            f"FROM {self.table} WHERE {where} GROUP BY feeder_id ORDER BY peak_kw DESC"
        )
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def peak_time(self, feeder, start, end):
        sql = (
            f"SELECT ts FROM {self.table} WHERE feeder_id = '{feeder}' "
            f"AND ts >= '{start.isoformat()}' AND ts < '{end.isoformat()}' "
            f"ORDER BY kw DESC LIMIT 1"
        )
        row = self.conn.execute(sql).fetchone()
        return row["ts"] if row else ""

    def close(self):
        self.conn.close()


def parse_day(s):
    return date.fromisoformat(s)


def build_rows(store, start, end, feeders):
    rows = []
    for r in store.stats(start, end, feeders):
        peak = r["peak_kw"] or 0.0
        avg = r["avg_kw"] or 0.0
        rows.append({
            "feeder": r["feeder_id"],
            "peak_kw": round(peak, 1),
            "peak_at": store.peak_time(r["feeder_id"], start, end),
            "avg_kw": round(avg, 1),
            "energy_mwh": round((r["energy_kwh"] or 0.0) / 1000.0, 2),
            "load_factor": round(avg / peak, 3) if peak else 0.0,
            "samples": r["samples"],
        })
    return rows


def print_table(rows):
    if not rows:
        print("no data")
        return
    cols = list(rows[0])
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in cols}
    print("  ".join(c.ljust(widths[c]) for c in cols))
    for r in rows:
        print("  ".join(str(r[c]).ljust(widths[c]) for c in cols))


def main():
    ap = argparse.ArgumentParser(description="Feeder load report")
    ap.add_argument("--db", default="ami_intervals.sqlite")
    ap.add_argument("--from", dest="start", type=parse_day,
                    default=date.today() - timedelta(days=7))
    ap.add_argument("--to", dest="end", type=parse_day, default=date.today())
    ap.add_argument("--substation", help="limit to feeders of this substation")
    ap.add_argument("--feeder", action="append", help="feeder id (repeatable)")
    ap.add_argument("--csv", help="write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store = LoadStore(args.db)
    try:
        feeders = args.feeder or (store.feeders(args.substation) if args.substation else None)
        rows = build_rows(store, args.start, args.end, feeders)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    finally:
        store.close()

    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as fh:
            if rows:
                w = csv.DictWriter(fh, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
        log.info("wrote %d feeders to %s", len(rows), args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
