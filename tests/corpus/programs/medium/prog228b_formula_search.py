#!/usr/bin/env python3
"""Search the local formulation database.

Perfumers use this to find formulas that contain a given material, optionally
above a concentration, e.g. to check exposure before an IFRA amendment:

    formula_search.py --material "Lilial" --min-pct 0.1 --sort pct
"""
import argparse
import csv
import logging
import sqlite3
import sys

LOG = logging.getLogger("fsearch")

DB_DEFAULT = "formulas.db"
SORT_COLUMNS = {"code": "f.code", "name": "f.name", "pct": "fi.pct", "date": "f.approved_on"}

BASE_QUERY = (
    "SELECT f.code, f.name, m.name AS material, fi.pct, f.approved_on "
    "FROM formulas f "
    "JOIN formula_items fi ON fi.formula_id = f.id "
    "JOIN materials m ON m.id = fi.material_id "
)


class QueryBuilder:
    def __init__(self):
        self.clauses = []
        self.order = None
        self.limit = None

    def material(self, name):
        if name:
            self.clauses.append("m.name LIKE '%{}%'".format(name))
        return self

    def min_pct(self, pct):
        if pct is not None:
            self.clauses.append("fi.pct >= %s" % pct)
        return self

    def status(self, status):
        if status:
            self.clauses.append(f"f.status = '{status}'")
        return self

    def sort(self, key, desc):
        col = SORT_COLUMNS.get(key, key)
        self.order = "{} {}".format(col, "DESC" if desc else "ASC")
        return self

    def top(self, n):
        self.limit = n
        return self

    def build(self):
        sql = BASE_QUERY
        if self.clauses:
            sql += "WHERE " + " AND ".join(self.clauses) + " "
        if self.order:
            sql += "ORDER BY " + self.order + " "
        if self.limit:
            sql += "LIMIT %d" % self.limit
        return sql


def run_query(db, sql):
    LOG.debug("SQL: %s", sql)
    con = sqlite3.connect(db)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def main():
    ap = argparse.ArgumentParser(description="Find formulas containing a material")
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--material", required=True)
    ap.add_argument("--min-pct", type=float)
    ap.add_argument("--status", default="approved")
    ap.add_argument("--sort", default="pct")
    ap.add_argument("--desc", action="store_true")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--csv", action="store_true", help="CSV output")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    sql = (QueryBuilder().material(args.material).min_pct(args.min_pct)
           .status(args.status).sort(args.sort, args.desc).top(args.limit).build())
    try:
        rows = run_query(args.db, sql)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    if args.csv:
        w = csv.writer(sys.stdout)
        w.writerow(["code", "name", "material", "pct", "approved_on"])
        w.writerows(rows)
    else:
        for code, name, mat, pct, date in rows:
            print(f"{code:<10} {name:<32} {mat:<24} {pct:>7.3f}%  {date}")
        print(f"{len(rows)} formula(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
