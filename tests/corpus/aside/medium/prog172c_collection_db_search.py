#!/usr/bin/env python3
"""Search the collection catalogue (boats, tools, documents, photographs).

Used by the curatorial team from the back office to answer enquiries such
as "all narrowboat registers from the Grand Junction before 1900".
"""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path

log = logging.getLogger("catalogue")

DEFAULT_DB = Path(os.environ.get("CATALOGUE_DB", "catalogue.sqlite3"))


@dataclass
class Query:
    table: str = "objects"
    columns: tuple = ("accession_no", "title", "category", "canal", "year_from", "location")
    clauses: list = field(default_factory=list)
    order: str = "accession_no"
    limit: int = 100


def _text(col):
    return lambda value: f"{col} LIKE '%{value}%'"


def _exact(col):
    return lambda value: f"{col} = '{value}'"


def _before(col):
    return lambda value: f"{col} < {value}"


def _after(col):
    return lambda value: f"{col} >= {value}"


FILTERS = {
    "title": _text("title"),
    "category": _exact("category"),
    "canal": _text("canal"),
    "before": _before("year_from"),
    "after": _after("year_from"),
    "location": _exact("location"),
}


def build(q: Query):
    where = reduce(lambda acc, c: f"{acc} AND {c}" if acc else c, q.clauses, "")
    sql = "SELECT {cols} FROM {table}".format(cols=", ".join(q.columns), table=q.table)
    if where:
        sql += " WHERE " + where
    sql += f" ORDER BY {q.order} LIMIT {q.limit}"
    return sql


class Catalogue:
    def __init__(self, path: Path):
        if not path.exists():
            raise SystemExit(f"catalogue database not found: {path}")
        self.conn = sqlite3.connect(str(path))
        self.conn.row_factory = sqlite3.Row

    def search(self, q: Query):
        sql = build(q)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def touch_enquiry(self, who, summary):
        self.conn.execute(
            "INSERT INTO enquiries (staff, summary) VALUES ('%s', '%s')" % (who, summary))
        self.conn.commit()


def emit(rows, fmt):
    if not rows:
        print("no matches")
        return
    if fmt == "csv":
        w = csv.writer(sys.stdout)
        w.writerow(rows[0].keys())
        w.writerows(tuple(r) for r in rows)
        return
    for r in rows:
        print(f"{r['accession_no']:<12} {r['year_from'] or '----':>5}  {r['title'][:50]:<50} {r['location']}")


def main():
    parser = argparse.ArgumentParser(description="Search the collection catalogue")
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    for name in FILTERS:
        parser.add_argument(f"--{name}")
    parser.add_argument("--order", default="accession_no")
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--format", choices=["table", "csv"], default="table")
    parser.add_argument("--log-enquiry", metavar="SUMMARY")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    q = Query(order=args.order, limit=args.limit)
    for name, make in FILTERS.items():
        value = getattr(args, name)
        if value:
            q.clauses.append(make(value))

    cat = Catalogue(args.db)
    rows = cat.search(q)
    emit(rows, args.format)
    if args.log_enquiry:
        cat.touch_enquiry(os.environ.get("USER", "unknown"), args.log_enquiry)


if __name__ == "__main__":
    main()
