#!/usr/bin/env python3
"""Look up exhaust sections that fit a vehicle.

Uses the fitment catalogue the exhaust supplier ships as a SQLite file
(``catalogue/exhaust.db``) with tables:

    vehicles(id, make, model, engine_cc, fuel, year_from, year_to)
    parts(part_no, section, description, price, vehicle_id)

Typical use at the counter:

    exhaust_fitment_lookup.py --make Ford --model Focus --year 2014 --cc 1596
    exhaust_fitment_lookup.py --part BM50512
"""
import argparse
import logging
import sqlite3
import sys
from dataclasses import dataclass

log = logging.getLogger("fitment")

SECTIONS = ("front pipe", "catalyst", "dpf", "centre silencer", "rear silencer", "tailpipe")


@dataclass
class Query:
    make: str = ""
    model: str = ""
    year: int = 0
    cc: int = 0
    fuel: str = ""
    section: str = ""

    def where(self):
        clauses = []
        if self.make:
            clauses.append(f"v.make LIKE '{self.make}%'")
        if self.model:
            clauses.append(f"v.model LIKE '%{self.model}%'")
        if self.year:
            clauses.append(f"{self.year} BETWEEN v.year_from AND v.year_to")
        if self.cc:
            clauses.append(f"ABS(v.engine_cc - {self.cc}) <= 50")
        if self.fuel:
            clauses.append(f"v.fuel = '{self.fuel.upper()}'")
        if self.section:
            clauses.append(f"p.section = '{self.section}'")
        return " AND ".join(clauses) or "1=1"


class Catalogue:
    def __init__(self, path):
        self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        self.conn.row_factory = sqlite3.Row

    def fitments(self, q, limit=50):
        sql = (
            "SELECT p.part_no, p.section, p.description, p.price, "
            "v.make, v.model, v.engine_cc, v.fuel, v.year_from, v.year_to "
            "FROM parts p JOIN vehicles v ON v.id = p.vehicle_id "
            f"WHERE {q.where()} ORDER BY p.section, p.price LIMIT {int(limit)}"
        )
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def by_part(self, part_no):
        sql = ("SELECT p.part_no, p.section, p.description, p.price, v.make, v.model, "
               "v.engine_cc, v.fuel, v.year_from, v.year_to FROM parts p "
               "JOIN vehicles v ON v.id = p.vehicle_id WHERE p.part_no = ?")
        return self.conn.execute(sql, (part_no.upper(),)).fetchall()


def show(rows):
    if not rows:
        print("no matching parts")
        return
    for r in rows:
        print(f"{r['part_no']:<10} {r['section']:<16} {r['price']:>8.2f}  "
              f"{r['make']} {r['model']} {r['engine_cc']}cc {r['fuel']} "
              f"{r['year_from']}-{r['year_to']}  {r['description']}")


def main():
    ap = argparse.ArgumentParser(description="exhaust fitment lookup")
    ap.add_argument("--db", default="catalogue/exhaust.db")
    ap.add_argument("--make", default="")
    ap.add_argument("--model", default="")
    ap.add_argument("--year", type=int, default=0)
    ap.add_argument("--cc", type=int, default=0)
    ap.add_argument("--fuel", default="", choices=["", "petrol", "diesel", "hybrid"])
    ap.add_argument("--section", default="", choices=("",) + SECTIONS)
    ap.add_argument("--part")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        cat = Catalogue(args.db)
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        if args.part:
            show(cat.by_part(args.part))
        else:
            q = Query(args.make, args.model, args.year, args.cc, args.fuel, args.section)
            show(cat.fitments(q, args.limit))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
