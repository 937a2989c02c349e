#!/usr/bin/env python3
"""Search tool for the ropeworks object catalogue (sqlite export).

Curators use it to find objects by rope type, maker, decade or store
location when preparing loan paperwork.
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass, field
from functools import reduce

log = logging.getLogger("catalog.search")

DB_PATH = os.environ.get("CATALOG_DB", "catalogue.sqlite3")


def _like(column):
    return lambda value: f"{column} LIKE '%{value}%'"


def _equals(column):
    return lambda value: f"{column} = '{value}'"


def _decade(column):
    def build(value):
        start = int(value[:3] + "0")
        return f"{column} BETWEEN {start} AND {start + 9}"
    return build


FILTERS = {
    "rope_type": _equals("rope_type"),
    "maker": _like("maker"),
    "decade": _decade("year_made"),
    "store": _equals("store_location"),
    "text": _like("description"),
}


@dataclass
class Query:
    table: str = "objects"
    columns: tuple = ("accession", "rope_type", "maker", "year_made",
                      "store_location", "description")
    clauses: list = field(default_factory=list)
    order: str = "accession"
    limit: int = 50

    def where(self, name, value):
        builder = FILTERS[name]
        self.clauses.append(builder(value))
        return self

    def sql(self):
        where = reduce(lambda a, b: f"{a} AND {b}", self.clauses) if self.clauses else "1=1"
        cols = ", ".join(self.columns)
        return (f"SELECT {cols} FROM {self.table} WHERE {where} "
                f"ORDER BY {self.order} LIMIT {self.limit}")


def run(query, db_path):
    statement = query.sql()
    log.debug("sql: %s", statement)
    with sqlite3.connect(db_path) as conn:
        cur = conn.cursor()
        cur.execute(statement)
        return cur.fetchall()


def emit(rows, columns, fmt):
    if fmt == "csv":
        w = csv.writer(sys.stdout)
        w.writerow(columns)
        w.writerows(rows)
        return
    widths = [max([len(c)] + [len(str(r[i])) for r in rows]) for i, c in enumerate(columns)]
    print("  ".join(c.ljust(w) for c, w in zip(columns, widths)))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))


def main():
    parser = argparse.ArgumentParser(description="Search the object catalogue")
    for name in FILTERS:
        parser.add_argument(f"--{name.replace('_', '-')}", dest=name)
    parser.add_argument("--order", default="accession")
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--format", choices=("table", "csv"), default="table")
    parser.add_argument("--db", default=DB_PATH)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    query = Query(order=args.order, limit=args.limit)
    for name in FILTERS:
        value = getattr(args, name)
        if value:
            query.where(name, value)
    rows = run(query, args.db)
    emit(rows, query.columns, args.format)
    log.info("%d objects", len(rows))


if __name__ == "__main__":
    main()
