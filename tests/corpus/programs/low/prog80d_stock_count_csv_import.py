#!/usr/bin/env python3
"""Import stock-count files exported by the handheld counters.

The annual stock-take counters export their counts to a FAT stick labelled
STOCKCOUNT; the back-office desktop automounts it, and this loads every count
file from the given directory into the local stock-take database.  Files are
fingerprinted so plugging the same stick in twice does not double-count.

Count file format (CSV, header required): zone,gtin,sku,qty,counter,ts
"""

import argparse
import csv
import getpass
import hashlib
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("stockcount-import")

DB_PATH = "stocktake.db"

SCHEMA = """
CREATE TABLE IF NOT EXISTS counts (
    zone TEXT, gtin TEXT, sku TEXT, qty INTEGER, counter TEXT, ts TEXT,
    source TEXT, PRIMARY KEY (zone, gtin, counter, ts)
);
CREATE TABLE IF NOT EXISTS imported_files (digest TEXT PRIMARY KEY, name TEXT, rows INTEGER);
"""


def default_source():
    """Where the desktop automounter puts the stick."""
    return Path("/media") / getpass.getuser() / "STOCKCOUNT"


def file_digest(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def read_counts(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                qty = int(row["qty"])
            except (KeyError, ValueError):
                log.warning("%s: bad row %r", path.name, row)
                continue
            yield (row["zone"], row["gtin"], row.get("sku", ""), qty,
                   row.get("counter", ""), row.get("ts", ""), path.name)


def import_dir(conn, root):
    total = 0
    for path in sorted(root.rglob("*.csv")):
        digest = file_digest(path)
        if conn.execute("SELECT 1 FROM imported_files WHERE digest = ?", (digest,)).fetchone():
            log.info("%s already imported, skipping", path.name)
            continue
        rows = list(read_counts(path))
        with conn:
            conn.executemany("INSERT OR REPLACE INTO counts VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            conn.execute("INSERT INTO imported_files VALUES (?, ?, ?)", (digest, path.name, len(rows)))
        log.info("%s: %d count line(s)", path.name, len(rows))
        total += len(rows)
    return total


def zone_summary(conn):
    return conn.execute(
        "SELECT zone, COUNT(DISTINCT gtin), SUM(qty) FROM counts GROUP BY zone ORDER BY zone"
    ).fetchall()


def main():
    parser = argparse.ArgumentParser(description="Import stock counts from a directory")
    parser.add_argument("source", nargs="?", type=Path, default=None,
                        help="directory holding count CSVs (default: automounted stick)")
    parser.add_argument("--db", default=DB_PATH)
    parser.add_argument("--summary", action="store_true", help="print per-zone totals after import")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    root = args.source or default_source()
    if not root.is_dir():
        log.error("%s is not a directory (is the stick plugged in?)", root)
        sys.exit(1)

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    try:
        total = import_dir(conn, root)
        log.info("imported %d count line(s) into %s", total, args.db)
        if args.summary:
            for zone, skus, qty in zone_summary(conn):
                print("%-10s %6d SKUs %8d units" % (zone, skus, qty or 0))
    finally:
        conn.close()


if __name__ == "__main__":
    main()
