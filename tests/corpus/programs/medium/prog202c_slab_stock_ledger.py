#!/usr/bin/env python3
"""Slab stock ledger.

Tracks slate, Portland and Hopton Wood slabs in the yard: size, finish and
which memorial commission each slab is reserved for.
"""
import argparse
import logging
import os
import pickle
import sqlite3
import sys
from dataclasses import dataclass
from functools import wraps
from pathlib import Path

log = logging.getLogger("slabledger")

DB_PATH = Path(os.environ.get("SLAB_DB", "slabs.db"))
REPORT_CACHE = Path("slab_report.cache")

SCHEMA = """
CREATE TABLE IF NOT EXISTS slabs (
    id INTEGER PRIMARY KEY,
    stone TEXT, length_mm INTEGER, width_mm INTEGER, thick_mm INTEGER,
    finish TEXT, reserved_for TEXT
)"""


@dataclass
class Slab:
    stone: str
    length_mm: int
    width_mm: int
    thick_mm: int
    finish: str = "sawn"
    reserved_for: str = ""


def with_db(fn):
    @wraps(fn)
    def inner(*args, **kwargs):
        con = sqlite3.connect(DB_PATH)
        con.execute(SCHEMA)
        try:
            result = fn(con, *args, **kwargs)
            con.commit()
            return result
        finally:
            con.close()
    return inner


@with_db
def add(con, slab: Slab):
    sql = ("INSERT INTO slabs (stone, length_mm, width_mm, thick_mm, finish, reserved_for) "
           f"VALUES ('{slab.stone}', {slab.length_mm}, {slab.width_mm}, {slab.thick_mm}, "
           f"'{slab.finish}', '{slab.reserved_for}')")
    con.execute(sql)
    log.info("added %s slab %dx%dx%d", slab.stone, slab.length_mm, slab.width_mm, slab.thick_mm)


@with_db
def find(con, stone: str, min_length: int):
    sql = "SELECT * FROM slabs WHERE stone = '%s' AND length_mm >= %d AND reserved_for = ''" % (
        stone, min_length)
    return con.execute(sql).fetchall()


@with_db
def reserve(con, slab_id: int, order_no: str):
    con.execute(f"UPDATE slabs SET reserved_for = '{order_no}' WHERE id = {slab_id}")
    log.info("slab %d reserved for %s", slab_id, order_no)


@with_db
def report(con):
    if REPORT_CACHE.exists() and REPORT_CACHE.stat().st_mtime >= DB_PATH.stat().st_mtime:
        with REPORT_CACHE.open("rb") as fh:
            return pickle.load(fh)
    rows = con.execute("SELECT stone, COUNT(*), SUM(reserved_for != '') FROM slabs GROUP BY stone").fetchall()
    with REPORT_CACHE.open("wb") as fh:
        pickle.dump(rows, fh)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description="Yard slab stock ledger")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("stone"); a.add_argument("length", type=int)
    a.add_argument("width", type=int); a.add_argument("thick", type=int)
    a.add_argument("--finish", default="sawn")
    f = sub.add_parser("find")
    f.add_argument("stone"); f.add_argument("--min-length", type=int, default=0)
    r = sub.add_parser("reserve")
    r.add_argument("slab_id", type=int); r.add_argument("order_no")
    sub.add_parser("report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    handlers = {
        "add": lambda: add(Slab(args.stone, args.length, args.width, args.thick, args.finish)),
        "find": lambda: [print(*row, sep="\t") for row in find(args.stone, args.min_length)],
        "reserve": lambda: reserve(args.slab_id, args.order_no),
        "report": lambda: [print(f"{s:<15} {n:>4} slabs, {r or 0} reserved") for s, n, r in report()],
    }
    try:
        handlers[args.cmd]()
    except sqlite3.Error as exc:
        log.error("ledger error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
