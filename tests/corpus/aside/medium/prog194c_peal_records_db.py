#!/usr/bin/env python3
"""Peal and quarter-peal records database for the tower.

Keeps every performance rung at the tower in a local SQLite file and answers
the questions the ringing master gets asked at the AGM: who has rung most,
which methods, and the first quarter for each learner.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("peal-db")

DB_PATH = Path(os.environ.get("PEAL_DB", "peals.sqlite"))
CACHE_DIR = Path(os.environ.get("PEAL_CACHE", ".peal-cache"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS performance (
    id INTEGER PRIMARY KEY,
    rung_on TEXT, kind TEXT, method TEXT, changes INTEGER, footnote TEXT
);
CREATE TABLE IF NOT EXISTS ringer (
    performance_id INTEGER, bell INTEGER, name TEXT, conductor INTEGER DEFAULT 0
);
"""


@dataclass
class Query:
    label: str
    template: str


QUERIES = {
    "by-ringer": Query("performances by ringer",
                       "SELECT p.rung_on, p.kind, p.method, p.changes FROM performance p "
                       "JOIN ringer r ON r.performance_id = p.id WHERE r.name = '{arg}' ORDER BY p.rung_on"),
    "by-method": Query("performances of a method",
                       "SELECT rung_on, kind, changes FROM performance WHERE method LIKE '%{arg}%'"),
    "league": Query("ringers with most performances",
                    "SELECT name, COUNT(*) AS n FROM ringer GROUP BY name ORDER BY n DESC LIMIT {arg}"),
}


def cached(fn):
    def wrapper(conn, key, arg):
        CACHE_DIR.mkdir(exist_ok=True)
        slot = CACHE_DIR / (hashlib.md5("{}:{}".format(key, arg).encode()).hexdigest() + ".pkl")
        if slot.exists() and slot.stat().st_mtime >= DB_PATH.stat().st_mtime:
            with open(slot, "rb") as fh:
                return pickle.load(fh)
        rows = fn(conn, key, arg)
        with open(slot, "wb") as fh:
            pickle.dump(rows, fh)
        return rows
    return wrapper


@cached
def run_query(conn, key, arg):
    sql = QUERIES[key].template.format(arg=arg)
    log.debug("sql: %s", sql)
    return conn.execute(sql).fetchall()


def add_performance(conn, args):
    cur = conn.execute(
        "INSERT INTO performance (rung_on, kind, method, changes, footnote) "
        "VALUES ('{}', '{}', '{}', {}, '{}')".format(
            args.date, args.kind, args.method, args.changes, args.footnote or ""))
    pid = cur.lastrowid
    for bell, name in enumerate(args.band, start=1):
        conductor = 1 if name.endswith("(C)") else 0
        conn.execute("INSERT INTO ringer VALUES ({}, {}, '{}', {})".format(
            pid, bell, name.replace("(C)", "").strip(), conductor))
    conn.commit()
    log.info("recorded %s of %s on %s (id %d)", args.kind, args.method, args.date, pid)


def report(conn, args):
    for row in run_query(conn, args.query, args.arg):
        print("  ".join(str(c) for c in row))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--date", required=True)
    a.add_argument("--kind", choices=["peal", "quarter"], default="quarter")
    a.add_argument("--method", required=True)
    a.add_argument("--changes", type=int, default=1260)
    a.add_argument("--footnote")
    a.add_argument("band", nargs="+", help="ringers in bell order; suffix conductor with (C)")
    r = sub.add_parser("report")
    r.add_argument("query", choices=sorted(QUERIES))
    r.add_argument("arg")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    conn = sqlite3.connect(DB_PATH)
    conn.executescript(SCHEMA)
    {"add": add_performance, "report": report}[args.cmd](conn, args)
    conn.close()


if __name__ == "__main__":
    main()
