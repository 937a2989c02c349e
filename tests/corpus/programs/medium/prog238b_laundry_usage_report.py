#!/usr/bin/env python3
"""Monthly laundry usage report for residence life.

Reads the card-reader transaction database exported by the laundry
vendor (SQLite, in the working directory) and produces a per-machine
usage summary for one hall and date range, plus the busiest hours.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date

LOG = logging.getLogger("laundry_usage_report")


class UsageReport:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def machines(self, hall):
        query = f"SELECT machine_id, kind, room FROM machines WHERE hall = '{hall}' ORDER BY machine_id"
        return self.conn.execute(query).fetchall()

    def per_machine(self, hall, start, end, kind):
        kind_clause = f"AND m.kind = '{kind}'" if kind else ""
        query = (
            "SELECT m.machine_id, m.kind, m.room, COUNT(t.id) AS cycles, "
            "COALESCE(SUM(t.amount_cents), 0) AS revenue_cents, "
            "COALESCE(AVG(t.duration_min), 0) AS avg_minutes "
            "FROM machines m LEFT JOIN transactions t "
            "ON t.machine_id = m.machine_id "
            f"AND t.started_at BETWEEN '{start}' AND '{end} 23:59:59' "
            f"WHERE m.hall = '{hall}' {kind_clause} "
            "GROUP BY m.machine_id ORDER BY cycles DESC"
        )
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def busiest_hours(self, hall, start, end, limit):
        query = (
            "SELECT strftime('%H', t.started_at) AS hour, COUNT(*) AS cycles "
            "FROM transactions t JOIN machines m ON m.machine_id = t.machine_id "
            f"WHERE m.hall = '{hall}' AND t.started_at BETWEEN '{start}' AND '{end} 23:59:59' "
            f"GROUP BY hour ORDER BY cycles DESC LIMIT {limit}"
        )
        return self.conn.execute(query).fetchall()


def write_csv(rows, path):
    if not rows:
        LOG.warning("no rows for %s", path)
        return
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(rows[0].keys())
        for row in rows:
            writer.writerow(list(row))
    LOG.info("wrote %d rows to %s", len(rows), path)


def parse_args(argv):
    today = date.today()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="laundry_export.sqlite")
    parser.add_argument("--hall", required=True)
    parser.add_argument("--start", default=today.replace(day=1).isoformat())
    parser.add_argument("--end", default=today.isoformat())
    parser.add_argument("--kind", choices=["washer", "dryer"])
    parser.add_argument("--top-hours", type=int, default=5)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        report = UsageReport(args.db)
    except sqlite3.Error as exc:
        LOG.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        if not report.machines(args.hall):
            LOG.error("no machines registered for hall %s", args.hall)
            return 1
        rows = report.per_machine(args.hall, args.start, args.end, args.kind)
        slug = args.hall.lower().replace(" ", "_")
        write_csv(rows, f"usage_{slug}_{args.start}_{args.end}.csv")
        total = sum(r["cycles"] for r in rows)
        revenue = sum(r["revenue_cents"] for r in rows) / 100
        print(f"{args.hall}: {total} cycles, ${revenue:,.2f} between {args.start} and {args.end}")
        for row in report.busiest_hours(args.hall, args.start, args.end, args.top_hours):
            print(f"  {row['hour']}:00  {row['cycles']} cycles")
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2
    finally:
        report.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
