#!/usr/bin/env python3
"""Workshop filament spool ledger backed by a local SQLite file.

Subcommands: add, use, list.  The database lives in the working directory and
is restricted to the owner because it holds supplier prices.
"""
import argparse
import logging
import os
import sqlite3
from contextlib import closing
from pathlib import Path

DB_FILE = Path("spools.db")
log = logging.getLogger("spool_ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS spools (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    material TEXT NOT NULL,
    colour TEXT NOT NULL,
    vendor TEXT,
    grams_left REAL NOT NULL,
    price REAL
);
CREATE TABLE IF NOT EXISTS usage (
    spool_id INTEGER REFERENCES spools(id),
    grams REAL NOT NULL,
    job TEXT,
    ts TEXT DEFAULT CURRENT_TIMESTAMP
);
"""


def connect() -> sqlite3.Connection:
    fresh = not DB_FILE.exists()
    conn = sqlite3.connect(DB_FILE)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    if fresh:
        os.chmod(DB_FILE, 0o600)
        log.info("created %s", DB_FILE)
    return conn


def cmd_add(conn, args):
    with conn:
        cur = conn.execute(
            "INSERT INTO spools (material, colour, vendor, grams_left, price) "
            "VALUES (?, ?, ?, ?, ?)",
            (args.material.upper(), args.colour, args.vendor, args.grams, args.price))
    print(f"spool #{cur.lastrowid} added")


def cmd_use(conn, args):
    row = conn.execute("SELECT grams_left FROM spools WHERE id = ?",
                       (args.spool,)).fetchone()
    if row is None:
        raise SystemExit(f"no spool #{args.spool}")
    remaining = max(row["grams_left"] - args.grams, 0.0)
    with conn:
        conn.execute("UPDATE spools SET grams_left = ? WHERE id = ?",
                     (remaining, args.spool))
        conn.execute("INSERT INTO usage (spool_id, grams, job) VALUES (?, ?, ?)",
                     (args.spool, args.grams, args.job))
    if remaining < 100:
        log.warning("spool #%s is low: %.0f g left", args.spool, remaining)


def cmd_list(conn, args):
    query = "SELECT * FROM spools"
    params = []
    if args.material:
        query += " WHERE material = ?"
        params.append(args.material.upper())
    query += " ORDER BY material, colour"
    for row in conn.execute(query, params):
        print(f"#{row['id']:<4} {row['material']:<6} {row['colour']:<12} "
              f"{row['grams_left']:>7.0f} g  {row['vendor'] or '-'}")


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("add")
    p.add_argument("material")
    p.add_argument("colour")
    p.add_argument("--vendor")
    p.add_argument("--grams", type=float, default=1000.0)
    p.add_argument("--price", type=float)
    p.set_defaults(func=cmd_add)
    p = sub.add_parser("use")
    p.add_argument("spool", type=int)
    p.add_argument("grams", type=float)
    p.add_argument("--job")
    p.set_defaults(func=cmd_use)
    p = sub.add_parser("list")
    p.add_argument("--material")
    p.set_defaults(func=cmd_list)
    return ap


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = build_parser().parse_args()
    with closing(connect()) as conn:
        args.func(conn, args)


if __name__ == "__main__":
    main()
