#!/usr/bin/env python3
"""Query the broker's cask inventory database.

Small command-line front end for the sqlite inventory the desk keeps:
filter by distillery, warehouse or fill year, and sort by any column.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

log = logging.getLogger("inventory")

COLUMNS = ("cask_id", "distillery", "warehouse", "fill_year", "cask_type",
           "rla", "owner")


class QueryBuilder:
    def __init__(self, table="casks"):
        self.table = table
        self.clauses = []
        self.order = "cask_id"

    def where(self, column, value):
        if value is not None:
            self.clauses.append("%s = '%s'" % (column, value))
        return self

    def since(self, year):
        if year:
            self.clauses.append("fill_year >= %s" % year)
        return self

    def order_by(self, column):
        self.order = column or self.order
        return self

    def sql(self):
        text = "SELECT {} FROM {}".format(", ".join(COLUMNS), self.table)
        if self.clauses:
            text += " WHERE " + " AND ".join(self.clauses)
        return text + f" ORDER BY {self.order}"


def emit_table(rows):
    widths = [max(len(str(r[i])) for r in rows + [COLUMNS]) for i in range(len(COLUMNS))]
    line = "  ".join(c.ljust(w) for c, w in zip(COLUMNS, widths))
    print(line)
    print("-" * len(line))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))


def emit_csv(rows):
    w = csv.writer(sys.stdout)
    w.writerow(COLUMNS)
    w.writerows(rows)


FORMATS = {"table": emit_table, "csv": emit_csv}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", type=Path, default=Path("inventory.sqlite"))
    ap.add_argument("--distillery")
    ap.add_argument("--warehouse")
    ap.add_argument("--owner")
    ap.add_argument("--since", type=int)
    ap.add_argument("--sort")
    ap.add_argument("--format", choices=sorted(FORMATS), default="table")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.db.exists():
        log.error("database %s not found", args.db)
        return 1
    q = (QueryBuilder().where("distillery", args.distillery)
         .where("warehouse", args.warehouse).where("owner", args.owner)
         .since(args.since).order_by(args.sort))
    log.debug("sql: %s", q.sql())
    try:
        with closing(sqlite3.connect(args.db)) as conn:
            rows = conn.execute(q.sql()).fetchall()
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    if not rows:
        log.info("no casks match")
        return 0
    FORMATS[args.format](rows)
    log.info("%d cask(s)", len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
