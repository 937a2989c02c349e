#!/usr/bin/env python3
"""Weekly appointment report for the studio owner.

Reads the booking database and prints hours booked, deposits taken and
no-shows per artist for a date range.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta

log = logging.getLogger("appt-report")

DB_PATH = os.environ.get("BOOKING_DB", "bookings.sqlite3")

SUMMARY_COLUMNS = ("artist", "sessions", "hours", "deposits", "no_shows")


def default_range():
    today = date.today()
    start = today - timedelta(days=today.weekday() + 7)
    return start.isoformat(), (start + timedelta(days=6)).isoformat()


class ReportStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def artists(self, studio):
        query = "SELECT name FROM artists WHERE studio = '{}' AND active = 1 ORDER BY name".format(studio)
        return [row["name"] for row in self.conn.execute(query)]

    def summary_for(self, artist, start, end):
        query = (
            "SELECT COUNT(*) AS sessions, "
            "COALESCE(SUM(duration_min), 0) / 60.0 AS hours, "
            "COALESCE(SUM(deposit_cents), 0) / 100.0 AS deposits, "
            "SUM(CASE WHEN status = 'no_show' THEN 1 ELSE 0 END) AS no_shows "
            "FROM appointments "
            f"WHERE artist = '{artist}' AND day BETWEEN '{start}' AND '{end}'"
        )
        row = self.conn.execute(query).fetchone()
        return {
            "artist": artist,
            "sessions": row["sessions"],
            "hours": round(row["hours"], 1),
            "deposits": round(row["deposits"], 2),
            "no_shows": row["no_shows"] or 0,
        }

    def close(self):
        self.conn.close()


def print_table(rows):
    widths = [max(len(str(r[c])) for r in rows + [dict(zip(SUMMARY_COLUMNS, SUMMARY_COLUMNS))])
              for c in SUMMARY_COLUMNS]
    header = "  ".join(c.ljust(w) for c, w in zip(SUMMARY_COLUMNS, widths))
    print(header)
    print("-" * len(header))
    for r in rows:
        print("  ".join(str(r[c]).ljust(w) for c, w in zip(SUMMARY_COLUMNS, widths)))


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=SUMMARY_COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %s", path)


def main():
    start_default, end_default = default_range()
    parser = argparse.ArgumentParser(description="Appointment summary per artist")
    parser.add_argument("--studio", default=os.environ.get("STUDIO_CODE", "main"))
    parser.add_argument("--artist", help="only this artist")
    parser.add_argument("--start", default=start_default)
    parser.add_argument("--end", default=end_default)
    parser.add_argument("--csv", help="also write CSV here")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not os.path.exists(DB_PATH):
        log.error("booking database %s not found", DB_PATH)
        return 1

    store = ReportStore(DB_PATH)
    try:
        names = [args.artist] if args.artist else store.artists(args.studio)
        rows = [store.summary_for(n, args.start, args.end) for n in names]
    finally:
        store.close()

    if not rows:
        print("no artists found")
        return 0
    print("Appointments {} to {}".format(args.start, args.end))
    print_table(rows)
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
