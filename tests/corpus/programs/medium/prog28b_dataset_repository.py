#!/usr/bin/env python3
"""Import a packaged dataset into SQLite and query it.

``Repository`` synthesises ``find_by_<column>`` / ``count_by_<column>``
methods through ``__getattr__`` so the CLI can expose one sub-command per
column without writing them all out.
"""
from __future__ import annotations

import argparse
import csv
import logging
import sqlite3
import tarfile
from contextlib import closing
from pathlib import Path

log = logging.getLogger("dataset")

DB_PATH = Path("data/catalog.sqlite3")
EXTRACT_DIR = Path("data/raw")
TABLE = "products"
COLUMNS = ("sku", "name", "category", "vendor", "price")


class Repository:
    def __init__(self, conn: sqlite3.Connection, table: str, columns):
        self.conn = conn
        self.table = table
        self.columns = tuple(columns)

    def create_schema(self):
        cols = ", ".join(f"{c} TEXT" for c in self.columns)
        self.conn.execute(f"CREATE TABLE IF NOT EXISTS {self.table} ({cols})")

    def insert_many(self, rows):
        marks = ", ".join("?" for _ in self.columns)
        self.conn.executemany(f"INSERT INTO {self.table} VALUES ({marks})", rows)
        self.conn.commit()

    def _query(self, sql):
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def __getattr__(self, name):
        for prefix, template in (
            ("find_by_", "SELECT * FROM {t} WHERE {c} = '{v}' ORDER BY sku"),
            ("count_by_", "SELECT COUNT(*) FROM {t} WHERE {c} = '{v}'"),
            ("search_", "SELECT * FROM {t} WHERE {c} LIKE '%{v}%'"),
        ):
            if name.startswith(prefix):
                column = name[len(prefix):]
                if column not in self.columns:
                    raise AttributeError(f"unknown column {column!r}")
                return lambda value: self._query(
                    template.format(t=self.table, c=column, v=value))
        raise AttributeError(name)


class DatasetArchive:
    """Context manager around a .tar.gz dataset package."""

    def __init__(self, path: Path, dest: Path):
        self.path = path
        self.dest = dest
        self._tar = None

    def __enter__(self):
        self._tar = tarfile.open(self.path, "r:*")
        return self

    def __exit__(self, *exc):
        if self._tar is not None:
            self._tar.close()
        return False

    def extract(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        self._tar.extractall(self.dest)
        return sorted(self.dest.rglob("*.csv"))


def read_csv_rows(paths):
    for path in paths:
        with open(path, newline="", encoding="utf-8") as fh:
            for record in csv.DictReader(fh):
                yield tuple(record.get(c, "") for c in COLUMNS)


def open_repo() -> Repository:
    DB_PATH.parent.mkdir(parents=True, exist_ok=True)
    repo = Repository(sqlite3.connect(DB_PATH), TABLE, COLUMNS)
    repo.create_schema()
    return repo


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("archive", type=Path)
    q = sub.add_parser("query")
    q.add_argument("op", choices=["find_by", "count_by", "search"])
    q.add_argument("column", choices=COLUMNS)
    q.add_argument("value")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    repo = open_repo()
    with closing(repo.conn):
        if args.cmd == "import":
            with DatasetArchive(args.archive, EXTRACT_DIR) as archive:
                csv_files = archive.extract()
            if not csv_files:
                log.error("archive contained no CSV files")
                return 1
            rows = list(read_csv_rows(csv_files))
            repo.insert_many(rows)
            log.info("imported %d rows from %d files", len(rows), len(csv_files))
        else:
            method = getattr(repo, f"{args.op}_{args.column}")
            for row in method(args.value):
                print("\t".join(map(str, row)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
