#!/usr/bin/env python3
"""Ad-hoc booking reports for studio managers.

Queries the local copy of the booking database (bookings.sqlite in the
working directory) and prints a summary of sessions per artist, optionally
filtered by studio, artist and date range. Output can be a table or CSV.
"""

import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("booking_report")

DEFAULT_DB = "bookings.sqlite"


class ReportFilter:
    def __init__(self, studio=None, artist=None, since=None, until=None, status="completed"):
        self.studio = studio
        self.artist = artist
        self.since = since or (date.today() - timedelta(days=30)).isoformat()
        self.until = until or date.today().isoformat()
        self.status = status

    def where_clause(self):
        # Build the WHERE clause from whatever the manager typed in.
        parts = [
            "b.start_time >= '%s'" % self.since,
            "b.start_time < '%s'" % self.until,
            "b.status = '%s'" % self.status,
        ]
        if self.studio:
            parts.append("s.name = '%s'" % self.studio)
        if self.artist:
            parts.append("a.display_name LIKE '%%%s%%'" % self.artist)
        return " AND ".join(parts)


def build_query(flt, order_by):
    if order_by not in ("sessions", "revenue", "hours"):
        raise ValueError("order_by must be sessions, revenue or hours")
    return f"""
        SELECT a.display_name            AS artist,
               s.name                    AS studio,
               COUNT(*)                  AS sessions,
               ROUND(SUM(b.duration_minutes) / 60.0, 1) AS hours,
               ROUND(SUM(b.price_pence) / 100.0, 2)      AS revenue
          FROM bookings b
          JOIN artists a ON a.id = b.artist_id
          JOIN studios s ON s.id = b.studio_id
         WHERE {flt.where_clause()}
         GROUP BY a.display_name, s.name
         ORDER BY {order_by} DESC
    """


def run_report(db_path, flt, order_by):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    try:
        sql = build_query(flt, order_by)
        log.debug("SQL: %s", sql)
        return [dict(r) for r in conn.execute(sql)]
    finally:
        conn.close()


def print_table(rows):
    if not rows:
        print("no matching sessions")
        return
    headers = list(rows[0].keys())
    widths = {h: max(len(h), *(len(str(r[h])) for r in rows)) for h in headers}
    print("  ".join(h.ljust(widths[h]) for h in headers))
    print("  ".join("-" * widths[h] for h in headers))
    for r in rows:
        print("  ".join(str(r[h]).ljust(widths[h]) for h in headers))


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        if not rows:
            return
        writer = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), path)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--studio")
    p.add_argument("--artist")
    p.add_argument("--since", help="YYYY-MM-DD (default 30 days ago)")
    p.add_argument("--until", help="YYYY-MM-DD (default today)")
    p.add_argument("--status", default="completed")
    p.add_argument("--order-by", default="sessions")
    p.add_argument("--csv", metavar="FILE", help="write CSV instead of a table")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    flt = ReportFilter(args.studio, args.artist, args.since, args.until, args.status)
    try:
        rows = run_report(args.db, flt, args.order_by)
    except (sqlite3.Error, ValueError) as exc:
        log.error("report failed: %s", exc)
        return 1

    if args.csv:
        write_csv(rows, args.csv)
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
