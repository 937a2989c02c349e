#!/usr/bin/env python3
"""Appointment gap report.

Reads the local SQLite copy of the scheduling database and lists open chair
time per provider and operatory, so the front desk can fill gaps from the
short-notice list.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, datetime, timedelta

log = logging.getLogger("gap-report")

DAY_START = 8 * 60
DAY_END = 17 * 60

QUERY_PARTS = {
    "select": "SELECT a.provider, a.operatory, a.start_min, a.duration_min",
    "from": "FROM appointments a",
    "where": "WHERE a.appt_date = '{day}' AND a.status != 'cancelled'",
    "provider": " AND a.provider = '{provider}'",
    "clinic": " AND a.clinic_code = '{clinic}'",
    "order": "ORDER BY a.provider, a.operatory, a.start_min",
}


class GapFinder:
    def __init__(self, conn):
        self.conn = conn

    def _build(self, day, provider=None, clinic=None):
        where = QUERY_PARTS["where"].format(day=day)
        if provider:
            where += QUERY_PARTS["provider"].format(provider=provider)
        if clinic:
            where += QUERY_PARTS["clinic"].format(clinic=clinic)
        return " ".join([QUERY_PARTS["select"], QUERY_PARTS["from"], where, QUERY_PARTS["order"]])

    def booked(self, day, provider=None, clinic=None):
        sql = self._build(day, provider, clinic)
        log.debug("query: %s", sql)
        cur = self.conn.execute(sql)
        slots = {}
        for prov, op, start, dur in cur.fetchall():
            slots.setdefault((prov, op), []).append((start, start + dur))
        return slots

    @staticmethod
    def gaps(intervals, min_len):
        free = []
        cursor = DAY_START
        for start, end in sorted(intervals):
            if start - cursor >= min_len:
                free.append((cursor, start))
            cursor = max(cursor, end)
        if DAY_END - cursor >= min_len:
            free.append((cursor, DAY_END))
        return free


def fmt(minutes):
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="schedule_copy.sqlite")
    ap.add_argument("--day", default=(date.today() + timedelta(days=1)).isoformat())
    ap.add_argument("--provider")
    ap.add_argument("--clinic")
    ap.add_argument("--min", type=int, default=30, help="minimum gap in minutes")
    ap.add_argument("--csv", help="write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")
    try:
        datetime.strptime(args.day, "%Y-%m-%d")
    except ValueError:
        log.error("day must be YYYY-MM-DD")
        return 1
    try:
        conn = sqlite3.connect(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1
    finder = GapFinder(conn)
    try:
        booked = finder.booked(args.day, args.provider, args.clinic)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    rows = []
    for (prov, op), intervals in sorted(booked.items()):
        for start, end in finder.gaps(intervals, args.min):
            rows.append((prov, op, fmt(start), fmt(end), end - start))
    conn.close()
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["provider", "operatory", "from", "to", "minutes"])
            w.writerows(rows)
        log.info("wrote %d gaps to %s", len(rows), args.csv)
    else:
        for r in rows:
            print(f"{r[0]:<12} op{r[1]:<3} {r[2]}-{r[3]} ({r[4]} min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
