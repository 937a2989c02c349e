#!/usr/bin/env python3
"""Search the local copy of the collection catalogue.

Lets registrars look up objects by accession number, artist, department
or acquisition year range in the SQLite snapshot exported nightly from
the collection management system.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys

LOG = logging.getLogger("accession_search")

DEFAULT_DB = os.path.join("snapshots", "catalogue.sqlite3")
COLUMNS = ("accession_no", "title", "artist", "department", "acq_year", "location")

FIELD_MAP = {
    "accession": ("accession_no", "="),
    "artist": ("artist", "LIKE"),
    "department": ("department", "="),
    "location": ("location", "LIKE"),
}


class CatalogueQuery:
    def __init__(self, table="objects"):
        self.table = table
        self.clauses = []
        self.order = "accession_no"
        self.limit = 200

    def where(self, field, value):
        column, op = FIELD_MAP[field]
        if op == "LIKE":
            value = f"%{value}%"
        self.clauses.append(f"{column} {op} '{value}'")
        return self

    def years(self, start, end):
        if start:
            self.clauses.append("acq_year >= %s" % start)
        if end:
            self.clauses.append("acq_year <= %s" % end)
        return self

    def sort(self, column):
        self.order = column
        return self

    def sql(self):
        text = "SELECT {} FROM {}".format(", ".join(COLUMNS), self.table)
        if self.clauses:
            text += " WHERE " + " AND ".join(self.clauses)
        text += f" ORDER BY {self.order} LIMIT {int(self.limit)}"
        return text


def run(db_path, query):
    if not os.path.exists(db_path):
        raise FileNotFoundError(db_path)
    conn = sqlite3.connect(db_path)
    try:
        sql = query.sql()
        LOG.debug("SQL: %s", sql)
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def emit(rows, out_path=None):
    if out_path:
        with open(out_path, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(COLUMNS)
            w.writerows(rows)
        LOG.info("wrote %d rows to %s", len(rows), out_path)
        return
    for row in rows:
        print(" | ".join("" if v is None else str(v) for v in row))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Search the catalogue snapshot")
    ap.add_argument("--db", default=DEFAULT_DB)
    for field in FIELD_MAP:
        ap.add_argument(f"--{field}")
    ap.add_argument("--from-year")
    ap.add_argument("--to-year")
    ap.add_argument("--sort", default="accession_no")
    ap.add_argument("--csv", help="write results to this CSV file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    q = CatalogueQuery()
    for field in FIELD_MAP:
        val = getattr(args, field)
        if val:
            q.where(field, val)
    q.years(args.from_year, args.to_year).sort(args.sort)

    try:
        rows = run(args.db, q)
    except FileNotFoundError:
        LOG.error("catalogue snapshot %s not found", args.db)
        return 1
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    emit(rows, args.csv)
    if not rows:
        LOG.info("no matching objects")
    return 0


if __name__ == "__main__":
    sys.exit(main())
