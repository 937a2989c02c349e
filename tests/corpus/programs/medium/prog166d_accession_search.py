#!/usr/bin/env python3
"""Search the accession register from the command line.

Used by the archivists to answer quick questions at the reference desk:
which boxes came in from a given department, in which year, on which shelf.
"""

import argparse
import csv
import logging
import os
import sqlite3
import sys

DB_PATH = os.environ.get("ACCESSION_DB", "./accessions.sqlite")

COLUMNS = ("accession_no", "department", "received_on", "box_count",
           "shelf", "description")

log = logging.getLogger("accession-search")


class AccessionRegister:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def ensure_schema(self):
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS accessions ("
            "accession_no TEXT PRIMARY KEY, department TEXT, received_on TEXT, "
            "box_count INTEGER, shelf TEXT, description TEXT)"
        )
        self.conn.commit()

    def search(self, department=None, year=None, text=None, order="received_on",
               limit=50):
        clauses = []
        if department:
            clauses.append(f"department = '{department}'")
        if year:
            clauses.append(f"received_on LIKE '{year}-%'")
        if text:
            clauses.append(f"description LIKE '%{text}%'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT {', '.join(COLUMNS)} FROM accessions "
               f"WHERE {where} ORDER BY {order} LIMIT {int(limit)}")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def shelf_summary(self, shelf_prefix):
        sql = ("SELECT shelf, COUNT(*) AS n, SUM(box_count) AS boxes "
               "FROM accessions WHERE shelf LIKE '%s%%' GROUP BY shelf" % shelf_prefix)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def print_rows(rows, as_csv=False):
    if as_csv:
        writer = csv.writer(sys.stdout)
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow([row[c] for c in COLUMNS])
        return
    for row in rows:
        print(f"{row['accession_no']:<12} {row['department']:<20} "
              f"{row['received_on']:<10} {row['box_count']:>4}  {row['shelf']:<8} "
              f"{(row['description'] or '')[:50]}")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("--department")
    parser.add_argument("--year")
    parser.add_argument("--text")
    parser.add_argument("--order", default="received_on")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--shelf", help="summarise shelves with this prefix")
    parser.add_argument("--csv", action="store_true")
    parser.add_argument("--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    reg = AccessionRegister(args.db)
    reg.ensure_schema()
    try:
        if args.shelf:
            for row in reg.shelf_summary(args.shelf):
                print(f"{row['shelf']:<10} {row['n']:>5} accessions {row['boxes']:>6} boxes")
        else:
            rows = reg.search(args.department, args.year, args.text,
                              args.order, args.limit)
            print_rows(rows, args.csv)
            if not args.csv:
                print(f"-- {len(rows)} result(s)")
    finally:
        reg.close()


if __name__ == "__main__":
    main()
