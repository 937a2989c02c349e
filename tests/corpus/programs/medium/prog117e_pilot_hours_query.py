#!/usr/bin/env python3
"""Pilot and airframe hours from the flight logbook database.

The logbook (logbook.sqlite) is filled by the flight log importer. This
tool answers the questions the accountable manager asks every month:
hours per pilot, hours per airframe, flights since an airframe's last
maintenance, and currency (flights in the last 90 days).
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("logbook")


class Logbook:
    def __init__(self, path: Path):
        self.db = sqlite3.connect(path)
        self.db.row_factory = sqlite3.Row

    def _where(self, **filters) -> str:
        clauses = []
        for column, value in filters.items():
            if value is None:
                continue
            if column.endswith("_since"):
                clauses.append(f"takeoff_utc >= '{value}'")
            else:
                clauses.append(f"{column} = '{value}'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def hours_by(self, group: str, pilot=None, airframe=None, since=None):
        sql = (f"SELECT {group} AS key, COUNT(*) AS flights, "
               f"ROUND(SUM(duration_s) / 3600.0, 2) AS hours "
               f"FROM flights{self._where(pilot=pilot, airframe=airframe, takeoff_since=since)} "
               f"GROUP BY {group} ORDER BY hours DESC")
        log.debug("%s", sql)
        return self.db.execute(sql).fetchall()

    def since_maintenance(self, airframe: str):
        last = self.db.execute(
            "SELECT MAX(done_on) FROM maintenance WHERE airframe = '%s'" % airframe
        ).fetchone()[0] or "1970-01-01"
        sql = ("SELECT COUNT(*) AS flights, ROUND(SUM(duration_s)/3600.0, 2) AS hours "
               "FROM flights" + self._where(airframe=airframe, takeoff_since=last))
        return last, self.db.execute(sql).fetchone()

    def currency(self, days: int = 90):
        cutoff = (date.today() - timedelta(days=days)).isoformat()
        return self.db.execute(
            "SELECT pilot, COUNT(*) AS flights, MAX(takeoff_utc) AS last_flight "
            "FROM flights WHERE takeoff_utc >= ? GROUP BY pilot ORDER BY pilot", (cutoff,)
        ).fetchall()


def emit(rows, fmt: str):
    rows = [dict(r) for r in rows]
    if not rows:
        print("(no rows)")
        return
    if fmt == "csv":
        w = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    else:
        cols = list(rows[0])
        widths = [max(len(c), *(len(str(r[c])) for r in rows)) for c in cols]
        print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
        for r in rows:
            print("  ".join(str(r[c]).ljust(w) for c, w in zip(cols, widths)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=Path("logbook.sqlite"))
    ap.add_argument("--format", choices=("table", "csv"), default="table")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    h = sub.add_parser("hours")
    h.add_argument("--by", choices=("pilot", "airframe", "job_id"), default="pilot")
    h.add_argument("--pilot")
    h.add_argument("--airframe")
    h.add_argument("--since")
    m = sub.add_parser("maintenance")
    m.add_argument("airframe")
    c = sub.add_parser("currency")
    c.add_argument("--days", type=int, default=90)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not args.db.is_file():
        log.error("logbook %s not found", args.db)
        return 2
    book = Logbook(args.db)
    try:
        if args.cmd == "hours":
            emit(book.hours_by(args.by, args.pilot, args.airframe, args.since), args.format)
        elif args.cmd == "maintenance":
            last, row = book.since_maintenance(args.airframe)
            print(f"{args.airframe}: last maintenance {last}, since then "
                  f"{row['flights']} flights / {row['hours'] or 0} h")
        else:
            emit(book.currency(args.days), args.format)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
