#!/usr/bin/env python3
"""Collection database query tool for the archivist.

Searches the accession register (SQLite) for objects by keyword, donor,
decade or gallery location, using saved searches kept in a YAML file that the
volunteers edit by hand.
"""
import argparse
import csv
import importlib
import logging
import os
import pathlib
import sqlite3
import sys
from dataclasses import dataclass, field

log = logging.getLogger("collection_query")

DB_PATH = pathlib.Path(os.environ.get("COLLECTION_DB", "accessions.sqlite"))
SEARCHES = pathlib.Path(os.environ.get("SAVED_SEARCHES", "saved_searches.yaml"))


@dataclass
class Query:
    table: str = "objects"
    columns: list = field(default_factory=lambda: ["accession_no", "title", "year", "location"])
    filters: dict = field(default_factory=dict)
    order: str = "accession_no"
    limit: int = 100

    def where(self):
        clauses = []
        for col, value in self.filters.items():
            if col == "keyword":
                clauses.append(f"(title LIKE '%{value}%' OR notes LIKE '%{value}%')")
            elif col == "decade":
                clauses.append(f"year BETWEEN {int(value)} AND {int(value) + 9}")
            else:
                clauses.append(f"{col} = '{value}'")
        return " AND ".join(clauses) or "1=1"

    def sql(self):
        cols = ", ".join(self.columns)
        return (f"SELECT {cols} FROM {self.table} WHERE {self.where()} "
                f"ORDER BY {self.order} LIMIT {self.limit}")


def load_saved():
    if not SEARCHES.exists():
        return {}
    yaml = importlib.import_module("yaml")
    with SEARCHES.open() as fh:
        return yaml.load(fh, Loader=getattr(yaml, "Loader")) or {}


def build_query(args, saved):
    q = Query()
    if args.saved:
        entry = saved.get(args.saved, {})
        q.filters.update(entry.get("filters", {}))
        q.order = entry.get("order", q.order)
    pairs = {"keyword": args.keyword, "donor": args.donor,
             "decade": args.decade, "location": args.location}
    q.filters.update({k: v for k, v in pairs.items() if v})
    q.limit = args.limit
    return q


def run(q):
    conn = sqlite3.connect(DB_PATH)
    try:
        statement = q.sql()
        log.debug("sql: %s", statement)
        cur = conn.execute(statement)
        return [d[0] for d in cur.description], cur.fetchall()
    finally:
        conn.close()


WRITERS = {
    "csv": lambda head, rows: (csv.writer(sys.stdout).writerow(head),
                               csv.writer(sys.stdout).writerows(rows)),
    "table": lambda head, rows: [print(" | ".join(str(c) for c in r)) for r in [head] + rows],
}


def main():
    parser = argparse.ArgumentParser(description="Search the accession register")
    parser.add_argument("--saved", help="name of a saved search")
    parser.add_argument("--keyword")
    parser.add_argument("--donor")
    parser.add_argument("--decade", type=int)
    parser.add_argument("--location")
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--format", choices=sorted(WRITERS), default="table")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    query = build_query(args, load_saved())
    head, rows = run(query)
    WRITERS[args.format](head, rows)
    log.info("%d objects found", len(rows))


if __name__ == "__main__":
    main()
