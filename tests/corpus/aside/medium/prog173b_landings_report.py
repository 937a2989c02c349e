#!/usr/bin/env python3
"""Landings report for the harbour office: queries the landings database
for a vessel, species or port and prints totals per trip."""
import argparse
import logging
import os
import sqlite3
from dataclasses import dataclass
from functools import reduce

log = logging.getLogger("landings")

DB_PATH = os.environ.get("LANDINGS_DB", "landings.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS landings (
    id INTEGER PRIMARY KEY,
    trip TEXT, vessel TEXT, port TEXT, species TEXT,
    landed_on TEXT, kg REAL, price_per_kg REAL
)
"""


@dataclass
class Filter:
    column: str
    value: str
    op: str = "="

    def render(self):
        return f"{self.column} {self.op} '{self.value}'"


class QueryBuilder:
    base = "SELECT trip, vessel, port, SUM(kg) AS kg, SUM(kg * price_per_kg) AS value FROM landings"
    group = "GROUP BY trip, vessel, port"

    def __init__(self):
        self.filters = []
        self.order = "landed_on"

    def where(self, column, value, op="="):
        if value:
            self.filters.append(Filter(column, value, op))
        return self

    def sort(self, column):
        self.order = column
        return self

    def build(self):
        clause = reduce(lambda acc, f: acc + [f.render()], self.filters, [])
        sql = self.base
        if clause:
            sql += " WHERE " + " AND ".join(clause)
        return f"{sql} {self.group} ORDER BY {self.order}"


def open_db(path):
    conn = sqlite3.connect(path)
    conn.execute(SCHEMA)
    return conn


FORMATTERS = {
    "table": lambda rows: "\n".join(
        f"{r[0]:<12}{r[1]:<18}{r[2]:<12}{r[3]:>10.0f}{r[4]:>12.2f}" for r in rows),
    "csv": lambda rows: "\n".join(",".join(str(c) for c in r) for r in rows),
}


def run_report(conn, builder, fmt):
    sql = builder.build()
    log.debug("sql: %s", sql)
    rows = conn.execute(sql).fetchall()
    print(FORMATTERS[fmt](rows))
    total = sum(r[4] or 0 for r in rows)
    log.info("%d trips, total value %.2f", len(rows), total)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vessel")
    ap.add_argument("--species")
    ap.add_argument("--port")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--sort", default="landed_on")
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="table")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    builder = (QueryBuilder()
               .where("vessel", args.vessel)
               .where("species", args.species)
               .where("port", args.port)
               .where("landed_on", args.since, ">=")
               .sort(args.sort))
    with open_db(DB_PATH) as conn:
        run_report(conn, builder, args.format)


if __name__ == "__main__":
    main()
