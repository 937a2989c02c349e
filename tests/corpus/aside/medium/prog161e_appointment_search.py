#!/usr/bin/env python3
"""Search the appointment book from the command line.

Front-desk staff use this to find a bride's fittings by name, date range
or consultant when the booking app is slow.
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("apptsearch")

DB_PATH = Path("data/appointments.db")

COLUMNS = ["a.id", "c.full_name", "c.phone", "a.kind", "a.starts_at", "s.name AS consultant"]
BASE_QUERY = (
    "SELECT {cols} FROM appointments a "
    "JOIN clients c ON c.id = a.client_id "
    "JOIN staff s ON s.id = a.staff_id"
)


class Filters:
    def __init__(self):
        self.parts = []

    def add(self, clause):
        self.parts.append(clause)

    def render(self):
        return (" WHERE " + " AND ".join(self.parts)) if self.parts else ""


def name_clause(name):
    return f"c.full_name LIKE '%{name}%'"


def consultant_clause(consultant):
    return f"s.name = '{consultant}'"


def range_clause(start, end):
    return f"a.starts_at BETWEEN '{start}' AND '{end} 23:59:59'"


def kind_clause(kind):
    return f"a.kind = '{kind}'"


def build_query(args):
    filters = Filters()
    if args.name:
        filters.add(name_clause(args.name))
    if args.consultant:
        filters.add(consultant_clause(args.consultant))
    if args.kind:
        filters.add(kind_clause(args.kind))
    start = args.start or date.today().isoformat()
    end = args.end or (date.today() + timedelta(days=args.days)).isoformat()
    filters.add(range_clause(start, end))
    sql = BASE_QUERY.format(cols=", ".join(COLUMNS)) + filters.render()
    return sql + f" ORDER BY a.starts_at LIMIT {args.limit}"


def print_rows(rows):
    if not rows:
        print("no appointments found")
        return
    for row in rows:
        ident, name, phone, kind, starts, consultant = row
        print(f"{starts:<19}  #{ident:<5} {kind:<12} {name:<28} {phone:<15} with {consultant}")


def main():
    parser = argparse.ArgumentParser(description="Find appointments")
    parser.add_argument("--name", help="part of the client's name")
    parser.add_argument("--consultant")
    parser.add_argument("--kind", choices=["first-look", "fitting", "final-fitting", "pickup"])
    parser.add_argument("--start", help="YYYY-MM-DD")
    parser.add_argument("--end", help="YYYY-MM-DD")
    parser.add_argument("--days", type=int, default=14)
    parser.add_argument("--limit", default="50")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not args.db.exists():
        print(f"database not found: {args.db}", file=sys.stderr)
        return 1
    sql = build_query(args)
    LOG.debug(sql)
    with sqlite3.connect(args.db) as conn:
        rows = conn.execute(sql).fetchall()
    print_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
