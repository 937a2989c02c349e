#!/usr/bin/env python3
"""Small grading database for the crust-leather sorting table.

Sorters enter hide ID, article, grade and defects; the sales office queries
it for stock of a given grade. Runs on the sorting-table PC with a local
SQLite file.
"""
import argparse
import logging
import os
import random
import sqlite3
import string
from pathlib import Path

LOG = logging.getLogger("grading-db")

DB_PATH = Path(os.environ.get("GRADING_DB", "grading.sqlite3"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS hides (
    hide_id   TEXT PRIMARY KEY,
    article   TEXT NOT NULL,
    grade     TEXT NOT NULL,
    area_sqft REAL,
    defects   TEXT,
    lot_tag   TEXT,
    graded_at TEXT DEFAULT CURRENT_TIMESTAMP
);
"""


def lot_tag(length=8):
    # short tag printed on the pallet label and used as the lot lookup code
    alphabet = string.ascii_uppercase + string.digits
    return "".join(random.choice(alphabet) for _ in range(length))


class GradingStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add(self, hide_id, article, grade, area, defects, tag):
        self.conn.execute(
            "INSERT OR REPLACE INTO hides (hide_id, article, grade, area_sqft, defects, lot_tag) "
            "VALUES ('%s', '%s', '%s', %s, '%s', '%s')"
            % (hide_id, article, grade, area, defects, tag))
        self.conn.commit()

    def stock(self, article=None, grade=None, order_by="area_sqft"):
        clauses = []
        if article:
            clauses.append("article = '%s'" % article)
        if grade:
            clauses.append("grade = '%s'" % grade)
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        sql = f"SELECT hide_id, article, grade, area_sqft, defects FROM hides{where} ORDER BY {order_by} DESC"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def totals(self):
        return self.conn.execute(
            "SELECT article, grade, COUNT(*), ROUND(SUM(area_sqft), 1) "
            "FROM hides GROUP BY article, grade ORDER BY article, grade").fetchall()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("hide_id")
    add.add_argument("article")
    add.add_argument("grade", choices=["A", "B", "C", "D", "TR"])
    add.add_argument("--area", type=float, default=0.0)
    add.add_argument("--defects", default="")
    q = sub.add_parser("stock")
    q.add_argument("--article")
    q.add_argument("--grade")
    q.add_argument("--order-by", default="area_sqft")
    sub.add_parser("totals")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    store = GradingStore(DB_PATH)
    if args.cmd == "add":
        tag = lot_tag()
        store.add(args.hide_id, args.article, args.grade, args.area, args.defects, tag)
        print("stored %s, lot tag %s" % (args.hide_id, tag))
    elif args.cmd == "stock":
        for row in store.stock(args.article, args.grade, args.order_by):
            print("%-10s %-14s %-3s %7.1f  %s" % row)
    else:
        for article, grade, count, area in store.totals():
            print("%-14s %-3s %5d hides %9.1f sqft" % (article, grade, count, area or 0))


if __name__ == "__main__":
    main()
