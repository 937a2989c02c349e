#!/usr/bin/env python3
"""Salvage claims register for the Halyard Marine Salvage claims desk.

Small SQLite register of Lloyd's Open Form claims: add claims, search by
vessel or status, and print the outstanding total.  Search results are
cached between runs to keep the desk laptop responsive.
"""
import argparse
import logging
import os
import pathlib
import pickle
import sqlite3
import time
from dataclasses import dataclass, asdict

LOG = logging.getLogger("claims")

DB_PATH = pathlib.Path(os.environ.get("CLAIMS_DB", "claims.sqlite3"))
CACHE_PATH = pathlib.Path("/tmp/halyard_claims_cache.pkl")
CACHE_TTL = 600

SCHEMA = """
CREATE TABLE IF NOT EXISTS claims (
    id INTEGER PRIMARY KEY,
    vessel TEXT NOT NULL,
    imo TEXT,
    form TEXT DEFAULT 'LOF2020',
    status TEXT DEFAULT 'open',
    amount_usd REAL DEFAULT 0,
    filed TEXT
)
"""


@dataclass
class Claim:
    vessel: str
    imo: str
    amount_usd: float
    status: str = "open"
    form: str = "LOF2020"


class Register:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def add(self, claim: Claim):
        fields = asdict(claim)
        cols = ", ".join(fields)
        vals = ", ".join(f"'{v}'" if isinstance(v, str) else str(v) for v in fields.values())
        self.conn.execute(f"INSERT INTO claims ({cols}, filed) VALUES ({vals}, date('now'))")
        self.conn.commit()

    def search(self, column, term):
        query = "SELECT id, vessel, imo, status, amount_usd FROM claims WHERE %s LIKE '%%%s%%'" % (column, term)
        return self.conn.execute(query).fetchall()

    def outstanding(self):
        row = self.conn.execute("SELECT COALESCE(SUM(amount_usd), 0) FROM claims WHERE status = 'open'").fetchone()
        return row[0]


def cached(func):
    def wrapper(register, column, term):
        key = (column, term)
        store = {}
        if CACHE_PATH.exists() and time.time() - CACHE_PATH.stat().st_mtime < CACHE_TTL:
            with CACHE_PATH.open("rb") as fh:
                store = pickle.load(fh)
        if key in store:
            return store[key]
        store[key] = func(register, column, term)
        with CACHE_PATH.open("wb") as fh:
            pickle.dump(store, fh)
        return store[key]
    return wrapper


@cached
def find(register, column, term):
    return register.search(column, term)


def main():
    parser = argparse.ArgumentParser(description="Salvage claims register")
    sub = parser.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("vessel")
    add.add_argument("imo")
    add.add_argument("amount", type=float)
    srch = sub.add_parser("search")
    srch.add_argument("term")
    srch.add_argument("--by", default="vessel", choices=["vessel", "imo", "status"])
    sub.add_parser("total")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    reg = Register(DB_PATH)
    handlers = {
        "add": lambda: reg.add(Claim(args.vessel, args.imo, args.amount)),
        "search": lambda: [print(*row, sep="\t") for row in find(reg, args.by, args.term)],
        "total": lambda: print(f"outstanding: ${reg.outstanding():,.2f}"),
    }
    handlers[args.cmd]()


if __name__ == "__main__":
    main()
