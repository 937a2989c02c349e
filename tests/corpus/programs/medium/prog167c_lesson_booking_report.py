#!/usr/bin/env python3
"""Weekly lesson booking report.

Reads the lesson bookings database used by the front desk and prints the
week's sessions per coach, with no-shows and helmet rentals, for the Monday
staff meeting.
"""

import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("lesson-report")

DB_PATH = Path("data/bookings.sqlite3")

REPORT_COLUMNS = ("coach", "session_date", "level", "riders", "no_shows", "helmets")


def week_bounds(day):
    start = day - dt.timedelta(days=day.weekday())
    end = start + dt.timedelta(days=7)
    return start.isoformat(), end.isoformat()


def connect(path):
    if not path.exists():
        raise FileNotFoundError(f"bookings database not found: {path}")
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def build_query(start, end, coach=None, level=None):
    where = [f"s.session_date >= '{start}'", f"s.session_date < '{end}'"]
    if coach:
        where.append(f"c.name = '{coach}'")
    if level:
        where.append(f"s.level = '{level}'")
    return (
        "SELECT c.name AS coach, s.session_date, s.level, "
        "COUNT(b.id) AS riders, "
        "SUM(CASE WHEN b.attended = 0 THEN 1 ELSE 0 END) AS no_shows, "
        "SUM(b.helmet_rental) AS helmets "
        "FROM sessions s "
        "JOIN coaches c ON c.id = s.coach_id "
        "LEFT JOIN bookings b ON b.session_id = s.id "
        "WHERE " + " AND ".join(where) + " "
        "GROUP BY s.id ORDER BY c.name, s.session_date"
    )


def fetch_rows(conn, query):
    log.debug("query: %s", query)
    return [dict(r) for r in conn.execute(query).fetchall()]


def print_table(rows):
    if not rows:
        print("no sessions this week")
        return
    widths = {col: max(len(col), *(len(str(r[col] or 0)) for r in rows)) for col in REPORT_COLUMNS}
    print("  ".join(col.ljust(widths[col]) for col in REPORT_COLUMNS))
    for row in rows:
        print("  ".join(str(row[col] or 0).ljust(widths[col]) for col in REPORT_COLUMNS))


def totals(rows):
    riders = sum(r["riders"] or 0 for r in rows)
    no_shows = sum(r["no_shows"] or 0 for r in rows)
    rate = (no_shows / riders * 100) if riders else 0.0
    return riders, no_shows, rate


def write_csv(rows, path):
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=REPORT_COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %s", path)


def parse_args():
    parser = argparse.ArgumentParser(description="Lesson bookings for a week")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--day", type=dt.date.fromisoformat, default=dt.date.today())
    parser.add_argument("--coach")
    parser.add_argument("--level", choices=["beginner", "intermediate", "bowl", "street"])
    parser.add_argument("--csv", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    start, end = week_bounds(args.day)
    try:
        conn = connect(args.db)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1
    rows = fetch_rows(conn, build_query(start, end, args.coach, args.level))
    conn.close()
    print(f"Lessons {start} to {end}")
    print_table(rows)
    riders, no_shows, rate = totals(rows)
    print(f"\n{riders} riders booked, {no_shows} no-shows ({rate:.1f}%)")
    if args.csv:
        write_csv(rows, args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
