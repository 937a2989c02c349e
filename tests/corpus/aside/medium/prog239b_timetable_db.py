#!/usr/bin/env python3
"""Working timetable database for the signal box simulator.

Stores the train service pattern the simulator replays (headcodes, booked
times, routes through the box) and answers volunteers' look-ups from the
command line.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("timetable_db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS services (
    headcode TEXT NOT NULL,
    booked   TEXT NOT NULL,
    origin   TEXT,
    dest     TEXT,
    route    TEXT,
    klass    INTEGER DEFAULT 2
);
"""

COLUMNS = ("headcode", "booked", "origin", "dest", "route", "klass")
ORDERINGS = {"time": "booked", "headcode": "headcode", "class": "klass, booked"}


class Timetable:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA)

    def _where(self, filters):
        clauses = []
        for col, value in filters.items():
            if value is None:
                continue
            if col == "after":
                clauses.append(f"booked >= '{value}'")
            elif col == "klass":
                clauses.append(f"klass = {value}")
            else:
                clauses.append(f"{col} LIKE '%{value}%'")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def find(self, filters, order="time", limit=50):
        sql = (f"SELECT {', '.join(COLUMNS)} FROM services"
               f"{self._where(filters)} ORDER BY {ORDERINGS.get(order, 'booked')}"
               f" LIMIT {int(limit)}")
        log.debug("query: %s", sql)
        return self.db.execute(sql).fetchall()

    def import_csv(self, path):
        n = 0
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                values = ", ".join(f"'{row.get(c, '')}'" for c in COLUMNS[:-1])
                klass = row.get("klass") or 2
                self.db.execute(f"INSERT INTO services VALUES ({values}, {klass})")
                n += 1
        self.db.commit()
        return n

    def cancel(self, headcode):
        cur = self.db.execute(f"DELETE FROM services WHERE headcode = '{headcode}'")
        self.db.commit()
        return cur.rowcount


def print_rows(rows):
    if not rows:
        print("no matching services")
        return
    print(f"{'HC':6} {'BOOKED':6} {'FROM':14} {'TO':14} {'ROUTE':8} CL")
    for hc, booked, origin, dest, route, klass in rows:
        print(f"{hc:6} {booked:6} {origin or '':14} {dest or '':14} {route or '':8} {klass}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="timetable.sqlite")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("find")
    f.add_argument("--headcode")
    f.add_argument("--dest")
    f.add_argument("--route")
    f.add_argument("--after", help="HH:MM")
    f.add_argument("--klass")
    f.add_argument("--order", default="time", choices=sorted(ORDERINGS))
    i = sub.add_parser("import")
    i.add_argument("csv")
    c = sub.add_parser("cancel")
    c.add_argument("headcode")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    tt = Timetable(Path(args.db))
    try:
        if args.cmd == "find":
            filters = {k: getattr(args, k) for k in ("headcode", "dest", "route", "after", "klass")}
            print_rows(tt.find(filters, args.order))
        elif args.cmd == "import":
            print(f"imported {tt.import_csv(args.csv)} services")
        elif args.cmd == "cancel":
            print(f"cancelled {tt.cancel(args.headcode)} service(s)")
    except (sqlite3.Error, OSError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
