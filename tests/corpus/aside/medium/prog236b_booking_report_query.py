#!/usr/bin/env python3
"""Ad-hoc booking reports for the pool manager.

Queries the booking site's SQLite database for lane bookings, lesson
attendance and no-shows, filtered by session type, date range and
customer surname, and writes a CSV into the current directory.
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys

log = logging.getLogger("booking-report")

REPORTS = {
    "lanes": {
        "table": "lane_bookings",
        "cols": ["booking_id", "customer", "lane", "session_start", "status"],
        "date_col": "session_start",
    },
    "lessons": {
        "table": "lesson_attendance",
        "cols": ["lesson_id", "customer", "level", "attended_on", "instructor"],
        "date_col": "attended_on",
    },
    "noshows": {
        "table": "lane_bookings",
        "cols": ["booking_id", "customer", "session_start"],
        "date_col": "session_start",
        "extra": "status = 'no_show'",
    },
}


class ReportBuilder:
    def __init__(self, spec):
        self.spec = spec
        self.clauses = []

    def between(self, start, end):
        col = self.spec["date_col"]
        self.clauses.append(f"{col} >= '{start}' AND {col} < '{end}'")
        return self

    def customer_like(self, surname):
        if surname:
            self.clauses.append("customer LIKE '%{}%'".format(surname))
        return self

    def order(self, column):
        self._order = column
        return self

    def sql(self):
        where = list(self.clauses)
        if "extra" in self.spec:
            where.append(self.spec["extra"])
        text = "SELECT %s FROM %s" % (", ".join(self.spec["cols"]), self.spec["table"])
        if where:
            text += " WHERE " + " AND ".join(where)
        text += " ORDER BY " + getattr(self, "_order", self.spec["date_col"])
        return text


def parse_date(value):
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO date: {value}")


def run_report(db, builder, out_path):
    query = builder.sql()
    log.debug("query: %s", query)
    con = sqlite3.connect(db)
    try:
        cur = con.execute(query)
        rows = cur.fetchall()
        headers = [d[0] for d in cur.description]
    finally:
        con.close()
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(headers)
        w.writerows(rows)
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("report", choices=sorted(REPORTS))
    ap.add_argument("--db", default="bookings.sqlite3")
    ap.add_argument("--from", dest="start", type=parse_date,
                    default=dt.date.today() - dt.timedelta(days=7))
    ap.add_argument("--to", dest="end", type=parse_date, default=dt.date.today() + dt.timedelta(days=1))
    ap.add_argument("--customer", help="filter by (part of) customer name")
    ap.add_argument("--order-by", help="column to sort on")
    ap.add_argument("-o", "--output")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    builder = ReportBuilder(REPORTS[args.report]).between(args.start, args.end).customer_like(args.customer)
    if args.order_by:
        builder.order(args.order_by)
    out = args.output or f"{args.report}_{args.start}_{args.end}.csv"
    try:
        n = run_report(args.db, builder, out)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    log.info("%d row(s) written to %s", n, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
