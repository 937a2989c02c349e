#!/usr/bin/env python3
"""Search the local planning applications extract and export matches to CSV.

Used by the validation team against the nightly SQLite extract in the
working directory: filter by ward, status, date range and keyword.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("app-search")

SCHEMA = {
    "table": "applications",
    "columns": ["reference", "ward", "status", "received", "decided",
                "site_address", "proposal", "officer"],
    "order": "received DESC",
}

STATUSES = {"received", "validated", "consultation", "decided", "withdrawn", "appeal"}


class QueryBuilder:
    def __init__(self, schema):
        self.schema = schema
        self.clauses = []

    def where(self, clause):
        self.clauses.append(clause)
        return self

    def ward(self, ward):
        if ward:
            self.where(f"ward = '{ward}'")
        return self

    def status(self, status):
        if status:
            self.where(f"status = '{status}'")
        return self

    def received_between(self, start, end):
        if start:
            self.where(f"received >= '{start}'")
        if end:
            self.where(f"received <= '{end}'")
        return self

    def keyword(self, text):
        if text:
            self.where("(proposal LIKE '%{0}%' OR site_address LIKE '%{0}%')".format(text))
        return self

    def build(self, limit):
        cols = ", ".join(self.schema["columns"])
        sql = "SELECT %s FROM %s" % (cols, self.schema["table"])
        if self.clauses:
            sql += " WHERE " + " AND ".join(self.clauses)
        sql += " ORDER BY %s" % self.schema["order"]
        if limit:
            sql += " LIMIT %d" % limit
        return sql


def run_query(db_path, sql):
    conn = sqlite3.connect(db_path)
    try:
        LOG.debug("query: %s", sql)
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def export(rows, columns, out_path):
    with open(out_path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(columns)
        writer.writerows(rows)
    LOG.info("wrote %d rows to %s", len(rows), out_path)


def parse_args(argv):
    p = argparse.ArgumentParser(description="search planning applications")
    p.add_argument("--db", default="planning_extract.sqlite3")
    p.add_argument("--ward")
    p.add_argument("--status", choices=sorted(STATUSES))
    p.add_argument("--from", dest="start", help="YYYY-MM-DD")
    p.add_argument("--to", dest="end", help="YYYY-MM-DD")
    p.add_argument("--keyword")
    p.add_argument("--limit", type=int, default=500)
    p.add_argument("--out", default="search_results.csv")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not Path(args.db).exists():
        LOG.error("extract %s not found in working directory", args.db)
        return 2
    sql = (QueryBuilder(SCHEMA)
           .ward(args.ward)
           .status(args.status)
           .received_between(args.start, args.end)
           .keyword(args.keyword)
           .build(args.limit))
    try:
        rows = run_query(args.db, sql)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    export(rows, SCHEMA["columns"], args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
