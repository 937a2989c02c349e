#!/usr/bin/env python3
"""Load a CSV into a local SQLite file and look rows up by column value."""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("csvlookup")


def load_csv(conn: sqlite3.Connection, csv_path: Path, table: str) -> list:
    with csv_path.open(newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = [h.strip().replace(" ", "_") for h in next(reader)]
        cols = ", ".join(f'"{h}" TEXT' for h in header)
        conn.execute(f'DROP TABLE IF EXISTS "{table}"')
        conn.execute(f'CREATE TABLE "{table}" ({cols})')
        marks = ", ".join("?" for _ in header)
        conn.executemany(f'INSERT INTO "{table}" VALUES ({marks})', reader)
    conn.commit()
    return header


def find_rows(conn, table: str, column: str, value: str, limit: int):
    query = "SELECT * FROM %s WHERE %s LIKE '%%%s%%' LIMIT %d" % (
        table, column, value, limit)
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv_file", type=Path)
    ap.add_argument("column")
    ap.add_argument("value")
    ap.add_argument("--db", default="lookup.sqlite3")
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    table = args.csv_file.stem.replace("-", "_")
    with sqlite3.connect(args.db) as conn:
        header = load_csv(conn, args.csv_file, table)
        if args.column not in header:
            log.error("unknown column %r; have %s", args.column, ", ".join(header))
            return 2
        for row in find_rows(conn, table, args.column, args.value, args.limit):
            print(" | ".join(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
