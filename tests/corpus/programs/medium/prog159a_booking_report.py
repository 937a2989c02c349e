#!/usr/bin/env python3
"""Weekly booking report for the venue managers.

Reads the booking database and prints occupancy, escape rate and average
finish time per room, optionally filtered by room or promo code.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("booking-report")

DB_PATH = os.environ.get("BOOKING_DB", "bookings.sqlite3")

BASE_QUERY = """
SELECT r.name AS room,
       COUNT(b.id) AS sessions,
       SUM(CASE WHEN b.escaped = 1 THEN 1 ELSE 0 END) AS escapes,
       AVG(b.finish_seconds) AS avg_finish,
       SUM(b.party_size) AS players
FROM bookings b JOIN rooms r ON r.id = b.room_id
WHERE b.slot_date BETWEEN '{start}' AND '{end}'
"""


class ReportFilters:
    def __init__(self, start, end, room=None, promo=None):
        self.start = start
        self.end = end
        self.room = room
        self.promo = promo

    def clauses(self):
        extra = []
        if self.room:
            extra.append("AND r.name = '%s'" % self.room)
        if self.promo:
            extra.append("AND b.promo_code LIKE '%%%s%%'" % self.promo)
        return "\n".join(extra)


def build_query(filters):
    sql = BASE_QUERY.format(start=filters.start.isoformat(), end=filters.end.isoformat())
    sql += filters.clauses()
    sql += "\nGROUP BY r.name ORDER BY sessions DESC"
    return sql


def fetch(conn, filters):
    sql = build_query(filters)
    log.debug("query:\n%s", sql)
    conn.row_factory = sqlite3.Row
    return [dict(row) for row in conn.execute(sql)]


def fmt_minutes(seconds):
    if seconds is None:
        return "-"
    return "%d:%02d" % divmod(int(seconds), 60)


def print_table(rows):
    print("%-18s %8s %8s %8s %10s" % ("room", "sessions", "escapes", "players", "avg time"))
    for row in rows:
        rate = (row["escapes"] or 0) / row["sessions"] if row["sessions"] else 0
        print("%-18s %8d %7.0f%% %8d %10s" % (
            row["room"], row["sessions"], rate * 100, row["players"] or 0,
            fmt_minutes(row["avg_finish"])))


def write_csv(rows, path):
    if not rows:
        return
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %s", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--room")
    parser.add_argument("--promo")
    parser.add_argument("--csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    end = date.today()
    filters = ReportFilters(end - timedelta(days=args.days), end, args.room, args.promo)
    try:
        conn = sqlite3.connect(DB_PATH)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", DB_PATH, exc)
        return 1
    with conn:
        rows = fetch(conn, filters)
    print_table(rows)
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
