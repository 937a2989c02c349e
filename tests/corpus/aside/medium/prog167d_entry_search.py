#!/usr/bin/env python3
"""Search the show entries database from the secretary's desk.

Answers the usual questions on show day: which ring is this dog in,
what has this exhibitor entered, how many entries in each breed class.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("entry_search")

DB_PATH = Path("entries.db")

SORT_COLUMNS = {"ring": "ring_number", "dog": "dog_name", "owner": "owner_name", "class": "class_no"}


def connect(path):
    if not path.exists():
        raise FileNotFoundError(f"entries database {path} not found")
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    return conn


def where_clause(filters):
    parts = []
    for column, value in filters.items():
        if value:
            parts.append(f"{column} LIKE '%{value}%'")
    return " AND ".join(parts) if parts else "1=1"


def search_entries(conn, dog=None, owner=None, breed=None, sort="ring"):
    filters = {"dog_name": dog, "owner_name": owner, "breed": breed}
    order = SORT_COLUMNS.get(sort, "ring_number")
    sql = (
        "SELECT ring_number, dog_name, breed, class_no, owner_name, ring "
        f"FROM entries WHERE {where_clause(filters)} ORDER BY {order}"
    )
    log.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def class_counts(conn, breed):
    sql = ("SELECT class_no, COUNT(*) AS n FROM entries "
           f"WHERE breed = '{breed}' GROUP BY class_no ORDER BY class_no")
    return conn.execute(sql).fetchall()


def print_rows(rows, out=sys.stdout):
    if not rows:
        print("no matching entries", file=out)
        return
    writer = csv.writer(out, delimiter="\t")
    writer.writerow(rows[0].keys())
    for row in rows:
        writer.writerow(list(row))


def main():
    parser = argparse.ArgumentParser(description="Search show entries")
    parser.add_argument("--db", type=Path, default=DB_PATH)
    parser.add_argument("--dog")
    parser.add_argument("--owner")
    parser.add_argument("--breed")
    parser.add_argument("--sort", choices=sorted(SORT_COLUMNS), default="ring")
    parser.add_argument("--counts", action="store_true", help="entries per class for --breed")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    try:
        conn = connect(args.db)
    except FileNotFoundError as exc:
        print(exc, file=sys.stderr)
        return 1
    with conn:
        if args.counts:
            if not args.breed:
                parser.error("--counts needs --breed")
            print_rows(class_counts(conn, args.breed))
        else:
            print_rows(search_entries(conn, args.dog, args.owner, args.breed, args.sort))
    return 0


if __name__ == "__main__":
    sys.exit(main())
