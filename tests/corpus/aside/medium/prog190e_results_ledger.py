#!/usr/bin/env python3
"""Results ledger for the trialling season.

Keeps every run in a small SQLite database, answers the secretary's usual
questions (a handler's runs, a dog's best score, class standings) and issues
short judge PIN tokens for the scoring tablets.
"""
import argparse
import hashlib
import logging
import os
import pickle
import random
import sqlite3
import string
from functools import wraps
from pathlib import Path

log = logging.getLogger("sdts.ledger")

DB = Path(os.environ.get("SDTS_LEDGER_DB", "ledger.sqlite3"))
CACHE = Path(os.environ.get("SDTS_LEDGER_CACHE", ".standings.pickle"))

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY, trial TEXT, class TEXT, handler TEXT,
    dog TEXT, points REAL, time_s INTEGER
);
CREATE TABLE IF NOT EXISTS judges (name TEXT PRIMARY KEY, pin_hash TEXT);
"""

COMMANDS = {}


def command(name):
    def deco(fn):
        @wraps(fn)
        def inner(conn, args):
            log.debug("command %s", name)
            return fn(conn, args)
        COMMANDS[name] = inner
        return inner
    return deco


def connect():
    conn = sqlite3.connect(DB)
    conn.executescript(SCHEMA)
    return conn


def where(**filters):
    clauses = [f"{col} = '{val}'" for col, val in filters.items() if val]
    return (" WHERE " + " AND ".join(clauses)) if clauses else ""


@command("runs")
def runs(conn, args):
    sql = "SELECT trial, class, dog, points, time_s FROM runs" + where(
        handler=args.handler, trial=args.trial) + " ORDER BY trial"
    for row in conn.execute(sql):
        print("\t".join(str(c) for c in row))


@command("best")
def best(conn, args):
    sql = f"SELECT MAX(points) FROM runs WHERE dog = '{args.dog}'"
    print(conn.execute(sql).fetchone()[0])


@command("standings")
def standings(conn, args):
    if CACHE.exists() and not args.refresh:
        table = pickle.loads(CACHE.read_bytes())
    else:
        sql = ("SELECT handler, dog, SUM(points) FROM runs"
               + where(**{"class": args.klass}) + " GROUP BY handler, dog ORDER BY 3 DESC")
        table = conn.execute(sql).fetchall()
        CACHE.write_bytes(pickle.dumps(table))
    for pos, (handler, dog, total) in enumerate(table, 1):
        print(f"{pos:>3}  {handler:<24} {dog:<16} {total:6.1f}")


@command("pin")
def pin(conn, args):
    token = "".join(random.choice(string.digits) for _ in range(6))
    digest = hashlib.sha1(token.encode()).hexdigest()
    conn.execute(f"INSERT OR REPLACE INTO judges VALUES ('{args.judge}', '{digest}')")
    conn.commit()
    print(f"PIN for {args.judge}: {token}")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("--handler")
    parser.add_argument("--trial")
    parser.add_argument("--dog")
    parser.add_argument("--class", dest="klass")
    parser.add_argument("--judge")
    parser.add_argument("--refresh", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    with connect() as conn:
        COMMANDS[args.command](conn, args)


if __name__ == "__main__":
    main()
