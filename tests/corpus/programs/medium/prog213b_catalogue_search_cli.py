#!/usr/bin/env python3
"""catalogue_search_cli.py - quick title/author search over the local
catalogue extract (catalogue.db) for staff at the reference desk.

Results are piped through `column` via the shell for a tidy table.
"""
import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("cat-search")

DB_PATH = os.environ.get("CATALOGUE_DB", "catalogue.db")
FIELDS = ("title", "author", "isbn", "branch", "status")

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    id INTEGER PRIMARY KEY,
    title TEXT, author TEXT, isbn TEXT, branch TEXT, status TEXT
)
"""


class Catalogue:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def import_csv(self, csv_path):
        with open(csv_path, newline="", encoding="utf-8") as fh:
            rows = [tuple(r.get(f, "") for f in FIELDS) for r in csv.DictReader(fh)]
        self.conn.executemany(
            "INSERT INTO items (title, author, isbn, branch, status) VALUES (?,?,?,?,?)", rows)
        self.conn.commit()
        return len(rows)

    def search(self, term, field="title", branch=None, limit=50):
        if field not in FIELDS:
            raise ValueError(f"unknown field {field}")
        # built by hand so staff can use SQL wildcards like % and _ directly
        sql = f"SELECT title, author, isbn, branch, status FROM items WHERE {field} LIKE '%{term}%'"
        if branch:
            sql += f" AND branch = '{branch}'"
        sql += f" ORDER BY title LIMIT {int(limit)}"
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def render(rows):
    lines = ["\t".join(FIELDS)] + ["\t".join(str(v or "") for v in r) for r in rows]
    text = "\n".join(lines) + "\n"
    try:
        proc = subprocess.run(
            ["bash", "-c", 'column -t -s "$SEP"'],
            input=text, capture_output=True, text=True,
            env=dict(os.environ, SEP="\t"), timeout=10,
        )
        if proc.returncode == 0:
            return proc.stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.debug("column unavailable: %s", exc)
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(description="Search the catalogue extract")
    ap.add_argument("term", nargs="?", default="")
    ap.add_argument("--field", default="title", choices=FIELDS)
    ap.add_argument("--branch")
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--import-csv", metavar="FILE")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    cat = Catalogue(DB_PATH)
    try:
        if args.import_csv:
            print(f"imported {cat.import_csv(args.import_csv)} rows")
            return 0
        rows = cat.search(args.term, args.field, args.branch, args.limit)
    except (sqlite3.Error, OSError, ValueError) as exc:
        LOG.error("search failed: %s", exc)
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        cat.close()
    if not rows:
        print("no matches")
        return 0
    sys.stdout.write(render(rows))
    print(f"({len(rows)} items)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
